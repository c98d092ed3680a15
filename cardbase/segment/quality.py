"""Damage that could not be repaired, measured and flagged rather than hidden.

Each check is a plain function returning ``Flag``s; ``assess`` runs them all and scores the section
from 0 (unreadable) to 1 (reads as printed). The checks:

* ``scrambled``: words in an order no sentence has. Interleaved columns leave a trail of word
  fragments and of sentences that begin in lower case; both are counted.
* ``truncated``: lines cut off at a margin (the repaired line still ends inside a word, with no
  punctuation; list items are not running text), a replacement character where bytes were lost,
  or running text that stops where no sentence can (on a piece of a word or on an article: a
  missing full stop alone is the author's).
* ``artifacts``: leftovers of the page that are not text (image file names, stray symbol runs).
* ``symbols_lost``: a printed symbol the extraction dropped (marked ``[□]`` in the text by
  ``normalise.damage_marks``, or set by a reviewer in the outline); the flag shows the words
  around each mark.
* a line cut at the margin that normalisation marked ``[…]`` is ``truncated`` too, and so is a
  heading that stops in the middle of a phrase (``Un juego de``): a title split in two, whose
  section holds the rest of the title rather than text under it.
* ``repaired``: damage normalisation repaired (split words, letter spacing, lost ligatures,
  mojibake), counted so that a section scores 100 % only where no damage was seen.
* ``garbled``: words that lost the letters of a ligature (``modiiers``) where normalisation could
  not tell for certain which word they were.

A section scoring below ``DAMAGED_BELOW`` reads as damage rather than as rules: the site shows it
as damaged and marks none of its sentences as rules.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..normalise.damage_marks import SYMBOL_LOST, TRUNCATED
from ..normalise.lexicon import Lexicon

#: A word, with the parts an apostrophe joins kept together (``can't``, ``l'une``, ``qu'à``).
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
_APOSTROPHE = re.compile(r"['’]")
_LOWER_AFTER_STOP = re.compile(r"[.!?]\s+[a-zñäöüáéíóú]")
_LIST_ITEM = re.compile(r"^\s*(?:[•·・\-–—*]|\d+[.)])\s")
#: Abbreviations made of single letters (``z.B.``, ``p.``, ``e.g.``): not pieces of words, and
#: the word after them does not start a sentence.
_ABBREVIATION = re.compile(r"(?<![^\W\d_])(?:[^\W\d_]\.)+")
_ARTIFACT = re.compile(r"\S+\.(?:jpe?g|png|gif|svg)\b|\ufffd|[«»•@]{1}\s*[•@«»]")

BROKEN_ZIPF = 1.0
#: Scrambled: many broken words, or some broken words and many sentences starting in lower case.
SCRAMBLED_FRAGMENTS = 0.1
SCRAMBLED_SOME_FRAGMENTS = 0.04
SCRAMBLED_LOWER_STARTS = 0.2
SCRAMBLED_MIN_WORDS = 30
TRUNCATED_LINES = 0.25
#: a heading whose last word is this frequent (a preposition, an article) stops mid-phrase
CUT_HEADING_ZIPF = 7.0
#: below this score a section is damage, not rules
DAMAGED_BELOW = 0.5


@dataclass(frozen=True)
class Flag:
    name: str
    score: float
    detail: str = ""

    def as_dict(self) -> dict:
        return {"flag": self.name, "score": round(self.score, 3), "detail": self.detail}


def _broken(word: str, lexicon: Lexicon) -> bool:
    """A piece of a word: a lone letter that is no word, or a string no word list knows. A
    contraction or elision is whole when one of its parts is a word."""
    if _APOSTROPHE.search(word):
        return all(_broken(part, lexicon) for part in _APOSTROPHE.split(word) if part)
    if len(word) == 1:
        return not lexicon.is_single_letter_word(word)
    return lexicon.zipf(word) < BROKEN_ZIPF


def fragment_share(text: str, lexicon: Lexicon) -> tuple[float, int]:
    """The share of lower-case words that are broken pieces, and how many words were counted."""
    words = _WORD.findall(_ABBREVIATION.sub(" ", text))
    if not words or not lexicon.joins_words:
        return 0.0, len(words)
    counted = [w for w in words if not w[0].isupper()]
    if not counted:
        return 0.0, len(words)
    fragments = sum(1 for w in counted if _broken(w, lexicon))
    return fragments / len(counted), len(counted)


JOIN_ZIPF = 3.0
#: Pieces: at this share of all words, a section is a heap of fragments whatever its length.
PIECES_SHARE = 0.15
PIECES_MIN = 2


def piece_share(text: str, lexicon: Lexicon) -> tuple[float, int]:
    """The share of words that are pieces of a word broken apart, counted over every word, capitals
    included: a lone letter that is no word (``W``, ``M``), a lower-case or very short string no
    word list knows (a longer capitalised one is a name), or a short
    piece that, joined to the next, makes a common word (``stu Fe`` → ``stufe``, ``Au F``)."""
    words = _WORD.findall(text)
    if not words or not lexicon.joins_words:
        return 0.0, len(words)
    pieces = 0
    skip = False
    for index, word in enumerate(words):
        if skip:
            skip = False
            pieces += 1
            continue
        if _broken(word, lexicon) and not (word[0].isupper() and len(word) >= 4):
            pieces += 1  # (a capitalised unknown word of some length is a name: Stormcast)
            continue
        following = words[index + 1] if index + 1 < len(words) else ""
        if following and len(word) <= 4 and len(following) <= 4 \
                and lexicon.zipf((word + following).lower()) >= max(
                    JOIN_ZIPF, lexicon.zipf(word.lower()) - 1.5):
            pieces += 1
            skip = True
    return pieces / len(words), len(words)


def check_scrambled(body: str, raw: str, lexicon: Lexicon, running_text: bool = True) -> list[Flag]:
    pieces, total = piece_share(body, lexicon)
    if total and pieces >= PIECES_SHARE and pieces * total >= PIECES_MIN:
        return [Flag("scrambled", min(0.9, 0.3 + pieces * 2),
                     f"{pieces:.0%} of {total} words are pieces of broken words")]
    share, count = fragment_share(body, lexicon)
    plain = _ABBREVIATION.sub(" ", body)
    sentences = max(1, len(re.findall(r"[.!?](?:\s|$)", plain)))
    lower_starts = len(_LOWER_AFTER_STOP.findall(plain)) / sentences
    if count >= SCRAMBLED_MIN_WORDS and (
            share >= SCRAMBLED_FRAGMENTS
            or (share >= SCRAMBLED_SOME_FRAGMENTS and lower_starts >= SCRAMBLED_LOWER_STARTS)):
        severity = min(1.0, share * 5 + lower_starts)
        return [Flag("scrambled", severity,
                     f"{share:.0%} of words are fragments; {lower_starts:.0%} of sentences "
                     f"start in lower case")]
    return []


def _cut_word(word: str, lexicon: Lexicon) -> bool:
    """A line's last word that is a piece of one: broken, and not a compound of known words."""
    return _broken(word, lexicon) and not lexicon.compound_zipf(word)


