"""Full-text search over sections, in every language, with user input made safe.

A query is folded and cut into terms exactly as the indexed text was (``textkeys``), and the
FTS5 expression is assembled from those terms, each quoted: no character a user types can
reach the FTS syntax, so ``"``, ``AND``, ``don't`` or ``a-b`` give results or nothing, never an
error. Latin-script words of three letters or more match as prefixes (``stufe`` finds ``Stufen``);
a run of Chinese or Japanese characters matches as a phrase of its character pairs, so any word of
two characters or more is found where it occurs; a single character matches as a prefix. All terms
must match; when that finds nothing, any term may.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from ..storage.queries import fts_sections
from .textkeys import fold, fold_with_map, is_cjk_char, search_tokens

HEADING_WEIGHT = 8.0      # bm25 weight of a heading against its body's 1.0
OTHER_KINDS_WEIGHT = 0.3  # rank factor of sections that state no rule (adverts, credits...)
SNIPPET_CHARS = 180
PREFIX_MIN = 3


@dataclass(frozen=True)
class QueryTerms:
    expressions: list[str]   # FTS5 terms, already quoted
    needles: list[str]       # folded strings to find in a body, for snippets


def _runs(folded: str) -> list[tuple[str, bool]]:
    """Split folded text into runs of CJK characters and runs of other word characters."""
    runs: list[tuple[str, bool]] = []
    current, current_cjk = "", False
    for ch in folded:
        cjk = is_cjk_char(ch) or (ch in "ー々" and current_cjk)
        word = cjk or ch.isalnum()
        if not word:
            if current:
                runs.append((current, current_cjk))
            current = ""
            continue
        if current and cjk != current_cjk:
            runs.append((current, current_cjk))
            current = ""
        current += ch
        current_cjk = cjk
    if current:
        runs.append((current, current_cjk))
    return runs


def parse_query(query: str) -> QueryTerms:
    expressions, needles = [], []
    for run, cjk in _runs(fold(query)):
        tokens = search_tokens(run)
        if not tokens:
            continue
        if cjk and len(run) > 1:
            expressions.append('"' + " ".join(tokens) + '"')
        elif cjk or len(run) >= PREFIX_MIN:
            expressions.append(f'"{tokens[0]}"*')
        else:
            expressions.append(f'"{tokens[0]}"')
        needles.append(run)
    return QueryTerms(expressions, needles)


def snippet(body: str, needles: list[str], width: int = SNIPPET_CHARS) -> str:
    """A window of ``body`` around the first place a query term occurs, cut between words (in
    Chinese and Japanese, between characters) with an ellipsis where text was left out."""
    from .excerpt import excerpt

    lowered = body.lower()
    hits = [lowered.find(n) for n in needles if n] if len(lowered) == len(body) else []
    hits = [h for h in hits if h >= 0]
    index = None
    if not hits:  # the query was typed without the text's accents: fold the whole body
        folded, index = fold_with_map(body)
        hits = [h for h in (folded.find(n) for n in needles if n) if h >= 0]
    if not hits:
        return excerpt(body, 0, width)
    centre = index[min(hits)] if index else min(hits)
    start = max(0, centre - width // 3)
    return excerpt(body, start, start + width, keep=centre)


def search(conn: sqlite3.Connection, query: str, *, lang: str | None = None,
           rulebook: str | None = None, game: str | None = None, limit: int = 10,
           also: list[str] = ()) -> list[dict]:
    """Sections matching ``query`` (or any of the phrases ``also``), best first, with snippets."""
    terms = parse_query(query)
    alternatives = [parse_query(phrase) for phrase in also if phrase]
    alternatives = [a for a in alternatives if a.expressions]
    if not terms.expressions and not alternatives:
        return []

    def sections_matching(expression: str) -> list:
        return fts_sections(conn, expression, lang=lang, rulebook=rulebook, game=game,
                            limit=limit * 3,  # re-ranked below, then cut to ``limit``
                            heading_weight=HEADING_WEIGHT, other_kinds_weight=OTHER_KINDS_WEIGHT)

    groups = [t for t in [terms, *alternatives] if t.expressions]
    rows = sections_matching(" OR ".join(f"({' AND '.join(t.expressions)})" for t in groups))
    if not rows and len(terms.expressions) > 1:
        rows = sections_matching(" OR ".join(terms.expressions))
    needles = [n for t in groups for n in t.needles]
    # a heading that begins with the query is the section about it: it comes first, the
    # shortest such heading (the closest to the query) before longer ones
    asked = fold(query).strip()

    def order(row):
        heading = fold(row["heading"])
        about = heading.startswith(asked)
        return (not about, len(heading) if about else 0, row["rank"])

    rows = sorted(rows, key=order)
    rows = rows[:limit]
    return [{
        "ref": row["ref"], "rulebook": row["rulebook_id"], "lang": row["lang"],
        "game": row["game_id"], "heading": row["heading"], "kind": row["kind"],
        "topic": row["topic_id"], "page": row["page"], "quality": row["quality"],
        "score": round(-row["rank"], 3), "snippet": snippet(row["body"], needles),
    } for row in rows]
