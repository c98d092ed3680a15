"""Read queries about cards (their names, facts, counterparts and mentions) and the glossary.

Each function takes a connection and returns rows or plain values, in a stated order. Name keys
are folded by the caller (``cardbase.search.textkeys``); here they are only compared. Facts are
returned as stored (their values JSON text), for the caller to decode (``json_value``).
"""

from __future__ import annotations

import sqlite3

from ..schema import NAME_FTS_TABLE, NAME_VOCAB_TABLE

__all__ = [
    "card_row", "card_rows", "cards_by_id", "card_types", "card_names", "card_name_sources",
    "card_fact_rows", "card_fact_value", "card_stats", "card_texts", "card_type_row",
    "card_mentions", "counterparts_naming", "counterpart_pairs", "card_names_by_key",
    "games_of_cards_named", "name_trigram_counts", "names_matching_trigrams",
    "names_with_key_prefix",
    "card_by_key_of_types", "english_card_name", "term_rows", "term_words",
    "term_ids_by_key", "term_words_like", "glossary_words", "term_definitions",
    "term_definition_sections", "term_section_refs", "term_mention_count", "term_note",
    "card_names_with_game", "card_form_names", "term_words_with_games",
]


# --- cards ------------------------------------------------------------------------------------

def card_row(conn: sqlite3.Connection, card_id: str) -> sqlite3.Row | None:
    """One card (all its columns), or ``None``."""
    return conn.execute("SELECT * FROM cards WHERE id = ?", (card_id,)).fetchone()


def card_rows(conn: sqlite3.Connection, game: str | None = None,
              card_type: str | None = None) -> list[sqlite3.Row]:
    """The cards (all their columns), of one game and type if given, by game and id."""
    filters, params = [], []
    if game:
        filters.append("game_id = ?")
        params.append(game)
    if card_type:
        filters.append("type = ?")
        params.append(card_type)
    where = (" WHERE " + " AND ".join(filters)) if filters else ""
    return conn.execute(f"SELECT * FROM cards{where} ORDER BY game_id, id", params).fetchall()


