"""Reading a rules question in the public query format, and refusing one that cannot be judged.

The vocabulary (games, phases, roles, verbs, card types, state and action keys) is declared here
once; ``parse_query`` checks a query against it and returns a ``Situation`` with every key left
out set to the ordinary default (human, level 1, no class, not dead, not in combat...). Every
problem is collected and reported at once, each unknown name with the list of valid ones; a card
named in any language is looked up in the card database (the nearest names are offered when it is
not found); and a state that cannot happen (a bystander in their own combat) is refused.
"""

from __future__ import annotations

from typing import Any

from ..errors import QueryError
from ..i18n import N_, _

GAMES = ("munchkin", "munchkin-warhammer-aos", "dungeon-mayhem", "smashup-munchkin")
MUNCHKIN_FAMILY = ("munchkin", "munchkin-warhammer-aos")

PHASES = {
    "munchkin": ("setup", "start_of_turn", "kick_open_door", "combat", "running_away",
                 "look_for_trouble", "loot_the_room", "charity", "end_of_turn"),
    "dungeon-mayhem": ("setup", "draw", "play_cards", "end_of_turn"),
    "smashup-munchkin": ("setup", "play_cards", "score_bases", "draw", "end_of_turn"),
}
PHASES["munchkin-warhammer-aos"] = PHASES["munchkin"]

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
CARD_TYPES = {
    "munchkin": ("curse", "monster", "monster_enhancer", "wandering_monster", "item",
                 "one_shot_item", "go_up_a_level", "race", "class", "half_breed",
                 "super_munchkin"),
    "munchkin-warhammer-aos": ("curse", "monster", "monster_enhancer", "wandering_monster",
                               "item", "one_shot_item", "go_up_a_level", "army", "alliance"),
    "dungeon-mayhem": ("attack", "defense", "heal", "draw", "play_again", "mighty_power"),
    "smashup-munchkin": ("minion", "action", "monster"),
}
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
#: the highest level of each game (the winning level)
MAX_LEVEL = {"munchkin": 10, "munchkin-warhammer-aos": 10}
#: a sane upper bound for counts and sizes
MANY = 100


def _enum(values):
    return ("one of", tuple(values))


def _names(values=None):
    return ("names", values)


def _int(low: int = 0, high: int = MANY):
    return ("int", low, high)


def _level(game: str):
    return _int(1, MAX_LEVEL.get(game, MANY))


def _this_turn(game: str) -> dict:
    common = {"monster_placed_by": _enum(MONSTER_PLACED_BY)}
    if game in MUNCHKIN_FAMILY:
        return {"door": _enum(DOORS), "fought": bool, "ran_away": bool,
                "looked_for_trouble": bool, "sold": bool, **common}
    if game == "dungeon-mayhem":
        return {"drew": bool, "cards_played": _int(), **common}
    return {"minion_played": bool, "action_played": bool, **common}


def _munchkin_state(game: str) -> dict:
    return {
        "phase": _enum(PHASES[game]), "my_turn": bool, "role": _enum(ROLES),
        "level": _level(game), "race": _names(RACES), "class": _names(CLASSES),
        "half_breed": bool, "super_munchkin": bool, "dead": bool, "hand_size": _int(),
        "big_items": _int(0, 20), "lowest_level": bool, "died_since_my_last_turn": bool,
        "lowest_level_players": _int(1, 20), "empty_decks": _names(EMPTY_DECKS),
        "this_turn": _this_turn(game),
        "combat": {"monsters": _int(0, 20), "helpers": _int(0, 5), "result": _enum(RESULTS),
                   "monster_tags": _names(), "treasures": _int(0, 50)},
        "target_state": {"dead": bool, "in_combat": bool, "level": _level(game),
                         "lowest_level": bool},
        "equipped": {slot: _int(0, 4) for slot in SLOTS},
    }


STATE_KEYS: dict[str, dict[str, Any]] = {
    "munchkin": _munchkin_state("munchkin"),
    "munchkin-warhammer-aos": dict(_munchkin_state("munchkin-warhammer-aos"), army=_names(),
                                   alliance=bool, armies=_int(0, 10)),
    "dungeon-mayhem": {
        "phase": _enum(PHASES["dungeon-mayhem"]), "my_turn": bool, "hit_points": _int(0, 10),
        "play_again_pending": _int(0, 20), "defense": [_int(0, 10)],
        "target_defense": [_int(0, 10)], "hand_size": _int(), "cards_played": _int(),
        "players_left": _int(0, 4), "this_turn": _this_turn("dungeon-mayhem"),
    },
    "smashup-munchkin": {
        "phase": _enum(PHASES["smashup-munchkin"]), "my_turn": bool, "monster_controlled": bool,
        "controller": _enum(CONTROLLERS), "minion_play_used": bool,
        "munchkin_base_in_play": bool, "this_turn": _this_turn("smashup-munchkin"),
    },
}


