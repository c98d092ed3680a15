"""Benchmark the cold start of the query commands against the interpreter floor, per language.

Each command runs as a fresh process, timed with perf_counter around subprocess.run. The floor is
`python -c "import click, sqlite3"`. Runs are paired: every round runs the floor and then each
command, so machine noise falls on both alike; the figure is the median over rounds of
(command time / floor time of the same round), for wall time and for CPU time (user + system of
the child, from getrusage), which a busy machine disturbs less. Commands: `cardbase rule huir`, `cardbase card
"Maza Afilada"`, `cardbase section munchkin-es/huir`, `cardbase check` on a query file, each with LANG unset (English) and under
LANG=es_ES.UTF-8, de_DE.UTF-8, ja_JP.UTF-8 and vi_VN.UTF-8 (the interface catalog is loaded).

Also reported: the wheel's size and what it holds (built with `pip wheel --no-deps`).

    python bench/bench_coldstart.py             # 15 rounds
    python bench/bench_coldstart.py --rounds 5
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import zipfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import (ENV, ROOT, machine, median, precompile, timed_checked, venv_bin,  # noqa: E402
                     write_json)

QUERY = {"game": "munchkin", "rulebook": "munchkin-es",
         "state": {"phase": "combat", "my_turn": False},
         "action": {"verb": "play", "card_type": "curse"}}
LANGS = [None, "es_ES.UTF-8", "de_DE.UTF-8", "ja_JP.UTF-8", "vi_VN.UTF-8"]
TARGET = 1.3



def cold_start(db: Path, query: Path, rounds: int) -> list[dict]:
    cardbase = venv_bin("cardbase")
    floor = [sys.executable, "-c", "import click, sqlite3"]
    commands = {
        "rule": [cardbase, "rule", "huir", "--db", str(db)],
        "card": [cardbase, "card", "Maza Afilada", "--db", str(db)],
        "section": [cardbase, "section", "munchkin-es/huir", "--db", str(db)],
        "check": [cardbase, "check", str(query), "--db", str(db)],
    }
    results = []
    for lang in LANGS:
        env = {k: v for k, v in ENV.items() if k not in ("LANG", "LANGUAGE", "LC_ALL",
                                                          "LC_MESSAGES")}
        if lang:
            env["LANG"] = lang
        for name, cmd in commands.items():
            timed_checked(cmd, env)  # warm-up: OS cache, compiled catalog in the user cache
            ratios, cpu_ratios, times, floors = [], [], [], []
            for _ in range(rounds):
                base, base_cpu = timed_checked(floor, env)
                took, took_cpu = timed_checked(cmd, env)
                ratios.append(took / base)
                cpu_ratios.append(took_cpu / base_cpu if base_cpu else float("nan"))
                times.append(took)
                floors.append(base)
            results.append({"command": name, "lang": lang or "en", "rounds": rounds,
                            "median_ms": median(times) * 1000,
                            "floor_median_ms": median(floors) * 1000,
                            "paired_ratio": median(ratios),
                            "paired_cpu_ratio": median(cpu_ratios)})
    return results


def wheel_report() -> dict:
    with tempfile.TemporaryDirectory() as out:
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", out,
                        str(ROOT)], check=True)
        wheel = next(Path(out).glob("cardbase-*.whl"))
        with zipfile.ZipFile(wheel) as archive:
            infos = archive.infolist()
        parts = Counter()
        for info in infos:
            name = info.filename
            key = ("catalogs" if "/_shipped/locales/" in name else
                   "site pages and overrides" if "/_shipped/site/" in name else
                   "mkdocs.yml" if name.endswith("_shipped/mkdocs.yml") else
                   "templates" if name.endswith(".j2") else
                   "python" if name.endswith(".py") else "metadata")
            parts[key] += info.file_size
        return {"file": wheel.name, "bytes": wheel.stat().st_size, "files": len(infos),
                "uncompressed_by_part": dict(parts)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args(argv)
    precompile()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "cardbase.db"
        subprocess.run([venv_bin("cardbase"), "build", "-q", "--db", str(db)], cwd=ROOT,
                       check=True)
        query = Path(tmp) / "query.json"
        query.write_text(json.dumps(QUERY), encoding="utf-8")
        rows = cold_start(db, query, args.rounds)
    wheel = wheel_report()
    write_json("coldstart.json", {"machine": machine(), "cold_start": rows, "wheel": wheel})
    print("| command | LANG | median | floor | paired wall ratio | paired CPU ratio |")
    print("|---|---|---|---|---|---|")
    for row in rows:
        mark = "" if row["paired_ratio"] <= TARGET else " (over 1.3x)"
        print(f"| {row['command']} | {row['lang']} | {row['median_ms']:.0f} ms | "
              f"{row['floor_median_ms']:.0f} ms | {row['paired_ratio']:.2f}x{mark} | "
              f"{row['paired_cpu_ratio']:.2f}x |")
    print(f"\nwheel {wheel['file']}: {wheel['bytes'] / 1024:.0f} KiB, {wheel['files']} files; "
          + ", ".join(f"{k} {v / 1024:.0f} KiB" for k, v in wheel["uncompressed_by_part"].items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
