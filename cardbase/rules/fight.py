"""The ``combat`` command's library function: a fight described by numbers or card names.

Monsters, enhancers and one-shot items may be given as numbers or as card names in any language;
names are looked up in the card database for their level, enhancement or bonus, and an unknown
name is refused with the nearest names. Without a rulebook, the fight is resolved under the only
rulebook in the database that resolves combat. Every number is checked against ``LIMITS`` first:
a negative level, a level-minus-five monster or a thousand berserking discards is a mistake to
point out, not a fight to resolve.
"""

from __future__ import annotations

import re

from .. import games
from ..errors import QueryError, excerpt
from ..i18n import _
from ..storage import queries
from .combat import Fighter, Monster, resolve
from .engine import Citer
from .limits import LIMITS, MAX_CARDS, MAX_NAME


def option_name(name: str) -> str:
    """The command line's name of a ``fight`` argument: ``helper_level`` → ``--helper-level``."""
    return "--" + name.replace("_", "-")


def check_number(name: str, value, shown=None) -> int:
    """``value`` if it is a whole number within ``LIMITS[name]``; else a ``QueryError`` naming
    the option and the range (quoting ``shown``, the value as given, when there is one)."""
    low, high = LIMITS[name]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise QueryError(_("{option}: {value!r} is not a whole number from {low} to {high}",
                           option=option_name(name), value=excerpt(value if shown is None
                                                                   else shown),
                           low=low, high=high))
    return value


_NUMBER = re.compile(r"[+-]?[0-9]+")


def _number(text: str) -> int | None:
    """The number ``text`` writes (``5``, ``+5``, ``-2``), or None when it is not one."""
    text = str(text).strip()
    if not _NUMBER.fullmatch(text):
        return None
    # a number of more digits than any limit is refused by the range check, not converted
    return int(text) if len(text) <= 12 else 10 ** 12 * (-1 if text.startswith("-") else 1)


def _card_stat(conn, name: str, stats: tuple[str, ...]) -> tuple[str, int]:
    import json

    from ..cards import matching

    found = matching.exact(conn, name)
    if not found:
        near = ", ".join(repr(m.name) for m in matching.fuzzy(conn, name)) or _("none")
        raise QueryError(_("no card named {name!r}; nearest: {names}", name=excerpt(name),
                           names=near))
    for stat in stats:
        value = queries.card_fact_value(conn, found[0].card_id, stat)
        if value is not None:
            return found[0].name, json.loads(value)
    raise QueryError(_("the card {name!r} has no printed {stat}; give the number instead",
                       name=found[0].name, stat=stats[0]))


def _copies_monster(conn, text: str) -> bool:
    """Whether ``text`` names an enhancer card that adds a copy of the monster (a Mate)."""
    if _number(text) is not None or not str(text).strip() or len(str(text)) > MAX_NAME:
        return False
    from ..cards import matching

    found = matching.exact(conn, text)
    return bool(found) and queries.card_fact_value(conn, found[0].card_id,
                                                   "copies_monster") == "true"


def _value(conn, text: str, stats: tuple[str, ...], option: str) -> tuple[str, int]:
    """A number given as such or read from the card ``text`` names, within ``LIMITS[option]``."""
    number = _number(text)
    if number is None:
        if not str(text).strip() or len(str(text)) > MAX_NAME:
            raise QueryError(_("{option}: {value!r} is neither a number nor a card name",
                               option=option_name(option), value=excerpt(str(text))))
        name, number = _card_stat(conn, text, stats)
        if isinstance(number, bool) or not isinstance(number, int):
            raise QueryError(_("the card {name!r} has no printed {stat}; give the number instead",
                               name=name, stat=stats[0]))
        return name, number
    return str(text), check_number(option, number, shown=str(text).strip())


def _modifier(conn, text: str, stats: tuple[str, ...], option: str) -> tuple[str | None, int]:
    """A one-shot item or an enhancer: the card's name (None for a number given as such) and
    its number, for the steps to say which card gave what."""
    name, value = _value(conn, text, stats, option)
    return (None if _number(text) is not None else name), value


def _has_combat(game: str | None) -> bool:
    """Whether ``game`` is declared with combats (so its rulebooks resolve a fight)."""
    declared = games.known(game)
    return declared is not None and declared.combat


