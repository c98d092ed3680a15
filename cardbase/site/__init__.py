"""The static site: Markdown pages generated from the database, one mkdocs-material build per
language, search that works in every language, and a build that replaces the previous site only
when complete.

``markup`` escapes every text that comes from the database and ``ids`` checks the ids that stand
unescaped, ``sitedata`` reads the database once for the pages, ``pages`` gathers what each page
shows (``cards`` the card pages, ``checkpage`` the "Can I play this?" page), ``templates/``
renders it (interface strings through the gettext catalogs), ``search`` adds accent-folded text
to each language's search index, ``language`` builds one language's site, and ``build`` runs it
all: ``shared`` computes once what every language shows alike, ``parallel`` builds the languages
in worker processes, ``urls`` and ``hooks`` handle the site's address (sitemaps, 404 pages), and
``coverage`` marks on each rulebook page the sentences the rules checker encodes.
"""
