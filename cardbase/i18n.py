"""Translation of user-facing strings through gettext.

Messages are written in English with named placeholders (``_("{count} sections")``) and looked up
in the ``cardbase`` domain, whose catalogs are ``<locales>/<lang>/LC_MESSAGES/cardbase.po``, found
where ``cardbase.places`` says (a project's own catalogs first, then the package's). The language
comes from the ``--lang`` option when a command sets one, else from
``LANGUAGE``/``LC_ALL``/``LC_MESSAGES``/``LANG`` as gettext reads them. A missing catalog or message
falls back to English, never to an error. A catalog is compiled once per version into a user cache
and loaded once per process and language.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from . import places

if TYPE_CHECKING:
    from pathlib import Path

    from .paths import Locales

DOMAIN = "cardbase"


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it (it is translated when shown)."""
    return message


class Translations:
    """A compiled catalog: ``gettext``, ``ngettext`` and the context variants, as Jinja's i18n
    extension and ``gettext.GNUTranslations`` have them. Without a catalog, English. (Kept small:
    the standard ``gettext`` module imports ``locale`` and parses ``.mo`` files in Python, both on
    every command's path.)"""

    def __init__(self, catalog: dict | None = None, plural: str | None = None,
                 lang: str | None = None, source: Path | None = None):
        self._catalog = catalog or {}
        self._plural_source = plural
        self._plural = None
        self.lang = lang          # the language of the catalog (None: English)
        self.source = source      # the ``.po`` file it was compiled from

    def _plural_index(self, n: int) -> int:
        if self._plural is None:
            if self._plural_source:
                import gettext

                self._plural = gettext.c2py(self._plural_source)
            else:
                self._plural = lambda count: int(count != 1)
        return self._plural(n)

    def gettext(self, message: str) -> str:
        return self._catalog.get(message) or message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._plural_text(singular, plural, n)

    def _plural_text(self, singular: str, plural: str, n: int) -> str:
        if self._catalog:
            text = self._catalog.get((singular, self._plural_index(n)))
            if text:
                return text
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str) -> str:
        return self._catalog.get(f"{context}\x04{message}") or message

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        text = self._plural_text(f"{context}\x04{singular}", f"{context}\x04{plural}", n)
        return text.split("\x04")[-1]


_current: Translations | None = None
_loaded: dict[tuple, Translations] = {}


