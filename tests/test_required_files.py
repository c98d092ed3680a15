"""A build without a file it needs is refused in one line naming the file and what it is for,
with a non-zero exit, and the database already there is left as it was."""

import pytest

from cardbase.cli import main

PREVIOUS = b"the previous database"


def _speak(monkeypatch, lang: str) -> None:
    monkeypatch.setenv("LANGUAGE", lang)
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LANG", f"{lang}.UTF-8")


@pytest.mark.parametrize("relative, purpose", [
    ("glossary.yaml", "glossary"),
    ("topics.yaml", "topic vocabulary"),
    ("manifest.yaml", "manifest"),
    ("cards/munchkin.yaml", "card list of Munchkin"),
    ("cards/dungeon-mayhem.yaml", "card list of Dungeon Mayhem"),
    ("card_grammars/de.yaml", "card grammar"),
])
def test_a_missing_required_file_is_refused_by_name(runner, data_copy, tmp_path, relative,
                                                    purpose, monkeypatch):
    _speak(monkeypatch, "en")
    (data_copy / relative).unlink()
    db = tmp_path / "cardbase.db"
    db.write_bytes(PREVIOUS)
    result = runner.invoke(main, ["build", "--data", str(data_copy), "--db",
                                  str(db)])
    assert result.exit_code == 1, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert str(data_copy / relative) in lines[0]
    assert "missing" in lines[0] and purpose in lines[0], lines[0]
    assert db.read_bytes() == PREVIOUS
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cardbase.db", "data"]


def test_a_folder_in_place_of_a_required_file_is_named(runner, data_copy, tmp_path, monkeypatch):
    _speak(monkeypatch, "en")
    (data_copy / "glossary.yaml").unlink()
    (data_copy / "glossary.yaml").mkdir()
    result = runner.invoke(main, ["build", "--data", str(data_copy), "--db",
                                  str(tmp_path / "x.db")])
    assert result.exit_code == 1
    assert "glossary.yaml" in result.stderr and "folder" in result.stderr
    assert not (tmp_path / "x.db").exists()


def test_a_language_without_card_faces_needs_no_card_grammar(data_copy):
    """Only a rulebook whose outline marks card faces needs its language's card grammar."""
    (data_copy / "card_grammars" / "es.yaml").unlink()
    from cardbase.ingest import load_inputs

    _, _, inputs = load_inputs(data_copy)
    assert {item.rulebook.lang for item in inputs} >= {"es"}


def test_a_missing_file_is_named_in_the_users_language(runner, data_copy, tmp_path, monkeypatch):
    _speak(monkeypatch, "de")
    (data_copy / "glossary.yaml").unlink()
    result = runner.invoke(main, ["build", "--data", str(data_copy), "--db",
                                  str(tmp_path / "x.db")])
    assert result.exit_code == 1 and "glossary.yaml" in result.stderr
    shown = result.stderr.split("glossary.yaml", 1)[1]
    assert "missing" not in shown and "Glossar" in shown
