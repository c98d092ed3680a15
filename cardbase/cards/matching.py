"""Finding a card by any of its names: exact on folded keys, then fuzzy for typos.

A name is folded like search text (case, accents, width forms, ``đ``), so ``mace of sharpness``,
``MAZA AFILADA`` and ``ｍａｚａ afilada`` are exact matches. When nothing matches exactly, the
card names sharing character trigrams with the query are fetched from the trigram index and
ranked by RapidFuzz's weighted ratio (only the query's rarest trigrams are used to fetch
candidates: common ones match most names and only slow the ranking). RapidFuzz is imported only
then, so exact lookups stay on the fast path. Only the standard library is imported at module
level.
"""

from __future__ import annotations

import sqlite3

from ..search.textkeys import fold
from ..storage import queries

CANDIDATES = 40
RAREST_TRIGRAMS = 8
ACCEPT_SCORE = 86.0
ACCEPT_MARGIN = 4.0
SUGGEST_SCORE = 55.0


# A plain class, not a dataclass: building a dataclass runs generated code at import, and this
# module is on the path of every card lookup.
class NameMatch:
    """A card one of whose names matched: the name, its language and the score (100: exact)."""

    __slots__ = ("card_id", "name", "lang", "score")

    def __init__(self, card_id: str, name: str, lang: str, score: float):
        self.card_id = card_id
        self.name = name
        self.lang = lang
        self.score = score

    def _fields(self) -> tuple:
        return (self.card_id, self.name, self.lang, self.score)

    def __eq__(self, other) -> bool:
        return isinstance(other, NameMatch) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return "NameMatch(card_id={!r}, name={!r}, lang={!r}, score={!r})".format(*self._fields())


def name_key(text: str) -> str:
    return " ".join(fold(text).split())


def exact(conn: sqlite3.Connection, name: str, game: str | None = None) -> list[NameMatch]:
    seen, matches = set(), []
    for card_id, card_name, lang in queries.card_names_by_key(conn, name_key(name), game):
        if card_id not in seen:
            seen.add(card_id)
            matches.append(NameMatch(card_id, card_name, lang, 100.0))
    return matches


def _trigrams(key: str) -> list[str]:
    return sorted({key[i:i + 3] for i in range(len(key) - 2)
                   if '"' not in key[i:i + 3]})


def fuzzy(conn: sqlite3.Connection, name: str, game: str | None = None,
          limit: int = 5) -> list[NameMatch]:
    """The best-scoring names for a query that matched nothing exactly, best first."""
    key = name_key(name)
    if not key:
        return []
    grams = _trigrams(key)
    if len(grams) > RAREST_TRIGRAMS:
        # common trigrams ("of ", " de") match most names and only slow the ranking down
        counts = queries.name_trigram_counts(conn, grams)
        grams = sorted((g for g in grams if g in counts),
                       key=lambda g: (counts[g], g))[:RAREST_TRIGRAMS] or grams
    if grams:
        expression = " OR ".join(f'"{g}"' for g in grams)
        rows = queries.names_matching_trigrams(conn, expression, game, CANDIDATES)
    else:
        rows = queries.names_with_key_prefix(conn, key, game, CANDIDATES)
    if not rows:
        return []
    from rapidfuzz import fuzz

    best: dict[str, NameMatch] = {}
    for card_id, card_name, lang, candidate in rows:
        score = fuzz.WRatio(key, candidate)
        if card_id not in best or score > best[card_id].score:
            best[card_id] = NameMatch(card_id, card_name, lang, round(score, 1))
    ranked = sorted(best.values(), key=lambda m: (-m.score, m.card_id))
    return [m for m in ranked if m.score >= SUGGEST_SCORE][:limit]


def is_confident(matches: list[NameMatch]) -> bool:
    """Whether the best fuzzy match is good enough, and clear enough, to answer with."""
    if not matches or matches[0].score < ACCEPT_SCORE:
        return False
    return len(matches) == 1 or matches[0].score - matches[1].score >= ACCEPT_MARGIN
