"""Checking a translator's file before anything of it is imported.

Every problem is collected, each with the file and the line of its entry: a file that is not a
valid PO file, a file for another language, a message or context the current sources do not
have, a wrong number of plural forms for the language, a placeholder that is missing, added or
misspelt. One problem in any file means nothing is imported.
"""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.plurals import get_plural
from babel.messages.pofile import PoFileError

from ..errors import DataError
from .catalogs import CONTENT, INTERFACE, read

PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\([^)]*\)[sd]")
COUNT = {"{n}", "%(n)s", "%(n)d"}


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text or ""))


def domain_of(catalog: Catalog, path: Path) -> str:
    if path.stem.startswith(CONTENT) or any(m.context for m in catalog if m.id):
        return CONTENT
    return INTERFACE


def check_file(path: Path, lang: str, templates: dict[str, Catalog]) -> tuple[Catalog | None,
                                                                           str, list[DataError]]:
    """Read ``path`` and check it against the current templates; return it, its domain and
    every problem found."""
    shown = str(path)

    def problem(message: str, line: int | None = None) -> DataError:
        return DataError(message, path=shown, line=line, stage="translate")

    try:
        catalog = read(path, lang)
    except PoFileError as exc:
        return None, "", [problem(f"not a valid PO file: {exc}", getattr(exc, "lineno", None))]
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        return None, "", [problem(f"cannot be read as a PO file: {exc}")]
    errors: list[DataError] = []
    declared = str(catalog.locale) if catalog.locale else None
    if declared and declared.split("_")[0] != lang.split("_")[0]:
        errors.append(problem(f"the file is for language {declared!r}, not {lang!r}", 1))
    domain = domain_of(catalog, path)
    template = templates[domain]
    known = {(m.id if not isinstance(m.id, tuple) else m.id[0], m.context) for m in template
             if m.id}
    known_contexts = {m.context for m in template if m.id}
    plurals = get_plural(lang).num_plurals
    for message in catalog:
        if not message.id:
            continue
        singular = message.id[0] if isinstance(message.id, tuple) else message.id
        line = message.lineno
        if domain == CONTENT and message.context not in known_contexts:
            errors.append(problem(f"unknown context {message.context!r} (no such entry in the "
                                  "current content)", line))
            continue
        if domain == INTERFACE and (singular, message.context) not in known:
            errors.append(problem(f"unknown message {singular[:60]!r} (not in cardbase.pot)", line))
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if isinstance(message.id, tuple):
            given = sum(1 for s in strings if s)  # Babel pads the forms a file leaves out
            if given and given != plurals or len(strings) > plurals:
                errors.append(problem(f"expected {plurals} plural forms for {lang}, found "
                                      f"{max(given, len(strings)) if len(strings) > plurals else given}",
                                      line))
            wanted = placeholders(message.id[1]) | placeholders(message.id[0])
        else:
            wanted = placeholders(message.id)
        if domain == CONTENT:
            continue  # content is prose: braces in it are text, not placeholders
        for string in strings:
            if not string:
                continue
            found = placeholders(string)
            missing = sorted((wanted - COUNT) - found)
            extra = sorted(found - wanted)
            if missing:
                errors.append(problem(f"placeholder {', '.join(missing)} is missing from the "
                                      "translation", line))
            if extra:
                errors.append(problem(f"placeholder {', '.join(extra)} is not in the source "
                                      "message", line))
    return catalog, domain, errors
