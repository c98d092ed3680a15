"""Reading ``data/manifest.yaml`` and the raw rulebook texts it lists.

The manifest is the only place a rulebook is declared: its id, game, language, edition, source
file and checksum. ``load_manifest`` validates every entry and reports every problem at once (file
and line); ``read_source`` verifies the checksum and decodes the file as strict UTF-8, so that a
damaged or swapped source stops the build before anything is written.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import DataError
from ..yamlfile import Problems, load_yaml

HEADING_STYLES = ("lines", "colon", "numbered")
PAGE_MARKER_POSITIONS = ("footer", "header")
_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_SHA256 = re.compile(r"^[0-9a-f]{64}$")
_REQUIRED = ("id", "game", "lang", "edition", "title", "publisher", "file", "sha256")


@dataclass(frozen=True)
class Rulebook:
    id: str
    game: str
    lang: str
    edition: str
    title: str
    publisher: str
    file: Path
    sha256: str
    edition_note: str = ""
    headings: tuple[str, ...] = ("lines",)
    page_markers: str = "footer"


@dataclass
class Manifest:
    path: Path
    games: dict[str, str]
    rulebooks: list[Rulebook] = field(default_factory=list)

    @property
    def data_dir(self) -> Path:
        return self.path.parent

    def rulebook(self, rulebook_id: str) -> Rulebook:
        for rulebook in self.rulebooks:
            if rulebook.id == rulebook_id:
                return rulebook
        raise KeyError(rulebook_id)


def known_language(code: str) -> bool:
    """True when Babel knows ``code`` as a locale (``es``, ``pt_BR``, ``zh-Hant``...)."""
    from babel import Locale, UnknownLocaleError

    try:
        Locale.parse(code.replace("-", "_"))
        return True
    except (UnknownLocaleError, ValueError):
        return False


def load_manifest(path: Path | str) -> Manifest:
    """Read and validate the manifest; raise ``DataErrors`` listing every problem."""
    path = Path(path)
    doc = load_yaml(path)
    problem = Problems(path, "manifest")

    if not isinstance(doc, dict):
        raise DataError("expected a mapping with `games` and `rulebooks`", path=str(path), line=1,
                        stage="manifest")
    games = doc.get("games")
    if not isinstance(games, dict) or not games:
        problem("expected `games`: a mapping of game id to name", doc, "games")
        games = {}
    entries = doc.get("rulebooks")
    if not isinstance(entries, list) or not entries:
        problem("expected `rulebooks`: a list of rulebook entries", doc, "rulebooks")
        entries = []

    manifest = Manifest(path=path, games={str(k): str(v) for k, v in games.items()})
    seen: set[str] = set()
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict):
            problem("expected a rulebook entry (a mapping)", entries, index)
            continue
        missing = [key for key in _REQUIRED if not entry.get(key)]
        for key in missing:
            problem(f"rulebook entry lacks `{key}`", entry)
        unknown = sorted(set(entry) - set(_REQUIRED) - {"edition_note", "headings", "page_markers"})
        for key in unknown:
            problem(f"unknown key `{key}` (expected one of: "
                    f"{', '.join(_REQUIRED + ('edition_note', 'headings', 'page_markers'))})",
                    entry, key)
        if missing:
            continue
        rid = str(entry["id"])
        if not _ID.match(rid):
            problem(f"rulebook id {rid!r} must be lowercase words joined by hyphens", entry, "id")
        if rid in seen:
            problem(f"duplicate rulebook id {rid!r}", entry, "id")
        seen.add(rid)
        if str(entry["game"]) not in manifest.games:
            problem(f"unknown game {entry['game']!r} (expected one of: "
                    f"{', '.join(manifest.games)})", entry, "game")
        if not known_language(str(entry["lang"])):
            problem(f"unknown language code {entry['lang']!r}", entry, "lang")
        if not _SHA256.match(str(entry["sha256"])):
            problem("sha256 must be 64 lowercase hexadecimal digits", entry, "sha256")
        headings = entry.get("headings", ["lines"])
        if not isinstance(headings, list) or any(h not in HEADING_STYLES for h in headings):
            problem(f"headings must be a list of: {', '.join(HEADING_STYLES)}", entry, "headings")
            headings = ["lines"]
        markers = entry.get("page_markers", "footer")
        if markers not in PAGE_MARKER_POSITIONS:
            problem(f"page_markers must be one of: {', '.join(PAGE_MARKER_POSITIONS)}",
                    entry, "page_markers")
        file = Path(str(entry["file"]))
        if file.is_absolute() or ".." in file.parts:
            problem("file must be a path inside the data folder", entry, "file")
        manifest.rulebooks.append(Rulebook(
            id=rid, game=str(entry["game"]), lang=str(entry["lang"]),
            edition=str(entry["edition"]), title=str(entry["title"]),
            publisher=str(entry["publisher"]), file=file, sha256=str(entry["sha256"]),
            edition_note=str(entry.get("edition_note", "")), headings=tuple(headings),
            page_markers=str(markers)))
    problem.raise_if_any()
    return manifest


def read_source(manifest: Manifest, rulebook: Rulebook) -> str:
    """The rulebook's raw text, after checking its checksum and UTF-8 encoding."""
    path = manifest.data_dir / rulebook.file
    shown = str(path)
    if not path.is_file():
        raise DataError(f"source file of {rulebook.id} is missing", path=shown, stage="sources")
    data = path.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if digest != rulebook.sha256:
        raise DataError(f"checksum mismatch for {rulebook.id}: the manifest says "
                        f"{rulebook.sha256}, the file is {digest}", path=shown, stage="sources")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise DataError(f"not valid UTF-8 at byte {exc.start} (expected UTF-8 text)",
                        path=shown, line=line, stage="sources")
    if text.startswith("\ufeff"):
        text = text[1:]
    return text
