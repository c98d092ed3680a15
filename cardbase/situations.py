"""A rules situation in words: "combat · someone else's turn · you help · race: elf".

The checker's situations are the state and action of the query format (``rules/query.py``):
``{"phase": "combat", "my_turn": false, "role": "helper"}`` and ``{"verb": "play", "card_type":
"curse", "from": "hand"}``. ``describe_state`` and ``describe_action`` say them in the user's
language, one short phrase per key, joined by " · ". The vocabulary of the query format (roles,
verbs, where a card comes from, targets, and the state keys the checker reads: dead or alive,
hand size, what was behind the door...) has translated words here, and each game's phases and
card types have the words its declaration gives them (``cardbase.games``); any other key or
value (a new game's phase, a state key added later) is still said, with its underscores as
spaces, so nothing is ever printed as a Python dict. The CLI and the site both say situations
with these words. Standard library, ``cardbase.i18n`` and the game declarations only: this is
on the path of ``cardbase diff`` and ``cardbase table``.
"""

from __future__ import annotations

from .i18n import N_, _

SEPARATOR = " · "

#: the words of every declared game's phases and card types, gathered on first use
_GAME_WORDS: dict[str, dict[str, str]] = {}


def game_words(attribute: str) -> dict[str, str]:
    """The words every declared game (``cardbase.games``) gives its ``phases`` or its
    ``card_types``; where two games share a name, the first game's words."""
    words = _GAME_WORDS.get(attribute)
    if words is None:
        from . import games

        words = _GAME_WORDS[attribute] = {}
        for game in games.all_games():
            for name, message in getattr(game, attribute).items():
                words.setdefault(name, message)
    return words


def __getattr__(name: str):
    # ``PHASES`` and ``CARD_TYPES``: each game's own, with the words its declaration gives
    if name in ("PHASES", "CARD_TYPES"):
        return game_words(name.lower())
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


ROLES = {"fighter": N_("you fight"), "helper": N_("you help"), "bystander": N_("you look on")}
RACES = {"human": N_("human"), "elf": N_("elf"), "dwarf": N_("dwarf"),
         "halfling": N_("halfling")}
CLASSES = {"warrior": N_("warrior"), "wizard": N_("wizard"), "thief": N_("thief"),
           "cleric": N_("cleric")}
VERBS = {
    "play": N_("play"), "use": N_("use"), "sell": N_("sell"), "trade": N_("trade"),
    "give": N_("give"), "equip": N_("equip"), "unequip": N_("unequip"),
    "discard": N_("discard"), "keep": N_("keep"), "ask_help": N_("ask for help"),
    "help": N_("help"), "steal": N_("steal"), "loot_the_room": N_("loot the room"),
    "look_for_trouble": N_("look for trouble"), "kick_open_door": N_("kick open the door"),
    "draw": N_("draw"), "draw_treasure": N_("draw a treasure"), "run_away": N_("run away"),
    "end_turn": N_("end the turn"), "pass": N_("pass"), "deal": N_("deal"),
    "gain_level": N_("gain a level"), "count_power": N_("count power"),
    "trigger_ability": N_("use an ability"), "return_to_hand": N_("return to the hand"),
    "backpack_out": N_("take out of the backpack"),
    "lose_level": N_("lose a level"), "win": N_("win the game"),
    "loot_the_body": N_("loot the body"), "look_at_discards": N_("look through the discards"),
    "show_hand": N_("show your hand"), "lose_hit_points": N_("lose hit points"),
}
SOURCES = {
    "hand": N_("from your hand"), "in_play": N_("in play"),
    "drawn_face_up": N_("drawn face up"), "drawn_face_down": N_("drawn face down"),
    "just_acquired": N_("just acquired"),
}
TARGETS = {
    "self": N_("on yourself"), "other_player": N_("on another player"),
    "monster": N_("on a monster"), "combat": N_("on the combat"),
    "defense_card": N_("on a defense card"), "player": N_("on a player"),
    "base": N_("on a base"),
}

SLOTS = {"headgear": N_("headgear"), "armor": N_("armor"), "footgear": N_("footgear"),
         "1_hand": N_("one hand"), "2_hands": N_("two hands")}
