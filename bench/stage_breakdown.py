"""Where a build's time goes: wall time per pipeline step, in process, on one data folder.

Builds a data folder (a synthetic corpus of --count rulebooks by default, or --data DIR) once
with cardbase's library, timing each normalisation stage (and the edit application after it),
the segmentation (with topic matching shown separately), the reading of the inputs and the
database write. Each step is timed with perf_counter around the library's own functions; no
profiler is attached, so the total is close to a real build's. Results go to
bench/out/stages.json and a Markdown table is printed.

    python bench/stage_breakdown.py --count 50
    python bench/stage_breakdown.py --data data
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import ROOT, git_state, machine, markdown_table, write_json  # noqa: E402
from synthetic_corpus import make_corpus  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=50, help="synthetic rulebooks (50)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--data", type=Path, default=None,
                        help="time this data folder instead of a synthetic corpus")
    parser.add_argument("--no-letter-spacing", metavar="LANG", action="append", default=[])
    args = parser.parse_args(argv)

    import cardbase.ingest as ingest_module
    from cardbase.normalise import pipeline
    from cardbase.segment import topics
    from cardbase.storage import writer

    seconds: dict[str, float] = defaultdict(float)
    calls: dict[str, int] = defaultdict(int)

    def timed(name, function):
        def wrapper(*a, **k):
            start = time.perf_counter()
            try:
                return function(*a, **k)
            finally:
                seconds[name] += time.perf_counter() - start
                calls[name] += 1
        return wrapper

    pipeline.STAGES[:] = [(name, timed(f"normalise: {name}", stage))
                          for name, stage in pipeline.STAGES]
    pipeline.apply_edits = timed("normalise: apply_edits (all stages)", pipeline.apply_edits)
    ingest_module.load_inputs = timed("read inputs (manifest, topics, sources)",
                                      ingest_module.load_inputs)
    ingest_module.segment = timed("segment (total)", ingest_module.segment)
    topics.TopicMatcher.scores = timed("segment: topic matching (part of segment)",
                                       topics.TopicMatcher.scores)
    writer.write_database = timed("write database", writer.write_database)

    with tempfile.TemporaryDirectory(prefix="cardbase-bench-stages-") as tmp:
        tmp = Path(tmp)
        if args.data:
            data_dir, label = args.data, str(args.data)
        else:
            data_dir, label = tmp / "corpus", f"synthetic {args.count}"
            make_corpus(data_dir, args.count, seed=args.seed,
                        no_letter_spacing_langs=tuple(args.no_letter_spacing))
        start = time.perf_counter()
        corpus = ingest_module.build_database(data_dir, tmp / "out.db")
        total = time.perf_counter() - start

    rulebooks = len(corpus.rulebooks)
    rows = sorted(seconds.items(), key=lambda item: -item[1])
    report = {"machine": machine(), "git": git_state(), "corpus": label, "rulebooks": rulebooks,
              "total_seconds": total,
              "steps": [{"step": name, "seconds": s, "calls": calls[name], "share": s / total}
                        for name, s in rows]}
    suffix = "-real" if args.data else f"-{args.count}"
    path = write_json(f"stages{suffix}.json", report)
    print(f"## Build time by step: {label} ({rulebooks} rulebooks), total {total:.2f} s "
          "(in process, interpreter start-up excluded)\n")
    print(markdown_table(["step", "seconds", "share", "ms / rulebook"], [
        [name, f"{s:.2f}", f"{s / total:.0%}", f"{s / rulebooks * 1000:.0f}"]
        for name, s in rows]))
    print(f"\nresults: {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
