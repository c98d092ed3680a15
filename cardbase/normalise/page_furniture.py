"""Stage ``page_furniture``: page numbers and print slugs out of the running text.

A line holding only a page marker (``-3-``, ``- 10 -``, ``— 7 —``) or a printer's slug
(``File_Name.indd 2 25.02.20 17:15``) is not part of the rules. It is removed, and the page number
is kept as metadata (in raw offsets). Where the text on both sides of a marker is one sentence
(the page broke mid-sentence: no closing punctuation before, a lowercase letter after), the two
sides are joined by a space instead of a paragraph break.
"""

from __future__ import annotations

import re

from .context import StageContext
from .textmap import Edit

NAME = "page_furniture"

_MARKER = re.compile(r"^[ \t]*[-–—][ \t]*(\d{1,4})[ \t]*[-–—][ \t]*$", re.M)
FURNITURE = _SLUG = re.compile(r"^[ \t]*\S+\.(?:indd|qxd|qxp|idml)\b[^\n]*$", re.M | re.I)
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


def run(text: str, ctx: StageContext) -> list[Edit]:
    found: list[tuple[int, int, int | None]] = []
    for match in _MARKER.finditer(text):
        found.append((match.start(), match.end(), int(match.group(1))))
    for match in _SLUG.finditer(text):
        found.append((match.start(), match.end(), None))
    edits: list[Edit] = []
    last_end = -1
    for line_start, line_end, page in sorted(found):
        start, end = _region(text, line_start, line_end)
        if start < last_end:
            start = last_end
        raw = ctx.raw_offset(line_start)
        if page is None:
            ctx.furniture.append((raw, ctx.raw_offset(line_end)))
        else:
            ctx.pages.append((raw, page))
        edits.append(Edit(start, end, _joiner(text, start, end)))
        last_end = end
    return edits
