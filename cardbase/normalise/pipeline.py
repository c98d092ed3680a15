"""The normalisation pipeline: the stages in order, and what they produce together.

``normalise(raw, lang)`` runs each stage on the current text, applies its edits and keeps the raw
mapping, so the result knows for every repaired character the raw span it came from, every change
each stage made, and the page numbers taken out. A stage that fails is named in the error.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import CardbaseError
from . import (cut_paragraphs, damage_marks, hyphenation, letter_spacing, ligatures, overlay,
               page_furniture, reflow, split_words, unicode_forms, whitespace)
from .context import StageContext
from .overlay import Correction
from .textmap import Change, MappedText, apply_edits

STAGES = [
    (unicode_forms.NAME, unicode_forms.run),
    (page_furniture.NAME, page_furniture.run),
    (cut_paragraphs.NAME, cut_paragraphs.run),
    (letter_spacing.NAME, letter_spacing.run),
    (split_words.NAME, split_words.run),
    (hyphenation.NAME, hyphenation.run),
    (ligatures.NAME, ligatures.run),
    (damage_marks.NAME, damage_marks.run),
    (reflow.NAME, reflow.run),
    (whitespace.NAME, whitespace.run),
]


@dataclass
class Normalised:
    raw: str
    mapped: MappedText
    changes: list[Change]
    pages: list[tuple[int, int]]
    furniture: list[tuple[int, int]]
    corrections: list[Correction] = field(default_factory=list)
    #: raw offsets of gaps where a printed symbol was lost
    lost_symbols: list[int] = field(default_factory=list)

    @property
    def text(self) -> str:
        return self.mapped.text

    def page_at(self, raw_offset: int, position: str = "footer") -> int | None:
        """The page a raw offset is on, from the page markers taken out of the text."""
        if not self.pages:
            return None
        if position == "footer":
            for marker_offset, page in self.pages:
                if marker_offset >= raw_offset:
                    return page
            return self.pages[-1][1] + 1
        page = None
        for marker_offset, number in self.pages:
            if marker_offset <= raw_offset:
                page = number
        return page


def normalise(raw: str, lang: str, *, corrections: list[Correction] | None = None,
              page_markers: str = "footer", stages=None) -> Normalised:
    """Repair ``raw`` (text in language ``lang``) through every stage."""
    ctx = StageContext.for_language(lang, page_markers=page_markers)
    mapped = MappedText(raw)
    changes: list[Change] = []
    chain = list(stages if stages is not None else STAGES)
    if corrections:
        chain.insert(0, (overlay.NAME, overlay.make_stage(corrections)))
    for name, stage in chain:
        ctx.mapped = mapped
        try:
            edits = stage(mapped.text, ctx)
            mapped, made = apply_edits(mapped, edits, name)
        except CardbaseError:
            raise
        except Exception as exc:  # a bug in a stage must say which stage
            raise CardbaseError(f"stage failed: {exc!r}", stage=name) from exc
        changes.extend(made)
    ctx.pages.sort()
    return Normalised(raw=raw, mapped=mapped, changes=changes, pages=ctx.pages,
                      furniture=ctx.furniture, corrections=[c for c in corrections or [] if not c.as_printed],
                      lost_symbols=sorted(ctx.lost_symbols))
