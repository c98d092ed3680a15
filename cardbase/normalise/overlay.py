"""Human corrections: reviewed replacements for passages no algorithm can repair.

``data/overlays/<rulebook>.yaml`` lists corrections, each the exact raw passage it replaces and the
editor's text (with an id, a reason such as ``scrambled``, and a note). The build refuses an overlay
whose raw passage is no longer in the source exactly once, so a correction never lands on text it
was not written for. Corrections are applied first, as the stage ``overlay``; the raw text stays in
the database beside them. A key the format does not have is refused at its line.

A passage with reason ``as_printed`` (and no ``text``) is one that looks damaged but reads as the
book prints it, such as a joke about a missing word: it is left as it is, and no damage mark is
put inside it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..errors import DataError, excerpt
from ..yamlfile import Problems, load_yaml, text_of, unknown_keys
from .context import StageContext
from .textmap import Edit

NAME = "overlay"
REASONS = ("scrambled", "truncated", "garbled", "missing", "other", "as_printed")
#: The reason of a passage that is not damage: kept as printed, never marked.
AS_PRINTED = "as_printed"
_KEYS = ("id", "reason", "note", "raw", "text")


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

    @property
    def as_printed(self) -> bool:
        return self.reason == AS_PRINTED


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
    unknown_keys(problem, doc, ("corrections",), "an overlay")
    corrections: list[Correction] = []
    seen: set[str] = set()
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict):
            problem("expected a correction (a mapping with id, reason, raw, text)", entries, index)
            continue
        unknown_keys(problem, entry, _KEYS, "a correction")
        value = {key: text_of(entry, key) for key in _KEYS}
        if value["reason"] == AS_PRINTED:
            if value["text"] not in (None, "", value["raw"]):
                problem("a passage kept `as_printed` has no `text` of its own", entry, "text")
            value["text"] = value["raw"]
        for key in ("id", "reason", "raw", "text"):
            if not isinstance(value[key], str) or not value[key]:
                problem(f"correction lacks `{key}` (a non-empty string)", entry, key)
        if not all(isinstance(value[k], str) and value[k] for k in ("id", "reason", "raw", "text")):
            continue
        if value["id"] in seen:
            problem(f"duplicate correction id {excerpt(value['id'])!r}", entry, "id")
        seen.add(value["id"])
        if value["reason"] not in REASONS:
            problem(f"unknown reason {excerpt(value['reason'])!r} (expected one of: "
                    f"{', '.join(REASONS)})", entry, "reason")
        count = raw_text.count(value["raw"])
        if count != 1:
            what = ("is no longer in the source" if count == 0
                    else f"occurs {count} times in the source")
            problem(f"the raw passage of correction {excerpt(value['id'])!r} {what}; it must "
                    "occur exactly once", entry, "raw")
            continue
        corrections.append(Correction(id=value["id"], reason=value["reason"],
                                      note=str(value["note"] or ""), raw=value["raw"],
                                      text=value["text"], raw_start=raw_text.index(value["raw"])))
    overlaps = sorted(corrections, key=lambda c: c.raw_start)
    for a, b in zip(overlaps, overlaps[1:]):
        if b.raw_start < a.raw_end:
            problem(f"corrections {a.id!r} and {b.id!r} overlap")
    problem.raise_if_any()
    return overlaps


def make_stage(corrections: list[Correction]):
    """The overlay stage for these corrections (applied to the raw text, before any repair)."""

    def run(text: str, ctx: StageContext) -> list[Edit]:
        ctx.as_printed.extend((c.raw_start, c.raw_end) for c in corrections if c.as_printed)
        return [Edit(c.raw_start, c.raw_end, c.text) for c in corrections if not c.as_printed]

    return run
