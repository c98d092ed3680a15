"""Remembered verdicts (``rules/recall.py``) are the verdicts the rules give, and answers put
together from them are the answers ``check`` gives without them."""

from __future__ import annotations

import random

import pytest

from cardbase.errors import QueryError
from cardbase.rules import engine
from cardbase.rules.engine import Citer, RulebookVerdict, _answer, _check_derived_level, judge
from cardbase.rules.model import ALLOWED, FORBIDDEN
from cardbase.rules.query import ACTION_SPECS, GAMES, STATE_KEYS, Situation, parse_query
from cardbase.rules.recall import Recall
from cardbase.rules.table import situations


def _varied(game: str, rnd: random.Random) -> list[dict]:
    """The decision table's cells of ``game`` with made-up facts added from the vocabulary."""
    out = []
    for cell in situations(game):
        query = cell.as_query(game)
        for where, specs in (("state", STATE_KEYS[game]), ("action", ACTION_SPECS[game])):
            for key, spec in specs.items():
                if key in query[where] or rnd.random() > 0.3:
                    continue
                if spec is bool:
                    query[where][key] = rnd.random() < 0.5
                elif isinstance(spec, tuple) and spec[0] == "int":
                    query[where][key] = rnd.randint(spec[1], min(spec[2], 12))
                elif isinstance(spec, tuple) and spec[0] == "one of" and key != "verb":
                    query[where][key] = rnd.choice(spec[1])
        out.append(query)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_remembered_answers_are_the_rules_answers(conn, game):
    books = Citer.of(conn).books()
    rulebooks = [rb for rb, g in books.items() if g == game]
    citer = Citer.of(conn)
    rnd = random.Random(game)
    compared = 0
    for query in _varied(game, rnd) * 2:  # asked twice: the second time from memory
        if rnd.random() < 0.5:
            query = dict(query, rulebook=rnd.choice(rulebooks))
        try:
            situation = parse_query(query, conn, books)
            _check_derived_level(situation, rulebooks)
        except QueryError:
            continue
        remembered = engine.answer(situation, rulebooks, citer)
        again = parse_query(query, conn, books)
        judged = _answer(again, rulebooks, {rb: judge(again, rb) for rb in rulebooks}, citer,
                         None)
        assert remembered == judged, query
        compared += 1
    assert compared > 100


def _judging(reads: list[str]):
    calls = []

    def judge_(situation, rulebook):
        calls.append(rulebook)
        level = situation.state.get("level", 1)
        if "phase" in reads and situation.state.get("phase") == "combat":
            return RulebookVerdict(rulebook, FORBIDDEN)
        if "whole" in reads:
            len(situation.state)
        return RulebookVerdict(rulebook, ALLOWED if level < 9 else FORBIDDEN)

    return judge_, calls


def test_a_verdict_is_remembered_by_the_facts_read_only():
    recall = Recall()
    judge_, calls = _judging(["phase"])
    first = Situation("munchkin", None, "play", {"level": 3, "hand_size": 4}, {"verb": "play"})
    other = Situation("munchkin", None, "play", {"level": 3, "hand_size": 9, "dead": False},
                      {"verb": "play", "count": 2})
    higher = Situation("munchkin", None, "play", {"level": 9}, {"verb": "play"})
    fighting = Situation("munchkin", None, "play", {"level": 3, "phase": "combat"},
                         {"verb": "play"})
    assert recall.verdict(first, "rb", judge_).verdict == ALLOWED
    assert recall.verdict(other, "rb", judge_).verdict == ALLOWED  # hand size is never read
    assert calls == ["rb"]
    assert recall.verdict(higher, "rb", judge_).verdict == FORBIDDEN
    assert recall.verdict(fighting, "rb", judge_).verdict == FORBIDDEN
    assert len(calls) == 3
    assert recall.verdict(first, "other rulebook", judge_).verdict == ALLOWED
    assert len(calls) == 4  # each rulebook has its own verdicts


def test_a_judgement_that_reads_the_whole_state_is_not_remembered():
    recall = Recall()
    judge_, calls = _judging(["whole"])
    situation = Situation("munchkin", None, "play", {"level": 3}, {"verb": "play"})
    for _ in range(3):
        assert recall.verdict(situation, "rb", judge_).verdict == ALLOWED
    assert len(calls) == 3 and recall.leaves == 0


def test_same_verdicts_are_one_object():
    recall = Recall()
    judge_, _calls = _judging([])
    a = recall.verdict(Situation("munchkin", None, "play", {"level": 2}, {}), "rb", judge_)
    b = recall.verdict(Situation("munchkin", None, "play", {"level": 5}, {}), "rb", judge_)
    assert a is b and recall.leaves == 2
