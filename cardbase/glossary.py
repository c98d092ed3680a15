"""The game glossary: each term's words in every language, and the sections that define it.

``data/glossary.yaml`` lists terms (level, curse, run away...) with the words each language's
rulebooks use for them, words that are our own marked as such, and the sections that define the
term. The build checks that languages are known and that every cited section exists. The
glossary lets a search in one language find the same rule in the others.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .errors import DataError
from .sources.manifest import known_language
from .yamlfile import Problems, load_yaml

_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


@dataclass
class Term:
    id: str
    words: dict[str, list[str]]
    ours: dict[str, list[str]] = field(default_factory=dict)
    defined_in: list[str] = field(default_factory=list)
    note: str = ""

    def is_ours(self, lang: str, word: str) -> bool:
        return word in self.ours.get(lang, [])


def load_glossary(path: Path, section_refs: set[str]) -> list[Term]:
    """Read and check the glossary; raise ``DataErrors`` listing every problem."""
    if not path.is_file():
        return []
    doc = load_yaml(path)
    problem = Problems(path, "glossary")

    items = doc.get("terms") if isinstance(doc, dict) else None
    if not isinstance(items, list):
        raise DataError("expected `terms`: a list of terms", path=str(path), line=1,
                        stage="glossary")
    terms: list[Term] = []
    seen: set[str] = set()
    for index, item in enumerate(items):
        if not isinstance(item, dict) or not isinstance(item.get("id"), str) \
                or not _ID.match(item["id"]):
            problem("expected a term with an `id` (lowercase words joined by hyphens)", items, index)
            continue
        if item["id"] in seen:
            problem(f"duplicate term id {item['id']!r}", item, "id")
        seen.add(item["id"])
        words = item.get("words")
        if not isinstance(words, dict) or not words:
            problem("a term needs `words`: language -> list of words", item, "words")
            continue
        clean: dict[str, list[str]] = {}
        for lang, values in words.items():
            if not known_language(str(lang)):
                problem(f"unknown language code {lang!r}", words, lang)
            if not isinstance(values, list) or not all(isinstance(v, str) and v.strip()
                                                       for v in values):
                problem(f"the {lang} words must be a list of words", words, lang)
                continue
            clean[str(lang)] = [v.strip() for v in values]
        ours = item.get("ours") or {}
        if not isinstance(ours, dict):
            problem("`ours` maps a language to the words that are our own", item, "ours")
            ours = {}
        for lang, values in ours.items():
            missing = [v for v in (values or []) if v not in clean.get(lang, [])]
            if missing:
                problem(f"`ours` lists {lang} words that are not among its words: "
                        f"{', '.join(map(str, missing))}", ours, lang)
        refs = item.get("defined_in") or []
        if not isinstance(refs, list):
            problem("`defined_in` must be a list of section refs", item, "defined_in")
            refs = []
        for ref in refs:
            if ref not in section_refs:
                problem(f"unknown section {ref!r} in defined_in", item, "defined_in")
        terms.append(Term(id=item["id"], words=clean,
                          ours={str(k): list(v or []) for k, v in ours.items()},
                          defined_in=list(refs), note=str(item.get("note") or "")))
    problem.raise_if_any()
    return terms
