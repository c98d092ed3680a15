"""The rules reference: what the query commands ask of the database.

One function per question: which rulebooks there are, which sections answer a search (optionally
the same topic in every language), what one section says (repaired or raw, with its source span,
quality and repairs), and everything at once for export. Each returns plain data (dicts and
lists), which the CLI prints as text or JSON.
"""

from __future__ import annotations

import json
import sqlite3

from ..errors import NotFound, QueryError
from ..i18n import _
from .fulltext import search

RULE_KINDS = ("rule", "example", "sidebar", "variant")
TOPIC_GROUPS = 3


def list_rulebooks(conn: sqlite3.Connection) -> list[dict]:
    rows = conn.execute(
        "SELECT r.*, g.name AS game_name, "
        "(SELECT count(*) FROM corrections c WHERE c.rulebook_id = r.id) AS corrections "
        "FROM rulebooks r JOIN games g ON g.id = r.game_id ORDER BY r.game_id, r.lang, r.id")
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
    row = conn.execute(
        "SELECT title FROM topic_titles WHERE topic_id = ? ORDER BY lang = ? DESC, lang = 'en' "
        "DESC LIMIT 1", (topic_id, lang)).fetchone()
    return row[0] if row else topic_id


def _check_lang(conn: sqlite3.Connection, lang: str | None) -> None:
    if lang is None:
        return
    known = [r[0] for r in conn.execute("SELECT DISTINCT lang FROM rulebooks ORDER BY lang")]
    if lang not in known:
        raise QueryError(_("no rulebook in language {lang!r}; the languages are: {known}",
                           lang=lang, known=", ".join(known)))


def find_rules(conn: sqlite3.Connection, query: str, *, lang: str | None = None,
               game: str | None = None, all_languages: bool = False, limit: int = 10) -> dict:
    """Sections answering ``query``; with ``all_languages``, each hit's topic in every rulebook."""
    _check_lang(conn, lang)
    expansion = []
    if all_languages:
        from .cards import glossary_words

        expansion = [w for w in glossary_words(conn, query) if w.casefold() != query.casefold()]
    hits = search(conn, query, lang=None if all_languages else lang, game=game, limit=limit,
                  also=expansion)
    result = {"query": query, "lang": lang, "results": hits}
    if all_languages:
        result["expanded_with"] = expansion
        topics: list[str] = []
        for hit in hits:
            if hit["topic"] and hit["topic"] not in topics and hit["kind"] in RULE_KINDS:
                topics.append(hit["topic"])
        groups = []
        for topic_id in topics[:TOPIC_GROUPS]:
            rows = conn.execute(
                "SELECT s.ref, s.rulebook_id, r.lang, s.heading, s.page, s.quality, s.body "
                "FROM sections s JOIN rulebooks r ON r.id = s.rulebook_id "
                "WHERE s.topic_id = ? " + ("AND r.game_id = ? " if game else "") +
                "ORDER BY r.lang = ? DESC, r.lang, s.rulebook_id, s.ordinal",
                (topic_id, game, lang or "") if game else (topic_id, lang or "")).fetchall()
            groups.append({
                "topic": topic_id, "title": topic_title(conn, topic_id, lang or "en"),
                "sections": [{"ref": r["ref"], "rulebook": r["rulebook_id"], "lang": r["lang"],
                              "heading": r["heading"], "page": r["page"],
                              "quality": r["quality"],
                              "snippet": " ".join(r["body"].split())[:160]} for r in rows],
            })
        result["topics"] = groups
    return result


