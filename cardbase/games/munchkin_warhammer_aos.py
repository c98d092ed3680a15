"""Munchkin Warhammer Age of Sigmar: the Munchkin turn, with armies and the Alliance in place of
races and classes."""

from __future__ import annotations

from .munchkin import (CARD_TYPES, FORM_STATE, MAX_LEVEL, PHASES, TABLE_VARIANTS,
                       munchkin_state, table_actions)
from .vocabulary import N_, Game, int_range, names

_CARD_TYPES = {**CARD_TYPES, "army": N_("an army"), "alliance": N_("the Alliance")}
#: the state keys of the family that only the core game's cards set
_CORE_ONLY = ("race", "class", "half_breed", "super_munchkin")

GAME = Game(
    "munchkin-warhammer-aos",
    rules=("munchkin", "combat", "munchkin_fighting", "warhammer", "munchkin_character",
           "munchkin_fortunes"),
    phases=PHASES, default_phase="start_of_turn",
    card_types=_CARD_TYPES,
    state={**munchkin_state(), "army": names(), "alliance": bool, "armies": int_range(0, 10)},
    combat=True, max_level=MAX_LEVEL,
    # no Thief to steal; the table and the form leave out races and classes
    table_actions=table_actions(_CARD_TYPES, leave_out_verbs=("steal",)),
    table_variants={
        **{key: [v for v in variants if not set(_CORE_ONLY) & set(v)]
           for key, variants in TABLE_VARIANTS.items()},
        ("play", "army"): [{}, {"armies": 1}, {"armies": 1, "alliance": True},
                           {"army": "undead"}],
        ("play", "alliance"): [{}, {"armies": 1}],
        ("play", "monster"): TABLE_VARIANTS[("play", "monster")]
        + [{"combat": {"monsters": 1, "monster_tags": ["undead"]}}],
    },
    form_state=tuple(k for k in FORM_STATE if k not in _CORE_ONLY) + ("alliance", "armies"),
    unused_state=_CORE_ONLY,
)
