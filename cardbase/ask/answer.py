"""From a reading to the answer: the query, the checker's verdict, and what was missing.

``build_query`` turns the facts into a check query (spec 1.1): the game from ``--game``, else
the question's game words, its card, or a card kind only one game has, else Munchkin; the
rulebook from ``--rulebook``, else an edition or a rulebook language the question names.
``missing_fact`` finds, for a ``conditional`` verdict, the first fact the question left out
whose value changes the verdict, so that it can be asked for.
"""

from __future__ import annotations

from .dotted import put, without
from .facts import ASKED_KEYS, Fact, Reading
from .vocabulary import (CARD_TYPES_OF_GAME, COUNT_AS_STATE, DEFAULT_VERB,
                         DEFAULT_VERB_OF_KIND, DESTINATION_SOURCES, GAME_OF_CARD_TYPE,
                         IMPLIED_KIND, IMPLIED_STATE, META, PHASES_OF_GAME, PURPOSE_KINDS,
                         STATE_KEYS_OF_GAME, USED_KINDS)

#: facts worth asking for when a verdict is conditional, in the order they are asked
ASKABLE = (("state.my_turn", (True, False)), ("state.phase", ("combat", "start_of_turn")),
           ("state.role", ("fighter", "helper", "bystander")),
           ("state.lowest_level", (True, False)), ("state.dead", (True, False)))


def choose_game(reading: Reading, game: str | None, rulebook_game: str | None) -> str:
    if game:
        return game
    if rulebook_game:
        return rulebook_game
    named = reading.get("game")
    if named:
        return named
    if reading.card:
        return reading.card["game"]
    voted = game_of_words(reading)
    if voted:
        return voted
    kind = reading.get("action.card_type")
    return GAME_OF_CARD_TYPE.get(kind, "munchkin")


def game_of_words(reading: Reading) -> str | None:
    """The game whose glossary words the question uses most (base, minion, breakpoint:
    Smash Up; hit points, Mighty Power: Dungeon Mayhem; a word several games' rulebooks
    define counts for each), when one game has more than any other; ``None`` on a tie or when
    none is used."""
    counts = sorted(((len(words), game) for game, words in reading.game_words.items()),
                    reverse=True)
    if not counts or (len(counts) > 1 and counts[0][0] == counts[1][0]):
        return None
    return counts[0][1]


def choose_rulebook(reading: Reading, game: str, rulebooks: list[dict]) -> str | None:
    """The rulebook an edition or a rulebook language in the question names, if exactly one."""
    edition, lang = reading.get("edition"), reading.get("rulebook_lang")
    if edition is None and lang is None:
        return None
    found = [r["id"] for r in rulebooks if r["game_id"] == game
             and (edition is None or r["edition"] == edition)
             and (lang is None or r["lang"] == lang)]
    return found[0] if len(found) == 1 else None


