"""Benchmark whole-process lookup latency: `cardbase rule` against its floor and sqlite-utils.

Measured, each as a fresh process timed with perf_counter around subprocess.run, one warm-up run
(to fill the OS cache) and then the median of --runs runs (10), run round-robin so machine noise
falls on every command alike:

* the floor: `python -c "import click, sqlite3"` (the interpreter plus the two modules the query
  path cannot do without);
* `python -c "import cardbase.cli"` (the floor plus cardbase's own start-up, no query);
* `cardbase rule WORD --db DB` for huir, 戦闘, "quai vat" and Stufe;
* `sqlite-utils search DB sections WORD --limit 10` on the same database (its full-text index is
  an external-content table sqlite-utils detects). Skipped, with a note, when the sqlite-utils
  command is missing.

Besides wall time, the user + system CPU time of each child (getrusage) is reported, which a
busy machine disturbs less.

Also measured inside a fresh process: importing the query modules, opening the database and one
search (`find_rules`), so the share of the query itself is known. And parsed from
`python -X importtime`: the top 10 cumulative imports of `import cardbase.cli`
and of the query path itself (`python -m cardbase.cli rule huir`), medians over 11 runs.

The database is built first into a temporary folder with `cardbase build -q`. Results go to
bench/out/lookup.json (lookup-quick.json with --quick); a Markdown summary is printed.

    python bench/bench_lookup.py            # 10 runs
    python bench/bench_lookup.py --quick    # 3 runs, one word
"""

from __future__ import annotations

import argparse
import json
import re
import resource
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import (precompile, ROOT, describe_code, git_state, machine, markdown_table,  # noqa: E402
                     median, timed_run, venv_bin, write_json)

WORDS = ["huir", "戦闘", "quai vat", "Stufe"]
TARGET_RATIO = 1.3
IMPORTTIME_RUNS = 11
# In a fresh process: the time to import the query modules, open the database and run one
# search, measured inside the process (so interpreter start-up is excluded).
_IN_PROCESS = r"""
import json, sys, time
t0 = time.perf_counter()
from cardbase.search.rules import find_rules
from cardbase.storage.database import connect
t1 = time.perf_counter()
conn = connect(sys.argv[1])
t2 = time.perf_counter()
found = find_rules(conn, sys.argv[2], limit=10)
t3 = time.perf_counter()
json.dump({"import_ms": (t1 - t0) * 1000, "connect_ms": (t2 - t1) * 1000,
           "query_ms": (t3 - t2) * 1000, "hits": len(found["results"])}, sys.stdout)
"""
IN_PROCESS_RUNS = 5
_IMPORTTIME = re.compile(r"^import time:\s+(\d+)\s+\|\s+(\d+)\s+\|(\s*)(\S+)\s*$")


