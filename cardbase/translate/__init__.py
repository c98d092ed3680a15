"""Translation: catalogs for the interface and the content, a new language end to end.

``catalogs`` knows where a language's catalogs live and merges them with new sources without
losing a translation, ``content`` builds the content template from the database, ``checks``
validates a translator's file before it is imported, ``workflow`` is what the ``translate``
commands do (init, export, import, status), and ``store`` reads content translations into the
database at build time.
"""