DECKS = {"door": N_("the door deck"), "treasure": N_("the treasure deck"),
         "each": N_("each deck")}
FACES = {"up": N_("face up"), "down": N_("face down")}
CONTROLLERS = {"self": N_("you"), "other": N_("another player"), "none": N_("nobody")}


#: a state or action key that is true or false, as a phrase for each (nested keys dotted)
FLAGS = {
    "dead": (N_("dead"), N_("alive")),
    "half_breed": (N_("Half-Breed"), N_("not a Half-Breed")),
    "super_munchkin": (N_("Super Munchkin"), N_("not Super Munchkin")),
    "lowest_level": (N_("lowest level"), N_("not the lowest level")),
    "died_since_my_last_turn": (N_("died since your last turn"),
                                N_("not died since your last turn")),
    "alliance": (N_("in the Alliance"), N_("not in the Alliance")),
    "monster_controlled": (N_("the monster is controlled"), N_("the monster is not controlled")),
    "minion_play_used": (N_("minion play used"), N_("minion play not used yet")),
    "munchkin_base_in_play": (N_("a Munchkin base in play"), N_("no Munchkin base in play")),
    "first_player": (N_("the first player"), N_("not the first player")),
    "minion_on_base": (N_("a minion of yours on the base"), N_("no minion of yours on the base")),
    "this_turn.fought": (N_("fought this turn"), N_("not fought this turn")),
    "this_turn.ran_away": (N_("ran away this turn"), N_("not run away this turn")),
    "this_turn.looked_for_trouble": (N_("looked for trouble this turn"),
                                     N_("not looked for trouble this turn")),
    "this_turn.sold": (N_("sold items this turn"), N_("not sold items this turn")),
    "this_turn.drew": (N_("drew this turn"), N_("not drawn this turn")),
    "this_turn.minion_played": (N_("played a minion this turn"),
                                N_("not played a minion this turn")),
    "this_turn.action_played": (N_("played an action this turn"),
                                N_("not played an action this turn")),
    "target_state.dead": (N_("the target is dead"), N_("the target is alive")),
    "target_state.in_combat": (N_("the target is in a combat"),
                               N_("the target is not in a combat")),
    "target_state.lowest_level": (N_("the target has the lowest level"),
                                  N_("the target does not have the lowest level")),
    "big": (N_("a big item"), N_("not a big item")),
    "one_shot": (N_("usable once"), N_("not usable once")),
}
#: a key with a value, as a label said before the value ("hand size: 7")
LABELS = {
    "level": N_("level"), "hand_size": N_("hand size"), "big_items": N_("big items carried"),
    "hit_points": N_("hit points"), "cards_played": N_("cards played"),
    "play_again_pending": N_("play-again cards pending"), "defense": N_("defense cards"),
    "target_defense": N_("the target's defense cards"), "players_left": N_("players left"),
    "army": N_("army"), "armies": N_("armies"), "controller": N_("controlled by"),
    "combat.monsters": N_("monsters in the combat"), "combat.helpers": N_("helpers"),
    "combat.result": N_("combat result"), "combat.monster_tags": N_("monster tags"),
    "this_turn.door": N_("behind the door"), "this_turn.cards_played": N_("cards played"),
    "this_turn.monster_placed_by": N_("how the monster came"),
    "target_state.level": N_("the target's level"),
    "equipped.headgear": N_("headgear worn"), "equipped.armor": N_("armor worn"),
    "equipped.footgear": N_("footgear worn"), "equipped.1_hand": N_("one-hand items"),
    "equipped.2_hands": N_("two-hand items"),
    "gold": N_("gold"), "count": N_("how many"), "to_level": N_("to level"),
    "damage": N_("damage"), "deck": N_("deck"), "face": N_("face"), "slot": N_("slot"),
    "monster_tags": N_("monster tags"), "reason": N_("because"), "toward": N_("toward"),
    "target_scope": N_("targets"), "trigger": N_("when"),
}
#: the words for a closed list of values, per key
VALUES = {
    "combat.result": {"undecided": N_("undecided"), "won": N_("won"), "lost": N_("lost")},
    "this_turn.door": {"monster": N_("a monster"), "curse": N_("a curse"),
                       "other": N_("another card")},
    "this_turn.monster_placed_by": {"played": N_("played from the hand"),
                                    "action_card": N_("placed by an action card"),
                                    "new_base": N_("with a new base"),
                                    "ability": N_("placed by an ability")},
    "controller": {"self": N_("you"), "other": N_("another player"), "none": N_("nobody")},
    "deck": {"door": N_("the door deck"), "treasure": N_("the treasure deck"),
             "each": N_("each deck")},
    "face": {"up": N_("face up"), "down": N_("face down")},
    "slot": {"headgear": N_("headgear"), "armor": N_("armor"), "footgear": N_("footgear"),
             "1_hand": N_("one hand"), "2_hands": N_("two hands")},
}


