"""The card catalogue: the curated card lists and the parsed card faces, checked and merged.

``build_catalog`` validates every file under ``data/cards/`` (``schema``), resolves every quote to
its place in the cited rulebook's repaired text and from there to the raw text, reads the card
faces of every section of kind ``card_faces`` (``faces``), and merges each parsed face into the
curated record that names it (or makes a record of its own). A face and a list that disagree on a
stat is an error, as are unknown counterparts and ids used twice. All problems are reported at
once; nothing is written when there is one. A card file that cannot be read at all is reported
alone, without the checks across files (counterparts, card faces) that would blame other files
for the cards it could not give.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..errors import DataError, DataErrors
from ..sources.manifest import known_language
from ..search.textkeys import fold, slugify
from .faces import FaceCard, grammar_path, letters_key, load_grammar, parse_faces
from .schema import Card, Fact, validate_file


@dataclass
class Catalog:
    cards: list[Card] = field(default_factory=list)
    #: (rulebook id, ordinal of a ``card_faces`` section) -> the faces read there, with card ids
    faces: dict[tuple[str, int], list[tuple[FaceCard, str]]] = field(default_factory=dict)

    def by_id(self) -> dict[str, Card]:
        return {card.id: card for card in self.cards}


def _resolve_quotes(card: Card, texts: dict, errors: list[DataError]) -> None:
    for fact in card.facts:
        if fact.ours or not fact.rulebook or not fact.quote or fact.rulebook not in texts:
            continue
        normalised = texts[fact.rulebook]
        position = normalised.text.find(fact.quote)
        if position < 0:
            errors.append(DataError(f"the quote {fact.quote[:60]!r} is not in the repaired text of "
                                    f"{fact.rulebook}", path=card.path, line=fact.line,
                                    stage="cards"))
            continue
        fact.raw_span = normalised.mapped.raw_span(position, position + len(fact.quote))
        if fact.field == "name":
            aliases = [f.value for f in card.facts if f.field == "alias"]
            folded_quote = fold(fact.quote)
            if not any(fold(str(name)) in folded_quote for name in [fact.value, *aliases]):
                errors.append(DataError(f"the quote for the {fact.lang} name {fact.value!r} does not "
                                        "contain that name or an alias", path=card.path,
                                        line=fact.line, stage="cards"))


def _face_facts(face: FaceCard, rulebook, lang: str) -> list[Fact]:
    def fact(name, value, span, lang_of=None):
        return Fact(name, value, lang=lang_of, rulebook=rulebook.id, origin="card_face",
                    raw_span=span)

    facts = [fact("name", face.name, face.name_span, lang)]
    for stat, (value, span) in face.stats.items():
        facts.append(fact(stat, value, span))
    if face.text:
        facts.append(fact("text", face.text, face.text_span, lang))
    return facts


def _merge_face(card: Card, face: FaceCard, rulebook, lang: str, raw: str,
                errors: list[DataError]) -> None:
    """Add what a card face shows to the curated record of that card."""
    if face.type and face.type != card.type:
        errors.append(DataError(f"card {card.id!r} is a {card.type} in the card list but its face "
                                f"in {rulebook.id} reads as a {face.type}", path=card.path,
                                line=card.line, stage="cards"))
    curated_stats = card.stats()
    for new in _face_facts(face, rulebook, lang):
        new.quote = raw[new.raw_span[0]:new.raw_span[1]] if new.raw_span else None
        if new.field == "name":
            # the face is the printed source of this name: it replaces a name marked as ours
            card.facts = [f for f in card.facts
                          if not (f.field == "name" and f.lang == lang and f.ours)]
            if any(f.field == "name" and f.lang == lang for f in card.facts):
                continue
        elif new.field in curated_stats:
            if curated_stats[new.field].value != new.value:
                errors.append(DataError(
                    f"card {card.id!r}: the card list says {new.field} = "
                    f"{curated_stats[new.field].value!r}, its face in {rulebook.id} shows "
                    f"{new.value!r}", path=card.path, line=curated_stats[new.field].line,
                    stage="cards"))
            continue
        elif new.field == "text" and any(f.field == "text" and f.lang == lang for f in card.facts):
            continue
        card.facts.append(new)


def _collect_grammar(data_dir: Path, lang: str, errors: list[DataError]):
    try:
        return load_grammar(grammar_path(data_dir, lang))
    except DataErrors as exc:
        errors.extend(exc.errors)
    except DataError as exc:
        errors.append(exc)
    return None


def build_catalog(data_dir: Path, corpus) -> Catalog:
    """Every card: curated lists checked against the corpus, faces parsed and merged."""
    games = set(corpus.manifest.games)
    texts = {item.rulebook.id: item.normalised for item in corpus.rulebooks}
    errors: list[DataError] = []
    catalog = Catalog()
    first_seen: dict[str, Card] = {}
    unreadable = False
    for path in sorted((Path(data_dir) / "cards").glob("*.yaml")):
        cards, problems = validate_file(path, games, set(texts), known_language)
        errors.extend(problems)
        if cards is None:
            unreadable = True
            continue
        for card in cards:
            if card.id.startswith("?"):
                continue  # an invalid or repeated id, reported by the file's validation
            if card.id in first_seen:
                errors.append(DataError(f"card id {card.id!r} is used again (first in "
                                        f"{first_seen[card.id].path}:{first_seen[card.id].line})",
                                        path=card.path, line=card.line, stage="cards"))
                continue
            first_seen[card.id] = card
            _resolve_quotes(card, texts, errors)
            catalog.cards.append(card)
    if unreadable:
        raise DataErrors(errors)

    grammars: dict = {}
    for item in corpus.rulebooks:
        rulebook = item.rulebook
        game_cards = [c for c in catalog.cards if c.game == rulebook.game]
        known = [str(f.value) for c in game_cards for f in c.facts if f.field in ("name", "alias")]
        by_key: dict[str, Card] = {}
        for card in game_cards:
            for f in card.facts:
                if f.field in ("name", "alias"):
                    by_key.setdefault(letters_key(str(f.value)), card)
        for section in item.sections:
            if section.kind != "card_faces":
                continue
            if rulebook.lang not in grammars:
                grammars[rulebook.lang] = _collect_grammar(data_dir, rulebook.lang, errors)
            faces = parse_faces(item.normalised.raw, section.raw_start, section.raw_end,
                                rulebook.lang, known, grammar=grammars[rulebook.lang]) \
                if grammars[rulebook.lang] else []
            for face in faces:
                card = by_key.get(face.name_key)
                if card is None:
                    card = Card(id=slugify(face.name) or f"{rulebook.id}-card", game=rulebook.game,
                                type=face.type or "item", path=f"{rulebook.id} card faces")
                    if card.id in first_seen:
                        card.id = f"{card.id}-{rulebook.lang}"
                    first_seen[card.id] = card
                    catalog.cards.append(card)
                    by_key[face.name_key] = card
                _merge_face(card, face, rulebook, rulebook.lang, item.normalised.raw, errors)
                catalog.faces.setdefault((rulebook.id, section.ordinal), []).append(
                    (face, card.id))

    ids = {card.id for card in catalog.cards}
    for card in catalog.cards:
        for other in card.counterparts:
            if other not in ids:
                errors.append(DataError(f"card {card.id!r} names an unknown counterpart {other!r}",
                                        path=card.path, line=card.line, stage="cards"))
    if errors:
        raise DataErrors(errors)
    catalog.cards.sort(key=lambda c: (c.game, c.id))
    return catalog
