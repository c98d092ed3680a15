"""Score `cardbase ask` on a set of plain-language questions with their careful readings.

A set is a YAML file in the format of tests/ask/*.yaml: each question has `facts` (the query a
careful reader writes, flattened to dotted paths), `verdict` (what the rulebook says) and, per
language, a list of forms (the first a full or narrative question, the second a terse or chat
one). For each language and form this reports:

- verdict: the answer's verdict is the expected one;
- query: the query read is exactly the careful one (what the question presupposes aside);
- facts: the share of the careful query's facts the reading found;
- check: the answer's verdict equals `cardbase check` on the careful query;
- wrong+complete: answers with a wrong verdict that still claimed a complete reading (the
  figure that must stay near 0);
- and over all languages, how many questions get one verdict in all five.

    python bench/bench_ask_rounds.py tests/ask/round7.yaml [--db cardbase.db] [--misses]

The scoring itself is `tests.ask.measure.score`, which the tests use too.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.ask import measure  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("set", type=Path)
    parser.add_argument("--db", type=Path, default=Path("cardbase.db"))
    parser.add_argument("--misses", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    import yaml

    from cardbase.storage.database import connect

    items = yaml.safe_load(args.set.read_text(encoding="utf-8"))["questions"]
    result = measure.score(connect(args.db), items)
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=1, default=str))
        return
    print(f"{args.set.name}: {result['questions']} questions")
    print(f"{'':10} {'verdict':>9} {'query':>9} {'facts':>6} {'=check':>9} {'complete':>9} "
          f"{'wrong+complete':>15} {'refused':>8}")
    for name, row in result["rows"].items():
        n = row["n"] or 1
        print(f"{name:10} {row['verdict']:>4}/{row['n']:<4} {row['query']:>4}/{row['n']:<4} "
              f"{row['facts']:>6.2f} {row['check']:>4}/{row['n']:<4} {row['complete']:>4}/"
              f"{row['n']:<4} {row['wrong_complete']:>4} ({100 * row['wrong_complete'] / n:4.1f} %)"
              f" {row['refused']:>8}")
    print("same verdict in all five languages:", result["five_languages_same_verdict"])
    if args.misses:
        for miss in result["misses"]:
            print("  miss", *miss)


if __name__ == "__main__":
    main()
