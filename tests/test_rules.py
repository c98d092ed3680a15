"""The rules checker: scenario files, citations, bad queries, decision tables, editions."""

from pathlib import Path

import pytest
import yaml

from cardbase.errors import QueryError
from cardbase.rules.checker import check
from cardbase.rules.model import REGISTRY, rules_for

SCENARIOS = Path(__file__).resolve().parent / "scenarios"
GAMES = ("munchkin", "munchkin-warhammer-aos", "dungeon-mayhem", "smashup-munchkin")


def load(name: str) -> list[dict]:
    return yaml.safe_load((SCENARIOS / name).read_text(encoding="utf-8"))


MOVES = load("munchkin.yaml") + load("other-games.yaml")
FIGHTS = load("combat.yaml")


@pytest.mark.parametrize("scenario", MOVES, ids=[s["name"] for s in MOVES])
def test_scenario(conn, scenario):
    answer = check(conn, scenario["query"])
    assert answer["verdict"] == scenario["verdict"], answer
    if "by_rulebook" in scenario:
        assert answer["by_rulebook"] == scenario["by_rulebook"]
    deciding = {entry["rule"] for entry in answer["because"]}
    assert set(scenario["rules"]) <= deciding, (scenario["rules"], deciding)
    for entry in answer["because"]:
        assert entry["says"] and entry["citations"]


@pytest.mark.parametrize("scenario", FIGHTS, ids=[s["name"] for s in FIGHTS])
def test_fight(conn, scenario):
    from cardbase.rules.fight import fight

    result = fight(conn, scenario["rulebook"], **scenario["fight"])
    assert (result["players"], result["monsters"], result["winner"]) == (
        scenario["players"], scenario["monsters"], scenario["winner"])
    assert set(scenario["rules"]) <= {step["rule"] for step in result["steps"]}


def test_every_rule_has_a_scenario():
    rules_for("munchkin")  # registers every game's rules
    covered = {rule for s in MOVES for rule in s["rules"]} | {
        rule for s in FIGHTS for rule in s["rules"]}
    missing = sorted(r.id for r in REGISTRY if r.id not in covered)
    assert not missing, missing


def test_every_citation_resolves_to_a_section_and_a_raw_span(conn):
    rules_for("munchkin")
    texts = dict(conn.execute("SELECT id, text FROM rulebooks"))
    for rule in REGISTRY:
        assert rule.citations, rule.id
        for rulebook, quotes in rule.citations.items():
            for quote in quotes:
                assert quote in texts[rulebook], (rule.id, rulebook, quote)
                row = conn.execute("SELECT ref FROM sections WHERE rulebook_id = ? AND "
                                   "instr(body, ?) > 0", (rulebook, quote)).fetchone()
                assert row, (rule.id, quote)


def test_answers_cite_the_asked_language_first(conn):
    query = {"game": "munchkin", "state": {"phase": "combat", "my_turn": False,
                                           "role": "bystander"},
             "action": {"verb": "play", "card_type": "curse", "from": "hand"}}
    answer = check(conn, query, lang="ja")
    assert answer["because"][0]["citations"][0]["lang"] == "ja"


@pytest.mark.parametrize("query, message", [
    ({"game": "chess", "action": {"verb": "play"}}, "valid games: munchkin"),
    ({"game": "munchkin", "action": {"verb": "fly"}}, "valid values: play"),
    ({"game": "munchkin", "state": {"phaze": "combat"}, "action": {"verb": "play"}},
     "valid keys: phase"),
    ({"game": "munchkin", "action": {"verb": "play", "card_type": "spell"}},
     "valid values: curse"),
    ({"game": "munchkin", "state": {"level": "four"}, "action": {"verb": "play"}},
     "expected a whole number"),
    ({"game": "munchkin", "state": {"phase": "combat", "my_turn": True, "role": "bystander"},
      "action": {"verb": "play", "card_type": "curse"}}, "bystander in a combat on their own turn"),
    ({"game": "munchkin", "action": {"verb": "play", "card": "Maza Afiladda Grandota"}},
     "nearest: 'Maza Afilada'"),
    ({"game": "munchkin", "rulebook": "munchkin-de", "action": {"verb": "play"}},
     "valid: munchkin-es, munchkin-ja"),
    ({"game": "munchkin", "state": {"race": "martian"}, "action": {"verb": "play"}},
     "valid names: human, elf"),
])
def test_bad_queries_say_what_is_valid(conn, query, message):
    with pytest.raises(QueryError, match=message.replace("(", r"\(")) as caught:
        check(conn, query)
    assert caught.value.exit_code == 2


@pytest.mark.parametrize("game", GAMES)
def test_decision_tables_are_consistent(conn, game):
    from cardbase.rules.table import decision_table

    books = [r[0] for r in conn.execute("SELECT id FROM rulebooks WHERE game_id = ?", (game,))]
    table = decision_table(game, books)
    assert table["rows"] and table["conflicts"] == []
    cells = [(tuple(sorted(r["state"].items())), tuple(sorted(r["action"].items())))
             for r in table["rows"]]
    assert len(cells) == len(set(cells))  # no situation answered twice


def test_edition_differences_between_the_spanish_and_japanese_rulebooks(conn):
    from cardbase.rules.editions import differences

    found = differences(conn, "munchkin-es", "munchkin-ja")
    assert {p["parameter"] for p in found["parameters"]} == {"starting_cards", "dwarf_hand_limit"}
    only = {side: {r["rule"] for r in rules} for side, rules in found["stated_only_in"].items()}
    assert "munchkin.half_breed.when_to_play" in only["munchkin-es"]
    assert "munchkin.go_up_a_level.treasure_timing" in only["munchkin-ja"]
    assert found["differing_cells"] > 0
    for parameter in found["parameters"]:
        assert parameter["quotes"]["munchkin-es"] and parameter["quotes"]["munchkin-ja"]


def test_diff_refuses_rulebooks_of_different_games(conn):
    from cardbase.rules.editions import differences

    with pytest.raises(QueryError, match="different games"):
        differences(conn, "munchkin-es", "dungeon-mayhem-es")
