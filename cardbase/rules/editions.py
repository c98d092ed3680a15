"""Where two rulebooks of one game disagree, found from the rules and quoted from both.

Three kinds of difference are listed, each once: a ``parameter`` an edition changes (the starting
hand, a Dwarf's hand limit), each value with the sentence that states it; a rule one rulebook
states and the other does not (``only_in``), the other side either silent or, where the rule names
its ``counterparts``, quoted for what it says instead (a pair of contrary rules is one difference);
and a ``verdict`` difference: decision-table cells the two answer differently for a reason no
listed difference explains, grouped by the rules that decide each side, so one disagreement is one
entry however many situations show it. Cells that a parameter or an ``only_in`` rule explains are
not listed again: they are that difference's ``situations``. The decision table varies every state
dimension some rule reads.
"""

from __future__ import annotations

from ..errors import QueryError
from ..i18n import _
from ..storage import queries
from .engine import Citer
from .model import rules_for
from .munchkin import EDITION_QUOTES, EDITIONS, PARAMETER_RULES
from .table import decision_table

def _once(citations: list[dict]) -> list[dict]:
    """``citations`` without a quote that two contrary rules share said twice."""
    seen, out = set(), []
    for citation in citations:
        key = (citation["rulebook"], citation["quote"])
        if key not in seen:
            seen.add(key)
            out.append(citation)
    return out


def differences(conn, first: str, second: str, examples: int = 25) -> dict:
    books = queries.rulebook_games(conn)
    for rulebook in (first, second):
        if rulebook not in books:
            raise QueryError(_("no rulebook {rulebook!r}; the rulebooks are: {known}",
                               rulebook=rulebook, known=", ".join(sorted(books))))
    if books[first] != books[second]:
        raise QueryError(_("{a} and {b} are rulebooks of different games", a=first, b=second))
    game = books[first]
    citer = Citer.of(conn)
    rules = {r.id: r for r in rules_for(game)}
    pair = (first, second)

    def quotes(rule_id: str, rulebook: str) -> list[dict]:
        return [citer.cite(rulebook, q) for q in rules[rule_id].citations.get(rulebook, ())]

    def silence(rulebook: str) -> str:
        return _("{rulebook} says nothing about this", rulebook=rulebook)

    found = []
    parameters = []
    a, b = EDITIONS.get(first, {}), EDITIONS.get(second, {})
    for name in sorted(set(a) | set(b)):
        if a.get(name) == b.get(name):
            continue
        entry = {"kind": "parameter", "parameter": name, first: a.get(name),
                 second: b.get(name), "rules": list(PARAMETER_RULES.get(name, ())),
                 "quotes": {rb: [citer.cite(rb, EDITION_QUOTES[rb][name])]
                            if name in EDITION_QUOTES.get(rb, {}) else [] for rb in pair}}
        silent = [rb for rb in pair if name not in EDITION_QUOTES.get(rb, {})]
        if silent:
            entry["silent"] = {rb: silence(rb) for rb in silent}
        parameters.append(entry)
        found.append(entry)
    only = {first: [], second: []}
    paired: set[str] = set()
    for rule in rules.values():
        cites_a, cites_b = first in rule.citations, second in rule.citations
        if cites_a == cites_b:
            continue
        side, other = (first, second) if cites_a else (second, first)
        entry = {"kind": "only_in", "rulebook": side, "rule": rule.id,
                 "says": _(rule.statement), "quotes": quotes(rule.id, side)}
        only[side].append(entry)
        if rule.id in paired:
            continue  # the other half of a pair of contrary rules, already listed with it
        contrary = [rules[rid] for rid in rule.counterparts
                    if rid in rules and other in rules[rid].citations]
        if contrary:
            entry["otherwise"] = {other: {
                "rules": [c.id for c in contrary], "says": [_(c.statement) for c in contrary],
                "quotes": _once([q for c in contrary for q in quotes(c.id, other)])}}
            # a contrary rule that names this one back is the same difference seen from the
            # other side; one that does not states a difference of its own as well
            paired.update(c.id for c in contrary
                          if rule.id in c.counterparts and side not in c.citations)
        else:
            entry["silent"] = {other: silence(other)}
        found.append(entry)
    table = decision_table(game, [first, second])
    differing = [row for row in table["rows"]
                 if row["by_rulebook"][first] != row["by_rulebook"][second]]
    groups: dict[tuple, list[dict]] = {}
    for row in differing:
        key = tuple((row["by_rulebook"][rb], tuple(row["rules"][rb])) for rb in pair)
        groups.setdefault(key, []).append(row)
    # which listed difference each deciding rule stands for
    explains: dict[str, list[dict]] = {}
    for entry in found:
        if entry["kind"] == "parameter":
            names = entry["rules"]
        else:
            names = [entry["rule"]] + [rid for side in entry.get("otherwise", {}).values()
                                       for rid in side["rules"]]
        for name in names:
            explains.setdefault(name, []).append(entry)
    for key, rows in groups.items():
        situation = {"verdicts": {rb: key[i][0] for i, rb in enumerate(pair)},
                     "rules": {rb: list(key[i][1]) for i, rb in enumerate(pair)},
                     "cells": len(rows), "example": {"state": rows[0]["state"],
                                                     "action": rows[0]["action"]}}
        owners = {id(e): e for i in (0, 1) for rid in key[i][1] for e in explains.get(rid, ())}
        if owners:
            for owner in owners.values():
                owner.setdefault("situations", []).append(situation)
            continue
        entry = {"kind": "verdict", **situation,
                 "quotes": {rb: [q for rid in key[i][1] for q in quotes(rid, rb)]
                            for i, rb in enumerate(pair)}}
        silent = [rb for i, rb in enumerate(pair) if not key[i][1]]
        if silent:
            entry["silent"] = {rb: silence(rb) for rb in silent}
        found.append(entry)
    return {"game": game, "rulebooks": [first, second], "differences": found,
            "parameters": parameters, "stated_only_in": only, "table_cells": len(table["rows"]),
            "differing_cells": len(differing), "examples": differing[:examples]}
