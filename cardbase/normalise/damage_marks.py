"""Stage ``damage_marks``: damage that cannot be repaired is marked in the text, never papered over.

Two kinds of damage leave text that reads as if whole once lines are reflowed:

* a **truncated line**: a line of running text cut at a margin ends inside a word
  (``Kannst du ein Monster nicht allein besieg``). When the line's last word is a lower-case
  piece that no word list knows and that does not join the next line's first word into a word
  (so it is not a word split across lines), ``TRUNCATED`` is put after it: the words stay as
  printed and the gap shows;
* a **lost symbol**: an icon set in the line (a sword, a shield) that the extraction dropped
  leaves its noun naming nothing: ``el símbolo en ellas``, ``(el símbolo)``. Where the singular
  noun for "symbol" in the text's language (``SYMBOL_NOUNS``, words of the language, not of a
  document) is not followed by what names it (``de ataque``, a name in quotes), the gap right
  after it is recorded (``StageContext.lost_symbols``, in raw offsets). The text itself is left as
  extracted there, because quotations of the rulebooks cite those sentences word for word; the
  section that holds the gap is flagged ``symbols_lost`` and its flag shows the sentence with
  ``SYMBOL_LOST`` at the gap.

Nothing is guessed: the marks say that something is missing, not what.
"""

from __future__ import annotations

import re

from .context import StageContext
from .textmap import Edit

NAME = "damage_marks"

TRUNCATED = "[…]"
SYMBOL_LOST = "[□]"
MARKS = (TRUNCATED, SYMBOL_LOST)

BROKEN_ZIPF = 2.0
JOINED_ZIPF = 2.0
MIN_WORDS = 3

#: The singular noun for a printed symbol or icon, and the words after it that name the symbol
#: (so that nothing is lost: "el símbolo de ataque", "das Symbol für Chaos").
SYMBOL_NOUNS: dict[str, tuple[str, ...]] = {
    "es": ("símbolo", "icono", "ícono"),
    "de": ("symbol", "zeichen", "icon"),
    "en": ("symbol", "icon"),
    "vi": ("biểu tượng", "ký hiệu"),
}
NAMING_WORDS: dict[str, tuple[str, ...]] = {
    "es": ("de", "del"),
    "de": ("für", "des", "der", "von"),
    "en": ("of", "for"),
    "vi": ("của",),
}

_LAST_WORD = re.compile(r"([^\W\d_]+)$")
_FIRST_WORD = re.compile(r"^\s*([^\W\d_]+)")


def _known(word: str, lexicon, threshold: float = JOINED_ZIPF) -> bool:
    word = word.lower()
    return max(lexicon.zipf(word), lexicon.compound_zipf(word)) >= threshold


def _truncations(text: str, ctx: StageContext) -> list[Edit]:
    lexicon = ctx.lexicon
    if not lexicon.joins_words:
        return []
    edits = []
    lines = text.split("\n")
    position = 0
    for index, line in enumerate(lines):
        end = position + len(line.rstrip())
        stripped = line.rstrip()
        match = _LAST_WORD.search(stripped)
        following = lines[index + 1] if index + 1 < len(lines) else ""
        if match and len(stripped.split()) >= MIN_WORDS and following.strip():
            word = match.group(1)
            previous = stripped[:match.start()].split()
            if len(word) > 1:
                broken = word[0].islower() and not _known(word, lexicon, BROKEN_ZIPF)
            else:  # a lone letter; after a capitalised word it is an ending split off (Munchkin s)
                broken = word.islower() and not lexicon.is_single_letter_word(word) and not (
                    previous and previous[-1][:1].isupper())
            if broken:
                nxt = _FIRST_WORD.match(following)
                joins = [word + nxt.group(1) if nxt else "",
                         previous[-1] + word if previous and previous[-1].isalpha() else ""]
                if not any(j and _known(j, lexicon) for j in joins):
                    edits.append(Edit(end, end, " " + TRUNCATED))
        position += len(line) + 1
    return edits


def lost_symbols(text: str, lang: str) -> list[int]:
    """The positions in ``text`` right after a symbol noun whose symbol was lost."""
    nouns = SYMBOL_NOUNS.get(lang.split("-")[0])
    if not nouns:
        return []
    naming = NAMING_WORDS.get(lang.split("-")[0], ())
    pattern = re.compile(r"(?<!\w)(?:" + "|".join(re.escape(n) for n in nouns) + r")(?!\w)",
                         re.IGNORECASE)
    gaps = []
    for match in pattern.finditer(text):
        after = text[match.end():match.end() + 40]
        words = after.split()
        first = words[0].strip(".,;:)(") if words else ""
        before = text[max(0, match.start() - 20):match.start()].split()
        if first.casefold() in naming or after.lstrip()[:1] in "\"“„«'‘[" or (
                before and before[-1].casefold() in naming):
            continue  # named (el símbolo de ataque) or a kind of symbol (un tipo de símbolo)
        if first[:1].isupper() and not after.lstrip()[:1] in ".,;:)":
            continue  # a name follows (das Symbol Chaos)
        gaps.append(match.end())
    return gaps


def run(text: str, ctx: StageContext) -> list[Edit]:
    ctx.lost_symbols.extend(ctx.raw_offset(position) for position in lost_symbols(text, ctx.lang))
    return _truncations(text, ctx)
