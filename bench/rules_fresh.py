"""Measured in a process of its own: answers per second to questions never asked before, and the
time of each game's whole decision table, for the code tree given (the current one or a baseline).

The questions are the cells of each game's decision table with more facts drawn at random from
the vocabulary the game declares (`cardbase/rules/query.py`): numbers in their ranges (open
ranges up to 20), yes/no keys and named values, each key with some chance, and the rulebook
named on half of them; each text is asked once. Queries the checker refuses (a state that
cannot happen, a `to_level` the other facts contradict) are dropped before timing. Per game, in
a new process: `first` is the first N such questions (nothing remembered yet), `then` the next
N, all different from the first (the process has answered N others).
Times are processor time of this process (a loaded machine changes them less than wall time).

    python bench/rules_fresh.py CODE_ROOT DB [--n 20000] [--seed 7]   # prints JSON
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import sys
import time

GAMES = ("munchkin", "munchkin-warhammer-aos", "dungeon-mayhem", "smashup-munchkin")
#: the highest number drawn for a count or size whose declared range is open
OPEN_HIGH = 20


def fresh_queries(game: str, books: dict[str, str], n: int, seed: int, avoid=()) -> list[dict]:
    from cardbase.rules.query import ACTION_SPECS, STATE_KEYS
    from cardbase.rules.table import situations

    rnd = random.Random(seed)
    cells = [cell.as_query(game) for cell in situations(game)]
    draws = {"state": _draws(STATE_KEYS[game], (0.5, 0.2, 0.1)),
             "action": _draws(ACTION_SPECS[game], (0.15, 0.1, 0.05))}
    rulebooks = sorted(rb for rb, g in books.items() if g == game)
    seen, out = set(avoid), []
    for _attempt in range(50 * n):
        if len(out) >= n:
            break
        query = rnd.choice(cells)
        fresh = {"game": game}
        for where in ("state", "action"):
            part = fresh[where] = dict(query[where])
            for key, chance, values in draws[where]:
                if key not in part and rnd.random() < chance:
                    part[key] = rnd.choice(values)
        if rnd.random() < 0.5:
            fresh["rulebook"] = rnd.choice(rulebooks)
        text = repr(fresh)
        if text not in seen:
            seen.add(text)
            out.append(fresh)
    return out


def _draws(specs: dict, chances: tuple[float, float, float]) -> list[tuple[str, float, list]]:
    """Each key of ``specs`` that takes a number, a yes or no, or one of a list of names, with
    the chance it is added to a question and the values drawn from (``chances``: for numbers,
    for yes/no, for names)."""
    out = []
    for key, spec in specs.items():
        if key in ("verb", "card", "card_type", "from", "phase", "my_turn", "role"):
            continue  # the decision table's cell sets these
        if spec is bool:
            out.append((key, chances[1], [True, False]))
        elif isinstance(spec, tuple) and spec[0] == "int":
            out.append((key, chances[0], list(range(spec[1], min(spec[2], OPEN_HIGH) + 1))))
        elif isinstance(spec, tuple) and spec[0] == "one of":
            out.append((key, chances[2], list(spec[1])))
    return out


def measure(db: str, n: int, seed: int) -> dict:
    from cardbase.errors import QueryError
    from cardbase.rules.checker import check
    from cardbase.rules.engine import _check_derived_level
    from cardbase.rules.query import parse_query
    from cardbase.rules.table import decision_table

    books = dict(sqlite3.connect(db).execute("SELECT id, game_id FROM rulebooks"))

    def valid(queries):
        kept = []
        for query in queries:
            try:
                situation = parse_query(query, None, books)
                _check_derived_level(situation, [rb for rb, g in books.items()
                                                 if g == query["game"]])
            except QueryError:
                continue
            kept.append(query)
        return kept

    out = {}
    for game in GAMES:
        first = valid(fresh_queries(game, books, n, seed))
        then = valid(fresh_queries(game, books, n, seed + 1, avoid={repr(q) for q in first}))
        out[game] = {"first_n": len(first), "then_n": len(then)}
        out[game]["table_ms"] = round(_median_of(3, lambda: decision_table(
            game, sorted(rb for rb, g in books.items() if g == game))) * 1000, 1)
    for game in GAMES:  # the rates after the tables, each game on a new connection
        first = valid(fresh_queries(game, books, n, seed))
        then = valid(fresh_queries(game, books, n, seed + 1, avoid={repr(q) for q in first}))
        conn = sqlite3.connect(db)
        check(conn, {"game": game, "action": {"verb": "end_turn"}})  # reads the citations
        for name, queries in (("first", first), ("then", then)):
            start = time.process_time()
            for query in queries:
                check(conn, query)
            out[game][f"{name}_per_second"] = round(len(queries) / (time.process_time() - start))
    return out


def _median_of(runs: int, work) -> float:
    times = []
    for _ in range(runs):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return sorted(times)[len(times) // 2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("code_root")
    parser.add_argument("db")
    parser.add_argument("--n", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    sys.path.insert(0, args.code_root)
    json.dump(measure(args.db, args.n, args.seed), sys.stdout)


if __name__ == "__main__":
    main()
