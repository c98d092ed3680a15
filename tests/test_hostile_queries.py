"""Hostile query files for `cardbase check`: bad bytes, deep nesting, keys written twice, huge
inputs, values of the wrong kind. Each is refused with one line naming the file (and line) and
exit status 2, and no message repeats more than a short excerpt of the input."""

from __future__ import annotations

import json

import pytest

from cardbase.cli import main
from cardbase.errors import EXCERPT_LENGTH, QueryError, excerpt
from cardbase.rules.checker import MAX_QUERY_DEPTH, check, read_query


def run_check(runner, db, query_bytes: bytes, tmp_path, name="query.json"):
    path = tmp_path / name
    path.write_bytes(query_bytes)
    return runner.invoke(main, ["check", str(path), "--db", str(db)])


def one_error_line(result, code=2) -> str:
    assert result.exit_code == code, (result.stdout, result.stderr)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    return lines[0]


def test_excerpt_cuts_text_and_bounds_any_value():
    assert excerpt("short") == "short" and repr(excerpt("short")) == "'short'"
    long = excerpt("x" * 5_000_000)
    assert len(long) == EXCERPT_LENGTH and long.endswith("…")
    nested: list = []
    for _ in range(5000):
        nested = [nested]
    assert len(repr(excerpt(nested))) <= EXCERPT_LENGTH
    assert repr(excerpt(["a"])) == "['a']"          # a list is shown as a list, not as a string
    assert "\n" not in repr(excerpt("two\nlines"))


def test_a_file_that_is_not_utf8_names_the_file_byte_and_line(runner, built_db, tmp_path):
    body = b'{\n "game": "munchkin",\n "action": {"verb": "play", "card": "\xff\xfe"}}'
    line = one_error_line(run_check(runner, built_db, body, tmp_path))
    assert "query.json:3" in line and "UTF-8" in line and f"byte {body.index(0xff)}" in line


@pytest.mark.parametrize("text", [
    "[" * 5000 + "]" * 5000,
    '{"game": ' + "[" * 3000 + "]" * 3000 + "}",
    "game: " + "[" * 900 + "]" * 900,
    "".join(" " * i + "k:\n" for i in range(400)) + " " * 400 + "x: 1\n",
])
def test_deep_nesting_is_refused_without_recursion_error(runner, built_db, tmp_path, text):
    line = one_error_line(run_check(runner, built_db, text.encode(), tmp_path))
    assert f"nested deeper than {MAX_QUERY_DEPTH} levels" in line


@pytest.mark.parametrize("text, key, line_no", [
    ('{"game": "munchkin",\n "game": "dungeon-mayhem", "action": {"verb": "play"}}', "game", 2),
    ('{"game": "munchkin", "action": {"verb": "play",\n\n "verb": "sell"}}', "verb", 3),
    ("game: munchkin\naction:\n  verb: play\n  verb: sell\n", "verb", 4),
])
def test_a_key_written_twice_is_refused_with_its_line(runner, built_db, tmp_path, text, key,
                                                       line_no):
    line = one_error_line(run_check(runner, built_db, text.encode(), tmp_path))
    assert f"query.json:{line_no}:" in line and f"{key!r} is written twice" in line


def test_the_same_key_in_two_objects_is_not_a_duplicate():
    data = read_query('{"game": "munchkin", "state": {"level": 2}, "action": {"level": 3}}')
    assert data["state"]["level"] == 2 and data["action"]["level"] == 3


def test_a_huge_input_is_refused_and_a_long_name_quoted_short(runner, built_db, tmp_path):
    huge = json.dumps({"game": "munchkin", "action": {"verb": "play", "card": "x" * 5_000_000}})
    line = one_error_line(run_check(runner, built_db, huge.encode(), tmp_path))
    assert "larger than" in line and len(line) < 300
    name = "Zz" * 50_000  # 100 KB: under the size limit, refused as text no name is
    query = json.dumps({"game": "munchkin", "action": {"verb": "play", "card": name}})
    line = one_error_line(run_check(runner, built_db, query.encode(), tmp_path))
    assert "action.card" in line and "longer than" in line and len(line) < 300


@pytest.mark.parametrize("value", [1e400, 10 ** 30, -(10 ** 7)])
def test_absurd_numbers_are_refused_with_their_key(value):
    text = json.dumps({"game": "munchkin", "state": {"level": value},
                       "action": {"verb": "play"}}).replace("Infinity", "1e400")
    with pytest.raises(QueryError, match=r"state\.level: .* is not a number any game has"):
        read_query(text)


def test_a_number_of_thousands_of_digits_is_refused():
    for text in ('{"game": "munchkin", "state": {"level": 1' + "0" * 5000 + "}}",
                 "game: munchkin\nstate: {level: 1" + "0" * 5000 + "}\n"):
        with pytest.raises(QueryError) as caught:
            read_query(text)
        assert len(str(caught.value)) < 300


