"""Where cardbase looks for things, decided here and nowhere else.

Every resource is found in the same order: the command-line flag, then the environment variable,
then the project folder (the current directory when it holds ``data/manifest.yaml``), then the
package's own copy. The package's copy is what the wheel carries under ``cardbase/_shipped/``
(the message catalogs, the hand-written site pages and theme overrides, the base ``mkdocs.yml``);
in a source checkout installed in editable mode it is the checkout's own folders. Catalogs a
translator edits are only ever written to a flag's folder, the environment's or the project's,
never into the installed package. Only the standard library is used: this is on the query path.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from .errors import CardbaseError

PACKAGE = Path(__file__).resolve().parent
MANIFEST = Path("data") / "manifest.yaml"
DEFAULT_DB = "cardbase.db"
DEFAULT_SITE = "public"
CATALOG_ROOT = "locales"
ENV_DATA, ENV_DB, ENV_LOCALES, ENV_SITE_PAGES = (
    "CARDBASE_DATA", "CARDBASE_DB", "CARDBASE_LOCALES", "CARDBASE_SITE_PAGES")


def project_root(start: Path | None = None) -> Path | None:
    """The project folder: ``start`` (the current directory) when it holds ``data/manifest.yaml``."""
    folder = Path(start) if start is not None else Path.cwd()
    return folder.resolve() if (folder / MANIFEST).is_file() else None


@lru_cache(maxsize=1)
def shipped_root() -> Path:
    """The package's own copy of its resources.

    In a wheel they sit in ``cardbase/_shipped/``; in a source checkout (an editable install) the
    top-level ``locales/``, ``site/`` and ``mkdocs.yml`` beside the package are the same files.
    """
    inside = PACKAGE / "_shipped"
    if inside.is_dir():
        return inside
    return PACKAGE.parent


def _env_path(name: str) -> Path | None:
    value = os.environ.get(name)
    return Path(value).expanduser() if value else None


def _absolute(path: Path) -> Path:
    # Resolved at the edge: a relative path handed to mkdocs or tempfile would be resolved again
    # against another folder (Python 3.11's mkdtemp keeps a relative ``dir`` relative).
    return Path(os.path.abspath(path.expanduser()))


def data_dir(flag: Path | None = None) -> Path:
    """The data folder to build from: ``--data``, ``CARDBASE_DATA``, the project's ``data/``."""
    for candidate in (flag, _env_path(ENV_DATA)):
        if candidate is not None:
            return _absolute(candidate)
    root = project_root()
    if root is not None:
        return root / "data"
    from .i18n import _

    raise CardbaseError(_("no data folder: give --data PATH, set {env}, or run cardbase in a "
                          "folder that holds data/manifest.yaml", env=ENV_DATA))


def database(flag: Path | None = None) -> Path:
    """The database file: ``--db``, ``CARDBASE_DB``, else ``cardbase.db`` here."""
    return _absolute(flag or _env_path(ENV_DB) or Path(DEFAULT_DB))


def site_output(flag: Path | None = None) -> Path:
    """The folder the site is written to: ``--out``, else ``public`` here."""
    return _absolute(flag or Path(DEFAULT_SITE))


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

    ``layers`` are read in order, so a project's own catalog of a language overrides the one the
    package ships while the package still provides every language the project has not touched.
    (A plain class: ``dataclasses`` costs a millisecond on the query path.)
    """

    __slots__ = ("layers", "writable")

    def __init__(self, layers: tuple[Path, ...], writable: Path | None):
        self.layers = tuple(layers)
        self.writable = writable

    def __repr__(self) -> str:
        return f"Locales(layers={self.layers!r}, writable={self.writable!r})"

    def catalog(self, lang: str, domain: str) -> Path | None:
        """The catalog of ``lang`` to read, or ``None`` when no layer has it."""
        for layer in self.layers:
            path = catalog_path(layer, lang, domain)
            if path.is_file():
                return path
        return None

    def target(self, lang: str, domain: str) -> Path:
        """Where an edited catalog of ``lang`` is written."""
        if self.writable is None:
            from .i18n import _

            raise CardbaseError(_(
                "no catalogs folder to write to: give --locales DIR, set {env}, or run cardbase "
                "in a project folder (one that holds data/manifest.yaml)", env=ENV_LOCALES))
        return catalog_path(self.writable, lang, domain)

    def template(self) -> Path | None:
        """The interface template ``cardbase.pot`` (the first layer that has one)."""
        for layer in self.layers:
            if (layer / "cardbase.pot").is_file():
                return layer / "cardbase.pot"
        return None

    def languages(self) -> list[str]:
        """Every language with a catalog in some layer, sorted."""
        found = set()
        for layer in self.layers:
            if layer.is_dir():
                found.update(p.name for p in layer.iterdir() if (p / "LC_MESSAGES").is_dir())
        return sorted(found)


def catalog_path(folder: Path, lang: str, domain: str) -> Path:
    return folder / lang / "LC_MESSAGES" / f"{domain}.po"


def locales(flag: Path | None = None, *, project: Path | None = None) -> Locales:
    """The catalogs: ``--locales``, ``CARDBASE_LOCALES``, the project's ``locales/``, the package's.

    ``project`` names the project folder when the command knows it (a build's data folder's
    parent); otherwise it is the current directory when that is a project folder.
    """
    project = project if project is not None else project_root()
    chosen = [_absolute(p) for p in (flag, _env_path(ENV_LOCALES)) if p is not None]
    if project is not None:
        chosen.append(project / CATALOG_ROOT)
    writable = chosen[0] if chosen else None
    layers: list[Path] = []
    for layer in [*chosen, shipped_root() / CATALOG_ROOT]:
        if layer not in layers:
            layers.append(layer)
    return Locales(tuple(layers), writable)


def as_locales(value: Locales | Path | str) -> Locales:
    """``value`` as catalogs: a single folder is read from and written to alone."""
    if isinstance(value, Locales):
        return value
    folder = _absolute(Path(value))
    return Locales((folder,), folder)
