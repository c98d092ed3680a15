"""Stage ``page_furniture``: page numbers and print slugs out of the running text.

A line holding only a page marker (``-3-``, ``- 10 -``, ``— 7 —``) or a printer's slug
(``File_Name.indd 2 25.02.20 17:15``) is not part of the rules. Neither is a bare page number
(``12`` on a line of its own), where the document shows a run of them going up page by page, nor
a running head: a short line printed again and again, each time beside a page number. They are
removed, and the page number is kept as metadata (in raw offsets). Where the text on both sides
of a marker is one sentence (the page broke mid-sentence: no closing punctuation before, a
lowercase letter after), the two sides are joined by a space instead of a paragraph break;
furniture lines side by side (a number and a running head) are one break.
"""

from __future__ import annotations

import re

from .context import StageContext
from .textmap import Edit

NAME = "page_furniture"

_MARKER = re.compile(r"^[ \t]*[-–—][ \t]*(\d{1,4})[ \t]*[-–—][ \t]*$", re.M)
FURNITURE = _SLUG = re.compile(r"^[ \t]*\S+\.(?:indd|qxd|qxp|idml)\b[^\n]*$", re.M | re.I)
_BARE = re.compile(r"^[ \t]*(\d{1,4})[ \t]*$")
_LINE = re.compile(r"^.*$", re.M)
MAX_HEAD = 80
_SENTENCE_END = set(".!?:;。！？」』)]\"”»")


def _region(text: str, start: int, end: int) -> tuple[int, int]:
    """Widen a line span to swallow the blank lines around it."""
    while start > 0 and text[start - 1] in " \t\n":
        start -= 1
    while end < len(text) and text[end] in " \t\n":
        end += 1
    return start, end


def _joiner(text: str, start: int, end: int) -> str:
    if start == 0 or end >= len(text):
        return ""
    before, after = text[start - 1], text[end]
    if before not in _SENTENCE_END and after.islower():
        return " "
    return "\n\n" if ("\n\n" in text[start:end] or text.count("\n", start, end) > 1) else "\n"


def _bare_numbers(text: str) -> list[tuple[int, int, int]]:
    """Lines holding only a number, taken as page numbers where the document shows they are:
    two or more, each further down the page sequence than the one before, none next to another
    line of numbers (a column of scores or a count is not a run of pages)."""
    lines = list(_LINE.finditer(text))
    found = []
    for index, match in enumerate(lines):
        number = _BARE.match(match.group())
        if not number:
            continue
        neighbours = [lines[i].group() for i in (index - 1, index + 1) if 0 <= i < len(lines)]
        if any(_BARE.match(n) or _MARKER.match(n) for n in neighbours):
            return []
        found.append((match.start(), match.end(), int(number.group(1))))
    numbers = [n for _, _, n in found]
    if len(found) < 2 or any(b <= a for a, b in zip(numbers, numbers[1:])):
        return []
    return found


def _running_heads(text: str, markers: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Short lines printed again and again beside the page numbers: a running head. A line counts
    when it stands two or more times as a line of its own next to a page marker (blank lines
    aside), and at most once elsewhere."""
    if not markers:
        return []
    lines = [m for m in _LINE.finditer(text) if m.group().strip()]
    starts = {start for start, _ in markers}
    at_marker = [i for i, m in enumerate(lines) if m.start() in starts]
    beside: dict[str, list] = {}
    counts: dict[str, int] = {}
    for match in lines:
        key = match.group().strip()
        if len(key) <= MAX_HEAD:
            counts[key] = counts.get(key, 0) + 1
    for i in at_marker:
        for j in (i - 1, i + 1):
            if 0 <= j < len(lines) and lines[j].start() not in starts:
                beside.setdefault(lines[j].group().strip(), []).append(lines[j])
    heads = []
    for key, matches in beside.items():
        # (the title a running head repeats may also stand once as the title)
        if len(key) <= MAX_HEAD and len(matches) >= 2 and counts.get(key, 0) - len(matches) <= 1:
            heads.extend((m.start(), m.end()) for m in matches)
    return heads


def run(text: str, ctx: StageContext) -> list[Edit]:
    found: list[tuple[int, int, int | None]] = []
    for match in _MARKER.finditer(text):
        found.append((match.start(), match.end(), int(match.group(1))))
    found.extend(_bare_numbers(text))
    for match in _SLUG.finditer(text):
        found.append((match.start(), match.end(), None))
    found.extend((start, end, None) for start, end in _running_heads(
        text, [(start, end) for start, end, page in found if page is not None]))
    # furniture lines next to each other (a page number and a running head) are one break
    regions: list[list] = []
    for line_start, line_end, page in sorted(set(found)):
        start, end = _region(text, line_start, line_end)
        raw = ctx.raw_offset(line_start)
        if page is None:
            ctx.furniture.append((raw, ctx.raw_offset(line_end)))
        else:
            ctx.pages.append((raw, page))
        if regions and start <= regions[-1][1]:
            regions[-1][1] = max(regions[-1][1], end)
        else:
            regions.append([start, end])
    return [Edit(start, end, _joiner(text, start, end)) for start, end in regions]
