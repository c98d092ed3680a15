"""Round trip: clean rule texts nobody here wrote, damaged by a seeded model, repaired again.

For every ``<lang>-<n>.txt`` of the corpus folder (default ``../shared/corpora/roundtrip`` beside
the checkout) this measures, with the normalisation pipeline and the section quality of a build:

* **false repairs**: the clean text through the pipeline, compared with itself word by word
  (tokens are what stands between spaces, each character in Japanese; line breaks, indents and
  runs of spaces are layout and do not count), and the sections of the clean text that get a
  flag or a score below 100 %;
* **character error rate** (Levenshtein distance over the clean text's length, layout and the
  damage marks ``[□]``/``[…]`` left out) of the damaged text before and after repair, per kind of
  damage (``bench/damage_model.py``) and with every kind at once;
* **damage undone by kind**: how many damaged places read as the clean text again; for damage
  nothing can undo (a dropped symbol, a cut line) how many places got their mark;
* **flags against damage**: of the sections holding damage, how many score below 100 %; of the
  undamaged sections of the same damaged text, how many do.

Texts numbered 2 (``*-2.txt``) are held out: thresholds are tuned on the ``*-1.txt`` texts only,
and both groups are reported apart.

    python bench/bench_roundtrip.py [CORPUS_DIR] [--seeds 3] [--json OUT] [--show-false]
"""

from __future__ import annotations

import argparse
import difflib
import json
import re
import sys
import unicodedata
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from rapidfuzz.distance import Levenshtein  # noqa: E402

from damage_model import FLAG_ONLY, KINDS, damage  # noqa: E402

from cardbase.normalise.damage_marks import SYMBOL_LOST, TRUNCATED  # noqa: E402
from cardbase.normalise.pipeline import normalise  # noqa: E402
from cardbase.segment.outline import EMPTY  # noqa: E402
from cardbase.segment.sections import segment  # noqa: E402
from cardbase.segment.topics import load_topics  # noqa: E402
from cardbase.sources.manifest import Rulebook  # noqa: E402

DEFAULT_CORPUS = ROOT.parent / "shared" / "corpora" / "roundtrip"
SPACELESS = ("ja", "zh")
_MARKS = re.compile(r"\s*(?:" + re.escape(SYMBOL_LOST) + "|" + re.escape(TRUNCATED) + r")")


#: Full-width letters and digits are written half-width by the ``unicode`` stage on purpose (one
#: spelling per character, README "What happens in a build"): a width, not a repair.
_WIDTH = {code: code - 0xFEE0 for code in range(0xFF10, 0xFF5B) if chr(code).isalnum()}


def tokens(text: str, lang: str) -> list[str]:
    text = text.translate(_WIDTH)
    if lang in SPACELESS:
        return [c for c in text if c not in " \t\n\r"]
    return text.split()


def layout_free(text: str, lang: str, marks: bool = True) -> str:
    text = text.translate(_WIDTH)
    if not marks:
        text = _MARKS.sub("", text)
    if lang in SPACELESS:
        return re.sub(r"[ \t\r\n]+", "", text)
    return " ".join(text.split())


def false_repairs(clean: str, repaired: str, lang: str) -> list[tuple[str, str]]:
    a, b = tokens(clean, lang), tokens(repaired, lang)
    joiner = "" if lang in SPACELESS else " "
    found = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op != "equal":
            found.append((joiner.join(a[max(0, i1 - 2):i2 + 2]),
                          joiner.join(b[max(0, j1 - 2):j2 + 2])))
    return found


def cer(reference: str, text: str) -> float:
    return Levenshtein.distance(reference, text) / max(1, len(reference))


def sections(text: str, lang: str, vocabulary, name: str):
    rulebook = Rulebook(id=name, game="munchkin", lang=lang, edition="first", title=name,
                        publisher="", file=Path(name), sha256="")
    normalised = normalise(text, lang)
    return normalised, segment(rulebook, normalised, EMPTY, vocabulary)


def undone(instances, clean_flat: str, repaired_flat: str, repaired_marked: str, lang: str):
    """(undone, flagged) counts for damage instances of one kind."""
    by_needle = Counter(layout_free(d.needle, lang) for d in instances)
    done = 0
    for needle, count in by_needle.items() if instances[0].kind not in FLAG_ONLY else ():
        missing = max(0, clean_flat.count(needle) - repaired_flat.count(needle))
        done += max(0, count - missing)
    flagged = 0
    for d in instances:
        if d.kind not in FLAG_ONLY:
            continue
        needle = layout_free(d.needle, lang)
        if d.kind == "dropped_symbols":
            word = d.detail if lang not in SPACELESS else needle[3:-3]
            left, _, right = needle.partition(word) if word else (needle, "", "")
            pattern = re.escape(left.strip()[-12:]) + r"\s*" + re.escape(SYMBOL_LOST) + r"\s*" \
                + re.escape(right.strip()[:12])
        else:
            pattern = re.escape(needle[-12:]) + r"\s*" + re.escape(TRUNCATED)
        flagged += bool(re.search(pattern, repaired_marked))
    return done, flagged


