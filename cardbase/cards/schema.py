"""What a card record may hold, declared once, and the validation of the curated card files.

Each card has a stable id, a type, names per language, optional aliases, stats, rules text and
counterparts in other games. Every name, stat and text is either sourced (``rulebook`` and an exact
``quote`` from that rulebook's repaired text) or marked ``ours: true`` (a value no rulebook prints,
such as an English name for a German card). ``validate_file`` reports every problem of a file at
once, each with its line; quotes are checked later, against the ingested text (``catalog``). Ids,
names, languages, rulebooks and quotes are read as written (``text_of``: a card called ``1984``
is not a number), and a key the format does not have is refused at its line, at the top of the
file and in every record.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import DataError, excerpt
from ..yamlfile import line_of, load_yaml, text_of, texts_of

#: the card types a card file may give (their words for readers are ``words.CARD_TYPES``)
TYPES = ("monster", "monster_enhancer", "wandering_monster", "curse", "item", "one_shot_item",
         "go_up_a_level", "other_treasure", "race", "class", "half_breed", "super_munchkin",
         "army", "alliance", "minion", "action", "base", "title", "attack", "defense", "heal",
         "draw", "play_again", "mighty_power", "character")
SLOTS = ("headgear", "armor", "footgear", "1_hand", "2_hands")


def _int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _text(value) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _names(value) -> bool:
    return isinstance(value, list) and all(_text(v) for v in value)


#: stat -> (check, what is expected)
STATS = {
    "level": (_int, "a whole number"),
    "treasures": (_int, "a whole number"),
    "levels": (_int, "a whole number"),
    "bonus": (_int, "a whole number"),
    "enhancement": (_int, "a whole number"),
    "gold": (_int, "a whole number"),
    "power": (_int, "a whole number"),
    "slot": (lambda v: v in SLOTS, "one of " + ", ".join(SLOTS)),
    "big": (lambda v: isinstance(v, bool), "true or false"),
    "one_shot": (lambda v: isinstance(v, bool), "true or false"),
    "copies_monster": (lambda v: isinstance(v, bool), "true or false"),
    "usable_by": (_names, "a list of names"),
    "tags": (_names, "a list of names"),
    "bad_stuff": (_text, "text"),
}
_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_TOP_KEYS = {"game", "cards"}
_CARD_KEYS = {"id", "type", "names", "aliases", "stats", "text", "counterparts", "note"}
_SOURCE_KEYS = {"rulebook", "quote", "ours"}
_NAME_KEYS = _SOURCE_KEYS | {"name"}
_VALUE_KEYS = _SOURCE_KEYS | {"value"}


@dataclass
class Fact:
    """One sourced value: a name, a stat or a text, and where it was read."""

    field: str               # "name", "alias", "text" or a stat name
    value: object
    lang: str | None = None
    rulebook: str | None = None
    quote: str | None = None
    ours: bool = False
    line: int | None = None
    raw_span: tuple[int, int] | None = None
    origin: str = "curated"  # "curated" or "card_face"


@dataclass
class Card:
    id: str
    game: str
    type: str
    facts: list[Fact] = field(default_factory=list)
    counterparts: list[str] = field(default_factory=list)
    note: str = ""
    path: str = ""
    line: int = 0

    def names(self, lang: str | None = None) -> list[Fact]:
        return [f for f in self.facts if f.field == "name" and (lang is None or f.lang == lang)]

    def stats(self) -> dict[str, Fact]:
        return {f.field: f for f in self.facts if f.field in STATS}


class CardFileErrors(list):
    """The problems of one card file (a list of DataError)."""


def _unknown(entry: dict, allowed: set[str], what: str, path: str, errors: list) -> None:
    for key in sorted(set(entry) - allowed, key=str):
        errors.append(DataError(f"unknown key `{excerpt(key)}` in {what} (expected one of: "
                                f"{', '.join(sorted(allowed))})", path=path,
                                line=line_of(entry, key), stage="cards"))


def _source(entry, path: str, where, key, errors: list, known_rulebooks: set[str] | None,
            allowed: set[str] = _NAME_KEYS):
    """Validate the source part of a fact; return (rulebook, quote, ours)."""
    if not isinstance(entry, dict):
        errors.append(DataError(f"`{excerpt(key)}` needs a source: `rulebook` and `quote`, or `ours: true`",
                                path=path, line=line_of(where, key), stage="cards"))
        return None, None, False
    _unknown(entry, allowed, f"`{excerpt(key)}`", path, errors)
    ours = entry.get("ours") is True
    rulebook, quote = text_of(entry, "rulebook"), text_of(entry, "quote")
    if not ours and not (_text(rulebook) and _text(quote)):
        errors.append(DataError(f"`{excerpt(key)}` needs `rulebook` and `quote`, or `ours: true`",
                                path=path, line=line_of(entry, None), stage="cards"))
    if rulebook is not None and known_rulebooks is not None and (
            not isinstance(rulebook, str) or rulebook not in known_rulebooks):
        errors.append(DataError(f"unknown rulebook {excerpt(rulebook)!r} (expected one of: "
                                f"{', '.join(sorted(known_rulebooks))})", path=path,
                                line=line_of(entry, "rulebook"), stage="cards"))
    # only text goes on: what is not text was reported above
    return (rulebook if isinstance(rulebook, str) else None,
            quote if isinstance(quote, str) else None, ours)


def validate_file(path: Path, games: set[str], known_rulebooks: set[str] | None,
                  known_language) -> tuple[list[Card] | None, list[DataError]]:
    """Parse one card file; return its cards and every problem found in it. The cards are
    ``None`` when the file cannot be read as a card file at all (not YAML, not a mapping with
    a list of cards): which cards it holds is then unknown."""
    shown = str(path)
    errors: list[DataError] = []
    try:
        doc = load_yaml(path)
    except DataError as exc:
        return None, [exc]
    if not isinstance(doc, dict) or not isinstance(doc.get("cards"), list):
        return None, [DataError("expected a mapping with `game` and `cards` (a list)", path=shown,
                              line=line_of(doc, "cards") or 1, stage="cards")]
    _unknown(doc, _TOP_KEYS, "a card file", shown, errors)
    game = text_of(doc, "game")
    if not isinstance(game, str) or game not in games:
        errors.append(DataError(f"unknown game {excerpt(game)!r} (expected one of: "
                                f"{', '.join(sorted(games))})",
                                path=shown, line=line_of(doc, "game"), stage="cards"))
    cards: list[Card] = []
    seen: dict[str, int] = {}
    entries = doc["cards"]
    for index, entry in enumerate(entries):
        line = line_of(entries, index)

        def problem(message: str, container=entry, key=None) -> None:
            errors.append(DataError(message, path=shown, line=line_of(container, key),
                                    stage="cards"))

        if not isinstance(entry, dict):
            problem("expected a card (a mapping with id, type and names)", entries, index)
            continue
        for key in sorted(set(entry) - _CARD_KEYS):
            problem(f"unknown key `{excerpt(key)}` (expected one of: {', '.join(sorted(_CARD_KEYS))})",
                    entry, key)
        card_id = text_of(entry, "id")
        if not isinstance(card_id, str) or not _ID.match(card_id):
            problem("a card needs an `id`: lowercase words joined by hyphens", entry, "id")
            card_id = f"?{index}"
        elif card_id in seen:
            problem(f"duplicate card id {card_id!r} (first at line {seen[card_id]})", entry, "id")
            card_id = f"?{index}"
        else:
            seen[card_id] = line
        card_type = text_of(entry, "type")
        if not isinstance(card_type, str) or card_type not in TYPES:
            problem(f"unknown card type {excerpt(card_type)!r} (expected one of: "
                    f"{', '.join(TYPES)})",
                    entry, "type")
        card = Card(id=card_id, game=str(game), type=str(card_type), path=shown, line=line,
                    note=str(text_of(entry, "note") or ""))
        names = entry.get("names")
        if not isinstance(names, dict) or not names:
            problem("a card needs `names`: language -> {name, rulebook, quote}", entry, "names")
            names = {}
        for lang, name_entry in names.items():
            if not known_language(str(lang)):
                problem(f"unknown language code {excerpt(lang)!r}", names, lang)
            value = text_of(name_entry, "name")
            if not _text(value):
                problem(f"the {excerpt(lang)} name needs `name` (text)", names, lang)
                continue
            rulebook, quote, ours = _source(name_entry, shown, names, lang, errors, known_rulebooks)
            card.facts.append(Fact("name", value.strip(), lang=str(lang), rulebook=rulebook,
                                   quote=quote, ours=ours, line=line_of(names, lang)))
        aliases = entry.get("aliases") or {}
        if not isinstance(aliases, dict):
            problem("`aliases` maps a language to a list of names", entry, "aliases")
            aliases = {}
        for lang, words in aliases.items():
            if not known_language(str(lang)):
                problem(f"unknown language code {excerpt(lang)!r}", aliases, lang)
            words = texts_of(words)
            if not _names(words):
                problem(f"the {excerpt(lang)} aliases must be a list of names", aliases, lang)
                continue
            for word in words:
                card.facts.append(Fact("alias", word.strip(), lang=str(lang), ours=True,
                                       line=line_of(aliases, lang)))
        stats = entry.get("stats") or {}
        if not isinstance(stats, dict):
            problem("`stats` maps a stat name to {value, rulebook, quote}", entry, "stats")
            stats = {}
        for stat, stat_entry in stats.items():
            if stat not in STATS:
                problem(f"unknown stat `{excerpt(stat)}` (expected one of: {', '.join(STATS)})",
                        stats, stat)
                continue
            if not isinstance(stat_entry, dict) or "value" not in stat_entry:
                problem(f"stat `{stat}` needs `value`", stats, stat)
                continue
            check, expected = STATS[stat]
            if not check(stat_entry["value"]):
                problem(f"stat `{stat}` must be {expected}, not {excerpt(stat_entry['value'])!r}",
                        stats, stat)
                continue
            rulebook, quote, ours = _source(stat_entry, shown, stats, stat, errors, known_rulebooks,
                                            _VALUE_KEYS)
            card.facts.append(Fact(stat, stat_entry["value"], rulebook=rulebook, quote=quote,
                                   ours=ours, line=line_of(stats, stat)))
        texts = entry.get("text") or {}
        if not isinstance(texts, dict):
            problem("`text` maps a language to {value, rulebook, quote}", entry, "text")
            texts = {}
        for lang, text_entry in texts.items():
            if not known_language(str(lang)):
                problem(f"unknown language code {excerpt(lang)!r}", texts, lang)
            value = text_of(text_entry, "value")
            if not _text(value):
                problem(f"the {excerpt(lang)} text needs `value`", texts, lang)
                continue
            rulebook, quote, ours = _source(text_entry, shown, texts, lang, errors, known_rulebooks,
                                            _VALUE_KEYS)
            card.facts.append(Fact("text", value, lang=str(lang), rulebook=rulebook,
                                   quote=quote, ours=ours, line=line_of(texts, lang)))
        counterparts = texts_of(entry.get("counterparts") or [])
        if not _names(counterparts):
            problem("`counterparts` must be a list of card ids", entry, "counterparts")
        else:
            card.counterparts = list(counterparts)
        cards.append(card)
    return cards, errors
