"""Reading a rules question in the public query format, and refusing one that cannot be judged.

The vocabulary is declared once: the words every game shares in ``cardbase.games.vocabulary``,
each game's phases, card types and state keys in its declaration (``cardbase.games``).
``parse_query`` checks a query against them and returns a ``Situation`` with every key left
out set to the ordinary default (human, level 1, no class, not dead, not in combat...). Every
problem is collected and reported at once, each unknown name with the list of valid ones; a card
named in any language is looked up in the card database (the nearest names are offered when it is
not found); and a state that cannot happen (a bystander in their own combat) is refused.
"""

from __future__ import annotations

from typing import Any

from .. import games
from ..errors import QueryError
from ..games.vocabulary import (MONSTER_PLACED_BY, REASONS, RESULTS, TARGET_SCOPES, TOWARD,
                                TRIGGERS, VERBS)
from ..i18n import _

#: every declared game's vocabulary by game, as module attributes worked out from the
#: declarations on first read, for scripts that read them here (the benchmarks compare trees
#: older than ``cardbase.games``): ``GAMES``, ``PHASES``, ``CARD_TYPES``, ``STATE_KEYS``,
#: ``ACTION_SPECS``, ``MAX_LEVEL`` and ``MUNCHKIN_FAMILY`` (the games with combats)
_DERIVED = {
    "GAMES": lambda: games.ids(),
    "PHASES": lambda: {g.id: tuple(g.phases) for g in games.all_games()},
    "CARD_TYPES": lambda: {g.id: tuple(g.card_types) for g in games.all_games()},
    "STATE_KEYS": lambda: {g.id: g.state for g in games.all_games()},
    "ACTION_SPECS": lambda: {g.id: g.action_keys() for g in games.all_games()},
    "MAX_LEVEL": lambda: {g.id: g.max_level for g in games.all_games() if g.max_level},
    "MUNCHKIN_FAMILY": lambda: tuple(g.id for g in games.all_games() if g.combat),
}


def __getattr__(name: str):
    if name in _DERIVED:
        value = globals()[name] = _DERIVED[name]()
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def action_keys(game: str) -> dict[str, Any]:
    """The action keys of ``game`` with the values each accepts."""
    return games.get(game).action_keys()


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
        phase = self.state.get("phase")
        if phase is None:
            phase = "combat" if "combat" in self.state else games.get(self.game).default_phase
        return phase

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

    def names(self, card_id: str) -> bool:
        """Whether the action names the card ``card_id`` (a rulebook's sentence about one card
        by name is a rule about that card only)."""
        return self.card is not None and self.card.get("id") == card_id

    def card_stat(self, stat: str, default=None):
        if stat in self.action:
            return self.action[stat]
        return ((self.card or {}).get("stats") or {}).get(stat, default)

    @cached_property
    def one_shot(self) -> bool:
        return self.card_type == "one_shot_item" or bool(self.card_stat("one_shot", False))

    @cached_property
    def is_item(self) -> bool:
        # with no card named and no type given, an item's own details (its slot, Big or not)
        # say that an item is meant
        if self.card_type is None and any(k in self.action for k in ("slot", "big")):
            return True
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
        charity phase of my own turn go for the hand limit when the hand is over it, and also
        when the hand size is given and no card, type or item detail says what else they are
        (at or under the limit the hand limit then has nothing to give away)."""
        if "reason" in self.action:
            return self.action["reason"]
        if self.verb in ("give", "discard") and self.phase in ("charity", "end_of_turn") \
                and self.my_turn and hand_limit is not None and "hand_size" in self.state:
            if self.state["hand_size"] > hand_limit:
                return "hand_limit"
            if self.card is None and self.card_type is None and not self.is_item:
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
    if games.get(situation.game).combat:
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
    declared = games.known(game)
    if declared is None:
        raise QueryError("\n".join(problems + [_("game: unknown game {value!r}; valid games: "
                                                 "{valid}", value=game,
                                                 valid=", ".join(games.ids()))]))
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
    state = _check_object("state", declared.state, state, problems, normalise) \
        if isinstance(state, dict) else problems.add(_("state: expected an object")) or {}
    action = _check_object("action", declared.action_keys(), action, problems, normalise)
    verb = action.get("verb")
    if verb is None:
        problems.add(_("action.verb: required; valid verbs: {valid}", valid=", ".join(VERBS)))
        verb = ""
    card = None
    if action.get("card") and conn is not None:
        card = _lookup_card(conn, action["card"], game, problems)
    situation = Situation(game, rulebook, verb, state, action, card)
    if not problems and declared.combat:
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
    lines = ["Games: " + ", ".join(f"`{g}`" for g in games.ids()) + ".", ""]
    for game in games.all_games():
        lines += [f"### `{game.id}`", "", "| where | key | values |", "| --- | --- | --- |"]
        for where, keys in (("state", game.state), ("action", game.action_keys())):
            for key, spec in keys.items():
                lines.append(f"| {where} | `{key}` | {_describe(spec)} |")
        lines.append("")
    lines += ["### What the named values mean", ""]
    for key, meanings in MEANINGS.items():
        lines += [f"`{key}`:", ""]
        lines += [f"- `{name}`: {meaning}" for name, meaning in meanings.items()]
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"
