"""Where cardbase looks for things, decided here and nowhere else.

Every resource is found in the same order: the command-line flag, then the environment variable,
then the project folder (the current directory when it holds ``data/manifest.yaml``), then the
package's own copy. The package's copy is what the wheel carries under ``cardbase/_shipped/``
(the message catalogs, the hand-written site pages and theme overrides, the base ``mkdocs.yml``);
in a source checkout installed in editable mode it is the checkout's own folders. Catalogs a
translator edits are only ever written to a flag's folder, the environment's or the project's,
never into the installed package.

What must be found before any message can be translated (the package, the project, the
catalogs' folders) is found by ``cardbase.places``, below this module and ``cardbase.i18n``.
Only the standard library is used, and what a lookup needs (its database, the interface
catalog) is resolved with ``os.path`` strings: importing ``pathlib`` alone costs a lookup more
than its query. The functions for builds and translators return ``pathlib.Path`` objects.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from .errors import CardbaseError
from .i18n import _
# the package, the project and the catalogs' folders are found below the messages (places);
# their names are kept here too, where callers have always read them
from .places import (CATALOG_ROOT, ENV_LOCALES, MANIFEST, PACKAGE,  # noqa: F401
                     absolute_text, catalog_folders, env_text, find_catalog, project_dir,
                     shipped_dir)

if TYPE_CHECKING:
    from pathlib import Path

DEFAULT_DB = "cardbase.db"
DEFAULT_SITE = "public"
ENV_DATA, ENV_DB, ENV_SITE_PAGES = ("CARDBASE_DATA", "CARDBASE_DB", "CARDBASE_SITE_PAGES")


def _path(text: str) -> Path:
    from pathlib import Path

    return Path(text)


def project_root(start: Path | None = None) -> Path | None:
    """The project folder: ``start`` (the current directory) when it holds ``data/manifest.yaml``."""
    found = project_dir(start)
    return _path(found) if found is not None else None


def shipped_root() -> Path:
    """The package's own copy of its resources.

    In a wheel they sit in ``cardbase/_shipped/``; in a source checkout (an editable install) the
    top-level ``locales/``, ``site/`` and ``mkdocs.yml`` beside the package are the same files.
    """
    return _path(shipped_dir())


def _env_path(name: str) -> Path | None:
    value = env_text(name)
    return _path(value) if value else None


def _absolute(path: str | os.PathLike) -> Path:
    return _path(absolute_text(path))


def data_dir(flag: Path | None = None) -> Path:
    """The data folder to build from: ``--data``, ``CARDBASE_DATA``, the project's ``data/``."""
    for candidate in (flag, _env_path(ENV_DATA)):
        if candidate is not None:
            return _absolute(candidate)
    root = project_root()
    if root is not None:
        return root / "data"
    raise CardbaseError(_("no data folder: give --data PATH, set {env}, or run cardbase in a "
                          "folder that holds data/manifest.yaml", env=ENV_DATA))


def database_file(flag: str | os.PathLike | None = None) -> str:
    """The database file as a string: ``--db``, ``CARDBASE_DB``, else ``cardbase.db`` here."""
    return absolute_text(flag or env_text(ENV_DB) or DEFAULT_DB)


def database(flag: str | os.PathLike | None = None) -> Path:
    """The database file: ``--db``, ``CARDBASE_DB``, else ``cardbase.db`` here."""
    return _path(database_file(flag))


def site_output(flag: str | os.PathLike | None = None) -> Path:
    """The folder the site is written to: ``--out``, else ``public`` here."""
    return _absolute(flag or DEFAULT_SITE)


def site_pages() -> Path:
    """Hand-written pages, assets and theme overrides: ``CARDBASE_SITE_PAGES``, the project's
    ``site/``, the package's."""
    env = _env_path(ENV_SITE_PAGES)
    if env is not None:
        return _absolute(env)
    root = project_root()
    if root is not None and (root / "site").is_dir():
        return root / "site"
    return shipped_root() / "site"


def mkdocs_config() -> Path:
    """The base mkdocs configuration: the project's ``mkdocs.yml``, else the package's."""
    root = project_root()
    if root is not None and (root / "mkdocs.yml").is_file():
        return root / "mkdocs.yml"
    return shipped_root() / "mkdocs.yml"


class Locales:
    """The message catalogs: folders to read, first match wins, and the one to write to.

    The folders are read in order, so a project's own catalog of a language overrides the one
    the package ships while the package still provides every language the project has not
    touched. They are kept as strings (``key``, ``catalog_file``: what a lookup reads); ``layers``,
    ``writable`` and the other methods give ``Path`` objects.
    """

    __slots__ = ("key", "_writable")

    def __init__(self, layers, writable):
        self.key = tuple(os.fspath(layer) for layer in layers)
        self._writable = os.fspath(writable) if writable is not None else None

    @property
    def layers(self) -> tuple[Path, ...]:
        return tuple(_path(layer) for layer in self.key)

    @property
    def writable(self) -> Path | None:
        return _path(self._writable) if self._writable is not None else None

    def __repr__(self) -> str:
        return f"Locales(layers={self.key!r}, writable={self._writable!r})"

    def catalog_file(self, lang: str, domain: str) -> str | None:
        """The catalog of ``lang`` to read, as a string, or ``None`` when no layer has it."""
        return find_catalog(self.key, lang, domain)

    def catalog(self, lang: str, domain: str) -> Path | None:
        """The catalog of ``lang`` to read, or ``None`` when no layer has it."""
        found = self.catalog_file(lang, domain)
        return _path(found) if found is not None else None

    def target(self, lang: str, domain: str) -> Path:
        """Where an edited catalog of ``lang`` is written."""
        if self._writable is None:
            raise CardbaseError(_(
                "no catalogs folder to write to: give --locales DIR, set {env}, or run cardbase "
                "in a project folder (one that holds data/manifest.yaml)", env=ENV_LOCALES))
        return catalog_path(_path(self._writable), lang, domain)

    def template(self) -> Path | None:
        """The interface template ``cardbase.pot`` (the first layer that has one)."""
        for layer in self.key:
            if os.path.isfile(os.path.join(layer, "cardbase.pot")):
                return _path(os.path.join(layer, "cardbase.pot"))
        return None

    def languages(self) -> list[str]:
        """Every language with a catalog in some layer, sorted."""
        found = set()
        for layer in self.key:
            if os.path.isdir(layer):
                found.update(name for name in os.listdir(layer)
                             if os.path.isdir(os.path.join(layer, name, "LC_MESSAGES")))
        return sorted(found)


def catalog_path(folder: Path, lang: str, domain: str) -> Path:
    return folder / lang / "LC_MESSAGES" / f"{domain}.po"


def locales(flag: str | os.PathLike | None = None, *,
            project: str | os.PathLike | None = None) -> Locales:
    """The catalogs: ``--locales``, ``CARDBASE_LOCALES``, the project's ``locales/``, the package's.

    ``project`` names the project folder when the command knows it (a build's data folder's
    parent); otherwise it is the current directory when that is a project folder.
    """
    return Locales(*catalog_folders(flag, project=project))


def as_locales(value: Locales | str | os.PathLike) -> Locales:
    """``value`` as catalogs: a single folder is read from and written to alone."""
    if isinstance(value, Locales):
        return value
    folder = absolute_text(value)
    return Locales((folder,), folder)
