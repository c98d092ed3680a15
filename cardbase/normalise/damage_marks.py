"""Stage ``damage_marks``: damage that cannot be repaired is marked in the text, never papered over.

Two kinds of damage leave text that reads as if whole once lines are reflowed:

* a **truncated line**: a line of running text cut at a margin ends inside a word
  (``Kannst du ein Monster nicht allein besieg``). When the line's last word is a lower-case
  piece that no word list knows and that does not join the next line's first word into a word
  (so it is not a word split across lines), ``TRUNCATED`` is put after it: the words stay as
  printed and the gap shows;
* a **lost symbol**: an icon set in the line (a sword, a shield) that the extraction dropped
  leaves a hole of a recognisable shape (``symbol_gaps``): a run of spaces inside a line
  (``con el símbolo  para``; in Japanese any space between two characters), a symbol noun that
  nothing names (``el símbolo en ellas``, ``(el símbolo)``), a word that governs what follows it
  standing before a punctuation mark (``tienen el .``, ``mit dem ,``), empty brackets, a Japanese
  particle with nothing before it (``、を``). A double space and a bare symbol noun also occur in
  clean text, so they count only in a document that shows a hole of another shape, or two
  double spaces or more right after an article or a preposition (the document's own evidence
  that its extraction lost symbols); an ideographic space is Japanese typography, not a hole.
  ``SYMBOL_LOST`` is put at the gap, its raw offset recorded (``StageContext.lost_symbols``),
  and the section that holds it is flagged ``symbols_lost``. The words of the language these
  rules use (``SYMBOL_NOUNS``, ``DANGLING_WORDS``) are words of the language, not of a document.

Nothing is guessed: the marks say that something is missing, not what. A mark is an insertion,
so every character around it keeps its raw span. A passage a reviewer kept ``as_printed`` in the
overlay (a joke about a missing word) gets no mark.
"""

from __future__ import annotations

import re

from .context import StageContext
from .lexicon import Lexicon
from .textmap import Edit

NAME = "damage_marks"

TRUNCATED = "[…]"
SYMBOL_LOST = "[□]"
MARKS = (TRUNCATED, SYMBOL_LOST)

BROKEN_ZIPF = 2.0
JOINED_ZIPF = 2.0
MIN_WORDS = 3
MIN_PARAGRAPH_WORDS = 8

#: The singular noun for a printed symbol or icon, and the words after it that name the symbol
#: (so that nothing is lost: "el símbolo de ataque", "das Symbol für Chaos").
SYMBOL_NOUNS: dict[str, tuple[str, ...]] = {
    "es": ("símbolo", "icono", "ícono"),
    "de": ("symbol", "zeichen", "icon"),
    "en": ("symbol", "icon"),
    "vi": ("biểu tượng", "ký hiệu"),
    "fr": ("symbole", "icône"),
}
NAMING_WORDS: dict[str, tuple[str, ...]] = {
    "es": ("de", "del"),
    "de": ("für", "des", "der", "von"),
    "en": ("of", "for"),
    "vi": ("của",),
    "fr": ("de", "du", "des"),
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
        # a line of running text followed by more text, or a paragraph of its own (a cut at the
        # margin can take the paragraph's end with it)
        if match and (len(stripped.split()) >= MIN_PARAGRAPH_WORDS
                      or len(stripped.split()) >= MIN_WORDS and following.strip()):
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


#: Words that cannot end a phrase: articles, possessives and prepositions that always stand before
#: what they govern (words of the language, not of a document). Before a punctuation mark they
#: govern nothing, so what stood there was lost: ``tienen el .``, ``mit dem ,``. Words that may end
#: a phrase (German separable prefixes ``mit``, ``an``; Spanish pronouns ``la``, ``lo``; numerals
#: ``una``) are left out.
DANGLING_WORDS: dict[str, tuple[str, ...]] = {
    "es": ("el", "del", "al", "de", "con", "para", "por", "sin", "en", "un", "su", "sus", "tu",
           "tus", "mi", "mis", "cada", "entre", "hacia", "desde"),
    "de": ("für", "von", "vom", "zum", "zur", "beim", "im", "ins", "dem", "des", "einem", "eines",
           "jedes", "jedem", "deinem", "deines", "seinem", "seines"),
    "en": ("the", "a", "an", "of", "each", "every", "your"),
    "vi": ("của", "các", "những", "mỗi"),
    "fr": ("le", "les", "du", "des", "au", "aux", "de", "pour", "avec", "chaque", "sans", "dans",
           "ton", "ta", "tes", "son", "sa", "ses", "votre", "vos", "mon", "ma", "mes"),
}
#: Japanese particles that never begin a phrase: one right after a punctuation mark or a gap has
#: lost the word it marks (``、をプレイする``).
JA_ORPHAN_PARTICLES = "を"

_CJK = r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]"
_AFTER_GAP = ".,;:!?)]»”"
_EMPTY_BRACKETS = re.compile(r"\(\s*\)|（\s*）|「\s*」|『\s*』|“\s*”|«\s*»|„\s*“")
_SPACED_GAP = re.compile(r"(?<=[^\W\d_])[ \t\u00a0]{2,}(?=[^\W\d_])")
# an ideographic space alone is typography; a plain space between two characters is a hole
_CJK_GAP = re.compile(rf"(?<={_CJK})[ \t\u00a0\u3000]*[ \t\u00a0][ \t\u00a0\u3000]*(?={_CJK})")


