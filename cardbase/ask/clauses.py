"""Reading a question by its clauses: what a negation, the question's modal and a clause's
subject say about the facts the words gave.

``ClauseReading`` is the part of ``Reader`` that works above single words: a negation applies
to the nearest fact of its clause (and what it cannot negate is listed as not read); of several
verbs or card kinds, the one the question's modal ("can I", "darf ich", "できる") governs is
the one asked; a clause whose subject is another player makes a turn theirs and a death the
target's; words that may change a verdict and that no fact read are found. It uses the reader's
lexicon, its ignored words and its phrase finder (``_places``).
"""

from __future__ import annotations

import re

from .analyse import Token
from .facts import ASKED_KEYS, Fact, Hit, Reading

#: punctuation that ends a sentence
SENTENCE_BREAK = re.compile(r"[.!?。！？]")
#: punctuation that ends a clause: a lexicon phrase is not matched across it
CLAUSE_BREAK = re.compile(r"[,;:.!?、。，；：！？]")


def breaks(pattern: re.Pattern, text: str, tokens: list[Token]) -> set[int]:
    """The places of the tokens that open a new clause (or sentence) of ``text``."""
    return {i for i in range(1, len(tokens))
            if pattern.search(text, tokens[i - 1].end, tokens[i].start)}


class ClauseReading:
    """The clause-level reading of ``Reader`` (a mix-in: it uses the reader's ``lex``,
    ``ignore``, ``markers``, ``modal``, ``sensitive``, ``self_words``, ``others``,
    ``subject_markers`` and ``_places``)."""

    def _sensitive(self, tokens: list[Token], covered: list[bool]) -> set[int]:
        """The places of words no fact read that may change a verdict (``sensitive``)."""
        return {i for a, b in self._places(self.sensitive, tokens, covered) for i in range(a, b)}

    def _mark_asked(self, reading: Reading, tokens: list[Token], breaks: set[int],
                    sentences: set[int]) -> None:
        """Mark the verbs the question's modal ("can I", "darf ich", "できる", "được không")
        governs: those in its clause, on the side the lexicon says; of several verbs in a
        question, the one asked is one of them. A card kind
        is asked about within the modal's sentence (a relative clause after a comma still
        describes the card: "einen Gegenstand, der nur einmal einsetzbar ist")."""
        scope = self.lex.modal_scope
        modals = list(self._places(self.modal, tokens))
        for fact in reading.facts:
            if fact.key not in ASKED_KEYS or fact.end <= fact.start:
                continue
            for a, b in modals:
                if scope in ("next", "both") and fact.start >= b:
                    gap = (b, fact.start)
                elif scope in ("previous", "both") and fact.end <= a:
                    gap = (fact.end, a)
                else:
                    continue
                bounds = breaks if fact.key == "action.verb" else sentences
                if bounds.intersection(range(gap[0], gap[1] + 1)):
                    continue
                fact.asked = True
                break

    def _negate(self, reading: Reading, negations: list[Hit], tokens, breaks) -> None:
        """Each negation applies to the nearest fact on its side, within its window and its
        clause. A true/false fact is flipped (``no es mi turno``); the words of a negated fact
        the query cannot hold the opposite of (``not a Dwarf``: no race is "not Dwarf") are
        dropped and listed as not read, as is a negation with no fact to apply to, so that the
        answer never claims to have read them."""
        window = self.lex.negation_window
        scope = self.lex.negation_scope
        for neg in negations:
            best = None
            for fact in reading.facts:
                if fact.end <= fact.start:       # a fact given afterwards has no words
                    continue
                after = 0 <= fact.start - neg.end < window
                before = 0 <= neg.start - fact.end < window
                if not ((scope in ("next", "both") and after)
                        or (scope in ("previous", "both") and before)):
                    continue
                a, b = (neg.end, fact.start) if after else (fact.end, neg.start)
                if breaks.intersection(range(a, b + 1)):   # a clause break between them
                    continue
                distance = b - a
                rank = (distance, not isinstance(fact.value, bool))
                if best is None or rank < best[0]:
                    best = (rank, fact)
            negation_words = [t.surface for t in tokens[neg.start:neg.end]]
            if best is None:
                if self._scope_has_words(neg, tokens, breaks):
                    reading.unread.extend(negation_words)
                # else it negates nothing: a question tag (``... được không?``)
                continue
            fact = best[1]
            span = [f for f in reading.facts if (f.start, f.end) == (fact.start, fact.end)]
            a, b = min(neg.start, fact.start), max(neg.end, fact.end)
            if all(isinstance(f.value, bool) for f in span):
                for f in span:
                    f.value = not f.value
                    f.words = [t.surface for t in tokens[a:b]]
            elif fact.key == "action.verb":
                # "can't I sell it?": the act asked stays, its negation is not read
                reading.unread.extend(negation_words)
            else:
                for f in span:
                    reading.facts.remove(f)
                reading.unread.extend(tokens[k].surface for k in range(a, b)
                                      if neg.start <= k < neg.end
                                      or tokens[k].form not in self.ignore)

    def _scope_has_words(self, neg: Hit, tokens: list[Token], breaks: set[int]) -> bool:
        """Whether a word of meaning stands where ``neg`` could apply, within its clause."""
        window, scope = self.lex.negation_window, self.lex.negation_scope
        places = []
        if scope in ("next", "both"):
            for i in range(neg.end, min(len(tokens), neg.end + window)):
                if i in breaks:
                    break
                places.append(i)
        if scope in ("previous", "both"):
            for i in range(neg.start - 1, max(-1, neg.start - 1 - window), -1):
                if i + 1 in breaks:
                    break
                places.append(i)
        return any(tokens[i].content and tokens[i].form not in self.ignore for i in places)

    def _attribute(self, reading: Reading, tokens: list[Token], covered: list[bool],
                   breaks: set[int], names: set[int]) -> None:
        """Facts of a clause about another player are about that player: the first person a
        clause names (a name, "he", "er", "彼" against "I", "ich", "私") is its subject. In
        such a clause a turn said without a word of the asker's ("Carla ist am Zug", not "my
        turn") is not the asker's, and a death is the other player's ("he's dead": the
        target's). The subject words of a clause read that way count as read."""
        selves = {i for a, b in self._places(self.self_words, tokens) for i in range(a, b)}
        # a name after a word such as "to", "a", "mit" is whom the act aims at, never a subject
        objects = {i for i in names if i > 0 and tokens[i - 1].form in self.markers}
        if self.subject_markers:
            objects |= {i for i in names if i + 1 >= len(tokens)
                        or tokens[i + 1].form not in self.subject_markers}
        others = {i for a, b in self._places(self.others, tokens) for i in range(a, b)} | \
            (names - objects)
        clause, clauses = 0, []
        for i in range(len(tokens)):
            clause += i in breaks
            clauses.append(clause)
        subjects: dict[int, tuple[str, int]] = {}
        for i in range(len(tokens)):
            if clauses[i] not in subjects and (i in selves or i in others):
                subjects[clauses[i]] = ("self" if i in selves else "other", i)
        spans = {a: b for a, b in self._places(self.others, tokens)}
        # a name that is its clause's subject ("Bob helped me") is who acts, not whom the act
        # aims at; a word for another player that is not ("give him", "ihm geben") is whom
        subject_names = {where for who, where in subjects.values() if where in names}
        subject_places = {where for who, where in subjects.values()}
        verbs = {i for f in reading.facts if f.key == "action.verb" for i in (f.start - 1, f.end)}
        for a, b in self._places(self.others, tokens, covered):
            aimed = a in verbs or (a > 0 and tokens[a - 1].form in self.markers)
            if a not in subject_places and aimed:
                covered[a:b] = [True] * (b - a)
                reading.facts.append(Fact("action.target", "other_player",
                                          [t.surface for t in tokens[a:b]], a, b, -1))
        reading.facts[:] = [f for f in reading.facts if not (
            f.key == "action.target" and f.priority < 0 and f.start in subject_names)]
        for fact in reading.facts:
            if fact.end <= fact.start or fact.value is not True:
                continue
            who, where = subjects.get(clauses[fact.start], ("self", -1))
            if who != "other" or selves.intersection(range(fact.start, fact.end)):
                continue
            if fact.key == "state.my_turn":
                fact.value = False
            elif fact.key == "state.dead":
                fact.key = "state.target_state.dead"
            else:
                continue
            end = spans.get(where, where + 1)
            covered[where:end] = [True] * (end - where)
