"""The card and glossary questions the query commands ask of the database.

``find_card`` answers ``cardbase card NAME``: the card a name (in any language, any case, with a
typo) designates, with its names in every language, its stats and texts each with the rulebook
and quote they come from, its counterparts in other games and every section that mentions it.
``list_cards`` filters the catalogue; ``find_term`` shows a glossary term across languages and the
sections that define it.
"""

from __future__ import annotations

import sqlite3

from ..cards import matching
from ..errors import NotFound, QueryError
from ..i18n import _
from ..storage import queries


def _check_game(conn: sqlite3.Connection, game: str | None) -> None:
    if game and game not in queries.game_ids(conn):
        raise QueryError(_("unknown game {game!r}; the games are: {known}", game=game,
                           known=", ".join(queries.game_ids(conn))))


def _source(row) -> dict:
    return {"rulebook": row["rulebook_id"], "quote": row["quote"],
            "raw_span": [row["raw_start"], row["raw_end"]] if row["raw_start"] is not None else None,
            "ours": bool(row["ours"]), "origin": row["origin"]}


def card_detail(conn: sqlite3.Connection, card_id: str) -> dict:
    card = queries.card_row(conn, card_id)
    if card is None:
        raise NotFound(_("no card {card!r}", card=card_id))
    names: dict[str, list[dict]] = {}
    for row in queries.card_name_sources(conn, card_id):
        names.setdefault(row["lang"], []).append(
            {"name": row["name"], "kind": row["kind"], **_source(row)})
    stats, texts = {}, {}
    for row in queries.card_fact_rows(conn, card_id):
        entry = {"value": queries.json_value(conn, row["value"]), **_source(row)}
        if row["field"] == "text":
            texts[row["lang"]] = entry
        else:
            stats[row["field"]] = entry
    mentions = [dict(r) for r in queries.card_mentions(conn, card_id)]
    counterparts = queries.json_value(conn, card["counterparts"])
    counterparts += [other for other in queries.counterparts_naming(conn, card_id)
                     if other not in counterparts]
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
    types = queries.card_types(conn)
    if card_type and card_type not in types:
        raise QueryError(_("no card of type {type!r}; the types are: {known}", type=card_type,
                           known=", ".join(types)))
    cards = []
    for card in queries.card_rows(conn, game, card_type):
        names: dict[str, list[dict]] = {}
        for row in queries.card_names(conn, card["id"]):
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
    return queries.glossary_words(conn, matching.name_key(word))


def find_term(conn: sqlite3.Connection, word: str) -> dict:
    key = matching.name_key(word)
    term_ids = queries.term_ids_by_key(conn, key)
    if not term_ids:
        like = queries.term_words_like(conn, key)
        hint = _(" Did you mean: {names}?", names=", ".join(like)) if like else ""
        raise NotFound(_("no glossary term {word!r}.", word=word) + hint)
    terms = []
    for term_id in term_ids:
        words: dict[str, list[dict]] = {}
        for row in queries.term_words(conn, term_id):
            words.setdefault(row["lang"], []).append({"word": row["word"],
                                                      "ours": bool(row["ours"])})
        defined = [dict(r) for r in queries.term_definitions(conn, term_id)]
        mentioned = queries.term_mention_count(conn, term_id)
        note = queries.term_note(conn, term_id)
        terms.append({"id": term_id, "words": words, "defined_in": defined,
                      "mentioned_in_sections": mentioned, "note": note})
    return {"query": word, "terms": terms}