def _base(lang: str) -> str:
    return lang.split("-")[0].lower()


def _symbol_noun_gaps(text: str, lang: str, lexicon: Lexicon) -> list[tuple[int, bool]]:
    """Positions of the gap beside a symbol noun that nothing names (``el símbolo en ellas``),
    each with whether debris of an icon font stands there.

    An icon font extracted as debris leaves it beside the noun: a lone letter that is no word
    before it (``cada n símbolo``) or a run of signs after it (``símbolo «•``, ``símbolo @``); the
    gap is then put before the debris, which stays as extracted."""
    nouns = SYMBOL_NOUNS.get(_base(lang))
    if not nouns:
        return []
    naming = NAMING_WORDS.get(_base(lang), ())
    pattern = re.compile(r"(?<!\w)(?:" + "|".join(re.escape(n) for n in nouns) + r")(?!\w)",
                         re.IGNORECASE)
    gaps = []
    for match in pattern.finditer(text):
        after = text[match.end():match.end() + 40]
        words = after.split()
        first = words[0].strip(".,;:)(") if words else ""
        before = text[max(0, match.start() - 20):match.start()].split()
        debris = re.search(r"(?<!\w)([^\W\d_])\s+$", text[max(0, match.start() - 3):match.start()])
        if debris and debris.group(1).islower() and not lexicon.is_single_letter_word(
                debris.group(1)):
            gaps.append((match.start() - len(debris.group(0)), True))
            continue
        if _NAMED_BY_QUOTE.match(after) or first.casefold() in naming or (
                before and before[-1].casefold() in naming):
            continue  # named (el símbolo de ataque, «Ataque») or a kind (un tipo de símbolo)
        if first[:1].isupper() and not after.lstrip()[:1] in ".,;:)":
            continue  # a name follows (das Symbol Chaos)
        gaps.append((match.end(), bool(_DEBRIS_AFTER.match(after))))
    return gaps


_DEBRIS_AFTER = re.compile(r"\s*[«»•@]")
_NAMED_BY_QUOTE = re.compile(r"\s*[\"“„«'‘\[]\s*[^\W\d_]")


def _dangling_gaps(text: str, lang: str) -> list[tuple[int, int]]:
    """The spaces (maybe none) between a word that governs what follows it and the punctuation
    mark it stands before."""
    words = DANGLING_WORDS.get(_base(lang))
    if not words:
        return []
    # as written in a sentence or at its start; a lone capital is a name (Plan A.), not an article
    forms = [form for word in words
             for form in ((word, word.capitalize()) if len(word) > 1 else (word,))]
    pattern = re.compile(r"(?<![\w\-’'])(?:" + "|".join(re.escape(w) for w in forms)
                         + r")([ \t\u00a0]*)(?=[" + re.escape(_AFTER_GAP) + r"])")
    return [match.span(1) for match in pattern.finditer(text)]


