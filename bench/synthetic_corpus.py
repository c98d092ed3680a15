"""Generate a synthetic cardbase data folder of N rulebooks derived from the real ones.

Each synthetic rulebook takes one of the real sources listed in data/manifest.yaml (cycling
through them, so every language appears), cuts its text into paragraphs (blank-line separated; a
source without blank lines, like the German one, is cut into chunks of ~10 lines), shuffles them
with a seeded RNG, drops ~10%, duplicates ~10%, and injects the kinds of damage the normalisation
pipeline repairs into Latin-script paragraphs:

* a stray space inside ~3% of the words longer than 5 letters (``Guer rero``);
* a few short phrases set in spaced letters (``A c h t u ng``);
* page markers (``- 12 -``) between paragraphs, numbered in order (the source's own markers are
  removed before shuffling, so the page numbers of the synthetic text always increase).

The output folder gets ``sources/synth-NNN.txt``, ``manifest.yaml`` (same schema as data/: the
``games`` mapping copied, one entry per synthetic rulebook with its computed sha256) and a copy of
``topics.yaml``. No outlines or overlays. The result is deterministic for a given seed.

    python bench/synthetic_corpus.py OUT_DIR --count 200 [--seed 0] [--data data]
                                     [--no-letter-spacing LANG ...]
"""

from __future__ import annotations

import argparse
import hashlib
import random
import re
import shutil
import sys
import unicodedata
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATA = ROOT / "data"

DROP_RATE = 0.10          # share of paragraphs dropped
DUPLICATE_RATE = 0.10     # share of paragraphs duplicated (the copy goes to a random place)
SPLIT_WORD_RATE = 0.03    # share of words longer than 5 letters that get a stray space
LETTER_SPACE_RATE = 0.08  # share of Latin-script paragraphs that get one letter-spaced phrase
PAGE_EVERY = (2, 5)       # a page marker after every 2 to 5 paragraphs
LINES_PER_CHUNK = 10      # chunk size for sources without blank lines
MIN_BLANK_SHARE = 0.02    # below this share of blank lines, a source is cut into line chunks

_PARAGRAPH_BREAK = re.compile(r"\n[ \t\u3000]*\n")
_PAGE_MARKER = re.compile(r"^[ \t]*[-–—][ \t]*\d{1,4}[ \t]*[-–—][ \t]*$")
_WORD = re.compile(r"[^\W\d_]+")


def _load_manifest(data_dir: Path) -> dict:
    with open(data_dir / "manifest.yaml", encoding="utf-8") as handle:
        return yaml.safe_load(handle)


def _is_latin(text: str, threshold: float = 0.8) -> bool:
    """True when most letters of ``text`` are Latin script (Spanish, German, Vietnamese...)."""
    letters = [ch for ch in text if ch.isalpha()]
    if not letters:
        return False
    latin = sum(1 for ch in letters if unicodedata.name(ch, "").startswith("LATIN"))
    return latin >= threshold * len(letters)


def split_source(text: str) -> tuple[list[str], str]:
    """Cut a source into paragraphs; return them and the separator to join them with."""
    text = text.lstrip("\ufeff").replace("\r\n", "\n")
    lines = text.split("\n")
    blank = sum(1 for line in lines if not line.strip())
    if blank < MIN_BLANK_SHARE * len(lines):
        # no paragraph breaks (the German source): chunks of ~10 lines, joined by one newline
        kept = [line for line in lines if line.strip() and not _PAGE_MARKER.match(line)]
        chunks = ["\n".join(kept[i:i + LINES_PER_CHUNK])
                  for i in range(0, len(kept), LINES_PER_CHUNK)]
        return chunks, "\n"
    paragraphs = [p.strip("\n") for p in _PARAGRAPH_BREAK.split(text)]
    paragraphs = [p for p in paragraphs if p.strip() and not _PAGE_MARKER.match(p.strip())]
    return paragraphs, "\n\n"


def _stray_spaces(paragraph: str, rng: random.Random) -> str:
    def damage(match: re.Match) -> str:
        word = match.group()
        if len(word) <= 5 or rng.random() >= SPLIT_WORD_RATE:
            return word
        cut = rng.randint(2, len(word) - 2)
        return word[:cut] + " " + word[cut:]

    return _WORD.sub(damage, paragraph)


def _letter_space(paragraph: str, rng: random.Random) -> str:
    """Set one short phrase (1-2 words, 6-14 letters) of the paragraph in spaced letters."""
    words = list(_WORD.finditer(paragraph))
    candidates = []
    for i, first in enumerate(words):
        for n in (1, 2):
            group = words[i:i + n]
            if len(group) < n:
                continue
            between = paragraph[group[0].end():group[-1].start()]
            if n == 2 and between != " ":
                continue
            letters = "".join(m.group() for m in group)
            if 6 <= len(letters) <= 14:
                candidates.append((group[0].start(), group[-1].end(), letters))
    if not candidates:
        return paragraph
    start, end, letters = rng.choice(candidates)
    pieces = list(letters)
    if rng.random() < 0.5:  # typesetting often leaves a kerned pair together: "A c h t u ng"
        pieces[-2:] = [pieces[-2] + pieces[-1]]
    return paragraph[:start] + " ".join(pieces) + paragraph[end:]