@pytest.mark.parametrize("query, field", [
    ({"game": "munchkin", "action": {"verb": "play", "card": ["Maza Afilada"]}}, "action.card"),
    ({"game": "munchkin", "rulebook": ["munchkin-es"], "action": {"verb": "play"}}, "rulebook"),
])
def test_a_value_of_the_wrong_kind_names_its_field(conn, query, field):
    with pytest.raises(QueryError, match=rf"^{field}: a value of the wrong kind"):
        check(conn, query)


@pytest.mark.parametrize("text", ["", "[1, 2]", "hello", "42", "null", "{", "game: [",
                                  "\ufeff{\"game\": 1}"])
def test_what_is_not_a_query_object_is_refused(text):
    if text.startswith("\ufeff"):
        assert read_query(text.encode())["game"] == 1  # a UTF-8 byte order mark is allowed
        return
    with pytest.raises(QueryError):
        read_query(text)


def test_unreadable_query_files_are_one_line(runner, built_db, tmp_path):
    assert "is a folder" in one_error_line(
        runner.invoke(main, ["check", str(tmp_path), "--db", str(built_db)]))
    assert "cannot be read" in one_error_line(
        runner.invoke(main, ["check", str(tmp_path / "missing.json"), "--db", str(built_db)]))


def test_standard_input_is_read_as_bytes(runner, built_db):
    result = runner.invoke(main, ["check", "-", "--db", str(built_db)],
                           input=b'{"game": "munchkin", "action": {"verb": "\xff"}}')
    assert "<stdin>:1" in one_error_line(result) and "UTF-8" in result.stderr


def test_thousands_of_problems_are_listed_as_twenty_and_a_count(conn):
    from cardbase.rules.checker import MAX_PROBLEMS

    query = {"game": "munchkin", "state": {f"key{i}": 1 for i in range(3000)},
             "action": {"verb": "play"}}
    with pytest.raises(QueryError) as caught:
        check(conn, read_query(json.dumps(query)))
    lines = str(caught.value).splitlines()
    assert len(lines) == MAX_PROBLEMS + 1
    assert lines[-1] == f"… and {3000 - MAX_PROBLEMS} more problems"


def test_keys_json_refuses_are_refused_or_read_as_yaml_not_crashed_on():
    with pytest.raises(QueryError, match="not valid JSON"):
        read_query('{"\\q": 1}')                      # a bad escape: neither JSON nor YAML
    assert read_query('{"a\tb": 1}') == {"a\tb": 1}   # a raw tab: not JSON, but YAML
    for text in ('{"\\ud800": 1}', '{"game": "\\udcff"}', '{"a": ["\\ud83d"]}'):
        with pytest.raises(QueryError, match="half of a character"):
            read_query(text)
    assert read_query('{"card": "\\ud83c\\udccf"}') == {"card": "🃏"}  # a whole pair is fine


def _laughs(levels: int = 9) -> str:
    """A "billion laughs": each line a list of nine aliases to the line before (9**9 values in
    under 1 KB once expanded)."""
    lines = ['l0: &l0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for level in range(1, levels):
        lines.append(f"l{level}: &l{level} [" + ", ".join([f"*l{level - 1}"] * 9) + "]")
    return "game: munchkin\naction: {verb: play}\n" + "\n".join(lines) + "\n"


def test_a_billion_laughs_is_refused_at_its_first_anchor(runner, built_db, tmp_path):
    text = _laughs()
    assert len(text.encode()) < 1024
    line = one_error_line(run_check(runner, built_db, text.encode(), tmp_path, "laughs.yaml"))
    assert "laughs.yaml:3:" in line and "anchor or alias 'l0' is not allowed" in line


@pytest.mark.parametrize("text, name, line_no", [
    ("game: munchkin\naction: {verb: play}\nstate: {level: *nowhere}\n", "nowhere", 3),
    ("game: munchkin\naction: &act\n  verb: play\n", "act", 2),
    ("game: munchkin\nbase: &b {level: 2}\nstate:\n  <<: *b\naction: {verb: play}\n", "b", 2),
    ('{"game": "munchkin", "action": &a {"verb": "play"}, "again": *a}', "a", 1),
])
def test_anchors_and_aliases_are_refused_with_their_line(text, name, line_no):
    with pytest.raises(QueryError) as caught:
        read_query(text, "q.yaml")
    assert str(caught.value) == (f"q.yaml:{line_no}: the YAML anchor or alias {name!r} is not "
                                 "allowed in a query; write each value out")


def test_text_that_only_mentions_anchor_signs_is_read(conn):
    data = read_query("game: munchkin\naction: {verb: play, card: 'R&D *beta*'}\n")
    assert data["action"]["card"] == "R&D *beta*"


def test_the_alias_refusal_speaks_the_users_language(runner, built_db, tmp_path):
    path = tmp_path / "q.yaml"
    path.write_text("game: munchkin\naction: {verb: play}\nx: *y\n", encoding="utf-8")
    result = runner.invoke(main, ["check", str(path), "--db", str(built_db)],
                           env={"LANGUAGE": "es"})
    line = one_error_line(result)
    assert "q.yaml:3" in line and "not allowed" not in line and "'y'" in line