def action_keys(game: str) -> dict[str, Any]:
    """The action keys of ``game`` with the values each accepts."""
    return {
        "verb": _enum(VERBS), "card": str, "card_type": _enum(CARD_TYPES[game]),
        "from": _enum(SOURCES), "target": _enum(TARGETS), "big": bool, "slot": _enum(SLOTS),
        "one_shot": bool, "gold": _int(0, 1_000_000), "count": _int(), "deck": _enum(DECKS),
        "face": _enum(FACES), "to_level": _level(game), "damage": _int(0, 20),
        "monster_tags": _names(), "target_scope": _enum(TARGET_SCOPES),
        "trigger": _enum(TRIGGERS), "reason": _enum(REASONS), "toward": _enum(TOWARD),
        # the die rolled to run away (Munchkin family)
        **({"roll": _int(1, 6)} if game in MUNCHKIN_FAMILY else {}),
    }


ACTION_SPECS = {game: action_keys(game) for game in GAMES}
ACTION_KEYS = ACTION_SPECS["munchkin"]
TOP_KEYS = ("game", "rulebook", "state", "action")


class cached_property:  # noqa: N801  (named as the decorator it replaces)
    """``functools.cached_property`` without its lock: a value worked out on first read and kept
    in the instance (Python 3.11's version takes a lock on every first read, which costs a
    question more than the reading itself; two threads reading it at once work out the same
    value)."""

    def __init__(self, function):
        self.function = function
        self.name = function.__name__
        self.__doc__ = function.__doc__

    def __set_name__(self, owner, name: str) -> None:
        self.name = name

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.function(instance)
        return value


class Situation:
    """One question's facts. What follows from them (the phase by default, whether I am in a
    combat, my role...) is worked out once per situation: a situation is not changed after it
    is made. (A plain class, not a dataclass: building one at import costs every question.)"""

    def __init__(self, game: str, rulebook: str | None, verb: str, state: dict | None = None,
                 action: dict | None = None, card: dict | None = None):
        self.game = game
        self.rulebook = rulebook
        self.verb = verb
        self.state = state if state is not None else {}
        self.action = action if action is not None else {}
        self.card = card  # the card named in the action, from the card database

    def __repr__(self) -> str:
        return (f"Situation(game={self.game!r}, rulebook={self.rulebook!r}, verb={self.verb!r}, "
                f"state={self.state!r}, action={self.action!r})")

    # --- state, with the ordinary defaults -----------------------------------------------------
    @cached_property
    def phase(self) -> str:
        default = "combat" if "combat" in self.state else (
            "start_of_turn" if self.game in MUNCHKIN_FAMILY else "play_cards")
        return self.state.get("phase", default)

    @cached_property
    def my_turn(self) -> bool:
        return self.state.get("my_turn", True)

    @cached_property
    def in_combat(self) -> bool:
        return self.phase in ("combat", "running_away") or "combat" in self.state

    @cached_property
    def role(self) -> str:
        if "role" in self.state:
            return self.state["role"]
        if not self.in_combat:
            return "bystander"
        return "fighter" if self.my_turn else "bystander"

    @cached_property
    def fighting(self) -> bool:
        """In a combat as its fighter or as the helper."""
        return self.in_combat and self.role in ("fighter", "helper")

    @cached_property
    def level(self) -> int:
        return self.state.get("level", 1)

    def has(self, key: str, name: str) -> bool:
        value = self.state.get(key, [])
        return name in (value if isinstance(value, list) else [value])

    @cached_property
    def races(self) -> list[str]:
        value = self.state.get("race", [])
        return value if isinstance(value, list) else [value]

    @cached_property
    def classes(self) -> list[str]:
        value = self.state.get("class", [])
        return value if isinstance(value, list) else [value]

    @cached_property
    def armies(self) -> list[str]:
        value = self.state.get("army", [])
        return value if isinstance(value, list) else [value]

    def turn(self, key: str, default=None):
        return self.state.get("this_turn", {}).get(key, default)

    def combat(self, key: str, default=None):
        return self.state.get("combat", {}).get(key, default)

    def target_state(self, key: str, default=None):
        return self.state.get("target_state", {}).get(key, default)

    # --- the action ----------------------------------------------------------------------------
    @cached_property
    def card_type(self) -> str | None:
        return self.action.get("card_type") or (self.card or {}).get("type")

    @cached_property
    def source(self) -> str:
        return self.action.get("from", "hand")

    @cached_property
    def target(self) -> str | None:
        return self.action.get("target")

    def card_stat(self, stat: str, default=None):
        if stat in self.action:
            return self.action[stat]
        return ((self.card or {}).get("stats") or {}).get(stat, default)

    @cached_property
    def one_shot(self) -> bool:
        return self.card_type == "one_shot_item" or bool(self.card_stat("one_shot", False))

    @cached_property
    def is_item(self) -> bool:
        return self.card_type in ("item", "one_shot_item")

    # --- facts the checker works out -----------------------------------------------------------
    def derived_to_level(self, gold_per_level: int | None) -> int | None:
        """The level the action leads to, from ``level`` and the action itself: gold sold at the
        rulebook's rate, a Go Up a Level card on myself, a won combat (a level per monster)."""
        if self.verb == "sell" and "gold" in self.action and gold_per_level:
            return self.level + self.action["gold"] // gold_per_level
        if self.verb in ("play", "use") and self.card_type == "go_up_a_level" \
                and self.target in (None, "self"):
            return self.level + 1
        if self.verb == "gain_level" and self.combat("result") == "won":
            return self.level + max(1, self.combat("monsters", 1) or 1)
        return None

    def to_level(self, gold_per_level: int) -> int | None:
        return self.action.get("to_level", self.derived_to_level(gold_per_level))

    def reason(self, hand_limit: int | None = None) -> str | None:
        """The reason given, or the one the facts imply: cards given away or discarded in the
        charity phase of my own turn, with a hand over the limit, go for the hand limit."""
        if "reason" in self.action:
            return self.action["reason"]
        if self.verb in ("give", "discard") and self.phase in ("charity", "end_of_turn") \
                and self.my_turn and hand_limit is not None \
                and self.state.get("hand_size", 0) > hand_limit:
            return "hand_limit"
        return None


