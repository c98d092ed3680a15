"""The data files a build cannot do without, each refused by name when it is missing.

A build reads some files whatever the rulebooks are (the manifest, the topic vocabulary, the
glossary) and some because of what the manifest declares: the card list of every game that has a
rulebook (``cards/<game>.yaml``) and the card grammar of every language whose rulebook's outline
marks printed card faces (``card_grammars/<lang>.yaml``). A file that is not there would
otherwise be read as empty and the build would quietly lose its topics, terms or cards; here each
one is a ``DataError`` naming the file and what it is for, found before anything is written.
"""

from __future__ import annotations

from pathlib import Path

from ..cards.faces import grammar_path
from ..errors import DataError
from ..i18n import _

MANIFEST = "manifest.yaml"
TOPICS = "topics.yaml"
GLOSSARY = "glossary.yaml"


def _missing(path: Path, purpose: str) -> DataError | None:
    if path.is_file():
        return None
    if path.is_dir():
        return DataError(_("is a folder, not a file: {purpose}", purpose=purpose), path=str(path))
    return DataError(_("missing: {purpose}", purpose=purpose), path=str(path))


def check_manifest(data_dir: Path) -> None:
    """Raise a ``DataError`` naming ``manifest.yaml`` when the data folder has none."""
    error = _missing(Path(data_dir) / MANIFEST,
                     _("the manifest, which lists the rulebooks to build"))
    if error:
        raise error


def missing_files(data_dir: Path, manifest, faces_langs: set[str]) -> list[DataError]:
    """Every required file ``data_dir`` lacks, given the manifest and the languages whose
    rulebooks have card faces to read."""
    data_dir = Path(data_dir)
    found = [
        _missing(data_dir / TOPICS, _("the topic vocabulary, which gives every section its topic")),
        _missing(data_dir / GLOSSARY, _("the glossary, which gives each game term its words in "
                                        "every language")),
    ]
    for game in dict.fromkeys(r.game for r in manifest.rulebooks):
        found.append(_missing(data_dir / "cards" / f"{game}.yaml",
                              _("the card list of {game}, which the rulebooks of that game cite",
                                game=manifest.games.get(game, game))))
    for lang in sorted(faces_langs):
        found.append(_missing(grammar_path(data_dir, lang),
                              _("the card grammar of {language}, which reads the card faces its "
                                "rulebooks print", language=lang)))
    return [error for error in found if error]
