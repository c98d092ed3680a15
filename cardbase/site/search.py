"""Search that works in every language: an accent-folded copy of each page's text.

mkdocs-material's search does not fold diacritics, so ``quai vat`` would not find "Quái vật",
and no analyser maps ``đ`` to ``d``. After each build, every document of the language's
``search_index.json`` gets a ``folded`` field (the same text through ``textkeys.fold``), listed in
the index's fields so that the search matches it while results still show the original text.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..search.textkeys import fold

FOLDED_BOOST = 0.9


def add_folded_text(site_dir: Path) -> int:
    """Add the folded field to the search index under ``site_dir``; return the documents."""
    path = site_dir / "search" / "search_index.json"
    index = json.loads(path.read_text(encoding="utf-8"))
    for doc in index.get("docs", []):
        doc["folded"] = fold(doc.get("title", "") + " " + doc.get("text", ""))
    fields = index.setdefault("config", {}).setdefault("fields", {})
    fields["folded"] = {"boost": FOLDED_BOOST}
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    return len(index.get("docs", []))
