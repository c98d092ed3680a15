"""The command line, through click's CliRunner: every command, text and JSON, and its errors."""

import json

import pytest

from cardbase.cli import all_commands, main

QUERY_COMMANDS = [
    ["rulebooks"],
    ["rule", "huir"],
    ["section", "munchkin-es/huir"],
    ["sections", "munchkin-ja"],
    ["card", "Maza Afilada"],
    ["cards", "--game", "munchkin"],
    ["term", "nivel"],
    ["diff", "munchkin-es", "munchkin-ja"],
    ["table", "smashup-munchkin"],
    ["can-play", "curse", "--game", "munchkin"],
    ["combat", "--rulebook", "munchkin-es", "--monster", "3"],
]


def invoke(runner, args, db):
    return runner.invoke(main, [*args, "--db", str(db)])


@pytest.mark.parametrize("name", sorted(all_commands()))
def test_every_command_has_help(runner, name):
    result = runner.invoke(main, [name, "--help"])
    assert result.exit_code == 0
    assert all_commands()[name].help and len(result.output) > 50


def test_a_lookup_imports_only_its_own_commands():
    """The command line is loaded command by command: a lookup does not build the others."""
    import subprocess
    import sys

    code = ("import sys\nfrom cardbase.cli import main\n"
            "try:\n    main(['rulebooks', '--db', '/nonexistent/x.db'])\n"
            "except SystemExit:\n    pass\n"
            "print(*sorted(m for m in sys.modules if m.startswith('cardbase.cli')))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True).stdout.split()
    assert "cardbase.cli.lookup" in loaded
    assert not {"cardbase.cli.rulings", "cardbase.cli.building",
                "cardbase.cli.translating"} & set(loaded)


@pytest.mark.parametrize("args", QUERY_COMMANDS)
def test_every_query_command_prints_json_and_only_json(runner, built_db, args):
    result = invoke(runner, [*args, "--json"], built_db)
    assert result.exit_code == 0, result.stderr
    json.loads(result.stdout)


QUERY_MODULES = {"cardbase.storage", "cardbase.storage.schema", "cardbase.storage.queries",
                 "cardbase.storage.queries.rulebooks", "cardbase.storage.queries.cards",
                 "cardbase.storage.queries.translations",
                 "cardbase.storage.queries.jsontext"}


@pytest.mark.parametrize("module, allowed", [
    ("cardbase.search.textkeys", {"cardbase.search", "cardbase.search.textkeys"}),
    ("cardbase.storage.queries", QUERY_MODULES),
    ("cardbase.render", {"cardbase.i18n", "cardbase.places", "cardbase.errors", "cardbase.render",
                         "cardbase.situations", "cardbase.textwidth", "cardbase.words", "click"}),
])
def test_query_path_modules_import_only_what_they_promise(module, allowed):
    """Standard library only for textkeys and the queries; render adds click and i18n
    (which finds its catalogs through places), the words for situations and things, display widths
    (wcwidth is imported only when a table holds a wide or combining character)."""
    import subprocess
    import sys

    code = (f"import sys; before = set(sys.modules); import {module}; "
            "print(*sorted(set(sys.modules) - before))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True).stdout.split()
    ours = {m for m in loaded if m.split(".")[0] == "cardbase"} - {"cardbase"}
    others = {m.split(".")[0] for m in loaded} - set(sys.stdlib_module_names) - {"cardbase"}
    assert ours <= allowed
    assert others <= allowed


def test_rulebooks_lists_all_five(runner, built_db):
    result = invoke(runner, ["rulebooks"], built_db)
    for rulebook in ("munchkin-es", "munchkin-ja", "munchkin-warhammer-aos-de",
                     "dungeon-mayhem-es", "smashup-munchkin-vi"):
        assert rulebook in result.stdout
    data = json.loads(invoke(runner, ["rulebooks", "--json"], built_db).stdout)
    assert {"id", "game", "lang", "edition", "sections", "quality"} <= set(data[0])


@pytest.mark.parametrize("args, expected", [
    (["rule", "huir"], "munchkin-es/huir"),
    (["rule", "逃げる", "--lang", "ja"], "munchkin-ja/running-away"),
    (["rule", "戦闘"], "munchkin-ja/combat"),
    (["rule", "quai vat"], "smashup-munchkin-vi/"),
    (["rule", "Stufe", "--lang", "de"], "munchkin-warhammer-aos-de/"),
])
def test_rule_lookup_in_every_language(runner, built_db, args, expected):
    result = invoke(runner, args, built_db)
    assert result.exit_code == 0, result.stderr
    assert expected in result.stdout.splitlines()[0]


def test_rule_all_languages_shows_the_topic_everywhere(runner, built_db):
    result = invoke(runner, ["rule", "Weglaufen", "--all-languages", "--json"], built_db)
    groups = json.loads(result.stdout)["topics"]
    running = next(g for g in groups if g["topic"] == "running-away")
    assert {s["lang"] for s in running["sections"]} == {"de", "es", "ja"}


def test_section_text_raw_and_json(runner, built_db):
    text = invoke(runner, ["section", "munchkin-es/huir"], built_db).stdout
    assert text.startswith("Huir\n") and "page 8" in text
    raw = invoke(runner, ["section", "munchkin-es/huir", "--raw"], built_db).stdout
    assert raw.startswith("Huir Si huyes")
    data = json.loads(invoke(runner, ["section", "munchkin-warhammer-aos-de/tod", "--json"],
                             built_db).stdout)
    assert data["raw"].startswith("To d") and data["body"].startswith("Das Leben")
    assert data["repairs"] and all(r["stage"] for r in data["repairs"])


def test_section_shows_flags_of_damaged_text(runner, built_db):
    result = invoke(runner, ["section", "munchkin-warhammer-aos-de/um-hilfe-bitten"], built_db)
    assert "truncated" in result.stdout


@pytest.mark.parametrize("args, code, message", [
    (["section", "munchkin-es/nope"], 1, "no section"),
    (["section", "nobook/huir"], 1, "no rulebook 'nobook'"),
    (["section", "no-slash"], 2, "rulebook/section"),
    (["rule", "huir", "--lang", "xx"], 2, "no rulebook in language 'xx'"),
    (["sections", "nobook"], 1, "no rulebook"),
    (["card", "qqqqqq"], 1, "no card named 'qqqqqq'"),
    (["card", "Maza", "--game", "chess"], 2, "unknown game 'chess'"),
    (["cards", "--type", "spaceship"], 2, "no card of type 'spaceship'"),
    (["term", "qqqqqq"], 1, "no glossary term"),
])
def test_errors_are_one_clear_line_and_an_exit_status(runner, built_db, args, code, message):
    result = invoke(runner, args, built_db)
    assert result.exit_code == code
    assert message in result.stderr and "Traceback" not in result.stderr
    assert result.stdout == ""


def test_a_missing_database_says_how_to_build_one(runner, tmp_path):
    result = runner.invoke(main, ["rulebooks", "--db", str(tmp_path / "none.db")])
    assert result.exit_code == 1 and "cardbase build" in result.stderr


def test_a_file_that_is_not_a_database(runner, tmp_path):
    fake = tmp_path / "fake.db"
    fake.write_text("hello", encoding="utf-8")
    result = runner.invoke(main, ["rulebooks", "--db", str(fake)])
    assert result.exit_code == 1 and "not a cardbase database" in result.stderr


def test_an_empty_file_or_a_folder_is_no_database(runner, tmp_path):
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    result = runner.invoke(main, ["rulebooks", "--db", str(empty)])
    assert result.exit_code == 1 and "not a cardbase database" in result.stderr
    assert "another version" not in result.stderr
    result = runner.invoke(main, ["rulebooks", "--db", str(tmp_path)])
    assert result.exit_code == 1 and "is a folder" in result.stderr


def test_export_json(runner, built_db, tmp_path):
    out = tmp_path / "cardbase.json"
    result = invoke(runner, ["export", "--format", "json", "--out", str(out)], built_db)
    assert result.exit_code == 0, result.stderr
    data = json.loads(out.read_text(encoding="utf-8"))
    assert len(data["rulebooks"]) == 5 and len(data["sections"]) > 100 and data["topics"]
    section = data["sections"][0]
    assert {"ref", "raw_span", "quality", "flags", "topic", "body"} <= set(section)


def test_export_jsonl(runner, built_db):
    result = invoke(runner, ["export", "--format", "jsonl"], built_db)
    lines = result.stdout.splitlines()
    assert len(lines) > 100 and all(json.loads(line)["type"] == "section" for line in lines)


def test_export_replaces_the_file_whole_or_not_at_all(conn, tmp_path, monkeypatch):
    from cardbase import export

    out = tmp_path / "cardbase.json"
    out.write_text("the previous export\n", encoding="utf-8")

    def interrupted(source, target):
        raise OSError("disk full")

    monkeypatch.setattr(export.os, "replace", interrupted)
    with pytest.raises(OSError):
        export.write_export(conn, out, "jsonl")
    assert out.read_text(encoding="utf-8") == "the previous export\n"
    assert [p.name for p in tmp_path.iterdir()] == ["cardbase.json"]
    monkeypatch.undo()
    assert export.write_export(conn, out, "jsonl") == out
    assert out.read_text(encoding="utf-8") == export.export_text(conn, "jsonl")
    assert [p.name for p in tmp_path.iterdir()] == ["cardbase.json"]


def test_build_reports_data_errors_and_exits_non_zero(runner, data_copy, tmp_path):
    (data_copy / "manifest.yaml").write_text("games: {}\nrulebooks: []\n", encoding="utf-8")
    result = runner.invoke(main, ["build", "--data", str(data_copy), "--db", str(tmp_path / "x.db")])
    assert result.exit_code == 1
    assert "manifest.yaml" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "x.db").exists()


def test_build_then_query(runner, tmp_path):
    from pathlib import Path

    db = tmp_path / "fresh.db"
    data = Path(__file__).resolve().parent.parent / "data"
    result = runner.invoke(main, ["build", "--data", str(data), "--db", str(db)])
    assert result.exit_code == 0, result.stderr
    assert "5 rulebooks" in result.stderr
    assert invoke(runner, ["rule", "Caridad"], db).exit_code == 0


def test_card_in_any_language_and_with_a_typo(runner, built_db):
    exact = invoke(runner, ["card", "mace of sharpness"], built_db)
    assert exact.exit_code == 0 and "Maza Afilada" in exact.stdout and exact.stderr == ""
    typo = invoke(runner, ["card", "maza afilda"], built_db)
    assert typo.exit_code == 0 and "Maza Afilada" in typo.stdout
    assert "nearest" in typo.stderr


def test_cards_lists_names_in_the_asked_language(runner, built_db):
    result = invoke(runner, ["cards", "--game", "munchkin", "--type", "monster", "--lang", "ja",
                             "--json"], built_db)
    rows = json.loads(result.stdout)
    assert {r["id"] for r in rows} >= {"net-troll", "wannabe-vampire", "drooling-slime"}
    assert all(r["type"] == "monster" for r in rows)
    races = json.loads(invoke(runner, ["cards", "--type", "race", "--lang", "ja", "--json"],
                              built_db).stdout)
    assert {r["name"] for r in races} >= {"エルフ", "ドワーフ"}


def test_term_shows_every_language(runner, built_db):
    data = json.loads(invoke(runner, ["term", "nivel", "--json"], built_db).stdout)
    words = data["terms"][0]["words"]
    assert {"es", "de", "ja", "en"} <= set(words)
    assert any(w["word"] == "Stufe" for w in words["de"])


def test_export_has_cards_and_glossary(runner, built_db):
    data = json.loads(invoke(runner, ["export"], built_db).stdout)
    assert len(data["cards"]) > 50 and len(data["glossary"]) > 50


SPEC_QUERY = """{
  "game": "munchkin",
  "rulebook": "munchkin-es",
  "state":  { "phase": "combat", "my_turn": false, "role": "bystander", "level": 4 },
  "action": { "verb": "play", "card_type": "monster_enhancer", "from": "hand", "target": "monster" }
}"""


def test_check_reads_the_spec_format_from_a_file_or_stdin(runner, built_db, tmp_path):
    query = tmp_path / "query.json"
    query.write_text(SPEC_QUERY, encoding="utf-8")
    result = invoke(runner, ["check", str(query), "--json"], built_db)
    assert result.exit_code == 0, result.stderr
    answer = json.loads(result.stdout)
    assert answer["verdict"] == "allowed"
    assert set(answer) >= {"verdict", "because", "conditions", "by_rulebook"}
    assert answer["because"][0]["citations"][0]["quote"]
    piped = runner.invoke(main, ["check", "-", "--db", str(built_db)], input=SPEC_QUERY)
    assert piped.exit_code == 0 and "allowed" in piped.stdout


def test_check_accepts_yaml(runner, built_db):
    yaml_query = ("game: munchkin\nstate: {phase: combat, my_turn: true, role: fighter}\n"
                  "action: {verb: discard, card_type: race, from: in_play}\n")
    result = runner.invoke(main, ["check", "-", "--db", str(built_db)], input=yaml_query)
    assert result.exit_code == 0 and "allowed" in result.stdout


def test_check_exits_2_on_a_query_that_cannot_be_judged(runner, built_db):
    bad = '{"game": "munchkin", "action": {"verb": "fly"}}'
    result = runner.invoke(main, ["check", "-", "--db", str(built_db)], input=bad)
    assert result.exit_code == 2 and "valid values" in result.stderr and result.stdout == ""
    broken = runner.invoke(main, ["check", "-", "--db", str(built_db)], input='{"game": ')
    assert broken.exit_code == 2 and "not valid JSON or YAML" in broken.stderr


@pytest.mark.parametrize("args, verdict", [
    (["can-play", "curse", "--game", "munchkin", "--phase", "combat", "--not-my-turn"],
     "allowed"),
    (["can-play", "Maza Afilada", "--phase", "combat", "--role", "fighter", "--class", "warrior"],
     "forbidden"),
    (["can-play", "half-breed", "--phase", "start_of_turn", "--race", "elf", "--rulebook",
      "munchkin-ja"], "allowed"),
])
def test_can_play(runner, built_db, args, verdict):
    result = invoke(runner, [*args, "--json"], built_db)
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["verdict"] == verdict


def test_check_explains_in_the_asked_language(runner, built_db):
    result = invoke(runner, ["can-play", "curse", "--game", "munchkin", "--phase", "combat",
                             "--not-my-turn", "--lang", "ja", "--json"], built_db)
    citations = json.loads(result.stdout)["because"][0]["citations"]
    assert citations[0]["lang"] == "ja"


def test_combat_resolves_the_spanish_worked_example(runner, built_db):
    result = invoke(runner, ["combat", "--rulebook", "munchkin-es", "--level", "4", "--bonus",
                             "3", "--class", "warrior", "--berserk", "3", "--one-shot",
                             "Misil Mágico", "--monster", "Troll de Foro", "--enhancer",
                             "Enfurecido", "--json"], built_db)
    data = json.loads(result.stdout)
    assert (data["players"], data["monsters"], data["winner"]) == (15, 15, "players")


def test_combat_refuses_an_unknown_monster(runner, built_db):
    result = invoke(runner, ["combat", "--rulebook", "munchkin-es", "--monster",
                             "Trol de Foroo Gigante"], built_db)
    assert result.exit_code == 2 and "nearest" in result.stderr


def only_rulebooks(built_db, tmp_path, *keep):
    """A copy of the database that holds only the rulebooks ``keep``."""
    import shutil
    import sqlite3

    path = tmp_path / "fewer.db"
    shutil.copy(built_db, path)
    with sqlite3.connect(path) as conn:
        conn.execute(f"DELETE FROM rulebooks WHERE id NOT IN ({', '.join('?' * len(keep))})",
                     keep)
    return path


def test_combat_without_a_rulebook_lists_the_choices(runner, built_db):
    result = invoke(runner, ["combat", "--monster", "3"], built_db)
    assert result.exit_code == 2 and result.stdout == ""
    assert "--rulebook" in result.stderr and "Traceback" not in result.stderr
    assert "munchkin-es, munchkin-ja, munchkin-warhammer-aos-de" in result.stderr


def test_combat_uses_the_only_rulebook_that_resolves_it(runner, built_db, tmp_path):
    db = only_rulebooks(built_db, tmp_path, "munchkin-es", "dungeon-mayhem-es",
                        "smashup-munchkin-vi")
    implicit = invoke(runner, ["combat", "--monster", "3", "--json"], db)
    explicit = invoke(runner, ["combat", "--rulebook", "munchkin-es", "--monster", "3", "--json"],
                      db)
    assert implicit.exit_code == 0, implicit.stderr
    assert implicit.stdout == explicit.stdout


def test_combat_without_a_munchkin_rulebook_lists_the_rulebooks(runner, built_db, tmp_path):
    db = only_rulebooks(built_db, tmp_path, "dungeon-mayhem-es", "smashup-munchkin-vi")
    result = invoke(runner, ["combat", "--monster", "3"], db)
    assert result.exit_code == 2 and result.stdout == ""
    assert "dungeon-mayhem-es, smashup-munchkin-vi" in result.stderr


def test_can_play_without_a_game_lists_the_games(runner, built_db):
    result = invoke(runner, ["can-play", "curse"], built_db)
    assert result.exit_code == 2 and result.stdout == ""
    assert "--game" in result.stderr and "Traceback" not in result.stderr
    assert ("dungeon-mayhem, munchkin, munchkin-warhammer-aos, smashup-munchkin"
            in result.stderr)


@pytest.mark.parametrize("args", [
    ["Maza Afilada", "--phase", "combat", "--role", "fighter"],   # the card's game
    ["half-breed", "--rulebook", "munchkin-ja"],                  # the rulebook's game
])
def test_can_play_takes_the_game_from_the_card_or_the_rulebook(runner, built_db, args):
    implicit = invoke(runner, ["can-play", *args, "--json"], built_db)
    explicit = invoke(runner, ["can-play", *args, "--game", "munchkin", "--json"], built_db)
    assert implicit.exit_code == 0, implicit.stderr
    assert implicit.stdout == explicit.stdout


def test_can_play_takes_the_only_game_of_the_database(runner, built_db, tmp_path):
    db = only_rulebooks(built_db, tmp_path, "munchkin-es", "munchkin-ja")
    args = ["curse", "--phase", "combat", "--not-my-turn", "--json"]
    implicit = invoke(runner, ["can-play", *args], db)
    explicit = invoke(runner, ["can-play", *args, "--game", "munchkin"], db)
    assert implicit.exit_code == 0, implicit.stderr
    assert implicit.stdout == explicit.stdout


def test_can_play_with_an_unknown_rulebook_lists_the_rulebooks(runner, built_db):
    result = invoke(runner, ["can-play", "curse", "--rulebook", "nobook"], built_db)
    assert result.exit_code == 2 and result.stdout == ""
    assert "no rulebook 'nobook'" in result.stderr and "munchkin-es, munchkin-ja" in result.stderr


def test_diff_lists_the_edition_differences(runner, built_db):
    result = invoke(runner, ["diff", "munchkin-es", "munchkin-ja"], built_db)
    assert result.exit_code == 0
    assert "Cards of each deck dealt at the start" in result.stdout and "各人に2枚づつ" in result.stdout


@pytest.mark.parametrize("lang, not_stated", [("en", "not stated"), ("es", "no lo indica")])
def test_diff_says_in_words_that_a_rulebook_does_not_state_a_number(runner, built_db,
                                                                    monkeypatch, lang,
                                                                    not_stated):
    from cardbase.rules import editions

    stated = {k: v for k, v in editions.EDITIONS["munchkin-ja"].items()
              if k != "dwarf_hand_limit"}
    monkeypatch.setitem(editions.EDITIONS, "munchkin-ja", stated)
    monkeypatch.setitem(editions.EDITION_QUOTES, "munchkin-ja", {
        k: v for k, v in editions.EDITION_QUOTES["munchkin-ja"].items() if k in stated})
    result = runner.invoke(main, ["diff", "munchkin-es", "munchkin-ja", "--lang", lang,
                                  "--db", str(built_db)])
    assert result.exit_code == 0, result.stderr
    assert "None" not in result.stdout
    assert f"munchkin-es 5 · munchkin-ja {not_stated}" in result.stdout
    data = json.loads(invoke(runner, ["diff", "munchkin-es", "munchkin-ja", "--json"],
                             built_db).stdout)
    dwarf = next(e for e in data["differences"] if e.get("parameter") == "dwarf_hand_limit")
    assert dwarf["munchkin-ja"] is None and dwarf["munchkin-es"] == 5


def test_table_json(runner, built_db):
    data = json.loads(invoke(runner, ["table", "dungeon-mayhem", "--json"], built_db).stdout)
    assert data["rows"] and data["conflicts"] == []


LOOKUP_FREE_OF = ("pathlib", "json", "dataclasses", "locale", "Stemmer")


@pytest.mark.parametrize("lang", [None, "es_ES.UTF-8", "ja_JP.UTF-8"])
@pytest.mark.parametrize("args", [["rule", "huir"], ["card", "Maza Afilada"],
                                  ["section", "munchkin-es/huir"]])
def test_a_lookup_imports_only_what_it_needs(built_db, args, lang):
    """What a lookup does not need stays unimported, in English and in a translated
    environment: pathlib (with urllib and ipaddress behind it) and json cost a lookup more
    than its query (``--json`` imports json when it prints); ``locale`` comes with the standard
    ``gettext`` functions' search for catalogs, which click's words no longer go through;
    PyStemmer is loaded only for a query word the build did not stem already."""
    import os
    import subprocess
    import sys

    code = ("import sys, io, contextlib\nfrom cardbase.cli import main\n"
            "try:\n    with contextlib.redirect_stdout(io.StringIO()):\n"
            f"        main({args!r} + ['--db', sys.argv[1]])\n"
            "except SystemExit as exit:\n    assert not exit.code, exit.code\n"
            f"print(*sorted(m for m in {LOOKUP_FREE_OF!r} if m in sys.modules))")
    env = {k: v for k, v in os.environ.items()
           if k not in ("LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    if lang:
        env["LANG"] = lang
    loaded = subprocess.run([sys.executable, "-c", code, str(built_db)], capture_output=True,
                            text=True, check=True, env=env).stdout.split()
    assert loaded == []


def test_section_shows_a_lost_symbols_mark_and_flag(runner, built_db):
    text = invoke(runner, ["section", "dungeon-mayhem-es/puntos-de-golpe"], built_db).stdout
    assert "(el símbolo [□]), estás fuera de combate." in text
    assert "symbols_lost" in text
    data = json.loads(invoke(runner, ["section", "dungeon-mayhem-es/puntos-de-golpe", "--json"],
                             built_db).stdout)
    assert "[□]" not in data["raw"] and data["body"].count("[□]") == 2
    assert any(f["flag"] == "symbols_lost" and "[□]" in f["detail"] for f in data["flags"])


@pytest.mark.parametrize("args, collecting", [
    (["rule", "huir"], False), (["card", "Maza Afilada"], False),
    (["section", "munchkin-es/huir"], False), (["combat", "--help"], True),
    (["--help"], True),
])
def test_the_console_script_pauses_the_collector_for_quick_lookups_only(built_db, args,
                                                                        collecting):
    """Started as the console script starts it, a lookup runs without the cyclic garbage
    collector and any other command with it; importing the command line leaves it alone."""
    import subprocess
    import sys

    code = ("import atexit, gc, sys\n"
            "atexit.register(lambda: print('collecting', gc.isenabled()))\n"
            "from cardbase.launch import main\n"
            f"sys.argv = ['cardbase', *{args!r}, *(['--db', sys.argv[1]] if {args!r}[0] in "
            "('rule', 'card', 'section') else [])]\n"
            "main()\n")
    out = subprocess.run([sys.executable, "-c", code, str(built_db)], capture_output=True,
                         text=True, check=True).stdout
    assert out.splitlines()[-1] == f"collecting {collecting}"
    imported = subprocess.run([sys.executable, "-c", "import gc, cardbase.cli; "
                               "print(gc.isenabled())"], capture_output=True, text=True,
                              check=True).stdout
    assert imported.strip() == "True"


def test_a_new_process_refuses_a_to_level_the_other_facts_contradict(built_db, tmp_path):
    """The rate that works the level out is an edition parameter its game's rule modules
    register: a process whose first question is this one must have them before checking."""
    import subprocess
    import sys

    query = tmp_path / "sell.json"
    query.write_text(json.dumps({"game": "munchkin", "rulebook": "munchkin-es",
                                 "state": {"level": 3},
                                 "action": {"verb": "sell", "gold": 1100, "to_level": 5}}))
    done = subprocess.run([sys.executable, "-m", "cardbase.cli", "check", str(query), "--db",
                           str(built_db)], capture_output=True, text=True)
    assert done.returncode == 2, done.stdout
    assert "to_level" in done.stderr and "4" in done.stderr


@pytest.mark.parametrize("ref", ["munchkin-es/Huir", "munchkin-es/huír", "Munchkin-ES/Huir"])
def test_a_section_named_as_a_reader_writes_it(runner, built_db, ref):
    data = json.loads(invoke(runner, ["section", ref, "--json"], built_db).stdout)
    assert data["ref"] == "munchkin-es/huir"
    spaced = json.loads(invoke(runner, ["section", "munchkin-es/Vender objetos", "--json"],
                               built_db).stdout)
    assert spaced["ref"] == "munchkin-es/vender-objetos"


def test_an_unknown_rule_language_is_refused_in_the_users_language(runner, built_db):
    result = runner.invoke(main, ["rule", "huir", "--lang", "xx", "--db", str(built_db)],
                           env={"LANGUAGE": "es"})
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.strip() == ("error: no hay ningún reglamento en el idioma 'xx'; los "
                                     "idiomas son: de, es, ja, vi")
    english = runner.invoke(main, ["rule", "huir", "--lang", "en", "--db", str(built_db)],
                            env={"LANGUAGE": "es"})
    assert english.stderr.startswith("error: no rulebook in language 'en'")  # asked for


@pytest.mark.parametrize("lang, expected", [
    ("en", "error: unknown game 'nogame'; the games are: dungeon-mayhem, munchkin, "
           "munchkin-warhammer-aos, smashup-munchkin"),
    ("ja", "エラー: 不明なゲーム 'nogame'。ゲーム: dungeon-mayhem, munchkin, "
           "munchkin-warhammer-aos, smashup-munchkin"),
])
def test_table_of_an_unknown_game_lists_the_games(runner, built_db, lang, expected):
    result = runner.invoke(main, ["table", "nogame", "--db", str(built_db)],
                           env={"LANGUAGE": lang})
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.strip() == expected


@pytest.mark.parametrize("lang, rule, front, reasons", [
    ("es", "tipo: regla", "Un juego de [preliminares]", "(consejos 5, textos de cartas 6,"),
    ("de", "Art: Regel", "Un juego de [Vorspann]", "(Ratschläge 5,"),
    ("ja", "種類: ルール", "Un juego de [前付け]", "(アドバイス 5,"),
    ("vi", "loại: luật", "Un juego de [phần mở đầu]", "(lời khuyên 5,"),
])
def test_section_kinds_and_coverage_reasons_speak_the_users_language(runner, built_db, lang,
                                                                    rule, front, reasons):
    env = {"LANGUAGE": lang}
    section = runner.invoke(main, ["section", "munchkin-es/huir", "--db", str(built_db)],
                            env=env).stdout
    assert rule in section.splitlines()[1]
    sections = runner.invoke(main, ["sections", "munchkin-es", "--db", str(built_db)],
                             env=env).stdout
    assert front in sections.splitlines()[0]
    coverage = runner.invoke(main, ["rules", "coverage", "--db", str(built_db)], env=env).stdout
    line = next(line for line in coverage.splitlines() if line.startswith("munchkin-es:"))
    assert reasons in line
    assert not {"advice", "card_text", "cross_reference", "table_talk"} & set(
        line.replace(",", " ").replace("(", " ").split())


def test_all_languages_snippets_end_between_words_with_an_ellipsis(runner, built_db):
    from cardbase.search.rules import TOPIC_SNIPPET_CHARS

    data = json.loads(invoke(runner, ["rule", "huir", "--all-languages", "--json"],
                             built_db).stdout)
    sections = [s for group in data["topics"] for s in group["sections"]]
    bodies = {s["ref"]: json.loads(invoke(runner, ["section", s["ref"], "--json"],
                                          built_db).stdout)["body"] for s in sections}
    cut = [s for s in sections if len(" ".join(bodies[s["ref"]].split())) > TOPIC_SNIPPET_CHARS]
    assert {s["lang"] for s in cut} >= {"es", "ja"}
    for hit in cut:
        snippet, body = hit["snippet"], " ".join(bodies[hit["ref"]].split())
        assert snippet.endswith("…") and len(snippet) <= TOPIC_SNIPPET_CHARS + 1, snippet
        shown = snippet[:-1]
        assert body.startswith(shown), (snippet, body[:200])
        if hit["lang"] != "ja":  # a word is never cut in two; Japanese is cut between characters
            assert body[len(shown)] == " " or not body[len(shown)].isalnum(), snippet
    text = invoke(runner, ["rule", "huir", "--all-languages"], built_db).stdout
    assert "Y no…" in text or "…\n" in text


def test_combat_names_the_cards_it_was_given(runner, built_db):
    result = invoke(runner, ["combat", "--rulebook", "munchkin-es", "--level", "4", "--bonus",
                             "3", "--class", "warrior", "--berserk", "3", "--one-shot",
                             "Misil Mágico", "--monster", "Troll de Foro", "--enhancer",
                             "Enfurecido", "--enhancer", "2", "--against", "1"], built_db)
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert any("one-shot items for the players: Misil Mágico +5" in line for line in lines)
    assert any("Troll de Foro: level 10 Enfurecido +5 +2 = 17" in line for line in lines)
    assert any("one-shot items for the monsters: +1" in line for line in lines)
