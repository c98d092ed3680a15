"""Finding headings in repaired text, by the styles a rulebook declares.

After normalisation every paragraph is one line. A heading is found by one of three styles:

* ``lines``: a short line of its own (no closing punctuation, a capital or a CJK character first)
  followed by more text;
* ``colon``: ``Heading(English gloss):`` at the start of a paragraph, the body running on after
  the colon; accepted with a gloss, in CJK, or when the label stands alone on its line;
* ``numbered``: ``1) Phase name`` on a line of its own, one level below the heading before it.

A block of three or more heading-like lines before any running text is front matter (title,
credits), not a run of headings.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from ..search.textkeys import has_cjk

MAX_HEADING = 60
MAX_WORDS = 9
MAX_CJK_HEADING = 30
FRONT_MATTER_RUN = 3

_CLOSING = tuple(".,;:!?。、…")
_BULLET = re.compile(r"^(?:[•·・\-–—*]|\d+[.]\s)")
_NUMBERED = re.compile(r"^\d+\)\s*\S")
_COLON = re.compile(
    r"^(?P<label>(?:\d+\)\s*)?[^:。、.!?\n()]{1,40}?)\s*(?P<gloss>\([^()\n]{1,60}\))?\s*:[ \t]*")


@dataclass
class Heading:
    start: int          # where the heading text begins in the repaired text
    end: int            # where it ends
    body_start: int     # where the section's text after the heading begins
    text: str           # the heading as shown
    style: str          # lines | colon | numbered | outline | editorial
    level: int | None = None
    indented: bool = False
    kind: str | None = None
    topic: str | None = None
    flags: tuple[str, ...] = field(default_factory=tuple)

    @property
    def editorial(self) -> bool:
        return self.style == "editorial"


def iter_lines(text: str):
    """Yield (start, end, line) for every line of ``text``."""
    start = 0
    for line in text.split("\n"):
        yield start, start + len(line), line
        start += len(line) + 1


def heading_like(line: str) -> bool:
    s = line.strip()
    if not s or len(s) > MAX_HEADING or s.endswith(_CLOSING) or _BULLET.match(s):
        return False
    if sum(ch.isalpha() for ch in s) < 3:
        return False
    if has_cjk(s):
        return len(s) <= MAX_CJK_HEADING
    first = next((ch for ch in s if ch.isalnum()), "")
    if not first or (first.isalpha() and not first.isupper()):
        return False
    if first.isdigit() and not _NUMBERED.match(s):
        return False
    return len(s.split()) <= MAX_WORDS


def _colon_heading(line: str, start: int) -> Heading | None:
    match = _COLON.match(line)
    if not match:
        return None
    label = match.group("label").strip()
    gloss = match.group("gloss") or ""
    rest = line[match.end():].strip()
    if not label or label[0] in "•·・-–—*(" or not any(ch.isalpha() for ch in label):
        return None
    if not (gloss or (has_cjk(label) and len(label) <= 25)
            or (not rest and len(label.split()) <= 5 and label[0].isupper())):
        return None
    text = (label + gloss).strip()
    return Heading(start=start, end=start + match.end(), body_start=start + match.end(),
                   text=text, style="colon")


def detect(text: str, styles: tuple[str, ...], indented_at=lambda position: False) -> list[Heading]:
    """Every heading the declared ``styles`` find in ``text``."""
    lines = list(iter_lines(text))
    found: list[Heading] = []
    seen_body = False
    front_run: list[int] = []
    for index, (start, end, line) in enumerate(lines):
        if not line.strip():
            continue
        heading = None
        if "colon" in styles:
            heading = _colon_heading(line, start)
        if heading is None and "numbered" in styles and _NUMBERED.match(line) and heading_like(line):
            heading = Heading(start, end, end, line.strip(), "numbered")
        if heading is None and "lines" in styles and heading_like(line):
            nxt = next((l for _, _, l in lines[index + 1:] if l.strip()), "")
            if nxt:
                heading = Heading(start, end, end, line.strip(), "lines")
        if heading is None:
            seen_body = True
            continue
        heading.indented = indented_at(start)
        if not seen_body and heading.style == "lines":
            front_run.append(len(found))
        found.append(heading)
        if heading.body_start < end and line[heading.body_start - start:].strip():
            seen_body = True
    if len(front_run) >= FRONT_MATTER_RUN:
        drop = set(front_run[1:])
        found[front_run[0]] = replace(found[front_run[0]], kind="front")
        found = [h for i, h in enumerate(found) if i not in drop]
    return found
