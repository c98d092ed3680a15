"""Every read query the application runs, as small named functions over a ``sqlite3.Connection``.

No module outside ``cardbase.storage`` writes SQL: search, the rules checker, the site and the
translate workflow ask these functions, which return rows (``sqlite3.Row`` when the connection
has that row factory, as ``storage.database.connect`` gives) or plain values. A query that several
callers need is written once here. They are grouped by concern: ``rulebooks`` (games, rulebooks,
topics, sections, full-text search), ``cards`` (cards, their names and facts, the glossary) and
``translations`` (the content template and the translation status); every function is also
available from this package directly (``queries.section_by_ref(conn, ref)``). Only the standard
library is imported: these are on the query path of every command.
"""

from __future__ import annotations

from .cards import *  # noqa: F401,F403
from .jsontext import *  # noqa: F401,F403
from .rulebooks import *  # noqa: F401,F403
from .translations import *  # noqa: F401,F403
