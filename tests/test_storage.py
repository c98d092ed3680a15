"""The database build: atomic, reproducible, and complete."""

import sqlite3

import pytest

from cardbase.errors import DataErrors
from cardbase.ingest import build_database


def test_rebuilding_gives_a_byte_identical_file(built_db, tmp_path):
    again = tmp_path / "again.db"
    build_database(_data(), again)
    assert again.read_bytes() == built_db.read_bytes()


def _data():
    from pathlib import Path

    return Path(__file__).resolve().parent.parent / "data"


def _previous_database(tmp_path, built_db):
    folder = tmp_path / "out"
    folder.mkdir()
    target = folder / "cardbase.db"
    target.write_bytes(built_db.read_bytes())
    return target


def test_bad_data_leaves_the_previous_database_untouched(data_copy, tmp_path, built_db):
    target = _previous_database(tmp_path, built_db)
    before = target.read_bytes()
    (data_copy / "topics.yaml").write_text("topics: [ {id: broken", encoding="utf-8")
    with pytest.raises(DataErrors):
        build_database(data_copy, target)
    assert target.read_bytes() == before
    assert [p.name for p in target.parent.iterdir()] == ["cardbase.db"]


def test_a_build_interrupted_while_writing_leaves_no_trace(tmp_path, built_db, monkeypatch):
    from cardbase.storage import writer

    target = _previous_database(tmp_path, built_db)
    before = target.read_bytes()

    def interrupted(db, corpus):
        db["meta"].insert({"key": "half", "value": "written"})
        raise KeyboardInterrupt

    monkeypatch.setattr(writer, "_fill", interrupted)
    with pytest.raises(KeyboardInterrupt):
        build_database(_data(), target)
    assert target.read_bytes() == before
    assert [p.name for p in target.parent.iterdir()] == ["cardbase.db"]


def test_every_section_is_stored_with_text_in_nfc_and_a_resolving_raw_span(conn):
    import unicodedata

    rows = conn.execute("SELECT s.ref, s.body, s.raw_start, s.raw_end, r.raw_text FROM sections s "
                        "JOIN rulebooks r ON r.id = s.rulebook_id").fetchall()
    assert len(rows) > 100
    for ref, body, start, end, raw in rows:
        assert unicodedata.is_normalized("NFC", body), ref
        assert 0 <= start <= end <= len(raw), ref


def test_foreign_keys_hold(built_db):
    conn = sqlite3.connect(built_db)
    assert conn.execute("PRAGMA foreign_key_check").fetchall() == []


def test_rulebooks_are_all_there_with_quality(conn):
    rows = {r["id"]: r for r in conn.execute("SELECT * FROM rulebooks")}
    assert set(rows) == {"munchkin-es", "munchkin-ja", "munchkin-warhammer-aos-de",
                         "dungeon-mayhem-es", "smashup-munchkin-vi"}
    assert rows["munchkin-warhammer-aos-de"]["flagged_sections"] > 0
    assert all(0 <= r["quality"] <= 1 for r in rows.values())
