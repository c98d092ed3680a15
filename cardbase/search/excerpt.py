"""A passage cut out of a longer text where a reader expects the cut: between words.

``excerpt(text, start, end)`` moves each end of the window to the nearest word boundary within
a short reach (a space; in Chinese and Japanese, which put no spaces between words, any
character, preferring one just after 。 or 、), collapses whitespace, and marks each end that
was cut with an ellipsis. Vietnamese, whose words are syllables separated by spaces, is cut at
a space like German or Spanish. Standard library only: snippets are made on the lookup path.
"""

from __future__ import annotations

from .textkeys import is_cjk_char

ELLIPSIS = "…"
REACH = 24              # characters a cut may move to reach a word boundary
CJK_BREAKS = "。、！？」』）"
TRAILING = ",;:·-–—、"   # punctuation left dangling before an ellipsis


def _unspaced(ch: str) -> bool:
    return is_cjk_char(ch) or ch in "ー々" or ch in CJK_BREAKS


def _open_at(text: str, start: int, keep: int) -> int:
    """``start`` moved forward to the beginning of a word, never past ``keep``."""
    if start <= 0:
        return 0
    if text[start - 1].isspace() or _unspaced(text[start - 1]) or _unspaced(text[start]):
        return start
    for index in range(start, min(keep, start + REACH, len(text))):
        if text[index].isspace():
            return index + 1
    return start


def _close_at(text: str, end: int, keep: int) -> int:
    """``end`` moved back to the end of a word, never before ``keep``."""
    if end >= len(text):
        return len(text)
    if text[end].isspace() or text[end - 1].isspace():
        return end
    lowest = max(keep, end - REACH)
    if _unspaced(text[end - 1]) or _unspaced(text[end]):
        for index in range(end, lowest, -1):
            if text[index - 1] in CJK_BREAKS:
                return index
        return end
    for index in range(end, lowest, -1):
        if text[index - 1].isspace():
            return index - 1
    return end


def excerpt(text: str, start: int, end: int, keep: int | None = None) -> str:
    """``text[start:end]`` with its ends moved to word boundaries (the characters from ``keep``,
    the place the reader looks for, are never cut away), whitespace collapsed, and an ellipsis
    at each end where text was left out."""
    start = max(0, min(start, len(text)))
    end = max(start, min(end, len(text)))
    keep = start if keep is None else keep
    start = _open_at(text, start, keep)
    end = _close_at(text, end, max(keep, start) + 1)
    inner = " ".join(text[start:end].split())
    if end < len(text) and text[end:].strip():
        inner = inner.rstrip(TRAILING).rstrip() + ELLIPSIS
    if start > 0 and text[:start].strip():
        inner = ELLIPSIS + inner
    return inner
