"""Search: finding rules, sections, cards and glossary terms in the database, in any language.

``textkeys`` folds text into the keys both the index and a query are made of (standard library
only), ``fulltext`` turns a user's query into a safe full-text expression, ranks the sections it
finds and cuts their snippets, ``rules`` answers the rule and section questions of the query
commands (and exports everything), and ``cards`` the card and glossary questions. The SQL they
run lives in ``cardbase.storage.queries``.
"""
