"""The names of printed card faces, found and spelt from the page alone.

A face's name is set in a display font, and a PDF gives it back in pieces: capitals where the
font draws them rather than where words begin (``s c h l A c h t p l A n``), all lower case
(``c h a o t i s c h``), a drop capital on a line of its own (``W`` / ``a n d e r n d e s``), a
long name over several lines. Nothing in the letters says "name"; where they stand does. A name
opens a block: it follows no unfinished sentence (the line before it is a stat, a label, a
callout, a name, or a sentence that ended), it is a short line set in the display font (starting
in lower case, a drop capital, or capitals inside its words) that is no sentence, and the short
display lines right after it continue it. A type label set in the display font with no name
beside it and rules text after it is the card's name too (a card called by its kind, such as
``allianz``).

A name is spelt from its letters: each printed line is one word when the language knows it (or
knows it as a compound of two of its words), else it is cut into the likeliest words, tried in
English too (cards keep the English names of their world), and in a language that writes
compounds as one word, content words cut from one line are joined again (``seuchen
schriftrolle`` is ``Seuchenschriftrolle``). Each word is then cased as the document itself writes
it elsewhere (``Rüstung``, ``die``, ``trägst``), function words it does not write in small
letters, the first word and the other words the document never writes capitalised: the display font's own capitals say nothing about case.
"""

from __future__ import annotations

import re
from collections import Counter

from ..normalise.lexicon import COMPOUNDING, Lexicon
from ..normalise.segmenter import MIN_KNOWN_ZIPF, MIN_KNOWN_ZIPF_LONG, segment, word_score

#: a line ending like this finished its sentence (or is one): it is no name
_SENTENCE_END = re.compile(r"[.!?:;]\s*$")
#: a word at least this frequent is a function word (``des``, ``die``): never part of a compound
FUNCTION_ZIPF = 5.5
#: how much less likely (summed log frequency) a reading cut at a capital may be and still be
#: taken as the capital's own word start
CUT_MARGIN = 3.0
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")


def _letters(text: str) -> str:
    return "".join(ch for ch in text if ch.isalpha())


def _starts_lower(text: str) -> bool:
    letters = _letters(text)
    return bool(letters) and letters[0].islower()


def join_drop_caps(lines: list) -> list:
    """A line of one letter followed by a line that starts in lower case is a drop capital: the
    two are one line (``W`` / ``andernd es`` is ``Wanderndes``), set in the display font."""
    out = []
    for line in lines:
        previous = out[-1] if out else None
        if previous is not None and previous.kind != "name" and line.kind != "name" \
                and len(_letters(previous.raw)) == 1 and previous.raw.strip().isalpha() \
                and _starts_lower(line.raw):
            previous.text = previous.raw.strip() + line.text.strip()
            previous.raw = f"{previous.raw}\n{line.raw}"
            previous.pieces = [previous.raw.strip().replace("\n", "")]
            previous.display = True
            continue
        out.append(line)
    return out


def _display(line) -> bool:
    return line.display or _starts_lower(line.raw) or line.kind == "name"


#: the longest line a name block takes (letters), and the most words a respacing may make of it
NAME_LINE_LETTERS = 32
NAME_LINE_WORDS = 6


def _short(line) -> bool:
    return 2 <= len(_letters(line.text)) <= NAME_LINE_LETTERS \
        and len(line.text.split()) <= NAME_LINE_WORDS


def _opens(previous) -> bool:
    """Whether a name may start after ``previous``: no sentence is left unfinished there."""
    return previous is None or previous.kind != "text" or bool(_SENTENCE_END.search(previous.text))


def _punctuation(line) -> bool:
    return bool(line.raw.strip()) and all(ch in ",-–" for ch in line.raw.strip())


