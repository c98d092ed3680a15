"""The checker's entry points: a query (JSON or YAML text, or flags) in, an answer out.

``check`` validates the query against the database (rulebook ids, card names), asks the engine
and returns the answer in the public format; an answer is remembered per connection (a bounded
number of them), since the same question asked again of the same database has the same answer. ``query_from_flags`` builds the same query from the
``can-play`` command's options, so both commands share one path; ``can_play`` answers it, taking
the game, when none is named, from the database (the rulebook's game, else the game of the card
named, else the only game). ``game_table`` answers a whole decision table under the rulebooks of
a game the database holds.
"""

from __future__ import annotations

import json
import sqlite3

from ..errors import QueryError
from ..i18n import _
from ..storage import queries
from .engine import Citer, answer
from .query import CARD_TYPES, parse_query


def read_query(text: str, source: str = "query") -> dict:
    """Parse a query written as JSON or YAML; a syntax error names the line."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as json_error:
        try:
            import yaml

            data = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            where = f"{source}:{mark.line + 1}" if mark else source
            raise QueryError(_("{where}: not valid JSON or YAML ({error})", where=where,
                               error=getattr(exc, "problem", exc))) from exc
        if not isinstance(data, dict):
            raise QueryError(_("{where}: not valid JSON ({error}); a query is an object",
                               where=f"{source}:{json_error.lineno}", error=json_error.msg))
        return data


def check(conn: sqlite3.Connection, data: dict, lang: str | None = None,
          books: dict[str, str] | None = None) -> dict:
    """Answer one query (already parsed from JSON or YAML).

    ``books`` (rulebook id → game) saves reading them again when the caller has them.
    """
    citer = Citer.of(conn)
    key = _answer_key(data, lang) if books is None else None
    if key is not None:
        cached = citer.answers.get(key)
        if cached is not None:
            return dict(cached)
    books = books if books is not None else citer.books()
    situation = parse_query(data, conn, books)
    rulebooks = [rb for rb, game in books.items() if game == situation.game]
    if not rulebooks:
        raise QueryError(_("no rulebook of {game} is in the database", game=situation.game))
    result = answer(situation, rulebooks, citer, lang)
    if key is not None:
        citer.remember(key, result)
    return dict(result)


def _answer_key(data, lang: str | None):
    """The same question in the same language gets the same answer from the same database:
    the query's text (``repr``: two queries with the same text are the same query; the same
    query written in another key order is only asked again), the citation language and the
    interface catalog (which translates the statements; held, so its identity is not reused)."""
    from .. import i18n

    return repr(data), lang, i18n._translations()


def default_game(conn: sqlite3.Connection, what: str, rulebook: str | None,
                 books: dict[str, str]) -> str:
    """The game a ``can-play`` question is about when it names none.

    The game of ``rulebook`` if one is given; else the game of the card ``what`` names, if
    exactly one game has a card of that name; else the database's only game (of the rulebooks
    in ``books``). Anything else cannot be decided: the error lists the games to choose from.
    """
    if rulebook is not None:
        if rulebook not in books:
            raise QueryError(_("no rulebook {rulebook!r}; the rulebooks are: {known}",
                               rulebook=rulebook, known=", ".join(sorted(books))))
        return books[rulebook]
    from ..cards.matching import name_key

    games = queries.games_of_cards_named(conn, name_key(what))
    if len(games) == 1:
        return games[0]
    if len(games) > 1:
        raise QueryError(_("{what!r} is a card of several games; choose one with --game: "
                           "{games}", what=what, games=", ".join(games)))
    games = sorted(set(books.values()))
    if len(games) == 1:
        return games[0]
    raise QueryError(_("cannot tell which game {what!r} belongs to; choose one with --game: "
                       "{games}", what=what, games=", ".join(games) or _("none")))


def can_play(conn: sqlite3.Connection, what: str, *, game: str | None = None,
             rulebook: str | None = None, verb: str = "play", state: dict | None = None,
             action: dict | None = None, lang: str | None = None) -> dict:
    """Answer ``can-play WHAT``; without ``game``, the game comes from the database
    (``default_game``)."""
    books = queries.rulebook_games(conn)
    if game is None:
        game = default_game(conn, what, rulebook, books)
    query = query_from_flags(game, what, verb=verb, rulebook=rulebook, state=state,
                             action=action)
    return check(conn, query, lang, books)


def game_table(conn: sqlite3.Connection, game: str) -> dict:
    """The whole decision table of ``game``, under each of its rulebooks in the database."""
    from .table import decision_table

    return decision_table(game, queries.rulebooks_of_game(conn, game))


def query_from_flags(game: str, what: str, *, verb: str = "play", rulebook: str | None = None,
                     state: dict | None = None, action: dict | None = None) -> dict:
    """A query for ``can-play WHAT``: WHAT is a card type (``curse``, ``half-breed``) or a card."""
    kind = what.strip().lower().replace("-", "_").replace(" ", "_")
    act = {"verb": verb, **(action or {})}
    if kind in CARD_TYPES.get(game, ()):
        act["card_type"] = kind
    else:
        act["card"] = what
    query = {"game": game, "state": state or {}, "action": act}
    if rulebook:
        query["rulebook"] = rulebook
    return query
