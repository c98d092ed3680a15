"""Cutting a question into tokens and giving each the key it is matched by, per language.

Spanish, German and English words are folded and reduced to their Snowball stem (PyStemmer: the
C implementation of the Snowball stemmers, fast enough to stem every question word, with a
stemmer per language and no data to download), so that ``juego``, ``jugar`` and ``jugando`` or
``Karte`` and ``Karten`` meet. Vietnamese is cut into syllables folded without diacritics, so a
question typed with, without or with wrong tones reads alike. Japanese goes through SudachiPy
with its core dictionary (imported only for Japanese questions): each morpheme is keyed by its
reading, so kana spellings of kanji words (``せんとう`` for ``戦闘``) meet.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .normalise import clean, fold, katakana

WORD = re.compile(r"\d{1,3}(?:[.,]\d{3})+(?!\d)|\d+|[^\W\d_]+(?:['’-][^\W\d_]+)*", re.UNICODE)
# Sudachi parts of speech that carry no meaning of their own in a question
_JA_FUNCTION = ("助詞", "助動詞", "補助記号", "空白", "接尾辞", "接頭辞", "代名詞", "連体詞",
                "接続詞", "感動詞", "記号")


@dataclass
class Token:
    surface: str       # as written in the question
    start: int         # character offsets in the cleaned question
    end: int
    key: str           # what lexicon words are matched by
    form: str          # the folded word, before stemming
    content: bool = True    # carries meaning (not a particle, an auxiliary...)
    capital: bool = False   # written with a capital letter (a name, or a German noun)
    corrected: bool = False  # read as the lexicon word one typo away
    exact: str = ""          # lowercased with its accents, where they tell words apart


@lru_cache(maxsize=None)
def _stemmer(algorithm: str):
    import Stemmer

    return Stemmer.Stemmer(algorithm)


class WordAnalyser:
    """Words of a language written with spaces: folded, then stemmed (or kept as syllables)."""

    def __init__(self, stemmer: str | None):
        self.stem = _stemmer(stemmer).stemWord if stemmer else (lambda w: w)

    def key(self, form: str) -> str:
        return self.stem(form)

    def tokens(self, text: str) -> list[Token]:
        out = []
        for m in WORD.finditer(text):
            word = m.group()
            form = fold(word).replace("’", "'")
            out.append(Token(word, m.start(), m.end(), self.key(form), form,
                             capital=word[:1].isupper(), exact=word.casefold()))
        return out

    def phrase(self, phrase: str) -> list[str]:
        return [t.key for t in self.tokens(clean(phrase))]


class JapaneseAnalyser:
    """Japanese through SudachiPy: morphemes keyed by their reading (katakana)."""

    def __init__(self):
        from sudachipy import Dictionary, SplitMode

        self._mode = SplitMode.C
        # only the fields the reader uses: loads faster and keeps less in memory
        self._tokenizer = Dictionary(dict="core").tokenizer(
            mode=self._mode, fields={"surface", "pos", "reading_form"})

    def tokens(self, text: str) -> list[Token]:
        out = []
        for m in self._tokenizer.tokenize(text, self._mode):
            surface = m.surface()
            if not surface.strip():
                continue
            pos = m.part_of_speech()
            reading = m.reading_form() if re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", surface) \
                else surface
            form = katakana(fold(surface))
            out.append(Token(surface, m.begin(), m.end(), katakana(fold(reading)), form,
                             content=pos[0] not in _JA_FUNCTION and pos[1] != "数詞",
                             capital=pos[2] == "固有名詞" and pos[3] in ("人名", "名", "姓")))
        return out

    def phrase(self, phrase: str) -> str:
        """A lexicon word's reading, for matching inside the question's reading."""
        return "".join(t.key for t in self.tokens(clean(phrase)))


@lru_cache(maxsize=None)
def analyser(kind: str, stemmer: str | None):
    return JapaneseAnalyser() if kind == "sudachi" else WordAnalyser(stemmer)


__all__ = ["Token", "WordAnalyser", "JapaneseAnalyser", "analyser"]
