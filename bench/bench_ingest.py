"""Benchmark `cardbase build`: the real data folder, and synthetic corpora of growing size.

(a) The real data folder: wall time (median of --runs fresh `cardbase build -q` subprocesses)
    and peak memory (max RSS of the child, from getrusage(RUSAGE_CHILDREN) in a fresh wrapper).
(b) Synthetic corpora (bench/synthetic_corpus.py) of 25, 50, 100 and 200 rulebooks, each
    generated once into a temporary folder: the same measurements per size, time per rulebook,
    and the growth ratio time(largest)/time(smallest) against the size ratio (8 for 200/25).

Results go to bench/out/ingest.json (ingest-quick.json with --quick) and a Markdown summary is
printed.

    python bench/bench_ingest.py            # full: real data + 25/50/100/200, 3 runs each
    python bench/bench_ingest.py --quick    # smoke test: real data + 10/20, 1 run each
    python bench/bench_ingest.py --report bench/out/ingest.json   # re-print a saved summary
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import (precompile, ROOT, describe_code, git_state, machine, markdown_table,  # noqa: E402
                     measure_child, median, venv_bin, write_json)
from synthetic_corpus import make_corpus  # noqa: E402

FULL_SIZES = (25, 50, 100, 200)
QUICK_SIZES = (10, 20)


def build_runs(cardbase: str, data_dir: Path, db_dir: Path, runs: int, label: str) -> dict:
    """``runs`` fresh builds of ``data_dir``; medians and every run's numbers."""
    results = []
    for run in range(runs):
        db = db_dir / f"{label}-{run}.db"
        db.unlink(missing_ok=True)
        result = measure_child([cardbase, "build", "-q", "--data", str(data_dir), "--db", str(db)])
        result["db_bytes"] = db.stat().st_size if db.exists() else None
        if result["returncode"] == 0:
            result.pop("stderr")
            if run < runs - 1:
                db.unlink()  # keep only the last database, for the checks below
        print(f"  {label} run {run + 1}/{runs}: {result['seconds']:.2f} s, "
              f"{result['maxrss_mib']:.1f} MiB, exit {result['returncode']}", file=sys.stderr)
        results.append(result)
    ok = [r for r in results if r["returncode"] == 0]
    summary = {
        "runs": results,
        "ok": len(ok) == len(results),
        "median_seconds": median([r["seconds"] for r in ok]),
        "median_maxrss_mib": median([r["maxrss_mib"] for r in ok]),
        "max_maxrss_mib": max((r["maxrss_mib"] for r in ok), default=None),
        "db_path": str(db_dir / f"{label}-{runs - 1}.db"),
    }
    if not summary["ok"]:
        summary["error"] = next(r["stderr"] for r in results if r["returncode"] != 0)
    return summary


def check_database(path: Path) -> dict:
    """Size and contents of a built database."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rulebooks = conn.execute("SELECT count(*) FROM rulebooks").fetchone()[0]
        sections = conn.execute("SELECT count(*) FROM sections").fetchone()[0]
        langs = [r[0] for r in conn.execute("SELECT DISTINCT lang FROM rulebooks ORDER BY lang")]
        integrity = conn.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        conn.close()
    return {"db_bytes": path.stat().st_size, "rulebooks": rulebooks, "sections": sections,
            "langs": langs, "integrity_check": integrity}


def corpus_bytes(data_dir: Path) -> int:
    return sum(p.stat().st_size for p in (data_dir / "sources").iterdir())


def _fit(xs: list[float], ys: list[float]) -> tuple[float, float, float]:
    """Least-squares line y = a + b x through the points: (a, b, r squared)."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    b = sxy / sxx
    a = my - b * mx
    ss_res = sum((y - a - b * x) ** 2 for x, y in zip(xs, ys))
    ss_tot = sum((y - my) ** 2 for y in ys)
    return a, b, 1 - ss_res / ss_tot if ss_tot else 1.0


def growth(synthetic: list[dict]) -> dict | None:
    """How time and memory grow from the smallest to the largest synthetic size that built."""
    ok = [s for s in synthetic if s["ok"]]
    if len(ok) < 2:
        return None
    small, large = ok[0], ok[-1]
    sizes = [s["size"] for s in ok]
    fixed, per_rulebook, r2 = _fit(sizes, [s["median_seconds"] for s in ok])
    mem_fixed, mem_per_rulebook, mem_r2 = _fit(sizes, [s["median_maxrss_mib"] for s in ok])
    return {
        "small": small["size"], "large": large["size"],
        "size_ratio": large["size"] / small["size"],
        "time_ratio": large["median_seconds"] / small["median_seconds"],
        "memory_ratio": large["median_maxrss_mib"] / small["median_maxrss_mib"],
        # least-squares line through every size that built: time = fixed + n * per_rulebook
        "fit_seconds_per_rulebook": per_rulebook, "fit_fixed_seconds": fixed, "fit_r2": r2,
        "fit_mib_per_rulebook": mem_per_rulebook, "fit_fixed_mib": mem_fixed,
        "fit_memory_r2": mem_r2,
    }


