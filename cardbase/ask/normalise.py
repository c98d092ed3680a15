"""Normalising a question before it is read: one form for what players type many ways.

NFKC makes full-width and half-width forms one (``ＬＶ９`` → ``LV9``, ``ｶｰﾄﾞ`` → ``カード``);
``fold`` lowercases and drops accents (``maldición``, ``maldicion`` and ``maldicíon`` read alike;
``đ`` → ``d`` and ``ß`` → ``ss``, which have no decomposition), so accents are optional;
``katakana`` writes hiragana as katakana so that kana spellings meet. Numbers are read with their
thousands separators (``1.000``, ``1,000``, ``1 000``).
"""

from __future__ import annotations

import re
import unicodedata

_NO_DECOMPOSITION = {"đ": "d", "ð": "d", "ß": "ss", "ø": "o", "æ": "ae", "œ": "oe", "ł": "l"}
NUMBER = re.compile(r"\d{1,3}(?:[.,\u202f ]\d{3})+(?!\d)|\d+")


def clean(text: str) -> str:
    """The question in NFKC with its spaces made plain and control characters dropped."""
    text = unicodedata.normalize("NFKC", text)
    return "".join(" " if ch.isspace() or unicodedata.category(ch) in ("Cc", "Cf") else ch
                   for ch in text)


def fold(word: str) -> str:
    """``word`` lowercased, without accents (Latin letters only: Japanese marks stay)."""
    if word.isascii():
        return word.lower()
    out = []
    for ch in unicodedata.normalize("NFD", word.casefold()):
        if unicodedata.combining(ch) and out and out[-1].isascii():
            continue
        out.append(_NO_DECOMPOSITION.get(ch, ch))
    return unicodedata.normalize("NFC", "".join(out))


def katakana(text: str) -> str:
    """Hiragana written as katakana (``せんとう`` → ``セントウ``)."""
    return "".join(chr(ord(ch) + 0x60) if "\u3041" <= ch <= "\u3096" else ch for ch in text)


def number_value(text: str) -> int | None:
    """The whole number ``text`` writes (``1.000`` → 1000), or ``None``."""
    digits = re.sub(r"[.,\u202f ]", "", text)
    return int(digits) if digits.isdigit() and len(digits) <= 9 else None
