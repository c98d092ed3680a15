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


#: Why an entry of the content template is not meant to be translated into a language
OWN_RULEBOOK = "own-rulebook"
OTHER_PRINTING = "other-printing"
#: The parts of the content, by the first field(s) of their context
PARTS = ("topic", "term", "card-name", "card-text", "section")


def part_of(context: str | None) -> str:
    """``topic``, ``term``, ``card-name``, ``card-text`` or ``section`` for a content context."""
    fields = (context or "").split(":")
    if fields[0] == "card":
        return "card-name" if fields[2:3] == ["name"] else "card-text"
    return fields[0]


def not_meant(conn: sqlite3.Connection, lang: str) -> dict[str, str]:
    """The contexts of ``lang``'s content template that no one is meant to translate, each with
    its reason; every other entry is meant to be translated.

    Two rules, both read from the database: a whole rule section of a game is not meant to be
    translated into a language that has a published rulebook of that game (its players read
    their own rulebook; a community translation of another edition is welcome but optional);
    and a card's printed text is meant to be translated from one language only (English, else
    the first language it is printed in), its other printings being optional.
    """
    games = queries.rulebook_games(conn)
    langs = queries.rulebook_langs(conn)
    own_games = {games[book] for book, book_lang in langs.items() if book_lang == lang}
    reasons: dict[str, str] = {}
    for ref, _heading, _body, _source_lang in queries.rule_sections_with_lang(conn):
        if games.get(ref.split("/", 1)[0]) in own_games:
            reasons[f"section:{ref}"] = OWN_RULEBOOK
    for card_id, _type, _game in queries.cards_by_id(conn):
        printed = [text_lang for text_lang, _value in queries.card_texts(conn, card_id)]
        if not printed or lang in printed:
            continue
        primary = "en" if "en" in printed else sorted(printed)[0]
        for text_lang in printed:
            if text_lang != primary:
                reasons[f"card:{card_id}:text:{text_lang}"] = OTHER_PRINTING
    return reasons
