"""The card and glossary questions the query commands ask of the database.

``find_card`` answers ``cardbase card NAME``: the card a name (in any language, any case, with a
typo) designates, with its names in every language, its stats and texts each with the rulebook
and quote they come from, its counterparts in other games and every section that mentions it.
``list_cards`` filters the catalogue; ``find_term`` shows a glossary term across languages and the
sections that define it.
"""

from __future__ import annotations

import json
import sqlite3

from ..cards import matching
from ..errors import NotFound, QueryError
from ..i18n import _


def _games(conn: sqlite3.Connection) -> list[str]:
    return [r[0] for r in conn.execute("SELECT id FROM games ORDER BY id")]


def _check_game(conn: sqlite3.Connection, game: str | None) -> None:
    if game and game not in _games(conn):
        raise QueryError(_("unknown game {game!r}; the games are: {known}", game=game,
                           known=", ".join(_games(conn))))


def _source(row) -> dict:
    return {"rulebook": row["rulebook_id"], "quote": row["quote"],
            "raw_span": [row["raw_start"], row["raw_end"]] if row["raw_start"] is not None else None,
            "ours": bool(row["ours"]), "origin": row["origin"]}


def card_detail(conn: sqlite3.Connection, card_id: str) -> dict:
    card = conn.execute("SELECT * FROM cards WHERE id = ?", (card_id,)).fetchone()
    if card is None:
        raise NotFound(_("no card {card!r}", card=card_id))
    names: dict[str, list[dict]] = {}
    for row in conn.execute("SELECT * FROM card_names WHERE card_id = ? ORDER BY lang, kind DESC, id",
                            (card_id,)):
        names.setdefault(row["lang"], []).append(
            {"name": row["name"], "kind": row["kind"], **_source(row)})
    stats, texts = {}, {}
    for row in conn.execute("SELECT * FROM card_facts WHERE card_id = ? ORDER BY id", (card_id,)):
        entry = {"value": json.loads(row["value"]), **_source(row)}
        if row["field"] == "text":
            texts[row["lang"]] = entry
        else:
            stats[row["field"]] = entry
    mentions = [dict(r) for r in conn.execute(
        "SELECT s.ref, s.heading, r.lang, s.rulebook_id AS rulebook, count(*) AS times, "
        "min(m.surface) AS surface FROM mentions m JOIN sections s ON s.id = m.section_id "
        "JOIN rulebooks r ON r.id = s.rulebook_id WHERE m.kind = 'card' AND m.target_id = ? "
        "GROUP BY s.id ORDER BY r.lang, s.rulebook_id, s.ordinal", (card_id,))]
    counterparts = json.loads(card["counterparts"])
    counterparts += [r[0] for r in conn.execute(
        "SELECT card_id FROM card_counterparts WHERE other_id = ? AND card_id != ? "
        "ORDER BY card_id", (card_id, card_id)) if r[0] not in counterparts]
    return {"id": card["id"], "game": card["game_id"], "type": card["type"], "names": names,
            "stats": stats, "text": texts, "counterparts": counterparts, "note": card["note"],
            "source": card["source"], "mentions": mentions}


def find_card(conn: sqlite3.Connection, name: str, game: str | None = None) -> dict:
    """The card ``name`` designates; a near miss answers with the best match, flagged as such."""
    _check_game(conn, game)
    found = matching.exact(conn, name, game)
    if len(found) > 1:
        return {"query": name, "match": "ambiguous",
                "cards": [card_detail(conn, m.card_id) for m in found]}
    if found:
        return {"query": name, "match": "exact", "cards": [card_detail(conn, found[0].card_id)]}
    near = matching.fuzzy(conn, name, game)
    if matching.is_confident(near):
        return {"query": name, "match": "fuzzy", "matched_name": near[0].name,
                "score": near[0].score, "cards": [card_detail(conn, near[0].card_id)]}
    if near:
        names = ", ".join(f"{m.name!r}" for m in near)
        raise NotFound(_("no card named {name!r}. Did you mean: {names}?", name=name, names=names))
    raise NotFound(_("no card named {name!r}; `cardbase cards` lists them", name=name))


