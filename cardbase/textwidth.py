"""How wide text is on a terminal, so that columns line up in every script.

A Japanese character takes two columns, a combining accent none; ``len`` counts both as one, so
tables padded with ``str.ljust`` drift apart as soon as a cell holds kana or kanji. ``width``
measures display columns with wcwidth; text made only of characters below U+0300 (ASCII and the
Latin letters of Spanish and German, none of them wide or combining) is measured by ``len``, so
wcwidth (some ten milliseconds to import) is loaded only when a table holds other scripts.
"""

from __future__ import annotations

import re

ELLIPSIS = "…"
_NARROW_LIMIT = "\u0300"   # below it: one column a character (control characters aside)


def _simple(text: str) -> bool:
    return not text or (max(text) < _NARROW_LIMIT and text.isprintable())


def width(text: str) -> int:
    """The number of terminal columns ``text`` takes (a control character counts as none)."""
    if _simple(text):
        return len(text)
    from wcwidth import wcwidth

    return sum(max(wcwidth(ch), 0) for ch in text)


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
    return bool(ch) and not ch.isspace() and not _UNSPACED.match(ch)


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


# a run of characters written without spaces between words (each one a place to break a line),
# a run of other non-space characters (a word), or white space
_UNSPACED_CHARS = "\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef"
_UNSPACED = re.compile(f"[{_UNSPACED_CHARS}]")
_TOKENS = re.compile(f"[{_UNSPACED_CHARS}]|[^\\s{_UNSPACED_CHARS}]+|\\s+")
_NO_LINE_START = "。、，．・ー」』）】！？:;,.)"


def wrap(text: str, columns: int) -> list[str]:
    """``text`` broken into lines of at most ``columns`` display columns: between words, and in
    Chinese and Japanese between any two characters (a closing mark or full stop stays with
    the character before it, which moves to the next line with it, as Japanese typesetting
    wants; a word longer than a line gets a line of its own)."""
    lines: list[str] = []
    line, used, spaced = "", 0, False
    for token in _TOKENS.findall(text):
        if token.isspace():
            spaced = True
            continue
        size = width(token)
        gap = " " if spaced and line else ""
        if line and used + len(gap) + size > columns:
            carry = ""
            if token[0] in _NO_LINE_START:
                if gap or len(line) < 2 or not _UNSPACED.match(line[-1]):
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
