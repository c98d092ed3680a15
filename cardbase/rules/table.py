"""Whole decision tables: every combination of situation and action features for a game.

``situations`` enumerates the features that matter to the rules (phase, whose turn, role in a
combat, the action and the card kind, where the card comes from, and per action the state the
rules read: race, class, level, hand size, combat result, death...), skipping combinations that
cannot happen; ``decision_table`` answers each under every rulebook of the game. The table is
checked for consistency: a cell where one rule allows and another forbids, with no override
between them, is a conflict and is reported.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from ..errors import QueryError
from .engine import judge
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
MUNCHKIN_ACTIONS += [("end_turn", None, None), ("give", None, None), ("discard", None, None),
                     ("gain_level", None, None), ("play", "item_big", "hand")]
MUNCHKIN_ACTIONS += [("keep", "curse", "in_play"), ("keep", "item", "in_play"),
                     ("discard", "curse", "in_play"), ("look_at_discards", None, None),
                     ("loot_the_body", None, None)]

_RACES = [{}, {"race": "elf"}, {"race": "dwarf"}, {"race": ["elf", "dwarf"], "half_breed": True}]
_CLASSES = [{}, {"class": "warrior"}, {"class": ["warrior", "thief"], "super_munchkin": True}]
_RESULTS = [{}] + [{"combat": {"result": r, "monsters": 1}}
                   for r in ("undecided", "won", "lost", "defeated_without_killing")]
#: the state dimensions some rule reads, varied per action (every rule that reads a key is met
#: with the values on both sides of what it decides)
MUNCHKIN_VARIANTS = {
    ("play", "race"): _RACES,
    ("play", "half_breed"): _RACES,
    ("play", "class"): _CLASSES,
    ("play", "super_munchkin"): _CLASSES,
    ("play", "go_up_a_level"): [{}, {"level": 9}, {"target_state": {"dead": True}}],
    ("play", "item_big"): [{}, {"big_items": 1}, {"big_items": 1, "race": "dwarf"}],
    ("sell", None): [{"level": 1}, {"level": 9}],
    ("steal", None): [{}, {"class": "thief"}, {"class": "thief",
                                               "target_state": {"in_combat": True}}],
    ("end_turn", None): [{"hand_size": n, **race} for n in (5, 6, 7)
                         for race in ({}, {"race": "dwarf"})],
    ("give", None): [{"hand_size": 7, "lowest_level": low, "target_state": {"lowest_level": True}}
                     for low in (True, False)] + [{"hand_size": 7, "target_state": {"dead": True}}],
    ("discard", None): [{"hand_size": 7, "lowest_level": low} for low in (True, False)],
    ("gain_level", None): _RESULTS + [{"dead": True}, {"level": 9, "combat": {"result": "won"}},
                                      {"race": "elf", "combat": {"result": "won"}}],
    ("draw_treasure", None): _RESULTS + [{"this_turn": {"ran_away": True}}],
    ("help", None): [{}, {"combat": {"helpers": 1}}],
    ("ask_help", None): [{}, {"combat": {"helpers": 1}}, {"combat": {"result": "won"}}],
    ("play", "monster_enhancer"): [{}, {"combat": {"monsters": 2}}],
    ("run_away", None): [{}, {"combat": {"result": "won"}}],
    ("loot_the_room", None): [{"this_turn": {"door": d}} for d in ("monster", "curse", "other")]
    + [{"this_turn": {"door": "monster", "ran_away": True}}],
    ("look_for_trouble", None): [{"this_turn": {"door": d}} for d in ("monster", "other")],
    ("keep", "curse"): [{}, {"dead": True}],
    ("keep", "item"): [{}, {"dead": True}],
    ("loot_the_body", None): [{"target_state": {"dead": True}}, {"dead": True}],
}
DUNGEON_MAYHEM_ACTIONS = [("play", kind, "hand") for kind in CARD_TYPES["dungeon-mayhem"]] + [
    ("draw", None, None), ("end_turn", None, None)]
SMASHUP_ACTIONS = [("play", "monster", "hand"), ("count_power", "monster", None),
                   ("draw_treasure", None, None), ("trigger_ability", None, None),
                   ("play", "minion", "hand"), ("return_to_hand", "monster", None)]
DUNGEON_MAYHEM_ACTIONS += [("lose_hit_points", None, None)]
_PLACED = [{"this_turn": {"monster_placed_by": p}} for p in ("played", "action_card", "new_base",
                                                             "ability")]
DUNGEON_MAYHEM_VARIANTS = {
    ("play", kind): [{}, {"hit_points": 0}, {"cards_played": 1},
                     {"cards_played": 1, "play_again_pending": 1}]
    for kind in CARD_TYPES["dungeon-mayhem"]}
DUNGEON_MAYHEM_VARIANTS.update({
    ("draw", None): [{}, {"play_again_pending": 1, "hand_size": 0}, {"hit_points": 0}],
    ("end_turn", None): [{"cards_played": 0}, {"cards_played": 1},
                         {"cards_played": 1, "play_again_pending": 1}],
    ("lose_hit_points", None): [{}, {"defense": [2]}, {"defense": [1, 1]}],
})
SMASHUP_VARIANTS = {
    ("play", "monster"): [{}, {"munchkin_base_in_play": False}] + _PLACED,
    ("trigger_ability", None): _PLACED,
    ("play", "minion"): [{"minion_play_used": False, **p} for p in _PLACED],
    ("count_power", "monster"): [{"monster_controlled": False},
                                 {"monster_controlled": True, "controller": "self"},
                                 {"monster_controlled": True, "controller": "other"}],
}
VARIANTS = {"munchkin": MUNCHKIN_VARIANTS, "munchkin-warhammer-aos": MUNCHKIN_VARIANTS,
            "dungeon-mayhem": DUNGEON_MAYHEM_VARIANTS, "smashup-munchkin": SMASHUP_VARIANTS}


@dataclass(frozen=True)
class Cell:
    state: tuple
    action: tuple

    def as_query(self, game: str) -> dict:
        return {"game": game, "state": _thawed(self.state), "action": _thawed(self.action)}


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
                if kind == "item_big":
                    action.update(card_type="item", big=True)
                elif kind:
                    action["card_type"] = kind
                if source:
                    action["from"] = source
                variants = VARIANTS[game].get((verb, kind), [{}])
                for variant in variants:
                    cell_state = {**state, **variant}
                    situation = Situation(game, None, verb, cell_state, action)
                    if _contradictions(situation) or not _fits(game, cell_state):
                        continue
                    yield Cell(_frozen(cell_state), _frozen(action))


def _fits(game: str, state: dict) -> bool:
    """Races, classes and Half-Breed exist in the core game only."""
    if game == "munchkin-warhammer-aos":
        return not {"race", "class", "half_breed", "super_munchkin"} & set(state)
    return True


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
