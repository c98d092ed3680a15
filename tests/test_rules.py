"""The rules checker: scenario files, citations, bad queries, decision tables, editions."""

import json
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
        rule for s in FIGHTS for rule in s["rules"]} | {
        rule for r in load_rulings() if "miss" not in r for rule in r.get("rules", ())}
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
    ({"game": "chess", "action": {"verb": "play"}}, "valid games: dungeon-mayhem, munchkin,"),
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
    cells = [json.dumps([r["state"], r["action"]], sort_keys=True) for r in table["rows"]]
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


# --- version 1.1 of the query: closed vocabularies, ranges, derived facts, the answer --------

@pytest.mark.parametrize("query, message", [
    ({"game": "smashup-munchkin", "action": {"verb": "count_power", "toward": "xyz"}},
     "action.toward: unknown value 'xyz'; valid values: my_total"),
    ({"game": "munchkin", "action": {"verb": "discard", "reason": "because"}},
     "action.reason: unknown value 'because'; valid values: card_allows"),
    ({"game": "munchkin", "state": {"level": 10 ** 20}, "action": {"verb": "play"}},
     "state.level: 100000000000000000000 is out of range; expected 1 to 10"),
    ({"game": "munchkin", "state": {"level": 1e20}, "action": {"verb": "play"}},
     "state.level: expected a whole number"),
    ({"game": "munchkin", "action": {"verb": ["play"]}}, "action.verb: expected one name"),
    ({"game": "dungeon-mayhem", "state": {"defense": [2, -1]}, "action": {"verb": "play"}},
     r"state.defense\[1\]: -1 is out of range"),
    ({"game": "smashup-munchkin", "state": {"this_turn": {"monster_placed_by": "self"}},
      "action": {"verb": "play"}}, "monster_placed_by: unknown value 'self'; valid values: played"),
    ({"game": "munchkin", "state": {"level": 4},
      "action": {"verb": "sell", "gold": 2000, "to_level": 5}}, "contradicts the other facts"),
])
def test_version_1_1_refuses_what_cannot_be_asked(conn, query, message):
    with pytest.raises(QueryError, match=message) as caught:
        check(conn, query)
    assert caught.value.exit_code == 2


@pytest.mark.parametrize("game", GAMES)
def test_this_turn_is_a_state_key_of_every_game(conn, game):
    answer = check(conn, {"game": game, "state": {"this_turn": {"monster_placed_by": "played"}},
                          "action": {"verb": "play"}})
    assert answer["verdict"] in ("allowed", "forbidden", "conditional")
    assert "covered" in answer


def test_the_level_an_action_leads_to_is_worked_out(conn):
    selling = {"game": "munchkin", "state": {"level": 8, "my_turn": True},
               "action": {"verb": "sell", "gold": 2000}}
    answer = check(conn, selling)
    assert answer["verdict"] == "forbidden"
    assert "munchkin.winning.kill_for_level_ten" in {e["rule"] for e in answer["because"]}
    selling["action"]["gold"] = 1000
    assert check(conn, selling)["verdict"] == "allowed"
    won = {"game": "munchkin", "state": {"level": 9, "phase": "combat", "role": "fighter",
                                         "combat": {"result": "won", "monsters": 1}},
           "action": {"verb": "gain_level"}}
    assert check(conn, won)["verdict"] == "allowed"
    card = {"game": "munchkin", "rulebook": "munchkin-es", "state": {"level": 9},
            "action": {"verb": "play", "card_type": "go_up_a_level"}}
    assert check(conn, card)["verdict"] == "forbidden"


def test_charity_with_a_hand_over_the_limit_implies_the_reason(conn):
    query = {"game": "munchkin", "rulebook": "munchkin-es",
             "state": {"phase": "charity", "my_turn": True, "hand_size": 7,
                       "lowest_level": False, "target_state": {"lowest_level": True}},
             "action": {"verb": "give", "count": 2, "target": "other_player"}}
    answer = check(conn, query)
    assert answer["verdict"] == "allowed"
    assert "munchkin.charity.hand_limit" in {e["rule"] for e in answer["because"]}
    query["action"]["count"] = 3  # more than the excess
    assert check(conn, query)["verdict"] == "forbidden"


