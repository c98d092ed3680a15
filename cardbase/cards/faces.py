"""Card faces printed in a rulebook, read from the raw text into card records.

Sample card faces come out of a PDF as short, letter-spaced fragments in reading order: a name in
a display font (``s c h l A c h t p l A n``), type labels, stat lines (``1 H a n d 3 0 0 G old
s t ü c k e``, ``+ 2 B o n u s``), rules text, and the callouts that explain the card's anatomy.
Each raw line is re-spaced with the letter-spacing segmenter, then classified with the card
grammar of the rulebook's language (``data/card_grammars/<lang>.yaml``: type and slot words, stat
patterns, callout words, who-may-use names; a line is a stat line when, the stats taken out, at
most one word is left); lines
are then gathered around the names: stat lines belong to the name on the side the page prints them
(read from the page: the stat blocks that touch one name only), text after a name belongs to it,
and a card's type comes from its name, its own stat lines, what its stats imply, or the nearest
type label, in that order. Names the card lists already know anchor the faces whose letters spell
them; other names are found and spelt by ``face_names`` (where they stand, their display font). Every
value keeps the raw span of the line it was read from. A language without a grammar yields no
cards.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..normalise.context import StageContext
from .face_names import NameSpeller, fold_display_capitals, join_drop_caps, mark_display_names
from ..normalise.letter_spacing import respace
from ..normalise.page_furniture import FURNITURE
from ..normalise.segmenter import segment
from ..errors import DataError
from .schema import SLOTS, STATS, TYPES
from ..search.textkeys import slugify
from ..yamlfile import Problems, load_yaml


#: how many lines must show display-font capitals before the page is read as using that font
DISPLAY_FONT_LINES = 2
#: what joins the names of who may use an item, where a grammar does not say (``name_separator``)
NAME_SEPARATOR = r"\s*(?:,|\bund\b|\by\b|\bor\b|\bo\b)\s*"
#: a line ending in one of these is a sentence, not a label or a stat line (Latin and CJK marks)
_SENTENCE_END = re.compile(r"[.!?:,;。！？：、，；]\s*$")


@dataclass(frozen=True)
class Stat:
    name: str                        # level, levels, treasures, bonus, gold, enhancement, big, slot
    pattern: re.Pattern
    value: object = None             # what a match gives when the pattern has no number group


@dataclass(frozen=True)
class Grammar:
    """How the card faces of one language print their parts (``data/card_grammars/<lang>.yaml``)."""
    types: dict[str, str]            # folded label -> card type
    slots: dict[str, str]            # folded label -> slot
    callouts: frozenset[str]         # words that only label a card's anatomy
    tags: dict[str, str]             # folded word -> tag
    stats: tuple[Stat, ...]
    restriction: re.Pattern
    restriction_start: re.Pattern
    bad_stuff: re.Pattern
    usable_by: dict[str, str] = field(default_factory=dict)   # folded word -> English name
    stats_after_name: bool = False   # a face prints its stat lines below its name, not above
    spellings: dict[str, str] = field(default_factory=dict)  # compact label -> label as printed
    #: what joins the names in "usable only by X and Y"
    name_separator: re.Pattern = re.compile(NAME_SEPARATOR, re.I)


def _regex(problem, doc, key, text) -> re.Pattern | None:
    try:
        return re.compile(text, re.I)
    except (re.error, TypeError) as exc:
        problem(f"`{key}` is not a regular expression: {exc}", doc, key)
        return None


def load_grammar(path: Path) -> Grammar | None:
    """The card grammar in ``path``; None when the language has none. Every problem is reported
    with its file and line."""
    if not path.is_file():
        return None
    doc = load_yaml(path)
    problem = Problems(path, "card grammar")
    if not isinstance(doc, dict):
        raise DataError("expected a mapping with `types`, `stats`, ...", path=str(path), line=1,
                        stage="card grammar")

    def table(key: str, known: tuple[str, ...] = ()) -> dict[str, str]:
        value = doc.get(key) or {}
        if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
            problem(f"`{key}` must map printed words to names", doc, key)
            return {}
        for word, name in value.items():
            if known and name not in known:
                problem(f"`{key}`: {word!r} names {name!r}, expected one of: {', '.join(known)}",
                        value, word)
        return {str(k).casefold(): v for k, v in value.items()}

    stats = []
    for index, item in enumerate(doc.get("stats") or []):
        if not isinstance(item, dict) or not isinstance(item.get("stat"), str) \
                or not isinstance(item.get("pattern"), str):
            problem("a stat needs `stat` and `pattern`", doc["stats"], index)
            continue
        if item["stat"] not in STATS:
            problem(f"unknown stat `{item['stat']}` (expected one of: {', '.join(STATS)})",
                    item, "stat")
            continue
        pattern = _regex(problem, item, "pattern", item["pattern"])
        if pattern is None:
            continue
        if pattern.groups < 1 and "value" not in item:
            problem("a pattern without a number group needs a `value`", item, "pattern")
            continue
        stats.append(Stat(item["stat"], pattern, item.get("value")))
    callouts = doc.get("callouts") or []
    if not isinstance(callouts, list):
        problem("`callouts` must be a list of words", doc, "callouts")
        callouts = []
    patterns = {key: _regex(problem, doc, key, doc.get(key, "(?!)"))
                for key in ("restriction", "restriction_start", "bad_stuff")}
    patterns["name_separator"] = _regex(problem, doc, "name_separator",
                                        doc.get("name_separator", NAME_SEPARATOR))
    layout = doc.get("stat_lines", "before_name")
    if layout not in ("before_name", "after_name"):
        problem("`stat_lines` must be before_name or after_name", doc, "stat_lines")
    tables = {"types": table("types", TYPES), "slots": table("slots", SLOTS),
              "tags": table("tags"), "usable_by": table("usable_by")}
    problem.raise_if_any()
    return Grammar(**tables,
                   callouts=frozenset(str(c).casefold() for c in callouts), stats=tuple(stats),
                   stats_after_name=layout == "after_name",
                   spellings={_compact(str(k)): str(k) for key in ("types", "slots", "tags")
                              for k in (doc.get(key) or {}) if isinstance(doc.get(key), dict)},
                   **patterns)


def grammar_path(data_dir: Path, lang: str) -> Path:
    return Path(data_dir) / "card_grammars" / f"{lang.split('-')[0]}.yaml"


@dataclass
class FaceLine:
    index: int
    raw: str
    raw_start: int
    text: str
    kind: str = "text"           # name, type, slot, stat, tag, callout, text
    value: object = None
    display: bool = False        # set in the display font (a drop capital began it)
    #: the printed lines it was read from, as extracted (a drop capital and its line are one)
    pieces: list[str] = field(default_factory=list)

    def __post_init__(self):
        if not self.pieces:
            self.pieces = [self.raw]


@dataclass
class FaceCard:
    name: str
    name_key: str
    name_span: tuple[int, int]
    type: str | None = None
    type_span: tuple[int, int] | None = None
    stats: dict[str, tuple[object, tuple[int, int]]] = field(default_factory=dict)
    text: str = ""
    text_span: tuple[int, int] | None = None
    #: every printed line read as part of this face: (raw start, raw end, repaired text, kind)
    lines: list[tuple[int, int, str, str]] = field(default_factory=list)

    @property
    def raw_extent(self) -> tuple[int, int]:
        return min(line[0] for line in self.lines), max(line[1] for line in self.lines)

    def face_text(self) -> str:
        """The face as printed: its name, type and stat lines one a line in printed order, each
        re-spaced, then its rules text as one paragraph."""
        head = [text for _, _, text, kind in sorted(self.lines) if kind != "text" and text.strip()]
        text = _join_text([text for _, _, text, kind in sorted(self.lines) if kind == "text"])
        return "\n".join(head) + ("\n\n" + text if text else "")


def _join_text(lines: list[str]) -> str:
    """Rules-text lines as one paragraph: a line-end hyphen joins the word, except before a capital
    (``Chaos-`` / ``Monster`` stays a compound)."""
    body = " ".join(line.strip() for line in lines if line.strip())
    return re.sub(r"(\w)- (\w)", lambda m: m.group(1) + ("-" if m.group(2).isupper() else "")
                  + m.group(2), body)


def letters_key(text: str) -> str:
    return "".join(ch for ch in text.casefold() if ch.isalpha())


def _fold_label(text: str) -> str:
    return " ".join(re.sub(r"[^\w\s]", " ", text.casefold()).split())


def _compact(text: str) -> str:
    """Letters and digits only: spacing and punctuation of a display font do not count."""
    return re.sub(r"[\W_]", "", text.casefold())


def _case_flip(raw: str, ctx: StageContext) -> bool:
    """Whether a capital stands inside a word: the mark of a display font (``schlAchtplAn``)."""
    letters = "".join(ch for ch in raw if ch.isalpha())
    if len(letters) < 4 or letters.isupper():
        return False
    position = 0
    for word in segment(letters.lower(), ctx.lexicon):
        if any(ch.isupper() for ch in letters[position + 1:position + len(word)]):
            return True
        position += len(word)
    return False


def _lookup(table: dict[str, str], text: str) -> str | None:
    compact = _compact(text)
    return next((value for key, value in table.items() if _compact(key) == compact), None)


def _classify(line: FaceLine, grammar: Grammar, ctx: StageContext) -> None:
    label = _fold_label(line.text)
    if sum(ch.isalpha() for ch in line.raw) < 2 or FURNITURE.search(line.raw):
        line.kind = "callout"
    elif _lookup(grammar.types, line.text):
        line.kind, line.value = "type", _lookup(grammar.types, line.text)
    elif _lookup(grammar.slots, line.text):
        line.kind, line.value = "slot", _lookup(grammar.slots, line.text)
    elif _lookup(grammar.tags, line.text):
        line.kind, line.value = "tag", _lookup(grammar.tags, line.text)
    elif label and all(word in {c.casefold() for c in grammar.callouts} for word in label.split()) \
            and not _SENTENCE_END.search(line.text):
        line.kind = "callout"
    elif _stat_line(line.text, grammar):
        line.kind = "stat"
    elif grammar.restriction.search(line.text) or grammar.restriction_start.search(line.text):
        line.kind = "stat"
    elif _case_flip(line.raw, ctx):
        line.kind = "name"  # spelt as words later, with the rest of its name block
    else:
        line.kind = "text"


def _stat_line(text: str, grammar: Grammar) -> bool:
    """A line of stats: a stat pattern matches, and once the stats, type and slot words are taken
    out at most one word is left (a sentence that mentions a level is rules text)."""
    if _SENTENCE_END.search(text):
        return False
    rest = text
    matched = False
    for stat in grammar.stats:
        if stat.pattern.search(rest):
            matched = True
            rest = stat.pattern.sub(" ", rest)
    if not matched:
        return False
    words = _fold_label(rest)
    for phrase in sorted([*grammar.types, *grammar.slots, *grammar.tags], key=len, reverse=True):
        words = re.sub(rf"(?<!\w){re.escape(_fold_label(phrase))}(?!\w)", " ", words)
    leftover = [w for w in words.split() if w not in grammar.callouts and not w.isdigit()]
    return len(leftover) <= 1


def _mark_known_names(lines: list["FaceLine"], known: dict[str, str]) -> None:
    """Lines whose letters spell a known card name (over one or more lines) are that name."""
    i = 0
    while i < len(lines):
        if not letters_key(lines[i].raw):
            i += 1  # a name starts with a letter
            continue
        letters = ""
        matched = None
        for j in range(i, min(len(lines), i + 12)):
            letters += letters_key(lines[j].raw)
            if letters in known:
                matched = j
            if not any(key.startswith(letters) for key in known):
                break
        if matched is None:
            i += 1
            continue
        for k in range(i, matched + 1):
            lines[k].kind = "name"
            lines[k].text = known[letters_key("".join(l.raw for l in lines[i:matched + 1]))] \
                if k == i else ""
            lines[k].value = "known"
        i = matched + 1


def _lines(raw: str, start: int, end: int, ctx: StageContext) -> list[FaceLine]:
    lines = []
    offset = start
    for index, piece in enumerate(raw[start:end].split("\n")):
        if piece.strip():
            lines.append(FaceLine(index, piece, offset, piece.strip()))
        offset += len(piece) + 1
    # display-font capitals are folded only where the page shows that font more than once
    folded = {id(line): fold_display_capitals(line.raw, ctx.lexicon) for line in lines}
    display = sum(1 for line in lines if folded[id(line)] != line.raw) >= DISPLAY_FONT_LINES
    for line in lines:
        text = folded[id(line)] if display else line.raw
        line.text = respace(text, ctx) if " " in text.strip() else text.strip()
    return lines


def _join_labels(lines: list[FaceLine], grammar: Grammar) -> list[FaceLine]:
    """A type label broken over two lines (``Einmal`` / ``einsetzbar``, ``Monster-`` /
    ``verstärker``) is one label; a label word on the line before a stat line belongs to it."""
    out: list[FaceLine] = []
    for line in lines:
        if out and out[-1].kind in ("text", "type") and line.kind in ("text", "stat") \
                and len(out[-1].text.split()) == 1:
            joined = out[-1].text + " " + line.text
            label = _lookup(grammar.types, joined) or _lookup(grammar.slots, joined)
            starts = out[-1].kind == "text" and any(
                _compact(joined).startswith(_compact(key)) for key in grammar.types)
            if (label and line.kind == "text") or (line.kind == "stat" and starts):
                merged = out[-1]
                merged.text = joined
                merged.raw = f"{merged.raw}\n{line.raw}"
                merged.kind = "stat" if line.kind == "stat" else (
                    "type" if _lookup(grammar.types, joined) else "slot")
                merged.value = label
                continue
        out.append(line)
    return out


def _join_restrictions(lines: list[FaceLine], grammar: Grammar) -> list[FaceLine]:
    """A restriction broken over two lines (``Nur von X`` / ``nutzbar``) is read as one line."""
    out: list[FaceLine] = []
    for line in lines:
        if out and grammar.restriction_start.search(out[-1].text) \
                and not grammar.restriction.search(out[-1].text) \
                and grammar.restriction.search(out[-1].text + " " + line.text):
            merged = out[-1]
            merged.text = f"{merged.text} {line.text}"
            merged.raw = f"{merged.raw}\n{line.raw}"
            merged.kind = "stat"
            continue
        out.append(line)
    return out


def _merge_names(lines: list[FaceLine]) -> list[FaceLine]:
    """Consecutive name lines are one name (a known name spread over lines, or a display-font
    name broken by the layout)."""
    out: list[FaceLine] = []
    for line in lines:
        if line.kind == "name" and out and out[-1].kind == "name" and (
                line.value == "known") == (out[-1].value == "known") and not (
                line.value == "known" and line.text):
            previous = out[-1]
            if line.text:
                glue = "" if previous.text.endswith("-") else " "
                previous.text = previous.text + glue + line.text
            previous.raw = f"{previous.raw}\n{line.raw}"
            previous.pieces = previous.pieces + line.pieces
            continue
        out.append(line)
    return out


def _span(line: FaceLine) -> tuple[int, int]:
    return line.raw_start, line.raw_start + len(line.raw)


def _number(text: str) -> int:
    return int(re.sub(r"[^\d]", "", text))


def _read_stats(card: FaceCard, line: FaceLine, grammar: Grammar) -> None:
    """Every stat the line prints; a stat the face already gave is kept (the first print wins)."""
    span = _span(line)
    for stat in grammar.stats:
        match = stat.pattern.search(line.text)
        if not match or stat.name in card.stats:
            continue
        value = stat.value if stat.value is not None else _number(match.group(1))
        card.stats[stat.name] = (value, span)
    restriction = grammar.restriction.search(line.text)
    if restriction and "usable_by" not in card.stats:
        card.stats["usable_by"] = (_usable_by(restriction.group(1), grammar), span)
    compact = _compact(line.text)
    for words, card_type in grammar.types.items():
        if compact.startswith(_compact(words)) and card.type is None:
            card.type, card.type_span = card_type, span


def _stat_text(text: str, grammar: Grammar) -> str:
    """A stat line as shown: who may use the item re-spaced by its capitals (``Storm cast Et ern
    als`` reads ``Stormcast Eternals``), the rest as read."""
    match = grammar.restriction.search(text)
    if not match:
        return text
    letters = re.sub(r"\s+", "", match.group(1))
    spaced = re.sub(r"(?<=[a-zäöüßáéíóúñ])(?=[A-ZÄÖÜÁÉÍÓÚÑ])", " ", letters)
    if " " in match.group(1).strip() and " " not in spaced:
        return text  # several words with no capital to tell them apart: left as read
    return text[:match.start(1)] + spaced + text[match.end(1):]


def _usable_by(who: str, grammar: Grammar) -> list[str]:
    """Who may use an item: each name mapped by the grammar, else re-spaced and slugged (a capital
    starts a word: ``Storm cast Eterna ls`` is ``stormcast-eternals``)."""
    parts = grammar.name_separator.split(who.strip())
    names = []
    for part in parts:
        if not part.strip():
            continue
        mapped = grammar.usable_by.get(_fold_label(part))
        if mapped:
            names.append(mapped)
            continue
        letters = re.sub(r"\s+", "", part)
        spaced = re.sub(r"(?<=[a-zäöüßáéíóúñ])(?=[A-ZÄÖÜÁÉÍÓÚÑ])", " ", letters)
        names.append(grammar.usable_by.get(_fold_label(spaced)) or slugify(spaced))
    return names


def _infer_type(card: FaceCard) -> str | None:
    stats = card.stats
    if "level" in stats and ("treasures" in stats or "levels" in stats):
        return "monster"
    if "enhancement" in stats:
        return "monster_enhancer"
    if {"bonus", "gold", "slot", "big"} & set(stats):
        return "item"
    return None


def _label_text(label: FaceLine, grammar: Grammar) -> str:
    """A type or slot label as the grammar spells it (``stei Ge 1 stu Fe Au F`` is ``Steige 1
    Stufe auf``): the same letters, spaced and cased as words."""
    spelt = grammar.spellings.get(_compact(label.text))
    if not spelt:
        return label.text
    trailing = re.search(r"[^\w\s]*$", label.text.rstrip()).group()  # ``fluch!`` keeps its ``!``
    return spelt + trailing


def _fits(card: FaceCard, label: FaceLine) -> bool:
    """Whether a type or slot label can belong to ``card`` (``monster`` fits a wandering monster)."""
    if label.kind == "slot":
        return card.type in (None, "item") and "slot" not in card.stats
    return card.type is None or card.type == label.value or card.type.endswith(f"_{label.value}") \
        or _refines(card, label.value)


def _refines(card: FaceCard, card_type: str) -> bool:
    """Whether a printed type label says more than the type the card's stats imply (an item
    whose face also prints ``one_shot_item``'s label is a one-shot item)."""
    return card.type_span is None and card.type is not None and card_type.endswith(f"_{card.type}")


