"""Word knowledge per language: how common a word is, and which single letters are words.

The word-level repairs (stray spaces, letter spacing, line-end hyphens) decide between readings by
comparing word frequencies, so they work on sentences no one has seen. Frequencies come from
``wordfreq`` (Zipf scale: 0 for unknown, about 7 for the commonest words); ``Lexicon`` caches the
look-ups and adds the one fact wordfreq cannot give: which one-letter tokens are real words in a
language (Spanish ``y``, ``a``; none in German), since single letters score high as abbreviations.
"""

from __future__ import annotations

from functools import lru_cache

#: Languages whose words are written without spaces: never re-segmented by spaces.
SPACELESS = frozenset({"ja", "zh", "th", "lo", "km", "my"})
#: Languages whose spaces separate syllables, not words: never joined.
SYLLABLE_SPACED = frozenset({"vi"})

#: Languages that write compounds as one word (``Schatzkarten``), which word lists often lack.
COMPOUNDING = frozenset({"de", "nl", "sv", "da", "nb", "no", "fi", "is"})
COMPOUND_PART_ZIPF = 3.0
COMPOUND_MIN_PART = 4
COMPOUND_ZIPF = 1.5
#: Below these frequencies (by length) a token counts as a fragment: short strings are frequent
#: in any word list as abbreviations and noise, so the bar is higher for them.
FRAGMENT_ZIPF = {2: 5.5, 3: 4.0}
FRAGMENT_ZIPF_LONG = 3.0

#: One-letter words, per language (lowercase). Any other lone letter is treated as a fragment.
SINGLE_LETTER_WORDS = {
    "es": frozenset("aeouy"),
    "de": frozenset(),
    "en": frozenset("ai"),
    "fr": frozenset({"a", "à", "y"}),
    "it": frozenset({"a", "e", "è", "i", "o"}),
    "pt": frozenset({"a", "à", "e", "o"}),
    "nl": frozenset(),
    "ca": frozenset({"a", "i", "o"}),
}

#: Inflection endings that a stray space can cut off a word and that read as a word of their own
#: (German ``Kampf es`` for ``Kampfes``). Only endings that are rarely a word right after another
#: word belong here: Spanish or French ``es`` (``el jugador es``, ``tu es``) do not.
INFLECTION_ENDINGS = {
    "de": frozenset({"es", "s", "en", "n", "er", "em"}),
    "nl": frozenset({"en", "s", "e", "er"}),
    "en": frozenset({"s", "es", "ed"}),
}


class Lexicon:
    """Zipf frequencies for one language, with a per-instance cache."""

    def __init__(self, lang: str):
        self.lang = lang.split("-")[0].split("_")[0].lower()
        self._cache: dict[str, float] = {}
        # wordfreq segments text of spaceless languages with an analyser (MeCab for Japanese)
        # that is not a dependency; no repair here needs their frequencies, so none are used
        self.available = _has_wordlist(self.lang) and self.lang not in SPACELESS

    def zipf(self, word: str) -> float:
        key = word.lower()
        value = self._cache.get(key)
        if value is None:
            value = _zipf(key, self.lang) if self.available else 0.0
            self._cache[key] = value
        return value

    def compound_zipf(self, word: str, avoid_cuts: frozenset[int] = frozenset()) -> float:
        """A frequency for a compound of two common words that the word list lacks or barely
        knows, else 0.

        Word lists miss most compounds (``Schatzkarten``). ``avoid_cuts`` are positions where
        the compound may not divide: joining tokens, a cut between two whole tokens would just
        glue two words together (``dieser finsteren``), so only a cut inside a token counts.
        """
        if self.lang not in COMPOUNDING or self.zipf(word) >= COMPOUND_ZIPF:
            return 0.0
        return self._compound_zipf(word.lower(), avoid_cuts)

    def is_fragment(self, token: str) -> bool:
        """Whether ``token`` looks like a piece of a word rather than a word of its own."""
        if len(token) == 1:
            return token.isalpha() and not self.is_single_letter_word(token)
        return self.zipf(token) < FRAGMENT_ZIPF.get(len(token), FRAGMENT_ZIPF_LONG)

    def _compound_zipf(self, word: str, avoid_cuts: frozenset[int]) -> float:
        for cut in range(COMPOUND_MIN_PART, len(word) - COMPOUND_MIN_PART + 1):
            if cut in avoid_cuts:
                continue
            head, tail = word[:cut], word[cut:]
            heads = [head] + ([head[:-1]] if head.endswith("s") and len(head) > COMPOUND_MIN_PART else [])
            head_zipf = max(self.zipf(h) for h in heads)
            tail_zipf = self.zipf(tail)
            if head_zipf >= COMPOUND_PART_ZIPF and tail_zipf >= COMPOUND_PART_ZIPF:
                return COMPOUND_ZIPF
        return 0.0

    def is_single_letter_word(self, letter: str) -> bool:
        known = SINGLE_LETTER_WORDS.get(self.lang)
        if known is None:
            return True  # unknown language: do not presume a lone letter is damage
        return letter.lower() in known

    def is_inflection_ending(self, token: str) -> bool:
        """Whether ``token`` is an inflection ending of this language that a stray space may have
        cut off the word before it."""
        return token.lower() in INFLECTION_ENDINGS.get(self.lang, ())

    @property
    def joins_words(self) -> bool:
        """Whether spaces in this language separate words that stray spaces could have split."""
        return self.available and self.lang not in SPACELESS and self.lang not in SYLLABLE_SPACED


@lru_cache(maxsize=None)
def _has_wordlist(lang: str) -> bool:
    try:
        from wordfreq import available_languages
    except ImportError:  # pragma: no cover - wordfreq is a dependency
        return False
    return lang in available_languages()


def _zipf(word: str, lang: str) -> float:
    from wordfreq import zipf_frequency

    try:
        return zipf_frequency(word, lang)
    except (ImportError, ValueError, LookupError):
        return 0.0  # a word list that needs a missing analyser: the word is unknown