def symbol_gaps(text: str, lang: str, lexicon: Lexicon | None = None) -> list[Edit]:
    """Every gap a lost symbol left in ``text``, as the edit that marks it with ``SYMBOL_LOST``.

    Found by the shape a hole leaves in a sentence, in any text of the language. Some shapes are
    evidence on their own: a word that governs what follows it standing before a punctuation mark,
    empty brackets, a Japanese particle with nothing before it, debris of an icon font beside a
    symbol noun. Others are ordinary in clean text (a double space typed between two words, a
    symbol noun used on its own: ``a big icon in the middle``), so they are marked only where
    ``text`` (the whole document) shows a hole of the first kind too.
    """
    lexicon = lexicon or Lexicon(lang)
    lang = _base(lang)
    strong: list[Edit] = []
    weak: list[Edit] = []
    gap = _CJK_GAP if lang in ("ja", "zh") else _SPACED_GAP
    for match in gap.finditer(text):
        weak.append(Edit(match.start(), match.end(), "" if lang in ("ja", "zh") else " "))
    for match in _EMPTY_BRACKETS.finditer(text):
        inner = match.start() + 1
        strong.append(Edit(inner, match.end() - 1, ""))
    for position, debris in _symbol_noun_gaps(text, lang, lexicon):
        (strong if debris else weak).append(Edit(position, position, " "))
    for start, end in _dangling_gaps(text, lang):
        strong.append(Edit(start, end, " "))
    if lang == "ja":
        for match in re.finditer(rf"(?<=[、。「（(])[{JA_ORPHAN_PARTICLES}]", text):
            strong.append(Edit(match.start(), match.start(), ""))
    found = strong + weak if strong or _governed_gaps(text, lang, weak) >= MIN_GOVERNED_GAPS else []
    edits: list[Edit] = []
    taken: list[tuple[int, int]] = []
    for edit in sorted(found, key=lambda e: (e.start, -(e.end - e.start))):
        if any(start <= edit.end and edit.start <= end for start, end in taken):
            continue  # one gap, found by two rules
        taken.append((edit.start, edit.end))
        edits.append(Edit(edit.start, edit.end, _mark(text, edit, lang)))
    return edits


#: Double spaces right after a word that governs what follows (``for each  you hold``): this
#: many in one document are evidence of lost symbols on their own; one may be a typing slip.
MIN_GOVERNED_GAPS = 2


def _governed_gaps(text: str, lang: str, weak: list[Edit]) -> int:
    words = DANGLING_WORDS.get(lang, ())
    count = 0
    for edit in weak:
        if edit.end - edit.start < 2:
            continue  # a bare symbol noun, not a run of spaces
        before = re.search(r"([^\W\d_]+)\s*$", text[max(0, edit.start - 20):edit.start])
        count += bool(before and before.group(1).casefold() in words)
    return count


def _mark(text: str, edit: Edit, lang: str) -> str:
    """``SYMBOL_LOST`` with the spacing the gap's place needs: a space before it after a word, and
    one after it before a word (never in Japanese, which has no spaces)."""
    if lang in ("ja", "zh"):
        return SYMBOL_LOST
    before = text[edit.start - 1:edit.start] if edit.start else ""
    after = text[edit.end:edit.end + 1]
    mark = SYMBOL_LOST
    if before and not before.isspace() and before not in "(（「『“«„":
        mark = " " + mark
    if after and not after.isspace() and after not in _AFTER_GAP + "）」』“«„":
        mark = mark + " "
    return mark


def lost_symbols(text: str, lang: str, lexicon: Lexicon | None = None) -> list[int]:
    """The positions in ``text`` where a symbol was lost (where ``symbol_gaps`` puts its mark)."""
    return [edit.start for edit in symbol_gaps(text, lang, lexicon)]


def run(text: str, ctx: StageContext) -> list[Edit]:
    def as_printed(edit: Edit) -> bool:
        offset = ctx.raw_offset(edit.start)
        return any(start <= offset <= end for start, end in ctx.as_printed)

    gaps = [edit for edit in symbol_gaps(text, ctx.lang, ctx.lexicon) if not as_printed(edit)]
    ctx.lost_symbols.extend(ctx.raw_offset(edit.start) for edit in gaps)
    cuts = [edit for edit in _truncations(text, ctx)
            if not as_printed(edit) and not any(g.start <= edit.start <= g.end for g in gaps)]
    return sorted(gaps + cuts)