def get_section(conn: sqlite3.Connection, ref: str) -> dict:
    """One section by ``rulebook/slug``, with its raw text and everything known about it."""
    if "/" not in ref:
        raise QueryError(_("a section is named rulebook/section, e.g. munchkin-es/huir; got {ref!r}",
                           ref=ref))
    row = conn.execute(
        "SELECT s.*, r.lang, r.raw_text, r.title AS rulebook_title FROM sections s "
        "JOIN rulebooks r ON r.id = s.rulebook_id WHERE s.ref = ?", (ref,)).fetchone()
    if row is None:
        rulebook = ref.split("/", 1)[0]
        exists = conn.execute("SELECT 1 FROM rulebooks WHERE id = ?", (rulebook,)).fetchone()
        if not exists:
            known = ", ".join(r[0] for r in conn.execute("SELECT id FROM rulebooks ORDER BY id"))
            raise NotFound(_("no rulebook {rulebook!r}; the rulebooks are: {known}",
                             rulebook=rulebook, known=known))
        slug = ref.split("/", 1)[1]
        near = [r[0] for r in conn.execute(
            "SELECT slug FROM sections WHERE rulebook_id = ? AND (slug LIKE ? OR ? LIKE slug || '%')"
            " ORDER BY ordinal LIMIT 5", (rulebook, f"%{slug}%", slug))]
        hint = _(" Did you mean: {names}?", names=", ".join(near)) if near else ""
        raise NotFound(_("no section {ref!r}.", ref=ref) + hint +
                       _(" `cardbase sections {rulebook}` lists them.", rulebook=rulebook))
    children = [r[0] for r in conn.execute(
        "SELECT ref FROM sections WHERE parent_ref = ? ORDER BY ordinal", (ref,))]
    repairs = [dict(r) for r in conn.execute(
        "SELECT stage, raw_start, raw_end, before, after FROM repairs WHERE rulebook_id = ? "
        "AND raw_start >= ? AND raw_start < ? ORDER BY raw_start, id",
        (row["rulebook_id"], row["raw_start"], max(row["raw_end"], row["raw_start"] + 1)))]
    corrections = [dict(r) for r in conn.execute(
        "SELECT id, reason, note, raw_start, raw_end, text FROM corrections "
        "WHERE rulebook_id = ? AND raw_start < ? AND raw_end > ? ORDER BY raw_start",
        (row["rulebook_id"], row["raw_end"], row["raw_start"]))]
    translations = {r["lang"]: {"text": r["text"], "fuzzy": bool(r["fuzzy"]), "community": True}
                    for r in conn.execute("SELECT lang, text, fuzzy FROM section_translations "
                                          "WHERE section_id = ? ORDER BY lang", (row["id"],))}
    return {
        "ref": row["ref"], "rulebook": row["rulebook_id"], "rulebook_title": row["rulebook_title"],
        "translations": translations,
        "lang": row["lang"], "heading": row["heading"], "heading_style": row["heading_style"],
        "level": row["level"], "parent": row["parent_ref"], "children": children,
        "kind": row["kind"], "topic": row["topic_id"],
        "topic_title": topic_title(conn, row["topic_id"], row["lang"]),
        "topic_source": row["topic_source"], "page": row["page"],
        "raw_span": [row["raw_start"], row["raw_end"]],
        "quality": row["quality"], "flags": json.loads(row["flags"]),
        "repairs_by_stage": json.loads(row["repairs"]), "repairs": repairs,
        "corrections": corrections, "body": row["body"],
        "raw": row["raw_text"][row["raw_start"]:row["raw_end"]],
    }


def list_sections(conn: sqlite3.Connection, rulebook: str) -> list[dict]:
    """The sections of one rulebook, in reading order."""
    if not conn.execute("SELECT 1 FROM rulebooks WHERE id = ?", (rulebook,)).fetchone():
        known = ", ".join(r[0] for r in conn.execute("SELECT id FROM rulebooks ORDER BY id"))
        raise NotFound(_("no rulebook {rulebook!r}; the rulebooks are: {known}",
                         rulebook=rulebook, known=known))
    return [dict(r) for r in conn.execute(
        "SELECT ref, heading, level, kind, topic_id AS topic, page, quality FROM sections "
        "WHERE rulebook_id = ? ORDER BY ordinal", (rulebook,))]


def export_data(conn: sqlite3.Connection) -> dict:
    """Everything in the database as plain data: rulebooks, topics, sections, corrections."""
    topics = []
    for row in conn.execute("SELECT * FROM topics ORDER BY ordinal"):
        titles = {r["lang"]: r["title"] for r in conn.execute(
            "SELECT lang, title FROM topic_titles WHERE topic_id = ? ORDER BY lang", (row["id"],))}
        topics.append({"id": row["id"], "parent": row["parent_id"],
                       "games": json.loads(row["games"]), "titles": titles})
    sections = []
    for row in conn.execute("SELECT * FROM sections ORDER BY id"):
        sections.append({
            "ref": row["ref"], "rulebook": row["rulebook_id"], "ordinal": row["ordinal"],
            "heading": row["heading"], "level": row["level"], "parent": row["parent_ref"],
            "kind": row["kind"], "topic": row["topic_id"], "topic_source": row["topic_source"],
            "page": row["page"], "raw_span": [row["raw_start"], row["raw_end"]],
            "quality": row["quality"], "flags": json.loads(row["flags"]),
            "repairs": json.loads(row["repairs"]), "corrections": json.loads(row["corrections"]),
            "body": row["body"],
        })
    corrections = [dict(r) for r in conn.execute(
        "SELECT rulebook_id AS rulebook, id, reason, note, raw_start, raw_end, raw, text "
        "FROM corrections ORDER BY rulebook_id, raw_start")]
    from .cards import card_detail

    cards = [card_detail(conn, row[0]) for row in conn.execute("SELECT id FROM cards ORDER BY id")]
    glossary = []
    for row in conn.execute("SELECT id, note FROM terms ORDER BY ordinal"):
        words: dict[str, list[str]] = {}
        for w in conn.execute("SELECT lang, word FROM term_words WHERE term_id = ? "
                              "ORDER BY lang, ordinal", (row["id"],)):
            words.setdefault(w["lang"], []).append(w["word"])
        defined = [r[0] for r in conn.execute(
            "SELECT section_ref FROM term_sections WHERE term_id = ? ORDER BY section_ref",
            (row["id"],))]
        glossary.append({"id": row["id"], "words": words, "defined_in": defined,
                         "note": row["note"]})
    return {"format": "cardbase-export", "version": 2, "rulebooks": list_rulebooks(conn),
            "topics": topics, "sections": sections, "corrections": corrections,
            "cards": cards, "glossary": glossary}
