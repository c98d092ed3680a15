"""The lookup set: queries typed as players type them, and the hit@3 each language reaches.

``lookups.yaml`` holds, per language, queries with the sections a reader would accept; a query is
found when one of those sections is among the first three results of ``find_rules`` asked without
a language filter. ``heldout.yaml`` is a second set in the same format, written apart from the
search code so that it does not flatter it. ``python tests/search/lookup_set.py [DB] [SET]`` prints
the figures and the misses (SET is ``lookups`` or ``heldout``).
"""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
TOP = 3


def load(name: str = "lookups") -> dict[str, list[dict]]:
    return yaml.safe_load((HERE / f"{name}.yaml").read_text(encoding="utf-8"))


def measure(conn: sqlite3.Connection, name: str = "lookups") -> dict[str, dict]:
    """Per language: the number of queries, the hit@3 and the queries that missed."""
    from cardbase.search.rules import find_rules

    figures = {}
    for lang, lookups in load(name).items():
        missed = []
        for lookup in lookups:
            refs = [hit["ref"] for hit in find_rules(conn, lookup["q"], limit=TOP)["results"]]
            if not set(refs[:TOP]) & set(lookup["accept"]):
                missed.append((lookup["q"], refs[:TOP]))
        figures[lang] = {"queries": len(lookups), "hit_at_3": 1 - len(missed) / len(lookups),
                         "missed": missed}
    return figures


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent.parent))
    connection = sqlite3.connect(sys.argv[1] if len(sys.argv) > 1 else "cardbase.db")
    connection.row_factory = sqlite3.Row
    name = sys.argv[2] if len(sys.argv) > 2 else "lookups"
    for language, figure in measure(connection, name).items():
        print(f"{language}: hit@3 {figure['hit_at_3']:.0%} of {figure['queries']}")
        for query, refs in figure["missed"]:
            print(f"   miss {query!r}: {refs}")
