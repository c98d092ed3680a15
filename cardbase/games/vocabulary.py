"""The words of the rules-question format that every game shares, and what a game declares.

A question (``docs/check-query.md``) is a ``state`` and an ``action``, each a set of keys whose
values come from closed lists: verbs, roles, races, where a card comes from, targets, reasons.
Those lists are the same for every game and live here, with the helpers that say what a key
accepts (``one_of``, ``int_range``, ``names``). ``Game`` is one game's declaration, made from
them in the game's own module: its phases, card types, state keys, whether it has combats, its
highest level, its rule modules and the actions of its decision table. Standard library only:
this module is on the path of every ``cardbase check``.
"""

from __future__ import annotations

from typing import Any

N_ = lambda message: message  # noqa: E731  (marks a message id for extraction)

ROLES = ("fighter", "helper", "bystander")
RACES = ("human", "elf", "dwarf", "halfling")
CLASSES = ("warrior", "wizard", "thief", "cleric")
SLOTS = ("headgear", "armor", "footgear", "1_hand", "2_hands")
DOORS = ("monster", "curse", "other")
#: how a combat stands or ended
RESULTS = {
    "undecided": "the fight is still going on",
    "won": "the players beat the monsters (killed them)",
    "lost": "the monsters were not beaten",
    "defeated_without_killing": "the monster was got rid of without being killed (by a card or "
                                "a Race or Class power)",
}
VERBS = ("play", "use", "sell", "trade", "give", "equip", "unequip", "discard", "keep",
         "ask_help", "help", "steal", "loot_the_room", "look_for_trouble", "kick_open_door",
         "draw", "draw_treasure", "run_away", "end_turn", "pass", "deal", "gain_level",
         "count_power", "trigger_ability", "return_to_hand", "backpack_out", "lose_hit_points",
         "lose_level", "win", "loot_the_body", "look_at_discards", "show_hand")
SOURCES = ("hand", "in_play", "drawn_face_up", "drawn_face_down", "just_acquired")
TARGETS = ("self", "other_player", "monster", "combat", "defense_card", "player", "base")
DECKS = ("door", "treasure", "each")
#: the decks that can run out (with no discards left to reshuffle)
EMPTY_DECKS = ("door", "treasure")
FACES = ("up", "down")
CONTROLLERS = ("self", "other", "none")

#: the closed lists of names whose meaning is not obvious, each with what it says (the
#: documentation and ``cardbase check --help-vocabulary`` are written from these; the site's
#: "Can I play this?" form shows them, translated, as the names of its choices)
REASONS = {
    "card_allows": N_("the card's own text allows what the rules would forbid (cards over rules)"),
    "hand_limit": N_("giving away or discarding cards over the hand limit at the end of the turn"),
    "class_power": N_("discarding to use a Class power"),
    "race_power": N_("discarding to use a Race power"),
    "army_power": N_("discarding to use an army's ability (Munchkin Warhammer Age of Sigmar)"),
    "curse": N_("a curse makes me do it"),
    "bad_stuff": N_("a monster's Bad Stuff makes me do it"),
    "killed_monster": N_("the level comes from killing a monster"),
    "traded": N_("the item came to me in a trade"),
    "base_entered": N_("Smash Up: a Munchkin base has just come into play"),
    "card_instructs": N_("Smash Up: a card tells me to play a monster"),
    "destroyed_monster": N_("Smash Up: my card destroyed the monster"),
    "monster_removed_not_destroyed": N_("Smash Up: the monster left play without being destroyed"),
    "base_scored": N_("Smash Up: the monster's base scored"),
    "named_destroyer": N_("Smash Up: the card that destroyed the monster names me as the player "
                          "who destroys it"),
    "destroyed_by_other": N_("Smash Up: a card another player controls destroyed the monster, "
                             "naming no one else"),
    "uncontrolled_monster_destroyed": N_("Smash Up: an uncontrolled monster's ability destroyed "
                                         "the monster"),
}
TOWARD = {
    "my_total": N_("my total power on the base"),
    "breaking_base": N_("the total that breaks the base (the players' power)"),
    "breakpoint": N_("the base's breakpoint itself (what must be reached to break it)"),
}
TARGET_SCOPES = {
    "a_minion": N_("any minion (\"a minion\")"),
    "all_minions": N_("every minion"),
    "another_players_minion": N_("a minion of another player"),
    "a_specific_players_minion": N_("a minion of one named player"),
    "your_minion": N_("one of your own minions"),
    "a_named_faction": N_("the minions of a faction the card makes you name"),
    "other_players": N_("an ability that affects \"other players\" (am I one, for this monster?)"),
}
TRIGGERS = {
    "after_you_play_a_minion": N_("an ability that fires after you play a minion"),
}
MONSTER_PLACED_BY = {
    "played": N_("played from hand as the turn's own play"),
    "action_card": N_("an action or card told the player to play or place it"),
    "new_base": N_("it arrived with a new base"),
    "ability": N_("a card's ability put it there"),
}
#: a sane upper bound for counts and sizes
MANY = 100
#: the phases in which a player of a game with combats is in a combat
COMBAT_PHASES = ("combat", "running_away")


