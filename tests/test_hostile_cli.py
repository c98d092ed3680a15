"""The command line under hostile arguments and a hostile environment: every failure is one
line on standard error naming what is wrong, with exit status 1 (missing things, bad data, a
database that cannot be read) or 2 (a question that cannot be asked), never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardbase import games
from cardbase.cli import main
from cardbase.cli.common import decoded
from cardbase.errors import QueryError

CARDBASE = [sys.executable, "-m", "cardbase.cli"]


def one_line(result, code: int) -> str:
    assert result.exit_code == code, (result.exit_code, result.stdout, result.stderr)
    assert isinstance(result.exception, (SystemExit, type(None))), result.exception
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    return lines[0]


@pytest.mark.parametrize("option, value", [
    ("--level", "-3"), ("--level", "0"), ("--level", "1000000"), ("--bonus", "-5000"),
    ("--bonus", "99999999999999999999"), ("--berserk", "-1"), ("--berserk", "400"),
    ("--helper-level", "-2"), ("--helper-bonus", "1000"), ("--level", "three"),
])
def test_combat_refuses_numbers_out_of_range_naming_the_option(runner, built_db, option, value):
    result = runner.invoke(main, ["combat", "--rulebook", "munchkin-es", "--monster", "3",
                                  option, value, "--db", str(built_db)])
    assert option in one_line(result, 2)


@pytest.mark.parametrize("option, value", [
    ("--monster", "-3"), ("--monster", "101"), ("--monster", "9" * 5000),
    ("--enhancer", "-500"), ("--one-shot", "+1000"), ("--against", "-1000"),
])
def test_combat_refuses_absurd_monsters_and_modifiers(runner, built_db, option, value):
    args = ["combat", "--rulebook", "munchkin-es", "--db", str(built_db), option, value]
    if option != "--monster":
        args += ["--monster", "3"]
    line = one_line(runner.invoke(main, args), 2)
    assert option in line and len(line) < 200


def test_combat_refuses_a_thousand_monsters(runner, built_db):
    args = ["combat", "--rulebook", "munchkin-es", "--db", str(built_db)]
    for _ in range(1000):
        args += ["--monster", "1"]
    assert "--monster" in one_line(runner.invoke(main, args), 2)


def test_the_library_checks_the_numbers_too(conn):
    from cardbase.rules.fight import fight

    for arguments in ({"level": -1, "bonus": 0}, {"level": 1, "bonus": 0, "berserk": -2},
                      {"level": 1, "bonus": 10 ** 9}, {"level": True, "bonus": 0},
                      {"level": 1, "bonus": 0, "helper_level": 0}):
        with pytest.raises(QueryError, match="is not a whole number from"):
            fight(conn, "munchkin-es", monsters=["3"], **arguments)
    highest = games.get("munchkin").max_level
    result = fight(conn, "munchkin-es", level=highest, bonus=0, monsters=["1"])
    assert result["winner"] == "players"
    with pytest.raises(QueryError, match=rf"^--level: {highest + 1} is out of range; expected "
                                         rf"1 to {highest}$"):
        fight(conn, "munchkin-es", level=highest + 1, bonus=0, monsters=["1"])


@pytest.mark.parametrize("args, expected", [
    (["--class", "wizzard"], ["--class: unknown name 'wizzard'; valid names: warrior, wizard, "
                              "thief, cleric"]),
    (["--level", "50"], ["--level: 50 is out of range; expected 1 to 10"]),
    (["--level", "50", "--race", "orc", "--helper-level", "11", "--helper-class", "bard"],
     ["--level: 50 is out of range; expected 1 to 10",
      "--race: unknown name 'orc'; valid names: human, elf, dwarf, halfling",
      "--helper-level: 11 is out of range; expected 1 to 10",
      "--helper-class: unknown name 'bard'; valid names: warrior, wizard, thief, cleric"]),
])
def test_combat_refuses_classes_races_and_levels_the_game_has_not(runner, built_db, args,
                                                                   expected):
    result = runner.invoke(main, ["combat", "--rulebook", "munchkin-es", "--monster", "3",
                                  *args, "--db", str(built_db)])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.strip().splitlines() == ["error: " + expected[0], *expected[1:]]


def test_combat_refusals_speak_the_users_language(runner, built_db):
    result = runner.invoke(main, ["combat", "--rulebook", "munchkin-es", "--monster", "3",
                                  "--class", "wizzard", "--level", "50", "--db", str(built_db)],
                           env={"LANGUAGE": "es"})
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        "error: --level: 50 está fuera de rango; se esperaba de 1 a 10",
        "--class: nombre desconocido 'wizzard'; nombres válidos: warrior, wizard, thief, cleric"]


def test_combat_reads_classes_and_races_in_any_language(runner, built_db):
    result = runner.invoke(main, ["combat", "--rulebook", "munchkin-es", "--monster", "3",
                                  "--class", "Guerrero", "--race", "エルフ", "--berserk", "2",
                                  "--json", "--db", str(built_db)])
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["players"] == 1 + 2


def test_undecodable_arguments_are_replaced_before_the_library():
    assert decoded("huir") == "huir"
    assert decoded("hu\udcffir") == "hu\ufffdir"          # a byte that was not UTF-8
    assert decoded("\ud800x") == "\ufffdx"                # a surrogate no byte made
    assert decoded(("a\udce9", "b")) == ("a\ufffd", "b")
    assert decoded(Path("caf\udce9.db")) == Path("caf\udce9.db")  # paths must still open


@pytest.mark.parametrize("args", [
    ["rule", "hu\udcffir", "--json"], ["card", "Maza\udcc3", "--json"],
    ["term", "\udcffnivel", "--json"], ["cards", "--game", "munch\udcffkin", "--json"],
])
def test_json_output_is_valid_utf8_whatever_the_arguments(runner, built_db, args):
    result = runner.invoke(main, [*args, "--db", str(built_db)])
    assert "Traceback" not in result.stderr and result.exit_code in (0, 1, 2), result.stderr
    result.stdout_bytes.decode("utf-8")
    result.stderr_bytes.decode("utf-8")
    if result.exit_code == 0:
        json.loads(result.stdout)


def _run(args: list, env: dict | None = None, cwd=None) -> subprocess.CompletedProcess:
    full_env = {**os.environ, **(env or {})}
    return subprocess.run([*CARDBASE, *args], capture_output=True, env=full_env, cwd=cwd,
                          timeout=120)


def test_a_real_process_given_invalid_utf8_bytes_prints_utf8_json(built_db):
    done = _run([b"rule", b"hu\xffir \xc3", b"--json", b"--db", str(built_db).encode()])
    assert done.returncode in (0, 1), done.stderr
    text = done.stdout.decode("utf-8")
    if done.returncode == 0:
        json.loads(text)
    done = _run([b"card", b"Maza Afilada\xe9", b"--json", b"--db", str(built_db).encode()])
    assert b"Traceback" not in done.stderr
    done.stdout.decode("utf-8")
    done.stderr.decode("utf-8")


@pytest.fixture
def bad_databases(tmp_path, built_db) -> dict[str, Path]:
    data = built_db.read_bytes()
    folder = tmp_path / "a-folder.db"
    folder.mkdir()
    (tmp_path / "text.db").write_text("not a database\n")
    (tmp_path / "truncated.db").write_bytes(data[:len(data) // 3])
    (tmp_path / "header-only.db").write_bytes(data[:100])
    (tmp_path / "empty.db").write_bytes(b"")
    return {"folder": folder, "text": tmp_path / "text.db",
            "truncated": tmp_path / "truncated.db", "header": tmp_path / "header-only.db",
            "empty": tmp_path / "empty.db", "missing": tmp_path / "nowhere" / "x.db"}


QUERIES = [["rulebooks"], ["rule", "huir"], ["section", "munchkin-es/huir"],
           ["sections", "munchkin-es"], ["card", "Maza Afilada"], ["cards"], ["term", "nivel"],
           ["can-play", "curse", "--game", "munchkin"], ["combat", "--monster", "3"],
           ["diff", "munchkin-es", "munchkin-ja"], ["table", "munchkin"], ["export"],
           ["translate", "status"]]


@pytest.mark.parametrize("kind", ["folder", "text", "truncated", "header", "empty", "missing"])
def test_a_bad_database_is_one_line_and_exit_1_for_every_command(runner, bad_databases, kind):
    for args in QUERIES:
        result = runner.invoke(main, args, env={"CARDBASE_DB": str(bad_databases[kind])})
        line = one_line(result, 1)
        assert "failed unexpectedly" not in line, (args, line)


@pytest.mark.parametrize("env", [
    {"LANG": "garbage"}, {"LC_ALL": "xx_YY.UTF-8"}, {"LANGUAGE": "../../../etc/passwd"},
    {"LANGUAGE": ":::"}, {"LANG": "ja_JP.EUC-JP"},
])
def test_a_garbage_language_falls_back_to_english(runner, built_db, env):
    result = runner.invoke(main, ["rulebooks", "--db", str(built_db)], env=env)
    assert result.exit_code == 0 and "munchkin-es" in result.stdout, result.stderr


def test_an_unwritable_cache_still_answers(runner, built_db, tmp_path):
    not_a_folder = tmp_path / "cache-file"
    not_a_folder.write_text("")
    for env in ({"XDG_CACHE_HOME": str(not_a_folder), "LANGUAGE": "de"},
                {"XDG_CACHE_HOME": "/proc/cardbase-nowhere", "LANGUAGE": "ja"},
                {"HOME": str(tmp_path / "no-home"), "XDG_CACHE_HOME": "", "LANGUAGE": "es"}):
        result = runner.invoke(main, ["rule", "huir", "--db", str(built_db)], env=env)
        assert result.exit_code == 0 and "Huir" in result.stdout, (env, result.stderr)


def test_a_catalogs_path_that_is_a_file_is_not_a_crash(runner, built_db, tmp_path):
    a_file = tmp_path / "locales"
    a_file.write_text("")
    result = runner.invoke(main, ["translate", "status", "--db", str(built_db)],
                           env={"CARDBASE_LOCALES": str(a_file)})
    assert result.exit_code in (0, 1) and "Traceback" not in result.stderr


def test_usage_errors_are_one_line_with_a_pointer_to_help(runner):
    for args in (["nope"], ["rule"], ["rule", "x", "--limit", "0"], ["check"],
                 ["combat", "--level", "-3"], ["section", "a", "--bogus"]):
        line = one_line(runner.invoke(main, args), 2)
        assert line.endswith("--help`)"), line


def test_long_arguments_are_quoted_short(runner, built_db):
    name = "Zq" * 60_000  # near the largest argument Linux passes
    for args in (["card", name], ["term", name], ["section", f"munchkin-es/{name}"],
                 ["sections", name], ["diff", name, "munchkin-es"], ["table", name]):
        result = runner.invoke(main, [*args, "--db", str(built_db)])
        assert result.exit_code in (1, 2), (args[0], result.stderr[:200])
        assert "Traceback" not in result.stderr
        assert all(len(line) <= 1000 for line in result.stderr.splitlines()), args[0]


def test_a_broken_data_folder_is_one_line_per_problem(runner, tmp_path):
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "manifest.yaml").write_bytes(b"games: {a: b}\nrulebooks: [\xff]\n")
    result = runner.invoke(main, ["build", "--data", str(tmp_path / "data"), "--db",
                                  str(tmp_path / "x.db")])
    line = one_line(result, 1)
    assert "manifest.yaml:2" in line and "UTF-8" in line
    result = runner.invoke(main, ["build", "--data", str(tmp_path / "nothing"), "--db",
                                  str(tmp_path / "x.db")])
    assert "manifest.yaml" in one_line(result, 1)


def test_can_play_refuses_an_absurd_level(runner, built_db):
    for value in ("-5", "99999999999999999999999"):
        result = runner.invoke(main, ["can-play", "curse", "--game", "munchkin", "--level", value,
                                      "--db", str(built_db)])
        assert "--level" in one_line(result, 2)


def test_a_query_path_no_file_can_have_is_refused(runner, built_db):
    result = runner.invoke(main, ["check", "a\x00b", "--db", str(built_db)])
    assert "null" in one_line(result, 2)
    result = runner.invoke(main, ["rulebooks", "--db", "a\x00b"])
    assert "null" in one_line(result, 2)


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0,
                    reason="root reads every file")
def test_unreadable_files_are_one_line(runner, built_db, tmp_path):
    query = tmp_path / "q.json"
    query.write_text("{}")
    query.chmod(0)
    assert "cannot be read" in one_line(
        runner.invoke(main, ["check", str(query), "--db", str(built_db)]), 2)
    database = tmp_path / "db.db"
    database.write_bytes(built_db.read_bytes())
    database.chmod(0)
    one_line(runner.invoke(main, ["rulebooks", "--db", str(database)]), 1)


@pytest.mark.parametrize("lang, reason", [(None, "no such file or folder"),
                                          ("ja_JP.UTF-8", "ファイルまたはフォルダーがありません")])
def test_a_file_that_cannot_be_written_is_named_as_asked_in_the_users_language(
        runner, built_db, tmp_path, monkeypatch, lang, reason):
    """Writing goes through a staging file beside the target: an error names the target, not
    the staging file, and says why in the user's language."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", lang or "C.UTF-8")
    target = tmp_path / "missing" / "x.json"
    result = runner.invoke(main, ["export", "--out", str(target), "--db", str(built_db)])
    assert result.exit_code == 1
    assert f"{target}: {reason}" in result.stderr, result.stderr
    assert ".tmp" not in result.stderr
