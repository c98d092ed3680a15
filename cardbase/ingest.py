"""The ingestion pipeline, in the order it runs: sources → normalise → segment → cards and
glossary → mentions → store.

``ingest`` reads the manifest and every input file first, reporting every data problem at once
(file and line), then repairs and segments each rulebook, checks the card lists and the glossary
against the repaired text, reads printed card faces, and finds which cards and terms each section
mentions. ``build_database`` writes the result to a
temporary file beside the target and renames it into place, so a failed or interrupted build
leaves the previous database as it was.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from . import paths
from .cards.catalog import Catalog, build_catalog
from .errors import CardbaseError, DataError, DataErrors
from .glossary import Term, load_glossary
from .mentions import Mention, MentionFinder
from .normalise.overlay import Correction, load_overlay
from .normalise.pipeline import Normalised, normalise
from .segment.outline import Outline, load_outline
from .segment.sections import Section, segment
from .segment.card_faces import split_card_faces
from .segment.topics import Vocabulary, load_topics
from .sources.manifest import Manifest, Rulebook, load_manifest, read_source
from .sources.gaps import LanguageGap, language_gaps
from .sources.required import check_manifest, missing_files

Progress = Callable[[str], None]


@dataclass
class IngestedRulebook:
    rulebook: Rulebook
    normalised: Normalised
    sections: list[Section]


@dataclass
class Corpus:
    manifest: Manifest
    vocabulary: Vocabulary
    rulebooks: list[IngestedRulebook]
    catalog: Catalog = field(default_factory=Catalog)
    glossary: list[Term] = field(default_factory=list)
    #: (rulebook id, section ordinal) -> mentions in that section's body
    mentions: dict[tuple[str, int], list[Mention]] = field(default_factory=dict)
    #: what the rulebooks' languages lack in the shared data (warnings, not errors)
    gaps: list[LanguageGap] = field(default_factory=list)


@dataclass
class _Inputs:
    rulebook: Rulebook
    raw: str
    corrections: list[Correction]
    outline: Outline


def _collect(errors: list[CardbaseError], action: Callable):
    try:
        return action()
    except DataErrors as exc:
        errors.extend(exc.errors)
    except DataError as exc:
        errors.append(exc)
    return None


def load_inputs(data_dir: Path) -> tuple[Manifest, Vocabulary, list[_Inputs]]:
    """Read and check every input file; raise ``DataErrors`` listing all problems found."""
    check_manifest(data_dir)
    manifest = load_manifest(data_dir / "manifest.yaml")
    errors: list[CardbaseError] = []
    vocabulary = _collect(errors, lambda: load_topics(data_dir / "topics.yaml")) \
        if (data_dir / "topics.yaml").is_file() else None
    topic_ids = vocabulary.ids() if vocabulary else None
    inputs = []
    for rulebook in manifest.rulebooks:
        raw = _collect(errors, lambda: read_source(manifest, rulebook))
        outline = _collect(errors, lambda: load_outline(
            data_dir / "outlines" / f"{rulebook.id}.yaml", topic_ids))
        if raw is None:
            continue
        corrections = _collect(errors, lambda: load_overlay(
            data_dir / "overlays" / f"{rulebook.id}.yaml", raw))
        if outline is not None and corrections is not None:
            inputs.append(_Inputs(rulebook, raw, corrections, outline))
    faces_langs = {item.rulebook.lang for item in inputs
                   if any(entry.kind == "card_faces" for entry in item.outline.entries)}
    errors.extend(missing_files(data_dir, manifest, faces_langs))
    if errors:
        raise DataErrors(errors)
    return manifest, vocabulary, inputs


def ingest(data_dir: Path, progress: Progress | None = None) -> Corpus:
    """Repair and segment every rulebook the manifest lists."""
    manifest, vocabulary, inputs = load_inputs(Path(data_dir))
    rulebooks = []
    errors: list[CardbaseError] = []
    for item in inputs:
        if progress:
            progress(item.rulebook.id)
        normalised = normalise(item.raw, item.rulebook.lang, corrections=item.corrections,
                               page_markers=item.rulebook.page_markers)
        sections = _collect(errors, lambda: segment(item.rulebook, normalised, item.outline,
                                                    vocabulary))
        if sections is not None:
            rulebooks.append(IngestedRulebook(item.rulebook, normalised, sections))
    if errors:
        raise DataErrors(errors)
    corpus = Corpus(manifest=manifest, vocabulary=vocabulary, rulebooks=rulebooks)
    if progress:
        progress("cards and glossary")
    refs = {f"{s.rulebook_id}/{s.slug}" for item in rulebooks for s in item.sections}
    corpus.catalog = _collect(errors, lambda: build_catalog(Path(data_dir), corpus)) or Catalog()
    for item in rulebooks:
        faces = {ordinal: found for (rulebook_id, ordinal), found in corpus.catalog.faces.items()
                 if rulebook_id == item.rulebook.id}
        item.sections = split_card_faces(item.sections, item.normalised, item.rulebook.lang, faces)
    corpus.glossary = _collect(errors, lambda: load_glossary(Path(data_dir) / "glossary.yaml",
                                                               refs)) or []
    if errors:
        raise DataErrors(errors)
    corpus.mentions = find_mentions(corpus)
    corpus.gaps = language_gaps(Path(data_dir), manifest, vocabulary, corpus.glossary)
    return corpus


def find_mentions(corpus: Corpus) -> dict[tuple[str, int], list[Mention]]:
    """The cards and glossary terms each section names."""
    names = [("card", card.id, str(fact.value)) for card in corpus.catalog.cards
             for fact in card.facts if fact.field in ("name", "alias")]
    names += [("term", term.id, word) for term in corpus.glossary
              for words in term.words.values() for word in words]
    finder = MentionFinder(names)
    return {(item.rulebook.id, section.ordinal): finder.find(section.body)
            for item in corpus.rulebooks for section in item.sections}


def build_database(data_dir: Path, db_path: Path, progress: Progress | None = None,
                   locales: paths.Locales | Path | None = None) -> Corpus:
    """Ingest ``data_dir`` (and the content translations of ``locales``) and write the database
    to ``db_path`` atomically, with the rules checker's rules and their located quotes."""
    from .rules.citations import rule_rows
    from .storage.writer import write_database
    from .translate.store import read_translations

    data_dir = Path(data_dir)
    corpus = ingest(data_dir, progress)
    if locales is None:
        locales = paths.locales(project=paths.project_root(data_dir.resolve().parent))
    write_database(corpus, Path(db_path), rules=rule_rows(corpus.rulebooks),
                   translations=lambda conn: read_translations(conn, locales))
    return corpus