def _cache_root() -> str:
    """The user cache folder of compiled catalogs, as a string (pathlib stays off the query path)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "cardbase", "locale")


def _cache_dir() -> Path:
    from pathlib import Path

    return Path(_cache_root())


def _cache_key(po: Path | str) -> str:
    """A name for the catalog's current version: the file it is (device and inode), its size
    and modification time, all from one stat (hashing the file or its path would cost an import
    on the query path)."""
    stat = os.stat(po)
    return f"{stat.st_dev:x}-{stat.st_ino:x}-{stat.st_size:x}-{stat.st_mtime_ns:x}"


def _compiled(po: str, lang: str) -> Translations | None:
    """The catalog's translations, compiled once per catalog version into a user cache.

    Catalogs are kept as ``.po`` text only; the first run after a catalog changes compiles it
    (fuzzy entries left out, so a changed source string shows in English until reviewed) and
    stores the message table with ``marshal``, which loads far faster than a ``.mo`` file parsed
    in Python.
    """
    import marshal

    folder = os.path.join(_cache_root(), lang)
    target = os.path.join(folder, f"{DOMAIN}-{_cache_key(po)}.marshal")
    try:
        # read whole, then decoded: marshal.load on a file reads it piece by piece, which
        # takes twice as long for a catalog of a few hundred messages
        with open(target, "rb") as handle:
            catalog, plural = marshal.loads(handle.read())
    except (OSError, EOFError, ValueError, TypeError):
        compiled = _compile(po, lang)
        if compiled is None:
            return None
        catalog, plural = compiled
        try:
            os.makedirs(folder, exist_ok=True)
            temp = f"{target}.{os.getpid()}.tmp"
            with open(temp, "wb") as handle:
                marshal.dump((catalog, plural), handle)
            os.replace(temp, target)
        except OSError:
            pass  # a read-only cache: compile again next time
    return Translations(catalog, plural, lang, po)


def _compile(po: str, lang: str) -> tuple[dict, str | None] | None:
    """The message table and plural expression of a ``.po`` catalog (through Babel)."""
    import gettext
    import io

    try:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        with open(po, "rb") as handle:
            catalog = read_po(handle, locale=lang)
        buffer = io.BytesIO()
        write_mo(buffer, catalog, use_fuzzy=False)
    except (OSError, ValueError, ImportError):
        return None
    buffer.seek(0)
    parsed = gettext.GNUTranslations(buffer)
    forms = parsed.info().get("plural-forms", "")
    plural = forms.split("plural=", 1)[1].rstrip("; ") if "plural=" in forms else None
    return dict(parsed._catalog), plural


def _candidates(lang: str) -> list[str]:
    lang = lang.replace("-", "_")
    return [lang] + ([lang.split("_")[0]] if "_" in lang else [])


def _layers(locales: Locales | None) -> tuple[str, ...]:
    """The folders to read catalogs from: ``locales``' (``cardbase.paths.Locales``), else the
    usual ones (``cardbase.places``, which needs no message to find them)."""
    return locales.key if locales is not None else tuple(places.catalog_folders()[0])


def _load(languages: list[str] | None, locales: Locales | None = None) -> Translations:
    """The translations of the first of ``languages`` that has a catalog (English otherwise)."""
    layers = _layers(locales)
    key = (tuple(languages or ()), layers)
    if key in _loaded:
        return _loaded[key]
    found = Translations()
    for candidate in (c for language in languages or [] for c in _candidates(language)):
        po = places.find_catalog(layers, candidate, DOMAIN)
        translations = _compiled(po, candidate) if po is not None else None
        if translations is not None:
            found = translations
            break
    _loaded[key] = found
    return found


def has_messages(lang: str, locales: Locales | None = None) -> bool:
    """Whether messages can be shown in ``lang``: English (the messages' own language) or a
    language with a catalog."""
    if lang.replace("-", "_").split("_")[0].lower() == "en":
        return True
    layers = _layers(locales)
    return any(places.find_catalog(layers, c, DOMAIN) is not None for c in _candidates(lang))


def set_language(lang: str | None, locales: Locales | None = None) -> None:
    """Use ``lang`` for messages from now on; ``None`` means: from the environment. The
    catalogs are ``locales``' (the usual ones if not given)."""
    global _current
    _current = _load([lang] if lang else environment_languages(), locales)


@contextmanager
def language(lang: str, locales: Locales | None = None) -> Iterator[None]:
    """Use ``lang`` (from ``locales``' catalogs if given) for messages inside the block, then
    the language used before it."""
    global _current
    before = _current
    set_language(lang, locales)
    try:
        yield
    finally:
        _current = before


def _translations() -> Translations:
    global _current
    if _current is None:
        _current = _load(environment_languages())
    return _current


def interface_language() -> str:
    """The language messages are shown in now (``en`` when no catalog is in use)."""
    return _translations().lang or "en"


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


def environment_gettext(message: str) -> str:
    """``message`` in the environment's language, whatever ``set_language`` chose: for what is
    shown before a command's options are read (help texts)."""
    return _load(environment_languages()).gettext(message)


def install_click_translations() -> None:
    """Let click's own words ("Usage:", "Error: No such option") speak the environment's
    language, with that language's catalog.

    click translates through the ``gettext`` and ``ngettext`` functions of the standard module,
    which each of its modules imports under its own names (``_``, ``ngettext``). Those functions
    search the locale folders for a ``.mo`` file (importing ``locale`` and calling ``stat`` for
    every spelling of every language asked for) each time they are called, a dozen times before
    a command runs. The names in click's loaded modules are pointed at the environment's
    catalog here instead, which is in memory already and translates click's messages as every
    other one (``cardbase.clitext.CLICK_MESSAGES``); in English they return the message as the
    standard functions do without a catalog.
    """
    import gettext

    translations = _load(environment_languages())
    ours = {"_": translations.gettext, "ngettext": translations.ngettext}
    for name, module in list(sys.modules.items()):
        if module is None or (name != "click" and not name.startswith("click.")):
            continue
        names = vars(module)
        for attribute, function in ours.items():
            current = names.get(attribute)
            if current is getattr(gettext, "gettext" if attribute == "_" else "ngettext") or \
                    getattr(current, "__self__", None).__class__ is Translations:
                names[attribute] = function
