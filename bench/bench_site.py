"""Benchmark: the static site.

For the real data (all five languages) and for growing inputs (the synthetic corpora of
bench/synthetic_corpus.py, and the synthetic card sets of bench/bench_cards.py, built in English
only to keep the run short), measures the pages generated, the whole `site build` time, the time
mkdocs alone takes on the same generated pages (the floor), generation's share of the total, and
the size of each language's search index.

    python bench/bench_site.py             # real data; corpora of 25/100/200 rulebooks; 1,000/5,000/20,000 cards
    python bench/bench_site.py --quick     # real data; 25 rulebooks; 1,000 cards
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import (precompile, ROOT, git_state, machine, markdown_table,  # noqa: E402
                     timed_run, venv_bin, write_json)


def build_db(data: Path, db: Path) -> None:
    seconds, proc = timed_run([venv_bin("cardbase"), "build", "-q", "--data", str(data),
                               "--db", str(db)])
    if proc.returncode != 0:
        raise SystemExit(proc.stderr.decode()[-3000:])


def measure(db: Path, languages: tuple[str, ...], label: str) -> dict:
    sys.path.insert(0, str(ROOT))
    from cardbase.site import build as site_build
    from cardbase.storage.database import connect

    mkdocs_seconds = []
    original = site_build._mkdocs

    def timed_mkdocs(config_file, lang):
        start = time.perf_counter()
        original(config_file, lang)
        mkdocs_seconds.append(time.perf_counter() - start)

    site_build._mkdocs = timed_mkdocs
    try:
        with tempfile.TemporaryDirectory() as tmp:
            start = time.perf_counter()
            report = site_build.build_site(connect(db), Path(tmp) / "public", languages=languages)
            total = time.perf_counter() - start
    finally:
        site_build._mkdocs = original
    mkdocs = sum(mkdocs_seconds)
    return {"input": label, "languages": list(languages), "pages": report["pages"],
            "total_s": round(total, 2), "mkdocs_s": round(mkdocs, 2),
            "generation_share": round((total - mkdocs) / total, 3),
            "search_index_kib": {lang: round(v["search_index_bytes"] / 1024)
                                 for lang, v in report["languages"].items()}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    precompile()
    from bench_cards import make_card_data
    from synthetic_corpus import make_corpus

    corpora = [25] if args.quick else [25, 100, 200]
    card_sets = [1000] if args.quick else [1000, 5000, 20000]
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        build_db(ROOT / "data", tmp / "real.db")
        results.append(measure(tmp / "real.db", ("en", "es", "de", "ja", "vi"), "real data"))
        for count in corpora:
            data = tmp / f"corpus-{count}"
            make_corpus(data, count)
            build_db(data, tmp / f"corpus-{count}.db")
            results.append(measure(tmp / f"corpus-{count}.db", ("en",), f"{count} rulebooks"))
        for count in card_sets:
            data = tmp / f"cards-{count}"
            make_card_data(data, count)
            build_db(data, tmp / f"cards-{count}.db")
            results.append(measure(tmp / f"cards-{count}.db", ("en",), f"{count} cards"))
    write_json("site-quick.json" if args.quick else "site.json",
               {"machine": machine(), "code": git_state(), "results": results})
    print(markdown_table(
        ["input", "languages", "pages", "site build s", "mkdocs alone s", "generation share",
         "search index KiB"],
        [[r["input"], len(r["languages"]), r["pages"], r["total_s"], r["mkdocs_s"],
          f"{r['generation_share']:.0%}",
          ", ".join(f"{k} {v}" for k, v in r["search_index_kib"].items())] for r in results]))


if __name__ == "__main__":
    main()
