"""Output that reads well in every language: tables aligned by display width."""

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
