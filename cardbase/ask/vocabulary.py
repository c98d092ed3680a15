"""The names a reading may put into a query: the closed vocabulary of the check query, read from
the games' declarations (``cardbase.games``), so that every key and value the checker takes can
be said by a lexicon word.

The reader fills a query only with keys and values listed here, so that a lexicon entry naming a
value the checker does not know is refused when the lexicon is loaded (with its file and line),
not when a player asks. A fact is written as a dotted path (``state.phase``,
``state.this_turn.fought``, ``action.card_type``) with its value; ``game``, ``edition`` and
``rulebook_lang`` choose the game and the rulebook.
"""

from __future__ import annotations

from .. import games

_GAMES = games.all_games()
GAMES = tuple(game.id for game in _GAMES)
CARD_TYPES = tuple(dict.fromkeys(kind for game in _GAMES for kind in game.card_types))
SLOTS = games.vocabulary.SLOTS
EDITIONS = ("newer", "older", "first")
LANGS = ("en", "es", "de", "ja", "vi")


def _fact_spec(spec):
    """A declared key's values as the reader keeps them: bool, int, a tuple of names, or
    ``None`` for a free name (a card's, an army's)."""
    if spec is bool:
        return bool
    if isinstance(spec, tuple) and spec and spec[0] == "int":
        return int
    if isinstance(spec, tuple) and spec and spec[0] in ("one of", "names"):
        return tuple(spec[1]) if spec[1] is not None else None
    return None     # a name (str), or a list of numbers no word of a question gives


def _declared_facts() -> dict[str, object]:
    """Every state and action key any game declares, as a dotted path, with its values (the
    union over the games where two declare one key)."""
    facts: dict[str, object] = {}

    def add(path: str, spec) -> None:
        if isinstance(spec, dict):
            for key, inner in spec.items():
                add(f"{path}.{key}", inner)
            return
        value = _fact_spec(spec)
        known = facts.get(path, value)
        if isinstance(known, tuple) and isinstance(value, tuple):
            value = tuple(dict.fromkeys(known + value))
        facts[path] = value

    for game in _GAMES:
        for key, spec in game.state.items():
            if not isinstance(spec, list):
                add(f"state.{key}", spec)
        for key, spec in game.action_keys().items():
            add(f"action.{key}", spec)
    return facts


#: fact path -> bool, int, a tuple of names (closed), or None (a free name: a card, a race...):
#: every key the games declare, so that a lexicon may read any fact the checker takes
FACTS: dict[str, object] = {"game": GAMES, "edition": EDITIONS, "rulebook_lang": LANGS,
                            **_declared_facts()}

#: facts that choose the game or the rulebook rather than fill the query's state or action
META = ("game", "edition", "rulebook_lang")

#: card types that only one game has: naming them says which game the question is about
GAME_OF_CARD_TYPE = {kind: owners[0] for kind, owners in {
    kind: [game.id for game in _GAMES if kind in game.card_types] for kind in CARD_TYPES}.items()
    if len(owners) == 1}


def check_fact(path: str, value) -> str | None:
    """Why ``value`` cannot be the value of the fact ``path``, or ``None`` when it can."""
    if path not in FACTS:
        return f"unknown fact {path!r}; valid facts: {', '.join(FACTS)}"
    spec = FACTS[path]
    if spec is bool:
        return None if isinstance(value, bool) else f"{path}: expected true or false"
    if spec is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
        return None if ok else f"{path}: expected a whole number"
    if isinstance(spec, tuple) and value not in spec:
        return f"{path}: unknown value {value!r}; valid values: {', '.join(spec)}"
    return None

#: the phases, card types and state keys each game knows: its own declaration
PHASES_OF_GAME = {game.id: tuple(game.phases) for game in _GAMES}
CARD_TYPES_OF_GAME = {game.id: tuple(game.card_types) for game in _GAMES}
STATE_KEYS_OF_GAME = {game.id: tuple(game.state) for game in _GAMES}

#: the only kind of card a verb acts on: naming it adds nothing (``sell items`` = ``sell``)
IMPLIED_KIND = {"sell": "item", "trade": "item", "equip": "item", "unequip": "item",
                "steal": "item"}
#: card kinds a verb cannot act on, whose words say what the verb is for (``vender para subir
#: de nivel``, ``bán đồ để lên cấp``: selling for a level, not selling a Go Up a Level card)
PURPOSE_KINDS = {"sell": ("go_up_a_level",)}
#: the verb a question means when it names a card kind and no verb (``curse not my turn``)
DEFAULT_VERB = "play"
#: card kinds that are used rather than played when no verb is said (``one-shot item in combat``)
DEFAULT_VERB_OF_KIND = {"one_shot_item": "use"}
#: sources a verb cannot take a card from, whose words say where the card goes (``poner un
#: objeto en juego``: playing puts a card into play, it does not take it from there)
DESTINATION_SOURCES = {"play": ("in_play",)}
#: verbs that take no count: a number of cards said with them is a state (``end my turn with 6
#: cards`` is the hand the turn ends with)
COUNT_AS_STATE = {"end_turn": "hand_size"}
#: facts a verb implies: stating them adds nothing (``meinen Zug ... beenden``)
IMPLIED_STATE = {"end_turn": {"my_turn": True}}
#: the card kinds one uses; ``use`` said of any other kind (``use a curse``) means playing it
USED_KINDS = ("item", "one_shot_item")



def term_facts(term_id: str) -> dict:
    """The query facts a glossary term's words say: a card kind (the term ``monster-enhancer``
    is the card type ``monster_enhancer``), or an item's slot (``slot-footgear``: an item worn
    on the feet); ``{}`` for a term that names no fact (a phase, a rule, a game's notion). A
    game's card kinds and slots are declared once; its glossary then gives their words in every
    language."""
    kind = term_id.replace("-", "_")
    if kind in CARD_TYPES:
        return {"action.card_type": kind}
    if term_id.startswith("slot-") and term_id[5:] in SLOTS:
        return {"action.card_type": "item", "action.slot": term_id[5:]}
    return {}
