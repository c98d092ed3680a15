"""The content template: everything in the database a community may translate, one context each.

Contexts: ``topic:<id>`` (the English title), ``term:<id>`` (the English words, comma-separated;
translated as the target language's words), ``card:<id>:name`` (the English name, else the first
known one), ``card:<id>:text:<lang>`` (a printed rules text), ``section:<rulebook>/<slug>`` (a
whole rule section, in its rulebook's language: its translation is a community translation, shown
as such and never as a published text). Each entry carries the hash of its source.
"""

from __future__ import annotations

import json
import sqlite3

from babel.messages.catalog import Catalog, Message

from .catalogs import CONTENT, HASH_PREFIX, new_catalog, source_hash

RULE_KINDS = ("rule", "example", "sidebar", "variant")


def _entry(catalog: Catalog, context: str, source: str, *notes: str) -> None:
    if not source or not source.strip():
        return
    comments = [HASH_PREFIX + source_hash(source), *[n for n in notes if n]]
    catalog[source] = Message(source, context=context, auto_comments=comments)


def content_template(conn: sqlite3.Connection, lang: str | None = None) -> Catalog:
    """Every translatable entry; for ``lang``, only those the language does not have yet from a
    published source (a Spanish section needs no Spanish translation)."""
    catalog = new_catalog(None, CONTENT)

    def has(table: str, key: str, value: str, origin_ok: str = "") -> bool:
        if lang is None:
            return False
        row = conn.execute(f"SELECT 1 FROM {table} WHERE {key} = ? AND lang = ?{origin_ok}",
                           (value, lang)).fetchone()
        return row is not None

    for topic_id, title in conn.execute(
            "SELECT t.id, tt.title FROM topics t JOIN topic_titles tt ON tt.topic_id = t.id "
            "AND tt.lang = 'en' ORDER BY t.ordinal"):
        if not has("topic_titles", "topic_id", topic_id, " AND origin = 'vocabulary'"):
            _entry(catalog, f"topic:{topic_id}", title, "A rule topic's title.")
    for (term_id,) in conn.execute("SELECT id FROM terms ORDER BY ordinal"):
        if has("term_words", "term_id", term_id, " AND ours = 0"):
            continue
        words = [r[0] for r in conn.execute(
            "SELECT word FROM term_words WHERE term_id = ? AND lang = 'en' ORDER BY ordinal",
            (term_id,))]
        _entry(catalog, f"term:{term_id}", ", ".join(words),
               "A glossary term: give its words in your language, comma-separated, the usual "
               "one first.")
    for card_id, card_type, game in conn.execute("SELECT id, type, game_id FROM cards ORDER BY id"):
        names = dict(conn.execute("SELECT lang, name FROM card_names WHERE card_id = ? AND "
                                  "kind = 'name' ORDER BY id", (card_id,)).fetchall()[::-1])
        source = names.get("en") or next(iter(names.values()), "")
        if lang is not None and lang in names and not has(
                "card_names", "card_id", card_id, " AND origin = 'community'"):
            continue
        others = "; ".join(f"{lang}: {name}" for lang, name in sorted(names.items()))
        _entry(catalog, f"card:{card_id}:name", source, f"A {card_type} of {game}. Names: {others}")
        for text_lang, value in conn.execute("SELECT lang, value FROM card_facts WHERE "
                                             "card_id = ? AND field = 'text' ORDER BY id",
                                             (card_id,)):
            if text_lang != lang:
                _entry(catalog, f"card:{card_id}:text:{text_lang}", json.loads(value),
                       f"The printed rules text of this card, in {text_lang}.")
    for ref, heading, body, source_lang in conn.execute(
            "SELECT s.ref, s.heading, s.body, r.lang FROM sections s JOIN rulebooks r ON "
            "r.id = s.rulebook_id WHERE s.kind IN ('rule', 'example', 'sidebar', 'variant') "
            "ORDER BY s.id"):
        if source_lang != lang:
            _entry(catalog, f"section:{ref}", body,
                   f"A whole rule section, \"{heading}\", translated from {source_lang}: it is "
                   "shown as a community translation beside the published rulebooks.")
    return catalog
