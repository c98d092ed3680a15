"""Search that works in every language: the accent-folded words of each page's text.

mkdocs-material's search does not fold diacritics, so ``quai vat`` would not find "Quái vật",
and no analyser maps ``đ`` to ``d``. After each build, every document of the language's
``search_index.json`` whose text holds words that folding changes (``textkeys.fold``: accents
removed, ``đ`` → ``d``, ``ß`` → ``ss``) gets a ``folded`` field with those words folded, each
once, as plain text; the field is listed in the index's fields, so that the search matches it while
results still show the original text. The words folding leaves as they are (besides their case,
which the search ignores anyway) are found in the text itself, and a document without such words
gets no field at all: the index does not hold each text twice.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from ..search.textkeys import fold

FOLDED_BOOST = 0.9
_TAG = re.compile(r"<[^>]*>")
_WORD = re.compile(r"\w+")


def plain_text(text: str) -> str:
    """The text of a search document without its HTML."""
    return html.unescape(_TAG.sub(" ", text or ""))


def folded_words(text: str) -> str:
    """The words of ``text`` that folding changes, folded, each once, in order of appearance."""
    words: dict[str, None] = {}
    for word in _WORD.findall(plain_text(text)):
        folded = fold(word)
        if folded != word.lower():
            words.setdefault(folded)
    return " ".join(words)


def add_folded_text(site_dir: Path) -> int:
    """Add the folded field to the search index under ``site_dir``; return the documents."""
    path = site_dir / "search" / "search_index.json"
    index = json.loads(path.read_text(encoding="utf-8"))
    for doc in index.get("docs", []):
        doc.pop("folded", None)
        folded = folded_words(doc.get("title", "") + " " + doc.get("text", ""))
        if folded:
            doc["folded"] = folded
    fields = index.setdefault("config", {}).setdefault("fields", {})
    fields["folded"] = {"boost": FOLDED_BOOST}
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    return len(index.get("docs", []))
