"""Where two rulebooks of one game disagree, quoted from both.

Three kinds of difference are listed: the numbers an edition changes (starting hand, a Dwarf's
hand limit), the rules one rulebook states and the other does not, and every cell of the
decision table that the two answer differently, with the rules that decide each side.
"""

from __future__ import annotations

from ..errors import QueryError
from ..i18n import _
from ..storage import queries
from .engine import Citer
from .model import rules_for
from .munchkin import EDITIONS
from .table import decision_table

#: which rule each edition parameter drives
PARAMETER_RULES = {
    "starting_cards": ("munchkin.setup.starting_cards", "munchkin.death.new_hand"),
    "hand_limit": ("munchkin.charity.hand_limit",),
    "dwarf_hand_limit": ("munchkin.charity.hand_limit",),
    "escape_roll": ("munchkin.running_away.all_or_nothing",),
}


def differences(conn, first: str, second: str, examples: int = 25) -> dict:
    books = queries.rulebook_games(conn)
    for rulebook in (first, second):
        if rulebook not in books:
            raise QueryError(_("no rulebook {rulebook!r}; the rulebooks are: {known}",
                               rulebook=rulebook, known=", ".join(sorted(books))))
    if books[first] != books[second]:
        raise QueryError(_("{a} and {b} are rulebooks of different games", a=first, b=second))
    game = books[first]
    citer = Citer(conn)
    rules = {r.id: r for r in rules_for(game)}

    def quotes(rule_id: str, rulebook: str) -> list[dict]:
        return [citer.cite(rulebook, q) for q in rules[rule_id].citations.get(rulebook, ())]

    parameters = []
    a, b = EDITIONS.get(first), EDITIONS.get(second)
    if a and b:
        for name in sorted(set(a) & set(b)):
            if a[name] != b[name]:
                rule_ids = PARAMETER_RULES.get(name, ())
                parameters.append({
                    "parameter": name, first: a[name], second: b[name], "rules": list(rule_ids),
                    "quotes": {rb: [q for rid in rule_ids for q in quotes(rid, rb)]
                               for rb in (first, second)}})
    only = {first: [], second: []}
    for rule in rules.values():
        cites_a, cites_b = rule.applies_to(first), rule.applies_to(second)
        if cites_a != cites_b:
            side = first if cites_a else second
            only[side].append({"rule": rule.id, "says": _(rule.statement),
                               "quotes": quotes(rule.id, side)})
    table = decision_table(game, [first, second])
    differing = [row for row in table["rows"]
                 if row["by_rulebook"][first] != row["by_rulebook"][second]]
    return {"game": game, "rulebooks": [first, second], "parameters": parameters,
            "stated_only_in": only, "table_cells": len(table["rows"]),
            "differing_cells": len(differing), "examples": differing[:examples]}
