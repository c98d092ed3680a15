"""Benchmark: the rules checker.

Measures, in process, the time to enumerate each game's decision table and the verdicts per
second over all of it (every cell judged under every rulebook of the game); complete answers per
second from ``check()`` (with citations) over every acceptance ruling and every decision-table
cell, asked once (nothing remembered yet) and asked again (the connection remembers answers);
the acceptance rulings right per game and per edition (misses listed); and, as whole cold
processes (median of ten after one warm-up), `cardbase check` on the query of the public spec
next to `cardbase rule` and the interpreter floor `python -c "import click, sqlite3"`.

    python bench/bench_rules.py [--runs 10]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import (precompile, ROOT, git_state, machine, markdown_table, median,  # noqa: E402
                     timed_run, venv_bin, write_json)

SPEC_QUERY = """{"game": "munchkin", "rulebook": "munchkin-es",
 "state": {"phase": "combat", "my_turn": false, "role": "bystander", "level": 4},
 "action": {"verb": "play", "card_type": "monster_enhancer", "from": "hand", "target": "monster"}}
"""


def in_process(db: Path, repeats: int = 5) -> list[dict]:
    sys.path.insert(0, str(ROOT))
    from cardbase.rules.engine import judge
    from cardbase.rules.model import rules_for
    from cardbase.rules.query import Situation
    from cardbase.rules.table import situations
    import sqlite3

    conn = sqlite3.connect(db)
    results = []
    for game in ("munchkin", "munchkin-warhammer-aos", "dungeon-mayhem", "smashup-munchkin"):
        books = [r[0] for r in conn.execute("SELECT id FROM rulebooks WHERE game_id = ?", (game,))]
        rules = rules_for(game)
        enumerate_times, judge_times = [], []
        for _ in range(repeats):
            start = time.perf_counter()
            cells = list(situations(game))
            enumerate_times.append(time.perf_counter() - start)
            queries = [c.as_query(game) for c in cells]
            parsed = [Situation(game, None, q["action"]["verb"], q["state"], q["action"])
                      for q in queries]
            start = time.perf_counter()
            for situation in parsed:
                for book in books:
                    judge(situation, book, rules)
            judge_times.append(time.perf_counter() - start)
        verdicts = len(cells) * len(books)
        results.append({"game": game, "cells": len(cells), "rulebooks": len(books),
                        "verdicts": verdicts,
                        "enumerate_ms": round(median(enumerate_times) * 1000, 2),
                        "judge_ms": round(median(judge_times) * 1000, 2),
                        "verdicts_per_second": round(verdicts / median(judge_times))})
    return results


def answers(db: Path) -> dict:
    """check() over the rulings' and the decision tables' queries: first asked, then again."""
    import sqlite3

    from cardbase.rules.checker import check
    from cardbase.rules.table import situations

    queries = [r["query"] for r in load_rulings()]
    for game in ("munchkin", "munchkin-warhammer-aos", "dungeon-mayhem", "smashup-munchkin"):
        queries += [cell.as_query(game) for cell in situations(game)]
    conn = sqlite3.connect(db)
    check(conn, queries[0])  # the connection's citations are read once, here
    start = time.perf_counter()
    for query in queries:
        check(conn, query)
    first = time.perf_counter() - start
    rounds = 5
    start = time.perf_counter()
    for _ in range(rounds):
        for query in queries:
            check(conn, query)
    again = time.perf_counter() - start
    return {"queries": len(queries), "first_asked_per_second": round(len(queries) / first),
            "asked_again_per_second": round(rounds * len(queries) / again)}


def load_rulings() -> list[dict]:
    import yaml

    rulings = []
    for path in sorted((ROOT / "tests" / "rulings").glob("*.yaml")):
        book = yaml.safe_load(path.read_text(encoding="utf-8"))
        for ruling in book["rulings"]:
            rulings.append({**ruling, "query": {
                "game": book["game"], "rulebook": book["rulebook"],
                "state": ruling.get("state", {}), "action": ruling["action"]}})
    return rulings


def rulings_score(db: Path) -> list[dict]:
    """The acceptance rulings: verdict, deciding rules and quotes right, per rulebook."""
    import sqlite3

    from cardbase.rules.checker import check

    conn = sqlite3.connect(db)
    rows: dict[str, dict] = {}
    for ruling in load_rulings():
        answer = check(conn, ruling["query"])
        deciding = {e["rule"] for e in answer["because"]}
        shown = {c["quote"] for e in answer["because"] for c in e["citations"]}
        right = (answer["verdict"] == ruling["verdict"]
                 and set(ruling.get("rules", ())) <= deciding
                 and all(q in shown for q in ruling.get("quotes", ()))
                 and answer["covered"] == ruling.get("covered", answer["covered"]))
        book = ruling["query"]["rulebook"]
        row = rows.setdefault(book, {"rulebook": book, "game": ruling["query"]["game"],
                                     "rulings": 0, "right": 0, "misses": []})
        row["rulings"] += 1
        row["right"] += right
        if not right:
            row["misses"].append(ruling["ask"])
    return list(rows.values())


def cold(db: Path, query: Path, runs: int) -> dict:
    cardbase = venv_bin("cardbase")
    commands = {
        "python -c 'import click, sqlite3' (floor)": [sys.executable, "-c", "import click, sqlite3"],
        "cardbase check (spec query)": [cardbase, "check", str(query), "--db", str(db)],
        "cardbase check --json": [cardbase, "check", str(query), "--json", "--db", str(db)],
        "cardbase rule huir": [cardbase, "rule", "huir", "--db", str(db)],
    }
    out = {}
    for label, command in commands.items():
        timed_run(command)
        samples = []
        for _ in range(runs):
            seconds, proc = timed_run(command)
            if proc.returncode != 0:
                raise SystemExit(f"{label} failed: {proc.stderr.decode()[-2000:]}")
            samples.append(seconds)
        out[label] = round(median(samples) * 1000, 1)
    return out


def main() -> None:
    precompile()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "cardbase.db"
        query = Path(tmp) / "query.json"
        query.write_text(SPEC_QUERY, encoding="utf-8")
        seconds, proc = timed_run([venv_bin("cardbase"), "build", "-q", "--db", str(db)])
        if proc.returncode != 0:
            raise SystemExit(proc.stderr.decode())
        tables = in_process(db)
        rates = answers(db)
        score = rulings_score(db)
        processes = cold(db, query, args.runs)
    data = {"machine": machine(), "code": git_state(), "runs": args.runs, "tables": tables,
            "answers": rates, "rulings": score, "cold_median_ms": processes}
    write_json("rules.json", data)
    print(markdown_table(["game", "cells", "rulebooks", "verdicts", "enumerate ms", "judge ms",
                          "verdicts/s"],
                         [[t["game"], t["cells"], t["rulebooks"], t["verdicts"], t["enumerate_ms"],
                           t["judge_ms"], t["verdicts_per_second"]] for t in tables]))
    print()
    print(markdown_table(["queries", "answers/s, first asked", "answers/s, asked again"],
                         [[rates["queries"], rates["first_asked_per_second"],
                           rates["asked_again_per_second"]]]))
    print()
    print(markdown_table(["game", "rulebook", "rulings", "right", "misses"],
                         [[r["game"], r["rulebook"], r["rulings"], r["right"],
                           "; ".join(r["misses"]) or "none"] for r in score]))
    print()
    floor = processes["python -c 'import click, sqlite3' (floor)"]
    print(markdown_table(["command", "median ms", "× floor"],
                         [[k, v, round(v / floor, 2)] for k, v in processes.items()]))


if __name__ == "__main__":
    main()
