"""Remembered verdicts (``rules/recall.py``) are the verdicts the rules give, and answers put
together from them are the answers ``check`` gives without them."""

from __future__ import annotations

import random

import pytest

from cardbase.errors import QueryError
from cardbase.rules import engine
from cardbase.rules.engine import Citer, RulebookVerdict, _answer, _check_derived_level, judge
from cardbase.rules.model import ALLOWED, FORBIDDEN, Rule, depends
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


def test_a_tree_that_never_pays_is_looked_up_less_and_less_and_again_when_it_pays():
    recall = Recall()
    noted = []

    def judge_(situation, rulebook):  # the hand size is added to: remembered by its value
        size = situation.state.get("hand_size", 0) + 1
        noted.append(type(situation.state) is not dict)
        return RulebookVerdict(rulebook, ALLOWED if size < 6 else FORBIDDEN)

    def ask(size):
        return recall.verdict(Situation("munchkin", None, "play", {"hand_size": size}, {}), "rb",
                              judge_)

    for size in range(5000):  # never the same facts twice: every lookup misses
        assert ask(size).verdict == (ALLOWED if size < 5 else FORBIDDEN)
    # noting a question costs more than judging it: after the first few, hardly ever noted
    assert 25 <= sum(noted) < 60, sum(noted)
    for _ in range(4000):  # the same question over and over: the tree pays again
        ask(3)
    noted.clear()
    for _ in range(500):
        ask(3)
    assert noted == []


def test_same_verdicts_are_one_object():
    recall = Recall()

    def judge_(situation, rulebook):  # the level is added to: remembered by its value
        level = situation.state.get("level", 1) + 1
        return RulebookVerdict(rulebook, ALLOWED if level < 9 else FORBIDDEN)

    a = recall.verdict(Situation("munchkin", None, "play", {"level": 2}, {}), "rb", judge_)
    b = recall.verdict(Situation("munchkin", None, "play", {"level": 5}, {}), "rb", judge_)
    assert a is b and recall.leaves == 2


def test_a_number_only_compared_is_remembered_by_its_comparisons():
    recall = Recall()
    judge_, calls = _judging([])  # reads the level and compares it with 9
    for level in (3, 5, 1, 8):
        situation = Situation("munchkin", None, "play", {"level": level}, {"verb": "play"})
        assert recall.verdict(situation, "rb", judge_).verdict == ALLOWED
    assert len(calls) == 1
    for level in (9, 10, 12):
        situation = Situation("munchkin", None, "play", {"level": level}, {"verb": "play"})
        assert recall.verdict(situation, "rb", judge_).verdict == FORBIDDEN
    assert len(calls) == 2


def test_a_number_put_to_other_uses_is_remembered_by_its_value():
    recall = Recall()
    calls = []

    def judge_(situation, rulebook):
        calls.append(1)
        count = situation.action.get("count", 1)
        return RulebookVerdict(rulebook, ALLOWED, [(RULE, depends("draw {n}", n=count))])

    first = recall.verdict(Situation("munchkin", None, "draw", {}, {"count": 2}), "rb", judge_)
    again = recall.verdict(Situation("munchkin", None, "draw", {}, {"count": 2}), "rb", judge_)
    other = recall.verdict(Situation("munchkin", None, "draw", {}, {"count": 3}), "rb", judge_)
    assert len(calls) == 2 and first is again
    assert other.deciding[0][1].condition_values() == {"n": 3}
    assert type(first.deciding[0][1].condition_values()["n"]) is int  # not the probe


RULE = Rule("test.rule", ("munchkin",), "A rule.", {"rb": ("quote",)}, lambda s, rb: None)


def _busy_judge(situation, rulebook):
    """A judgement that does with numbers what rules do: compares them with constants and with
    each other, tests their truth and membership, adds to them, keys a table with them."""
    state, action = situation.state, situation.action
    level, count = state.get("level", 1), action.get("count")
    size, bonus = state.get("hand_size", 0), state.get("bonus")
    said = []
    if count is not None and count > 2:
        said.append("many")
    if level >= 5 and not state.get("dead"):
        said.append("high")
    if size in (0, 3, 7):
        said.append("special")
    if max(1, size) - 1 > 4:
        said.append("big")
    if bonus:
        said.append({1: "one", 2: "two"}.get(bonus, "other"))
    if count == level:
        said.append("same")
    if 4 < level <= 8 and count != 1:
        said.append("middle")
    verdict = FORBIDDEN if len(said) % 2 else ALLOWED
    return RulebookVerdict(rulebook, verdict, [(RULE, depends(" ".join(said) or "none",
                                                              n=len(said)))])


def test_remembered_numbers_give_the_judgement_of_the_values(monkeypatch):
    monkeypatch.setattr("cardbase.rules.recall.MISSES_TRIED", 10 ** 9)  # always looked up
    recall = Recall()
    rnd = random.Random(10)
    for _ in range(3000):
        state = {key: rnd.randint(0, 12) for key in ("level", "hand_size", "bonus")
                 if rnd.random() < 0.7}
        if rnd.random() < 0.3:
            state["dead"] = rnd.random() < 0.5
        action = {"count": rnd.randint(0, 6)} if rnd.random() < 0.7 else {}
        situation = Situation("munchkin", None, "play", state, action)
        remembered = recall.verdict(situation, "rb", _busy_judge)
        judged = _busy_judge(situation, "rb")
        assert (remembered.verdict, remembered.deciding) == (judged.verdict, judged.deciding), \
            (state, action)
    assert recall.leaves < 3000  # numbers compared alone were remembered by their comparisons


def _numbers(game: str, rnd: random.Random) -> list[dict]:
    """The decision table's cells of ``game`` with numbers over their whole declared ranges."""
    out = []
    for cell in situations(game):
        query = cell.as_query(game)
        for where, specs in (("state", STATE_KEYS[game]), ("action", ACTION_SPECS[game])):
            for key, spec in specs.items():
                if key not in query[where] and isinstance(spec, tuple) and spec[0] == "int" \
                        and rnd.random() < 0.25:
                    query[where][key] = rnd.randint(spec[1], min(spec[2], 25))
        out.append(query)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_remembered_verdicts_are_the_rules_verdicts_for_any_number(conn, game, monkeypatch):
    monkeypatch.setattr("cardbase.rules.recall.MISSES_TRIED", 10 ** 9)  # always looked up
    books = Citer.of(conn).books()
    rulebooks = [rb for rb, g in books.items() if g == game]
    recall, rnd, compared = Recall(), random.Random(game + "numbers"), 0
    for query in _numbers(game, rnd) + _numbers(game, rnd):
        try:
            situation = parse_query(query, conn, books)
            _check_derived_level(situation, rulebooks)
        except QueryError:
            continue
        for rulebook in rulebooks:
            remembered = recall.verdict(situation, rulebook, judge)
            judged = judge(parse_query(query, conn, books), rulebook)
            assert (remembered.verdict, remembered.deciding, remembered.conflicts,
                    remembered.set_aside) == (judged.verdict, judged.deciding, judged.conflicts,
                                              judged.set_aside), (query, rulebook)
            compared += 1
    assert compared > 100
