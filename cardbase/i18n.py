"""Translation of user-facing strings through gettext.

Messages are written in English with named placeholders (``_("{count} sections")``) and looked up
in the ``cardbase`` domain under ``locales/<lang>/LC_MESSAGES``. The language comes from the
``--lang`` option when a command sets one, else from ``LANGUAGE``/``LC_ALL``/``LC_MESSAGES``/``LANG``
as gettext reads them. A missing catalog falls back to English, never to an error.
"""

from __future__ import annotations

import gettext as _gettext
import os
from pathlib import Path

DOMAIN = "cardbase"
LOCALE_DIRS = [
    Path(__file__).resolve().parent / "locale",          # compiled catalogs shipped in the package
    Path(__file__).resolve().parent.parent / "locales",  # a source checkout
]

_current: _gettext.NullTranslations | None = None


def _load(languages: list[str] | None) -> _gettext.NullTranslations:
    for directory in LOCALE_DIRS:
        if directory.is_dir():
            found = _gettext.find(DOMAIN, str(directory), languages=languages)
            if found:
                return _gettext.translation(DOMAIN, str(directory), languages=languages,
                                            fallback=True)
    return _gettext.NullTranslations()


def set_language(lang: str | None) -> None:
    """Use ``lang`` for messages from now on; ``None`` means: from the environment."""
    global _current
    _current = _load([lang] if lang else None)


def _translations() -> _gettext.NullTranslations:
    global _current
    if _current is None:
        _current = _load(None)
    return _current


def _(message: str, /, **values: object) -> str:
    """Translate ``message`` and fill its named placeholders."""
    text = _translations().gettext(message)
    return text.format(**values) if values else text


def ngettext(singular: str, plural: str, n: int, /, **values: object) -> str:
    """Translate a message with plural forms; ``n`` is also available as ``{n}``."""
    text = _translations().ngettext(singular, plural, n)
    return text.format(n=n, **values)


def environment_language() -> str | None:
    """The two-letter language the environment asks for, if any."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value and value not in ("C", "POSIX"):
            return value.split(":")[0].split(".")[0].split("_")[0] or None
    return None
