"""Benchmark: the rules checker.

Measures, in process, the time to enumerate each game's decision table and the verdicts per
second over all of it (every cell judged under every rulebook of the game); complete answers per
second from ``check()`` (with citations) over every acceptance ruling and every decision-table
cell, asked once (nothing remembered yet) and asked again (the connection remembers answers);
the acceptance rulings right per game and per edition (misses listed); and, as whole cold
processes (median of ten after one warm-up), `cardbase check` on the query of the public spec
next to `cardbase rule` and the interpreter floor `python -c "import click, sqlite3"`, with the
ratio of each to the floor.

Questions never asked before (``rules_fresh.py``: decision-table cells with facts drawn at random
from the vocabulary): answers per second per game, first in a new process and then after as many
other new questions, and the time of each game's whole decision table. Each round runs the code
under test and, with ``--baseline REF``, the code of that git commit (extracted with ``git
archive``, run on the same database) one after the other, each in a new process; the figures are
medians over the rounds, and the ratio to the baseline is taken round by round. The rates are
processor time of the measuring process (a loaded machine changes them less than wall time).

    python bench/bench_rules.py [--runs 10] [--rounds 3] [--baseline dd79c56] [--n 10000]
"""

from __future__ import annotations

import argparse
import json
import subprocess
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
        **{f"cardbase table {game}": [cardbase, "table", game, "--db", str(db)]
           for game in ("munchkin", "munchkin-warhammer-aos", "dungeon-mayhem",
                        "smashup-munchkin")},
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


def fresh(db: Path, baseline: str | None, rounds: int, n: int, tmp: Path) -> dict:
    """``rules_fresh.py`` for the code under test and the baseline, alternately, ``rounds``
    times: medians per game, and the median of each round's ratio to the baseline."""
    trees = {"current": ROOT}
    if baseline:
        tree = tmp / "baseline"
        tree.mkdir()
        archive = subprocess.run(["git", "archive", baseline, "cardbase"], cwd=ROOT,
                                 capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
        trees["baseline"] = tree
    runs: dict[str, list[dict]] = {name: [] for name in trees}
    for round_ in range(rounds):
        for name, tree in trees.items():
            proc = subprocess.run([sys.executable, str(ROOT / "bench" / "rules_fresh.py"),
                                   str(tree), str(db), "--n", str(n), "--seed", str(7 + round_)],
                                  capture_output=True, text=True, check=True)
            runs[name].append(json.loads(proc.stdout))
    out = {}
    for game in runs["current"][0]:
        row = {}
        for name in trees:
            for measure in ("first_per_second", "then_per_second", "table_ms"):
                row[f"{name}_{measure}"] = median([r[game][measure] for r in runs[name]])
        if baseline:
            for measure in ("first_per_second", "then_per_second"):
                row[f"ratio_{measure}"] = round(median(
                    [c[game][measure] / b[game][measure]
                     for c, b in zip(runs["current"], runs["baseline"])]), 2)
            row["ratio_table"] = round(median(
                [c[game]["table_ms"] / b[game]["table_ms"]
                 for c, b in zip(runs["current"], runs["baseline"])]), 2)
        row["questions"] = runs["current"][0][game]["first_n"]
        out[game] = row
    return {"baseline": baseline, "rounds": rounds, "n": n, "games": out}


def main() -> None:
    precompile()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--n", type=int, default=10000)
    parser.add_argument("--baseline", default=None,
                        help="a git commit to measure beside the code under test")
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
        new = fresh(db, args.baseline, args.rounds, args.n, Path(tmp))
    data = {"machine": machine(), "code": git_state(), "runs": args.runs, "tables": tables,
            "answers": rates, "rulings": score, "cold_median_ms": processes, "fresh": new}
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
    columns = ["game", "questions", "first answers/s", "then answers/s", "table ms"]
    if args.baseline:
        columns += ["baseline first/s", "baseline then/s", "baseline table ms", "× first",
                    "× then", "× table time"]
    rows = []
    for game, row in new["games"].items():
        cells = [game, row["questions"], row["current_first_per_second"],
                 row["current_then_per_second"], row["current_table_ms"]]
        if args.baseline:
            cells += [row["baseline_first_per_second"], row["baseline_then_per_second"],
                      row["baseline_table_ms"], row["ratio_first_per_second"],
                      row["ratio_then_per_second"], row["ratio_table"]]
        rows.append(cells)
    print(markdown_table(columns, rows))
    print()
    floor = processes["python -c 'import click, sqlite3' (floor)"]
    print(markdown_table(["command", "median ms", "× floor"],
                         [[k, v, round(v / floor, 2)] for k, v in processes.items()]))


if __name__ == "__main__":
    main()
