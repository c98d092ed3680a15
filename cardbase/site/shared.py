"""What every language's pages show that does not depend on the language, computed once per build.

The decision tables of each game, the edition differences, the translation status, the rules
coverage of each rulebook and the situations its marks link to, and the checker compiled for
the "Can I play this?" page (answered in every language at once) are the same facts in every
language; only their words differ. They are computed once, before the languages are built, and
handed to each language's build (to a worker process as a pickled copy), instead of once per
language. ``compute`` returns plain data:
dictionaries, lists, strings and numbers.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path


def compute(conn: sqlite3.Connection, locales: Path | None = None,
            languages: tuple[str, ...] = (), elsewhere=None) -> dict:
    """The language-independent data of the site's pages (the check page's answers in each of
    ``languages``; ``elsewhere`` compiles part of the checker in another process, see
    ``checkpage.compile_all``)."""
    from ..paths import locales as find_locales
    from ..rules.coverage import coverage
    from ..rules.editions import differences
    from ..rules.table import decision_table
    from ..storage import queries
    from ..translate.workflow import status
    from .checkpage import compile_all
    from .coverage import sentence_marks

    rulebooks = [dict(r) for r in queries.rulebook_rows(conn)]
    books = {game: [r["id"] for r in rulebooks if r["game_id"] == game]
             for game in queries.game_names(conn)}
    tables = {game: decision_table(game, ids) for game, ids in books.items() if ids}
    diffs = {}
    for game, ids in books.items():
        # a game printed in two editions gets its page of differences
        if len(ids) == 2:
            diffs[game] = differences(conn, ids[0], ids[1], examples=0)
    covered = {entry["rulebook"]: entry for entry in coverage(conn)["rulebooks"]}
    return {"tables": tables, "diffs": diffs,
            "status": status(conn, locales or find_locales()),
            "coverage": covered, "marks": sentence_marks(covered, tables),
            "check": compile_all(conn, languages, locales, elsewhere) if languages else None}
