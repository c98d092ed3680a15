"""Stage ``cut_paragraphs``: a paragraph break in the middle of a sentence becomes a space.

A blank line between a line ending in a letter (no closing punctuation) and a line starting with a
small letter is a sentence, or a word, that a page or column break cut in two (``…carta de Mald``,
blank line, ``ición.``). The two sides are joined with a space; ``split_words`` then decides
whether the space itself was stray.
"""

from __future__ import annotations

import re

from .context import StageContext
from .textmap import Edit

NAME = "cut_paragraphs"

_CUT_PARAGRAPH = re.compile(r"([^\W\d_])[ \t]*\n(?:[ \t]*\n)+[ \t]*(?=[^\W\d_])")


def run(text: str, ctx: StageContext) -> list[Edit]:
    edits = []
    for match in _CUT_PARAGRAPH.finditer(text):
        nxt = text[match.end()]
        if nxt.islower():
            edits.append(Edit(match.start() + 1, match.end(), " "))
    return edits


