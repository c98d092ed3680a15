"""Outline files: what a human tells the segmenter about one rulebook's headings.

``data/outlines/<rulebook>.yaml`` is optional. It lists, in document order, headings that no
heading style finds (run into their paragraph, or not printed at all) and facts about headings
that are found (their level, kind and topic)::

    auto: true                 # also find headings by the manifest's styles (default)
    sections:
      - heading: Preparación   # heading text as it stands in the repaired text
        followed_by: Pueden    # optional: text right after it, to pick the right occurrence
        topic: setup
      - heading: Weglaufen     # a heading the extraction lost: the section starts at `at`
        at: Das Monster ist eine oder mehrere
      - heading: Ejemplo de combate, con números y todo
        kind: example
      - not_heading: Munchkin Tamaño Familiar   # a line that looks like a heading but is not

Every entry must resolve in the text; an entry that does not is an error naming its line, and so
is a key the format does not have. Texts are read as written (``heading: 1984`` is a heading).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..errors import DataError, excerpt
from ..yamlfile import Problems, line_of, load_yaml, text_of, unknown_keys

KINDS = ("rule", "front", "example", "sidebar", "advert", "credits", "variant", "label",
         "card_faces")
_KEYS = {"heading", "followed_by", "at", "level", "topic", "kind", "not_heading", "flags"}
_TEXT_KEYS = ("heading", "followed_by", "at", "topic", "kind", "not_heading")
FLAGS = ("symbols_lost", "truncated", "scrambled", "garbled")


@dataclass(frozen=True)
class OutlineEntry:
    line: int
    heading: str | None = None
    followed_by: str | None = None
    at: str | None = None
    level: int | None = None
    topic: str | None = None
    kind: str | None = None
    not_heading: str | None = None
    flags: tuple[str, ...] = ()


@dataclass(frozen=True)
class Outline:
    path: Path | None
    auto: bool = True
    entries: tuple[OutlineEntry, ...] = ()


EMPTY = Outline(path=None)


def load_outline(path: Path, topic_ids: set[str] | None = None) -> Outline:
    if not path.is_file():
        return Outline(path=None)
    doc = load_yaml(path)
    problem = Problems(path, "outline")

    if not isinstance(doc, dict):
        raise DataError("expected a mapping with `sections`", path=str(path), line=1,
                        stage="outline")
    unknown_keys(problem, doc, ("auto", "sections"), "an outline")
    auto = doc.get("auto", True)
    if not isinstance(auto, bool):
        problem("`auto` must be true or false", doc, "auto")
    raw_entries = doc.get("sections", [])
    if not isinstance(raw_entries, list):
        problem("`sections` must be a list", doc, "sections")
        raw_entries = []
    entries = []
    for index, item in enumerate(raw_entries):
        if not isinstance(item, dict):
            problem("expected an entry with `heading` or `not_heading`", raw_entries, index)
            continue
        for key in sorted(set(item) - _KEYS):
            problem(f"unknown key `{excerpt(key)}` (expected one of: {', '.join(sorted(_KEYS))})",
                    item, key)
        texts = {key: text_of(item, key) for key in _TEXT_KEYS}
        if bool(texts["heading"]) == bool(texts["not_heading"]):
            problem("an entry needs exactly one of `heading` and `not_heading`", item)
            continue
        wrong = [key for key in _TEXT_KEYS if key in item and not isinstance(texts[key], str)]
        for key in wrong:
            problem(f"`{key}` must be text", item, key)
        if wrong:
            continue
        level = item.get("level")
        if level is not None and (not isinstance(level, int) or isinstance(level, bool)
                                  or not 1 <= level <= 6):
            problem("`level` must be a whole number from 1 to 6", item, "level")
        if texts["kind"] is not None and texts["kind"] not in KINDS:
            problem(f"unknown kind {excerpt(texts['kind'])!r} (expected one of: "
                    f"{', '.join(KINDS)})", item, "kind")
        if texts["topic"] and topic_ids is not None and texts["topic"] not in topic_ids:
            problem(f"unknown topic {excerpt(texts['topic'])!r} (not in data/topics.yaml)", item,
                    "topic")
        flags = item.get("flags", [])
        if not isinstance(flags, list) or any(f not in FLAGS for f in flags):
            problem(f"`flags` must be a list of: {', '.join(FLAGS)}", item, "flags")
            flags = []
        entries.append(OutlineEntry(
            line=line_of(raw_entries, index) or 0, heading=texts["heading"],
            followed_by=texts["followed_by"], at=texts["at"],
            level=level if isinstance(level, int) else None, topic=texts["topic"],
            kind=texts["kind"], not_heading=texts["not_heading"], flags=tuple(flags)))
    problem.raise_if_any()
    return Outline(path=path, auto=bool(auto), entries=tuple(entries))