def cards_by_id(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    """Every card's (id, type, game_id), in id order."""
    return conn.execute("SELECT id, type, game_id FROM cards ORDER BY id").fetchall()


def card_types(conn: sqlite3.Connection) -> list[str]:
    """The card types in use, in order."""
    return [r[0] for r in conn.execute("SELECT DISTINCT type FROM cards ORDER BY type")]


def card_type_row(conn: sqlite3.Connection, card_id: str) -> sqlite3.Row | None:
    """(id, type) of one card, or ``None``."""
    return conn.execute("SELECT id, type FROM cards WHERE id = ?", (card_id,)).fetchone()


def card_names(conn: sqlite3.Connection, card_id: str) -> list[sqlite3.Row]:
    """A card's names and aliases as (lang, name, kind), in the order they were stored."""
    return conn.execute("SELECT lang, name, kind FROM card_names WHERE card_id = ? ORDER BY id",
                        (card_id,)).fetchall()


def card_name_sources(conn: sqlite3.Connection, card_id: str) -> list[sqlite3.Row]:
    """A card's names (all columns: name, kind, and the rulebook and quote each rests on), by
    language, names before aliases."""
    return conn.execute("SELECT * FROM card_names WHERE card_id = ? ORDER BY lang, kind DESC, id",
                        (card_id,)).fetchall()


def card_fact_rows(conn: sqlite3.Connection, card_id: str) -> list[sqlite3.Row]:
    """A card's facts (stats and texts, all columns), in stored order."""
    return conn.execute("SELECT * FROM card_facts WHERE card_id = ? ORDER BY id",
                        (card_id,)).fetchall()


def card_fact_value(conn: sqlite3.Connection, card_id: str, field: str) -> str | None:
    """The stored (JSON) value of one fact of a card, or ``None``."""
    row = conn.execute("SELECT value FROM card_facts WHERE card_id = ? AND field = ?",
                       (card_id, field)).fetchone()
    return row[0] if row else None


def card_stats(conn: sqlite3.Connection, card_id: str) -> dict[str, str]:
    """A card's stats (every fact but its texts): field → stored (JSON) value."""
    return {r[0]: r[1] for r in conn.execute(
        "SELECT field, value FROM card_facts WHERE card_id = ? AND field != 'text'", (card_id,))}


def card_texts(conn: sqlite3.Connection, card_id: str) -> list[sqlite3.Row]:
    """A card's printed rules texts as (lang, stored JSON value), in stored order."""
    return conn.execute("SELECT lang, value FROM card_facts WHERE card_id = ? AND field = 'text' "
                        "ORDER BY id", (card_id,)).fetchall()


def card_mentions(conn: sqlite3.Connection, card_id: str) -> list[sqlite3.Row]:
    """The sections that mention a card: ref, heading, lang, rulebook, times, surface; by
    language, rulebook and reading order."""
    return conn.execute(
        "SELECT s.ref, s.heading, r.lang, s.rulebook_id AS rulebook, count(*) AS times, "
        "min(m.surface) AS surface FROM mentions m JOIN sections s ON s.id = m.section_id "
        "JOIN rulebooks r ON r.id = s.rulebook_id WHERE m.kind = 'card' AND m.target_id = ? "
        "GROUP BY s.id ORDER BY r.lang, s.rulebook_id, s.ordinal", (card_id,)).fetchall()


def counterparts_naming(conn: sqlite3.Connection, card_id: str) -> list[str]:
    """The other cards that name ``card_id`` as their counterpart, in id order."""
    return [r[0] for r in conn.execute(
        "SELECT card_id FROM card_counterparts WHERE other_id = ? AND card_id != ? "
        "ORDER BY card_id", (card_id, card_id))]


def counterpart_pairs(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    """Every (card_id, other_id) counterpart pair, by card."""
    return conn.execute("SELECT card_id, other_id FROM card_counterparts "
                        "ORDER BY card_id").fetchall()


# --- finding a card by name -------------------------------------------------------------------

def card_names_by_key(conn: sqlite3.Connection, key: str,
                      game: str | None = None) -> list[sqlite3.Row]:
    """(card_id, name, lang) of every name whose folded key is ``key`` (of one game if given),
    by card and language."""
    sql = ("SELECT DISTINCT n.card_id, n.name, n.lang FROM card_names n JOIN cards c ON "
           "c.id = n.card_id WHERE n.key = ?" + (" AND c.game_id = ?" if game else "") +
           " ORDER BY n.card_id, n.lang")
    return conn.execute(sql, (key, game) if game else (key,)).fetchall()


def card_names_with_game(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    """(name, game_id, type) of every card name in every language, by game, card and name."""
    return conn.execute(
        "SELECT DISTINCT n.name, c.game_id, c.type FROM card_names n JOIN cards c ON "
        "c.id = n.card_id ORDER BY c.game_id, c.id, n.name").fetchall()


def games_of_cards_named(conn: sqlite3.Connection, key: str) -> list[str]:
    """The games that have a card with a name whose folded key is ``key``, in id order."""
    return [r[0] for r in conn.execute(
        "SELECT DISTINCT c.game_id FROM card_names n JOIN cards c ON c.id = n.card_id "
        "WHERE n.key = ? ORDER BY c.game_id", (key,))]


def name_trigram_counts(conn: sqlite3.Connection, grams: list[str]) -> dict[str, int]:
    """Trigram → the number of card names containing it, for those of ``grams`` that occur."""
    return dict(conn.execute(
        f"SELECT term, doc FROM {NAME_VOCAB_TABLE} WHERE term IN "
        f"({', '.join('?' * len(grams))})", grams).fetchall())


def names_matching_trigrams(conn: sqlite3.Connection, expression: str, game: str | None,
                            limit: int) -> list[sqlite3.Row]:
    """(card_id, name, lang, key) of the names matching the trigram FTS5 ``expression``, best
    first."""
    return conn.execute(
        f"SELECT n.card_id, n.name, n.lang, n.key FROM {NAME_FTS_TABLE} f "
        "JOIN card_names n ON n.id = f.rowid JOIN cards c ON c.id = n.card_id "
        f"WHERE {NAME_FTS_TABLE} MATCH ?" + (" AND c.game_id = ?" if game else "") +
        " ORDER BY rank LIMIT ?",
        (expression, game, limit) if game else (expression, limit)).fetchall()


def names_with_key_prefix(conn: sqlite3.Connection, prefix: str, game: str | None,
                          limit: int) -> list[sqlite3.Row]:
    """(card_id, name, lang, key) of the names whose key begins with ``prefix``."""
    return conn.execute(
        "SELECT n.card_id, n.name, n.lang, n.key FROM card_names n JOIN cards c ON "
        "c.id = n.card_id WHERE n.key LIKE ?" + (" AND c.game_id = ?" if game else "") +
        " LIMIT ?", (f"{prefix}%", game, limit) if game else (f"{prefix}%", limit)
    ).fetchall()


def card_by_key_of_types(conn: sqlite3.Connection, key: str,
                         types: tuple[str, ...]) -> str | None:
    """The id of a card of one of ``types`` that has a name whose key is ``key``, or ``None``."""
    row = conn.execute(
        "SELECT c.id FROM card_names n JOIN cards c ON c.id = n.card_id WHERE n.key = ? "
        f"AND c.type IN ({', '.join('?' * len(types))}) LIMIT 1", (key, *types)).fetchone()
    return row[0] if row else None


def english_card_name(conn: sqlite3.Connection, card_id: str) -> str | None:
    """A card's English name, or ``None``."""
    row = conn.execute("SELECT name FROM card_names WHERE card_id = ? AND "
                       "lang = 'en' AND kind = 'name'", (card_id,)).fetchone()
    return row[0] if row else None


def card_form_names(conn: sqlite3.Connection, game: str) -> list[tuple[str, str]]:
    """(card id, name) for each card of ``game`` that has a name: its English name, else its
    first stored name; by name."""
    rows = conn.execute(
        "SELECT c.id, (SELECT n.name FROM card_names n WHERE n.card_id = c.id "
        "AND n.kind = 'name' ORDER BY n.lang != 'en', n.id LIMIT 1) AS name "
        "FROM cards c WHERE c.game_id = ? ORDER BY name, c.id", (game,)).fetchall()
    return [(row[0], row[1]) for row in rows if row[1]]


# --- the glossary -----------------------------------------------------------------------------

def term_rows(conn: sqlite3.Connection) -> list[sqlite3.Row]:
    """Every glossary term as (id, note), in the glossary's order."""
    return conn.execute("SELECT id, note FROM terms ORDER BY ordinal").fetchall()


def term_words(conn: sqlite3.Connection, term_id: str) -> list[sqlite3.Row]:
    """A term's words as (lang, word, ours), by language, the usual word first."""
    return conn.execute("SELECT lang, word, ours FROM term_words WHERE term_id = ? "
                        "ORDER BY lang, ordinal", (term_id,)).fetchall()


def term_ids_by_key(conn: sqlite3.Connection, key: str) -> list[str]:
    """The terms that have a word whose folded key is ``key``, in id order."""
    return [r[0] for r in conn.execute(
        "SELECT DISTINCT term_id FROM term_words WHERE key = ? ORDER BY term_id", (key,))]


def term_words_like(conn: sqlite3.Connection, key: str, limit: int = 5) -> list[str]:
    """Glossary words whose key contains ``key``, shortest first."""
    return [r[0] for r in conn.execute(
        "SELECT DISTINCT word FROM term_words WHERE key LIKE ? ORDER BY length(word) LIMIT ?",
        (f"%{key}%", limit))]


def glossary_words(conn: sqlite3.Connection, key: str) -> list[str]:
    """Every word of every term that has a word whose key is ``key``, by language and order."""
    return [r[0] for r in conn.execute(
        "SELECT DISTINCT w2.word FROM term_words w1 JOIN term_words w2 ON w2.term_id = w1.term_id "
        "WHERE w1.key = ? ORDER BY w2.lang, w2.ordinal", (key,))]


def term_definitions(conn: sqlite3.Connection, term_id: str) -> list[sqlite3.Row]:
    """The sections defining a term as (ref, heading, lang), by language, rulebook and reading
    order."""
    return conn.execute(
        "SELECT s.ref, s.heading, r.lang FROM term_sections t JOIN sections s ON "
        "s.id = t.section_id JOIN rulebooks r ON r.id = s.rulebook_id WHERE t.term_id = ? "
        "ORDER BY r.lang, s.rulebook_id, s.ordinal", (term_id,)).fetchall()


def term_definition_sections(conn: sqlite3.Connection, term_id: str) -> list[sqlite3.Row]:
    """The sections defining a term as (slug, heading, rulebook_id), by rulebook and reading
    order."""
    return conn.execute(
        "SELECT s.slug, s.heading, s.rulebook_id FROM term_sections t JOIN sections s ON "
        "s.id = t.section_id WHERE t.term_id = ? ORDER BY s.rulebook_id, s.ordinal",
        (term_id,)).fetchall()


def term_section_refs(conn: sqlite3.Connection, term_id: str) -> list[str]:
    """The refs of the sections a term names as defining it, in ref order."""
    return [r[0] for r in conn.execute(
        "SELECT s.ref FROM term_sections t JOIN sections s ON s.id = t.section_id "
        "WHERE t.term_id = ? ORDER BY s.ref",
        (term_id,))]


def term_mention_count(conn: sqlite3.Connection, term_id: str) -> int:
    """The number of sections that mention a term."""
    return conn.execute("SELECT count(DISTINCT section_id) FROM mentions WHERE kind = "
                        "'term' AND target_id = ?", (term_id,)).fetchone()[0]


def term_note(conn: sqlite3.Connection, term_id: str) -> str | None:
    return conn.execute("SELECT note FROM terms WHERE id = ?", (term_id,)).fetchone()[0]


def term_words_with_games(conn: sqlite3.Connection, lang: str) -> list[tuple[str, str, str]]:
    """(term id, word, games) of every glossary word in ``lang``: ``games`` the comma-joined
    games whose rulebooks define the term (empty when no section does), in term and word
    order."""
    return [tuple(r) for r in conn.execute(
        "SELECT w.term_id, w.word, COALESCE((SELECT group_concat(DISTINCT r.game_id) FROM "
        "term_sections t JOIN sections s ON s.id = t.section_id JOIN rulebooks r ON "
        "r.id = s.rulebook_id WHERE t.term_id = w.term_id), '') FROM term_words w "
        "WHERE w.lang = ? ORDER BY w.term_id, w.ordinal", (lang,))]
