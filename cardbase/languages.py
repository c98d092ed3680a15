"""What a language is called, wherever cardbase shows one (the command line and the site).

A language cardbase speaks (one with an interface catalog, and English) is named in the reader's
language, as Babel spells it (``alemán`` on the Spanish site). A language cardbase has no catalog
for, such as a rulebook's French, is named in its own language (``Français``): a name in the
reader's language would suggest cardbase speaks it, and a reader of that language looks for
their own word. Names are capitalised as the language menu shows them; an unknown code stays
itself.
"""

from __future__ import annotations

from . import paths

#: the language the messages are written in: it has no catalog of its own
SOURCE_LANGUAGE = "en"


def _base(code: str) -> str:
    return code.replace("-", "_").split("_")[0]


def has_catalog(code: str, locales: paths.Locales | None = None) -> bool:
    """Whether cardbase's interface speaks ``code`` (a catalog, or the source language)."""
    if _base(code) == SOURCE_LANGUAGE:
        return True
    locales = locales or paths.locales()
    try:
        return locales.catalog_file(_base(code), "cardbase") is not None
    except (OSError, ValueError):
        return False


def _capitalised(name: str) -> str:
    return name[:1].upper() + name[1:]


def own_name(code: str) -> str:
    """``code`` named in its own language, capitalised (``fr`` is ``Français``)."""
    from babel import Locale

    try:
        name = Locale.parse(code.replace("-", "_")).get_display_name(code.replace("-", "_"))
    except Exception:  # an unknown or malformed code keeps its code
        return code
    return _capitalised(name) if name else code


def language_name(code: str, reader: str | None = None,
                  locales: paths.Locales | None = None) -> str:
    """``code`` named for a reader of ``reader``: in the reader's language when cardbase speaks
    ``code``, else in ``code``'s own language."""
    if not reader or not has_catalog(code, locales):
        return own_name(code)
    from babel import Locale

    try:
        name = Locale.parse(code.replace("-", "_")).get_display_name(_base(reader))
    except Exception:  # an unknown reader's language: the language's own name
        return own_name(code)
    return name or code


class LanguageNames(dict):
    """Language names for one reader, each looked up the first time it is asked for (so a
    rulebook's language that no list foresaw is named too)."""

    def __init__(self, reader: str, codes=(), locales: paths.Locales | None = None):
        super().__init__()
        self.reader = reader
        self.locales = locales
        for code in codes:
            self[code]

    def __missing__(self, code: str) -> str:
        name = language_name(code, self.reader, self.locales)
        self[code] = name
        return name

    def get(self, code, default=None):
        return self[code] if code else default
