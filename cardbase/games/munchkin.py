"""Munchkin (both editions of the core game): phases, card types, state keys, combats.

The builders here (``munchkin_state``, ``TABLE_ACTIONS``, ``TABLE_VARIANTS``) are shared with
the games of the Munchkin family, which declare the same turn with their own card types and
keys.
"""

from __future__ import annotations

from .vocabulary import (CLASSES, DOORS, RACES, RESULTS, SLOTS, EMPTY_DECKS, N_, ROLES, Game,
                         int_range, names, one_of, this_turn)

PHASES = {
    "setup": N_("setup"), "start_of_turn": N_("start of the turn"),
    "kick_open_door": N_("kicking open the door"), "combat": N_("combat"),
    "running_away": N_("running away"), "look_for_trouble": N_("looking for trouble"),
    "loot_the_room": N_("looting the room"), "charity": N_("charity"),
    "end_of_turn": N_("end of the turn"),
}
#: the card types the whole family shares
CARD_TYPES = {
    "curse": N_("a curse"), "monster": N_("a monster"),
    "monster_enhancer": N_("a monster enhancer"),
    "wandering_monster": N_("a wandering monster"), "item": N_("an item"),
    "one_shot_item": N_("a one-shot item"), "go_up_a_level": N_("a Go Up a Level card"),
}
MAX_LEVEL = 10
#: the rule modules of the family (each rule names the games it judges)
RULES = ("munchkin", "combat", "munchkin_character", "munchkin_fighting", "munchkin_fortunes")


def munchkin_state(max_level: int = MAX_LEVEL, phases=PHASES) -> dict:
    """The state keys of a game of the Munchkin family."""
    level = int_range(1, max_level)
    return {
        "phase": one_of(phases), "my_turn": bool, "role": one_of(ROLES),
        "level": level, "race": names(RACES), "class": names(CLASSES),
        "half_breed": bool, "super_munchkin": bool, "dead": bool, "hand_size": int_range(),
        "big_items": int_range(0, 20), "lowest_level": bool, "died_since_my_last_turn": bool,
        "lowest_level_players": int_range(1, 20), "empty_decks": names(EMPTY_DECKS),
        "players": int_range(1, 20),
        "this_turn": this_turn(door=one_of(DOORS), fought=bool, ran_away=bool,
                               looked_for_trouble=bool, sold=bool),
        "combat": {"monsters": int_range(0, 20), "helpers": int_range(0, 5),
                   "result": one_of(RESULTS), "monster_tags": names(),
                   "treasures": int_range(0, 50)},
        "target_state": {"dead": bool, "in_combat": bool, "level": level, "lowest_level": bool},
        "equipped": {slot: int_range(0, 4) for slot in SLOTS},
    }


#: the (verb, card type, source) a family's decision table asks; a game keeps those whose card
#: type it has
TABLE_ACTIONS = (
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
       ("draw_treasure", None, None), ("steal", None, None)]
    + [("end_turn", None, None), ("give", None, None), ("discard", None, None),
       ("gain_level", None, None), ("play", "item_big", "hand")]
    + [("keep", "curse", "in_play"), ("keep", "item", "in_play"),
       ("discard", "curse", "in_play"), ("look_at_discards", None, None),
       ("loot_the_body", None, None)])

_RACES = [{}, {"race": "elf"}, {"race": "dwarf"}, {"race": ["elf", "dwarf"], "half_breed": True}]
_CLASSES = [{}, {"class": "warrior"}, {"class": ["warrior", "thief"], "super_munchkin": True}]
_RESULTS = [{}] + [{"combat": {"result": r, "monsters": 1}}
                   for r in ("undecided", "won", "lost", "defeated_without_killing")]
#: the state dimensions some rule reads, varied per action (every rule that reads a key is met
#: with the values on both sides of what it decides)
TABLE_VARIANTS = {
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
                     for low in (True, False)] + [{"hand_size": 7, "target_state": {"dead": True}},
                                                  {"hand_size": 7, "lowest_level": True,
                                                   "lowest_level_players": 2,
                                                   "target_state": {"lowest_level": True}}],
    ("discard", None): [{"hand_size": 7, "lowest_level": low} for low in (True, False)],
    ("gain_level", None): _RESULTS + [{"dead": True}, {"level": 9, "combat": {"result": "won"}},
                                      {"race": "elf", "combat": {"result": "won"}}],
    ("draw_treasure", None): _RESULTS + [{"this_turn": {"ran_away": True}},
                                         {"empty_decks": ["treasure"]}],
    ("help", None): [{}, {"combat": {"helpers": 1}}, {"died_since_my_last_turn": True}],
    ("play", "monster"): [{}, {"this_turn": {"fought": True}}],
    ("ask_help", None): [{}, {"combat": {"helpers": 1}}, {"combat": {"result": "won"}}],
    ("play", "monster_enhancer"): [{}, {"combat": {"monsters": 2}}],
    ("run_away", None): [{}, {"combat": {"result": "won"}}],
    ("loot_the_room", None): [{"this_turn": {"door": d}} for d in ("monster", "curse", "other")]
    + [{"this_turn": {"door": "monster", "ran_away": True}},
       {"this_turn": {"door": "other", "looked_for_trouble": True}},
       {"this_turn": {"door": "other", "fought": True}},
       {"this_turn": {"door": "other"}, "empty_decks": ["door"]}],
    ("look_for_trouble", None): [{"this_turn": {"door": d}} for d in ("monster", "other")]
    + [{"this_turn": {"door": "other", "fought": True}}],
    ("keep", "curse"): [{}, {"dead": True}],
    ("keep", "item"): [{}, {"dead": True}],
    ("loot_the_body", None): [{"target_state": {"dead": True}}, {"dead": True}],
}


#: the state keys the "Can I play this?" form asks a player of the family
FORM_STATE = ("phase", "my_turn", "role", "dead", "race", "class", "half_breed", "super_munchkin",
              "lowest_level", "died_since_my_last_turn", "level", "hand_size", "big_items")


def table_actions(card_types, leave_out_verbs=()) -> tuple:
    """The family's table actions for a game with ``card_types``."""
    return tuple(a for a in TABLE_ACTIONS
                 if (a[1] is None or a[1] in card_types) and a[0] not in leave_out_verbs)


_CARD_TYPES = {
    **CARD_TYPES, "race": N_("a race"), "class": N_("a class"),
    "half_breed": N_("a half-breed"), "super_munchkin": N_("Super Munchkin"),
}

GAME = Game(
    "munchkin",
    rules=RULES,
    phases=PHASES, default_phase="start_of_turn",
    card_types=_CARD_TYPES,
    state=munchkin_state(),
    combat=True, max_level=MAX_LEVEL,
    table_actions=table_actions(_CARD_TYPES),
    table_variants=TABLE_VARIANTS,
    form_state=FORM_STATE,
)
