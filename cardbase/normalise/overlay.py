"""Human corrections: reviewed replacements for passages no algorithm can repair.

``data/overlays/<rulebook>.yaml`` lists corrections, each the exact raw passage it replaces and the
editor's text (with an id, a reason such as ``scrambled``, and a note). The build refuses an overlay
whose raw passage is no longer in the source exactly once, so a correction never lands on text it
was not written for. Corrections are applied first, as the stage ``overlay``; the raw text stays in
the database beside them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..errors import DataError
from ..yamlfile import Problems, load_yaml
from .context import StageContext
from .textmap import Edit

NAME = "overlay"
REASONS = ("scrambled", "truncated", "garbled", "missing", "other")


@dataclass(frozen=True)
class Correction:
    id: str
    reason: str
    note: str
    raw: str
    text: str
    raw_start: int

    @property
    def raw_end(self) -> int:
        return self.raw_start + len(self.raw)


def load_overlay(path: Path, raw_text: str) -> list[Correction]:
    """Read and check an overlay file against the raw text it corrects."""
    if not path.is_file():
        return []
    doc = load_yaml(path)
    problem = Problems(path, "overlay")

    entries = doc.get("corrections") if isinstance(doc, dict) else None
    if not isinstance(entries, list):
        raise DataError("expected `corrections`: a list of corrections", path=str(path), line=1,
                        stage="overlay")
    corrections: list[Correction] = []
    seen: set[str] = set()
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict):
            problem("expected a correction (a mapping with id, reason, raw, text)", entries, index)
            continue
        for key in ("id", "reason", "raw", "text"):
            if not isinstance(entry.get(key), str) or not entry.get(key):
                problem(f"correction lacks `{key}` (a non-empty string)", entry, key)
        if not all(isinstance(entry.get(k), str) and entry.get(k) for k in ("id", "reason", "raw", "text")):
            continue
        if entry["id"] in seen:
            problem(f"duplicate correction id {entry['id']!r}", entry, "id")
        seen.add(entry["id"])
        if entry["reason"] not in REASONS:
            problem(f"unknown reason {entry['reason']!r} (expected one of: {', '.join(REASONS)})",
                    entry, "reason")
        count = raw_text.count(entry["raw"])
        if count != 1:
            what = "is no longer in the source" if count == 0 else f"occurs {count} times in the source"
            problem(f"the raw passage of correction {entry['id']!r} {what}; it must occur exactly once",
                    entry, "raw")
            continue
        corrections.append(Correction(id=entry["id"], reason=entry["reason"],
                                      note=str(entry.get("note", "")), raw=entry["raw"],
                                      text=entry["text"], raw_start=raw_text.index(entry["raw"])))
    overlaps = sorted(corrections, key=lambda c: c.raw_start)
    for a, b in zip(overlaps, overlaps[1:]):
        if b.raw_start < a.raw_end:
            problem(f"corrections {a.id!r} and {b.id!r} overlap")
    problem.raise_if_any()
    return overlaps


def make_stage(corrections: list[Correction]):
    """The overlay stage for these corrections (applied to the raw text, before any repair)."""

    def run(text: str, ctx: StageContext) -> list[Edit]:
        return [Edit(c.raw_start, c.raw_end, c.text) for c in corrections]

    return run
