"""Read queries about games, rulebooks, topics and sections, including the full-text search.

Each function takes a connection and returns rows or plain values, in a stated order. The
rulebook questions asked from several places (which rulebooks exist, the game of each, the
rulebooks of one game, the languages) are answered here once for all of them.
"""

from __future__ import annotations

import sqlite3

from ..schema import FTS_TABLE, STEM_COLUMNS, VOCAB_TABLE

__all__ = [
    "RULE_KINDS", "game_ids", "game_names", "rulebook_rows", "rulebook_ids", "rulebook_exists",
    "rulebook_games", "rulebooks_of_game", "rulebook_langs", "rulebook_languages",
    "topic_rows", "topic_ids", "topic_title", "topic_titles_of", "all_topic_titles",
    "topic_sections", "section_by_ref", "sections_with_rulebook", "section_rows", "child_refs",
    "section_slugs_like", "section_outline", "section_quoting", "repairs_in", "corrections_in",
    "all_corrections", "fts_sections", "index_matches", "index_terms_among", "lemmas_of", "word_stems",
    "common_among", "rule_citation_rows", "rule_citation_rows_of", "partial_citation_rows",
]

#: the kinds of section that state rules (the others are adverts, credits, labels, card faces)
RULE_KINDS = ("rule", "example", "sidebar", "variant")
RULE_KINDS_SQL = "(" + ", ".join(f"'{kind}'" for kind in RULE_KINDS) + ")"

#: a section's parent, as the ref the readers show (the link itself is ``parent_id``)
_PARENT_REF = "(SELECT p.ref FROM sections p WHERE p.id = s.parent_id) AS parent_ref"
_SECTION_WITH_RULEBOOK = (f"SELECT s.*, {_PARENT_REF}, r.lang, r.title AS rulebook_title, "
                          "r.raw_text FROM sections s "
                          "JOIN rulebooks r ON r.id = s.rulebook_id")


# --- games and rulebooks ----------------------------------------------------------------------

def game_ids(conn: sqlite3.Connection) -> list[str]:
    """Every game's id, in id order."""
    return [r[0] for r in conn.execute("SELECT id FROM games ORDER BY id")]


def game_names(conn: sqlite3.Connection) -> dict[str, str]:
    """Game id → its name, in id order."""
    return dict(conn.execute("SELECT id, name FROM games ORDER BY id"))


