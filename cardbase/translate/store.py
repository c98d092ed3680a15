"""Community translations read for the database at build time, each marked fresh or stale.

For every language with a content catalog, each translated entry is compared with the current
source (its context and the hash it remembers): a translation whose source changed since is kept
and marked fuzzy. The result is plain rows, which the pipeline hands to the storage writer; the
writer then lets them fill what no published text provides (a topic title, a glossary term's words
or a card name in that language) and keeps whole sections apart, so a community translation is
never mistaken for a rulebook.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from ..paths import Locales, as_locales
from .catalogs import CONTENT, _hash_of, read, source_hash
from .content import content_template


def content_languages(locales: Locales | Path) -> list[str]:
    locales = as_locales(locales)
    return [lang for lang in locales.languages() if locales.catalog(lang, CONTENT) is not None]


def read_translations(conn: sqlite3.Connection, locales: Locales | Path) -> list[dict]:
    """Every translated content entry of every language, checked against the sources in
    ``conn``: ``{lang, context, source_hash, text, fuzzy}``."""
    locales = as_locales(locales)
    current = {m.context: m.id for m in content_template(conn) if m.id}
    rows = []
    for lang in content_languages(locales):
        catalog = read(locales.catalog(lang, CONTENT), lang)
        for message in catalog:
            if not message.id or not message.string or message.context not in current:
                continue
            source = current[message.context]
            stale = message.id != source or (_hash_of(message) not in (None, source_hash(source)))
            rows.append({"lang": lang, "context": message.context,
                         "source_hash": source_hash(source), "text": message.string,
                         "fuzzy": int(bool(message.fuzzy or stale))})
    return rows
