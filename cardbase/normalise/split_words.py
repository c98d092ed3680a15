"""Stage ``split_words``: words split by stray spaces are joined again (``Guer rero`` → ``Guerrero``).

For each stretch of letter tokens separated by single spaces, the likeliest grouping is found by
dynamic programming over word frequencies: joining ``A B`` into ``AB`` pays off when ``AB`` is a
known word more probable than ``A`` and ``B`` side by side, given how often this document splits
words at all (estimated from its share of fragments, so a badly damaged text is repaired more
eagerly than a clean one). A join must contain a fragment (two whole words side by side stay
apart: ``roba dos`` is not ``robados``), a capitalised token never continues a word, the join
must be a known word (or, in compounding languages, a compound of two known words cut inside a
token), and languages whose spaces separate syllables (Vietnamese) or that use no spaces are left
alone. A token glued by an apostrophe or an abbreviation's full stop to what stands beside it is
part of a word already (``it's a``, ``de l'une``, ``see p. 5``, ``das z.B.``). A document in
which no split is beyond doubt (a join even at the lowest rate of stray spaces) is taken as
clean, and nothing in it is joined.
"""

from __future__ import annotations

import math
import re

from .context import StageContext
from .lexicon import Lexicon
from .textmap import Edit

NAME = "split_words"

MAX_GROUP = 8
MIN_JOINED_ZIPF = 2.0
COMPOUND_FLOOR = 1.5
UNKNOWN_SCORE = -12.0
MIN_SPLIT_RATE, MAX_SPLIT_RATE = 0.003, 0.1
#: a word with its ending cut off is joined when the joined word is at least this common ...
ENDING_MIN_ZIPF = 3.0
#: ... and this much likelier (Zipf) than the two words side by side (``Kampf`` then ``es``)
ENDING_MARGIN = 0.5

_WORD = re.compile(r"[^\W\d_]+")


def _single_score(token: str, lexicon: Lexicon) -> float:
    if len(token) == 1 and not lexicon.is_single_letter_word(token):
        return UNKNOWN_SCORE
    zipf = lexicon.zipf(token)
    return zipf - 9.0 if zipf > 0 else UNKNOWN_SCORE


