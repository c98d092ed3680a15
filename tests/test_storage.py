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

    def interrupted(db, corpus, *handed):
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


def test_the_schema_version_is_sqlites_user_version(conn):
    from cardbase.storage.schema import SCHEMA_VERSION

    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_every_link_between_rows_is_a_foreign_key_that_holds(built_db):
    import sqlite_utils

    db = sqlite_utils.Database(built_db)
    links = {(fk.table, fk.column, fk.other_table) for table in db.tables
             for fk in table.foreign_keys}
    assert {("sections", "parent_id", "sections"), ("term_sections", "section_id", "sections"),
            ("rule_citations", "rule_id", "rules"),
            ("rule_citations", "section_id", "sections")} <= links
    assert db.execute("PRAGMA foreign_key_check").fetchall() == []


@pytest.mark.parametrize("query, expected", [
    ("huir", "munchkin-es"), ("戦闘", "munchkin-ja"), ("quái", "smashup-munchkin-vi"),
    ("quai", "smashup-munchkin-vi"), ("đánh", "smashup-munchkin-vi"), ("Stufe", None)])
def test_sqlite_utils_finds_the_search_index_and_searches_it(built_db, query, expected):
    import sqlite_utils

    db = sqlite_utils.Database(built_db)
    assert db["sections"].detect_fts() == "section_fts"
    rows = list(db["sections"].search(query, columns=["ref", "heading", "body"]))
    assert rows, query
    if expected:
        assert any(row["ref"].startswith(expected + "/") for row in rows)
    assert all(row["body"] and row["heading"] is not None for row in rows)


def test_the_rules_and_their_quotes_are_in_the_database(conn):
    rules = conn.execute("SELECT count(*) FROM rules").fetchone()[0]
    assert rules > 50
    unlocated = conn.execute(
        "SELECT c.rule_id, c.rulebook_id, c.quote FROM rule_citations c "
        "WHERE c.section_id IS NULL OR c.raw_start IS NULL").fetchall()
    assert [tuple(row) for row in unlocated] == []
    for quote, start, end, raw in conn.execute(
            "SELECT c.quote, c.raw_start, c.raw_end, r.raw_text FROM rule_citations c "
            "JOIN rulebooks r ON r.id = c.rulebook_id"):
        assert 0 <= start < end <= len(raw)


def test_datasette_metadata_describes_every_table(tmp_path, built_db):
    import json

    from cardbase.storage.schema import TABLES
    from cardbase.storage.writer import metadata_path

    metadata = json.loads(metadata_path(built_db).read_text(encoding="utf-8"))
    tables = metadata["databases"][built_db.stem]["tables"]
    for name in TABLES:
        assert tables[name]["description"], name
    assert tables["section_fts"]["hidden"] is True


@pytest.mark.parametrize("value", [
    7, -2.5, "a \"quoted\" \\ word\nüber 🎲", True, False, None, [], {}, ["cleric"],
    {"z": [1, {"b": None}], "a": "é"}, [[1, 2], "x", [True]],
])
def test_json_value_decodes_as_the_json_module_does(value):
    """Card facts are decoded by SQLite's JSON functions on the lookup path: values of every
    JSON type, nested, with escapes and characters outside the BMP, come back as json.loads
    gives them (types too: true is True, not 1; key order kept)."""
    import json
    import sqlite3

    from cardbase.storage.queries import json_value

    conn = sqlite3.connect(":memory:")
    for text in (json.dumps(value, ensure_ascii=False), json.dumps(value)):
        decoded = json_value(conn, text)
        assert decoded == json.loads(text)
        assert type(decoded) is type(value)
        if isinstance(value, dict):
            assert list(decoded) == list(value)
