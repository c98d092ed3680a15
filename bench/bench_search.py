"""Benchmark search: hit@3 of the lookup set per language, and `cardbase rule` cold per language.

hit@3 comes from ``tests/search/lookups.yaml`` (queries typed as players type them, each with the
sections a reader accepts) and from ``tests/search/heldout.yaml``, a second set written apart from
the search code. The cold start runs `cardbase rule` as a fresh process with a query
in each language, paired round by round with the floor `python -c "import click, sqlite3"`; the
figure is the median of (command time / floor time of the same round). A Japanese query with
hiragana loads SudachiPy's dictionary and is reported beside the target, not held to it.

    python bench/bench_search.py              # 15 rounds
    python bench/bench_search.py --rounds 5
"""

from __future__ import annotations

import argparse
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import (ROOT, machine, median, precompile, timed_checked, venv_bin,  # noqa: E402
                     write_json)

TARGET = 1.3
QUERIES = {"es": "vendo objetos", "de": "gegenstaende verkaufen", "vi": "quai vat khong kiem soat",
           "en": "run away", "ja (kanji only)": "戦闘", "ja (with hiragana)": "モンスターから逃げる"}



def cold_rule(db: Path, rounds: int) -> list[dict]:
    floor = [sys.executable, "-c", "import click, sqlite3"]
    rows = []
    for lang, query in QUERIES.items():
        cmd = [venv_bin("cardbase"), "rule", query, "--db", str(db)]
        timed_checked(cmd)
        ratios, times = [], []
        for _ in range(rounds):
            base = timed_checked(floor)[0]
            took = timed_checked(cmd)[0]
            ratios.append(took / base)
            times.append(took)
        rows.append({"lang": lang, "query": query, "median_ms": median(times) * 1000,
                     "paired_ratio": median(ratios)})
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args(argv)
    precompile()
    sys.path.insert(0, str(ROOT / "tests" / "search"))
    from lookup_set import measure

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "cardbase.db"
        subprocess.run([venv_bin("cardbase"), "build", "-q", "--db", str(db)], cwd=ROOT,
                       check=True)
        conn = sqlite3.connect(db)
        conn.row_factory = sqlite3.Row
        hits = measure(conn)
        heldout = measure(conn, "heldout")
        conn.close()
        cold = cold_rule(db, args.rounds)
    write_json("search.json", {"machine": machine(), "cold_rule": cold,
                               "hit_at_3": {k: {"queries": v["queries"], "hit_at_3": v["hit_at_3"],
                                                "missed": v["missed"]} for k, v in hits.items()},
                               "heldout_hit_at_3": {
                                   k: {"queries": v["queries"], "hit_at_3": v["hit_at_3"],
                                       "missed": v["missed"]} for k, v in heldout.items()}})
    print("| language | queries | hit@3 | held-out queries | held-out hit@3 |")
    print("|---|---|---|---|---|")
    for lang, figure in hits.items():
        other = heldout.get(lang, {"queries": 0, "hit_at_3": 0})
        print(f"| {lang} | {figure['queries']} | {figure['hit_at_3']:.0%} | {other['queries']} | "
              f"{other['hit_at_3']:.0%} |")
    print("\n| query language | query | median | paired ratio |")
    print("|---|---|---|---|")
    for row in cold:
        mark = "" if row["paired_ratio"] <= TARGET else " (over 1.3x)"
        print(f"| {row['lang']} | {row['query']} | {row['median_ms']:.0f} ms | "
              f"{row['paired_ratio']:.2f}x{mark} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
