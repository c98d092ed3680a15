"""Stage ``letter_spacing``: call-outs set in spaced letters read as words again.

``A c h t u ng : W e n n d i r e t w a s`` is found as a run of tokens that are nearly all single
characters; its letters are gathered, cut at case changes (a capital after a small letter starts a
word) and at digits and punctuation, and each stretch is split into words by word frequency
(``segmenter``). Punctuation is re-attached as typeset: closing marks to the word before, opening
marks to the word after.
"""

from __future__ import annotations

import re

from .context import StageContext
from .segmenter import segment
from .textmap import Edit, diff_edits

NAME = "letter_spacing"

MIN_SINGLES = 6
MIN_SINGLE_SHARE = 0.8
MAX_TOKEN = 3

_TOKEN = re.compile(r"\S+")
_CLOSING = set(",.;:!?)]}»“”’'…")
_OPENING = set("([{«„‚+±−")
_JOINING = set("-‐’'/")


def _is_short(token: str) -> bool:
    return len(token) <= MAX_TOKEN


def _runs(line: str):
    """Yield (start, end) of letter-spaced runs in one line."""
    tokens = [(m.start(), m.end(), m.group()) for m in _TOKEN.finditer(line)]
    i = 0
    while i < len(tokens):
        if not _is_short(tokens[i][2]):
            i += 1
            continue
        j = i
        while (j + 1 < len(tokens) and _is_short(tokens[j + 1][2])
               and tokens[j + 1][0] - tokens[j][1] == 1):
            j += 1
        run = tokens[i:j + 1]
        wordy = [t for t in run if any(c.isalnum() for c in t[2])]
        singles = [t for t in wordy if len(t[2]) == 1]
        if len(singles) >= MIN_SINGLES and len(singles) >= MIN_SINGLE_SHARE * len(wordy):
            # do not start or end a run on a longer token that belongs to normal text
            while run and len(run[0][2]) > 1 and run[0][2].isalpha() and len(run) > 1 \
                    and len(run[1][2]) > 1:
                run = run[1:]
            yield run[0][0], run[-1][1]
        i = j + 1


def _pieces(letters: str) -> list[str]:
    """Cut a gathered run at digits, punctuation and small-to-capital transitions."""
    pieces: list[str] = []
    current = ""
    for ch in letters:
        kind = "a" if ch.isalpha() else "d" if ch.isdigit() else "p"
        if current:
            prev = current[-1]
            prev_kind = "a" if prev.isalpha() else "d" if prev.isdigit() else "p"
            if kind != prev_kind or kind == "p" or (kind == "a" and prev.islower() and ch.isupper()):
                pieces.append(current)
                current = ""
        current += ch
    if current:
        pieces.append(current)
    return pieces


def respace(run_text: str, ctx: StageContext) -> str:
    """The words of a letter-spaced run, spaced as normal text."""
    letters = run_text.replace(" ", "")
    words: list[str] = []
    for piece in _pieces(letters):
        if piece[0].isalpha():
            words.extend(segment(piece, ctx.lexicon))
        else:
            words.append(piece)
    out = ""
    glue_next = False
    for word in words:
        if not out:
            out = word
        elif word in _CLOSING or glue_next or word in _JOINING and out[-1].isalnum():
            out += word
        else:
            out += " " + word
        glue_next = word in _OPENING or (word in _JOINING and out[-2:-1].isalnum())
    return out


def run(text: str, ctx: StageContext) -> list[Edit]:
    edits: list[Edit] = []
    offset = 0
    for line in text.split("\n"):
        for start, end in _runs(line):
            old = line[start:end]
            edits.extend(diff_edits(old, respace(old, ctx), offset + start))
        offset += len(line) + 1
    return edits