def display_name(names: dict[str, list[dict]], lang: str | None) -> str:
    for choice in ([lang] if lang else []) + ["en"]:
        for entry in names.get(choice, []):
            if entry["kind"] == "name":
                return entry["name"]
    return next((e["name"] for entries in names.values() for e in entries), "?")


def list_cards(conn: sqlite3.Connection, game: str | None = None, card_type: str | None = None,
               lang: str | None = None) -> list[dict]:
    _check_game(conn, game)
    types = [r[0] for r in conn.execute("SELECT DISTINCT type FROM cards ORDER BY type")]
    if card_type and card_type not in types:
        raise QueryError(_("no card of type {type!r}; the types are: {known}", type=card_type,
                           known=", ".join(types)))
    filters, params = [], []
    if game:
        filters.append("game_id = ?")
        params.append(game)
    if card_type:
        filters.append("type = ?")
        params.append(card_type)
    where = (" WHERE " + " AND ".join(filters)) if filters else ""
    cards = []
    for card in conn.execute(f"SELECT id, game_id, type FROM cards{where} ORDER BY game_id, id",
                             params).fetchall():
        names: dict[str, list[dict]] = {}
        for row in conn.execute("SELECT lang, name, kind FROM card_names WHERE card_id = ? "
                                "ORDER BY id", (card["id"],)):
            names.setdefault(row["lang"], []).append({"name": row["name"], "kind": row["kind"]})
        cards.append({"id": card["id"], "game": card["game_id"], "type": card["type"],
                      "name": display_name(names, lang),
                      "name_lang": lang if lang in names else ("en" if "en" in names else
                                                               next(iter(names), None)),
                      "names": {k: [e["name"] for e in v if e["kind"] == "name"]
                                for k, v in names.items()}})
    return cards


def glossary_words(conn: sqlite3.Connection, word: str) -> list[str]:
    """Every word of every glossary term that ``word`` is a word of (for search expansion)."""
    key = matching.name_key(word)
    return [r[0] for r in conn.execute(
        "SELECT DISTINCT w2.word FROM term_words w1 JOIN term_words w2 ON w2.term_id = w1.term_id "
        "WHERE w1.key = ? ORDER BY w2.lang, w2.ordinal", (key,))]


def find_term(conn: sqlite3.Connection, word: str) -> dict:
    key = matching.name_key(word)
    term_ids = [r[0] for r in conn.execute(
        "SELECT DISTINCT term_id FROM term_words WHERE key = ? ORDER BY term_id", (key,))]
    if not term_ids:
        like = [r[0] for r in conn.execute(
            "SELECT DISTINCT word FROM term_words WHERE key LIKE ? ORDER BY length(word) LIMIT 5",
            (f"%{key}%",))]
        hint = _(" Did you mean: {names}?", names=", ".join(like)) if like else ""
        raise NotFound(_("no glossary term {word!r}.", word=word) + hint)
    terms = []
    for term_id in term_ids:
        words: dict[str, list[dict]] = {}
        for row in conn.execute("SELECT lang, word, ours FROM term_words WHERE term_id = ? "
                                "ORDER BY lang, ordinal", (term_id,)):
            words.setdefault(row["lang"], []).append({"word": row["word"],
                                                      "ours": bool(row["ours"])})
        defined = [dict(r) for r in conn.execute(
            "SELECT s.ref, s.heading, r.lang FROM term_sections t JOIN sections s ON "
            "s.ref = t.section_ref JOIN rulebooks r ON r.id = s.rulebook_id WHERE t.term_id = ? "
            "ORDER BY r.lang, s.rulebook_id, s.ordinal", (term_id,))]
        mentioned = conn.execute("SELECT count(DISTINCT section_id) FROM mentions WHERE kind = "
                                 "'term' AND target_id = ?", (term_id,)).fetchone()[0]
        note = conn.execute("SELECT note FROM terms WHERE id = ?", (term_id,)).fetchone()[0]
        terms.append({"id": term_id, "words": words, "defined_in": defined,
                      "mentioned_in_sections": mentioned, "note": note})
    return {"query": word, "terms": terms}
