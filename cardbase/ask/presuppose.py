"""What a question takes for granted: the facts its act presupposes, and the defaults its
verdict rests on (spec ``ask.md``, version 1.1, ``assumed``).

A player who asks "can I run away?" is fighting and has lost; one who asks "can I help?" is
watching someone else's combat; one who asks for help is fighting. ``presuppose`` adds those
facts to the query where the question said nothing of them, each with the words that presuppose
it. ``defaults`` then finds, among the facts the query still leaves to the checker's ordinary
default (your turn, no combat, alive), those the verdict changes with: the answer rests on them,
and the player is shown them ("assumed: no combat is going on") rather than an unexplained
verdict.
"""

from __future__ import annotations

import copy

from .dotted import get, put
from .vocabulary import PHASES_OF_GAME, STATE_KEYS_OF_GAME

#: facts an act presupposes, as dotted paths; ``None`` for the role: it depends on whose turn
PRESUPPOSED = {
    "run_away": {"state.phase": "combat", "state.combat.result": "lost", "state.role": None},
    "ask_help": {"state.phase": "combat", "state.role": "fighter"},
    "help": {"state.phase": "combat", "state.my_turn": False, "state.role": "bystander"},
}
#: the facts left to a default that an answer may rest on, with the value each is given when a
#: question does not state it (the phase: the game's own default, see ``default_value``)
DEFAULTED = ("state.phase", "state.my_turn", "state.dead")
#: the values tried against each default, to see whether the verdict depends on it
ALTERNATIVES = {"state.phase": ("combat",), "state.my_turn": (False,), "state.dead": (True,)}


def _fits(game: str, path: str, value) -> bool:
    """Whether the game's query can hold ``path`` = ``value`` (its state keys and phases)."""
    parts = path.split(".")
    if parts[0] == "state" and game in STATE_KEYS_OF_GAME and \
            parts[1] not in STATE_KEYS_OF_GAME[game]:
        return False
    return path != "state.phase" or value in PHASES_OF_GAME[game]


def presuppose(query: dict, verb_words: list[str]) -> list[dict]:
    """Add to ``query`` the facts its act presupposes and the question did not state; the
    ``assumed`` entries for them, ``why`` the words of the act."""
    game, verb = query["game"], query["action"].get("verb")
    assumed = []
    stated_phase = get(query, "state.phase")
    if stated_phase is not None and stated_phase != "combat":
        return assumed   # the question puts the act in another phase: nothing is presupposed
    for path, value in PRESUPPOSED.get(verb, {}).items():
        if get(query, path) is not None:
            continue
        if path == "state.role" and value is None:
            value = "fighter" if get(query, "state.my_turn") is not False else "helper"
        if not _fits(game, path, value):
            continue
        put(query, path, value)
        assumed.append({"key": path, "value": value, "why": " ".join(verb_words)})
    return assumed


def default_value(game: str, path: str):
    from .. import games

    if path == "state.phase":
        return games.get(game).default_phase
    return {"state.my_turn": True, "state.dead": False}[path]


def defaults(run, query: dict, verdict: str) -> list[dict]:
    """The facts left to their default whose value changes ``verdict``; ``run`` answers a query
    (the checker). A value the checker refuses for this query is no alternative."""
    from ..errors import CardbaseError

    game, assumed = query["game"], []
    for path in DEFAULTED:
        if get(query, path) is not None or not _fits(game, path, default_value(game, path)):
            continue
        if path == "state.phase" and "combat" in query.get("state", {}):
            continue   # a combat stated says the phase
        for value in ALTERNATIVES[path]:
            if not _fits(game, path, value):
                continue
            trial = copy.deepcopy(query)
            put(trial, path, value)
            try:
                changed = run(trial)["verdict"] != verdict
            except CardbaseError:
                continue
            if changed:
                assumed.append({"key": path, "value": default_value(game, path),
                                "why": "default"})
                break
    return assumed