def _label_owner(position: int, label: FaceLine, lines: list[FaceLine], names: list[int],
                 cards: dict[int, FaceCard]) -> int | None:
    """The card a type or slot label belongs to. A label printed after a card's own text is the
    foot of that card when it fits it; otherwise it heads the next card, else the nearest one."""
    previous = max((i for i in names if i < position), default=None)
    following = min((i for i in names if i > position), default=None)
    if previous is not None and all(l.kind in ("text", "type", "slot", "callout")
                                    for l in lines[previous + 1:position]) \
            and _fits(cards[previous], label):
        return previous
    if following is not None and _fits(cards[following], label):
        return following
    candidates = [i for i in (previous, following) if i is not None]
    return min(candidates, key=lambda n: (abs(n - position), -n)) if candidates else None


def _display_line(line: FaceLine) -> bool:
    """A line printed wholly in the display font: it starts with a small letter."""
    text = line.raw.strip()
    return bool(text) and text[0].isalpha() and text[0].islower()


def _stats_after_name(lines: list[FaceLine], default: bool) -> bool:
    """Whether this page prints a face's stat lines after its name, read from the page: each
    block of stat lines that touches one name only (nothing but labels and callouts between)
    counts for the side it touches; the grammar's ``stat_lines`` decides a tie."""
    before = after = 0
    i = 0
    while i < len(lines):
        if lines[i].kind not in ("stat", "tag"):
            i += 1
            continue
        j = i
        while j + 1 < len(lines) and lines[j + 1].kind in ("stat", "tag", "type", "slot",
                                                             "callout"):
            j += 1
        touches_previous = _touches(lines, i - 1, -1)
        touches_next = _touches(lines, j + 1, 1)
        if touches_next and not touches_previous:
            before += 1
        elif touches_previous and not touches_next:
            after += 1
        i = j + 1
    return default if before == after else after > before