def test_one_because_entry_per_failed_condition_with_its_own_quote(conn):
    query = {"game": "munchkin", "rulebook": "munchkin-es",
             "state": {"phase": "combat", "my_turn": False, "role": "bystander"},
             "action": {"verb": "steal", "target": "other_player"}}
    answer = check(conn, {**query, "state": {**query["state"],
                                             "target_state": {"in_combat": True}}})
    assert answer["verdict"] == "forbidden"
    quotes = {e["rule"]: [c["quote"] for c in e["citations"]] for e in answer["because"]}
    assert set(quotes) == {"munchkin.class.powers_on_the_card",
                           "munchkin.thief.no_stealing_in_combat"}
    assert any("Cada Clase" in q for q in quotes["munchkin.class.powers_on_the_card"])


SILENT = {"game": "munchkin", "rulebook": "munchkin-es", "state": {"phase": "kick_open_door"},
          "action": {"verb": "pass"}}


def test_silence_is_admitted_not_dressed_up(conn):
    answer = check(conn, SILENT)
    assert answer["verdict"] == "conditional" and answer["covered"] is False
    assert answer["reason"] == "silent"
    assert "silent" in " ".join(answer["conditions"])
    assert "card" not in " ".join(answer["conditions"])


def test_a_rulebook_with_sentences_unaccounted_for_is_never_called_silent(conn, tmp_path,
                                                                         monkeypatch):
    """Without its coverage notes every sentence no rule cites is unaccounted for: where no rule
    decides, the rulebook is not known to be silent."""
    from cardbase.rules import coverage as module

    monkeypatch.setattr(module, "_DATA", tmp_path)
    answer = check(conn, SILENT)
    assert answer["verdict"] == "conditional" and answer["covered"] is False
    assert answer["reason"] == "not_encoded"
    assert "silent" not in " ".join(answer["conditions"]).replace("not known to be silent", "")


def test_a_rulebook_no_rule_cites_takes_no_part_and_is_not_called_silent(conn, data_copy,
                                                                          tmp_path):
    """A copy of the Spanish rulebook under another id: no rule cites it, so the game's verdicts
    stay those of its encoded rulebooks, and a question about the copy is answered as not
    encoded, never as silence."""
    from cardbase.ingest import build_database
    from cardbase.storage.database import connect

    source = next(data_copy.glob("sources/000_*.txt"))
    (data_copy / "sources" / "900_copy.txt").write_bytes(source.read_bytes())
    manifest = data_copy / "manifest.yaml"
    text = manifest.read_text(encoding="utf-8")
    entry = text[text.index("  - id: munchkin-es\n"):text.index("  - id: munchkin-warhammer")]
    copy = entry.replace("id: munchkin-es", "id: munchkin-es2").replace(
        "sources/000_2510d597bf794c08.txt", "sources/900_copy.txt")
    manifest.write_text(text.replace(entry, entry + copy), encoding="utf-8")
    build_database(data_copy, tmp_path / "copy.db")
    copied = connect(tmp_path / "copy.db")
    for ruling in ALL_RULINGS:
        query = {k: v for k, v in ruling["query"].items() if k != "rulebook"}
        if query["game"] != "munchkin":
            continue
        answer, before = check(copied, query), check(conn, query)
        assert answer["not_encoded"] == ["munchkin-es2"]
        assert (answer["verdict"], answer["by_rulebook"], answer["covered"]) == (
            before["verdict"], before["by_rulebook"], before["covered"]), ruling["id"]
    answer = check(copied, {**SILENT, "rulebook": "munchkin-es2"})
    assert (answer["verdict"], answer["covered"], answer["reason"]) == (
        "conditional", False, "not_encoded")
    sale = {"game": "munchkin", "rulebook": "munchkin-es2",
            "state": {"phase": "combat", "role": "fighter", "my_turn": True},
            "action": {"verb": "sell", "gold": 1000}}
    assert check(copied, sale)["reason"] == "not_encoded"
    copied.close()


