"""The folders cardbase starts from, as ``os.path`` strings: the package, the project, the
environment's, and the message catalogs' layers.

``cardbase.paths`` decides where every resource is found and says so in the reader's language
when it cannot be; the message catalogs themselves must be found before any message can be
translated, so what finding them needs lives here, below both ``cardbase.paths`` and
``cardbase.i18n``, and says nothing to the reader. Standard library only, and no ``pathlib``:
a lookup finds its catalog through this module.
"""

from __future__ import annotations

import os
from functools import lru_cache

PACKAGE = os.path.dirname(os.path.realpath(__file__))
MANIFEST = os.path.join("data", "manifest.yaml")
CATALOG_ROOT = "locales"
ENV_LOCALES = "CARDBASE_LOCALES"


def project_dir(start: str | os.PathLike | None = None) -> str | None:
    """The project folder: ``start`` (the current directory) when it holds
    ``data/manifest.yaml``, else None."""
    folder = os.fspath(start) if start is not None else os.getcwd()
    return os.path.realpath(folder) if os.path.isfile(os.path.join(folder, MANIFEST)) else None


@lru_cache(maxsize=1)
def shipped_dir() -> str:
    """The package's own copy of its resources (``cardbase/_shipped/`` in a wheel, the source
    checkout beside the package otherwise)."""
    inside = os.path.join(PACKAGE, "_shipped")
    return inside if os.path.isdir(inside) else os.path.dirname(PACKAGE)


def env_text(name: str) -> str | None:
    value = os.environ.get(name)
    return os.path.expanduser(value) if value else None


def absolute_text(path: str | os.PathLike) -> str:
    # Resolved at the edge: a relative path handed to mkdocs or tempfile would be resolved again
    # against another folder (Python 3.11's mkdtemp keeps a relative ``dir`` relative).
    return os.path.abspath(os.path.expanduser(os.fspath(path)))


def catalog_folders(flag: str | os.PathLike | None = None, *,
                    project: str | os.PathLike | None = None) -> tuple[list[str], str | None]:
    """The catalog folders to read, first match wins (``flag``, ``CARDBASE_LOCALES``, the
    project's ``locales/``, the package's), and the one to write to (None: only the package's,
    which is never written to)."""
    project = os.fspath(project) if project is not None else project_dir()
    chosen = [absolute_text(p) for p in (flag, env_text(ENV_LOCALES)) if p is not None]
    if project is not None:
        chosen.append(os.path.join(project, CATALOG_ROOT))
    writable = chosen[0] if chosen else None
    layers: list[str] = []
    for layer in [*chosen, os.path.join(shipped_dir(), CATALOG_ROOT)]:
        if layer not in layers:
            layers.append(layer)
    return layers, writable


def find_catalog(layers, lang: str, domain: str) -> str | None:
    """The catalog of ``lang`` in the first of ``layers`` that has one, or None."""
    for layer in layers:
        path = os.path.join(layer, lang, "LC_MESSAGES", f"{domain}.po")
        if os.path.isfile(path):
            return path
    return None
