"""The rules reference: what the query commands ask of the database.

One function per question: which rulebooks there are, which sections answer a search (optionally
the same topic in every language), what one section says (repaired or raw, with its source span,
quality and repairs), and everything at once for export. Each returns plain data (dicts and
lists), which the CLI prints as text or JSON.
"""

from __future__ import annotations

import sqlite3

from ..errors import NotFound, QueryError
from ..i18n import _
from ..storage import queries
from ..storage.queries import RULE_KINDS
from .excerpt import excerpt
from .fulltext import MAX_QUERY_CHARS, glossary_key, search_sections

TOPIC_GROUPS = 3
#: characters of each section's opening shown beside the same topic in every rulebook
TOPIC_SNIPPET_CHARS = 160


def list_rulebooks(conn: sqlite3.Connection) -> list[dict]:
    rows = queries.rulebook_rows(conn)
    return [{
        "id": row["id"], "game": row["game_id"], "game_name": row["game_name"],
        "lang": row["lang"], "edition": row["edition"], "edition_note": row["edition_note"],
        "title": row["title"], "publisher": row["publisher"],
        "sections": row["section_count"], "rule_sections": row["rule_section_count"],
        "flagged_sections": row["flagged_sections"], "corrections": row["corrections"],
        "quality": row["quality"], "repairs": row["repair_count"],
        "source_file": row["source_file"], "sha256": row["sha256"],
    } for row in rows]


def topic_title(conn: sqlite3.Connection, topic_id: str | None, lang: str) -> str | None:
    if not topic_id:
        return None
    return queries.topic_title(conn, topic_id, lang) or topic_id


def _check_lang(conn: sqlite3.Connection, lang: str | None) -> None:
    if lang is None:
        return
    known = queries.rulebook_languages(conn)
    if lang not in known:
        raise QueryError(_("no rulebook in language {lang!r}; the languages are: {known}",
                           lang=lang, known=", ".join(known)))


def find_rules(conn: sqlite3.Connection, query: str, *, lang: str | None = None,
               game: str | None = None, all_languages: bool = False, limit: int = 10) -> dict:
    """Sections answering ``query``; with ``all_languages``, each hit's topic in every rulebook.

    The query reaches every rulebook through the glossary (``curse`` also looks for Maldición,
    Fluch, 呪い...); ``lang`` keeps the results in one language. ``match`` says whether every
    word of the query matched (``"all"``) or, nothing holding them all, any of them (``"any"``).
    """
    _check_lang(conn, lang)
    expansion = [w for w in queries.glossary_words(conn, glossary_key(query[:MAX_QUERY_CHARS]))
                 if w.casefold() != query.casefold()]
    found = search_sections(conn, query, lang=None if all_languages else lang, game=game,
                            limit=limit, also=expansion, prefer_typed=not all_languages)
    hits = found["results"]
    result = {"query": query, "lang": lang, "match": found["match"],
              "truncated": found["truncated"], "expanded_with": expansion, "results": hits}
    if all_languages:
        topics: list[str] = []
        for hit in hits:
            if hit["topic"] and hit["topic"] not in topics and hit["kind"] in RULE_KINDS:
                topics.append(hit["topic"])
        groups = []
        for topic_id in topics[:TOPIC_GROUPS]:
            rows = queries.topic_sections(conn, topic_id, game, lang or "")
            groups.append({
                "topic": topic_id, "title": topic_title(conn, topic_id, lang or "en"),
                "sections": [{"ref": r["ref"], "rulebook": r["rulebook_id"], "lang": r["lang"],
                              "heading": r["heading"], "page": r["page"],
                              "quality": r["quality"],
                              "snippet": excerpt(r["body"], 0, TOPIC_SNIPPET_CHARS)}
                             for r in rows],
            })
        result["topics"] = groups
    return result


def _check_rulebook(conn: sqlite3.Connection, rulebook: str) -> None:
    if not queries.rulebook_exists(conn, rulebook):
        known = ", ".join(queries.rulebook_ids(conn))
        raise NotFound(_("no rulebook {rulebook!r}; the rulebooks are: {known}",
                         rulebook=rulebook, known=known))