def test_card_allows_names_the_rule_the_card_overrides(conn):
    answer = check(conn, {"game": "munchkin", "rulebook": "munchkin-es",
                          "state": {"phase": "combat", "my_turn": True, "role": "fighter"},
                          "action": {"verb": "play", "card_type": "item", "from": "hand",
                                     "reason": "card_allows"}})
    assert answer["verdict"] == "allowed" and answer["covered"] is True
    entry = answer["because"][0]
    assert entry["rule"] == "munchkin.cards_over_rules"
    assert "munchkin.combat.no_items_from_hand" in entry["overrides"]


@pytest.mark.parametrize("rulebook, verdict, rule", [
    ("munchkin-ja", "allowed", "munchkin.charity.hand_limit"),
    ("munchkin-es", "conditional", "munchkin.charity.race_card_changes_the_limit")])
@pytest.mark.parametrize("verb", ["end_turn", "keep"])
def test_a_question_about_one_rulebook_quotes_that_rulebook_only(conn, rulebook, verdict, rule,
                                                                 verb):
    """A Dwarf keeping six cards: each edition's own text decides (the older one's six, the newer
    one's Race card), and the other edition's passage is not shown as if it stated this one."""
    answer = check(conn, {"game": "munchkin", "rulebook": rulebook,
                          "state": {"phase": "charity", "race": "dwarf", "hand_size": 6},
                          "action": {"verb": verb}})
    assert answer["verdict"] == verdict
    assert [e["rule"] for e in answer["because"]][:1] == [rule]
    cited = {c["rulebook"] for e in answer["because"] for c in e["citations"]}
    assert cited == {rulebook}


def test_a_rulebook_that_contradicts_itself_is_conditional_with_both_passages():
    from cardbase.rules.engine import judge
    from cardbase.rules.model import ALLOW, FORBID, Rule
    from cardbase.rules.query import Situation

    yes = Rule("t.yes", ("munchkin",), "yes", {"book": ("Sí.",)}, lambda s, rb: ALLOW)
    no = Rule("t.no", ("munchkin",), "no", {"book": ("No.",)}, lambda s, rb: FORBID)
    verdict = judge(Situation("munchkin", None, "play"), "book", [yes, no])
    assert verdict.verdict == "conditional"
    assert {r.id for r, _ in verdict.deciding} == {"t.yes", "t.no"}


def test_the_documentation_lists_exactly_the_names_the_checker_accepts():
    from cardbase.rules.query import vocabulary_markdown

    text = (Path(__file__).resolve().parents[1] / "docs" / "check-query.md").read_text("utf-8")
    listed = text.split("<!-- vocabulary:start -->\n")[1].split("<!-- vocabulary:end -->")[0]
    assert listed == vocabulary_markdown()


def test_check_lists_its_vocabulary(runner):
    from cardbase.cli import main

    result = runner.invoke(main, ["check", "--help-vocabulary"])
    assert result.exit_code == 0
    assert "monster_placed_by" in result.output and "card_allows" in result.output


# --- acceptance rulings: questions written from the rulebooks' sentences ---------------------

RULINGS = Path(__file__).resolve().parent / "rulings"


def load_rulings() -> list[dict]:
    """Every ruling of tests/rulings/, with its file's rulebook and game filled in."""
    rulings = []
    for path in sorted(RULINGS.glob("*.yaml")):
        book = yaml.safe_load(path.read_text(encoding="utf-8"))
        for number, ruling in enumerate(book["rulings"], 1):
            rulings.append({**ruling, "id": f"{path.stem}#{number}",
                            "query": {"game": book["game"], "rulebook": book["rulebook"],
                                      "state": ruling.get("state", {}),
                                      "action": ruling["action"]}})
    return rulings


def ruling_misses(conn, ruling: dict) -> list[str]:
    """What the checker's answer gets wrong about ``ruling`` (empty when it is right)."""
    answer = check(conn, ruling["query"])
    misses = []
    if answer["verdict"] != ruling["verdict"]:
        misses.append(f"verdict {answer['verdict']}, expected {ruling['verdict']}")
    deciding = {entry["rule"] for entry in answer["because"]}
    if not set(ruling.get("rules", ())) <= deciding:
        misses.append(f"decided by {sorted(deciding)}, expected {ruling['rules']}")
    shown = {c["quote"] for entry in answer["because"] for c in entry["citations"]}
    for quote in ruling.get("quotes", ()):
        if quote not in shown:
            misses.append(f"quote not shown: {quote}")
    if "covered" in ruling and answer["covered"] != ruling["covered"]:
        misses.append(f"covered {answer['covered']}, expected {ruling['covered']}")
    return misses