def build_query(reading: Reading, game: str,
                rulebook: str | None) -> tuple[dict, list, list[str]]:
    """The query, the facts it was built from (the first of each key wins, a verb of higher
    priority over a lower one), and the words of the facts that lost to another value of their
    key ("sell the boots he traded me": the trade is not what is asked, and it is not read).
    A fact of negative priority is background (what was drawn before the move asked about) and
    loses silently. Facts only another game has are left out (their words are then among the
    words not understood, see ``left_out``)."""
    query: dict = {"game": game}
    if rulebook:
        query["rulebook"] = rulebook
    query["state"], query["action"] = {}, {}
    used, seen, dropped = [], {}, []
    # stable: keeps question order; of several verbs or card kinds, one the question's modal
    # governs
    facts = sorted(reading.facts, key=lambda f: (
        f.key in ASKED_KEYS and not f.asked, -f.priority))
    for fact in facts:
        if fact.key in META or fact.key in seen:
            if fact.key in META and fact.key not in seen:
                seen[fact.key] = fact.value
                used.append(fact)
            elif seen[fact.key] != fact.value and fact.priority >= 0:
                dropped += [w for w in fact.words if w not in dropped]
            continue
        if fact.key == "state.phase" and fact.value not in PHASES_OF_GAME[game]:
            continue
        if fact.key == "action.card_type" and fact.value not in CARD_TYPES_OF_GAME[game]:
            continue
        if fact.key.startswith("state.") and game in STATE_KEYS_OF_GAME and \
                fact.key.split(".")[1] not in STATE_KEYS_OF_GAME[game]:
            continue
        seen[fact.key] = fact.value
        used.append(fact)
        put(query, fact.key, fact.value)
    if reading.card and "action.card_type" not in seen and reading.card["game"] == game:
        query["action"]["card"] = reading.card["name"]
    verb = query["action"].get("verb")
    kind = query["action"].get("card_type")
    if verb is None and (kind or "card" in query["action"]):
        # a card kind (or card) and no verb, as search-box questions are: "can I play it?"
        words = next((f.words for f in used if f.key == "action.card_type"),
                     reading.card["words"] if reading.card else [])
        verb = DEFAULT_VERB_OF_KIND.get(kind, DEFAULT_VERB)
        used.append(Fact("action.verb", verb, words, -1, -1))
        query["action"]["verb"] = verb
    if verb == "use" and kind is not None and kind not in USED_KINDS:
        query["action"]["verb"] = verb = DEFAULT_VERB
        for fact in used:
            if fact.key == "action.verb":
                fact.value = verb
    if kind is not None and (IMPLIED_KIND.get(verb) == kind
                             or kind in PURPOSE_KINDS.get(verb, ())):
        del query["action"]["card_type"]
        used = [f for f in used if f.key != "action.card_type"]
    if query["action"].get("from") in DESTINATION_SOURCES.get(verb, ()):
        del query["action"]["from"]
        used = [f for f in used if f.key != "action.from"]
    state_key = COUNT_AS_STATE.get(verb)
    if state_key and "count" in query["action"] and state_key not in query["state"]:
        query["state"][state_key] = query["action"].pop("count")
        for fact in used:
            if fact.key == "action.count":
                fact.key = f"state.{state_key}"
        # "6 cards on my hand": the hand says where the counted cards are, not a card's source
        if query["action"].get("from") == "hand":
            del query["action"]["from"]
            used = [f for f in used if f.key != "action.from"]
    for key, value in IMPLIED_STATE.get(verb, {}).items():
        if query["state"].get(key) == value:
            del query["state"][key]
            used = [f for f in used if f.key != f"state.{key}"]
    used.sort(key=lambda f: f.start)
    return query, used, dropped


#: how many facts read may be set aside before a question the checker refuses is refused
MAX_SET_ASIDE = 3


def settle(run, query: dict, used: list) -> tuple[dict, dict, list, list[str]]:
    """The checker's answer to ``query``, setting aside the facts it refuses: a reading can
    put together facts no situation has (a level read from a number that was a score, "the
    helper" read beside "my turn"). The facts are tried least sure first (lowest priority,
    then the latest in the question); never the verb. Returns the answer, the query and the
    facts it was answered with, and the words of the facts set aside. The first refusal is
    raised when setting aside does not help."""
    from ..errors import QueryError

    try:
        return run(query), query, used, []
    except QueryError as refusal:
        first = refusal
    set_aside: list[str] = []
    for _round in range(MAX_SET_ASIDE):
        candidates = sorted((f for f in used if f.key.startswith(("state.", "action."))
                             and f.key != "action.verb"), key=lambda f: (f.priority, -f.start))
        for fact in candidates:
            trial = without(query, fact.key)
            try:
                result = run(trial)
            except QueryError:
                continue
            return result, trial, [f for f in used if f is not fact], set_aside + fact.words
        # no single fact: set the least sure aside and try again
        if not candidates:
            break
        fact = candidates[0]
        query = without(query, fact.key)
        used = [f for f in used if f is not fact]
        set_aside += fact.words
    raise first


def missing_fact(run, query: dict) -> str | None:
    """The first left-out fact whose value changes a ``conditional`` verdict. ``run`` answers
    a query (the checker); a candidate the checker refuses is skipped."""
    import copy

    from ..errors import CardbaseError

    for path, values in ASKABLE:
        section, key = path.split(".", 1)
        if key in query.get(section, {}):
            continue
        verdicts = set()
        for value in values:
            trial = copy.deepcopy(query)
            trial[section][key] = value
            try:
                verdicts.add(run(trial)["verdict"])
            except CardbaseError:  # a value the checker refuses is no candidate
                continue
        if len(verdicts) > 1:
            return path
    return None


def left_out(reading: Reading, game: str) -> list[str]:
    """The words of facts the game does not have (a Munchkin phase or state in Dungeon
    Mayhem): read, but not usable in this game's query."""
    out = []
    for fact in reading.facts:
        key = fact.key.split(".")
        foreign = (fact.key == "state.phase" and fact.value not in PHASES_OF_GAME[game]) or (
            key[0] == "state" and game in STATE_KEYS_OF_GAME
            and key[1] not in STATE_KEYS_OF_GAME[game])
        if foreign:
            out += [w for w in fact.words if w not in out]
    return out
