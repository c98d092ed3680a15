"""Search keys: text folded so that what a user types finds what the rulebook prints.

``fold`` drops invisible format characters (a zero-width space, a soft hyphen, a direction
mark), lowercases (``casefold``: ``ß`` → ``ss``), applies NFKC (full-width forms), removes the
accents of Latin letters (``Lượt`` → ``luot``, ``Fähigkeit`` → ``fahigkeit``), and folds the letters
that have no decomposition (``đ`` → ``d``, ``ø`` → ``o``, ``ł`` → ``l``). Kana keep their voicing
marks: が is not か. ``search_tokens`` then turns folded text into index terms: words for scripts
written with spaces, overlapping character pairs (bigrams) for Chinese and Japanese, so that a
two-character word such as 戦闘 is a term of its own and no dictionary is needed at query time.
Only the standard library is used: this module is on the command line's query path.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

_NO_DECOMPOSITION = {"đ": "d", "ð": "d", "ø": "o", "ł": "l", "ħ": "h", "ı": "i", "ŧ": "t",
                     "æ": "ae", "œ": "oe", "þ": "th"}


def is_cjk_char(ch: str) -> bool:
    code = ord(ch)
    return (0x3040 <= code <= 0x30FF or 0x3400 <= code <= 0x4DBF or 0x4E00 <= code <= 0x9FFF
            or 0xF900 <= code <= 0xFAFF or 0x31F0 <= code <= 0x31FF or 0xAC00 <= code <= 0xD7AF
            or 0x20000 <= code <= 0x2FA1F)


@lru_cache(maxsize=4096)
def fold_char(ch: str) -> str:
    """The folded form of one character (possibly empty or several characters)."""
    if unicodedata.category(ch) == "Cf":
        return ""  # a zero-width space or joiner, a soft hyphen, a direction mark: invisible
    text = unicodedata.normalize("NFKC", ch).casefold()
    out = []
    for c in unicodedata.normalize("NFD", text):
        if unicodedata.combining(c):
            base = out[-1] if out else ""
            if base and not is_cjk_char(base[-1]):
                continue  # an accent on a Latin, Greek or Cyrillic letter
            out.append(c)
            continue
        out.append(_NO_DECOMPOSITION.get(c, c))
    return unicodedata.normalize("NFC", "".join(out))


def fold(text: str) -> str:
    """``text`` folded for matching (see the module docstring)."""
    return "".join(fold_char(ch) for ch in unicodedata.normalize("NFKC", text))


def fold_with_map(text: str) -> tuple[str, list[int] | None]:
    """The folded text and, for each folded character, the index of its source character.

    Meant for stored text, which is already NFC with full-width forms repaired, so that folding
    character by character gives the same result as ``fold``. The map is ``None`` when every
    character folds to exactly one character (positions are then the same in both texts), which
    is the usual case and lets the folding run at C speed through ``str.translate``.
    """
    table = {ord(ch): fold_char(ch) for ch in set(text)}
    if all(len(folded) == 1 for folded in table.values()):
        return text.translate(table), None
    chars: list[str] = []
    index: list[int] = []
    for i, ch in enumerate(text):
        folded = table[ord(ch)]
        chars.append(folded)
        index.extend([i] * len(folded))
    return "".join(chars), index


def _is_word_char(ch: str) -> bool:
    return ch.isalnum() or unicodedata.category(ch).startswith("M")


def search_tokens(folded: str) -> list[str]:
    """Index terms of already folded text: words, and CJK character bigrams."""
    tokens: list[str] = []
    word: list[str] = []
    cjk: list[str] = []

    def flush() -> None:
        if word:
            tokens.append("".join(word))
            word.clear()
        if cjk:
            if len(cjk) == 1:
                tokens.append(cjk[0])
            else:
                tokens.extend(cjk[i] + cjk[i + 1] for i in range(len(cjk) - 1))
            cjk.clear()

    for ch in folded:
        if is_cjk_char(ch) or (ch in "ー々" and cjk):
            if word:
                flush()
            cjk.append(ch)
        elif _is_word_char(ch):
            if cjk:
                flush()
            word.append(ch)
        else:
            flush()
    flush()
    return tokens


def index_text(text: str) -> str:
    """The text as stored in the full-text index: folded terms separated by spaces."""
    return " ".join(search_tokens(fold(text)))


#: letters SQLite's ``unicode61 remove_diacritics 2`` tokenizer keeps as they are (no accent to strip)
_KEPT_BY_TOKENIZER = frozenset("đðøłħıŧæœþß")


def tool_keys(text: str) -> str:
    """The words of ``text`` that another tool's query would fold differently from ours.

    ``sqlite-utils search`` and Datasette hand the query to SQLite's tokenizer, which strips
    accents but keeps ``đ`` or ``ß``: their query ``đánh`` becomes ``đanh``, never our ``danh``.
    Those words are added to the index as written (lower case) so such a query finds them too.
    """
    words = []
    for word in unicodedata.normalize("NFKC", text).lower().split():
        word = "".join(ch for ch in word if _is_word_char(ch))
        if word and not _KEPT_BY_TOKENIZER.isdisjoint(word) and word not in words:
            words.append(word)
    return " ".join(words)


def has_cjk(text: str) -> bool:
    return any(is_cjk_char(ch) for ch in text)


def slugify(text: str) -> str:
    """An ASCII id from a heading (``Gegenstände verkaufen`` → ``gegenstande-verkaufen``)."""
    out = []
    for ch in fold(text):
        if ch.isascii() and ch.isalnum():
            out.append(ch)
        elif out and out[-1] != "-":
            out.append("-")
    return "".join(out).strip("-")
