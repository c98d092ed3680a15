"""A random sample of the sentences `cardbase rules coverage` calls encoded, to be read by hand.

For each rulebook it draws, with a fixed seed, a number of encoded sentences and prints each with
its section, the rules citing it, their statements and the verbs their judges decide: a reader
checks that the citing rule is the one the sentence states (not a neighbour quoting it) and that
its judge decides questions the way the sentence says. The same seed on the same database gives
the same sample.

    python bench/coverage_sample.py [--db cardbase.db] [--seed 20261202] [--per-book 12]
"""

from __future__ import annotations

import argparse
import random
import sqlite3

from cardbase import games
from cardbase.rules.coverage import coverage
from cardbase.rules.model import REGISTRY, rules_for


def sample(conn, seed: int, per_book: int) -> list[dict]:
    """``per_book`` encoded sentences of each rulebook, drawn with ``seed``."""
    rng = random.Random(seed)
    drawn = []
    for book in coverage(conn)["rulebooks"]:
        encoded = [item for item in book["items"] if item["status"] == "encoded"]
        for item in rng.sample(encoded, min(per_book, len(encoded))):
            drawn.append({"rulebook": book["rulebook"], **item})
    return drawn


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", default="cardbase.db")
    parser.add_argument("--seed", type=int, default=20261202)
    parser.add_argument("--per-book", type=int, default=12)
    args = parser.parse_args()
    for game in games.ids():
        rules_for(game)
    by_id = {rule.id: rule for rule in REGISTRY}
    conn = sqlite3.connect(args.db)
    for number, item in enumerate(sample(conn, args.seed, args.per_book), 1):
        print(f"{number:3} {item['section']}")
        print(f"    {item['sentence']}")
        for rule_id in item["rules"]:
            rule = by_id.get(rule_id)
            print(f"    - {rule_id}: {rule.statement if rule else '?'}"
                  f" (verbs: {', '.join(rule.verbs) if rule and rule.verbs else 'any/none'})")


if __name__ == "__main__":
    main()