def mark_display_names(lines: list) -> None:
    """Mark the lines that hold a display-font name (kind ``name``): the first line of each
    name block, and the lines that continue it."""
    i = 0
    while i < len(lines):
        line = lines[i]
        previous = lines[i - 1] if i else None
        following = lines[i + 1] if i + 1 < len(lines) else None
        opens = line.kind == "name" and line.value != "known"
        if not opens and line.kind == "text" and _display(line) and _short(line) \
                and not _SENTENCE_END.search(line.text) and _opens(previous):
            opens = True
        if not opens and line.kind == "type" and _display(line) and _short(line) \
                and not _SENTENCE_END.search(line.text) \
                and (previous is None or previous.kind != "name") \
                and following is not None and following.kind == "text" \
                and not _starts_lower(following.text):
            opens = True  # a card called by its kind
        if not opens:
            i += 1
            continue
        line.kind = "name"
        line.value = line.value if line.value == "known" else "display"
        j = i + 1
        while j < len(lines) and (_continues(lines, j) or (
                lines[j - 1].text.rstrip().endswith("-") and lines[j].kind in ("type", "slot")
                and lines[j].value != "known")):
            lines[j].kind, lines[j].value = "name", "display"
            j += 1
        i = j


def _continues(lines: list, j: int) -> bool:
    line = lines[j]
    if line.value == "known" or _SENTENCE_END.search(line.text):
        return False
    if _punctuation(line):  # a comma on its own line, inside a long name
        return j + 1 < len(lines) and _continues(lines, j + 1)
    if line.kind == "name":
        return True
    if line.kind == "text" or (line.kind in ("type", "slot") and line.display):
        return _short(line) and (_starts_lower(line.raw) or line.display)
    return False


class NameSpeller:
    """Spells display-font names as words, cased as the document writes them."""

    def __init__(self, lang: str, document: str):
        self.lexicon = Lexicon(lang)
        self.english = Lexicon("en") if self.lexicon.lang != "en" else None
        self.compounding = self.lexicon.lang in COMPOUNDING
        self.casing = _document_casing(document)

    def spell(self, pieces: list[str]) -> str:
        """The name printed as ``pieces`` (one per printed line, letters as extracted)."""
        words: list[str] = []
        glue: list[str] = []  # what goes before each word: " ", "" (after a hyphen) or ""
        for piece in pieces:
            for token in re.findall(r"[^\W\d_]+|\d+|[^\w\s]", re.sub(r"\s+", "", piece).lower()):
                if not token.isalpha():
                    if words:
                        words[-1] += token
                    continue
                for word in self._words(token):
                    glue.append("" if words and words[-1].endswith(("-", "’", "'")) else " ")
                    words.append(word)
        cased = [self._case(word, first=index == 0) for index, word in enumerate(words)]
        return "".join(g + w for g, w in zip(glue, cased)).strip()

    def recase(self, text: str) -> str:
        """A line set in the display font (``stufe 20``) with its words cased as the document
        writes them, the first one capitalised; spacing and everything else kept."""
        seen = False

        def case(match: re.Match) -> str:
            nonlocal seen
            word = match.group()
            first, seen = not seen, True
            return self._case(word.lower(), first)

        return _WORD.sub(case, text)

    def _known(self, word: str, lexicon: Lexicon) -> bool:
        zipf = lexicon.zipf(word)
        return zipf >= MIN_KNOWN_ZIPF.get(len(word), MIN_KNOWN_ZIPF_LONG)

    def _words(self, letters: str) -> list[str]:
        if self._known(letters, self.lexicon) or self.lexicon.compound_zipf(letters) > 0:
            return [letters]
        readings = []
        for lexicon in (self.lexicon, self.english):
            if lexicon is None or not lexicon.available:
                continue
            pieces = segment(letters, lexicon)
            if len(pieces) > 1 and all(self._known(p, lexicon) and self._whole(p) for p in pieces):
                # the segmenter's own measure: the likelier reading wins, in either language
                score = sum(lexicon.zipf(p) - 9.0 for p in pieces)
                readings.append((score, lexicon is self.lexicon, pieces))
        if not readings:
            return [letters]
        _, own, pieces = max(readings)
        return self._compounds(pieces) if own else pieces

    def _whole(self, piece: str) -> bool:
        """Whether a piece may stand as a word of a name: three letters or more, or a function
        word of the rulebook's language (``du``); lone letters are what a bad cut leaves."""
        return len(piece) >= 3 or self.lexicon.zipf(piece) >= FUNCTION_ZIPF

    def _compounds(self, pieces: list[str]) -> list[str]:
        """Content words cut from one printed line joined again, in a compounding language."""
        if not self.compounding:
            return pieces
        out = [pieces[0]]
        for piece in pieces[1:]:
            if self.lexicon.zipf(out[-1]) < FUNCTION_ZIPF and self.lexicon.zipf(piece) < FUNCTION_ZIPF:
                out[-1] += piece
            else:
                out.append(piece)
        return out

    def _case(self, word: str, first: bool) -> str:
        if word.endswith("-"):
            return self._case(word[:-1], first) + "-"
        head, _, tail = word.partition("-")
        shown = self.casing.get(head)
        if shown is None and not first and self.lexicon.zipf(head) >= FUNCTION_ZIPF:
            shown = head  # a function word the document happens not to write (``des``)
        if first or shown is None:
            shown = head[:1].upper() + head[1:]
        if tail:
            return shown + "-" + self._case(tail, first=True)
        return shown


