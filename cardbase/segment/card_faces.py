"""Each printed card face its own section, under the section that shows the sample cards.

A rulebook's outline marks the region where card faces are printed (kind ``card_faces``). Once the
card catalogue has read the faces there (``cards.faces``), ``split_card_faces`` gives every face a
section of kind ``card_face``: headed by the card's printed name, its body the face re-spaced line
by line in printed order, its raw span from the face's first printed line to its last (cut where
the next face begins), its topic the region's, and its quality measured on that body. The region's
own section keeps only what stands before the first face. Sections are renumbered in reading
order; the face's card id is kept so the section links to its card record.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from dataclasses import replace

from ..normalise.lexicon import Lexicon
from ..search.textkeys import slugify
from . import quality
from .sections import Section


def _text_position(starts: list[int], raw_offset: int) -> int:
    """The first repaired character that comes from ``raw_offset`` or later."""
    return bisect_left(starts, raw_offset)


def split_card_faces(sections: list[Section], normalised, lang: str,
                     faces: dict[int, list]) -> list[Section]:
    """``sections`` with a ``card_face`` section after each ``card_faces`` section per face.

    ``faces`` maps the ordinal of a ``card_faces`` section to ``(FaceCard, card id)`` pairs.
    """
    if not faces:
        return sections
    lexicon = Lexicon(lang)
    starts = normalised.mapped.starts
    slugs = Counter(s.slug for s in sections)
    out: list[Section] = []
    for section in sections:
        found = sorted(faces.get(section.ordinal, []), key=lambda pair: pair[0].raw_extent)
        if not found:
            out.append(section)
            continue
        extents = [face.raw_extent for face, _ in found]
        first = extents[0][0]
        own_end = _text_position(starts, first)
        body = normalised.text[section.start:own_end].strip()
        out.append(replace(section, body=body, raw_end=max(section.raw_start, first),
                           end=max(section.start, own_end)))
        for index, (face, card_id) in enumerate(found):
            raw_start = extents[index][0]
            raw_end = extents[index][1]
            if index + 1 < len(found):
                raw_end = min(raw_end, extents[index + 1][0])
            slug = slugify(face.name) or card_id
            slugs[slug] += 1
            if slugs[slug] > 1:
                slug = f"{slug}-{slugs[slug]}"
            text = face.face_text()
            score, flags = quality.assess(text, normalised.raw[raw_start:raw_end], lexicon,
                                          running_text=False)
            out.append(Section(
                rulebook_id=section.rulebook_id, ordinal=0, slug=slug, heading=face.name,
                heading_style="card_face", level=section.level + 1, kind="card_face",
                body=text, start=_text_position(starts, raw_start),
                end=_text_position(starts, raw_end), raw_start=raw_start, raw_end=raw_end,
                page=section.page, parent_slug=section.slug, topic_id=section.topic_id,
                topic_source="parent", quality=score, flags=[f.as_dict() for f in flags],
                card_id=card_id))
    for ordinal, section in enumerate(out, start=1):
        section.ordinal = ordinal
    return out
