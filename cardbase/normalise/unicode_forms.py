"""Stage ``unicode``: one spelling for every character, stored as NFC.

Extracted text carries no-break and odd-width spaces, soft hyphens, zero-width characters,
full-width letters and digits (``１６８`` → ``168``), ligatures and, in the worst case, mojibake.
``ftfy`` first repairs mojibake and ligatures and composes to NFC; only then do odd spaces become
plain spaces and invisible characters go, since mojibake is made of the same bytes (``í`` read as
Windows-1252 is ``Ã`` and a soft hyphen, ``à`` is ``Ã`` and a no-break space). Full-width letters,
digits and signs get their ordinary width; the ideographic space of a Japanese or Chinese text is
its typography and stays. Curly quotes are kept: „…“ and “…” are the publishers' typography, not
damage.
"""

from __future__ import annotations

import re
import unicodedata

from .context import StageContext
from .textmap import Edit, diff_edits

NAME = "unicode"

_ODD_SPACES = "\u3000\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f"
_INVISIBLE = "\u00ad\u200b\u2060\ufeff"
_TRANSLATE = {ord(c): " " for c in _ODD_SPACES} | {ord(c): None for c in _INVISIBLE}
#: Languages whose typography has an ideographic space of its own (U+3000), kept as it is.
IDEOGRAPHIC = frozenset({"ja", "zh"})
_TRANSLATE_IDEOGRAPHIC = {k: v for k, v in _TRANSLATE.items() if k != 0x3000}
_SUSPECT = re.compile(f"[{_ODD_SPACES}{_INVISIBLE}\r\uff01-\uff5e\uff61-\uff9f\ufb00-\ufb06\u00c0-\u00ff\u0080-\u009f]")


def _fix_line(line: str, ideographic: bool = False) -> str:
    import ftfy
    from ftfy.chardata import WIDTH_MAP

    fixed = ftfy.fix_text(line, uncurl_quotes=False, fix_line_breaks=False,
                          fix_character_width=False, normalization="NFC")
    widths = {k: v for k, v in WIDTH_MAP.items() if not (ideographic and k == 0x3000)}
    fixed = fixed.translate(widths).translate(_TRANSLATE_IDEOGRAPHIC if ideographic else _TRANSLATE)
    return unicodedata.normalize("NFC", fixed)


def run(text: str, ctx: StageContext) -> list[Edit]:
    edits: list[Edit] = []
    ideographic = ctx.lexicon.lang in IDEOGRAPHIC
    offset = 0
    for line in text.split("\n"):
        stripped = line[:-1] if line.endswith("\r") else line
        if stripped != line or _SUSPECT.search(stripped) or not unicodedata.is_normalized("NFC", stripped):
            edits.extend(diff_edits(line, _fix_line(stripped, ideographic), offset))
        offset += len(line) + 1
    return edits