def get_section(conn: sqlite3.Connection, ref: str) -> dict:
    """One section by ``rulebook/slug``, with its raw text and everything known about it."""
    if "/" not in ref:
        raise QueryError(_("a section is named rulebook/section, e.g. munchkin-es/huir; got {ref!r}",
                           ref=ref))
    row = queries.section_by_ref(conn, ref)
    if row is None:  # written as a reader would: capitals, accents, spaces
        from .textkeys import slugify

        book, _sep, name = ref.partition("/")
        written = f"{book.strip().lower()}/{slugify(name)}"
        if written != ref and slugify(name):
            row = queries.section_by_ref(conn, written)
            ref = written if row is not None else ref
    if row is None:
        rulebook = ref.split("/", 1)[0]
        _check_rulebook(conn, rulebook)
        slug = ref.split("/", 1)[1]
        near = queries.section_slugs_like(conn, rulebook, slug)
        hint = _(" Did you mean: {names}?", names=", ".join(near)) if near else ""
        raise NotFound(_("no section {ref!r}.", ref=ref) + hint +
                       _(" `cardbase sections {rulebook}` lists them.", rulebook=rulebook))
    children = queries.child_refs(conn, ref)
    repairs = [dict(r) for r in queries.repairs_in(
        conn, row["rulebook_id"], row["raw_start"], max(row["raw_end"], row["raw_start"] + 1))]
    corrections = [dict(r) for r in queries.corrections_in(
        conn, row["rulebook_id"], row["raw_start"], row["raw_end"])]
    translations = {r["lang"]: {"text": r["text"], "fuzzy": bool(r["fuzzy"]), "community": True}
                    for r in queries.section_translations(conn, row["id"])}
    return {
        "ref": row["ref"], "rulebook": row["rulebook_id"], "rulebook_title": row["rulebook_title"],
        "translations": translations,
        "lang": row["lang"], "heading": row["heading"], "heading_style": row["heading_style"],
        "level": row["level"], "parent": row["parent_ref"], "children": children,
        "kind": row["kind"], "topic": row["topic_id"],
        "topic_title": topic_title(conn, row["topic_id"], row["lang"]),
        "topic_source": row["topic_source"], "page": row["page"],
        "raw_span": [row["raw_start"], row["raw_end"]],
        "quality": row["quality"], "flags": queries.json_value(conn, row["flags"]),
        "repairs_by_stage": queries.json_value(conn, row["repairs"]), "repairs": repairs,
        "corrections": corrections, "body": row["body"],
        "raw": row["raw_text"][row["raw_start"]:row["raw_end"]],
    }


def list_sections(conn: sqlite3.Connection, rulebook: str) -> list[dict]:
    """The sections of one rulebook, in reading order."""
    _check_rulebook(conn, rulebook)
    return [dict(r) for r in queries.section_outline(conn, rulebook)]


def export_data(conn: sqlite3.Connection) -> dict:
    """Everything in the database as plain data: rulebooks, topics, sections, corrections."""
    import json

    topics = []
    for row in queries.topic_rows(conn):
        titles = queries.topic_titles_of(conn, row["id"])
        topics.append({"id": row["id"], "parent": row["parent_id"],
                       "games": json.loads(row["games"]), "titles": titles})
    sections = []
    for row in queries.section_rows(conn):
        sections.append({
            "ref": row["ref"], "rulebook": row["rulebook_id"], "ordinal": row["ordinal"],
            "heading": row["heading"], "level": row["level"], "parent": row["parent_ref"],
            "kind": row["kind"], "topic": row["topic_id"], "topic_source": row["topic_source"],
            "page": row["page"], "raw_span": [row["raw_start"], row["raw_end"]],
            "quality": row["quality"], "flags": json.loads(row["flags"]),
            "repairs": json.loads(row["repairs"]), "corrections": json.loads(row["corrections"]),
            "body": row["body"],
        })
    corrections = [dict(r) for r in queries.all_corrections(conn)]
    from .cards import card_detail

    cards = [card_detail(conn, row["id"]) for row in queries.cards_by_id(conn)]
    glossary = []
    for row in queries.term_rows(conn):
        words: dict[str, list[str]] = {}
        for w in queries.term_words(conn, row["id"]):
            words.setdefault(w["lang"], []).append(w["word"])
        defined = queries.term_section_refs(conn, row["id"])
        glossary.append({"id": row["id"], "words": words, "defined_in": defined,
                         "note": row["note"]})
    return {"format": "cardbase-export", "version": 2, "rulebooks": list_rulebooks(conn),
            "topics": topics, "sections": sections, "corrections": corrections,
            "cards": cards, "glossary": glossary}
