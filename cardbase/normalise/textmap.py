"""Text that remembers where each of its characters came from in the raw source.

A ``MappedText`` is a string plus, for each character, the raw span ``[start, end)`` it derives
from. Stages return ``Edit``s (replace ``text[start:end]`` by ``replacement``); ``apply_edits``
produces the new mapped text and the ``Change`` records (stage, raw span, before, after) that make
every repair reviewable. An unchanged character keeps its span; a replacement's characters all
point at the whole raw span they replaced; a deletion leaves nothing behind.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Edit:
    start: int
    end: int
    replacement: str = ""


@dataclass(frozen=True)
class Change:
    stage: str
    raw_start: int
    raw_end: int
    before: str
    after: str


class MappedText:
    __slots__ = ("text", "starts", "ends")

    def __init__(self, text: str, starts: list[int] | None = None, ends: list[int] | None = None):
        self.text = text
        if starts is None:
            starts = list(range(len(text)))
            ends = list(range(1, len(text) + 1))
        self.starts = starts
        self.ends = ends

    def raw_span(self, start: int, end: int) -> tuple[int, int]:
        """The raw span that the repaired characters ``[start, end)`` come from."""
        if end <= start:
            anchor = self.starts[start] if start < len(self.starts) else (
                self.ends[-1] if self.ends else 0)
            return anchor, anchor
        return min(self.starts[start:end]), max(self.ends[start:end])

    def __len__(self) -> int:
        return len(self.text)


def apply_edits(mapped: MappedText, edits: list[Edit], stage: str) -> tuple[MappedText, list[Change]]:
    """Apply non-overlapping ``edits`` to ``mapped``; return the new text and the changes made."""
    if not edits:
        return mapped, []
    edits = sorted(edits)
    text, starts, ends = mapped.text, mapped.starts, mapped.ends
    out: list[str] = []
    new_starts: list[int] = []
    new_ends: list[int] = []
    changes: list[Change] = []
    cursor = 0
    for edit in edits:
        if edit.start < cursor:
            raise ValueError(f"{stage}: overlapping edits at {edit.start}")
        if edit.start == edit.end and not edit.replacement:
            continue
        out.append(text[cursor:edit.start])
        new_starts.extend(starts[cursor:edit.start])
        new_ends.extend(ends[cursor:edit.start])
        raw_start, raw_end = mapped.raw_span(edit.start, edit.end)
        before = text[edit.start:edit.end]
        if before == edit.replacement:
            out.append(before)
            new_starts.extend(starts[edit.start:edit.end])
            new_ends.extend(ends[edit.start:edit.end])
        else:
            out.append(edit.replacement)
            new_starts.extend([raw_start] * len(edit.replacement))
            new_ends.extend([raw_end] * len(edit.replacement))
            changes.append(Change(stage, raw_start, raw_end, before, edit.replacement))
        cursor = edit.end
    out.append(text[cursor:])
    new_starts.extend(starts[cursor:])
    new_ends.extend(ends[cursor:])
    return MappedText("".join(out), new_starts, new_ends), changes


def diff_edits(old: str, new: str, offset: int = 0) -> list[Edit]:
    """The edits that turn ``old`` into ``new`` (character diff), shifted by ``offset``."""
    if old == new:
        return []
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    return [Edit(offset + i1, offset + i2, new[j1:j2])
            for tag, i1, i2, j1, j2 in matcher.get_opcodes() if tag != "equal"]