ALL_RULINGS = load_rulings()


def test_there_are_enough_rulings_for_every_rulebook(conn):
    books = {r[0] for r in conn.execute("SELECT id FROM rulebooks")}
    asked = {r["query"]["rulebook"] for r in ALL_RULINGS}
    assert asked == books
    assert len(ALL_RULINGS) >= 150


@pytest.mark.parametrize("ruling", ALL_RULINGS, ids=[r["id"] for r in ALL_RULINGS])
def test_ruling(conn, ruling):
    texts = dict(conn.execute("SELECT id, text FROM rulebooks"))
    for quote in ruling.get("quotes", ()):
        assert quote in texts[ruling["query"]["rulebook"]], quote  # the ruling's own source
    misses = ruling_misses(conn, ruling)
    if "miss" in ruling:
        # a known miss stays listed until it is fixed; then the mark must go
        assert misses, f"{ruling['id']} is answered right now: remove its `miss`"
    else:
        assert not misses, (ruling["ask"], misses)


def test_rulings_no_query_can_state_yet_keep_their_reason_and_their_quotes(conn):
    """tests/rulings/unstateable/ holds rulings whose deciding fact no query key states: they
    are not run, but each says which fact is missing and its quotes still resolve."""
    texts = dict(conn.execute("SELECT id, text FROM rulebooks"))
    paths = sorted((RULINGS / "unstateable").glob("*.yaml"))
    assert paths
    for path in paths:
        book = yaml.safe_load(path.read_text(encoding="utf-8"))
        for ruling in book["rulings"]:
            assert ruling["note"].startswith("Missing fact:"), (path.name, ruling["ask"])
            assert ruling["verdict"] in ("allowed", "forbidden", "conditional")
            for quote in ruling.get("quotes", ()):
                assert quote in texts[book["rulebook"]], (path.name, quote)


@pytest.mark.parametrize("game", GAMES)
def test_the_verb_index_skips_no_rule_that_has_something_to_say(conn, game):
    """Judging only the rules declared for a verb gives what asking every rule gives."""
    from cardbase.rules.engine import judge
    from cardbase.rules.query import Situation
    from cardbase.rules.table import situations

    books = [r[0] for r in conn.execute("SELECT id FROM rulebooks WHERE game_id = ?", (game,))]
    every = rules_for(game)
    cases = []
    for cell in situations(game):
        query = cell.as_query(game)
        cases.append(Situation(game, None, query["action"]["verb"], query["state"],
                               query["action"]))
    for ruling in ALL_RULINGS + [{"query": s["query"]} for s in MOVES]:
        query = ruling["query"]
        if query["game"] == game and "card" not in query["action"]:
            cases.append(Situation(game, None, query["action"]["verb"], query.get("state", {}),
                                   query["action"]))
    for situation in cases:
        for book in books:
            for rule in every:
                if book in rule.citations and rule.verbs is not None \
                        and situation.verb not in rule.verbs:
                    assert rule.judge(situation, book) is None, (rule.id, situation)
            indexed = judge(situation, book)
            assert indexed.verdict == judge(situation, book, every).verdict


def test_edition_parameters_are_quoted_from_their_own_rulebook(conn):
    from cardbase.rules.munchkin import EDITION_QUOTES, EDITIONS

    texts = dict(conn.execute("SELECT id, text FROM rulebooks"))
    for rulebook, quotes in EDITION_QUOTES.items():
        assert set(quotes) == set(EDITIONS[rulebook])
        for name, quote in quotes.items():
            assert quote in texts[rulebook], (rulebook, name)


