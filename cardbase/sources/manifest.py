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

from ..errors import DataError, excerpt
from ..yamlfile import Problems, load_yaml, text_of, unknown_keys

HEADING_STYLES = ("lines", "colon", "numbered")
PAGE_MARKER_POSITIONS = ("footer", "header")
_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_SHA256 = re.compile(r"^[0-9a-f]{64}$")
_REQUIRED = ("id", "game", "lang", "edition", "title", "publisher", "file", "sha256")
_OPTIONAL = ("edition_note", "headings", "page_markers")
_TOP_KEYS = ("games", "rulebooks")


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
    unknown_keys(problem, doc, _TOP_KEYS, "the manifest")
    games = doc.get("games")
    if not isinstance(games, dict) or not games:
        problem("expected `games`: a mapping of game id to name", doc, "games")
        games = {}
    entries = doc.get("rulebooks")
    if not isinstance(entries, list) or not entries:
        problem("expected `rulebooks`: a list of rulebook entries", doc, "rulebooks")
        entries = []

    manifest = Manifest(path=path, games={str(k): str(text_of(games, k)) for k in games})
    seen: set[str] = set()
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict):
            problem("expected a rulebook entry (a mapping)", entries, index)
            continue
        value = {key: text_of(entry, key) for key in (*_REQUIRED, "edition_note")}
        missing = [key for key in _REQUIRED if value[key] is None or value[key] == ""]
        for key in missing:
            problem(f"rulebook entry lacks `{key}`", entry)
        unknown_keys(problem, entry, _REQUIRED + _OPTIONAL, "a rulebook entry")
        wrong = [key for key in _REQUIRED if key not in missing and not isinstance(value[key], str)]
        for key in wrong:
            problem(f"`{key}` must be text, not {excerpt(value[key])!r}", entry, key)
        if missing or wrong:
            continue
        rid = value["id"]
        if not _ID.match(rid):
            problem(f"rulebook id {excerpt(rid)!r} must be lowercase words joined by hyphens",
                    entry, "id")
        if rid in seen:
            problem(f"duplicate rulebook id {excerpt(rid)!r}", entry, "id")
        seen.add(rid)
        if value["game"] not in manifest.games:
            problem(f"unknown game {excerpt(value['game'])!r} (expected one of: "
                    f"{', '.join(manifest.games)})", entry, "game")
        if not known_language(value["lang"]):
            problem(f"unknown language code {excerpt(value['lang'])!r}", entry, "lang")
        if not _SHA256.match(value["sha256"]):
            problem(f"sha256 must be 64 lowercase hexadecimal digits, not "
                    f"{excerpt(value['sha256'])!r}", entry, "sha256")
        headings = entry.get("headings", ["lines"])
        if not isinstance(headings, list) or any(h not in HEADING_STYLES for h in headings):
            problem(f"headings must be a list of: {', '.join(HEADING_STYLES)}", entry, "headings")
            headings = ["lines"]
        markers = entry.get("page_markers", "footer")
        if markers not in PAGE_MARKER_POSITIONS:
            problem(f"page_markers must be one of: {', '.join(PAGE_MARKER_POSITIONS)}",
                    entry, "page_markers")
        file = Path(value["file"])
        if file.is_absolute() or ".." in file.parts:
            problem("file must be a path inside the data folder", entry, "file")
        manifest.rulebooks.append(Rulebook(
            id=rid, game=value["game"], lang=value["lang"], edition=value["edition"],
            title=value["title"], publisher=value["publisher"], file=file,
            sha256=value["sha256"], edition_note=str(value["edition_note"] or ""),
            headings=tuple(headings), page_markers=str(markers)))
    problem.raise_if_any()
    return manifest


def read_source(manifest: Manifest, rulebook: Rulebook) -> str:
    """The rulebook's raw text, after checking its checksum and UTF-8 encoding."""
    path = manifest.data_dir / rulebook.file
    shown = str(path)
    if not path.is_file():
        what = "is a folder, not a file" if path.is_dir() else "is missing"
        raise DataError(f"source file of {rulebook.id} {what}", path=shown, stage="sources")
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise DataError(f"source file of {rulebook.id} cannot be read ({exc.strerror or exc})",
                        path=shown, stage="sources") from None
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
    if not text.strip():
        raise DataError(f"source file of {rulebook.id} is empty (expected the rulebook's text)",
                        path=shown, line=1, stage="sources")
    return text
