"""The static site: Markdown pages generated from the database, one mkdocs-material build per
language, search that works in every language, and a build that replaces the previous site only
when complete.

``markup`` escapes every text that comes from the database, ``pages`` gathers what each page
shows, ``templates/`` renders it (interface strings through the gettext catalogs), ``search``
adds accent-folded text to each language's search index, and ``build`` runs it all.
"""
