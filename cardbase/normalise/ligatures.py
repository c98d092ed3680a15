"""Stage ``ligatures``: letters lost with a ligature glyph are restored where the word is certain.

A font that sets ``fi``, ``fl``, ``ff``, ``ffi`` and ``ffl`` as one glyph can lose the glyph's
first letters in extraction: ``first`` becomes ``irst``, ``modifiers`` ``modiiers``, ``fight``
``ight``. Such a word is found by what a restored ligature gives: a common word of the language
(wordfreq), far more common than the form in the text. The repair is made only

* where the document shows the damage: at least ``MIN_EVIDENCE`` words that are no words at all
  and become common ones with a ligature restored (clean text has none), and
* where the word is certain: one restoration is far likelier than any other.

The other suspects are left as they are; the section quality check (``suspects``) flags them.
Languages without a word list are left alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .context import StageContext
from .lexicon import Lexicon
from .textmap import Edit, diff_edits

NAME = "ligatures"

#: Each ligature, and what its loss leaves: its last letter.
LIGATURES = ("ffi", "ffl", "ff", "fi", "fl")
#: A restored word must be this common, and this much more common than the damaged form.
KNOWN_ZIPF = 2.0
MARGIN = 2.0
#: A form this common is a word of its own, whatever a ligature would make of it.
COMMON_ZIPF = 3.5
#: A damaged form below this is no word at all: evidence that the document lost ligatures.
UNKNOWN_ZIPF = 2.0
#: The best restoration must lead the next by this much to be certain.
CERTAIN_LEAD = 1.5
MIN_EVIDENCE = 1

_WORD = re.compile(r"(?<![\w'’-])[^\W\d_]{2,}(?![\w'’-])")


@dataclass(frozen=True)
class Suspect:
    start: int
    end: int
    word: str
    restored: tuple[str, ...]   # the restorations, likeliest first
    certain: bool
    unknown: bool               # the damaged form is no word at all

    @property
    def best(self) -> str:
        return self.restored[0]


def restorations(word: str, lexicon: Lexicon) -> list[tuple[str, float]]:
    """Every word ``word`` may have been before it lost a ligature, with its frequency, likeliest
    first (only common ones, well above the damaged form)."""
    lower = word.lower()
    floor = max(KNOWN_ZIPF, lexicon.zipf(lower) + MARGIN)
    found: dict[str, float] = {}
    for position, letter in enumerate(lower):
        if position == 0 and word[0].isupper():
            continue  # a capital is no ligature's last letter
        if position == len(lower) - 1:
            continue  # ``Stuf``: a word cut at the margin is likelier than a lost final ``ff``
        for ligature in LIGATURES:
            if ligature[-1] != letter:
                continue
            candidate = lower[:position] + ligature + lower[position + 1:]
            zipf = lexicon.zipf(candidate)
            if zipf >= floor:
                found[candidate] = zipf
    return sorted(found.items(), key=lambda item: -item[1])


def _cased(restored: str, word: str) -> str:
    if word.isupper():
        return restored.upper()
    if word[0].isupper():
        return restored[0].upper() + restored[1:]
    return restored


def suspects(text: str, lexicon: Lexicon) -> list[Suspect]:
    """Every word of ``text`` that reads as a common word with a ligature restored."""
    if not lexicon.joins_words:
        return []
    found = []
    for match in _WORD.finditer(text):
        word = match.group()
        if not set(word.lower()) & set("ilf"):
            continue
        if lexicon.zipf(word) >= COMMON_ZIPF or lexicon.compound_zipf(word):
            continue
        options = restorations(word, lexicon)
        if not options:
            continue
        certain = len(options) == 1 or options[0][1] - options[1][1] >= CERTAIN_LEAD
        found.append(Suspect(match.start(), match.end(), word,
                             tuple(_cased(o, word) for o, _ in options), certain,
                             lexicon.zipf(word) < UNKNOWN_ZIPF))
    return found


def evidence(found: list[Suspect]) -> int:
    return len({s.word.lower() for s in found if s.certain and s.unknown})


def run(text: str, ctx: StageContext) -> list[Edit]:
    found = suspects(text, ctx.lexicon)
    if evidence(found) < MIN_EVIDENCE:
        return []
    edits: list[Edit] = []
    for suspect in found:
        if suspect.certain:
            edits.extend(diff_edits(suspect.word, suspect.best, suspect.start))
    return edits
