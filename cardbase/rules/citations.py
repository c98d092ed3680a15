"""The rules checker's rules as rows for the database, each quote located in its rulebook.

At build time every rule of every game is listed with its statement, and every quote it rests on
is found in the repaired text of the rulebook it cites: the section that holds it and its span in
the raw source. The pipeline hands these rows to the storage writer, so the database shows which
sentence of which rulebook each rule enforces (and, for a quote it decides only in part, the fact
it lacks), and a query never has to search for a quote.
"""

from __future__ import annotations

from .. import games
from .model import REGISTRY, lacks, rules_for


def _all_rules():
    for game in games.ids():
        rules_for(game)  # imports every rule module, which registers its rules
    return sorted({rule.id: rule for rule in REGISTRY}.values(), key=lambda rule: rule.id)


def rule_rows(rulebooks) -> list[dict]:
    """Every rule with its citations located in ``rulebooks`` (the ingested ones)."""
    by_id = {item.rulebook.id: item for item in rulebooks}
    rows = []
    for rule in _all_rules():
        citations = []
        for rulebook_id, quotes in sorted(rule.citations.items()):
            item = by_id.get(rulebook_id)
            for quote in quotes:
                citations.append({"rulebook": rulebook_id, "quote": str(quote),
                                  "lacks": lacks(quote), **_locate(item, quote)})
        rows.append({"id": rule.id, "games": list(rule.games), "statement": rule.statement,
                     "overrides": list(rule.overrides), "restriction": rule.restriction,
                     "citations": citations})
    return rows


def _locate(item, quote: str) -> dict:
    """The section holding ``quote`` and the quote's raw span (``None`` where it is not found)."""
    found = {"section": None, "raw_start": None, "raw_end": None}
    if item is None:
        return found
    text = item.normalised.text
    position = text.find(quote)
    if position < 0:
        return found
    found["raw_start"], found["raw_end"] = item.normalised.mapped.raw_span(
        position, position + len(quote))
    for section in item.sections:
        if quote in section.body:
            found["section"] = f"{section.rulebook_id}/{section.slug}"
            break
    return found
