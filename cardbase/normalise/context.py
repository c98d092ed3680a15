"""What a normalisation stage may know besides the text: its language and the rulebook's options.

Stages are pure with respect to the text: they read the current text and the context and return
edits. The only thing they may add to the context is metadata that is not running text, such as
the page numbers the page-marker stage takes out (recorded in raw offsets, so later stages cannot
disturb them).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .lexicon import Lexicon
from .textmap import MappedText


@dataclass
class StageContext:
    lang: str
    lexicon: Lexicon
    page_markers: str = "footer"
    #: (raw offset, page number) for every page marker removed, in text order.
    pages: list[tuple[int, int]] = field(default_factory=list)
    #: (raw start, raw end) of print slugs and other furniture removed from the running text.
    furniture: list[tuple[int, int]] = field(default_factory=list)
    #: raw offsets where a printed symbol was lost (``damage_marks``): the mark ``[□]`` stands there
    lost_symbols: list[int] = field(default_factory=list)
    #: (raw start, raw end) of passages a reviewer kept as printed (``overlay``): never marked
    as_printed: list[tuple[int, int]] = field(default_factory=list)
    #: The text being worked on, with its raw mapping (set by the pipeline before each stage).
    mapped: "MappedText | None" = None

    def raw_offset(self, position: int) -> int:
        """The raw offset of the current text's ``position``."""
        return self.mapped.raw_span(position, position)[0] if self.mapped else position

    @classmethod
    def for_language(cls, lang: str, **options) -> "StageContext":
        return cls(lang=lang, lexicon=Lexicon(lang), **options)
