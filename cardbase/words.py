"""The names of the games' things in the reader's language: card types, card stats and their
values, editions, the numbers in which editions differ, the kinds of rulebook section and why a
sentence of the rules is not executable.

The data and the rules checker name these by identifiers (``monster_enhancer``, ``usable_by``,
``newer``, ``dwarf_hand_limit``); each function here gives the words a reader sees, translated
through the catalogs. An identifier with no words yet (a new game's card type, a new stat) is
still said readably, its underscores and hyphens as spaces, never as the identifier. Situations
(phases, roles, verbs) are said by ``cardbase.situations``, whose race and class words these
reuse. Standard library and ``cardbase.i18n`` only.
"""

from __future__ import annotations

from .i18n import N_, _
from .situations import CLASSES, RACES, VALUES

#: every card type a card file may give (``cards.schema.TYPES``) as a reader names it: the
#: label of a card, its type line on the site, the card list's type filter
CARD_TYPES = {
    "monster": N_("Monster"), "monster_enhancer": N_("Monster enhancer"),
    "wandering_monster": N_("Wandering Monster"), "curse": N_("Curse"), "item": N_("Item"),
    "one_shot_item": N_("One-shot item"), "go_up_a_level": N_("Go Up a Level"),
    "race": N_("Race"), "class": N_("Class"), "half_breed": N_("Half-Breed"),
    "super_munchkin": N_("Super Munchkin"), "army": N_("Army"), "alliance": N_("Alliance"),
    "other_treasure": N_("Other treasure"), "minion": N_("Minion"), "action": N_("Action"),
    "base": N_("Base"), "attack": N_("Attack"), "defense": N_("Defense"), "heal": N_("Heal"),
    "draw": N_("Draw"), "play_again": N_("Play Again"), "mighty_power": N_("Mighty Power"),
    "title": N_("Title"), "character": N_("Character"),
}
#: the stats printed on a card
STATS = {
    "bonus": N_("Bonus"), "enhancement": N_("Enhancement"), "usable_by": N_("Usable by"),
    "level": N_("Level"), "levels": N_("Levels"), "treasures": N_("Treasures"),
    "one_shot": N_("Usable once only"), "tags": N_("Tags"), "bad_stuff": N_("Bad Stuff"),
    "gold": N_("Value in gold"), "slot": N_("Worn"), "big": N_("Big"),
}
#: a game's edition, as the manifest names it
EDITIONS = {"first": N_("first edition"), "newer": N_("newer edition"),
            "older": N_("older edition")}
#: the numbers an edition sets (``rules/editions.json``)
PARAMETERS = {
    "starting_cards": N_("Cards of each deck dealt at the start"),
    "hand_limit": N_("Hand limit"), "dwarf_hand_limit": N_("Hand limit of a Dwarf"),
    "escape_roll": N_("Roll needed to run away"), "gold_per_level": N_("Gold for a level"),
}

#: the kinds of rulebook section (``segment/outline.py``), and a card face under a card list
SECTION_KINDS = {
    "rule": N_("rule"), "front": N_("front matter"), "example": N_("example"),
    "sidebar": N_("sidebar"), "advert": N_("advert"), "credits": N_("credits"),
    "variant": N_("variant"), "label": N_("label"), "card_faces": N_("card list"),
    "card_face": N_("card face"),
}
#: why a sentence of a rule section is not executable (rules-coverage spec)
COVERAGE_REASONS = {
    "flavour": N_("flavour text"), "example": N_("examples"), "advice": N_("advice"),
    "component": N_("components"), "cross_reference": N_("cross-references"),
    "credits": N_("credits"), "advert": N_("adverts"), "card_text": N_("card texts"),
    "table_talk": N_("table talk"), "damaged": N_("damaged text"),
}


def plain(value: object) -> str:
    """An identifier said readably: ``kick_open_door`` → "kick open door"."""
    return str(value).replace("_", " ").replace("-", " ")


def _said(table: dict[str, str], value: object) -> str:
    return _(table[value]) if isinstance(value, str) and value in table else plain(value)


def card_type(value: str) -> str:
    return _said(CARD_TYPES, value)


def stat(key: str) -> str:
    return _said(STATS, key)


def stat_value(key: str, value, name_of=None) -> str:
    """A stat's value in words: yes/no, a list joined, a slot, a race or class (or, through
    ``name_of``, any card id such as an army, by the card's name)."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, (list, tuple)):
        return ", ".join(stat_value(key, v, name_of) for v in value)
    if not isinstance(value, str):
        return str(value)
    if key == "slot":
        return _said(VALUES["slot"], value)
    if key == "usable_by":
        for table in (RACES, CLASSES):
            if value in table:
                return _(table[value])
        if name_of is not None and name_of(value):
            return name_of(value)
        return plain(value)
    if key == "tags":
        return plain(value)
    return value


def edition(value: str | None) -> str:
    return _said(EDITIONS, value) if value else ""


def parameter(name: str) -> str:
    return _said(PARAMETERS, name)


def section_kind(kind: str) -> str:
    return _said(SECTION_KINDS, kind)


def coverage_reason(reason: str) -> str:
    return _said(COVERAGE_REASONS, reason)


#: the damage flags of a section (``segment/quality.py``): a short label and what it means
FLAGS = {
    "scrambled": (N_("scrambled"), N_("Some words are not in the printed order; compare with "
                                      "the raw text.")),
    "truncated": (N_("truncated"), N_("Some text was cut off at a margin or where the section "
                                    "ends; the gaps are marked […].")),
    "artifacts": (N_("artifacts"), N_("Leftovers of the page that are not text (image "
                                           "names, stray symbols) are mixed in.")),
    "symbols_lost": (N_("symbols lost"), N_("Card symbols printed in the rulebook were lost "
                                            "with the images; the gaps are marked [□].")),
    "garbled": (N_("garbled"), N_("Some characters were damaged beyond repair.")),
    "repaired": (N_("repaired"), N_("Damage in the extracted text (split words, spaced letters, "
                                    "lost ligatures, garbled characters) was repaired; compare "
                                    "with the raw text.")),
    "corrected": (N_("corrected by hand"), N_("A damaged passage was restored by hand from the "
                                              "printed rulebook.")),
}


def flag(name: str) -> tuple[str, str]:
    """A damage flag's label and what it means, in the reader's language."""
    if name in FLAGS:
        label, meaning = FLAGS[name]
        return _(label), _(meaning)
    return plain(name), ""
