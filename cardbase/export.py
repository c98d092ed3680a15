"""Exporting the database's contents for other tools, as text or atomically into a file.

``export_text`` gives everything ``search.rules.export_data`` gathers as one JSON document
(``json``) or as one JSON line per section (``jsonl``); ``write_export`` writes that text to a
file through a staging file beside it (``cardbase.atomic``), renamed into place only once it is
complete and removed if anything fails, so the file is always either the previous one or the
whole new export.
"""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

from .atomic import remove_abandoned, staging_name
from .errors import QueryError
from .i18n import _

FORMATS = ("json", "jsonl")


def export_text(conn: sqlite3.Connection, fmt: str = "json") -> str:
    """The whole export in format ``fmt`` (``json`` or ``jsonl``), ending with a newline."""
    from .search.rules import export_data

    if fmt not in FORMATS:
        raise QueryError(_("unknown export format {format!r}; the formats are: {known}",
                           format=fmt, known=", ".join(FORMATS)))
    data = export_data(conn)
    if fmt == "json":
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    return "".join(json.dumps({"type": "section", **s}, ensure_ascii=False) + "\n"
                   for s in data["sections"])


def write_export(conn: sqlite3.Connection, out: Path | str, fmt: str = "json") -> Path:
    """Write the export to ``out`` atomically; return the path written."""
    out = Path(os.path.abspath(out))
    text = export_text(conn, fmt)
    remove_abandoned(out)
    temp = staging_name(out)
    try:
        temp.write_text(text, encoding="utf-8")
        os.replace(temp, out)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    return out