class _Problems(list):
    def add(self, message: str) -> None:
        self.append(message)


def _check_value(path: str, spec, value, problems: _Problems, normalise_name) -> Any:
    if spec is None:
        return value
    if spec is bool:
        if not isinstance(value, bool):
            problems.add(_("{path}: expected true or false, not {value!r}", path=path, value=value))
        return value
    if isinstance(spec, tuple) and spec[0] == "int":
        low, high = spec[1], spec[2]
        if not isinstance(value, int) or isinstance(value, bool):
            problems.add(_("{path}: expected a whole number, not {value!r}", path=path,
                           value=value))
        elif not low <= value <= high:
            problems.add(_("{path}: {value} is out of range; expected {low} to {high}",
                           path=path, value=value, low=low, high=high))
        return value
    if spec is str:
        if not isinstance(value, str) or not value.strip():
            problems.add(_("{path}: expected text", path=path))
        return value
    if isinstance(spec, list):
        if not isinstance(value, list):
            problems.add(_("{path}: expected a list of whole numbers", path=path))
            return value
        for index, item in enumerate(value):
            _check_value(f"{path}[{index}]", spec[0], item, problems, normalise_name)
        return value
    if isinstance(spec, dict):
        if not isinstance(value, dict):
            problems.add(_("{path}: expected an object with keys: {keys}", path=path,
                           keys=", ".join(spec)))
            return {}
        return _check_object(path, spec, value, problems, normalise_name)
    kind, values = spec[0], spec[1]
    if kind == "one of":
        if not isinstance(value, str):
            problems.add(_("{path}: expected one name, not {value!r}; valid values: {valid}",
                           path=path, value=value, valid=", ".join(values)))
        elif value not in values:
            problems.add(_("{path}: unknown value {value!r}; valid values: {valid}", path=path,
                           value=value, valid=", ".join(values)))
        return value
    # names: a name or a list of names, in any language when the card database knows it
    items = value if isinstance(value, list) else [value]
    if not all(isinstance(v, str) and v.strip() for v in items):
        problems.add(_("{path}: expected a name or a list of names", path=path))
        return value
    resolved = [normalise_name(v, values) for v in items]
    for original, name in zip(items, resolved):
        if values and name not in values:
            problems.add(_("{path}: unknown name {value!r}; valid names: {valid}", path=path,
                           value=original, valid=", ".join(values)))
    return resolved if isinstance(value, list) else resolved[0]


