"""Stage ``whitespace``: tidy spacing left over by extraction and by the other stages.

Runs of spaces become one, lines lose trailing and leading spaces, ideographic ones included (a
leading indent is layout, not content), and more than one blank line becomes one. A space left
before closing punctuation goes (except before ``; : ! ?`` in French, whose typography wants it),
and so does a space before the hyphen of a compound (``Schummeln -Karte``), unless a dash after
the next words closes an aside (``a curse -see Curses- it``). Paragraphs stay one per line.
"""

from __future__ import annotations

import re

from .context import StageContext
from .textmap import Edit

NAME = "whitespace"

_PATTERNS = [
    (re.compile(r"[ \t\u3000]+$", re.M), ""),
    (re.compile(r"^[ \t\u3000]+", re.M), ""),
    (re.compile(r"(?<=\S)[ \t]{2,}(?=\S)"), " "),
    (re.compile(r"\t"), " "),
    (re.compile(r"(?<=\w) +(?=[,.)](?:\s|$))", re.M), ""),
    (re.compile(r"(?<=\w) +(?=[:;!?](?:\s|$))", re.M), "", "not-fr"),
    # (not the opening dash of an aside that a dash closes: ``a curse -see Curses- it``)
    (re.compile(r"(?<=\w) -(?=[^\W\d_])(?![^\W\d_]+(?: [^\W\d_]+)*-(?:[\s,.;:]|$))"), "-"),
    (re.compile(r"\n{3,}"), "\n\n"),
    (re.compile(r"\A\n+"), ""),
    (re.compile(r"\n+\Z"), "\n"),
]


#: Languages whose typography puts a space before ; : ! ? (kept there).
SPACE_BEFORE_HIGH_PUNCTUATION = frozenset({"fr"})


def run(text: str, ctx: StageContext) -> list[Edit]:
    edits: dict[int, Edit] = {}
    taken: list[tuple[int, int]] = []
    for pattern, replacement, *only in _PATTERNS:
        if only and ctx.lexicon.lang in SPACE_BEFORE_HIGH_PUNCTUATION:
            continue
        for match in pattern.finditer(text):
            if match.start() == match.end() or match.group() == replacement:
                continue
            if any(match.start() < e and s < match.end() for s, e in taken):
                continue
            taken.append((match.start(), match.end()))
            edits[match.start()] = Edit(match.start(), match.end(), replacement)
    return list(edits.values())
