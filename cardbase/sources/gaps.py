"""What a rulebook's language still lacks in the shared data, said so that a new language or
rulebook is guided, not guessed.

A rulebook in a language the shared files do not speak yet still builds, but less well: with no
topic keywords in that language its sections find their topics only through an outline or their
neighbours, with no glossary words a search in another language does not reach its rules, and
with no card grammar the card faces it prints are not read. ``language_gaps`` lists each such
gap once per language, with the rulebooks it concerns and the file to add to; the build shows
them as warnings (``render.build_warnings``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..cards.faces import grammar_path

#: the kinds of gap, in the order they are reported
KINDS = ("topics", "glossary", "card_grammar")


@dataclass(frozen=True)
class LanguageGap:
    lang: str
    kind: str                        # one of KINDS
    path: Path                       # the file to add to, or to write
    rulebooks: tuple[str, ...]       # the rulebooks in that language


def _base(lang: str) -> str:
    return lang.replace("_", "-").split("-")[0]


def language_gaps(data_dir: Path, manifest, vocabulary, glossary) -> list[LanguageGap]:
    """Every language of the manifest's rulebooks that the topic keywords, the glossary or the
    card grammars do not cover."""
    data_dir = Path(data_dir)
    books: dict[str, list[str]] = {}
    for rulebook in manifest.rulebooks:
        books.setdefault(rulebook.lang, []).append(rulebook.id)
    keyword_langs = {_base(lang) for topic in (vocabulary.topics.values() if vocabulary else ())
                     for lang, words in topic.keywords.items() if words}
    glossary_langs = {_base(lang) for term in glossary for lang, words in term.words.items()
                      if words}
    gaps = []
    for lang, ids in books.items():
        covered = {"topics": _base(lang) in keyword_langs,
                   "glossary": _base(lang) in glossary_langs,
                   "card_grammar": grammar_path(data_dir, lang).is_file()}
        paths = {"topics": data_dir / "topics.yaml", "glossary": data_dir / "glossary.yaml",
                 "card_grammar": grammar_path(data_dir, lang)}
        gaps.extend(LanguageGap(lang, kind, paths[kind], tuple(ids))
                    for kind in KINDS if not covered[kind])
    return gaps