def _plain(value: object) -> str:
    """An identifier as words (``kick_open_door`` → "kick open door")."""
    return str(value).replace("_", " ")


def _word(table: dict[str, str], value: object) -> str:
    return _(table[value]) if isinstance(value, str) and value in table else _plain(value)


def _names(table: dict[str, str], value: object) -> str:
    values = value if isinstance(value, (list, tuple)) else [value]
    return ", ".join(_word(table, v) for v in values)


def _value(key: str, value: object) -> str:
    """A value in words: from the key's closed list, a race or class, else as written."""
    if isinstance(value, (list, tuple)):
        return ", ".join(_value(key, v) for v in value)
    table = VALUES.get(key) or {"race": RACES, "class": CLASSES}.get(key.rsplit(".", 1)[-1])
    return _word(table, value) if table else _plain(value)


def _generic(key: str, value: object) -> list[str]:
    """Any other key: a flag by its phrase ("dead", "alive") or name ("not juggling"), a value
    after its label or name, a nested object key by key ("monsters in the combat: 2"). Nested
    keys are dotted (``combat.result``) to find their words; a key with none is said with its
    underscores and dots as spaces."""
    if isinstance(value, dict):
        return [phrase for sub, item in value.items()
                for phrase in _generic(f"{key}.{sub}", item)]
    if isinstance(value, bool):
        if key in FLAGS:
            return [_(FLAGS[key][0 if value else 1])]
        return [_plain(key.replace(".", " "))] if value else \
            [_("not {what}", what=_plain(key.replace(".", " ")))]
    label = _(LABELS[key]) if key in LABELS else _plain(key.replace(".", " "))
    return [_("{what}: {value}", what=label, value=_value(key, value))]


def describe_state(state: dict) -> str:
    """The situation of a query's ``state`` in words, phase first."""
    phrases = []
    for key in sorted(state, key=lambda k: (k != "phase", k != "my_turn", k != "role", k)):
        value = state[key]
        if key == "phase":
            phrases.append(_word(game_words("phases"), value))
        elif key == "my_turn" and isinstance(value, bool):
            phrases.append(_("your turn") if value else _("someone else's turn"))
        elif key == "role":
            phrases.append(_word(ROLES, value))
        elif key == "race":
            phrases.append(_("race: {race}", race=_names(RACES, value)))
        elif key == "class":
            phrases.append(_("class: {class_}", class_=_names(CLASSES, value)))
        else:
            phrases.extend(_generic(key, value))
    return SEPARATOR.join(phrases)


def describe_action(action: dict) -> str:
    """A query's ``action`` in words: the verb, what, where from, on whom."""
    phrases = []
    order = ("verb", "card", "card_type", "from", "target")
    for key in sorted(action, key=lambda k: (order.index(k) if k in order else len(order), k)):
        value = action[key]
        if key == "verb":
            phrases.append(_word(VERBS, value))
        elif key == "card":
            phrases.append(str(value))
        elif key == "card_type":
            phrases.append(_word(game_words("card_types"), value))
        elif key == "from":
            phrases.append(_word(SOURCES, value))
        elif key == "target":
            phrases.append(_word(TARGETS, value))
        else:
            phrases.extend(_generic(key, value))
    return SEPARATOR.join(phrases)


def describe(state: dict, action: dict) -> str:
    """A whole situation: "combat · someone else's turn: play · a curse · from your hand"."""
    situation = describe_state(state)
    doing = describe_action(action)
    if situation and doing:
        return _("{situation}: {action}", situation=situation, action=doing)
    return situation or doing
