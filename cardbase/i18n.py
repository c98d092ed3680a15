"""Translation of user-facing strings through gettext.

Messages are written in English with named placeholders (``_("{count} sections")``) and looked up
in the ``cardbase`` domain, whose catalogs are ``<locales>/<lang>/LC_MESSAGES/cardbase.po``, found
where ``cardbase.paths`` says (a project's own catalogs first, then the package's). The language
comes from the ``--lang`` option when a command sets one, else from
``LANGUAGE``/``LC_ALL``/``LC_MESSAGES``/``LANG`` as gettext reads them. A missing catalog or message
falls back to English, never to an error. A catalog is compiled once per version into a user cache
and loaded once per process and language.
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from . import paths

DOMAIN = "cardbase"

_current: _gettext.NullTranslations | None = None
_loaded: dict[tuple, _gettext.NullTranslations] = {}


def _cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "cardbase" / "locale"


def _compiled(po: Path, lang: str) -> Path | None:
    """The compiled form of a catalog, made once per catalog version and cached.

    Catalogs are kept as ``.po`` text only; the first run after a catalog changes compiles it
    (fuzzy entries left out, so a changed source string shows in English until reviewed). The
    cache is keyed on the catalog's path, size and modification time: a lookup costs one stat.
    """
    import hashlib

    stat = po.stat()
    key = f"{po.resolve()}\0{stat.st_size}\0{stat.st_mtime_ns}".encode("utf-8", "surrogateescape")
    digest = hashlib.sha1(key).hexdigest()[:16]
    target = _cache_dir() / lang / f"{DOMAIN}-{digest}.mo"
    if target.is_file():
        return target
    try:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        with po.open("rb") as handle:
            catalog = read_po(handle, locale=lang)
        target.parent.mkdir(parents=True, exist_ok=True)
        temp = target.with_suffix(f".{os.getpid()}.tmp")
        with temp.open("wb") as handle:
            write_mo(handle, catalog, use_fuzzy=False)
        temp.replace(target)
        return target
    except (OSError, ValueError, ImportError):
        return None


def _candidates(lang: str) -> list[str]:
    lang = lang.replace("-", "_")
    return [lang] + ([lang.split("_")[0]] if "_" in lang else [])


def _load(languages: list[str] | None, locales: paths.Locales | None = None
          ) -> _gettext.NullTranslations:
    """The translations of the first of ``languages`` that has a catalog (English otherwise)."""
    locales = locales or paths.locales()
    key = (tuple(languages or ()), locales)
    if key in _loaded:
        return _loaded[key]
    found: _gettext.NullTranslations = _gettext.NullTranslations()
    for candidate in (c for language in languages or [] for c in _candidates(language)):
        po = locales.catalog(candidate, DOMAIN)
        mo = _compiled(po, candidate) if po is not None else None
        if mo is not None:
            with mo.open("rb") as handle:
                found = _gettext.GNUTranslations(handle)
            break
    _loaded[key] = found
    return found


def set_language(lang: str | None) -> None:
    """Use ``lang`` for messages from now on; ``None`` means: from the environment."""
    global _current
    _current = _load([lang] if lang else environment_languages())


@contextmanager
def language(lang: str) -> Iterator[None]:
    """Use ``lang`` for messages inside the block, then the language used before it."""
    global _current
    before = _current
    set_language(lang)
    try:
        yield
    finally:
        _current = before


def _translations() -> _gettext.NullTranslations:
    global _current
    if _current is None:
        _current = _load(environment_languages())
    return _current


def _(message: str, /, **values: object) -> str:
    """Translate ``message`` and fill its named placeholders."""
    text = _translations().gettext(message)
    return text.format(**values) if values else text


def ngettext(singular: str, plural: str, n: int, /, **values: object) -> str:
    """Translate a message with plural forms; ``n`` is also available as ``{n}``."""
    text = _translations().ngettext(singular, plural, n)
    return text.format(n=n, **values)


def environment_languages() -> list[str]:
    """The languages the environment asks for, in order (as gettext reads them)."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            languages = [v.split(".")[0].split("@")[0] for v in value.split(":")]
            languages = [v for v in languages if v and v not in ("C", "POSIX")]
            if languages:
                return languages
    return []


def environment_language() -> str | None:
    """The first language the environment asks for, as a language code (``de_DE`` → ``de``)."""
    languages = environment_languages()
    return languages[0].split("_")[0] if languages else None
