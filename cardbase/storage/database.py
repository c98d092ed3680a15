"""Opening the database for queries: read-only, checked, with errors a user can act on.

Only the standard library is imported here, and paths stay strings: this is the query path of
every CLI command.
"""

from __future__ import annotations

import os
import sqlite3
from typing import TYPE_CHECKING

from .. import paths
from ..errors import CardbaseError, DatabaseMissing
from ..i18n import _
from .schema import SCHEMA_VERSION

if TYPE_CHECKING:
    from pathlib import Path


def _uri_path(path: str) -> str:
    # the characters a URI filename must escape (urllib.parse costs 2 ms to import)
    return path.replace(os.sep, "/").replace("%", "%25").replace("?", "%3f").replace("#", "%23")


def default_path() -> Path:
    return paths.database()


def connect(path: Path | str | None = None) -> sqlite3.Connection:
    """A read-only connection to the database at ``path`` (or the default one)."""
    path = paths.database_file(path or None)
    if os.path.isdir(path):
        raise DatabaseMissing(_("{path} is a folder, not a database file; name the file "
                                "`cardbase build` wrote (cardbase.db)", path=path))
    if not os.path.isfile(path):
        raise DatabaseMissing(_("no database at {path}; build it first with `cardbase build`",
                                path=path))
    try:
        conn = sqlite3.connect(f"file:{_uri_path(path)}?mode=ro", uri=True)
        conn.row_factory = sqlite3.Row
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        conn.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchone()
    except sqlite3.DatabaseError as exc:
        raise CardbaseError(_("{path} is not a cardbase database ({error})", path=path,
                              error=exc)) from exc
    if version == 0:  # no schema at all: an empty file, or a database of something else
        raise CardbaseError(_("{path} is not a cardbase database (it holds no cardbase tables); "
                              "build it with `cardbase build`", path=path))
    if version != SCHEMA_VERSION:
        raise CardbaseError(_("{path} was built by another version of cardbase; rebuild it with "
                              "`cardbase build`", path=path))
    return conn
