"""What a reading is made of: the facts read from a question, each with its words and place, and
the reading itself (its facts, the words it did not read, the card and the players named).

``Hit`` is one match of a lexicon phrase, unit, negation or card name in the question's tokens;
``Reader`` (``reader.py``) finds them, and the clause-level reading (``clauses.py``) and the
query (``answer.py``) work on the ``Fact``s made from them.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Fact:
    key: str
    value: object
    words: list[str]
    start: int = 0          # token span, for negation and ordering
    end: int = 0
    priority: int = 0
    #: for a verb or a card kind: whether the question's modal governs it ("I *traded* the
    #: boots, can I *sell* them?": sell, not trade)
    asked: bool = False


@dataclass
class Reading:
    lang: str
    facts: list[Fact] = field(default_factory=list)
    unread: list[str] = field(default_factory=list)
    card: dict | None = None        # {"name", "game", "type", "words"}
    players: list[str] = field(default_factory=list)
    #: game -> the words of the question that only that game's glossary terms use
    game_words: dict[str, list[str]] = field(default_factory=dict)

    def get(self, key: str):
        for fact in self.facts:
            if fact.key == key:
                return fact.value
        return None


@dataclass
class Hit:
    kind: str          # entry, unit, negation, card, player
    payload: object
    start: int         # token span [start, end)
    end: int


#: the facts of which a question's modal governs one: the act asked and the kind of card
#: ("an action made me play a monster; can I still play my minion?": the minion)
ASKED_KEYS = ("action.verb", "action.card_type")
