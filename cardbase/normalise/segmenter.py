"""Splitting a run of letters into words by word frequency (dynamic programming).

Used where the word boundaries were lost: letter-spaced call-outs (``W e n n d i r`` is the
letters ``Wenndir``). The best split maximises the sum of the words' log-probabilities (Zipf - 9);
an unknown stretch costs more the longer it is, so names survive as one piece only when no
reading in known words is better. A lone letter only counts as a word where the language has
one-letter words.
"""

from __future__ import annotations

from .lexicon import Lexicon

MAX_WORD = 32
#: How common a word of each length must be to count as known (short strings are often noise).
MIN_KNOWN_ZIPF = {1: 4.0, 2: 4.0, 3: 3.0}
MIN_KNOWN_ZIPF_LONG = 1.5


def word_score(word: str, lexicon: Lexicon) -> float:
    if len(word) == 1 and word.isalpha() and not lexicon.is_single_letter_word(word):
        return -9.0 - 4.0
    zipf = lexicon.zipf(word)
    if zipf >= MIN_KNOWN_ZIPF.get(len(word), MIN_KNOWN_ZIPF_LONG):
        return zipf - 9.0
    return -9.0 - 2.0 * len(word)


def segment(letters: str, lexicon: Lexicon) -> list[str]:
    """Split ``letters`` (no spaces) into the likeliest sequence of words, keeping their case."""
    n = len(letters)
    if n == 0:
        return []
    best = [0.0] + [float("-inf")] * n
    back = [0] * (n + 1)
    for end in range(1, n + 1):
        for start in range(max(0, end - MAX_WORD), end):
            if best[start] == float("-inf"):
                continue
            score = best[start] + word_score(letters[start:end], lexicon)
            if score > best[end]:
                best[end] = score
                back[end] = start
    words = []
    end = n
    while end > 0:
        start = back[end]
        words.append(letters[start:end])
        end = start
    return words[::-1]
