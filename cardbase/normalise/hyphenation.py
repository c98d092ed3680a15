"""Stage ``hyphenation``: words hyphenated at a line end are whole again; compounds keep their hyphen.

``Nach-⏎teile`` becomes ``Nachteile`` when the joined word is known (or neither half is), while
``Chaos-⏎Monster`` (a capital after the hyphen) and a join that makes no known word out of two
known ones keep the hyphen and lose only the line break.
"""

from __future__ import annotations

import re

from .context import StageContext
from .textmap import Edit

NAME = "hyphenation"

_BREAK = re.compile(r"([^\W\d_]+)[ \t]?[-‐\u2011][ \t]*\n[ \t]*([^\W\d_]+)")
KNOWN_ZIPF = 1.5


def run(text: str, ctx: StageContext) -> list[Edit]:
    lexicon = ctx.lexicon
    edits: list[Edit] = []
    for match in _BREAK.finditer(text):
        left, right = match.group(1), match.group(2)
        start, end = match.end(1), match.start(2)
        keep_hyphen = right[0].isupper() and not right.isupper()
        if not keep_hyphen and lexicon.available:
            joined_known = max(lexicon.zipf(left + right), lexicon.compound_zipf(left + right)) >= KNOWN_ZIPF
            halves_known = lexicon.zipf(left) >= KNOWN_ZIPF and lexicon.zipf(right) >= KNOWN_ZIPF
            keep_hyphen = not joined_known and halves_known
        edits.append(Edit(start, end, "-" if keep_hyphen else ""))
    return edits