def _document_casing(document: str) -> dict[str, str]:
    """Each word of ``document`` (lower case) -> how the document most often writes it inside a
    sentence (a word at the start of a line or after a full stop says nothing about its case)."""
    forms: dict[str, Counter] = {}
    for line in document.split("\n"):
        for match in _WORD.finditer(line):
            word = match.group()
            before = line[:match.start()].rstrip()
            if not before or before.endswith((".", "!", "?", ":", "„", "“", "\"")):
                continue
            if len(word) < 2 or (word[1:] != word[1:].lower()):
                continue  # letter-spaced pieces and display-font words say nothing
            forms.setdefault(word.lower(), Counter())[word] += 1
    return {key: counter.most_common(1)[0][0] for key, counter in forms.items()}


def fold_display_capitals(line: str, lexicon: Lexicon) -> str:
    """``line`` with every word whose capitals stand scattered among its small letters (``s t u F
    e``, ``h A l l o w e d``) in small letters, when the word so folded is a word of the language:
    the display font draws some letters as capitals wherever they stand, and a cut at such a
    capital would split the word (``stu Fe``). Spacing is kept; only case changes."""
    positions = [i for i, ch in enumerate(line) if ch.isalpha()]
    if not positions:
        return line
    chars = list(line)
    runs: list[list[int]] = [[positions[0]]]
    for previous, index in zip(positions, positions[1:]):
        # letters belong to one run unless something other than spacing stands between them
        if line[previous + 1:index].strip():
            runs.append([index])
        else:
            runs[-1].append(index)
    for run in runs:
        letters = "".join(line[i] for i in run)
        drawn = {c for c in range(1, len(letters))
                 if letters[c].isupper() and (letters[c - 1].islower() or letters[c + 1:c + 2].islower())
                 and not _starts_word(letters, c, lexicon)}
        cursor = 0
        for word in segment(letters.lower(), lexicon):
            if drawn & set(range(cursor, cursor + len(word))) and _known(word, lexicon):
                for k in range(cursor, cursor + len(word)):
                    chars[run[k]] = chars[run[k]].lower()
            cursor += len(word)
    return "".join(chars)


def _known(word: str, lexicon: Lexicon) -> bool:
    return lexicon.zipf(word) >= MIN_KNOWN_ZIPF.get(len(word), MIN_KNOWN_ZIPF_LONG)


def _starts_word(letters: str, c: int, lexicon: Lexicon) -> bool:
    """Whether the capital at ``c`` can begin a word: reading the letters with a cut there is
    about as likely as the best reading (``Stormcast|Eternals``, not ``stei|Ge``)."""
    lower = letters.lower()
    cut = _reading_score(segment(lower[:c], lexicon), lexicon) \
        + _reading_score(segment(lower[c:], lexicon), lexicon)
    return cut >= _reading_score(segment(lower, lexicon), lexicon) - CUT_MARGIN


def _reading_score(words: list[str], lexicon: Lexicon) -> float:
    return sum(word_score(word, lexicon) for word in words)