def _stops_mid_sentence(body: str, lexicon: Lexicon) -> bool:
    """Whether running text stops where no sentence can: its last word is a piece of a word, or a
    word that always governs one more (an article, a preposition). A list item, or a paragraph
    its author ended without a full stop, is not evidence of a cut."""
    from ..normalise.damage_marks import DANGLING_WORDS

    last = body.rstrip().split("\n")[-1]
    if not last[-1:].isalpha() or _LIST_ITEM.match(last) or not lexicon.joins_words:
        return False
    word = _WORD.findall(last)[-1]
    return _cut_word(word, lexicon) or word.casefold() in DANGLING_WORDS.get(lexicon.lang, ())


def check_truncated(body: str, raw: str, lexicon: Lexicon, running_text: bool = True) -> list[Flag]:
    flags = []
    lines = [line.strip() for line in body.split("\n") if line.strip()]
    if lines and lexicon.joins_words and running_text:
        cut = 0
        for line in lines:
            words = _WORD.findall(line)
            if words and line[-1].isalpha() and not _LIST_ITEM.match(line) \
                    and _cut_word(words[-1], lexicon):
                cut += 1
        share = cut / len(lines)
        if len(lines) >= 4 and share >= TRUNCATED_LINES:
            flags.append(Flag("truncated", min(1.0, share * 1.5),
                              f"{cut} of {len(lines)} lines end inside a word"))
    marked = body.count(TRUNCATED)
    if marked and not flags:
        flags.append(Flag("truncated", min(0.6, 0.15 * marked),
                          f"{marked} line(s) cut off at the margin, marked {TRUNCATED}"))
    if "\ufffd" in body:
        flags.append(Flag("truncated", 0.3, "text lost where bytes were cut"))
    elif running_text and len(body) > 200 and not flags and _stops_mid_sentence(body, lexicon):
        flags.append(Flag("truncated", 0.2, "the section ends in the middle of a sentence"))
    return flags


def check_artifacts(body: str, raw: str, lexicon: Lexicon, running_text: bool = True) -> list[Flag]:
    found = _ARTIFACT.findall(body)
    if found:
        return [Flag("artifacts", min(0.5, 0.1 * len(found)),
                     "not text: " + ", ".join(sorted(set(found))[:5]))]
    return []


