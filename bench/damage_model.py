"""A seeded model of the damage extraction does to a rulebook, for round-trip measurements.

The kinds are the ones the rulebooks in ``data/sources`` show: call-outs set in spaced letters
(``A c h t u ng``), stray spaces inside words (``Guer rero``), words hyphenated at a line end,
page furniture (running heads, bare page numbers and ``-N-`` markers on lines of their own), icons
the extraction dropped (a word gone, a double space left), ligatures lost with their glyph
(``first`` → ``irst``, ``modifiers`` → ``modiiers``), lines cut at a margin (the rest of the
paragraph gone) and mojibake (UTF-8 read as Windows-1252, so ``límite`` → ``lÃ­mite``).

``damage(text, lang, kinds, seed)`` returns the damaged text and one ``Damage`` per change, with
the clean words it touched (``needle``: what a repair must give back) so that a benchmark can tell
which damage was undone. Only body paragraphs (lines of 60 characters or more) are damaged, so the
headings stay as they were and the text can be cut into the same sections before and after.
The same text, kinds and seed give the same damage.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

KINDS = ("letter_spacing", "split_words", "hyphenation", "page_furniture", "dropped_symbols",
         "ligatures", "cut_lines", "mojibake")
#: Kinds that no repair can undo: the text is gone. They must be flagged, not repaired.
FLAG_ONLY = frozenset({"dropped_symbols", "cut_lines"})
SPACELESS = frozenset({"ja", "zh"})
BODY_MIN = 60

#: How much of each kind, per body paragraph (chance that one paragraph gets one instance).
RATES = {
    "letter_spacing": 0.15, "split_words": 0.5, "hyphenation": 0.4, "page_furniture": 0.35,
    "dropped_symbols": 0.2, "ligatures": 1.0, "cut_lines": 0.1, "mojibake": 0.15,
}

_WORD = re.compile(r"[^\W\d_]+")
_LIGATURE = re.compile(r"ff[il]|f[fil]")


@dataclass
class Damage:
    kind: str
    line: int          # index of the clean line damaged
    needle: str        # the clean words around the damage, as a repair must give them back
    detail: str = ""


def _sloppy_cp1252(data: bytes) -> str:
    out = []
    for byte in data:
        try:
            out.append(bytes([byte]).decode("cp1252"))
        except UnicodeDecodeError:
            out.append(chr(byte))
    return "".join(out)


def _context(line: str, start: int, end: int) -> str:
    """The clean words from the one before ``start`` to the one after ``end``."""
    left = line[:start].split(" ")
    right = line[end:].split(" ")
    return " ".join(left[-2:]).lstrip() + line[start:end] + " ".join(right[:2]).rstrip()


def _words(line: str, min_len: int = 1):
    return [m for m in _WORD.finditer(line) if len(m.group()) >= min_len]


def _letter_spacing(line, rng, lang):
    if lang in SPACELESS:
        return None
    words = list(re.finditer(r"\S+", line))
    if len(words) < 6:
        return None
    first = rng.randrange(0, len(words) - 4)
    span = words[first:first + rng.randint(3, 5)]
    start, end = span[0].start(), span[-1].end()
    spaced = " ".join(c for c in line[start:end] if c != " ")
    return line[:start] + spaced + line[end:], _context(line, start, end), ""


def _split_word(line, rng, lang):
    if lang in SPACELESS or lang == "vi":
        return None
    words = [m for m in _words(line, 6)]
    if not words:
        return None
    word = rng.choice(words)
    cut = word.start() + rng.randint(2, len(word.group()) - 2)
    return line[:cut] + " " + line[cut:], _context(line, word.start(), word.end()), ""


def _hyphenate(line, rng, lang):
    if lang in SPACELESS or lang == "vi":
        return None
    words = [m for m in _words(line, 7) if m.start() > 20]
    if not words:
        return None
    word = rng.choice(words)
    cut = word.start() + rng.randint(3, len(word.group()) - 3)
    return line[:cut] + "-\n" + line[cut:], _context(line, word.start(), word.end()), ""


def _furniture(line, rng, lang, title, page):
    """A page break inside the paragraph: the line is cut at a space, and a page number (bare or
    between dashes) and maybe a running head stand between the halves."""
    spaces = [m.start() for m in re.finditer(" ", line)]
    if lang in SPACELESS:
        spaces = [m.end() for m in re.finditer("[。、]", line)][:-1]
    spaces = [s for s in spaces if 20 < s < len(line) - 20]
    if not spaces:
        return None
    cut = rng.choice(spaces)
    marker = rng.choice([f"-{page}-", f"- {page} -", str(page)])
    furniture = [marker] + ([title] if rng.random() < 0.5 else [])
    rng.shuffle(furniture)
    left, right = line[:cut].rstrip(), line[cut:].lstrip()
    return left + "\n\n" + "\n\n".join(furniture) + "\n\n" + right, _context(line, cut, cut), marker


def _drop_symbol(line, rng, lang):
    if lang in SPACELESS:
        candidates = [m for m in re.finditer(r"[\u30a0-\u30ff\u4e00-\u9fff]{2,4}(?=[をはがに])", line)]
        if not candidates:
            return None
        word = rng.choice(candidates)
        return (line[:word.start()] + " " + line[word.end():],
                line[max(0, word.start() - 3):word.end() + 3], "")
    # an icon stands for a noun: after an article or a preposition (``con el``, ``for each``)
    words = [m for m in _words(line, 3) if 0 < m.start() and m.end() < len(line) - 1
             and line[m.start() - 1] == " " and line[m.end()] in " ,.;:"
             and re.search(r"(?:^|\s)[^\W\d_]{1,4} $", line[:m.start()])]
    if not words:
        return None
    # an icon often ends a phrase (``tienen el .``), else it leaves a double space
    closing = [m for m in words if line[m.end()] != " "]
    word = rng.choice(closing if closing and rng.random() < 0.5 else words)
    return (line[:word.start()] + " " + line[word.end():], _context(line, word.start(), word.end()),
            word.group())


def _ligatures(line, rng, lang):
    hits = [m for m in _LIGATURE.finditer(line)]
    if not hits:
        return None
    out, last, needles = [], 0, []
    for match in hits:
        out.append(line[last:match.start()] + match.group()[-1])
        last = match.end()
        word = re.search(r"[^\W\d_]*$", line[:match.start()]).group() + re.match(
            r"[^\W\d_]*", line[match.start():]).group()
        needles.append(word)
    out.append(line[last:])
    return "".join(out), needles, ""


def _cut(line, rng, lang):
    if len(line) < 100:
        return None
    cut = rng.randrange(len(line) // 2, len(line) - 10)
    while cut < len(line) and not line[cut].isalpha():
        cut += 1
    # cut inside a word, as a margin does
    return line[:cut + 1], line[max(0, cut - 20):cut + 1], line[cut + 1:]


def _mojibake(line, rng, lang):
    if lang in SPACELESS or not any(ord(c) > 127 for c in line):
        return None
    words = [m for m in re.finditer(r"\S+", line) if any(ord(c) > 127 for c in m.group())]
    if not words:
        return None
    return _sloppy_cp1252(line.encode("utf-8")), [w.group() for w in words], ""


def body_lines(text: str) -> list[int]:
    return [i for i, line in enumerate(text.split("\n")) if len(line) >= BODY_MIN]


def line_spans(lines: list[str]) -> list[tuple[int, int]]:
    """Where each of ``lines`` (maybe several lines each, once damaged) stands in their join."""
    spans, position = [], 0
    for line in lines:
        spans.append((position, position + len(line)))
        position += len(line) + 1
    return spans


def damage(text: str, lang: str, kinds=KINDS, seed: int = 0) -> tuple[str, list[Damage], list]:
    """``text`` damaged with ``kinds`` (applied to each paragraph in the order of ``KINDS``), and
    what was done, and where each clean line stands in the damaged text (``line_spans``)."""
    rng = random.Random(f"{seed}:{lang}:{','.join(sorted(kinds))}")
    lines = text.split("\n")
    title = next((line for line in lines if line.strip()), "")[:60]
    done: list[Damage] = []
    page = 1
    for index in body_lines(text):
        line = lines[index]
        for kind in KINDS:
            if kind not in kinds or rng.random() >= RATES[kind]:
                continue
            if kind == "page_furniture":
                page += 1
                result = _furniture(line, rng, lang, title, page)
            else:
                result = {"letter_spacing": _letter_spacing, "split_words": _split_word,
                          "hyphenation": _hyphenate, "dropped_symbols": _drop_symbol,
                          "ligatures": _ligatures, "cut_lines": _cut, "mojibake": _mojibake}[kind](
                    line, rng, lang)
            if result is None:
                continue
            new, needle, detail = result
            if kind == "cut_lines" and "\n" in line:
                continue
            needles = needle if isinstance(needle, list) else [needle]
            done.extend(Damage(kind, index, n, detail) for n in needles)
            line = new
            if kind in ("cut_lines", "mojibake"):
                break  # nothing else lands on a line cut off or garbled whole
        lines[index] = line
    return "\n".join(lines), done, line_spans(lines)