def rulebook_rows(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    """Every rulebook (all its columns), with ``game_name`` and its number of ``corrections``,
    ordered by game, language and id."""
    return conn.execute(
        "SELECT r.*, g.name AS game_name, "
        "(SELECT count(*) FROM corrections c WHERE c.rulebook_id = r.id) AS corrections "
        "FROM rulebooks r JOIN games g ON g.id = r.game_id ORDER BY r.game_id, r.lang, r.id"
    ).fetchall()


def rulebook_ids(conn: sqlite3.Connection) -> list[str]:
    """Every rulebook's id, in id order."""
    return [r[0] for r in conn.execute("SELECT id FROM rulebooks ORDER BY id")]


def rulebook_exists(conn: sqlite3.Connection, rulebook: str) -> bool:
    return conn.execute("SELECT 1 FROM rulebooks WHERE id = ?", (rulebook,)).fetchone() is not None


def rulebook_games(conn: sqlite3.Connection) -> dict[str, str]:
    """Rulebook id → the id of its game, in rulebook id order."""
    return dict(conn.execute("SELECT id, game_id FROM rulebooks ORDER BY id"))


def rulebooks_of_game(conn: sqlite3.Connection, game: str) -> list[str]:
    """The ids of the rulebooks of ``game``, in id order."""
    return [r[0] for r in conn.execute("SELECT id FROM rulebooks WHERE game_id = ? ORDER BY id",
                                       (game,))]


def rulebook_langs(conn: sqlite3.Connection) -> dict[str, str]:
    """Rulebook id → its language."""
    return dict(conn.execute("SELECT id, lang FROM rulebooks"))


def rulebook_languages(conn: sqlite3.Connection) -> list[str]:
    """The languages that have a rulebook, in order."""
    return [r[0] for r in conn.execute("SELECT DISTINCT lang FROM rulebooks ORDER BY lang")]


# --- topics -----------------------------------------------------------------------------------

def topic_rows(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    """Every topic (all its columns), in the vocabulary's order."""
    return conn.execute("SELECT * FROM topics ORDER BY ordinal").fetchall()


def topic_ids(conn: sqlite3.Connection) -> list[str]:
    """Every topic's id, in the vocabulary's order."""
    return [r[0] for r in conn.execute("SELECT id FROM topics ORDER BY ordinal")]


def topic_title(conn: sqlite3.Connection, topic_id: str, lang: str) -> str | None:
    """The title of a topic in ``lang``, else in English, else in any language; ``None`` if it
    has no title."""
    row = conn.execute(
        "SELECT title FROM topic_titles WHERE topic_id = ? ORDER BY lang = ? DESC, lang = 'en' "
        "DESC LIMIT 1", (topic_id, lang)).fetchone()
    return row[0] if row else None


def topic_titles_of(conn: sqlite3.Connection, topic_id: str) -> dict[str, str]:
    """Language → title of one topic, in language order."""
    return {r[0]: r[1] for r in conn.execute(
        "SELECT lang, title FROM topic_titles WHERE topic_id = ? ORDER BY lang", (topic_id,))}


def all_topic_titles(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    """Every topic title: rows of (topic_id, lang, title)."""
    return conn.execute("SELECT topic_id, lang, title FROM topic_titles").fetchall()


def topic_sections(conn: sqlite3.Connection, topic_id: str, game: str | None,
                   lang: str) -> list[sqlite3.Row]:
    """The sections of a topic (of one game, if given), those in ``lang`` first, then by
    language, rulebook and reading order."""
    return conn.execute(
        "SELECT s.ref, s.rulebook_id, r.lang, s.heading, s.page, s.quality, s.body "
        "FROM sections s JOIN rulebooks r ON r.id = s.rulebook_id "
        "WHERE s.topic_id = ? " + ("AND r.game_id = ? " if game else "") +
        "ORDER BY r.lang = ? DESC, r.lang, s.rulebook_id, s.ordinal",
        (topic_id, game, lang) if game else (topic_id, lang)).fetchall()


# --- sections ---------------------------------------------------------------------------------

def section_by_ref(conn: sqlite3.Connection, ref: str) -> sqlite3.Row | None:
    """One section (all its columns) with its rulebook's ``lang``, ``rulebook_title`` and
    ``raw_text``; ``None`` if there is no such section."""
    return conn.execute(_SECTION_WITH_RULEBOOK + " WHERE s.ref = ?", (ref,)).fetchone()


def sections_with_rulebook(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    """Every section as ``section_by_ref`` gives it, by rulebook and reading order."""
    return conn.execute(_SECTION_WITH_RULEBOOK + " ORDER BY s.rulebook_id, s.ordinal").fetchall()


def section_rows(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    """Every section (all its columns, and its parent's ref), in id order."""
    return conn.execute(f"SELECT s.*, {_PARENT_REF} FROM sections s ORDER BY id").fetchall()


def child_refs(conn: sqlite3.Connection, ref: str) -> list[str]:
    """The refs of the sections directly below ``ref``, in reading order."""
    return [r[0] for r in conn.execute(
        "SELECT c.ref FROM sections c JOIN sections p ON p.id = c.parent_id WHERE p.ref = ? "
        "ORDER BY c.ordinal", (ref,))]


def section_slugs_like(conn: sqlite3.Connection, rulebook: str, slug: str,
                       limit: int = 5) -> list[str]:
    """Slugs of ``rulebook`` that contain ``slug`` or begin ``slug``, in reading order."""
    return [r[0] for r in conn.execute(
        "SELECT slug FROM sections WHERE rulebook_id = ? AND (slug LIKE ? OR ? LIKE slug || '%')"
        " ORDER BY ordinal LIMIT ?", (rulebook, f"%{slug}%", slug, limit))]


def section_outline(conn: sqlite3.Connection, rulebook: str) -> list[sqlite3.Row]:
    """The sections of one rulebook in reading order: ref, heading, level, kind, topic, page,
    quality."""
    return conn.execute(
        "SELECT ref, heading, level, kind, topic_id AS topic, page, quality FROM sections "
        "WHERE rulebook_id = ? ORDER BY ordinal", (rulebook,)).fetchall()


def section_quoting(conn: sqlite3.Connection, rulebook: str, quote: str) -> sqlite3.Row | None:
    """(ref, heading) of the first section of ``rulebook`` whose text contains ``quote``."""
    return conn.execute(
        "SELECT ref, heading FROM sections WHERE rulebook_id = ? AND "
        "instr(body, ?) > 0 ORDER BY ordinal LIMIT 1", (rulebook, quote)).fetchone()


def rule_citation_rows(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    """Every located quote of the rules checker: (rule_id, rulebook_id, quote, ref, heading,
    raw_start, raw_end), the section columns ``NULL`` where the build did not find the quote."""
    return conn.execute(
        "SELECT c.rule_id, c.rulebook_id, c.quote, s.ref, s.heading, c.raw_start, c.raw_end "
        "FROM rule_citations c LEFT JOIN sections s ON s.id = c.section_id "
        "ORDER BY c.id").fetchall()


def partial_citation_rows(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    """The quotes a rule decides only in part: (rule_id, rulebook_id, quote, lacks)."""
    return conn.execute(
        "SELECT rule_id, rulebook_id, quote, lacks FROM rule_citations "
        "WHERE lacks IS NOT NULL ORDER BY id").fetchall()


def rule_citation_rows_of(conn: sqlite3.Connection, rule_id: str) -> list[sqlite3.Row]:
    """``rule_citation_rows`` of one rule."""
    return conn.execute(
        "SELECT c.rule_id, c.rulebook_id, c.quote, s.ref, s.heading, c.raw_start, c.raw_end "
        "FROM rule_citations c LEFT JOIN sections s ON s.id = c.section_id "
        "WHERE c.rule_id = ? ORDER BY c.id", (rule_id,)).fetchall()


def repairs_in(conn: sqlite3.Connection, rulebook: str, start: int,
               end: int) -> list[sqlite3.Row]:
    """The repairs of ``rulebook`` that start in the raw span [start, end)."""
    return conn.execute(
        "SELECT stage, raw_start, raw_end, before, after FROM repairs WHERE rulebook_id = ? "
        "AND raw_start >= ? AND raw_start < ? ORDER BY raw_start, id",
        (rulebook, start, end)).fetchall()


def corrections_in(conn: sqlite3.Connection, rulebook: str, start: int,
                   end: int) -> list[sqlite3.Row]:
    """The human corrections of ``rulebook`` that overlap the raw span [start, end)."""
    return conn.execute(
        "SELECT id, reason, note, raw_start, raw_end, text FROM corrections "
        "WHERE rulebook_id = ? AND raw_start < ? AND raw_end > ? ORDER BY raw_start",
        (rulebook, end, start)).fetchall()


def all_corrections(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    """Every human correction, by rulebook and position."""
    return conn.execute(
        "SELECT rulebook_id AS rulebook, id, reason, note, raw_start, raw_end, raw, text "
        "FROM corrections ORDER BY rulebook_id, raw_start").fetchall()


# --- full-text search -------------------------------------------------------------------------

def fts_sections(conn: sqlite3.Connection, expression: str, *, lang: str | None = None,
                 rulebook: str | None = None, game: str | None = None, limit: int,
                 heading_weight: float, other_kinds_weight: float) -> list[sqlite3.Row]:
    """The sections matching the FTS5 ``expression``, best first, at most ``limit``.

    The rank is bm25 with the heading weighing ``heading_weight`` times the body, multiplied by
    ``other_kinds_weight`` for sections that do not state rules (lower is better); each row has
    the section's id, ref, rulebook_id, lang, game_id, heading, kind, topic_id, page, quality,
    body, search_heading, search_body (its search keys) and rank.
    """
    filters, params = [], []
    if lang:
        filters.append("r.lang = ?")
        params.append(lang)
    if rulebook:
        filters.append("r.id = ?")
        params.append(rulebook)
    if game:
        filters.append("r.game_id = ?")
        params.append(game)
    where = "".join(f" AND {f}" for f in filters)
    sql = (
        "SELECT s.id, s.ref, s.rulebook_id, r.lang, r.game_id, s.heading, s.kind, s.topic_id, "
        "s.page, s.quality, s.body, s.search_heading, s.search_body, "
        f"bm25({FTS_TABLE}, {heading_weight}, 1.0) * (CASE WHEN s.kind IN "
        f"{RULE_KINDS_SQL} THEN 1.0 ELSE {other_kinds_weight} END) AS rank "
        f"FROM {FTS_TABLE} JOIN sections s ON s.id = {FTS_TABLE}.rowid "
        "JOIN rulebooks r ON r.id = s.rulebook_id "
        f"WHERE {FTS_TABLE} MATCH ?{where} ORDER BY rank, s.id LIMIT ?")
    return conn.execute(sql, [expression, *params, limit]).fetchall()


def index_matches(conn: sqlite3.Connection, expression: str) -> bool:
    """Whether some section matches the FTS5 ``expression``."""
    return conn.execute(f"SELECT 1 FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH ? LIMIT 1",
                        (expression,)).fetchone() is not None


def index_terms_among(conn: sqlite3.Connection, candidates: list[str]) -> list[tuple[str, int]]:
    """The ``candidates`` that are terms of the section index, with the number of sections
    holding each, most frequent first."""
    found: list[tuple[str, int]] = []
    for start in range(0, len(candidates), 500):
        chunk = candidates[start:start + 500]
        marks = ", ".join("?" * len(chunk))
        found += conn.execute(f"SELECT term, doc FROM {VOCAB_TABLE} WHERE term IN ({marks})",
                              chunk).fetchall()
    return sorted(((t, d) for t, d in found), key=lambda row: (-row[1], row[0]))


def lemmas_of(conn: sqlite3.Connection, form: str) -> list[str]:
    """The lemmas a folded word form is an inflection of, among the rulebooks' words."""
    return [r[0] for r in conn.execute(
        "SELECT DISTINCT lemma FROM word_forms WHERE form = ? ORDER BY lemma", (form,))]


def word_stems(conn: sqlite3.Connection, words: list[str]) -> dict[tuple[str, str], str]:
    """(word, language) → the Snowball stem the build stored, for those of the folded
    ``words`` it met (a stem left empty is the word itself)."""
    if not words:
        return {}
    marks = ", ".join("?" * len(words))
    columns = ", ".join(STEM_COLUMNS)
    return {(row[0], lang): stem or row[0]
            for row in conn.execute(f"SELECT word, {columns} FROM word_stems "
                                    f"WHERE word IN ({marks})", list(words))
            for lang, stem in zip(STEM_COLUMNS, row[1:])}


def common_among(conn: sqlite3.Connection, words: list[str]) -> set[str]:
    """The folded ``words`` that are among the most frequent of some rulebook's language."""
    marks = ", ".join("?" * len(words))
    return {r[0] for r in conn.execute(
        f"SELECT word FROM common_words WHERE word IN ({marks})", words)} if words else set()
