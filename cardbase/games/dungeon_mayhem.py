"""Dungeon Mayhem: a turn of drawing and playing cards, hit points and shields, no combats."""

from __future__ import annotations

from .vocabulary import N_, Game, int_range, one_of, this_turn

PHASES = {"setup": N_("setup"), "draw": N_("drawing cards"), "play_cards": N_("playing cards"),
          "end_of_turn": N_("end of the turn")}
CARD_TYPES = {"attack": N_("an attack card"), "defense": N_("a defense card"),
              "heal": N_("a heal card"), "draw": N_("a draw card"),
              "play_again": N_("a play-again card"), "mighty_power": N_("a mighty power")}

GAME = Game(
    "dungeon-mayhem",
    rules=("dungeon_mayhem",),
    phases=PHASES, default_phase="play_cards",
    card_types=CARD_TYPES,
    state={
        "phase": one_of(PHASES), "my_turn": bool, "hit_points": int_range(0, 10),
        "play_again_pending": int_range(0, 20), "defense": [int_range(0, 10)],
        "target_defense": [int_range(0, 10)], "hand_size": int_range(),
        "cards_played": int_range(), "players_left": int_range(0, 4),
        "this_turn": this_turn(drew=bool, cards_played=int_range()),
    },
    table_actions=tuple([("play", kind, "hand") for kind in CARD_TYPES]
                        + [("draw", None, None), ("end_turn", None, None),
                           ("lose_hit_points", None, None)]),
    table_variants={
        **{("play", kind): [{}, {"hit_points": 0}, {"cards_played": 1},
                            {"cards_played": 1, "play_again_pending": 1}, {"players_left": 1},
                            {"this_turn": {"drew": False}},
                            {"this_turn": {"drew": True, "cards_played": 1}}]
           for kind in CARD_TYPES},
        ("play", "attack"): [{}, {"hit_points": 0}, {"cards_played": 1},
                             {"cards_played": 1, "play_again_pending": 1}, {"players_left": 1},
                             {"target_defense": [1]}, {"this_turn": {"drew": False}},
                             {"this_turn": {"drew": True, "cards_played": 1}}],
        ("draw", None): [{}, {"play_again_pending": 1, "hand_size": 0}, {"hit_points": 0}],
        ("end_turn", None): [{"cards_played": 0}, {"cards_played": 1},
                             {"cards_played": 1, "play_again_pending": 1}],
        ("lose_hit_points", None): [{}, {"defense": [2]}, {"defense": [1, 1]}],
    },
    form_state=("phase", "my_turn", "hand_size", "hit_points", "play_again_pending",
                "cards_played", "players_left"),
)
