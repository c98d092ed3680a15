"""Stage ``reflow``: layout line breaks out, paragraph breaks in; after it, one paragraph per line.

Extracted text breaks lines where the page did. This stage decides, for every line break, whether
it ends a paragraph:

* in a text wrapped at a fixed width (most breaks are single newlines), a break is soft unless the
  line before ends a sentence and is clearly shorter than the measure, or one of the two lines is a
  heading (a short line, no closing punctuation, a capital, between sentence ends); lines in a
  stretch of fragments (card faces, cut-off columns) keep their breaks;
* in a language written without spaces, a break between two characters of running text (no
  closing punctuation, no indent, no bullet) is soft and disappears;

Soft breaks become a space (nothing in spaceless languages); hard ones a blank line.
"""

from __future__ import annotations

import re

from .context import StageContext
from .lexicon import SPACELESS
from .textmap import Edit

NAME = "reflow"

_SENTENCE_END = tuple(".!?:。！？」』”\"»)")
_NO_JOIN_END = _SENTENCE_END + (",", ";", "、")
_BULLET = re.compile(r"^\s*(?:[•·・\-–—*]|\d+[.)]|[a-z]\))\s*")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff66-\uff9f]")
FRAGMENT_LINE = 25
WRAPPED_SHARE = 0.9


def _is_wrapped(lines: list[str]) -> bool:
    nonblank = [i for i, line in enumerate(lines) if line.strip()]
    if len(nonblank) < 20:
        return False
    single = sum(1 for a, b in zip(nonblank, nonblank[1:]) if b == a + 1)
    return single >= WRAPPED_SHARE * (len(nonblank) - 1)


def _fragment_lines(lines: list[str]) -> set[int]:
    """Lines inside a stretch where most lines are fragments (short pieces of a layout)."""
    short = [0 < len(line.strip()) < FRAGMENT_LINE for line in lines]
    result = set()
    for i in range(len(lines)):
        window = short[max(0, i - 3):i + 4]
        if short[i] and sum(window) >= 5:
            result.add(i)
    return result


def _heading_like(line: str, measure: int) -> bool:
    text = line.strip()
    return (0 < len(text) < 0.55 * measure and text[0].isupper()
            and not text.endswith(_NO_JOIN_END) and not text.endswith(("-", "–"))
            and not _BULLET.match(text))


def _wrapped_edits(text: str, lines: list[str], spaceless: bool) -> list[Edit]:
    lengths = sorted(len(line.strip()) for line in lines if line.strip())
    measure = lengths[int(0.9 * (len(lengths) - 1))]
    fragments = _fragment_lines(lines)
    starts = []
    offset = 0
    for line in lines:
        starts.append(offset)
        offset += len(line) + 1
    edits = []
    for i in range(len(lines) - 1):
        a, b = lines[i].strip(), lines[i + 1].strip()
        if not a or not b:
            continue
        newline = starts[i] + len(lines[i])
        if i in fragments or i + 1 in fragments:
            continue
        prev = lines[i - 1].strip() if i > 0 else ""
        a_heading = _heading_like(a, measure) and b[0].isupper() and (
            not prev or prev.endswith(_SENTENCE_END) or i - 1 in fragments)
        nxt = lines[i + 2].strip() if i + 2 < len(lines) else ""
        b_heading = _heading_like(b, measure) and a.endswith(_SENTENCE_END) and (nxt[:1].isupper())
        ends_paragraph = (a.endswith(_SENTENCE_END) and len(a) < 0.8 * measure
                          and (b[0].isupper() or not b[0].isalpha()))
        if a_heading or b_heading or ends_paragraph or _BULLET.match(b):
            edits.append(Edit(newline, newline + 1, "\n\n"))
        else:
            edits.append(Edit(newline, newline + 1, "" if spaceless else " "))
    return edits


def _spaceless_edits(lines: list[str]) -> list[Edit]:
    edits = []
    offset = 0
    for i in range(len(lines) - 1):
        offset += len(lines[i]) + 1
        a, b = lines[i], lines[i + 1]
        if (a and b and _CJK.match(a[-1]) and _CJK.match(b[0])
                and not a.endswith(_NO_JOIN_END) and not _BULLET.match(b)):
            edits.append(Edit(offset - 1, offset, ""))
    return edits


def run(text: str, ctx: StageContext) -> list[Edit]:
    lines = text.split("\n")
    spaceless = ctx.lexicon.lang in SPACELESS
    if _is_wrapped(lines):
        return _wrapped_edits(text, lines, spaceless)
    return _spaceless_edits(lines) if spaceless else []
