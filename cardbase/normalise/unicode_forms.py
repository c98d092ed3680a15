"""Stage ``unicode``: one spelling for every character, stored as NFC.

Extracted text carries no-break and odd-width spaces, soft hyphens, zero-width characters,
full-width letters and digits (``１６８`` → ``168``), ligatures and, in the worst case, mojibake.
Odd spaces become plain spaces and invisible characters are dropped here; ``ftfy`` then repairs
mojibake, widths and ligatures and composes to NFC. Curly quotes are kept: „…“ and “…” are the
publishers' typography, not damage.
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
_SUSPECT = re.compile(f"[{_ODD_SPACES}{_INVISIBLE}\r\uff01-\uff5e\uff61-\uff9f\ufb00-\ufb06\u00c0-\u00ff\u0080-\u009f]")


def _fix_line(line: str) -> str:
    import ftfy

    line = line.translate(_TRANSLATE)
    fixed = ftfy.fix_text(line, uncurl_quotes=False, fix_line_breaks=False, normalization="NFC")
    return unicodedata.normalize("NFC", fixed)


def run(text: str, ctx: StageContext) -> list[Edit]:
    edits: list[Edit] = []
    offset = 0
    for line in text.split("\n"):
        stripped = line[:-1] if line.endswith("\r") else line
        if stripped != line or _SUSPECT.search(stripped) or not unicodedata.is_normalized("NFC", stripped):
            edits.extend(diff_edits(line, _fix_line(stripped), offset))
        offset += len(line) + 1
    return edits
