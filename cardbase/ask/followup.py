"""Asking for the fact a ``conditional`` answer depends on, in the question's language.

``prompt`` gives the lexicon's question for the missing fact and the choices (yes/no for a
true/false fact, the names for a phase or a role); ``reply`` reads the player's answer back into
a value (``sí``, ``ja``, ``はい``, ``có``; or the number or name of a choice), or ``None`` when it
cannot be read.
"""

from __future__ import annotations

from .lexicon import load
from .normalise import clean, fold
from .vocabulary import FACTS


def prompt(lang: str, fact: str) -> tuple[str, list[str]]:
    """The question asking for ``fact`` and its choices (empty for yes/no)."""
    lexicon = load(lang)
    text = lexicon.questions.get(fact, fact)
    spec = FACTS.get(fact)
    if spec is bool:
        yes, no = (lexicon.answers.get(k, [k])[0] for k in ("yes", "no"))
        return f"{text} [{yes}/{no}]", []
    return text, list(spec) if isinstance(spec, tuple) else []


def reply(lang: str, fact: str, answer: str):
    """The value ``answer`` gives to ``fact``, or ``None``."""
    lexicon = load(lang)
    said = fold(clean(answer)).strip(" ?!.¿¡。？")
    spec = FACTS.get(fact)
    if spec is bool:
        for value, key in ((True, "yes"), (False, "no")):
            if said in {fold(w) for w in lexicon.answers.get(key, [key])}:
                return value
        return None
    if spec is int:
        if said.isdigit():
            return int(said)
        numbers = {fold(clean(word)): value for word, value in lexicon.numbers.items()}
        return numbers.get(said)
    choices = list(spec) if isinstance(spec, tuple) else []
    if said.isdigit() and 1 <= int(said) <= len(choices):
        return choices[int(said) - 1]
    return said if said in choices else None


def expected(lang: str, fact: str) -> str:
    """What a reply to the question for ``fact`` may be, to say when one cannot be read: the
    yes and no words, the numbers of the choices, or a number."""
    lexicon = load(lang)
    spec = FACTS.get(fact)
    if spec is bool:
        return "/".join(lexicon.answers.get(k, [k])[0] for k in ("yes", "no"))
    if isinstance(spec, tuple):
        return f"1–{len(spec)}"
    from ..i18n import _

    return _("a number")