def summarise(report: dict) -> str:
    """The Markdown summary of one report."""
    real, synthetic = report["real"], report["synthetic"]
    g = growth(synthetic)
    out = [f"## cardbase build ({report['runs']} run(s) each, medians)\n"]
    if report.get("no_letter_spacing_langs"):
        out.append(f"synthetic rulebooks in {', '.join(report['no_letter_spacing_langs'])} "
                   "without letter-spaced phrases\n")
    header = ["corpus", "rulebooks", "source KiB", "wall s", "range s", "s / rulebook",
              "peak RSS MiB", "DB KiB", "sections"]

    def row(label, result, rulebooks):
        if not result["ok"]:
            return [label, rulebooks, f"{result['source_bytes'] / 1024:.0f}", "FAILED",
                    "-", "-", "-", "-", "-"]
        db = result["database"]
        times = [r["seconds"] for r in result["runs"]]
        return [label, db["rulebooks"], f"{result['source_bytes'] / 1024:.0f}",
                f"{result['median_seconds']:.2f}", f"{min(times):.2f}–{max(times):.2f}",
                f"{result['median_seconds'] / db['rulebooks']:.3f}",
                f"{result['median_maxrss_mib']:.1f}", f"{db['db_bytes'] / 1024:.0f}",
                db["sections"]]

    rows = [row("data/ (real)", real, "-")]
    rows += [row(f"synthetic {s['size']}", s, s["size"]) for s in synthetic]
    out.append(markdown_table(header, rows))
    if g:
        out.append(f"\ntime({g['large']}) / time({g['small']}) = {g['time_ratio']:.2f} against a "
                   f"size ratio of {g['size_ratio']:.0f} (linear growth plus a fixed start-up "
                   f"cost gives a little less than {g['size_ratio']:.0f}); peak memory ratio "
                   f"{g['memory_ratio']:.2f}")
        out.append(f"least-squares fit over the sizes that built: time = "
                   f"{g['fit_fixed_seconds']:.2f} s + "
                   f"{g['fit_seconds_per_rulebook'] * 1000:.0f} ms"
                   f" x rulebooks (r² {g['fit_r2']:.3f}); peak RSS = {g['fit_fixed_mib']:.0f} MiB"
                   f" + {g['fit_mib_per_rulebook']:.2f} MiB x rulebooks (r² "
                   f"{g['fit_memory_r2']:.3f})")
    largest = synthetic[-1]
    if largest["ok"]:
        db = largest["database"]
        out.append(f"\nlargest build ({largest['size']} rulebooks): OK, {db['rulebooks']} "
                   f"rulebooks, {db['sections']} sections, languages {', '.join(db['langs'])}, "
                   f"database {db['db_bytes'] / 2**20:.2f} MiB, integrity_check "
                   f"{db['integrity_check']}")
    for s in synthetic:
        if not s["ok"]:
            failed = sum(1 for r in s["runs"] if r["returncode"] != 0)
            out.append(f"\nbuild of {s['size']} rulebooks FAILED ({failed} of {len(s['runs'])} "
                       f"runs):\n{s['error'].strip()}")
    out.append("\n" + describe_code(report["git_before"], report["git_after"]))
    return "\n".join(out)


def main(argv=None) -> int:
    precompile()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true",
                        help="smoke test: sizes 10 and 20, one run each")
    parser.add_argument("--runs", type=int, default=None, help="runs per measurement (3)")
    parser.add_argument("--seed", type=int, default=0, help="synthetic corpus seed (0)")
    parser.add_argument("--no-letter-spacing", metavar="LANG", action="append", default=[],
                        help="synthetic rulebooks of this language get no letter-spaced "
                             "phrases (repeatable)")
    parser.add_argument("--report", type=Path, metavar="JSON",
                        help="print the summary of saved results (bench/out/ingest.json) and exit")
    args = parser.parse_args(argv)
    if args.report:
        print(summarise(json.loads(args.report.read_text(encoding="utf-8"))))
        return 0
    runs = args.runs or (1 if args.quick else 3)
    sizes = QUICK_SIZES if args.quick else FULL_SIZES
    cardbase = venv_bin("cardbase")
    if not cardbase:
        print("error: the `cardbase` command was not found", file=sys.stderr)
        return 2

    report: dict = {"machine": machine(), "git_before": git_state(), "runs": runs,
                    "seed": args.seed, "quick": args.quick,
                    "no_letter_spacing_langs": args.no_letter_spacing}
    with tempfile.TemporaryDirectory(prefix="cardbase-bench-ingest-") as tmp:
        tmp = Path(tmp)
        print(f"real data folder ({ROOT / 'data'}), {runs} run(s)", file=sys.stderr)
        real = build_runs(cardbase, ROOT / "data", tmp, runs, "real")
        if real["ok"]:
            real["database"] = check_database(Path(real["db_path"]))
        real["source_bytes"] = corpus_bytes(ROOT / "data")
        report["real"] = real

        synthetic = []
        for size in sizes:
            data_dir = tmp / f"synth-{size}"
            start = time.perf_counter()
            make_corpus(data_dir, size, seed=args.seed,
                        no_letter_spacing_langs=tuple(args.no_letter_spacing))
            generated = time.perf_counter() - start
            print(f"synthetic corpus of {size} rulebooks (generated in {generated:.2f} s), "
                  f"{runs} run(s)", file=sys.stderr)
            result = build_runs(cardbase, data_dir, tmp, runs, f"synth-{size}")
            result.update(size=size, generate_seconds=generated,
                          source_bytes=corpus_bytes(data_dir))
            if result["ok"]:
                result["seconds_per_rulebook"] = result["median_seconds"] / size
                result["database"] = check_database(Path(result["db_path"]))
            else:
                print(f"  build of {size} rulebooks FAILED:\n{result['error']}", file=sys.stderr)
            synthetic.append(result)
        report["synthetic"] = synthetic

    report["git_after"] = git_state()
    report["growth"] = growth(synthetic)
    report["largest_build_ok"] = synthetic[-1]["ok"]
    name = "ingest" + ("-quick" if args.quick else "") + "".join(
        f"-no-letter-spacing-{lang}" for lang in args.no_letter_spacing)
    path = write_json(name + ".json", report)
    print()
    print(summarise(report))
    print(f"\nresults: {path.relative_to(ROOT)}")
    return 0 if real["ok"] and all(s["ok"] for s in synthetic) else 1

if __name__ == "__main__":
    sys.exit(main())
