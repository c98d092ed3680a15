"""Cutting a repaired rulebook into sections, each tied to its raw span, page, quality and topic.

``segment`` takes the normalisation result, finds the headings (``headings``), applies the
rulebook's outline (``outline``), and returns ``Section`` records in reading order: heading,
level, parent, kind, body, the span in the repaired text and in the raw text, the page, repairs
made inside it, its quality flags, and its topic with where that topic came from.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..errors import DataError
from ..normalise.lexicon import Lexicon
from ..normalise.pipeline import Normalised
from ..sources.manifest import Rulebook
from ..search.textkeys import has_cjk, slugify
from . import quality
from .headings import Heading, detect
from .callouts import find_callouts
from .outline import Outline
from .topics import TopicMatcher, Vocabulary

RULE_KINDS = ("rule", "example", "sidebar", "variant")
_BULLETS = "–—-•·*"


@dataclass
class Section:
    rulebook_id: str
    ordinal: int
    slug: str
    heading: str
    heading_style: str
    level: int
    kind: str
    body: str
    start: int
    end: int
    raw_start: int
    raw_end: int
    page: int | None
    parent_slug: str | None = None
    topic_id: str | None = None
    topic_source: str | None = None
    quality: float = 1.0
    flags: list[dict] = field(default_factory=list)
    repairs: dict[str, int] = field(default_factory=dict)
    corrections: list[str] = field(default_factory=list)
    card_id: str | None = None     # the card a ``card_face`` section shows

    @property
    def is_rule(self) -> bool:
        return self.kind in RULE_KINDS


def _find_heading(text: str, heading: str, followed_by: str | None, cursor: int,
                  detected: set[int]) -> int:
    """The first occurrence after ``cursor``; one that is a detected heading wins."""
    first = -1
    position = text.find(heading, cursor)
    while position >= 0:
        after = text[position + len(heading):].lstrip(" :\n")
        if not followed_by or after.startswith(followed_by):
            if position in detected:
                return position
            if first < 0:
                first = position
        position = text.find(heading, position + 1)
    return first


def apply_outline(text: str, found: list[Heading], outline: Outline) -> list[Heading]:
    """Merge the outline's declarations into the detected headings."""
    headings = {h.start: h for h in found} if outline.auto else {}
    cursor = 0
    for entry in outline.entries:
        where = str(outline.path)
        if entry.not_heading:
            position = text.find(entry.not_heading, cursor)
            if position < 0:
                raise DataError(f"not_heading {entry.not_heading!r} is not in the repaired text "
                                "after the previous entry", path=where, line=entry.line,
                                stage="outline")
            headings.pop(position, None)
            cursor = position + 1
            continue
        if entry.at:
            position = text.find(entry.at, cursor)
            if position < 0:
                raise DataError(f"`at` text {entry.at!r} is not in the repaired text after the "
                                "previous entry", path=where, line=entry.line, stage="outline")
            heading = Heading(position, position, position, entry.heading, "editorial")
        else:
            position = _find_heading(text, entry.heading, entry.followed_by, cursor,
                                     {h.start for h in found})
            if position < 0:
                wanted = entry.heading + (f" (followed by {entry.followed_by!r})"
                                          if entry.followed_by else "")
                raise DataError(f"heading {wanted!r} is not in the repaired text after the "
                                "previous entry", path=where, line=entry.line, stage="outline")
            heading = found_at = next((h for h in found if h.start == position), None)
            if found_at is None:
                end = position + len(entry.heading)
                body = end
                while body < len(text) and text[body] in " :":
                    body += 1
                if entry.heading[:1] in _BULLETS and text[end:body].strip() == ":":
                    body = position  # a list item's run-in label (``– Allianz: Diese Karte``)
                    # stays in its sentence: the item reads as printed
                # a run-in heading's bullet (``– Allianz:``) is not part of its name
                shown = entry.heading.rstrip(" :").lstrip(_BULLETS + " ") or entry.heading
                heading = Heading(position, end, body, shown, "outline")
        heading.level = entry.level or heading.level
        heading.kind = entry.kind or heading.kind
        heading.topic = entry.topic or heading.topic
        heading.flags = tuple(entry.flags) or heading.flags
        headings[position] = heading
        cursor = position + 1
    return [headings[k] for k in sorted(headings)]


def _with_callouts(headings: list[Heading], callouts: list[Heading]) -> list[Heading]:
    """Add the call-outs (and the text continuing after them) that the outline did not place:
    none inside card faces; a continuation is named after the section the box interrupts."""
    taken = {h.start for h in headings}
    merged = sorted(headings + [c for c in callouts if c.start not in taken], key=lambda h: h.start)
    out: list[Heading] = []
    for heading in merged:
        enclosing = next((h for h in reversed(out) if h.kind not in ("sidebar",)), None)
        if heading.style in ("callout", "editorial") and heading.flags == ("continues",) or \
                heading.style == "callout":
            if enclosing is not None and enclosing.kind == "card_faces":
                continue
            if heading.flags == ("continues",):
                if enclosing is None or not out or out[-1].style != "callout":
                    continue  # another heading came between the box and this text
                heading.text = f"{enclosing.text} (…)"
                heading.level = enclosing.level
                heading.topic = enclosing.topic
                heading.flags = ()
            elif heading.level is None and enclosing is not None:
                heading.level = (enclosing.level or 1) + 1
        out.append(heading)
    return out


def _levels(headings: list[Heading]) -> None:
    last_plain = 1
    for heading in headings:
        if heading.level is None:
            if heading.style == "numbered":
                heading.level = last_plain + 1
            elif heading.indented:
                heading.level = last_plain + 1
            else:
                heading.level = 1
        if heading.style != "numbered" and not heading.indented:
            last_plain = heading.level


