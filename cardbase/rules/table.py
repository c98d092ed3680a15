"""Whole decision tables: every combination of situation and action features for a game.

``situations`` enumerates the features that matter to the rules (phase, whose turn, role in a
combat, the action and the card kind, where the card comes from, and per action the state the
rules read: race, class, level, hand size, combat result, death...), as the game's declaration
(``cardbase.games``) lists them, skipping combinations that cannot happen; ``decision_table`` answers each under every rulebook of the game. The table is
checked for consistency: a cell where one rule allows and another forbids, with no override
between them, is a conflict and is reported.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from .. import games
from ..errors import QueryError, excerpt
from ..i18n import _
from .engine import judge
from .query import Situation, _contradictions


@dataclass(frozen=True)
class Cell:
    state: tuple
    action: tuple

    def as_query(self, game: str) -> dict:
        return {"game": game, "state": _thawed(self.state), "action": _thawed(self.action)}


def situations(game: str):
    """Every meaningful (state, action) of ``game``, as ``Cell``s: the actions its declaration
    lists for its table, in each phase, on either player's turn, in each role of a combat, and
    in each state its declaration varies them in."""
    declared = games.known(game)
    if declared is None:
        raise QueryError(_("unknown game {game!r}; the games are: {known}", game=excerpt(game),
                           known=", ".join(games.ids())))
    for phase, my_turn in itertools.product(declared.phases, (True, False)):
        for role in declared.roles_in(phase):
            state = {"phase": phase, "my_turn": my_turn}
            if role:
                state["role"] = role
            for verb, kind, source in declared.table_actions:
                action = {"verb": verb}
                if kind == "item_big":
                    action.update(card_type="item", big=True)
                elif kind:
                    action["card_type"] = kind
                if source:
                    action["from"] = source
                for variant in declared.table_variants.get((verb, kind), [{}]):
                    cell_state = {**state, **variant}
                    situation = Situation(game, None, verb, cell_state, action)
                    if _contradictions(situation):
                        continue
                    yield Cell(_frozen(cell_state), _frozen(action))


def _frozen(mapping: dict) -> tuple:
    return tuple(sorted((k, _frozen(v) if isinstance(v, dict) else
                         tuple(v) if isinstance(v, list) else v) for k, v in mapping.items()))


def _thawed(frozen: tuple) -> dict:
    return {k: _thawed(v) if isinstance(v, tuple) and v and isinstance(v[0], tuple)
            else list(v) if isinstance(v, tuple) else v for k, v in frozen}


def decision_table(game: str, rulebooks: list[str]) -> dict:
    """Every situation of ``game`` answered under each rulebook, with the deciding rules."""
    rows, conflicts = [], []
    for cell in situations(game):
        state, action = _thawed(cell.state), _thawed(cell.action)
        situation = Situation(game, None, action["verb"], state, action)
        verdicts, deciding = {}, {}
        for rulebook in rulebooks:
            result = judge(situation, rulebook)
            verdicts[rulebook] = result.verdict
            deciding[rulebook] = [rule.id for rule, _ in result.deciding]
            for allowing, forbidding in result.conflicts:
                conflicts.append({"state": state, "action": action,
                                  "rulebook": rulebook, "allows": allowing.id,
                                  "forbids": forbidding.id})
        rows.append({"state": state, "action": action,
                     "by_rulebook": verdicts, "rules": deciding})
    return {"game": game, "rulebooks": rulebooks, "rows": rows, "conflicts": conflicts}
