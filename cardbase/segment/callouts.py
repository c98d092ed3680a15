"""Call-outs: a boxed note set in another type, found by how it was printed, not by its words.

A call-out (``A c h t u ng : W e n n d i r …``) is set letter-spaced where the running text is
not, and opens with a short label and a colon. Normalisation repairs the spacing and records it
(stage ``letter_spacing``); a paragraph that opens with ``Label:`` inside a long letter-spaced run
is a call-out: a ``sidebar`` section headed by its label. Where the run ends inside the paragraph
(reflow joined the box to the text after it), the text after it continues the section the box
interrupts (whether reflow joined it to the box or not), under an editorial heading
``<that section> (…)``, unless a heading of its own starts there first. Call-outs are found whether or not
the outline lets heading styles run; an outline entry at the same place wins.
"""

from __future__ import annotations

import re
from bisect import bisect_left

from .headings import Heading

#: A letter-spaced run must be this long (raw characters) to be a box rather than a spaced word.
MIN_RUN = 80
#: Runs closer than this (raw characters: a short word or a line break left as it was) are one run.
JOIN_GAP = 8
_LABEL = re.compile(r"(?P<label>[^\W\d_][^\W\d_\-]{1,24}(?: [^\W\d_]+){0,2})[ \t]*:[ \t]+(?=\S)")


def spaced_runs(changes) -> list[tuple[int, int]]:
    """Raw spans of text the letter-spacing stage repaired, neighbouring runs merged."""
    runs: list[list[int]] = []
    for change in sorted((c for c in changes if c.stage == "letter_spacing"),
                         key=lambda c: c.raw_start):
        if runs and change.raw_start - runs[-1][1] <= JOIN_GAP:
            runs[-1][1] = max(runs[-1][1], change.raw_end)
        else:
            runs.append([change.raw_start, change.raw_end])
    return [(a, b) for a, b in runs if b - a >= MIN_RUN]


def find_callouts(text: str, starts: list[int], changes) -> list[Heading]:
    """A sidebar heading for each call-out, and a continuation heading where text follows it."""
    runs = spaced_runs(changes)
    if not runs:
        return []
    found: list[Heading] = []
    position = 0
    for line in text.split("\n"):
        match = _LABEL.match(line)
        if match and line:
            raw = starts[position]
            run = next(((a, b) for a, b in runs if a - JOIN_GAP <= raw < b), None)
            if run:
                found.append(Heading(position, position + len(match.group("label")),
                                     position + match.end(), match.group("label"), "callout",
                                     kind="sidebar"))
                end = bisect_left(starts, run[1], position)
                while end < len(text) and not text[end].isalnum():
                    end += 1  # the box's closing stop, left unspaced, is still the box's
                if end < len(text):
                    found.append(Heading(end, end, end, "", "editorial", kind="rule",
                                         flags=("continues",)))
        position += len(line) + 1
    return found
