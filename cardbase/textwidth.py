"""How wide text is on a terminal, so that columns line up in every script.

A Japanese character takes two columns, a combining accent none; ``len`` counts both as one, so
tables padded with ``str.ljust`` drift apart as soon as a cell holds kana or kanji. ``width``
measures display columns. Letters, digits, punctuation and spaces (all the text of our
languages: Latin with its accents, Vietnamese, kana, kanji, full-width forms) are measured
from the standard library's Unicode tables, as wcwidth measures them: two columns for East
Asian wide and full-width characters, none for combining marks, one otherwise. Anything else
(symbols, emoji, format and control characters, whose widths terminals disagree on and
wcwidth tracks release by release) is measured by wcwidth, imported only then: it takes some
ten milliseconds to import, more than a lookup may spend.
"""

from __future__ import annotations

import unicodedata

ELLIPSIS = "…"
_NARROW_LIMIT = "\u0300"   # below it: one column a character (control characters aside)
_TEXT_CATEGORIES = {"Lu", "Ll", "Lt", "Lm", "Lo", "Nd", "Nl", "No", "Pc", "Pd", "Ps", "Pe",
                    "Pi", "Pf", "Po", "Zs"}


def _simple(text: str) -> bool:
    return not text or (max(text) < _NARROW_LIMIT and text.isprintable())


def _char_width(ch: str) -> int | None:
    """The width of a character of text; None for one only wcwidth can tell."""
    if ch < _NARROW_LIMIT:
        return 1 if ch.isprintable() else None
    category = unicodedata.category(ch)
    if category in ("Mn", "Me") or ch in "\u3164\uffa0":   # marks and the Hangul fillers
        return 0
    if category in _TEXT_CATEGORIES:
        return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return None


def width(text: str) -> int:
    """The number of terminal columns ``text`` takes (a control character counts as none)."""
    if _simple(text):
        return len(text)
    total = 0
    for ch in text:
        size = _char_width(ch)
        if size is None:
            from wcwidth import wcwidth

            size = max(wcwidth(ch), 0)
        total += size
    return total


def ljust(text: str, columns: int) -> str:
    """``text`` padded with spaces on the right to ``columns`` display columns."""
    return text + " " * max(columns - width(text), 0)


def rjust(text: str, columns: int) -> str:
    """``text`` padded with spaces on the left to ``columns`` display columns."""
    return " " * max(columns - width(text), 0) + text


def fit(text: str, columns: int) -> str:
    """``text`` cut to at most ``columns`` display columns, ending in an ellipsis when cut:
    at the last space that keeps at least half of it, else at a character (no spaces in
    Japanese)."""
    if width(text) <= columns:
        return text
    room = columns - width(ELLIPSIS)
    if room <= 0:
        return ELLIPSIS[:max(columns, 0)]
    kept, used = [], 0
    for ch in text:
        used += width(ch)
        if used > room:
            break
        kept.append(ch)
    cut = "".join(kept)
    following = text[len(cut)]
    if _inside_word(cut[-1:]) and _inside_word(following):
        space = cut.rfind(" ")
        if space >= len(cut) // 2:
            cut = cut[:space]
    return cut.rstrip() + ELLIPSIS


def _inside_word(ch: str) -> bool:
    """A character of a word written between spaces (not a space, not Chinese or Japanese)."""
    return bool(ch) and not ch.isspace() and not _unspaced(ch)


def table(rows: list[tuple[str, ...]], right: tuple[int, ...] = (), gap: str = "  ") -> list[str]:
    """The lines of an aligned table: each column as wide as its widest cell on screen, the
    columns whose indexes are in ``right`` aligned right, trailing spaces dropped."""
    if not rows:
        return []
    count = max(len(row) for row in rows)
    rows = [tuple(row) + ("",) * (count - len(row)) for row in rows]
    widths = [max(width(row[i]) for row in rows) for i in range(count)]
    return [gap.join((rjust if i in right else ljust)(cell, widths[i])
                     for i, cell in enumerate(row)).rstrip() for row in rows]


# scripts written without spaces between words: a line may break between any two characters
_UNSPACED_RANGES = ((0x2E80, 0x9FFF), (0xAC00, 0xD7AF), (0xF900, 0xFAFF), (0xFF00, 0xFFEF))
_NO_LINE_START = "。、，．・ー」』）】！？:;,.)"


def _unspaced(ch: str) -> bool:
    code = ord(ch)
    return any(low <= code <= high for low, high in _UNSPACED_RANGES)


def _tokens(text: str) -> list[str]:
    """Words, single characters of unspaced scripts, and runs of white space."""
    tokens: list[str] = []
    current, kind = "", None
    for ch in text:
        now = "space" if ch.isspace() else "char" if _unspaced(ch) else "word"
        if current and (now != kind or now == "char"):
            tokens.append(current)
            current = ""
        current += ch
        kind = now
    if current:
        tokens.append(current)
    return tokens


def wrap(text: str, columns: int) -> list[str]:
    """``text`` broken into lines of at most ``columns`` display columns: between words, and in
    Chinese and Japanese between any two characters (a closing mark or full stop stays with
    the character before it, which moves to the next line with it, as Japanese typesetting
    wants; a word longer than a line gets a line of its own)."""
    lines: list[str] = []
    line, used, spaced = "", 0, False
    for token in _tokens(text):
        if token.isspace():
            spaced = True
            continue
        size = width(token)
        gap = " " if spaced and line else ""
        if line and used + len(gap) + size > columns:
            carry = ""
            if token[0] in _NO_LINE_START:
                if gap or len(line) < 2 or not _unspaced(line[-1]):
                    line += gap + token    # nothing to carry: let the mark stick out
                    used += len(gap) + size
                    spaced = False
                    continue
                line, carry = line[:-1], line[-1]   # the mark takes its character along
            lines.append(line)
            line = carry + token
            used = width(line)
        else:
            line += gap + token
            used += len(gap) + size
        spaced = False
    if line:
        lines.append(line)
    return lines