# --- what a key accepts ---------------------------------------------------------------------------
def one_of(values) -> tuple:
    """One name of a closed list."""
    return ("one of", tuple(values))


def names(values=None) -> tuple:
    """A name or a list of names (of a closed list, if given; a card's name in any language is
    read as the name it stands for)."""
    return ("names", values)


def int_range(low: int = 0, high: int = MANY) -> tuple:
    """A whole number from ``low`` to ``high``."""
    return ("int", low, high)


def this_turn(**keys) -> dict:
    """The ``this_turn`` object of a game: its own keys, and how a monster came into play
    (every game has ``monster_placed_by``)."""
    return {**keys, "monster_placed_by": one_of(MONSTER_PLACED_BY)}


# --- a game ---------------------------------------------------------------------------------------
class Game:
    """One game's declaration (a plain class with ``__slots__``: declarations are read on every
    question, and a dataclass costs its generated code at import).

    ``phases`` and ``card_types`` map each name to the words that say it (message ids, translated
    through the catalogs); ``state`` maps each state key to what it accepts; ``rules`` names the
    modules whose rules judge this game's questions (a plain name is a module of
    ``cardbase.rules``, a dotted one is imported as written);
    ``table_actions`` are the (verb, card type, source) of its decision table and
    ``table_variants`` the states each of them is asked in beside the plain one; ``form_state``
    the state keys the site's "Can I play this?" form asks.
    """

    __slots__ = ("id", "rules", "phases", "default_phase", "card_types", "state", "combat",
                 "max_level", "table_actions", "table_variants", "form_state", "unused_state",
                 "_action")

    def __init__(self, id: str, *, rules: tuple[str, ...], phases: dict[str, str],  # noqa: A002
                 default_phase: str, card_types: dict[str, str], state: dict[str, Any],
                 combat: bool = False, max_level: int | None = None,
                 table_actions: tuple[tuple[str, str | None, str | None], ...] = (),
                 table_variants: dict | None = None, form_state: tuple[str, ...] = (),
                 unused_state: tuple[str, ...] = ()):
        if default_phase not in phases:
            raise ValueError(f"{id}: default phase {default_phase!r} is not one of its phases")
        self.id = id
        self.rules = tuple(rules)
        self.phases = dict(phases)
        self.default_phase = default_phase
        self.card_types = dict(card_types)
        self.state = state
        #: a game with combats has fighters, helpers and bystanders, running away, a die roll
        #: and the fight calculator
        self.combat = combat
        self.max_level = max_level
        self.table_actions = tuple(table_actions)
        self.table_variants = dict(table_variants or {})
        unknown = [key for key in form_state if key not in state]
        if unknown:
            raise ValueError(f"{id}: the form offers undeclared state keys {unknown}")
        #: the state keys the site's "Can I play this?" form asks (every action key it knows
        #: is offered; the state keys a player is asked are the game's choice)
        self.form_state = tuple(form_state)
        #: state keys the shared query format accepts for this game though nothing in the game
        #: sets them (no races in a game without Race cards): its table and form leave them out
        self.unused_state = tuple(unused_state)
        for key in self.unused_state:
            if key in self.form_state or any(key in variant for variants in
                                             self.table_variants.values() for variant in variants):
                raise ValueError(f"{id}: unused state key {key!r} is asked by its table or form")
        self._action: dict | None = None

    def __repr__(self) -> str:
        return f"Game({self.id!r})"

    @property
    def roles(self) -> tuple[str, ...]:
        return ROLES if self.combat else ()

    def level_range(self) -> tuple:
        return int_range(1, self.max_level or MANY)

    def action_keys(self) -> dict[str, Any]:
        """The action keys of this game with the values each accepts."""
        if self._action is None:
            self._action = {
                "verb": one_of(VERBS), "card": str, "card_type": one_of(self.card_types),
                "from": one_of(SOURCES), "target": one_of(TARGETS), "big": bool,
                "slot": one_of(SLOTS), "one_shot": bool, "gold": int_range(0, 1_000_000),
                "count": int_range(), "deck": one_of(DECKS), "face": one_of(FACES),
                "to_level": self.level_range(), "damage": int_range(0, 20),
                "monster_tags": names(), "target_scope": one_of(TARGET_SCOPES),
                "trigger": one_of(TRIGGERS), "reason": one_of(REASONS),
                "toward": one_of(TOWARD),
                # the die rolled to run away
                **({"roll": int_range(1, 6)} if self.combat else {}),
            }
        return self._action

    def roles_in(self, phase: str) -> tuple[str | None, ...]:
        """The roles a decision table asks in ``phase``: each role in a combat phase of a game
        with combats, else none."""
        return self.roles if self.combat and phase in COMBAT_PHASES else (None,)
