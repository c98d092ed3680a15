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

from ..storage import queries
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

    def has(published, value: str) -> bool:
        return lang is not None and published(conn, value, lang)

    for topic_id, title in queries.english_topic_titles(conn):
        if not has(queries.has_published_topic_title, topic_id):
            _entry(catalog, f"topic:{topic_id}", title, "A rule topic's title.")
    for term_id, _note in queries.term_rows(conn):
        if has(queries.has_published_term_words, term_id):
            continue
        words = queries.english_term_words(conn, term_id)
        _entry(catalog, f"term:{term_id}", ", ".join(words),
               "A glossary term: give its words in your language, comma-separated, the usual "
               "one first.")
    for card_id, card_type, game in queries.cards_by_id(conn):
        names = dict([(name_lang, name) for name_lang, name, kind
                      in queries.card_names(conn, card_id) if kind == "name"][::-1])
        source = names.get("en") or next(iter(names.values()), "")
        if lang is not None and lang in names and not has(
                queries.has_community_card_name, card_id):
            continue
        others = "; ".join(f"{lang}: {name}" for lang, name in sorted(names.items()))
        _entry(catalog, f"card:{card_id}:name", source, f"A {card_type} of {game}. Names: {others}")
        for text_lang, value in queries.card_texts(conn, card_id):
            if text_lang != lang:
                _entry(catalog, f"card:{card_id}:text:{text_lang}", json.loads(value),
                       f"The printed rules text of this card, in {text_lang}.")
    for ref, heading, body, source_lang in queries.rule_sections_with_lang(conn):
        if source_lang != lang:
            _entry(catalog, f"section:{ref}", body,
                   f"A whole rule section, \"{heading}\", translated from {source_lang}: it is "
                   "shown as a community translation beside the published rulebooks.")
    return catalog
