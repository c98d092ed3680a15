"""Which of the five languages a question is written in, when ``--lang`` does not say.

The script decides first and costs nothing: kana or kanji is Japanese, a Vietnamese letter
(ơ, ư, ă, đ, ệ...) Vietnamese. Otherwise the question's words are looked up in each lexicon
(the words of the game the question uses are the best evidence there is); only when that leaves a
tie is lingua asked, restricted to the five languages (its models take seconds to load, so it is
imported only then).
"""

from __future__ import annotations

import re

_JA = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff66-\uff9f]")
_VI = re.compile(r"[ơưăđạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]", re.IGNORECASE)
_LINGUA_CODES = {"ENGLISH": "en", "SPANISH": "es", "GERMAN": "de", "JAPANESE": "ja",
                 "VIETNAMESE": "vi"}


def by_script(text: str) -> str | None:
    if _JA.search(text):
        return "ja"
    if _VI.search(text):
        return "vi"
    return None


def by_lingua(text: str) -> str | None:
    from lingua import Language, LanguageDetectorBuilder

    detector = LanguageDetectorBuilder.from_languages(
        *(getattr(Language, name) for name in _LINGUA_CODES)).build()
    found = detector.detect_language_of(text)
    return _LINGUA_CODES.get(found.name) if found else None


def detect(text: str, scores: dict[str, int]) -> str:
    """The language of ``text``; ``scores`` counts, per language, the words its lexicon read."""
    script = by_script(text)
    if script:
        return script
    ranked = sorted(scores.items(), key=lambda kv: -kv[1])
    if ranked and ranked[0][1] > 0 and (len(ranked) == 1 or ranked[0][1] > ranked[1][1]):
        return ranked[0][0]
    return by_lingua(text) or "en"
