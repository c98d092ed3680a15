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
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.ask import measure  # noqa: E402

FORMS = ("full", "terse")


def nested(facts: dict) -> dict:
    """The careful query from its flattened facts."""
    query: dict = {"state": {}, "action": {}}
    for path, value in facts.items():
        node = query
        parts = path.split(".")
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        node[parts[-1]] = value
    query.setdefault("game", "munchkin")
    return query


def score(conn, items: list[dict], langs=measure.LANGS) -> dict:
    from cardbase.ask import Asker
    from cardbase.errors import CardbaseError
    from cardbase.rules.checker import check

    asker = Asker(conn)
    rows, verdicts_by_item, misses = {}, {}, []
    for lang in langs:
        for form_index, form in enumerate(FORMS):
            row = {"n": 0, "verdict": 0, "query": 0, "facts": 0.0, "check": 0,
                   "wrong_complete": 0, "complete": 0, "refused": 0}
            for item in items:
                texts = item.get(lang) or []
                if form_index >= len(texts):
                    continue
                row["n"] += 1
                want = measure.expected(item)
                careful = nested({k: v for k, v in want.items()})
                try:
                    checked = check(conn, careful)["verdict"]
                except CardbaseError:
                    checked = None
                try:
                    answer = asker.ask(texts[form_index], lang)
                except CardbaseError:
                    row["refused"] += 1
                    verdicts_by_item.setdefault(item["id"], {})[(lang, form)] = None
                    misses.append((item["id"], lang, form, "refused", None))
                    continue
                assumed = {a["key"] for a in answer["assumed"] if a["why"] != "default"}
                got = {k: v for k, v in measure.flat(answer["query"]).items()
                       if k not in assumed}
                right = answer["verdict"] == item["verdict"]
                row["verdict"] += right
                row["query"] += got == want
                row["facts"] += sum(got.get(k) == v for k, v in want.items()) / len(want)
                row["check"] += answer["verdict"] == checked
                row["complete"] += answer["complete"]
                row["wrong_complete"] += (not right) and answer["complete"]
                verdicts_by_item.setdefault(item["id"], {})[(lang, form)] = answer["verdict"]
                if not right:
                    misses.append((item["id"], lang, form, answer["verdict"],
                                   {"want": item["verdict"], "query": got,
                                    "unread": answer["unread"]}))
            if row["n"]:
                row["facts"] = round(row["facts"] / row["n"], 3)
            rows[f"{lang}-{form}"] = row
    same = {}
    for form in FORMS:
        same[form] = sum(
            1 for item_verdicts in verdicts_by_item.values()
            if len({v for (lang, f), v in item_verdicts.items() if f == form}) == 1
            and None not in item_verdicts.values())
    return {"questions": len(items), "rows": rows, "five_languages_same_verdict": same,
            "misses": misses}


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
    result = score(connect(args.db), items)
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
