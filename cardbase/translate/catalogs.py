"""The two catalogs of a language, where they live, and how they are merged without loss.

Each language has, under ``<locales>/<lang>/LC_MESSAGES/``, the interface catalog ``cardbase.po``
(messages of the command line and the site, extracted from the code into ``cardbase.pot``) and the
content catalog ``content.po`` (topic titles, glossary words, card names and texts, and whole rule
sections, generated from the database, one entry per context such as ``topic:combat`` or
``section:munchkin-es/huir``). A content entry remembers the hash of the source it translates
(an extracted comment ``source-hash``).

Merging a catalog with a new template keeps every translation: an entry whose source changed is
kept, marked fuzzy with its previous source; a translation whose context is gone is carried, fuzzy,
to a new entry with the same or a close source (a renamed heading), else kept as obsolete.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from babel.messages.catalog import Catalog, Message

from .. import __version__
from ..errors import DataErrors
from ..paths import catalog_path  # noqa: F401 - where a catalog lives is decided in paths
from . import pofile

INTERFACE, CONTENT = "cardbase", "content"
DOMAINS = (INTERFACE, CONTENT)
HASH_PREFIX = "source-hash: "


def source_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def read(path: Path, lang: str | None = None) -> Catalog:
    """A catalog read strictly (see ``pofile``); every problem of the file raised at once."""
    catalog, problems = pofile.load(Path(path), lang)
    if problems:
        raise DataErrors(problems)
    return catalog


def write(path: Path, catalog: Catalog, width: int = pofile.CATALOG_WIDTH) -> None:
    """Write a catalog as GNU gettext reads it (``msgfmt --check`` passes), atomically."""
    pofile.write(Path(path), catalog, width)


def new_catalog(lang: str | None, domain: str) -> Catalog:
    return Catalog(locale=lang, domain=domain, project="cardbase", version=__version__,
                   copyright_holder="cardbase contributors", charset="utf-8",
                   fuzzy=False)


def _hash_of(message: Message) -> str | None:
    for comment in message.auto_comments:
        if comment.startswith(HASH_PREFIX):
            return comment[len(HASH_PREFIX):].strip()
    return None


#: How close (0-100, rapidfuzz's ratio) a new source must be to an orphaned one for its
#: translation to be carried over, as fuzzy, to a renamed or moved entry
CARRY_SCORE = 80


def _kind(context: str | None) -> str:
    """The kind of a content context (``section``, ``topic``, ``term``, ``card:…:name``…): a
    translation is only ever carried to an entry of the same kind."""
    parts = (context or "").split(":")
    return parts[0] if parts[0] != "card" else ":".join([parts[0], *parts[2:3]])


def _carry_over(orphans: list[Message], entry: Message) -> Message | None:
    """The orphaned translation whose source is ``entry``'s (same hash), else the closest one."""
    same_kind = [m for m in orphans if _kind(m.context) == _kind(entry.context)]
    wanted = _hash_of(entry)
    for message in same_kind:
        if _hash_of(message) == wanted or message.id == entry.id:
            return message
    if not same_kind:
        return None
    from rapidfuzz import fuzz, process

    best = process.extractOne(entry.id, [m.id for m in same_kind], scorer=fuzz.ratio,
                              score_cutoff=CARRY_SCORE)
    return same_kind[best[2]] if best else None


def _previous_source(previous: Message) -> list[str]:
    """What the translator last translated from: an entry already fuzzy keeps its older source."""
    if previous.fuzzy and previous.previous_id:
        return list(previous.previous_id)
    return [previous.id]


def merge_content(existing: Catalog | None, template: Catalog, lang: str) -> Catalog:
    """The content catalog for ``template``'s sources, keeping every existing translation.

    An entry whose source changed keeps its translation, fuzzy, with the previous source. An
    entry whose context is new (a renamed heading changes ``section:<rulebook>/<slug>``) takes
    the translation of an entry whose context is gone when their sources are the same or close
    enough (``CARRY_SCORE``), also fuzzy with the previous source; what is left is obsolete.
    """
    merged = new_catalog(lang, CONTENT)
    if existing is not None:
        merged.mime_headers = existing.mime_headers
    old = {m.context: m for m in existing if m.id} if existing is not None else {}
    new_contexts = set()
    for entry in template:
        if not entry.id:
            continue
        message = Message(entry.id, context=entry.context, auto_comments=list(entry.auto_comments),
                          flags=set(entry.flags) - {"fuzzy"})
        previous = old.pop(entry.context, None)
        if previous is not None and previous.string:
            message.string = previous.string
            if previous.id != entry.id or _hash_of(previous) != _hash_of(entry):
                message.flags.add("fuzzy")
                message.previous_id = _previous_source(previous)
            elif previous.fuzzy:
                message.flags.add("fuzzy")
                message.previous_id = list(previous.previous_id or [])
        elif previous is None:
            new_contexts.add(entry.context)
        merged[entry.id] = message
    orphans = [m for m in list(old.values()) + list(existing.obsolete.values() if existing else [])
               if m.id and m.string]
    for message in merged:
        if not orphans or not message.id or message.context not in new_contexts:
            continue
        found = _carry_over(orphans, message)
        if found is not None:
            orphans.remove(found)
            message.string = found.string
            message.flags.add("fuzzy")
            message.previous_id = _previous_source(found)
    for message in orphans:
        merged.obsolete[(message.id, message.context)] = message
    return merged


def merge_interface(existing: Catalog | None, template: Catalog, lang: str) -> Catalog:
    """The interface catalog for ``template``: Babel's update (translations kept, changed
    messages matched fuzzily and marked fuzzy, removed ones kept as obsolete)."""
    if existing is None:
        catalog = new_catalog(lang, INTERFACE)
        for message in template:
            if message.id:
                catalog[message.id] = Message(message.id, flags=message.flags,
                                              auto_comments=message.auto_comments)
        return catalog
    existing.update(template, no_fuzzy_matching=False)
    return existing
