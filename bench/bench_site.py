"""Benchmark: the static site.

For the real data (all five languages), rounds of: `cardbase site build` building one language
after the other (`--jobs 1`) and in worker processes (`--jobs 2`, two languages at a time), and
mkdocs alone on the same generated pages, run as `mkdocs build` processes one after
the other and two at a time (the floors); with each language's size and search index. For
growing inputs (the synthetic corpora of bench/synthetic_corpus.py, and the synthetic card sets
of bench/bench_cards.py, built in English only to keep the run short), the pages generated, the
whole build, mkdocs alone inside it, and generation's share of the total.

    python bench/bench_site.py             # real data (3 rounds); corpora of 25/100/200 rulebooks; 1,000/5,000/20,000 cards
    python bench/bench_site.py --quick     # real data (1 round); 25 rulebooks; 1,000 cards
    python bench/bench_site.py --real-only # real data only (3 rounds)
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import (precompile, ROOT, git_state, machine, markdown_table,  # noqa: E402
                     timed_checked, timed_run, venv_bin, write_json)


def build_db(data: Path, db: Path) -> None:
    seconds, proc = timed_run([venv_bin("cardbase"), "build", "-q", "--data", str(data),
                               "--db", str(db)])
    if proc.returncode != 0:
        raise SystemExit(proc.stderr.decode()[-3000:])


def measure(db: Path, languages: tuple[str, ...], label: str) -> dict:
    sys.path.insert(0, str(ROOT))
    from cardbase.site import build as site_build
    from cardbase.site import language as site_language
    from cardbase.storage.database import connect

    mkdocs_seconds = []
    original = site_language._mkdocs

    def timed_mkdocs(config_file, lang):
        start = time.perf_counter()
        original(config_file, lang)
        mkdocs_seconds.append(time.perf_counter() - start)

    site_language._mkdocs = timed_mkdocs
    try:
        with tempfile.TemporaryDirectory() as tmp:
            start = time.perf_counter()
            report = site_build.build_site(connect(db), Path(tmp) / "public", languages=languages,
                                           jobs=1)
            total = time.perf_counter() - start
    finally:
        site_language._mkdocs = original
    mkdocs = sum(mkdocs_seconds)
    return {"input": label, "languages": list(languages), "pages": report["pages"],
            "total_s": round(total, 2), "mkdocs_s": round(mkdocs, 2),
            "generation_share": round((total - mkdocs) / total, 3),
            "search_index_kib": {lang: round(v["search_index_bytes"] / 1024)
                                 for lang, v in report["languages"].items()}}


def _keep_pages(keep: Path):
    """A stand-in for the build's mkdocs step that also keeps each language's generated pages
    and configuration under ``keep``, for mkdocs to be timed alone on them afterwards."""
    from cardbase.site import language as site_language

    original = site_language._mkdocs

    def keeping(config_file, lang):
        original(config_file, lang)
        config = yaml.safe_load(Path(config_file).read_text(encoding="utf-8"))
        docs = keep / lang / "docs"
        shutil.copytree(config["docs_dir"], docs)
        config["docs_dir"] = str(docs)
        config["site_dir"] = str(keep / lang / "site")
        (keep / lang / "mkdocs.yml").write_text(yaml.safe_dump(config, allow_unicode=True),
                                                encoding="utf-8")

    return original, keeping


def _mkdocs_alone(keep: Path, languages: tuple[str, ...], jobs: int) -> tuple[float, float]:
    """Wall and CPU time of `mkdocs build` on the kept pages, ``jobs`` processes at a time."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    def run(lang: str) -> None:
        subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f",
                        str(keep / lang / "mkdocs.yml")], check=True, cwd=keep / lang,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    start = time.perf_counter()
    with ThreadPoolExecutor(jobs) as pool:
        list(pool.map(run, languages))
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return seconds, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def measure_real(db: Path, languages: tuple[str, ...], rounds: int) -> dict:
    """Sequential against parallel site builds, and mkdocs alone both ways, over ``rounds``."""
    sys.path.insert(0, str(ROOT))
    from cardbase.site import build as site_build
    from cardbase.site import language as site_language
    from cardbase.storage.database import connect

    times: dict[str, list[float]] = {"sequential": [], "parallel": [], "mkdocs_sequential": [],
                                     "mkdocs_parallel": []}
    cpus: dict[str, list[float]] = {way: [] for way in times}
    loads: list[float] = []
    report = None
    with tempfile.TemporaryDirectory() as tmp:
        keep = Path(tmp) / "pages"
        original, keeping = _keep_pages(keep)
        site_language._mkdocs = keeping
        try:
            site_build.build_site(connect(db), Path(tmp) / "warm", languages=languages, jobs=1)
        finally:
            site_language._mkdocs = original
        for round_ in range(rounds):
            # alternate the order, so that neither way always runs on a warmer machine
            order = ("sequential", "parallel") if round_ % 2 == 0 else ("parallel", "sequential")
            for way in order:
                # as users run it: `cardbase site build`, a process of its own
                loads.append(os.getloadavg()[0])
                seconds, cpu = timed_checked([venv_bin("cardbase"), "site", "build", "-q",
                                              "--db", str(db), "--out", str(Path(tmp) / "public"),
                                              "--jobs", "1" if way == "sequential" else "2"])
                times[way].append(seconds)
                cpus[way].append(cpu)
            report = site_build.build_site(connect(db), Path(tmp) / "public",
                                           languages=languages, jobs=2)
            for jobs, way in ((1, "mkdocs_sequential"), (2, "mkdocs_parallel")):
                seconds, cpu = _mkdocs_alone(keep, languages, jobs)
                times[way].append(seconds)
                cpus[way].append(cpu)
    result = {way: round(statistics.median(values), 2) for way, values in times.items()}
    result["runs"] = {way: [round(v, 2) for v in values] for way, values in times.items()}
    result["cpu"] = {way: round(statistics.median(values), 2) for way, values in cpus.items()}
    result["load_before_runs"] = [round(v, 1) for v in loads]
    result["ratio"] = round(result["parallel"] / result["sequential"], 2)
    result["mkdocs_ratio"] = round(result["mkdocs_parallel"] / result["mkdocs_sequential"], 2)
    result["pages"] = report["pages"]
    result["languages"] = {
        lang: {"pages": v["pages"], "site_kib": round(v["bytes"] / 1024),
               "search_index_kib": round(v["search_index_bytes"] / 1024),
               "search_documents": v["search_documents"]}
        for lang, v in report["languages"].items()}
    result["load_average"] = os.getloadavg()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--real-only", action="store_true",
                        help="only the real data: sequential against parallel")
    args = parser.parse_args()
    precompile()
    from bench_cards import make_card_data
    from synthetic_corpus import make_corpus

    corpora = [] if args.real_only else [25] if args.quick else [25, 100, 200]
    card_sets = [] if args.real_only else [1000] if args.quick else [1000, 5000, 20000]
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        build_db(ROOT / "data", tmp / "real.db")
        languages = ("en", "es", "de", "ja", "vi")
        real = measure_real(tmp / "real.db", languages, 1 if args.quick else 3)
        print(markdown_table(
            ["build (real data, 5 languages)", "wall s (median)", "CPU s (median)", "runs (wall s)"],
            [[label, real[way], real["cpu"][way], real["runs"][way]] for label, way in (
                ("`site build --jobs 1`", "sequential"),
                ("`site build --jobs 2`", "parallel"),
                ("mkdocs alone, one after the other", "mkdocs_sequential"),
                ("mkdocs alone, 2 at a time", "mkdocs_parallel"))]))
        print(f"\nparallel / sequential: {real['ratio']}x; mkdocs alone: "
              f"{real['mkdocs_ratio']}x; load average before each build: "
              f"{real['load_before_runs']}\n")
        print(markdown_table(
            ["language", "pages", "site KiB", "search index KiB", "search documents"],
            [[lang, v["pages"], v["site_kib"], v["search_index_kib"], v["search_documents"]]
             for lang, v in real["languages"].items()]))
        if args.real_only:
            write_json("site-real.json", {"machine": machine(), "code": git_state(),
                                          "real": real})
            return
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
               {"machine": machine(), "code": git_state(), "real": real, "results": results})
    print(markdown_table(
        ["input", "languages", "pages", "site build s", "mkdocs alone s", "generation share",
         "search index KiB"],
        [[r["input"], len(r["languages"]), r["pages"], r["total_s"], r["mkdocs_s"],
          f"{r['generation_share']:.0%}",
          ", ".join(f"{k} {v}" for k, v in r["search_index_kib"].items())] for r in results]))


if __name__ == "__main__":
    main()