def _fast_check(spec):
    """What a value valid for ``spec`` as written is (nothing to normalise, no problem to
    report): its exact type and a container of the valid values, or ``None`` where only
    ``_check_value`` can tell. A value that passes is kept as it is; any other goes through
    ``_check_value``, which says what is wrong with it. (The type is tested first: ``True in
    range(0, 2)`` holds.)"""
    if spec is bool:
        return bool, (True, False)
    if isinstance(spec, tuple) and spec[0] == "int":
        return int, range(spec[1], spec[2] + 1)
    if isinstance(spec, tuple) and spec[0] == "one of":
        return str, frozenset(spec[1])
    if isinstance(spec, tuple) and spec[0] == "names" and spec[1]:
        return str, frozenset(spec[1])  # one name, written as the id it is
    return None  # free text, lists, names to normalise, nested objects


#: the fast tests of each key of a declaration (by the declaration's identity; they live as
#: long as the module)
_FAST: dict[int, tuple[dict, dict]] = {}


def _fast_checks(spec: dict) -> dict:
    held = _FAST.get(id(spec))
    if held is None or held[0] is not spec:
        tests = {key: _fast_check(item) for key, item in spec.items()}
        held = _FAST[id(spec)] = (spec, {key: test for key, test in tests.items() if test})
    return held[1]


def _check_object(path: str, spec: dict, value: dict, problems: _Problems, normalise_name) -> dict:
    fast = _fast_checks(spec)
    out = dict(value)
    for key, item in value.items():
        test = fast.get(key)
        if test is not None and type(item) is test[0] and item in test[1]:
            continue  # valid as written: the usual case, one test per key
        where = f"{path}.{key}" if path else key
        if key not in spec:
            problems.add(_("{path}: unknown key; valid keys: {valid}", path=where,
                           valid=", ".join(spec)))
            del out[key]
            continue
        out[key] = _check_value(where, spec[key], item, problems, normalise_name)
    return out


class _Normaliser:
    """Map a race, class or army name in any language to its id (``Elfo``, エルフ → ``elf``)."""

    __slots__ = ("conn",)

    def __init__(self, conn):
        self.conn = conn

    def __call__(self, name: str, valid) -> str:
        conn = self.conn
        if valid and name in valid:
            return name
        from ..search.textkeys import fold, slugify
        from ..storage import queries

        key = slugify(name) or fold(name)
        if valid and key in valid:
            return key
        if conn is not None:
            card_id = queries.card_by_key_of_types(conn, " ".join(fold(name).split()),
                                                   ("race", "class", "army"))
            if card_id is not None:
                english = queries.english_card_name(conn, card_id)
                candidate = slugify(english) if english is not None else card_id
                for option in valid or ():
                    if candidate.startswith(option) or option.startswith(candidate):
                        return option
                return candidate
        for option in valid or ():
            if key.rstrip("s") == option:
                return option
        return key


_name_normaliser = _Normaliser


def _contradictions(situation: Situation) -> list[str]:
    problems = []
    state = situation.state
    if situation.game in MUNCHKIN_FAMILY:
        if state.get("my_turn", True) and situation.in_combat and state.get("role") == "bystander" \
                and "my_turn" in state:
            problems.append(_("state: a player cannot be a bystander in a combat on their own turn"))
        if state.get("role") in ("fighter", "helper") and not situation.in_combat:
            problems.append(_("state: role {role!r} needs a combat (phase combat or a combat "
                              "object)", role=state["role"]))
        if state.get("role") == "helper" and state.get("my_turn") is True:
            problems.append(_("state: the player whose turn it is fights; they cannot be the "
                              "helper"))
        if state.get("dead") and state.get("role") in ("fighter", "helper"):
            problems.append(_("state: a dead character cannot be in a combat"))
        if "level" in state and state["level"] < 1:
            problems.append(_("state.level: a level is never below 1"))
        if situation.combat("helpers", 0) > 1:
            problems.append(_("state.combat.helpers: only one player may help"))
        if situation.turn("door") == "monster" and situation.turn("looked_for_trouble"):
            problems.append(_("state.this_turn: a player who met a monster behind the door does "
                              "not look for trouble"))
    return problems


_GAME_SET = frozenset(GAMES)
_TOP_SET = frozenset(TOP_KEYS)