def test_diff_lists_each_difference_once_quoted_from_both_sides(conn):
    from cardbase.rules.editions import differences

    found = differences(conn, "munchkin-es", "munchkin-ja")["differences"]
    kinds = {e["kind"] for e in found}
    assert {"parameter", "only_in"} <= kinds <= {"parameter", "only_in", "verdict"}
    signatures = [json.dumps([e.get("rules"), e.get("verdicts"), e.get("rule"),
                              e.get("parameter")], sort_keys=True) for e in found]
    assert len(signatures) == len(set(signatures))
    # a rule paired with its contrary is not listed a second time from the other side
    listed = {e["rule"] for e in found if e["kind"] == "only_in"}
    by_id = {r.id: r for r in rules_for("munchkin")}
    for entry in found:
        for side in entry.get("otherwise", {}).values():
            for contrary in side["rules"]:
                if entry["rule"] in by_id[contrary].counterparts:
                    assert contrary not in listed
    for entry in found:
        if entry["kind"] == "only_in":
            other = ({"munchkin-es", "munchkin-ja"} - {entry["rulebook"]}).pop()
            assert entry["quotes"]
            assert (other in entry.get("silent", {})) != (other in entry.get("otherwise", {}))
        for group in entry.get("situations", ()):
            assert group["cells"] and group["verdicts"]["munchkin-es"] != \
                group["verdicts"]["munchkin-ja"]
        if entry["kind"] == "parameter":
            assert all(entry["quotes"][rb] for rb in ("munchkin-es", "munchkin-ja"))
        if entry["kind"] == "verdict":
            for rb in ("munchkin-es", "munchkin-ja"):
                assert entry["quotes"][rb] or rb in entry["silent"]
    dwarf = [e for e in found if e.get("parameter") == "dwarf_hand_limit"][0]
    assert (dwarf["munchkin-es"], dwarf["munchkin-ja"]) == (5, 6)


