"""Smash Up's Munchkin monster deck: minions and actions on bases, monsters a player may control."""

from __future__ import annotations

from .vocabulary import CONTROLLERS, N_, Game, one_of, this_turn

PHASES = {"setup": N_("setup"), "play_cards": N_("playing cards"),
          "score_bases": N_("scoring bases"), "draw": N_("drawing cards"),
          "end_of_turn": N_("end of the turn")}
CARD_TYPES = {"minion": N_("a minion"), "action": N_("an action"), "monster": N_("a monster")}
_PLACED = [{"this_turn": {"monster_placed_by": p}}
           for p in ("played", "action_card", "new_base", "ability")]

GAME = Game(
    "smashup-munchkin",
    rules=("smashup",),
    phases=PHASES, default_phase="play_cards",
    card_types=CARD_TYPES,
    state={
        "phase": one_of(PHASES), "my_turn": bool, "monster_controlled": bool,
        "controller": one_of(CONTROLLERS), "minion_play_used": bool,
        "munchkin_base_in_play": bool,
        # the first player (who plays the monsters of a base drawn during setup)
        "first_player": bool,
        # I have a minion on the base in question (a base that scores shares its treasures)
        "minion_on_base": bool,
        "this_turn": this_turn(minion_played=bool, action_played=bool),
    },
    table_actions=(("play", "monster", "hand"), ("count_power", "monster", None),
                   ("draw_treasure", None, None), ("trigger_ability", None, None),
                   ("play", "minion", "hand"), ("return_to_hand", "monster", None)),
    table_variants={
        ("play", "monster"): [{}, {"munchkin_base_in_play": False}] + _PLACED + [
            {"first_player": True, "this_turn": {"monster_placed_by": "new_base"}}],
        ("trigger_ability", None): _PLACED,
        ("play", "minion"): [{"minion_play_used": False, **p} for p in _PLACED],
        ("count_power", "monster"): [{"monster_controlled": False},
                                     {"monster_controlled": True, "controller": "self"},
                                     {"monster_controlled": True, "controller": "other"}],
    },
    form_state=("phase", "my_turn", "monster_controlled", "controller", "minion_play_used",
                "munchkin_base_in_play"),
)