def parse_query(data: Any, conn=None, rulebooks: dict[str, str] | None = None) -> Situation:
    """Check ``data`` (a parsed JSON or YAML query) and return its ``Situation``.

    ``rulebooks`` maps rulebook ids to their game; ``conn`` (the database) resolves card names.
    """
    if type(data) is not dict and not isinstance(data, dict):
        raise QueryError(_("a query is an object with keys: {keys}", keys=", ".join(TOP_KEYS)))
    problems = _Problems()
    if not _TOP_SET.issuperset(data):
        for key in data:
            if key not in _TOP_SET:
                problems.add(_("{path}: unknown key; valid keys: {valid}", path=key,
                               valid=", ".join(TOP_KEYS)))
    game = data.get("game")
    if type(game) is not str or game not in _GAME_SET:
        raise QueryError("\n".join(problems + [_("game: unknown game {value!r}; valid games: "
                                                 "{valid}", value=game, valid=", ".join(GAMES))]))
    rulebook = data.get("rulebook")
    if rulebook is not None and rulebooks is not None:
        if rulebooks.get(rulebook) != game:
            valid = ", ".join(r for r, g in sorted(rulebooks.items()) if g == game) or _("none")
            problems.add(_("rulebook: {value!r} is not a rulebook of {game}; valid: {valid}",
                           value=rulebook, game=game, valid=valid))
    state = data.get("state") or {}
    action = data.get("action")
    if not isinstance(action, dict):
        raise QueryError("\n".join(problems + [_("action: expected an object with at least "
                                                 "`verb`")]))
    normalise = _Normaliser(conn)
    state = _check_object("state", STATE_KEYS[game], state, problems, normalise) \
        if isinstance(state, dict) else problems.add(_("state: expected an object")) or {}
    action = _check_object("action", ACTION_SPECS[game], action, problems, normalise)
    verb = action.get("verb")
    if verb is None:
        problems.add(_("action.verb: required; valid verbs: {valid}", valid=", ".join(VERBS)))
        verb = ""
    card = None
    if action.get("card") and conn is not None:
        card = _lookup_card(conn, action["card"], game, problems)
    situation = Situation(game, rulebook, verb, state, action, card)
    if not problems and game in MUNCHKIN_FAMILY:
        problems.extend(_contradictions(situation))
    if problems:
        raise QueryError("\n".join(problems))
    return situation


def _lookup_card(conn, name: str, game: str, problems: _Problems) -> dict | None:
    import json

    from ..cards import matching
    from ..storage import queries

    found = matching.exact(conn, name, game)
    if not found:
        near = matching.fuzzy(conn, name, game)
        suggestions = ", ".join(repr(m.name) for m in near) or _("none")
        problems.add(_("action.card: no {game} card named {name!r}; nearest: {names}",
                       game=game, name=name, names=suggestions))
        return None
    card_id = found[0].card_id
    row = queries.card_type_row(conn, card_id)
    stats = {field: json.loads(value)
             for field, value in queries.card_stats(conn, card_id).items()}
    return {"id": row[0], "type": row[1], "name": found[0].name, "stats": stats}


# --- the vocabulary, listed for people ------------------------------------------------------------

#: what the closed lists of names mean, for the listing (the other names explain themselves)
MEANINGS = {"result": RESULTS, "reason": REASONS, "toward": TOWARD, "target_scope": TARGET_SCOPES,
            "trigger": TRIGGERS, "monster_placed_by": MONSTER_PLACED_BY}


def _describe(spec) -> str:
    if spec is bool:
        return "`true` / `false`"
    if spec is str:
        return "text (a card's name in any language)"
    if isinstance(spec, list):
        return "a list, each " + _describe(spec[0])
    if isinstance(spec, dict):
        return "an object: " + "; ".join(f"`{k}`: {_describe(v)}" for k, v in spec.items())
    if spec[0] == "int":
        return f"a whole number from {spec[1]} to {spec[2]}"
    if spec[0] == "one of":
        return ", ".join(f"`{v}`" for v in spec[1])
    if spec[1]:
        return ("a name or a list of names, in any language the card database knows: "
                + ", ".join(f"`{v}`" for v in spec[1]))
    return "a name or a list of names, in any language and case"


def vocabulary_markdown() -> str:
    """Every key and value the checker accepts, per game, as Markdown (written from the same
    declarations ``parse_query`` checks against, so the two cannot drift)."""
    lines = ["Games: " + ", ".join(f"`{g}`" for g in GAMES) + ".", ""]
    for game in GAMES:
        lines += [f"### `{game}`", "", "| where | key | values |", "| --- | --- | --- |"]
        for where, keys in (("state", STATE_KEYS[game]), ("action", action_keys(game))):
            for key, spec in keys.items():
                lines.append(f"| {where} | `{key}` | {_describe(spec)} |")
        lines.append("")
    lines += ["### What the named values mean", ""]
    for key, meanings in MEANINGS.items():
        lines += [f"`{key}`:", ""]
        lines += [f"- `{name}`: {meaning}" for name, meaning in meanings.items()]
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"
