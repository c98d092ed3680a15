"""Whole decision tables: every combination of situation and action features for a game.

``situations`` enumerates the features that matter to the rules (phase, whose turn, role in a
combat, the action and the card kind, where the card comes from), skipping combinations that
cannot happen; ``decision_table`` answers each under every rulebook of the game. The table is
checked for consistency: a cell where one rule allows and another forbids, with no override
between them, is a conflict and is reported.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from ..errors import QueryError
from .engine import judge
from .model import rules_for
from .query import CARD_TYPES, PHASES, Situation, _contradictions

MUNCHKIN_ACTIONS = (
    [("play", kind, source) for kind in ("race", "class", "half_breed", "super_munchkin", "item",
                                         "one_shot_item", "go_up_a_level", "monster",
                                         "monster_enhancer", "wandering_monster", "curse",
                                         "army", "alliance")
     for source in ("hand", "just_acquired")]
    + [("play", "curse", "drawn_face_up"), ("keep", "curse", "drawn_face_up"),
       ("discard", "race", "in_play"), ("discard", "class", "in_play"),
       ("discard", "army", "in_play"), ("sell", None, "in_play"), ("trade", "item", "in_play"),
       ("equip", "item", "in_play"), ("ask_help", None, None), ("help", None, None),
       ("run_away", None, None), ("loot_the_room", None, None), ("look_for_trouble", None, None),
       ("draw_treasure", None, None), ("steal", None, None)])
DUNGEON_MAYHEM_ACTIONS = [("play", kind, "hand") for kind in CARD_TYPES["dungeon-mayhem"]] + [
    ("draw", None, None), ("end_turn", None, None)]
SMASHUP_ACTIONS = [("play", "monster", "hand"), ("count_power", "monster", None),
                   ("draw_treasure", None, None)]


@dataclass(frozen=True)
class Cell:
    state: tuple
    action: tuple

    def as_query(self, game: str) -> dict:
        return {"game": game, "state": dict(self.state), "action": dict(self.action)}


def situations(game: str):
    """Every meaningful (state, action) of ``game``, as ``Cell``s."""
    if game in ("munchkin", "munchkin-warhammer-aos"):
        actions = [a for a in MUNCHKIN_ACTIONS if a[1] is None or a[1] in CARD_TYPES[game]]
        if game == "munchkin-warhammer-aos":
            actions = [a for a in actions if a[0] != "steal"]
    elif game == "dungeon-mayhem":
        actions = DUNGEON_MAYHEM_ACTIONS
    elif game == "smashup-munchkin":
        actions = SMASHUP_ACTIONS
    else:
        raise QueryError(f"unknown game {game!r}")
    for phase, my_turn in itertools.product(PHASES[game], (True, False)):
        roles = ("fighter", "helper", "bystander") if phase in ("combat", "running_away") \
            and game in ("munchkin", "munchkin-warhammer-aos") else (None,)
        for role in roles:
            state = {"phase": phase, "my_turn": my_turn}
            if role:
                state["role"] = role
            for verb, kind, source in actions:
                action = {"verb": verb}
                if kind:
                    action["card_type"] = kind
                if source:
                    action["from"] = source
                situation = Situation(game, None, verb, state, action)
                if _contradictions(situation):
                    continue
                yield Cell(tuple(sorted(state.items())), tuple(sorted(action.items())))


def decision_table(game: str, rulebooks: list[str]) -> dict:
    """Every situation of ``game`` answered under each rulebook, with the deciding rules."""
    rules = rules_for(game)
    rows, conflicts = [], []
    for cell in situations(game):
        situation = Situation(game, None, dict(cell.action)["verb"], dict(cell.state),
                              dict(cell.action))
        verdicts, deciding = {}, {}
        for rulebook in rulebooks:
            result = judge(situation, rulebook, rules)
            verdicts[rulebook] = result.verdict
            deciding[rulebook] = [rule.id for rule, _ in result.deciding]
            for allowing, forbidding in result.conflicts:
                conflicts.append({"state": dict(cell.state), "action": dict(cell.action),
                                  "rulebook": rulebook, "allows": allowing.id,
                                  "forbids": forbidding.id})
        rows.append({"state": dict(cell.state), "action": dict(cell.action),
                     "by_rulebook": verdicts, "rules": deciding})
    return {"game": game, "rulebooks": rulebooks, "rows": rows, "conflicts": conflicts}
