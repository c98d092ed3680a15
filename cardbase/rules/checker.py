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
import marshal
import os
import re
import sqlite3

from .. import games, i18n
from ..errors import QueryError, excerpt
from ..i18n import _, ngettext
from ..storage import queries
from .engine import Citer, shared_answer
from .query import parse_query


#: a query is a few hundred bytes; anything far larger is not one
MAX_QUERY_BYTES = 256 * 1024
#: the query format nests three levels (state.combat.monsters); this leaves room for mistakes
MAX_QUERY_DEPTH = 16
#: no count, level or bonus of a card game comes near this; beyond it a number is a mistake
MAX_QUERY_NUMBER = 10 ** 6
#: the longest text a query may hold (names and ids are a few words)
MAX_QUERY_TEXT = 500
#: the patterns of the checks below, compiled on first use: a question asked from the command
#: line rarely needs them, and compiling them costs it more than answering
_PATTERNS: list = []


def _patterns():
    """(a JSON string or bracket, a colon after it, half of a character)."""
    if not _PATTERNS:
        _PATTERNS.extend((re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]'), re.compile(r"\s*:"),
                          re.compile("[\ud800-\udfff]")))
    return _PATTERNS


def _has_surrogate(text: str) -> bool:
    return not text.isascii() and _patterns()[2].search(text) is not None


class _DuplicateKey(Exception):
    def __init__(self, key: str):
        super().__init__(key)
        self.key = key


def _refuse_duplicates(pairs: list) -> dict:
    result = {}
    for key, value in pairs:
        if key in result:
            raise _DuplicateKey(key)
        result[key] = value
    return result


def _json_shape(text: str) -> tuple[int | None, tuple[int, str] | None]:
    """The line where the nesting passes ``MAX_QUERY_DEPTH``, and the line and key first written
    twice in one object: one pass over the strings and brackets of text that looks like JSON."""
    depth = 0
    too_deep = None
    open_objects: list[set | None] = []
    tokens, colon, _surrogate = _patterns()
    for match in tokens.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > MAX_QUERY_DEPTH and too_deep is None:
                too_deep = text.count("\n", 0, match.start()) + 1
            open_objects.append(set() if token == "{" else None)
        elif token in "]}":
            depth -= 1
            if open_objects:
                open_objects.pop()
        elif open_objects and open_objects[-1] is not None and colon.match(text, match.end()):
            try:
                key = json.loads(token, strict=False)
            except ValueError:  # not a JSON string (a bad escape): json.loads will say so
                key = token
            if key in open_objects[-1]:
                return too_deep, (text.count("\n", 0, match.start()) + 1, key)
            open_objects[-1].add(key)
    return too_deep, None


def _too_deep(where: str) -> QueryError:
    return QueryError(_("{where}: nested deeper than {depth} levels; a query is an object of a "
                        "few levels", where=where, depth=MAX_QUERY_DEPTH))


def _decode(data: bytes, source: str) -> str:
    if len(data) > MAX_QUERY_BYTES:
        raise QueryError(_("{where}: larger than {size} KB; a query is a small JSON or YAML "
                           "object", where=source, size=MAX_QUERY_BYTES // 1024))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise QueryError(_("{where}: not valid UTF-8 (byte {offset}); save the query as UTF-8",
                           where=f"{source}:{line}", offset=exc.start)) from None
    return text[1:] if text.startswith("\ufeff") else text


def read_query_stream(stream, source: str | None = None) -> dict:
    """``read_query`` of a binary stream (a file or standard input), read no further than
    ``MAX_QUERY_BYTES`` so that ``/dev/zero`` is refused rather than read for ever."""
    name = getattr(stream, "name", None)
    source = source or (name if isinstance(name, str) else "query")
    return read_query(stream.read(MAX_QUERY_BYTES + 1), source)


def read_query_file(path) -> dict:
    """``read_query`` of the file at ``path``; one that cannot be opened is a ``QueryError``
    naming it and why."""
    shown = excerpt(os.fsencode(path).decode("utf-8", "replace").replace("\x00", "\\0"), 200)
    try:
        with open(path, "rb") as stream:
            return read_query_stream(stream, shown)
    except IsADirectoryError:
        raise QueryError(_("{path}: is a folder; give a query file (JSON or YAML)",
                           path=shown)) from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        raise QueryError(_("{path}: cannot be read ({reason})", path=shown,
                           reason=getattr(exc, "strerror", None) or exc)) from None


