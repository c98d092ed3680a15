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


def _runs(line: str, lexicon):
    """Yield (start, end) of letter-spaced runs in one line.

    A run is a stretch of single characters separated by single spaces; a token of two or three
    characters belongs to it only next to a single character with another single or a two-character
    token on its other side (``A c h t u ng :``, ``G old s t ü c k e``, ``A u f Är ge r``), so the
    ordinary words around a run stay out of it. Letters at the end of a stretch that run on into
    a word fragment (``e in F r a g e k ommende``) belong to a word split by stray spaces, not to
    letter spacing: the run stops at its last punctuation before them, or is left to
    ``split_words`` entirely.
    """
    tokens = [(m.start(), m.end(), m.group()) for m in _TOKEN.finditer(line)]

    def single(i: int) -> bool:
        return 0 <= i < len(tokens) and len(tokens[i][2]) == 1

    def letter(i: int) -> bool:
        return single(i) and tokens[i][2].isalnum()

    def tiny(i: int) -> bool:
        return 0 <= i < len(tokens) and len(tokens[i][2]) <= 2 and tokens[i][2].isalnum()

    def closes(i: int) -> bool:
        return i >= len(tokens) or (single(i) and not tokens[i][2].isalnum())

    def member(i: int) -> bool:
        if single(i):
            return True
        return len(tokens[i][2]) <= MAX_TOKEN and (
            (letter(i - 1) and (letter(i + 1) or tiny(i + 1) or closes(i + 1)))
            or (letter(i + 1) and (letter(i - 1) or tiny(i - 1))))

    i = 0
    while i < len(tokens):
        if not member(i):
            i += 1
            continue
        j = i
        while j + 1 < len(tokens) and member(j + 1) and tokens[j + 1][0] - tokens[j][1] == 1:
            j += 1
        run = tokens[i:j + 1]
        after = tokens[j + 1][2] if j + 1 < len(tokens) and tokens[j + 1][0] - tokens[j][1] == 1 else ""
        if after and run[-1][2][-1].isalnum() and after[0].islower() and lexicon.is_fragment(after):
            # the last letters run on into a fragment: they are part of a split word; keep the
            # run only up to its last punctuation, if it has one
            stops = [k for k, t in enumerate(run) if not t[2].isalnum()]
            run = run[:stops[-1] + 1] if stops else []
        wordy = [t for t in run if any(c.isalnum() for c in t[2])]
        singles = [t for t in wordy if len(t[2]) == 1]
        if run and len(singles) >= MIN_SINGLES and len(singles) >= MIN_SINGLE_SHARE * len(wordy):
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
        for start, end in _runs(line, ctx.lexicon):
            old = line[start:end]
            edits.extend(diff_edits(old, respace(old, ctx), offset + start))
        offset += len(line) + 1
    return edits
