"""``cardbase ask`` on the rounds of questions written after the reader, from the rulebooks, by
someone who had not read it (tests/ask/round7.yaml, 73 situations, and round8.yaml, 75, in the
four games, each in five languages as a long narrative question and as a chat message).

The figures first measured on a round are in BENCHMARKS.md; these tests hold what matters most
at every change: an answer that is wrong may not claim a complete reading (at most 5 % of the
questions of any language and form), and the verdicts do not fall below the floors measured.
"""

from __future__ import annotations

import pytest

from cardbase.storage.database import connect
from tests.ask import measure

ROUNDS = ("round7.yaml", "round8.yaml")
#: at most this share of a language's questions may be answered wrongly with complete: true
WRONG_AND_COMPLETE = 0.05
#: the right verdicts first measured on each round, less a margin for the checker's own changes
FLOORS = {"round7.yaml": 0.25, "round8.yaml": 0.20}


@pytest.fixture(scope="module")
def scores(built_db):
    return {name: measure.score(connect(built_db), measure.questions(name)) for name in ROUNDS}


@pytest.mark.parametrize("name", ROUNDS)
def test_a_wrong_answer_does_not_claim_a_complete_reading(scores, name):
    for row_name, row in scores[name]["rows"].items():
        assert row["wrong_complete"] <= WRONG_AND_COMPLETE * row["n"], (row_name, row)


@pytest.mark.parametrize("name", ROUNDS)
def test_the_verdicts_hold_their_floor(scores, name):
    for row_name, row in scores[name]["rows"].items():
        assert row["verdict"] >= FLOORS[name] * row["n"], (row_name, row)


def test_every_round_question_is_in_five_languages_and_two_forms():
    for name in ROUNDS:
        for item in measure.questions(name):
            assert item["verdict"] in ("allowed", "forbidden", "conditional"), item["id"]
            for lang in measure.LANGS:
                assert len(item[lang]) == 2 and all(t.strip() for t in item[lang]), \
                    (item["id"], lang)