#: The topic a section that is not a rule belongs to when no outline names one: front matter
#: introduces the game, credits and adverts are the publisher's. Used only where the vocabulary
#: has the topic.
KIND_TOPICS = {"front": "overview", "credits": "credits", "advert": "other-products"}


def _non_rule_topic(kind: str, heading: Heading, body: str, matcher: TopicMatcher,
                    parent: "Section | None", sections: list["Section"],
                    vocabulary: Vocabulary) -> tuple[str | None, str | None]:
    """Every section has a topic: by its kind, else its words, else its parent's or the previous
    section's (a label or a card face belongs to what it stands in)."""
    default = KIND_TOPICS.get(kind)
    if default and default in vocabulary:
        return default, "kind"
    found = matcher.best("" if heading.editorial else heading.text, body)
    if found:
        return found, "keywords"
    if parent and parent.topic_id:
        return parent.topic_id, "parent"
    previous = next((s for s in reversed(sections) if s.topic_id), None)
    if previous:
        return previous.topic_id, "fallback"
    return ("overview", "fallback") if "overview" in vocabulary else (None, None)


def _slug(heading: str, topic_id: str | None, ordinal: int) -> str:
    if has_cjk(heading) and "(" in heading:
        gloss = heading[heading.rfind("(") + 1:].rstrip(")")
        if slugify(gloss):
            return slugify(gloss)
    slug = slugify(heading) if not has_cjk(heading) else ""
    return slug or topic_id or f"section-{ordinal}"


def segment(rulebook: Rulebook, normalised: Normalised, outline: Outline,
            vocabulary: Vocabulary) -> list[Section]:
    text = normalised.text
    mapped = normalised.mapped
    raw = normalised.raw

    def indented_at(position: int) -> bool:
        raw_start = mapped.raw_span(position, position + 1)[0]
        line_start = raw.rfind("\n", 0, raw_start) + 1
        prefix = raw[line_start:raw_start]
        return bool(prefix) and not prefix.strip()

    found = detect(text, rulebook.headings, indented_at)
    headings = apply_outline(text, found, outline)
    headings = _with_callouts(headings, find_callouts(text, mapped.starts, normalised.changes))
    if not headings or text[:headings[0].start].strip():
        start = len(text) - len(text.lstrip())
        headings.insert(0, Heading(start, start, start, rulebook.title, "editorial", kind="front"))
    _levels(headings)

    lexicon = Lexicon(rulebook.lang)
    matcher = TopicMatcher(vocabulary, rulebook.lang, rulebook.game)
    sections: list[Section] = []
    slugs: Counter = Counter()
    stack: list[Section] = []
    for ordinal, heading in enumerate(headings, start=1):
        end = headings[ordinal].start if ordinal < len(headings) else len(text)
        body = text[heading.body_start:end].strip()
        while end > heading.start and text[end - 1] in " \n":
            end -= 1
        raw_start, raw_end = mapped.raw_span(heading.start, max(end, heading.start))
        kind = heading.kind or ("front" if ordinal == 1 and not body else "rule")
        while stack and stack[-1].level >= heading.level:
            stack.pop()
        parent = stack[-1] if stack else None

        topic_id, topic_source = None, None
        if kind in RULE_KINDS:
            if heading.topic:
                topic_id, topic_source = heading.topic, "outline"
            else:
                heading_text = "" if heading.editorial else heading.text
                topic_id = matcher.best(heading_text or heading.text, body)
                topic_source = "keywords" if topic_id else None
            if topic_id is None and parent and parent.topic_id:
                topic_id, topic_source = parent.topic_id, "parent"
            if topic_id is None:
                previous = next((s for s in reversed(sections) if s.topic_id), None)
                topic_id = previous.topic_id if previous else "overview"
                topic_source = "fallback"
        elif heading.topic:
            topic_id, topic_source = heading.topic, "outline"
        else:
            topic_id, topic_source = _non_rule_topic(kind, heading, body, matcher, parent,
                                                     sections, vocabulary)

        slug = _slug(heading.text, topic_id, ordinal)
        slugs[slug] += 1
        if slugs[slug] > 1:
            slug = f"{slug}-{slugs[slug]}"
        changes = [c for c in normalised.changes
                   if raw_start <= c.raw_start < max(raw_end, raw_start + 1)]
        score, flags = quality.assess(body, raw[raw_start:raw_end], lexicon, heading.flags,
                                      running_text=kind in RULE_KINDS,
                                      repaired=quality.repairs(changes), heading=heading.text)
        repairs = Counter(c.stage for c in changes)
        corrections = [c.id for c in normalised.corrections
                       if c.raw_start < raw_end and raw_start < c.raw_end]
        flag_dicts = [f.as_dict() for f in flags]
        for correction in normalised.corrections:
            if correction.id in corrections:
                flag_dicts.append({"flag": "corrected", "score": 0.0,
                                   "detail": f"{correction.reason} passage restored by hand "
                                             f"({correction.id})"})
        section = Section(
            rulebook_id=rulebook.id, ordinal=ordinal, slug=slug, heading=heading.text,
            heading_style=heading.style, level=heading.level or 1, kind=kind, body=body,
            start=heading.start, end=max(end, heading.start), raw_start=raw_start,
            raw_end=raw_end, page=normalised.page_at(raw_start, rulebook.page_markers),
            parent_slug=parent.slug if parent else None, topic_id=topic_id,
            topic_source=topic_source, quality=score, flags=flag_dicts,
            repairs=dict(sorted(repairs.items())), corrections=corrections)
        sections.append(section)
        stack.append(section)
    return sections