def default_rulebook(books: dict[str, str]) -> str:
    """The rulebook to fight under when none is named: the only one in ``books`` (rulebook id
    → game) that resolves combat; with none or several, the error lists the choices."""
    usable = sorted(rb for rb, g in books.items() if _has_combat(g))
    if len(usable) == 1:
        return usable[0]
    if usable:
        raise QueryError(_("several rulebooks resolve combat; choose one with --rulebook: "
                           "{valid}", valid=", ".join(usable)))
    raise QueryError(_("no rulebook in the database resolves combat; the rulebooks are: "
                       "{known}", known=", ".join(sorted(books)) or _("none")))


def _fighters(conn, game, *, level, bonus, classes, races, berserk, helper_level, helper_bonus,
              helper_classes, helper_races) -> tuple[Fighter, Fighter | None]:
    """The player and their helper, with levels, classes and races checked against the game as
    a query's state is (levels up to the game's highest, the game's classes and races in any
    language); every problem is reported at once, each naming its option."""
    from .query import _check_value, _name_normaliser, _Problems

    problems = _Problems()
    normalise = _name_normaliser(conn)

    def checked(option: str, key: str, value):
        return _check_value(option_name(option), game.state.get(key), value, problems,
                            normalise)

    fighter = Fighter(level=checked("level", "level", level), bonus=bonus, berserk=berserk,
                      classes=checked("class", "class", list(classes)),
                      races=checked("race", "race", list(races)))
    helper = None
    if helper_level is not None:
        helper = Fighter(level=checked("helper_level", "level", helper_level), bonus=helper_bonus,
                         classes=checked("helper_class", "class", list(helper_classes)),
                         races=checked("helper_race", "race", list(helper_races)))
    if problems:
        raise QueryError("\n".join(problems))
    if berserk and "warrior" not in fighter.classes:
        raise QueryError(_("only a Warrior can go berserk (--class warrior)"))
    return fighter, helper


def fight(conn, rulebook: str | None = None, *, level: int, bonus: int, classes=(), races=(), berserk: int = 0,
          one_shots=(), helper_level: int | None = None, helper_bonus: int = 0,
          helper_classes=(), helper_races=(), monsters=(), enhancers=(), against=(),
          lang: str | None = None) -> dict:
    check_number("level", level)
    check_number("bonus", bonus)
    check_number("berserk", berserk)
    check_number("helper_bonus", helper_bonus)
    if helper_level is not None:
        check_number("helper_level", helper_level)
    for option, given in (("monster", monsters), ("enhancer", enhancers),
                          ("one_shot", one_shots), ("against", against)):
        if len(given) > MAX_CARDS:
            raise QueryError(_("{option}: at most {n} in one fight", option=option_name(option),
                               n=MAX_CARDS))
    books = queries.rulebook_games(conn)
    if rulebook is None:
        rulebook = default_rulebook(books)
    if not _has_combat(books.get(rulebook)):
        valid = ", ".join(rb for rb, g in sorted(books.items()) if _has_combat(g))
        raise QueryError(_("combat is resolved under a Munchkin rulebook: {valid}", valid=valid))
    if not monsters:
        raise QueryError(_("name at least one monster (--monster NAME or --monster LEVEL)"))
    fighter, helper = _fighters(conn, games.get(books[rulebook]), level=level, bonus=bonus,
                                classes=classes, races=races, berserk=berserk,
                                helper_level=helper_level, helper_bonus=helper_bonus,
                                helper_classes=helper_classes, helper_races=helper_races)
    fought = []
    for monster in monsters:
        name, monster_level = _value(conn, monster, ("level",), "monster")
        fought.append(Monster(name=name if _number(monster) is None else
                              _("a level {level} monster", level=monster_level),
                              level=monster_level))
    for enhancer in enhancers:
        if _copies_monster(conn, enhancer):
            fought[0].mates += 1  # a Mate: a second monster, enhanced with the first
            continue
        fought[0].enhancers.append(_modifier(conn, enhancer, ("enhancement", "bonus"),
                                             "enhancer"))
    return resolve(rulebook, fighter, fought, helper=helper,
                   one_shots_for_players=[_modifier(conn, o, ("bonus", "enhancement"),
                                                    "one_shot") for o in one_shots],
                   one_shots_for_monsters=[_modifier(conn, o, ("bonus", "enhancement"),
                                                     "against") for o in against],
                   citer=Citer(conn), lang=lang)
