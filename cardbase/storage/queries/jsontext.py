"""Stored JSON text decoded by SQLite's own JSON functions.

Some columns hold JSON (a card's facts and counterparts, a section's flags and repairs). A lookup
reads a handful of such small values, and importing the ``json`` module would cost it more than
its queries do: ``json_value`` has the database decode them instead, to exactly what
``json.loads`` gives.
"""

from __future__ import annotations

import sqlite3

__all__ = ["json_value"]

_JSON_CONSTANTS = {"true": True, "false": False, "null": None}


def json_value(conn: sqlite3.Connection, text: str):
    """A stored JSON text decoded as ``json.loads`` decodes it (objects as dicts, arrays as
    lists, ``true`` as ``True``), by SQLite's JSON functions."""
    kind, atom = conn.execute("SELECT json_type(?1), json_extract(?1, '$')", (text,)).fetchone()
    return _json_decoded(conn, kind, atom, text)


def _json_decoded(conn: sqlite3.Connection, kind: str, atom, text: str):
    if kind in _JSON_CONSTANTS:
        return _JSON_CONSTANTS[kind]
    if kind not in ("array", "object"):
        return atom  # integer, real or text, already decoded
    items = conn.execute("SELECT key, type, atom, value FROM json_each(?)", (text,)).fetchall()
    values = [_json_decoded(conn, item[1], item[2], item[3]) for item in items]
    if kind == "array":
        return values
    return {item[0]: value for item, value in zip(items, values)}