def synthesise(text: str, rng: random.Random, letter_spacing: bool = True) -> str:
    """One synthetic rulebook text from one real source.

    ``letter_spacing=False`` leaves out the letter-spaced phrases (the random draws are made all
    the same, so everything else in the text is as it would be).
    """
    paragraphs, separator = split_source(text)
    rng.shuffle(paragraphs)
    kept = [p for p in paragraphs if rng.random() >= DROP_RATE]
    for paragraph in [p for p in kept if rng.random() < DUPLICATE_RATE]:
        kept.insert(rng.randint(0, len(kept)), paragraph)
    damaged = []
    for paragraph in kept:
        if _is_latin(paragraph):
            paragraph = _stray_spaces(paragraph, rng)
            if rng.random() < LETTER_SPACE_RATE:
                spaced = _letter_space(paragraph, rng)
                paragraph = spaced if letter_spacing else paragraph
        damaged.append(paragraph)
    out: list[str] = []
    page, until_marker = 1, rng.randint(*PAGE_EVERY)
    for paragraph in damaged:
        out.append(paragraph)
        until_marker -= 1
        if until_marker == 0:
            out.append(f"- {page} -")
            page += 1
            until_marker = rng.randint(*PAGE_EVERY)
    return separator.join(out) + "\n"


def make_corpus(out_dir, count: int, seed: int = 0, data_dir=DEFAULT_DATA,
                no_letter_spacing_langs=()) -> list[dict]:
    """Write a synthetic data folder of ``count`` rulebooks to ``out_dir``; return its entries.

    Rulebook ``i`` depends only on the seed and ``i``, so a corpus of 25 is the first 25
    rulebooks of the corpus of 200. Rulebooks in ``no_letter_spacing_langs`` get no
    letter-spaced phrases (all their other damage is unchanged).
    """
    out_dir, data_dir = Path(out_dir), Path(data_dir)
    manifest = _load_manifest(data_dir)
    sources = manifest["rulebooks"]
    (out_dir / "sources").mkdir(parents=True, exist_ok=True)
    texts = {}
    for source in sources:
        texts[source["id"]] = (data_dir / source["file"]).read_bytes().decode("utf-8")
    entries = []
    for index in range(count):
        source = sources[index % len(sources)]
        rng = random.Random(f"cardbase-synthetic:{seed}:{index}")
        text = synthesise(texts[source["id"]], rng,
                          letter_spacing=source["lang"] not in no_letter_spacing_langs)
        data = text.encode("utf-8")
        name = f"synth-{index:03d}"
        relative = f"sources/{name}.txt"
        (out_dir / relative).write_bytes(data)
        entries.append({
            "id": f"{name}-{source['lang'].lower()}",
            "game": source["game"],
            "lang": source["lang"],
            "edition": "synthetic",
            "title": f"{source['title']} (synthetic {index:03d})",
            "publisher": "synthetic",
            "file": relative,
            "sha256": hashlib.sha256(data).hexdigest(),
            "headings": list(source.get("headings", ["lines"])),
            "page_markers": "footer",
        })
    doc = {"games": manifest["games"], "rulebooks": entries}
    header = (f"# Synthetic corpus: {count} rulebooks derived from {data_dir.name}/ "
              f"(seed {seed}) by bench/synthetic_corpus.py.\n")
    (out_dir / "manifest.yaml").write_text(
        header + yaml.safe_dump(doc, allow_unicode=True, sort_keys=False, width=100),
        encoding="utf-8")
    shutil.copyfile(data_dir / "topics.yaml", out_dir / "topics.yaml")
    return entries


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out_dir", type=Path, help="the data folder to write")
    parser.add_argument("--count", type=int, default=200, help="number of rulebooks (200)")
    parser.add_argument("--seed", type=int, default=0, help="RNG seed (0)")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA,
                        help="the real data folder to derive from (data/)")
    parser.add_argument("--no-letter-spacing", metavar="LANG", action="append", default=[],
                        help="no letter-spaced phrases in rulebooks of this language (repeatable)")
    args = parser.parse_args(argv)
    if args.count < 1:
        parser.error("--count must be at least 1")
    entries = make_corpus(args.out_dir, args.count, seed=args.seed, data_dir=args.data,
                          no_letter_spacing_langs=tuple(args.no_letter_spacing))
    langs = sorted({e["lang"] for e in entries})
    print(f"wrote {len(entries)} rulebooks ({', '.join(langs)}) to {args.out_dir}",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
