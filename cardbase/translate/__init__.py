"""Translation: catalogs for the interface and the content, a new language end to end.

``pofile`` reads PO files as strictly as GNU gettext and writes them so that ``msgfmt --check``
passes, ``catalogs`` knows where a language's catalogs live and merges them with new sources
without losing a translation, ``content`` builds the content template from the database and says
what of it is meant to be translated, ``checks`` validates a translator's file before it is
imported, ``extract`` refreshes ``cardbase.pot`` from the code, ``workflow`` is what the
``translate`` commands do (init, export, import, status), and ``store`` reads content
translations into the database at build time.
"""
