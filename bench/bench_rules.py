"""Benchmark: the rules checker.

Measures, in process, the time to enumerate each game's decision table and the verdicts per
second over all of it (every cell judged under every rulebook of the game), and, as whole cold
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
            parsed = [Situation(game, None, dict(c.action)["verb"], dict(c.state), dict(c.action))
                      for c in cells]
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
        processes = cold(db, query, args.runs)
    data = {"machine": machine(), "code": git_state(), "runs": args.runs, "tables": tables,
            "cold_median_ms": processes}
    write_json("rules.json", data)
    print(markdown_table(["game", "cells", "rulebooks", "verdicts", "enumerate ms", "judge ms",
                          "verdicts/s"],
                         [[t["game"], t["cells"], t["rulebooks"], t["verdicts"], t["enumerate_ms"],
                           t["judge_ms"], t["verdicts_per_second"]] for t in tables]))
    print()
    floor = processes["python -c 'import click, sqlite3' (floor)"]
    print(markdown_table(["command", "median ms", "× floor"],
                         [[k, v, round(v / floor, 2)] for k, v in processes.items()]))


if __name__ == "__main__":
    main()
