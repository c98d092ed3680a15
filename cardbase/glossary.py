"""The game glossary: each term's words in every language, and the sections that define it.

``data/glossary.yaml`` lists terms (level, curse, run away...) with the words each language's
rulebooks use for them, words that are our own marked as such, and the sections that define the
term. The build checks that languages are known, that every cited section exists and that no key
is one the format does not have; ids and words are read as written (``text_of``). The glossary
lets a search in one language find the same rule in the others.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .errors import DataError, excerpt
from .sources.manifest import known_language
from .yamlfile import Problems, load_yaml, text_of, texts_of, unknown_keys

_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_TERM_KEYS = ("id", "words", "ours", "defined_in", "note")


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
    unknown_keys(problem, doc, ("terms",), "the glossary")
    terms: list[Term] = []
    seen: set[str] = set()
    for index, item in enumerate(items):
        term_id = text_of(item, "id")
        if not isinstance(item, dict) or not isinstance(term_id, str) or not _ID.match(term_id):
            problem("expected a term with an `id` (lowercase words joined by hyphens)", items, index)
            continue
        unknown_keys(problem, item, _TERM_KEYS, "a term")
        if term_id in seen:
            problem(f"duplicate term id {excerpt(term_id)!r}", item, "id")
        seen.add(term_id)
        words = item.get("words")
        if not isinstance(words, dict) or not words:
            problem("a term needs `words`: language -> list of words", item, "words")
            continue
        clean: dict[str, list[str]] = {}
        for lang, values in words.items():
            if not known_language(str(lang)):
                problem(f"unknown language code {excerpt(lang)!r}", words, lang)
            values = texts_of(values)
            if not isinstance(values, list) or not all(isinstance(v, str) and v.strip()
                                                       for v in values):
                problem(f"the {excerpt(lang)} words must be a list of words", words, lang)
                continue
            clean[str(lang)] = [v.strip() for v in values]
        ours = item.get("ours") or {}
        if not isinstance(ours, dict):
            problem("`ours` maps a language to the words that are our own", item, "ours")
            ours = {}
        for lang, values in ours.items():
            values = texts_of(values)
            if values is not None and not isinstance(values, list):
                problem(f"`ours` lists the {excerpt(lang)} words that are our own: a list", ours, lang)
                continue
            missing = [v for v in (values or []) if str(v).strip() not in clean.get(lang, [])]
            if missing:
                problem(f"`ours` lists {excerpt(lang)} words that are not among its words: "
                        f"{excerpt(', '.join(map(str, missing)), 200)}", ours, lang)
        refs = item.get("defined_in") or []
        if not isinstance(refs, list):
            problem("`defined_in` must be a list of section refs", item, "defined_in")
            refs = []
        for ref in refs:
            if not isinstance(ref, str) or ref not in section_refs:
                problem(f"unknown section {excerpt(ref)!r} in defined_in", item, "defined_in")
        terms.append(Term(id=term_id, words=clean,
                          ours={str(k): [str(v).strip() for v in texts_of(ours[k]) or []]
                                for k in ours if isinstance(texts_of(ours[k]) or [], list)},
                          defined_in=[r for r in refs if isinstance(r, str)],
                          note=str(text_of(item, "note") or "")))
    problem.raise_if_any()
    return terms
