"""The two catalogs of a language, where they live, and how they are merged without loss.

Each language has, under ``<locales>/<lang>/LC_MESSAGES/``, the interface catalog ``cardbase.po``
(messages of the command line and the site, extracted from the code into ``cardbase.pot``) and the
content catalog ``content.po`` (topic titles, glossary words, card names and texts, and whole rule
sections, generated from the database, one entry per context such as ``topic:combat`` or
``section:munchkin-es/huir``). A content entry remembers the hash of the source it translates
(an extracted comment ``source-hash``).

Merging a catalog with a new template keeps every translation: an entry whose source changed is
kept, marked fuzzy with its previous source; an entry whose source is gone is kept as obsolete.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

from .. import __version__
from ..paths import catalog_path  # noqa: F401 - where a catalog lives is decided in paths

INTERFACE, CONTENT = "cardbase", "content"
DOMAINS = (INTERFACE, CONTENT)
HASH_PREFIX = "source-hash: "
#: Babel does not read back ``#|`` lines, so the previous source is also kept as a comment
PREVIOUS_PREFIX = "previous source: "


def source_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=lang, abort_invalid=True)


def write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_suffix(".po.tmp")
    with temp.open("wb") as handle:
        write_po(handle, catalog, width=100, sort_output=True, no_location=True,
                 include_previous=True)
    temp.replace(path)


def new_catalog(lang: str | None, domain: str) -> Catalog:
    return Catalog(locale=lang, domain=domain, project="cardbase", version=__version__,
                   copyright_holder="cardbase contributors", charset="utf-8",
                   fuzzy=False)


def _hash_of(message: Message) -> str | None:
    for comment in message.auto_comments:
        if comment.startswith(HASH_PREFIX):
            return comment[len(HASH_PREFIX):].strip()
    return None


def merge_content(existing: Catalog | None, template: Catalog, lang: str) -> Catalog:
    """The content catalog for ``template``'s sources, keeping every existing translation."""
    merged = new_catalog(lang, CONTENT)
    if existing is not None:
        merged.mime_headers = existing.mime_headers
    old = {m.context: m for m in existing if m.id} if existing is not None else {}
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
                message.previous_id = [previous.id]
                message.auto_comments.append(PREVIOUS_PREFIX + previous.id)
            elif previous.fuzzy:
                message.flags.add("fuzzy")
                message.auto_comments.extend(c for c in previous.auto_comments
                                             if c.startswith(PREVIOUS_PREFIX))
        merged[entry.id] = message
    for message in list(old.values()) + list(existing.obsolete.values() if existing else []):
        if message.id and message.string:
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