HUMAN_FLAG_SEVERITY = {"symbols_lost": 0.2, "truncated": 0.4, "scrambled": 0.6, "garbled": 0.5}


def symbol_gaps(body: str, width: int = 40) -> list[str]:
    """The words around each lost symbol that normalisation marked ``[□]`` in ``body``."""
    shown = []
    position = body.find(SYMBOL_LOST)
    while position >= 0:
        end = position + len(SYMBOL_LOST)
        before = body[max(0, position - width):position].split("\n")[-1]
        after = body[end:end + width].split("\n")[0]
        shown.append(f"…{before}{SYMBOL_LOST}{after}…")
        position = body.find(SYMBOL_LOST, end)
    return shown


def check_symbols(body: str, raw: str, lexicon: Lexicon, running_text: bool = True) -> list[Flag]:
    gaps = symbol_gaps(body)
    if not gaps:
        return []
    return [Flag("symbols_lost", min(0.5, 0.1 + 0.1 * len(gaps)),
                 f"{len(gaps)} symbol(s) lost, marked {SYMBOL_LOST}: " + " ".join(gaps))]


def check_ligatures(body: str, raw: str, lexicon: Lexicon, running_text: bool = True) -> list[Flag]:
    """Words that lost the letters of a ligature and that normalisation could not restore for
    certain (``modiiers``: more than one word fits, or none far likelier than the others)."""
    from ..normalise.ligatures import suspects

    left = [s for s in suspects(body, lexicon) if s.unknown]
    if not left:
        return []
    shown = ", ".join(f"{s.word} ({' / '.join(s.restored[:3])}?)" for s in left[:5])
    return [Flag("garbled", min(0.4, 0.1 * len(left)),
                 f"{len(left)} word(s) lost the letters of a ligature: {shown}")]


CHECKS = [check_scrambled, check_truncated, check_artifacts, check_symbols, check_ligatures]

#: The stages whose every change repairs damage (the others lay text out: page numbers, line-end
#: hyphens, line breaks, spaces; or mark damage, which its own flag counts).
DAMAGE_STAGES = frozenset({"letter_spacing", "split_words", "ligatures", "cut_paragraphs"})
REPAIRED_SEVERITY = 0.03
REPAIRED_MAX = 0.3


def repairs(changes) -> int:
    """How many of ``changes`` (normalisation's records) repaired damage: every change of a
    word-level stage, and every mojibake the ``unicode`` stage fixed (not a width or a space)."""
    from ftfy.badness import is_bad

    return sum(1 for change in changes if change.stage in DAMAGE_STAGES
               or (change.stage == "unicode" and is_bad(change.before)))


def check_repaired(repaired: int) -> list[Flag]:
    if not repaired:
        return []
    return [Flag("repaired", min(REPAIRED_MAX, REPAIRED_SEVERITY * repaired),
                 f"{repaired} damaged place(s) of the extracted text repaired")]


def check_heading(heading: str, lexicon: Lexicon) -> list[Flag]:
    """A heading that ends in one of its language's most frequent words (``de``, ``und``,
    ``the``), with no punctuation after it, was cut in the middle of a phrase."""
    words = _WORD.findall(heading)
    if not words or not lexicon.joins_words or heading.rstrip()[-1:] in ".!?:;)»”\"'":
        return []
    if lexicon.zipf(words[-1]) >= CUT_HEADING_ZIPF:
        return [Flag("truncated", 0.5, f"the heading stops mid-phrase, after {words[-1]!r}")]
    return []


def assess(body: str, raw: str, lexicon: Lexicon, human_flags=(),
           running_text: bool = True, repaired: int = 0,
           heading: str = "") -> tuple[float, list[Flag]]:
    """Run every check; return the quality score and every flag raised.

    ``running_text`` is false for front matter, credits and labels, which need not end a sentence.
    ``repaired`` is how many damaged places normalisation repaired in the section (``repairs``):
    damage seen counts even when it was undone, so that 100 % means none was seen.
    """
    flags: list[Flag] = check_heading(heading, lexicon)
    for check in CHECKS:
        flags.extend(check(body, raw, lexicon, running_text))
    flags.extend(check_repaired(repaired))
    for name in human_flags:
        if any(flag.name == name for flag in flags):
            continue  # found and shown already
        flags.append(Flag(name, HUMAN_FLAG_SEVERITY.get(name, 0.3), "flagged by a reviewer"))
    score = 1.0
    for flag in flags:
        score *= 1.0 - flag.score
    return round(score, 3), flags