def test_a_question_imports_only_the_rules_of_its_game(built_db, tmp_path):
    import subprocess
    import sys

    query = tmp_path / "q.json"
    query.write_text(json.dumps({"game": "dungeon-mayhem", "state": {"phase": "play_cards"},
                                 "action": {"verb": "play", "card_type": "heal"}}), "utf-8")
    code = ("import sys\nfrom cardbase.cli import main\n"
            f"try:\n    main(['check', {str(query)!r}, '--db', {str(built_db)!r}])\n"
            "except SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith('cardbase.rules.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.splitlines()[-1]
    assert "cardbase.rules.dungeon_mayhem" in out
    for other in ("munchkin", "warhammer", "smashup", "combat", "table", "editions"):
        assert f"cardbase.rules.{other}'" not in out, out


# --- coverage: every sentence of every rule section ------------------------------------------

@pytest.mark.parametrize("lang, body, expected", [
    ("es", "Roba una carta. Si es un monstruo, lucha.\nNo huyas.", 3),
    ("de", "Du darfst handeln. Aber nicht im Kampf! Danach legst du ab.", 3),
    ("vi", "Quái vật chỉ được chơi. Khi một lá bài yêu cầu bạn chơi.", 2),
    ("ja", "ドアを開けます。モンスターと戦います。", 2),
])
def test_rule_sections_split_into_sentences_in_every_language(lang, body, expected):
    from cardbase.rules.coverage import sentences

    found = sentences(body, lang)
    assert len(found) == expected, [body[a:b] for a, b in found]


def test_coverage_counts_every_sentence_and_marks_those_a_rule_quotes(conn):
    from cardbase.rules.coverage import coverage

    books = coverage(conn)["rulebooks"]
    assert {b["rulebook"] for b in books} == {r[0] for r in conn.execute("SELECT id FROM rulebooks")}
    for book in books:
        assert book["sentences"] == len(book["items"]) > 0
        assert (book["encoded"] + book["partial"] + book["not_executable"]
                + book["unaccounted"]) == book["sentences"]
        assert book["encoded"] > 0
    es = [b for b in books if b["rulebook"] == "munchkin-es"][0]
    thief = [i for i in es["items"] if "un Ladrón no puede robar" in i["sentence"]][0]
    assert thief["status"] == "encoded"
    assert "munchkin.thief.no_stealing_in_combat" in thief["rules"]


def test_a_coverage_note_whose_quote_is_gone_is_refused(conn, tmp_path, monkeypatch):
    from cardbase.errors import DataError
    from cardbase.rules import coverage as module

    (tmp_path / "munchkin-es.json").write_text(json.dumps(
        [{"quote": "Una frase que no existe en el reglamento.", "reason": "flavour"}]), "utf-8")
    monkeypatch.setattr(module, "_DATA", tmp_path)
    with pytest.raises(DataError, match="no longer occurs"):
        module.coverage(conn, "munchkin-es")


def test_a_coverage_note_scoped_to_a_section_accounts_for_that_fragment_only():
    from cardbase.rules.coverage import _matching

    items = [{"section": "book/a", "sentence": "hat,"},
             {"section": "book/a", "sentence": "Er hat, so heißt es, noch Zeit."},
             {"section": "book/b", "sentence": "hat,"}]
    scoped = _matching({"quote": "hat,", "section": "book/a"}, items)
    assert scoped == [items[0]]  # the whole fragment, not every sentence holding it
    assert _matching({"quote": "noch Zeit", "section": "book/a"}, items) == [items[1]]
    assert _matching({"quote": "hat,"}, items) == [items[0], items[1], items[2]]


def test_a_coverage_note_naming_its_section_accounts_for_no_other(conn, tmp_path, monkeypatch):
    from cardbase.rules import coverage as module

    # "Tira el dado." occurs in one section only; a note scoped to another section matches nothing
    (tmp_path / "munchkin-es.json").write_text(json.dumps(
        [{"quote": "Tira el dado.", "reason": "damaged", "section": "munchkin-es/comercio"}]),
        "utf-8")
    monkeypatch.setattr(module, "_DATA", tmp_path)
    from cardbase.errors import DataError

    with pytest.raises(DataError, match="no longer occurs"):
        module.coverage(conn, "munchkin-es")
    (tmp_path / "munchkin-es.json").write_text(json.dumps(
        [{"quote": "a", "reason": "damaged", "section": "munchkin-es/comercio"}]), "utf-8")
    items = module.coverage(conn, "munchkin-es")["rulebooks"][0]["items"]
    damaged = {i["section"] for i in items if i["reason"] == "damaged"}
    assert damaged == {"munchkin-es/comercio"}


def test_rules_coverage_command(runner, built_db):
    from cardbase.cli import main

    result = runner.invoke(main, ["rules", "coverage", "--rulebook", "munchkin-ja", "--db",
                                  str(built_db), "--unaccounted"])
    assert result.exit_code == 0, result.output
    assert "munchkin-ja:" in result.output and "encoded" in result.output


def _fake_rulebook(monkeypatch, tmp_path, body, citations, partial):
    """``coverage`` over one section of one rulebook, with the rule citations given."""
    from types import SimpleNamespace

    from cardbase.rules import coverage as module

    fake = SimpleNamespace(
        rule_citation_rows=lambda conn: [(rule, "book", quote) for rule, quote in citations],
        partial_citation_rows=lambda conn: [(rule, "book", quote, fact)
                                            for rule, quote, fact in partial],
        rule_sections_with_lang=lambda conn: [("book/s", "S", body, "es")],
        rulebook_games=lambda conn: {})
    monkeypatch.setattr(module, "queries", fake)
    monkeypatch.setattr(module, "_DATA", tmp_path)
    return module.coverage(None)["rulebooks"][0]


def test_a_citation_declared_partial_makes_its_sentence_partial_with_the_fact(monkeypatch,
                                                                              tmp_path):
    body = "Roba una carta. Si no puedes ganar solo, pide ayuda. Huye."
    book = _fake_rulebook(
        monkeypatch, tmp_path, body,
        [("r.draw", "Roba una carta."), ("r.help", "Si no puedes ganar solo"),
         ("r.other", "pide ayuda")],
        [("r.help", "Si no puedes ganar solo", "combat strengths")])
    status = {item["sentence"]: item for item in book["items"]}
    assert status["Roba una carta."]["status"] == "encoded"
    assert status["Roba una carta."]["lacks"] == []
    helped = status["Si no puedes ganar solo, pide ayuda."]
    # one rule deciding a sentence whole does not make whole what another decides in part
    assert helped["status"] == "partial"
    assert helped["rules"] == ["r.help", "r.other"]
    assert helped["lacks"] == [{"rule": "r.help", "fact": "combat strengths"}]
    assert status["Huye."]["status"] == "unaccounted"
    assert (book["encoded"], book["partial"], book["unaccounted"]) == (1, 1, 1)


def test_a_partial_citation_is_declared_with_its_fact_and_stored_with_it():
    from cardbase.rules.citations import rule_rows
    from cardbase.rules.model import lacks, partial

    quote = partial("Una frase.", lacks="a fact")
    assert quote == "Una frase." and lacks(quote) == "a fact" and lacks("Una frase.") is None
    with pytest.raises(ValueError, match="names the fact"):
        partial("Una frase.", lacks=" ")
    rows = {row["id"]: row for row in rule_rows([])}
    curse = rows["munchkin.curse.next_combat_is_this_one"]["citations"]
    assert [c["lacks"] for c in curse] == ["how long a curse lasts"]
    assert all(type(c["quote"]) is str for row in rows.values() for c in row["citations"])


def test_every_partial_sentence_names_a_translated_fact(conn):
    from cardbase.i18n import _, language
    from cardbase.rules.coverage import coverage

    books = coverage(conn)["rulebooks"]
    partial = [item for book in books for item in book["items"] if item["status"] == "partial"]
    assert partial, "the rulebooks' sentences decided only in part are declared"
    for item in partial:
        assert item["lacks"], item
        for lack in item["lacks"]:
            assert lack["fact"].strip() and lack["rule"] in item["rules"], item
    facts = {lack["fact"] for item in partial for lack in item["lacks"]}
    for lang in ("es", "de", "ja", "vi"):
        with language(lang):
            assert all(_(fact) != fact for fact in facts), lang
    for book in books:
        assert book["partial"] == sum(i["status"] == "partial" for i in book["items"])


def test_rules_coverage_lists_partial_sentences_in_the_users_language(runner, built_db):
    from cardbase.cli import main

    result = runner.invoke(main, ["rules", "coverage", "--rulebook", "munchkin-es", "--partial",
                                  "--db", str(built_db)], env={"LANGUAGE": "es"})
    assert result.exit_code == 0, result.output
    head, *listed = result.output.splitlines()
    assert " parciales, " in head and " partial" not in head
    assert "parcial: la regla munchkin.curse.next_combat_is_this_one no puede ver cuánto dura " \
           "una maldición" in result.output
    assert not any("cannot see" in line for line in listed)
    data = json.loads(runner.invoke(main, ["rules", "coverage", "--rulebook", "munchkin-es",
                                           "--json", "--db", str(built_db)]).output)
    book = data["rulebooks"][0]
    assert book["partial"] == sum(i["status"] == "partial" for i in book["items"]) > 0


def test_a_list_number_stays_with_its_sentence():
    from cardbase.rules.coverage import sentences

    body = "1. Roba una carta de tu mazo.\n2. Juega una carta."
    assert [body[a:b] for a, b in sentences(body, "es")] == [
        "1. Roba una carta de tu mazo.", "2. Juega una carta."]


def test_a_condition_two_rules_share_is_said_once(conn):
    # both editions' Wandering Monster rules ask for a monster in the hand to play with it
    result = check(conn, {"game": "munchkin", "state": {"phase": "combat", "my_turn": False},
                          "action": {"verb": "play", "card_type": "wandering_monster"}})
    per_rule = [entry["condition"] for entry in result["because"] if entry.get("condition")]
    assert len(per_rule) > len(set(per_rule))  # each rule keeps its own condition
    assert len(result["conditions"]) == len(set(result["conditions"])) > 0


def test_a_point_the_rulebook_states_nothing_on_leaves_the_move_open(conn):
    """The German extract lost its sentences on winning: a sale that reaches level 10 is allowed
    by its selling rules but not settled, and the rule of the other rulebooks on that point says
    why without quoting them; a sale below level 10 stays allowed."""
    query = {"game": "munchkin-warhammer-aos", "rulebook": "munchkin-warhammer-aos-de",
             "state": {"phase": "start_of_turn", "my_turn": True, "level": 9},
             "action": {"verb": "sell", "gold": 1000}}
    answer = check(conn, query)
    assert answer["verdict"] == "conditional"
    point = [e for e in answer["because"] if e["rule"] == "munchkin.winning.kill_for_level_ten"]
    assert point and point[0]["citations"] == []
    assert "munchkin-warhammer-aos-de" in " ".join(answer["conditions"])
    query["state"]["level"] = 3
    assert check(conn, query)["verdict"] == "allowed"