def _touches(lines: list[FaceLine], k: int, step: int) -> bool:
    """Whether a name stands at ``k`` or beyond it in direction ``step`` with only labels and
    callouts between."""
    while 0 <= k < len(lines) and lines[k].kind in ("type", "slot", "callout"):
        k += step
    return 0 <= k < len(lines) and lines[k].kind == "name"


def _default_data() -> Path:
    from ..paths import data_dir
    return data_dir()


def parse_faces(raw: str, start: int, end: int, lang: str,
                known_names: list[str] = (), grammar: Grammar | None = None,
                data_dir: Path | None = None) -> list[FaceCard]:
    """The cards whose faces are printed in ``raw[start:end]``.

    ``known_names`` are names the card lists already know for this game: a face whose letters
    spell one of them is anchored on it (display fonts defeat any reading of case and spacing);
    other names are recognised by their display font.
    """
    if grammar is None:
        grammar = load_grammar(grammar_path(data_dir or _default_data(), lang))
    if grammar is None:
        return []
    ctx = StageContext.for_language(lang)
    lines = _lines(raw, start, end, ctx)
    known = {letters_key(name): name for name in known_names if len(letters_key(name)) >= 3}
    _mark_known_names(lines, known)
    lines = join_drop_caps(lines)
    for line in lines:
        if line.kind != "name":
            _classify(line, grammar, ctx)
    lines = _join_restrictions(_join_labels(lines, grammar), grammar)
    mark_display_names(lines)
    # a label inside running text is a word of that text (``… vor einem Chaos-`` / ``Monster``)
    for k in range(1, len(lines) - 1):
        if lines[k].kind in ("type", "tag") and lines[k - 1].kind == "text" \
                and lines[k + 1].kind == "text" and not lines[k - 1].text.rstrip().endswith("."):
            lines[k].kind = "text"
    lines = _merge_names(lines)
    speller = NameSpeller(lang, raw)
    for line in lines:
        if line.kind == "name" and line.value != "known":
            line.text = speller.spell(line.pieces)
    after_name = _stats_after_name(lines, grammar.stats_after_name)
    names = [i for i, line in enumerate(lines) if line.kind == "name" and len(letters_key(line.text)) >= 3]
    cards = {i: FaceCard(name=lines[i].text, name_key=letters_key(lines[i].text),
                         name_span=(lines[i].raw_start, lines[i].raw_start + len(lines[i].raw)))
             for i in names}
    labels: list[tuple[int, FaceLine]] = []
    texts: dict[int, list[FaceLine]] = {i: [] for i in names}
    for position, line in enumerate(lines):
        previous = max((i for i in names if i < position), default=None)
        following = min((i for i in names if i > position), default=None)
        if line.kind in ("type", "slot"):
            labels.append((position, line))
        elif line.kind in ("stat", "tag"):
            between = [l for l in lines[position + 1:following] if l.kind == "text"] if following else [1]
            if after_name and previous is not None:
                owner = previous
            else:
                owner = following if following is not None and not between else previous
            if owner is None:
                continue
            if line.kind == "tag":
                cards[owner].stats.setdefault("tags", ([line.value], _span(line)))
            else:
                _read_stats(cards[owner], line, grammar)
            shown = _stat_text(line.text, grammar)
            if _display_line(line):
                shown = speller.recase(shown)
            cards[owner].lines.append((*_span(line), shown, line.kind))
        elif line.kind == "text" and previous is not None:
            texts[previous].append(line)
            cards[previous].lines.append((*_span(line), line.text, "text"))
    for i, card in cards.items():
        card.lines.append((*card.name_span, card.name, "name"))
        name_type = _lookup(grammar.types, card.name)
        if name_type:
            card.type, card.type_span = name_type, card.name_span
        if card.type is None:
            card.type = _infer_type(card)
    for position, label in labels:
        owner = _label_owner(position, label, lines, names, cards)
        if owner is None:
            continue
        card = cards[owner]
        card.lines.append((*_span(label), _label_text(label, grammar), label.kind))
        if label.kind == "slot" and "slot" not in card.stats and card.type in (None, "item"):
            card.stats["slot"] = (label.value, _span(label))
        if label.kind == "type" and (card.type is None or _refines(card, label.value)):
            card.type, card.type_span = label.value, _span(label)
    for i, card in cards.items():
        body = _join_text([line.text for line in texts[i]])
        bad = grammar.bad_stuff.search(body)
        if bad:
            card.stats["bad_stuff"] = (bad.group(1).strip(), _span(texts[i][-1]))
            body = body[:bad.start()].strip()
        if texts[i]:
            card.text = body
            card.text_span = (texts[i][0].raw_start, _span(texts[i][-1])[1])
    return [cards[i] for i in names]