def run_text(path: Path, seeds: int, vocabulary) -> dict:
    lang = path.stem.split("-")[0]
    clean = path.read_text(encoding="utf-8")
    result: dict = {"file": path.name, "lang": lang}
    normalised, clean_sections = sections(clean, lang, vocabulary, path.stem)
    result["false_repairs"] = false_repairs(clean, normalised.text, lang)
    result["clean_sections"] = len(clean_sections)
    result["clean_flagged"] = [
        (s.heading[:40], s.quality, [f["flag"] for f in s.flags]) for s in clean_sections
        if s.quality < 1 or s.flags]
    clean_flat = layout_free(clean, lang)
    per_kind: dict = defaultdict(lambda: Counter())
    for seed in range(seeds):
        for kinds in [(k,) for k in KINDS] + [KINDS]:
            label = kinds[0] if len(kinds) == 1 else "all"
            damaged, done, spans = damage(clean, lang, kinds, seed)
            if not done:
                continue
            repaired, damaged_sections = sections(damaged, lang, vocabulary, path.stem)
            flat = layout_free(repaired.text, lang, marks=False)
            counts = per_kind[label]
            counts["chars"] += len(clean_flat)
            counts["before"] += Levenshtein.distance(clean_flat, layout_free(damaged, lang))
            counts["after"] += Levenshtein.distance(clean_flat, flat)
            for kind in set(d.kind for d in done):
                instances = [d for d in done if d.kind == kind]
                fixed, flagged = undone(instances, clean_flat, flat,
                                        layout_free(repaired.text, lang), lang)
                key = kind if label == "all" else ""
                counts[f"{key}instances"] += len(instances)
                counts[f"{key}undone"] += fixed
                counts[f"{key}flagged"] += flagged
            damaged_lines = {d.line for d in done}
            hit = [spans[i] for i in damaged_lines]
            for section in damaged_sections:
                has = any(s < section.raw_end and section.raw_start < e for s, e in hit)
                low = section.quality < 1
                counts["damaged_sections" if has else "undamaged_sections"] += 1
                counts[("damaged_low" if has else "undamaged_low")] += low
    result["kinds"] = {k: dict(v) for k, v in per_kind.items()}
    return result


def summarise(results: list[dict]) -> dict:
    total = Counter()
    kinds: dict = defaultdict(Counter)
    for r in results:
        total["texts"] += 1
        total["false_repairs"] += len(r["false_repairs"])
        total["false_width_only"] += sum(
            1 for before, after in r["false_repairs"]
            if unicodedata.normalize("NFKC", before) == unicodedata.normalize("NFKC", after))
        total["clean_sections"] += r["clean_sections"]
        total["clean_flagged"] += len(r["clean_flagged"])
        for label, counts in r["kinds"].items():
            kinds[label].update(counts)
    out = dict(total)
    out["kinds"] = {}
    for label, c in kinds.items():
        chars = max(1, c["chars"])
        row = {"cer_before": c["before"] / chars, "cer_after": c["after"] / chars}
        if label in FLAG_ONLY:
            row["undone"] = "-"
            row["marked"] = f'{c["flagged"]}/{c["instances"]}'
        elif label != "all":
            row["undone"] = f'{c["undone"]}/{c["instances"]}'
        else:
            for kind in KINDS:
                if c[f"{kind}instances"]:
                    row[kind] = (f'marked {c[f"{kind}flagged"]}/{c[f"{kind}instances"]}'
                                 if kind in FLAG_ONLY else
                                 f'undone {c[f"{kind}undone"]}/{c[f"{kind}instances"]}')
            row["damaged_sections_below_100"] = f'{c["damaged_low"]}/{c["damaged_sections"]}'
            row["undamaged_sections_below_100"] = f'{c["undamaged_low"]}/{c["undamaged_sections"]}'
        out["kinds"][label] = row
    return out


def report(name: str, summary: dict) -> None:
    print(f"\n== {name}: {summary['texts']} texts")
    print(f"false repairs on clean text: {summary['false_repairs']} (full-width signs made "
          f"half-width: {summary.get('false_width_only', 0)}); clean sections flagged or "
          f"below 100 %: {summary['clean_flagged']}/{summary['clean_sections']}")
    print(f"{'damage':<18}{'CER before':>11}{'CER after':>11}  undone (marked)")
    for label in list(KINDS) + ["all"]:
        row = summary["kinds"].get(label)
        if not row:
            continue
        extra = row.get("undone", "")
        if "marked" in row:
            extra += f" (marked {row['marked']})"
        print(f"{label:<18}{row['cer_before']:>10.2%}{row['cer_after']:>11.2%}  {extra}")
    row = summary["kinds"].get("all")
    if row:
        for kind in KINDS:
            if kind in row:
                print(f"   all/{kind:<20} {row[kind]}")
        print(f"   sections with damage below 100 %: {row['damaged_sections_below_100']}; "
              f"without damage below 100 %: {row['undamaged_sections_below_100']}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("corpus", nargs="?", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--show-false", action="store_true",
                        help="print every false repair and flagged clean section")
    args = parser.parse_args(argv)
    if not args.corpus.is_dir():
        print(f"error: no corpus folder at {args.corpus}", file=sys.stderr)
        return 2
    vocabulary = load_topics(ROOT / "data" / "topics.yaml")
    results = [run_text(path, args.seeds, vocabulary)
               for path in sorted(args.corpus.glob("*-*.txt"))]
    groups = {"tuned (*-1)": [r for r in results if r["file"].endswith("-1.txt")],
              "held-out (*-2)": [r for r in results if not r["file"].endswith("-1.txt")]}
    out = {}
    for name, group in groups.items():
        out[name] = summarise(group)
        report(name, out[name])
    if args.show_false:
        for r in results:
            for before, after in r["false_repairs"]:
                print(f"{r['file']}: {before!r} -> {after!r}")
            for heading, score, flags in r["clean_flagged"]:
                print(f"{r['file']}: section {heading!r} {score:.0%} {flags}")
    if args.json:
        args.json.write_text(json.dumps({"results": results, "summary": out}, ensure_ascii=False,
                                        indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
