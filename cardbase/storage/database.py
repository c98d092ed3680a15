"""Opening the database for queries: read-only, checked, with errors a user can act on.

Only the standard library is imported here: this is the query path of every CLI command.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from ..errors import CardbaseError, DatabaseMissing
from ..i18n import _
from .schema import SCHEMA_VERSION

DEFAULT_DB = "cardbase.db"


def default_path() -> Path:
    return Path(os.environ.get("CARDBASE_DB") or DEFAULT_DB)


def connect(path: Path | str | None = None) -> sqlite3.Connection:
    """A read-only connection to the database at ``path`` (or the default one)."""
    path = Path(path) if path else default_path()
    if not path.is_file():
        raise DatabaseMissing(_("no database at {path}; build it first with `cardbase build`",
                                path=path))
    try:
        conn = sqlite3.connect(f"file:{path.resolve().as_posix()}?mode=ro", uri=True)
        conn.row_factory = sqlite3.Row
        row = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    except sqlite3.DatabaseError as exc:
        raise CardbaseError(_("{path} is not a cardbase database ({error})", path=path,
                              error=exc)) from exc
    if not row or row[0] != str(SCHEMA_VERSION):
        raise CardbaseError(_("{path} was built by another version of cardbase; rebuild it with "
                              "`cardbase build`", path=path))
    return conn
