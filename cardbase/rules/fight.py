"""The ``combat`` command's library function: a fight described by numbers or card names.

Monsters, enhancers and one-shot items may be given as numbers or as card names in any language;
names are looked up in the card database for their level, enhancement or bonus, and an unknown
name is refused with the nearest names. Without a rulebook, the fight is resolved under the only
rulebook in the database that resolves combat.
"""

from __future__ import annotations

from ..errors import QueryError
from ..i18n import _
from ..storage import queries
from .combat import Fighter, Monster, resolve
from .engine import Citer
from .query import MUNCHKIN_FAMILY


def _number(text: str) -> int | None:
    try:
        return int(str(text).replace("+", ""))
    except ValueError:
        return None


def _card_stat(conn, name: str, stats: tuple[str, ...]) -> tuple[str, int]:
    import json

    from ..cards import matching

    found = matching.exact(conn, name)
    if not found:
        near = ", ".join(repr(m.name) for m in matching.fuzzy(conn, name)) or _("none")
        raise QueryError(_("no card named {name!r}; nearest: {names}", name=name, names=near))
    for stat in stats:
        value = queries.card_fact_value(conn, found[0].card_id, stat)
        if value is not None:
            return found[0].name, json.loads(value)
    raise QueryError(_("the card {name!r} has no printed {stat}; give the number instead",
                       name=found[0].name, stat=stats[0]))


def _value(conn, text: str, stats: tuple[str, ...]) -> tuple[str, int]:
    number = _number(text)
    return (str(text), number) if number is not None else _card_stat(conn, text, stats)


def default_rulebook(books: dict[str, str]) -> str:
    """The rulebook to fight under when none is named: the only one in ``books`` (rulebook id
    → game) that resolves combat; with none or several, the error lists the choices."""
    usable = sorted(rb for rb, g in books.items() if g in MUNCHKIN_FAMILY)
    if len(usable) == 1:
        return usable[0]
    if usable:
        raise QueryError(_("several rulebooks resolve combat; choose one with --rulebook: "
                           "{valid}", valid=", ".join(usable)))
    raise QueryError(_("no rulebook in the database resolves combat; the rulebooks are: "
                       "{known}", known=", ".join(sorted(books)) or _("none")))


def fight(conn, rulebook: str | None = None, *, level: int, bonus: int, classes=(), races=(), berserk: int = 0,
          one_shots=(), helper_level: int | None = None, helper_bonus: int = 0,
          helper_classes=(), helper_races=(), monsters=(), enhancers=(), against=(),
          lang: str | None = None) -> dict:
    books = queries.rulebook_games(conn)
    if rulebook is None:
        rulebook = default_rulebook(books)
    if books.get(rulebook) not in MUNCHKIN_FAMILY:
        valid = ", ".join(rb for rb, g in sorted(books.items()) if g in MUNCHKIN_FAMILY)
        raise QueryError(_("combat is resolved under a Munchkin rulebook: {valid}", valid=valid))
    if not monsters:
        raise QueryError(_("name at least one monster (--monster NAME or --monster LEVEL)"))
    from .query import _name_normaliser, CLASSES, RACES

    normalise = _name_normaliser(conn)
    fighter = Fighter(level=level, bonus=bonus, berserk=berserk,
                      classes=[normalise(c, CLASSES) for c in classes],
                      races=[normalise(r, RACES) for r in races])
    if berserk and "warrior" not in fighter.classes:
        raise QueryError(_("only a Warrior can go berserk (--class warrior)"))
    helper = None
    if helper_level is not None:
        helper = Fighter(level=helper_level, bonus=helper_bonus,
                         classes=[normalise(c, CLASSES) for c in helper_classes],
                         races=[normalise(r, RACES) for r in helper_races])
    fought = []
    for monster in monsters:
        name, monster_level = _value(conn, monster, ("level",))
        fought.append(Monster(name=name if _number(monster) is None else
                              _("a level {level} monster", level=monster_level),
                              level=monster_level))
    for enhancer in enhancers:
        fought[0].enhancers.append(_value(conn, enhancer, ("enhancement", "bonus"))[1])
    return resolve(rulebook, fighter, fought, helper=helper,
                   one_shots_for_players=[_value(conn, o, ("bonus", "enhancement"))[1]
                                          for o in one_shots],
                   one_shots_for_monsters=[_value(conn, o, ("bonus", "enhancement"))[1]
                                           for o in against],
                   citer=Citer(conn), lang=lang)
