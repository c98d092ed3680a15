"""Checking a translator's file before anything of it is imported.

Every problem is collected, each with the file and the line of its entry: a file that is not a
valid PO file, a file for another language, a message or context the current sources do not
have, a wrong number of plural forms for the language, a placeholder that is missing, added or
misspelt. One problem in any file means nothing is imported.
"""

from __future__ import annotations

import gettext
import re
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.plurals import get_plural

from ..errors import DataError
from ..i18n import _
from .catalogs import CONTENT, INTERFACE
from .pofile import load

PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\([^)]*\)[sd]")
COUNT = {"{n}", "%(n)s", "%(n)d"}
PLURAL_FORMS = re.compile(r"nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*([^;]+);?\s*$")
MAX_PLURALS = 6


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text or ""))


def domain_of(catalog: Catalog, path: Path) -> str:
    if path.stem.startswith(CONTENT) or any(m.context for m in catalog if m.id):
        return CONTENT
    return INTERFACE


def plural_header(catalog: Catalog) -> tuple[int, str] | None:
    """The file's own ``Plural-Forms`` header as (nplurals, expression), when it has one."""
    value = dict((k.lower(), v) for k, v in catalog.mime_headers).get("plural-forms")
    if not value:
        return None
    match = PLURAL_FORMS.match(value.strip())
    if not match:
        raise ValueError(value)
    count, expression = int(match.group(1)), match.group(2).strip()
    try:
        gettext.c2py(expression)
    except Exception as exc:  # noqa: BLE001 - c2py raises several kinds for a bad expression
        raise ValueError(value) from exc
    if not 1 <= count <= MAX_PLURALS:
        raise ValueError(value)
    return count, expression


def _line_of(path: Path, needle: str) -> int:
    try:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if needle in line:
                return number
    except (OSError, UnicodeDecodeError):
        pass
    return 1


def check_file(path: Path, lang: str, templates: dict[str, Catalog]) -> tuple[Catalog | None,
                                                                           str, list[DataError]]:
    """Read ``path`` and check it against the current templates; return it, its domain and
    every problem found.

    Plural forms are counted as the file's own ``Plural-Forms`` header says (what a translator's
    tool wrote for the language, e.g. Poedit's French ``nplurals=2; plural=(n > 1);`` where
    CLDR has three categories), else as CLDR has them for ``lang``.
    """
    shown = str(path)

    def problem(message: str, line: int | None = None) -> DataError:
        return DataError(message, path=shown, line=line, stage="translate")

    catalog, errors = load(path, lang)
    if catalog is None:
        return None, "", errors
    declared = str(catalog.locale) if catalog.locale else None
    if declared and declared.split("_")[0] != lang.split("_")[0]:
        errors.append(problem(_("the file is for language {declared!r}, not {lang!r}",
                                declared=declared, lang=lang), _line_of(path, "Language:")))
    domain = domain_of(catalog, path)
    template = templates[domain]
    known = {(m.id if not isinstance(m.id, tuple) else m.id[0], m.context) for m in template
             if m.id}
    known_contexts = {m.context for m in template if m.id}
    try:
        header = plural_header(catalog)
    except ValueError:
        header = None
        errors.append(problem(_("the Plural-Forms header is not valid: expected "
                                "\"nplurals=N; plural=EXPRESSION;\""),
                              _line_of(path, "Plural-Forms:")))
    plurals = header[0] if header else get_plural(lang).num_plurals
    said = (_("as the file's Plural-Forms header says") if header
            else _("as CLDR has them for this language"))
    for message in catalog:
        if not message.id:
            continue
        singular = message.id[0] if isinstance(message.id, tuple) else message.id
        line = message.lineno
        if domain == CONTENT and message.context not in known_contexts:
            errors.append(problem(_("unknown context {context!r} (no such entry in the current "
                                    "content)", context=message.context), line))
            continue
        if domain == INTERFACE and (singular, message.context) not in known:
            errors.append(problem(_("unknown message {message!r} (not in cardbase.pot)",
                                    message=singular[:60]), line))
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if isinstance(message.id, tuple):
            given = sum(1 for s in strings if s)  # Babel pads the forms a file leaves out
            if given and given != plurals or len(strings) > plurals:
                found = max(given, len(strings)) if len(strings) > plurals else given
                errors.append(problem(_("expected {expected} plural forms for {lang} ({why}), "
                                        "found {found}", expected=plurals, lang=lang, why=said,
                                        found=found), line))
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
                errors.append(problem(_("placeholder {names} is missing from the translation",
                                        names=", ".join(missing)), line))
            if extra:
                errors.append(problem(_("placeholder {names} is not in the source message",
                                        names=", ".join(extra)), line))
    return catalog, domain, errors
