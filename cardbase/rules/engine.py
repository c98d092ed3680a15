"""Answering a question: every rule that applies, under every rulebook asked, combined.

For each rulebook of the game (or the one the query names) the engine asks each rule that the
rulebook states for its outcome, sets aside the rules that an applicable, more specific rule
overrides, and combines the rest: ``forbidden`` if any rule forbids (every such rule is listed),
else ``conditional`` if any rule makes it depend on something (with every condition), else
``allowed`` if a rule allows it. When no rule of a rulebook covers the action, its verdict is
``conditional`` on the card's own text. Where the rulebooks disagree, the answer says so: the top
verdict is the named rulebook's (the others' verdicts are added where they differ), or
``conditional`` when none was named.

Each deciding rule comes with its statement in the asker's language and its citations, exact
quotes located in the ingested sections; quotes in the asker's language come first.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field

from ..i18n import _
from ..storage import queries
from .model import ALLOWED, CONDITIONAL, FORBIDDEN, Outcome, Rule, rules_for
from .query import Situation



@dataclass
class RulebookVerdict:
    rulebook: str
    verdict: str
    deciding: list[tuple[Rule, Outcome]] = field(default_factory=list)
    conflicts: list[tuple[Rule, Rule]] = field(default_factory=list)


def judge(situation: Situation, rulebook: str, rules: list[Rule] | None = None) -> RulebookVerdict:
    """The verdict of one rulebook, with the rules that decide it."""
    rules = rules if rules is not None else rules_for(situation.game)
    outcomes = []
    for rule in rules:
        if rule.applies_to(rulebook):
            outcome = rule.judge(situation, rulebook)
            if outcome is not None:
                outcomes.append((rule, outcome))
    overridden = {target for rule, _ in outcomes for target in rule.overrides}
    if "*" in overridden:
        outcomes = [(r, o) for r, o in outcomes if "*" in r.overrides]
    else:
        outcomes = [(r, o) for r, o in outcomes if r.id not in overridden]
    by_verdict = {v: [(r, o) for r, o in outcomes if o.verdict == v]
                  for v in (FORBIDDEN, CONDITIONAL, ALLOWED)}
    conflicts = [(a, f) for a, _ in by_verdict[ALLOWED] for f, _ in by_verdict[FORBIDDEN]
                 if not f.restriction]
    for verdict in (FORBIDDEN, CONDITIONAL, ALLOWED):
        if by_verdict[verdict]:
            return RulebookVerdict(rulebook, verdict, by_verdict[verdict], conflicts)
    return RulebookVerdict(rulebook, CONDITIONAL, [], [])


class Citer:
    """Locates quotes in the database's sections (cached: a decision table cites a lot)."""

    def __init__(self, conn: sqlite3.Connection | None):
        self.conn = conn
        self._cache: dict[tuple[str, str], dict] = {}
        self._langs: dict[str, str] = {}
        if conn is not None:
            self._langs = queries.rulebook_langs(conn)

    def lang(self, rulebook: str) -> str | None:
        return self._langs.get(rulebook)

    def cite(self, rulebook: str, quote: str) -> dict:
        key = (rulebook, quote)
        if key not in self._cache:
            entry = {"rulebook": rulebook, "lang": self._langs.get(rulebook), "section": None,
                     "heading": None, "quote": quote}
            if self.conn is not None:
                row = queries.section_quoting(self.conn, rulebook, quote)
                if row:
                    entry["section"], entry["heading"] = row[0], row[1]
            self._cache[key] = entry
        return dict(self._cache[key])


def _explain(rule: Rule, outcome: Outcome, citer: Citer, rulebooks: list[str],
             lang: str | None) -> dict:
    citations = []
    for rulebook in rulebooks:
        for quote in rule.citations.get(rulebook, ()):
            citations.append(citer.cite(rulebook, quote))
    citations.sort(key=lambda c: (c["lang"] != lang, rulebooks.index(c["rulebook"])))
    entry = {"rule": rule.id, "says": _(rule.statement), "verdict": outcome.verdict,
             "citations": citations}
    if outcome.condition:
        entry["condition"] = _(outcome.condition, **outcome.condition_values())
    return entry


def answer(situation: Situation, rulebooks: list[str], citer: Citer,
           lang: str | None = None) -> dict:
    """The answer in the public format: verdict, because, conditions, by_rulebook."""
    asked = [situation.rulebook] if situation.rulebook else rulebooks
    rules = rules_for(situation.game)
    verdicts = {rb: judge(situation, rb, rules) for rb in rulebooks}
    by_rulebook = {rb: verdicts[rb].verdict for rb in asked}
    if situation.rulebook:
        top = by_rulebook[situation.rulebook]
    else:
        distinct = set(by_rulebook.values())
        top = distinct.pop() if len(distinct) == 1 else CONDITIONAL
    because, conditions, seen = [], [], set()
    for rb in asked:
        for rule, outcome in verdicts[rb].deciding:
            if rule.id in seen:
                continue
            seen.add(rule.id)
            citing = [r for r in rulebooks if rule.applies_to(r)]
            because.append(_explain(rule, outcome, citer, citing, lang))
            if outcome.condition:
                conditions.append(_(outcome.condition, **outcome.condition_values()))
        if not verdicts[rb].deciding:
            conditions.append(_("{rulebook}: no rule of this rulebook covers this action; the "
                                "card's own text decides", rulebook=rb))
    if not situation.rulebook and len(set(by_rulebook.values())) > 1:
        conditions.insert(0, _("the rulebooks disagree: {verdicts}", verdicts=", ".join(
            f"{rb} {v}" for rb, v in by_rulebook.items())))
    result = {"verdict": top, "because": because, "conditions": conditions,
              "by_rulebook": by_rulebook}
    others = {rb: v.verdict for rb, v in verdicts.items() if rb not in asked}
    if situation.rulebook and any(v != top for v in others.values()):
        # the named rulebook decides; the other editions' answers are shown, not hidden
        result["other_rulebooks"] = others
    if situation.card:
        result["card"] = {"id": situation.card["id"], "name": situation.card["name"],
                          "type": situation.card["type"]}
    return result
