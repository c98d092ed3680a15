"""Benchmark `cardbase ask`: cold start per language, questions per second, reading accuracy.

Cold start: each question runs as a fresh process (`cardbase ask QUESTION`, the language
detected), paired with the floor `python -c "import click, sqlite3"` in every round; the figure
is the median over rounds of (ask time / floor time of the same round), against 2x for English,
Spanish, German and Vietnamese and 2.5x for Japanese (SudachiPy's import and dictionary).
In process: one `Asker` answers the whole question set again and again (readers built once).
Accuracy: tests/ask/questions.yaml per language, full and terse, under made-up variants
(accents dropped, a one-letter typo, full-width forms), with and without --lang; how often the
five languages read one query; and the verdicts against those the rulebooks give.

    python bench/bench_ask.py               # 11 rounds
    python bench/bench_ask.py --rounds 5
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _common import (ROOT, machine, median, precompile, timed_checked, venv_bin,  # noqa: E402
                     write_json)

QUESTIONS = {
    "es": "¿puedo vender objetos durante el combate?",
    "de": "darf ich im Kampf Gegenstände verkaufen?",
    "vi": "có được bán vật phẩm khi chiến đấu không?",
    "ja": "戦闘中にアイテムを売却できる？",
    "en": "can I sell items during combat?",
}
#: the cold-start ratio each language is held to
TARGETS = {"en": 2.0, "es": 2.0, "de": 2.0, "vi": 2.0, "ja": 2.5}



def cold_start(db: Path, rounds: int) -> dict:
    cardbase = venv_bin("cardbase")
    floor = [sys.executable, "-c", "import click, sqlite3"]
    ratios = {lang: [] for lang in QUESTIONS}
    seconds = {lang: [] for lang in QUESTIONS}
    floors = []
    for _ in range(rounds):
        base = timed_checked(floor)[0]
        floors.append(base)
        for lang, question in QUESTIONS.items():
            t = timed_checked([cardbase, "ask", question, "--db", str(db)])[0]
            seconds[lang].append(t)
            ratios[lang].append(t / base)
    return {"floor_s": median(floors), "target_ratios": TARGETS,
            "languages": {lang: {"median_s": median(seconds[lang]),
                                 "median_ratio": median(ratios[lang]),
                                 "within_target": median(ratios[lang]) <= TARGETS[lang]}
                          for lang in QUESTIONS}}


def in_process(db: Path, repeat: int) -> dict:
    from cardbase.ask import Asker
    from cardbase.storage.database import connect
    from tests.ask import measure

    asker = Asker(connect(db))
    texts = [(item[lang][form], lang) for item in measure.questions()
             for lang in measure.LANGS for form in (0, 1)]
    for text, lang in texts:          # build every reader (and load Sudachi) before timing
        measure.read_query(asker, text, lang)
    start = time.perf_counter()
    for _ in range(repeat):
        for text, lang in texts:
            measure.read_query(asker, text, lang)
    elapsed = time.perf_counter() - start
    reading_only = time.perf_counter()
    for _ in range(repeat):
        for text, lang in texts:
            asker.read(text, lang)
    reading_elapsed = time.perf_counter() - reading_only
    n = repeat * len(texts)
    return {"questions": n, "answered_per_second": n / elapsed,
            "read_per_second": n / reading_elapsed}


def accuracy(db: Path) -> dict:
    from cardbase.ask import Asker
    from cardbase.storage.database import connect
    from tests.ask import measure

    asker = Asker(connect(db))
    out = {"languages": {}, "misses": []}
    for lang in measure.LANGS:
        row = {}
        for name, form, variant, given in (
                ("full", 0, None, True), ("terse", 1, None, True),
                ("full_detected", 0, None, False), ("terse_detected", 1, None, False),
                *((name, 0, fn, True) for name, fn in measure.VARIANTS.items())):
            right, total, misses = measure.accuracy(asker, lang, form, variant, given)
            row[name] = f"{right}/{total}"
            out["misses"] += [{"lang": lang, "set": name, "id": i, "text": t, "read": q}
                              for i, t, q in misses]
        right, total, misses = measure.verdicts(asker, lang)
        row["verdict"] = f"{right}/{total}"
        out["languages"][lang] = row
        out["verdict_misses"] = misses   # the same in every language when they agree
    out["five_languages_agree"] = {"full": "%d/%d" % measure.agreement(asker, 0),
                                   "terse": "%d/%d" % measure.agreement(asker, 1)}
    for name in measure.SETS[1:]:
        later = out.setdefault("later_sets", {}).setdefault(name, {})
        for lang in measure.LANGS:
            later[lang] = {form: "%d/%d" % measure.accuracy(asker, lang, i, name=name)[:2]
                           for i, form in enumerate(("full", "terse"))}
        later["agree"] = {form: "%d/%d" % measure.agreement(asker, i, name)
                          for i, form in enumerate(("full", "terse"))}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--db", type=Path, default=ROOT / "cardbase.db")
    args = parser.parse_args()
    precompile()
    result = {"machine": machine(), "accuracy": accuracy(args.db),
              "in_process": in_process(args.db, args.repeat),
              "cold_start": cold_start(args.db, args.rounds)}
    write_json("ask.json", result)
    cold = result["cold_start"]
    print(f"floor {cold['floor_s']:.3f}s")
    for lang, row in cold["languages"].items():
        print(f"ask {lang}: {row['median_s']:.3f}s = {row['median_ratio']:.2f}x floor "
              f"({'ok' if row['within_target'] else 'OVER'} {TARGETS[lang]}x)")
    print(f"in process: {result['in_process']['answered_per_second']:.0f} answered/s, "
          f"{result['in_process']['read_per_second']:.0f} read/s")
    for lang, row in result["accuracy"]["languages"].items():
        print(lang, " ".join(f"{k}={v}" for k, v in row.items()))
    print("agree", result["accuracy"]["five_languages_agree"])
    for name, rows in result["accuracy"]["later_sets"].items():
        print(name, rows)
    for miss in result["accuracy"]["verdict_misses"]:
        print("verdict miss", miss)


if __name__ == "__main__":
    main()
