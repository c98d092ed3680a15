"""Output that reads well in every language: tables aligned by display width, situations in
words, lists that say how much was left out, damaged sections said to be damaged."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from cardbase import i18n
from cardbase.cli import main
from cardbase.textwidth import width

LOCALES = {"es": "es_ES.UTF-8", "de": "de_DE.UTF-8", "ja": "ja_JP.UTF-8", "vi": "vi_VN.UTF-8"}


def _env(locale: str | None) -> dict:
    env = {"LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": locale}
    return env


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


# --- tables -----------------------------------------------------------------------------------

def _columns_aligned(lines: list[str]) -> None:
    """Cells are separated by two spaces or more; in every column, either all cells start at
    the same display column (left-aligned) or all end at the same one (right-aligned)."""
    spans = []
    for line in lines:
        cells = []
        for match in re.finditer(r"\S+(?: \S+)*", line):
            start = width(line[:match.start()])
            cells.append((start, start + width(match.group())))
        spans.append(cells)
    count = len(spans[0])
    assert all(len(cells) == count for cells in spans), lines
    for column in range(count):
        starts = {cells[column][0] for cells in spans}
        ends = {cells[column][1] for cells in spans}
        assert len(starts) == 1 or len(ends) == 1, (column, lines)


def test_a_table_of_made_up_japanese_and_vietnamese_rows_lines_up():
    from cardbase.textwidth import table

    rows = [("名前", "種類", "数"), ("戦闘の基本", "ルール", "12"), ("quái vật", "x", "3"),
            ("e\u0301cole", "ﾊﾝｶｸ", "100")]
    lines = table(rows, right=(2,))
    _columns_aligned(lines)
    assert width(lines[1]) == width(lines[0]) or lines[1].endswith("12")


def test_text_is_measured_as_wcwidth_measures_it():
    from wcwidth import wcwidth

    from cardbase.textwidth import width

    ranges = [(0x20, 0x2FF), (0x300, 0x36F), (0x1E00, 0x1EFF), (0x2000, 0x206F), (0x2190, 0x27BF),
              (0x3000, 0x30FF), (0x3130, 0x318F), (0x4E00, 0x9FFF), (0xAC00, 0xAC40),
              (0xFF00, 0xFFEF), (0x1F300, 0x1F64F)]
    for low, high in ranges:
        for code in range(low, high + 1):
            assert width(chr(code)) == max(wcwidth(chr(code)), 0), hex(code)
    assert width("Quái vật 戦闘 ｶｰﾄﾞ e\u0301") == 4 + 1 + 3 + 1 + 4 + 1 + 4 + 1 + 1


def test_our_languages_are_measured_without_importing_wcwidth():
    code = ("import sys; from cardbase.textwidth import width; "
            "width('Quái vật đánh “戦闘”、ｶｰﾄﾞ … Größe ñ'); print('wcwidth' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "False"


@pytest.mark.parametrize("args", [["cards", "--lang", "ja"], ["rulebooks"],
                                  ["translate", "status"]])
def test_japanese_tables_line_up(runner, built_db, args, monkeypatch):
    for name, value in _env("ja_JP.UTF-8").items():
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    i18n.set_language(None)      # a new process: the environment's language
    result = runner.invoke(main, [*args, "--db", str(built_db)])
    assert result.exit_code == 0, result.stderr
    lines = [line for line in result.stdout.split("\n\n")[0].splitlines() if line.strip()]
    assert any(width(line) != len(line) for line in lines)   # wide characters are there
    _columns_aligned(lines)


def test_sections_headings_start_at_one_column(runner, built_db):
    result = runner.invoke(main, ["sections", "munchkin-ja", "--db", str(built_db)],
                           env=_env("ja_JP.UTF-8"))
    rows = json.loads(runner.invoke(main, ["sections", "munchkin-ja", "--json", "--db",
                                           str(built_db)]).stdout)
    starts = set()
    for line, row in zip(result.stdout.splitlines(), rows, strict=True):
        heading_at = line.index(row["heading"])
        starts.add(width(line[:heading_at]) - 2 * (row["level"] - 1))
    assert len(starts) == 1


# --- situations in words, "and 25 more" ----------------------------------------------------

def test_a_situation_is_said_in_words():
    from cardbase.situations import describe

    text = describe({"phase": "combat", "my_turn": False, "role": "helper", "race": "elf"},
                    {"verb": "play", "card_type": "curse", "from": "hand"})
    assert text == "combat · someone else's turn · you help · race: elf: play · a curse · from your hand"
    with i18n.language("ja"):
        japanese = describe({"phase": "combat", "my_turn": False}, {"verb": "play"})
    assert "戦闘" in japanese and "他人のターン" in japanese and "{" not in japanese


def test_a_situation_never_seen_is_still_said_in_words():
    from cardbase.situations import describe

    text = describe({"phase": "second_breakfast", "asleep": False, "pie_count": 7,
                     "this_turn": {"juggled": True}, "army": ["Chaos", "Order"]},
                    {"verb": "juggle_torches", "gold": 300})
    assert "{" not in text and "'" not in text and "_" not in text and "." not in text
    for phrase in ("second breakfast", "not asleep", "pie count: 7", "this turn juggled",
                   "army: Chaos, Order", "juggle torches", "gold: 300"):
        assert phrase in text


@pytest.mark.parametrize("lang", ["es", "de", "ja", "vi"])
def test_the_checkers_state_keys_are_said_in_the_readers_language(lang):
    """Every state key the decision tables vary has words in every catalog: none of its
    English phrases is left."""
    from cardbase.situations import describe_state

    state = {"phase": "combat", "my_turn": False, "role": "helper", "dead": True,
             "hand_size": 7, "half_breed": True, "lowest_level": False,
             "combat": {"result": "won", "monsters": 1, "helpers": 1},
             "this_turn": {"door": "monster", "ran_away": True, "monster_placed_by": "ability"},
             "target_state": {"dead": True, "in_combat": False}, "hit_points": 0,
             "controller": "other", "munchkin_base_in_play": False}
    english = describe_state(state).split(" · ")
    with i18n.language(lang):
        said = describe_state(state).split(" · ")
    assert len(said) == len(english)
    assert [phrase for phrase in said if phrase in english and not phrase[-1].isdigit()] == []


@pytest.mark.parametrize("lang, more", [("es", "… y {n} más"), ("de", "… und {n} weitere"),
                                        ("ja", "…ほか {n} 件"), ("vi", "… và {n} mục nữa"),
                                        (None, "… and {n} more")])
def test_diff_prints_situations_in_words_and_says_how_many_are_left(runner, built_db, lang,
                                                                     more):
    result = runner.invoke(main, ["diff", "munchkin-es", "munchkin-ja", "--db", str(built_db)],
                           env=_env(LOCALES[lang] if lang else None))
    assert result.exit_code == 0
    data = json.loads(runner.invoke(main, ["diff", "munchkin-es", "munchkin-ja", "--json",
                                           "--db", str(built_db)]).stdout)
    left = data["differing_cells"] - min(10, len(data["examples"]))
    assert left > 0
    assert more.format(n=left) in result.stdout
    assert "{'" not in result.stdout and "'verb'" not in result.stdout


def test_table_prints_situations_in_words(runner, built_db):
    result = runner.invoke(main, ["table", "munchkin", "--db", str(built_db)],
                           env=_env("vi_VN.UTF-8"))
    assert result.exit_code == 0
    assert "{'" not in result.stdout
    assert "lượt của người khác" in result.stdout and "✓ được phép" in result.stdout


def test_a_long_list_says_how_many_are_left(capsys):
    from cardbase import render

    render._more(10, 35)
    render._more(10, 10)
    assert capsys.readouterr().out == "    … and 25 more\n"


# --- damaged sections -----------------------------------------------------------------------

def test_a_damaged_result_says_its_quality_and_flags():
    from cardbase.render import _damage

    assert _damage({"quality": 0.42, "flags": ["scrambled"]}) == "quality 42% · scrambled"
    assert _damage({"quality": 0.42, "flags": [{"flag": "truncated", "detail": "x"}]}) == \
        "quality 42% · truncated"
    assert _damage({"quality": 0.95}) is None
    with i18n.language("de"):
        assert _damage({"quality": 0.1}) == "Qualität 10% · beschädigter Text"


def test_rule_and_section_show_the_quality_of_a_damaged_section(runner, built_db):
    rows = json.loads(runner.invoke(main, ["sections", "munchkin-warhammer-aos-de", "--json",
                                           "--db", str(built_db)]).stdout)
    worst = min(rows, key=lambda r: r["quality"])
    assert worst["quality"] < 0.5
    percent = f"{worst['quality']:.0%}"
    found = runner.invoke(main, ["rule", worst["heading"], "--lang", "de", "--db",
                                 str(built_db)], env=_env("de_DE.UTF-8"))
    assert f"! Qualität {percent}" in found.stdout
    every = runner.invoke(main, ["rule", worst["heading"], "--all-languages", "--db",
                                 str(built_db)], env=_env("ja_JP.UTF-8"))
    assert f"品質 {percent}" in every.stdout
    shown = runner.invoke(main, ["section", worst["ref"], "--db", str(built_db)],
                          env=_env("vi_VN.UTF-8"))
    assert "văn bản có thể bị hỏng" in shown.stdout


# --- the lookup path stays light ----------------------------------------------------------------

def test_a_japanese_lookup_imports_neither_wcwidth_nor_babel_nor_rich(built_db, tmp_path):
    code = ("import sys\nfrom cardbase.cli import main\n"
            "try:\n    main(['rule', '戦闘', '--db', sys.argv[1]])\nexcept SystemExit:\n    pass\n"
            "print('LOADED', *sorted(m for m in sys.modules if m.split('.')[0] in "
            "('wcwidth', 'babel', 'rich')))")
    env = {"LANG": "ja_JP.UTF-8", "XDG_CACHE_HOME": str(tmp_path), "PATH": "/usr/bin:/bin",
           "PYTHONDONTWRITEBYTECODE": "1"}
    for _run in range(2):   # the first run compiles the catalogs into the cache
        out = subprocess.run([sys.executable, "-c", code, str(built_db)], env=env,
                             capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "LOADED"
    assert "戦闘" in out