def parse_importtime(stderr: str) -> list[dict]:
    """The entries of one `-X importtime` report, in report order."""
    entries = []
    for line in stderr.splitlines():
        match = _IMPORTTIME.match(line)
        if match:
            entries.append({"module": match.group(4), "self_us": int(match.group(1)),
                            "cumulative_us": int(match.group(2)),
                            "depth": (len(match.group(3)) - 1) // 2})
    return entries


def importtime(args: list[str], runs: int = IMPORTTIME_RUNS) -> dict:
    """Median self/cumulative time per module over ``runs`` runs (after one warm-up)."""
    cmd = [sys.executable, "-X", "importtime", *args]
    subprocess.run(cmd, cwd=ROOT, capture_output=True)
    self_us, cumulative_us, depth, totals = defaultdict(list), defaultdict(list), {}, []
    for _ in range(runs):
        proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
        entries = parse_importtime(proc.stderr)
        totals.append(sum(e["cumulative_us"] for e in entries if e["depth"] == 0))
        for e in entries:
            self_us[e["module"]].append(e["self_us"])
            cumulative_us[e["module"]].append(e["cumulative_us"])
            depth.setdefault(e["module"], e["depth"])
    modules = [{"module": m, "depth": depth[m], "self_ms": median(self_us[m]) / 1000,
                "cumulative_ms": median(cumulative_us[m]) / 1000, "seen_in_runs": len(v)}
               for m, v in cumulative_us.items()]
    modules.sort(key=lambda e: -e["cumulative_ms"])
    return {"command": cmd, "runs": runs, "total_ms": median(totals) / 1000,
            "modules_loaded": len(modules), "top": modules[:25],
            "self_ms": {e["module"]: e["self_ms"] for e in modules}}


def beyond(report: dict, floor: dict) -> dict:
    """The modules ``report`` loads that the floor does not, by their own (self) time."""
    extra = {m: ms for m, ms in report["self_ms"].items() if m not in floor["self_ms"]}
    top = sorted(extra.items(), key=lambda item: -item[1])
    return {"modules": len(extra), "self_ms_total": sum(extra.values()),
            "top": [{"module": m, "self_ms": ms} for m, ms in top[:15]]}


def main(argv=None) -> int:
    precompile()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="smoke test: 3 runs, one word")
    parser.add_argument("--runs", type=int, default=None, help="timed runs per command (10)")
    args = parser.parse_args(argv)
    runs = args.runs or (3 if args.quick else 10)
    words = WORDS[:1] if args.quick else WORDS
    cardbase = venv_bin("cardbase")
    sqlite_utils = venv_bin("sqlite-utils")
    notes = []
    report: dict = {"machine": machine(), "git_before": git_state(), "runs": runs,
                    "warmup_runs": 1, "quick": args.quick}

    with tempfile.TemporaryDirectory(prefix="cardbase-bench-lookup-") as tmp:
        tmp = Path(tmp)
        db = tmp / "cardbase.db"
        subprocess.run([cardbase, "build", "-q", "--data", str(ROOT / "data"), "--db", str(db)],
                       cwd=ROOT, check=True)
        report["db_bytes"] = db.stat().st_size
        fts_db = db if sqlite_utils else None
        if not sqlite_utils:
            notes.append("sqlite-utils command not found: the sqlite-utils search comparison "
                         "was skipped")

        commands: list[tuple[str, str, str | None, list[str]]] = [
            ("floor", "python -c \"import click, sqlite3\"", None,
             [sys.executable, "-c", "import click, sqlite3"]),
            ("import", "python -c \"import cardbase.cli\"", None,
             [sys.executable, "-c", "import cardbase.cli"]),
        ]
        for word in words:
            commands.append(("cardbase", f"cardbase rule {word!r} --db DB", word,
                             [cardbase, "rule", word, "--db", str(db)]))
            if fts_db:
                commands.append(("sqlite-utils", f"sqlite-utils search DB sections {word!r} "
                                 "--limit 10", word,
                                 [sqlite_utils, "search", str(fts_db), "sections", word,
                                  "--limit", "10"]))

        # hits, and the warm-up run of every command
        hits = {}
        for kind, label, word, cmd in commands:
            seconds, proc = timed_run(cmd)
            if kind == "cardbase":
                out = subprocess.run(cmd + ["--json"], capture_output=True, text=True, cwd=ROOT)
                hits[label] = len(json.loads(out.stdout)["results"]) if out.returncode == 0 else 0
            elif kind == "sqlite-utils":
                hits[label] = len(json.loads(proc.stdout or b"[]")) if proc.returncode == 0 else 0
            if proc.returncode not in (0, 1) or (kind != "cardbase" and proc.returncode):
                notes.append(f"{label} exited with status {proc.returncode}: "
                             f"{proc.stderr.decode('utf-8', 'replace').strip()[-500:]}")

        times: dict[str, list[float]] = {label: [] for _, label, _, _ in commands}
        cpu: dict[str, list[float]] = {label: [] for _, label, _, _ in commands}
        for run in range(runs):
            for _, label, _, cmd in commands:
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                seconds, _proc = timed_run(cmd)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                times[label].append(seconds)
                # user + system CPU time of this child alone: less sensitive to a busy machine
                cpu[label].append(after.ru_utime - before.ru_utime
                                  + after.ru_stime - before.ru_stime)
            print(f"  round {run + 1}/{runs} done", file=sys.stderr)

        in_process = {}
        for word in words:
            samples = []
            for _ in range(IN_PROCESS_RUNS):
                proc = subprocess.run([sys.executable, "-c", _IN_PROCESS, str(db), word],
                                      cwd=ROOT, capture_output=True, text=True, check=True)
                samples.append(json.loads(proc.stdout))
            in_process[word] = {key: median([x[key] for x in samples])
                                for key in ("import_ms", "connect_ms", "query_ms")}
        report["in_process"] = {"runs": IN_PROCESS_RUNS, "by_word": in_process}

        import_report = importtime(["-c", "import cardbase.cli"])
        query_report = importtime(["-m", "cardbase.cli", "rule", "huir", "--db", str(db)])
        floor_report = importtime(["-c", "import click, sqlite3"])

    report["git_after"] = git_state()
    results = []
    for kind, label, word, cmd in commands:
        ms = [t * 1000 for t in times[label]]
        cpu_ms = [t * 1000 for t in cpu[label]]
        results.append({"kind": kind, "label": label, "word": word, "median_ms": median(ms),
                        "min_ms": min(ms), "max_ms": max(ms), "all_ms": ms,
                        "median_cpu_ms": median(cpu_ms), "all_cpu_ms": cpu_ms,
                        "hits": hits.get(label)})
    by = {(r["kind"], r["word"]): r for r in results}
    floor = by[("floor", None)]["median_ms"]
    floor_cpu = by[("floor", None)]["median_cpu_ms"]
    for r in results:
        r["ratio_to_floor"] = r["median_ms"] / floor
        r["cpu_ratio_to_floor"] = r["median_cpu_ms"] / floor_cpu if floor_cpu else None
        if r["kind"] == "cardbase" and ("sqlite-utils", r["word"]) in by:
            other = by[("sqlite-utils", r["word"])]
            r["ratio_to_sqlite_utils"] = r["median_ms"] / other["median_ms"]
    rule_ms = [r["median_ms"] for r in results if r["kind"] == "cardbase"]
    rule_cpu = [r["cpu_ratio_to_floor"] for r in results if r["kind"] == "cardbase"]
    extra = beyond(query_report, floor_report)
    report.update(results=results, notes=notes, importtime={
        "import_cardbase_cli": import_report, "query_path_rule_huir": query_report,
        "floor_import_click_sqlite3": floor_report, "query_path_beyond_floor": extra})
    report["summary"] = {
        "floor_ms": floor,
        "cardbase_rule_median_of_medians_ms": median(rule_ms),
        "worst_ratio_to_floor": max(rule_ms) / floor,
        "within_target": max(rule_ms) / floor <= TARGET_RATIO,
        "floor_cpu_ms": floor_cpu,
        "worst_cpu_ratio_to_floor": max(rule_cpu) if all(rule_cpu) else None,
        "target_ratio": TARGET_RATIO,
    }
    path = write_json("lookup-quick.json" if args.quick else "lookup.json", report)

    print()
    print(f"## Lookup latency (whole process, median of {runs} runs after 1 warm-up)\n")
    rows = []
    for r in results:
        vs_su = f"{r['ratio_to_sqlite_utils']:.2f}x" if "ratio_to_sqlite_utils" in r else ""
        cpu_ratio = f"{r['cpu_ratio_to_floor']:.2f}x" if r["cpu_ratio_to_floor"] else ""
        rows.append([f"`{r['label']}`", f"{r['median_ms']:.1f}", f"{r['min_ms']:.1f}",
                     "" if r["hits"] is None else r["hits"], f"{r['ratio_to_floor']:.2f}x",
                     vs_su, f"{r['median_cpu_ms']:.1f}", cpu_ratio])
    print(markdown_table(["command", "median ms", "min ms", "hits", "vs floor",
                          "vs sqlite-utils", "median CPU ms", "CPU vs floor"], rows))
    s = report["summary"]
    print(f"\n`cardbase rule`: median of medians "
          f"{s['cardbase_rule_median_of_medians_ms']:.1f} ms; "
          f"worst ratio to the floor {s['worst_ratio_to_floor']:.2f}x (target "
          f"{TARGET_RATIO}x: {'met' if s['within_target'] else 'NOT met'}); by CPU time "
          f"(user + system) the worst ratio is "
          f"{s['worst_cpu_ratio_to_floor'] or float('nan'):.2f}x")
    for title, rep in (("`python -X importtime -c \"import cardbase.cli\"`", import_report),
                       ("`python -X importtime -m cardbase.cli rule huir --db DB`", query_report)):
        print(f"\n### Top 10 cumulative imports: {title}\n")
        print(f"total import time {rep['total_ms']:.1f} ms over {rep['modules_loaded']} modules "
              f"(floor `import click, sqlite3`: {floor_report['total_ms']:.1f} ms over "
              f"{floor_report['modules_loaded']} modules), medians of {rep['runs']} runs\n")
        print(markdown_table(["module", "nesting depth", "cumulative ms", "self ms"], [
            [f"`{e['module']}`", e["depth"], f"{e['cumulative_ms']:.1f}", f"{e['self_ms']:.1f}"]
            for e in rep["top"][:10]]))
    print(f"\n### Inside the process (medians of {IN_PROCESS_RUNS} fresh processes)\n")
    print("import `cardbase.search.rules` + `cardbase.storage.database` (after the interpreter "
          "started), open the database, run one `find_rules` search:\n")
    print(markdown_table(["word", "import ms", "connect ms", "query ms"], [
        [word, f"{v['import_ms']:.1f}", f"{v['connect_ms']:.1f}", f"{v['query_ms']:.1f}"]
        for word, v in in_process.items()]))
    print(f"\n### Modules the query path (`cardbase rule huir`) imports beyond the floor\n")
    print(f"{extra['modules']} modules, {extra['self_ms_total']:.1f} ms of their own import time "
          "in total (medians of self times); the largest:\n")
    print(markdown_table(["module", "self ms"], [[f"`{e['module']}`", f"{e['self_ms']:.1f}"]
                                                 for e in extra["top"][:10]]))
    for note in notes:
        print(f"\nnote: {note}")
    print("\n" + describe_code(report["git_before"], report["git_after"]))
    print(f"\nresults: {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