def split_rate(text: str, lexicon: Lexicon) -> float:
    """The share of tokens that look like fragments: the prior for a stray space."""
    tokens = _WORD.findall(text)
    if not tokens:
        return MIN_SPLIT_RATE
    sample = tokens[:: max(1, len(tokens) // 4000)]
    fragments = sum(1 for t in sample if lexicon.is_fragment(t))
    return min(MAX_SPLIT_RATE, max(MIN_SPLIT_RATE, fragments / len(sample)))


def _can_group(tokens: list[str]) -> bool:
    """A capital never continues a word, except inside a word written all in capitals."""
    if all(t.isupper() for t in tokens):
        return sum(len(t) for t in tokens) > len(tokens)
    return not any(t[0].isupper() for t in tokens[1:])


def _token_boundaries(tokens: list[str]) -> frozenset[int]:
    cuts, position = set(), 0
    for token in tokens[:-1]:
        position += len(token)
        cuts.add(position)
    return frozenset(cuts)


def _ending_score(first: str, ending: str, lexicon: Lexicon) -> float | None:
    """The score of ``first`` + ``ending`` read as one word whose inflection ending a stray space
    cut off (``Kampf es``), or None when that reading is not far likelier than two words."""
    if not lexicon.is_inflection_ending(ending) or lexicon.is_fragment(first):
        return None
    joined = lexicon.zipf(first + ending)
    apart = lexicon.zipf(first) + lexicon.zipf(ending) - 9.0   # two words side by side
    if joined < ENDING_MIN_ZIPF or joined - apart < ENDING_MARGIN:
        return None
    return _single_score(first, lexicon) + _single_score(ending, lexicon) + (joined - apart)


def best_grouping(tokens: list[str], lexicon: Lexicon, log_split: float,
                  bound: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset()),
                  endings: bool = False) -> list[tuple[int, int]]:
    """Groups ``(i, j)`` of ``tokens[i:j]`` that read best as one word each.

    ``bound`` holds the indices of tokens glued to what stands before them (the ``s`` of
    ``it's``) and of tokens glued to what follows them (the ``l`` of ``l'une``, the ``p`` of
    ``p.``): such a token is part of a word already and starts or ends no join on that side.
    With ``endings``, a word and an inflection ending cut off it are joined as well (only in a
    document already shown to split words)."""
    glued_before, glued_after = bound
    n = len(tokens)
    best = [0.0] + [float("-inf")] * n
    back = [0] * (n + 1)
    for end in range(1, n + 1):
        for size in range(1, min(MAX_GROUP, end) + 1):
            start = end - size
            if size == 1:
                score = _single_score(tokens[start], lexicon)
            else:
                if not _can_group(tokens[start:end]) or start in glued_before \
                        or end - 1 in glued_after:
                    continue
                if not any(lexicon.is_fragment(t) for t in tokens[start:end]):
                    ending = _ending_score(*tokens[start:end], lexicon) \
                        if endings and size == 2 else None
                    if ending is not None:
                        best_total = best[start] + ending
                        if best_total > best[end] + 1e-9:
                            best[end], back[end] = best_total, start
                    continue  # otherwise whole words side by side are not a split word
                word = "".join(tokens[start:end])
                zipf = lexicon.zipf(word)
                if zipf < MIN_JOINED_ZIPF:
                    zipf = max(zipf, lexicon.compound_zipf(word, _token_boundaries(tokens[start:end])))
                if zipf < min(MIN_JOINED_ZIPF, COMPOUND_FLOOR):
                    continue
                score = zipf - 9.0 + (size - 1) * log_split
            total = best[start] + score
            if total > best[end] + 1e-9:
                best[end] = total
                back[end] = start
    groups = []
    end = n
    while end > 0:
        groups.append((back[end], end))
        end = back[end]
    return groups[::-1]


_ELISION = "’'‘"


def _glued_before(line: str, start: int) -> bool:
    """The token at ``start`` continues what stands before it: a contraction's or elision's
    second part (``it's``, ``l'une``) or an abbreviation's (``z.B.``)."""
    return start > 0 and line[start - 1] in _ELISION + "."


def _glued_after(line: str, end: int, token: str) -> bool:
    """The token ending at ``end`` runs on into what follows it: an elided article or pronoun
    (``l'``, ``qu'``) or an abbreviation (``z.B.``, ``p. 5``)."""
    after = line[end:end + 3]
    return after[:1] in tuple(_ELISION) or bool(re.match(r"\.[^\W\d_]", after)) or (
        len(token) == 1 and bool(re.match(r"\. ?\d", after)))


def _runs(line: str):
    """Each stretch of letter tokens separated by single spaces (two tokens or more), with the
    indices of its tokens glued to what stands before and after them."""
    matches = list(_WORD.finditer(line))
    i = 0
    while i < len(matches):
        j = i
        while j + 1 < len(matches) and line[matches[j].end():matches[j + 1].start()] == " ":
            j += 1
        if j > i:
            run = matches[i:j + 1]
            yield run, (frozenset(k for k, m in enumerate(run) if _glued_before(line, m.start())),
                        frozenset(k for k, m in enumerate(run)
                                  if _glued_after(line, m.end(), m.group())))
        i = j + 1


def evidence(text: str, lexicon: Lexicon, enough: int = 1) -> int:
    """How many words of ``text`` are split beyond doubt (counted up to ``enough``): joined even at
    the lowest rate of stray spaces a document may have. Clean text has none, and then nothing is
    joined."""
    log_split = math.log10(MIN_SPLIT_RATE)
    found = 0
    for line in text.split("\n"):
        for run, bound in _runs(line):
            groups = best_grouping([m.group() for m in run], lexicon, log_split, bound)
            found += sum(1 for start, end in groups if end - start > 1)
            if found >= enough:
                return found
    return found


def repair_line(line: str, lexicon: Lexicon, log_split: float, offset: int = 0) -> list[Edit]:
    edits: list[Edit] = []
    for run, bound in _runs(line):
        for start, end in best_grouping([m.group() for m in run], lexicon, log_split, bound,
                                        endings=True):
            for k in range(start, end - 1):
                edits.append(Edit(offset + run[k].end(), offset + run[k + 1].start(), ""))
    return edits


def run(text: str, ctx: StageContext) -> list[Edit]:
    if not ctx.lexicon.joins_words or not evidence(text, ctx.lexicon):
        return []
    log_split = math.log10(split_rate(text, ctx.lexicon))
    edits: list[Edit] = []
    offset = 0
    for line in text.split("\n"):
        edits.extend(repair_line(line, ctx.lexicon, log_split, offset))
        offset += len(line) + 1
    return edits