def read_query(text: str | bytes, source: str = "query") -> dict:
    """Parse a query written as JSON or YAML (text, or bytes that must be UTF-8).

    Refused, each with the place it happens: bytes that are not UTF-8, more than
    ``MAX_QUERY_BYTES``, nesting deeper than ``MAX_QUERY_DEPTH``, a key written twice in one
    object, YAML anchors and aliases (a few lines of them stand for billions of values), and
    anything that is not JSON or YAML.
    """
    if isinstance(text, bytes):
        text = _decode(text, source)
    elif len(text) > MAX_QUERY_BYTES:
        raise QueryError(_("{where}: larger than {size} KB; a query is a small JSON or YAML "
                           "object", where=source, size=MAX_QUERY_BYTES // 1024))
    if text.lstrip()[:1] in ("{", "["):
        # fewer brackets than the depth allowed cannot nest too deep: the shape is read only
        # when they might, or to find the line of a key written twice
        if text.count("{") + text.count("[") > MAX_QUERY_DEPTH:
            too_deep, _duplicate = _json_shape(text)
            if too_deep is not None:
                raise _too_deep(f"{source}:{too_deep}")
        try:
            data = json.loads(text, object_pairs_hook=_refuse_duplicates)
        except _DuplicateKey as exc:
            duplicate = _json_shape(text)[1]
            line = duplicate[0] if duplicate else 1
            raise QueryError(_("{where}: the key {key!r} is written twice; write it once",
                               where=f"{source}:{line}", key=excerpt(exc.key))) from None
        except RecursionError:  # the shape check counts what json nests; this is a backstop
            raise _too_deep(source) from None
        except json.JSONDecodeError as json_error:
            return _yaml_query(text, source, json_error)
        except ValueError as exc:  # a number of thousands of digits
            raise QueryError(_("{where}: not valid JSON ({error}); a query is an object",
                               where=source, error=excerpt(str(exc)))) from None
        _check_values(data, source)
        return _object(data, source, 1)
    return _yaml_query(text, source, None)


def _yaml_query(text: str, source: str, json_error) -> dict:
    from ..yamlfile import YamlError, load_yaml

    try:
        data = load_yaml(source, text)
    except YamlError as exc:
        where = f"{source}:{exc.line}" if exc.line else source
        if exc.duplicate is not None:
            raise QueryError(_("{where}: the key {key!r} is written twice; write it once",
                               where=where, key=excerpt(exc.duplicate))) from None
        if exc.too_deep:
            raise _too_deep(where) from None
        if exc.alias is not None:
            raise QueryError(_("{where}: the YAML anchor or alias {name!r} is not allowed in a "
                               "query; write each value out", where=where,
                               name=exc.alias)) from None
        if json_error is not None:  # it looked like JSON: JSON's reason is the useful one
            where, error = f"{source}:{json_error.lineno}", json_error.msg
        else:
            error = excerpt(exc.detail)
        raise QueryError(_("{where}: not valid JSON or YAML ({error})", where=where,
                           error=error)) from None
    _check_values(data, source)
    if not isinstance(data, dict) and json_error is not None:
        raise QueryError(_("{where}: not valid JSON ({error}); a query is an object",
                           where=f"{source}:{json_error.lineno}", error=json_error.msg))
    return _object(data, source, 1)


def _check_values(data, source: str) -> None:
    """Refuse nesting deeper than ``MAX_QUERY_DEPTH``, numbers no game has (infinite, not a
    number, or beyond ``MAX_QUERY_NUMBER``) and text longer than ``MAX_QUERY_TEXT``, naming the
    key where they stand."""
    stack = [("", data, 0)]
    while stack:
        path, value, depth = stack.pop()
        if isinstance(value, (dict, list)):
            if depth >= MAX_QUERY_DEPTH:
                raise _too_deep(source)
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for key, item in items:
                if isinstance(key, str) and _has_surrogate(key):
                    _no_surrogates(source, path or "query")
                inner = f"{path}[{key}]" if isinstance(value, list) else \
                    (f"{path}.{key}" if path else str(key))
                stack.append((inner, item, depth + 1))
        elif isinstance(value, str) and _has_surrogate(value):
            _no_surrogates(source, path)
        elif isinstance(value, str) and len(value) > MAX_QUERY_TEXT:
            raise QueryError(_("{where}: {path}: {value!r} is longer than {limit} characters; "
                               "a name is a few words", where=source,
                               path=excerpt(path or "query"), value=excerpt(value),
                               limit=MAX_QUERY_TEXT))
        elif isinstance(value, (int, float)) and not isinstance(value, bool) \
                and not (abs(value) <= MAX_QUERY_NUMBER):  # also true for nan
            shown = excerpt(str(value) if isinstance(value, float) or value.bit_length() < 200
                            else ngettext("a number of about {n} digit",
                                          "a number of about {n} digits",
                                          int(value.bit_length() * 0.30103) + 1))
            raise QueryError(_("{where}: {path}: {value} is not a number any game has (at most "
                               "{limit} either way)", where=source, path=excerpt(path or "query"),
                               value=shown, limit=MAX_QUERY_NUMBER))


def _no_surrogates(source: str, path: str) -> None:
    # JSON's \ud800 escapes can write half of a character, which no text can print
    raise QueryError(_("{where}: {path}: half of a character (a lone \\u surrogate escape); "
                       "write the whole character", where=source, path=excerpt(path)))


def _object(data, source: str, line: int) -> dict:
    if not isinstance(data, dict):
        raise QueryError(_("{where}: a query is an object (JSON {{...}} or YAML keys), not "
                           "{value!r}", where=f"{source}:{line}", value=excerpt(data)))
    return data


def check(conn: sqlite3.Connection, data: dict, lang: str | None = None,
          books: dict[str, str] | None = None) -> dict:
    """Answer one query (already parsed from JSON or YAML).

    ``books`` (rulebook id → game) saves reading them again when the caller has them.
    """
    citer = Citer.of(conn)
    key = _answer_key(data, lang) if books is None else None
    if key is not None:
        cached = citer.remembered(key)
        if cached is not None:
            return dict(cached)
    if books is None:
        books = citer.books()
        situation = _parse(data, conn, books)
        rulebooks = citer.rulebooks_of(situation.game)
    else:
        situation = _parse(data, conn, books)
        rulebooks = [rb for rb, game in books.items() if game == situation.game]
    if not rulebooks:
        raise QueryError(_("no rulebook of {game} is in the database", game=situation.game))
    result = shared_answer(situation, rulebooks, citer, lang)
    if key is not None:
        citer.remember(key, result)
    return dict(result)


def _answer_key(data, lang: str | None):
    """The same question in the same language gets the same answer from the same database:
    the query written out (``marshal``, else ``repr``: two queries written out alike are the same
    query; the same query written in another key order is only asked again), the citation
    language and the interface catalog (which translates the statements; held, so its identity
    is not reused)."""
    try:
        text = marshal.dumps(data)
    except ValueError:  # a value marshal does not write (a YAML date)
        text = repr(data)
    return text, lang, i18n._translations()


#: how many of a query's problems are listed (a generated query may have thousands)
MAX_PROBLEMS = 20
#: what validation may raise on a value of an unexpected kind instead of a ``QueryError``
_VALUE_ERRORS = (TypeError, AttributeError, ValueError, KeyError, IndexError)


def _parse(data, conn: sqlite3.Connection, books: dict[str, str]):
    """``parse_query``, with a value of a kind validation did not expect (a list where a name
    belongs) refused as a ``QueryError`` naming its field rather than escaping as a crash."""
    try:
        return parse_query(data, conn, books)
    except QueryError as exc:
        problems = str(exc).split("\n")
        if len(problems) <= MAX_PROBLEMS:
            raise
        more = len(problems) - MAX_PROBLEMS
        raise QueryError("\n".join(problems[:MAX_PROBLEMS] + [ngettext(
            "… and {n} more problem", "… and {n} more problems", more)])) from None
    except _VALUE_ERRORS:
        field, value = _culprit(data, conn, books)
        raise QueryError(_("{path}: a value of the wrong kind ({value!r}); see "
                           "docs/check-query.md for what each key takes", path=field,
                           value=excerpt(value))) from None


def _culprit(data, conn, books) -> tuple[str, object]:
    """The field whose value alone makes validation fail as an unexpected error: each key is
    tried in a query of its own (the game, a verb, and that key), first one to fail wins."""
    if not isinstance(data, dict):
        return "query", data
    base = {"game": data.get("game"), "action": {"verb": "play"}}
    trials: list[tuple[str, object, dict]] = []
    for key, value in data.items():
        if key in ("state", "action") and isinstance(value, dict):
            for inner, item in value.items():
                part = dict(base.get(key, {}), **{inner: item})
                trials.append((f"{key}.{inner}", item, dict(base, **{key: part})))
        else:
            trials.append((str(key), value, dict(base, **{key: value})))
    for field, value, query in trials:
        try:
            parse_query(query, conn, books)
        except _VALUE_ERRORS:
            return field, value
        except QueryError:
            continue
    return "query", data


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
    """The whole decision table of ``game``, under each of its rulebooks in the database that
    some rule reads (a rulebook no rule cites would only fill a column with silence); a game
    the database does not hold is refused with the games it does."""
    from .model import encoded_rulebooks
    from .table import decision_table

    held = [g for g in queries.game_ids(conn) if games.known(g) is not None]
    if game not in held:
        raise QueryError(_("unknown game {game!r}; the games are: {known}", game=excerpt(game),
                           known=", ".join(held) or _("none")))
    books = queries.rulebooks_of_game(conn, game)
    encoded = encoded_rulebooks(game)
    return decision_table(game, [rb for rb in books if rb in encoded] or books)


def query_from_flags(game: str, what: str, *, verb: str = "play", rulebook: str | None = None,
                     state: dict | None = None, action: dict | None = None) -> dict:
    """A query for ``can-play WHAT``: WHAT is a card type (``curse``, ``half-breed``) or a card."""
    kind = what.strip().lower().replace("-", "_").replace(" ", "_")
    act = {"verb": verb, **(action or {})}
    declared = games.known(game)
    if declared is not None and kind in declared.card_types:
        act["card_type"] = kind
    else:
        act["card"] = what
    query = {"game": game, "state": state or {}, "action": act}
    if rulebook:
        query["rulebook"] = rulebook
    return query
