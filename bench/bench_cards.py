"""Benchmark: the card database at scale.

Builds a copy of data/ with a synthetic card list of N cards named in six languages (en, es, de,
ja, vi, fr; names made from the vocabulary of the real card names, so they fold, index and match
like them), for N from 100 to 20,000, and measures for each size the whole build (wall time and
peak memory), the database size, and `cardbase card` as a whole cold process, median of ten runs,
for an exact name and for a misspelt one, next to `cardbase rule` on the same database.

    python bench/bench_cards.py            # sizes 100, 1000, 5000, 20000
    python bench/bench_cards.py --quick    # sizes 100, 1000, 3 runs
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import (precompile, ROOT, git_state, machine, markdown_table, measure_child,  # noqa: E402
                     median, timed_run, venv_bin, write_json)

WORDS = {
    "en": (["Mace", "Troll", "Dragon", "Boots", "Staff", "Armor", "Slime", "Vampire", "Ring",
            "Missile", "Chainsaw", "Kneepads", "Potion", "Helm", "Sword"],
           ["of Sharpness", "of Napalm", "of Allure", "of Butt-Kicking", "of Doom", "of Wishes",
            "of Plutonium", "of the Net", "of Flames", "of Drooling"]),
    "es": (["Maza", "Troll", "Dragón", "Botas", "Báculo", "Armadura", "Babosa", "Vampiro",
            "Anillo", "Misil", "Motosierra", "Rodilleras", "Poción", "Casco", "Espada"],
           ["Afilada", "de Napalm", "de Seducción", "Llameante", "de Foro", "de los Deseos",
            "de Plutonio", "Babeante", "Mágico", "Sangrienta"]),
    "de": (["Keule", "Troll", "Drache", "Stiefel", "Stab", "Rüstung", "Schleim", "Vampir",
            "Ring", "Geschoss", "Kettensäge", "Knieschützer", "Trank", "Helm", "Schwert"],
           ["der Schärfe", "aus Napalm", "der Verführung", "der Flammen", "des Netzes",
            "der Wünsche", "aus Plutonium", "des Sabberns", "des Untergangs", "der Macht"]),
    "ja": (["メイス", "トロール", "ドラゴン", "ブーツ", "スタッフ", "アーマー", "スライム",
            "ヴァンパイア", "リング", "ミサイル", "チェーンソー", "ニーパッド", "ポーション",
            "ヘルム", "ソード"],
           ["の鋭さ", "のナパーム", "の魅力", "の炎", "の網", "の願い", "のプルトニウム",
            "のよだれ", "の破滅", "の力"]),
    "vi": (["Chùy", "Quỷ khổng lồ", "Rồng", "Giày", "Gậy", "Áo giáp", "Chất nhờn", "Ma cà rồng",
            "Nhẫn", "Tên lửa", "Cưa máy", "Bảo vệ gối", "Thuốc", "Mũ", "Kiếm"],
           ["sắc bén", "napalm", "quyến rũ", "lửa", "mạng", "điều ước", "plutonium",
            "chảy dãi", "diệt vong", "sức mạnh"]),
    "fr": (["Masse", "Troll", "Dragon", "Bottes", "Bâton", "Armure", "Bave", "Vampire",
            "Anneau", "Missile", "Tronçonneuse", "Genouillères", "Potion", "Heaume", "Épée"],
           ["du Tranchant", "au Napalm", "de Séduction", "Enflammée", "du Forum", "des Vœux",
            "au Plutonium", "Baveuse", "Magique", "Sanglante"]),
}
TYPES = ["monster", "item", "curse", "monster_enhancer", "one_shot_item"]


def card_name(lang: str, index: int) -> str:
    heads, tails = WORDS[lang]
    head = heads[index % len(heads)]
    tail = tails[(index // len(heads)) % len(tails)]
    serial = index // (len(heads) * len(tails))
    joiner = "" if lang == "ja" else " "
    return f"{head}{joiner}{tail}{joiner}{serial}" if serial else f"{head}{joiner}{tail}"


def _yaml(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def make_card_data(target: Path, count: int, seed: int = 0) -> Path:
    """A copy of data/ plus data/cards/synthetic.yaml with ``count`` cards."""
    shutil.copytree(ROOT / "data", target)
    rng = random.Random(seed)
    lines = ["# Synthetic cards for the benchmark: every name is ours (no rulebook quotes).",
             "game: munchkin", "cards:"]
    for index in range(count):
        lines.append(f"  - id: synthetic-{index:05d}")
        lines.append(f"    type: {rng.choice(TYPES)}")
        lines.append("    names:")
        for lang in WORDS:
            lines.append(f"      {lang}: {{name: {_yaml(card_name(lang, index))}, ours: true}}")
        lines.append(f"    stats:\n      level: {{value: {rng.randint(1, 20)}, ours: true}}")
    (target / "cards" / "synthetic.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return target


def misspell(name: str) -> str:
    """Drop one letter from the middle of the name."""
    middle = len(name) // 2
    return name[:middle] + name[middle + 1:]


def run(sizes: list[int], runs: int) -> dict:
    cardbase = venv_bin("cardbase")
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for count in sizes:
            data = make_card_data(Path(tmp) / f"data-{count}", count)
            db = Path(tmp) / f"cards-{count}.db"
            build = measure_child([cardbase, "build", "-q", "--data", str(data), "--db", str(db)])
            if build["returncode"] != 0:
                raise SystemExit(f"build of {count} cards failed:\n{build['stderr']}")
            name = card_name("es", count // 2)
            typo = misspell(card_name("en", 37))  # a name without a serial: one clear best match
            commands = {
                "card exact": [cardbase, "card", name, "--db", str(db)],
                "card fuzzy": [cardbase, "card", typo, "--db", str(db)],
                "rule": [cardbase, "rule", "huir", "--db", str(db)],
            }
            timings = {}
            for label, command in commands.items():
                timed_run(command)  # warm the OS cache
                samples = []
                for _ in range(runs):
                    seconds, proc = timed_run(command)
                    if proc.returncode != 0:
                        raise SystemExit(f"{label} failed: {proc.stderr.decode()[-2000:]}")
                    samples.append(seconds)
                timings[label] = round(median(samples) * 1000, 1)
            results.append({"cards": count, "names": count * len(WORDS),
                            "build_s": round(build["seconds"], 2),
                            "build_peak_mib": round(build["maxrss_mib"], 1),
                            "db_mib": round(db.stat().st_size / 2**20, 2),
                            "median_ms": timings, "exact_query": name, "fuzzy_query": typo})
    return {"machine": machine(), "code": git_state(), "runs": runs, "results": results}


def main() -> None:
    precompile()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    sizes, runs = ([100, 1000], 3) if args.quick else ([100, 1000, 5000, 20000], 10)
    data = run(sizes, runs)
    write_json("cards-quick.json" if args.quick else "cards.json", data)
    rows = [[r["cards"], r["names"], r["build_s"], r["build_peak_mib"], r["db_mib"],
             r["median_ms"]["card exact"], r["median_ms"]["card fuzzy"], r["median_ms"]["rule"]]
            for r in data["results"]]
    print(markdown_table(["cards", "names", "build s", "peak MiB", "db MiB", "card exact ms",
                          "card fuzzy ms", "rule ms"], rows))


if __name__ == "__main__":
    main()
