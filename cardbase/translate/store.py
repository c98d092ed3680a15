"""Community translations into the database, at build time, each marked fresh or stale.

For every language with a content catalog, each translated entry is compared with the current
source (its context and the hash it remembers): a translation whose source changed since is kept
and marked fuzzy. Translations then fill what no published text provides: a topic title, a
glossary term's words or a card name in that language, and whole sections (kept apart, in
``section_translations``, so a community translation is never mistaken for a rulebook).
"""

from __future__ import annotations

from pathlib import Path

from ..search.textkeys import fold
from .catalogs import CONTENT, _hash_of, catalog_path, read, source_hash
from .content import content_template


def content_languages(locales: Path) -> list[str]:
    if not locales.is_dir():
        return []
    return sorted(p.name for p in locales.iterdir() if catalog_path(locales, p.name, CONTENT).is_file())


def fill(db, locales: Path) -> int:
    """Read every content catalog under ``locales`` into the database; return the entries."""
    conn = db.conn
    current = {m.context: m.id for m in content_template(conn) if m.id}
    rows, stored = [], 0
    for lang in content_languages(locales):
        catalog = read(catalog_path(locales, lang, CONTENT), lang)
        for message in catalog:
            if not message.id or not message.string or message.context not in current:
                continue
            source = current[message.context]
            stale = message.id != source or (_hash_of(message) not in (None, source_hash(source)))
            rows.append({"lang": lang, "context": message.context,
                         "source_hash": source_hash(source), "text": message.string,
                         "fuzzy": int(bool(message.fuzzy or stale))})
    db["translations"].insert_all(rows)
    for row in rows:
        kind, _, rest = row["context"].partition(":")
        lang, text = row["lang"], row["text"].strip()
        if kind == "topic":
            if not conn.execute("SELECT 1 FROM topic_titles WHERE topic_id = ? AND lang = ?",
                                (rest, lang)).fetchone():
                db["topic_titles"].insert({"topic_id": rest, "lang": lang, "title": text,
                                           "origin": "community"})
        elif kind == "term":
            if not conn.execute("SELECT 1 FROM term_words WHERE term_id = ? AND lang = ?",
                                (rest, lang)).fetchone():
                words = [w.strip() for w in text.split(",") if w.strip()]
                db["term_words"].insert_all(
                    {"term_id": rest, "lang": lang, "word": w, "key": " ".join(fold(w).split()),
                     "ours": 1, "ordinal": i} for i, w in enumerate(words))
        elif kind == "card" and rest.endswith(":name"):
            card_id = rest[:-len(":name")]
            if not conn.execute("SELECT 1 FROM card_names WHERE card_id = ? AND lang = ?",
                                (card_id, lang)).fetchone():
                db["card_names"].insert({"card_id": card_id, "lang": lang, "name": text,
                                         "key": " ".join(fold(text).split()), "kind": "name",
                                         "ours": 1, "origin": "community"})
        elif kind == "section":
            section = conn.execute("SELECT id FROM sections WHERE ref = ?", (rest,)).fetchone()
            if section:
                db["section_translations"].insert({"section_id": section[0], "lang": lang,
                                                   "text": text, "fuzzy": row["fuzzy"]})
        stored += 1
    return stored
