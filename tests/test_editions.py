"""`cardbase diff` held to lists of real edition differences read from the rulebooks
(tests/editions/), and its pairing and grouping tried on made-up rules."""

from pathlib import Path

import pytest
import yaml

from cardbase.rules import editions
from cardbase.rules.model import ALLOW, FORBID, Rule

LISTS = sorted((Path(__file__).resolve().parent / "editions").glob("*.yaml"))


def _load(path: Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _reported(found: list[dict], want: dict) -> dict | None:
    for entry in found:
        if "parameter" in want and entry.get("parameter") == want["parameter"]:
            return entry
        if "rule" in want and entry["kind"] == "only_in" and entry["rule"] == want["rule"] \
                and entry["rulebook"] == want["rulebook"]:
            return entry
    return None


@pytest.mark.parametrize("path", LISTS, ids=[p.stem for p in LISTS])
def test_every_quote_of_the_list_is_in_a_section_of_its_rulebook(conn, path):
    listed = _load(path)
    bodies = {rb: [body for (body,) in conn.execute(
        "SELECT body FROM sections WHERE rulebook_id = ?", (rb,))] for rb in listed["rulebooks"]}
    for item in listed["differences"] + listed.get("same_in_both", []):
        for rulebook in listed["rulebooks"]:
            said = item[rulebook]
            assert said == "silent" or said, item
            for quote in () if said == "silent" else said:
                assert any(quote in body for body in bodies[rulebook]), (rulebook, quote)
        if item.get("kind") == "only_in":
            assert "silent" in (item[rb] for rb in listed["rulebooks"]), item
        if "diff" in item and item["diff"] is None:
            assert item["not_found"], item


@pytest.mark.parametrize("path", LISTS, ids=[p.stem for p in LISTS])
def test_diff_reports_every_listed_difference_with_the_other_side_right(conn, path):
    listed = _load(path)
    first, second = listed["rulebooks"]
    found = editions.differences(conn, first, second)["differences"]
    for item in listed["differences"]:
        want = item["diff"]
        if want is None:
            continue
        entry = _reported(found, want)
        assert entry is not None, item["id"]
        if "rule" not in want:
            continue
        other = second if want["rulebook"] == first else first
        if want.get("otherwise"):
            assert entry["otherwise"][other]["rules"] == want["otherwise"], item["id"]
            assert entry["otherwise"][other]["quotes"], item["id"]
            assert "silent" not in entry
        else:
            assert other in entry["silent"] and "otherwise" not in entry, item["id"]


@pytest.mark.parametrize("path", LISTS, ids=[p.stem for p in LISTS])
def test_diff_reports_nothing_that_is_not_a_listed_difference(conn, path):
    listed = _load(path)
    found = editions.differences(conn, *listed["rulebooks"])["differences"]
    expected = [item["diff"] for item in listed["differences"] if item["diff"]]
    for entry in found:
        assert entry["kind"] != "verdict", entry  # every differing cell has its difference
        assert any(_reported([entry], want) for want in expected), entry
    same = {item["rule"] for item in listed.get("same_in_both", []) if "rule" in item}
    assert not same & {entry.get("rule") for entry in found}
    assert len(found) == len(expected)


# --- made-up rules: the pairing of contrary rules and the grouping of differing cells ---------

def _rule(rule_id, books, counterparts=()):
    return Rule(rule_id, ("made-up",), f"statement of {rule_id}",
                {book: (f"quote of {rule_id} in {book}",) for book in books},
                lambda s, rb: None, counterparts=counterparts)


class _Citer:
    def cite(self, rulebook, quote):
        return {"rulebook": rulebook, "quote": quote, "section": None}


def _differences(monkeypatch, rules, rows):
    monkeypatch.setattr(editions.queries, "rulebook_games",
                        lambda conn: {"old": "made-up", "new": "made-up"})
    monkeypatch.setattr(editions.Citer, "of", classmethod(lambda cls, conn: _Citer()))
    monkeypatch.setattr(editions, "rules_for", lambda game: rules)
    monkeypatch.setattr(editions, "decision_table",
                        lambda game, books: {"rows": rows, "conflicts": []})
    return editions.differences(None, "old", "new")["differences"]


def _row(old, new, old_rules, new_rules):
    return {"state": {"phase": "x"}, "action": {"verb": "y"},
            "by_rulebook": {"old": old, "new": new},
            "rules": {"old": old_rules, "new": new_rules}}


def test_two_rules_that_name_each_other_are_one_difference_quoted_from_both(monkeypatch):
    rules = [_rule("a.any_time", ["old"], counterparts=("a.own_turn",)),
             _rule("a.own_turn", ["new"], counterparts=("a.any_time",)),
             _rule("b.only_old", ["old"])]
    rows = [_row(ALLOW.verdict, FORBID.verdict, ["a.any_time"], ["a.own_turn"])] * 3
    found = _differences(monkeypatch, rules, rows)
    assert [e.get("rule") for e in found] == ["a.any_time", "b.only_old"]
    pair = found[0]
    assert pair["otherwise"]["new"]["rules"] == ["a.own_turn"]
    assert pair["otherwise"]["new"]["quotes"][0]["quote"] == "quote of a.own_turn in new"
    assert "silent" not in pair and pair["situations"][0]["cells"] == 3
    assert found[1]["silent"] == {"new": "new says nothing about this"}


def test_a_contrary_rule_that_does_not_name_back_stays_a_difference_of_its_own(monkeypatch):
    rules = [_rule("c.discarded", ["new"], counterparts=("c.no_discarding",)),
             _rule("c.no_discarding", ["old"])]
    found = _differences(monkeypatch, rules, [])
    by_rule = {e["rule"]: e for e in found}
    assert by_rule["c.discarded"]["otherwise"]["old"]["rules"] == ["c.no_discarding"]
    assert "new" in by_rule["c.no_discarding"]["silent"]


def test_a_counterpart_both_rulebooks_state_is_quoted_from_the_other_side(monkeypatch):
    rules = [_rule("d.except", ["old"], counterparts=("d.general",)),
             _rule("d.general", ["old", "new"])]
    found = _differences(monkeypatch, rules, [])
    assert len(found) == 1
    assert [q["quote"] for q in found[0]["otherwise"]["new"]["quotes"]] == [
        "quote of d.general in new"]


def test_cells_no_listed_difference_explains_are_a_verdict_difference(monkeypatch):
    rules = [_rule("e.both", ["old", "new"]), _rule("f.only_new", ["new"])]
    rows = [_row("allowed", "forbidden", ["e.both"], ["e.both"]),
            _row("conditional", "forbidden", [], ["f.only_new"])]
    found = _differences(monkeypatch, rules, rows)
    verdicts = [e for e in found if e["kind"] == "verdict"]
    assert len(verdicts) == 1 and verdicts[0]["rules"] == {"old": ["e.both"], "new": ["e.both"]}
    only = [e for e in found if e["kind"] == "only_in"][0]
    assert only["situations"][0]["verdicts"] == {"old": "conditional", "new": "forbidden"}
