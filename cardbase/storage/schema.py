"""The database schema, declared once: every table, its columns and keys.

Tables are created from ``TABLES`` through sqlite-utils; the full-text index is an FTS5 table of
folded search terms (see ``cardbase.textkeys``) whose rowid is the section's id. ``SCHEMA_VERSION``
changes whenever a column does, so a query can refuse a database from another version with a
clear message instead of a SQL error.
"""

from __future__ import annotations

SCHEMA_VERSION = 1

# name -> (columns, primary key, foreign keys, not-null columns)
TABLES: dict[str, dict] = {
    "meta": {
        "columns": {"key": str, "value": str},
        "pk": "key",
    },
    "games": {
        "columns": {"id": str, "name": str},
        "pk": "id",
    },
    "rulebooks": {
        "columns": {
            "id": str, "game_id": str, "lang": str, "edition": str, "edition_note": str,
            "title": str, "publisher": str, "source_file": str, "sha256": str,
            "raw_text": str, "text": str, "section_count": int, "rule_section_count": int,
            "flagged_sections": int, "quality": float, "repair_count": int,
        },
        "pk": "id",
        "foreign_keys": [("game_id", "games", "id")],
    },
    "topics": {
        "columns": {"id": str, "parent_id": str, "games": str, "ordinal": int},
        "pk": "id",
    },
    "topic_titles": {
        "columns": {"topic_id": str, "lang": str, "title": str},
        "pk": ("topic_id", "lang"),
        "foreign_keys": [("topic_id", "topics", "id")],
    },
    "sections": {
        "columns": {
            "id": int, "ref": str, "rulebook_id": str, "ordinal": int, "slug": str,
            "heading": str, "heading_style": str, "level": int, "parent_ref": str, "kind": str,
            "topic_id": str, "topic_source": str, "body": str, "text_start": int,
            "text_end": int, "raw_start": int, "raw_end": int, "page": int, "quality": float,
            "flags": str, "repairs": str, "corrections": str,
        },
        "pk": "id",
        "foreign_keys": [("rulebook_id", "rulebooks", "id"), ("topic_id", "topics", "id")],
    },
    "repairs": {
        "columns": {"id": int, "rulebook_id": str, "stage": str, "raw_start": int,
                    "raw_end": int, "before": str, "after": str},
        "pk": "id",
        "foreign_keys": [("rulebook_id", "rulebooks", "id")],
    },
    "corrections": {
        "columns": {"rulebook_id": str, "id": str, "reason": str, "note": str,
                    "raw_start": int, "raw_end": int, "raw": str, "text": str},
        "pk": ("rulebook_id", "id"),
        "foreign_keys": [("rulebook_id", "rulebooks", "id")],
    },
    "pages": {
        "columns": {"rulebook_id": str, "page": int, "raw_offset": int},
        "pk": ("rulebook_id", "page", "raw_offset"),
        "foreign_keys": [("rulebook_id", "rulebooks", "id")],
    },
}

INDEXES = [
    ("sections", ["ref"], True),
    ("sections", ["rulebook_id", "ordinal"], True),
    ("sections", ["topic_id"], False),
    ("repairs", ["rulebook_id", "raw_start"], False),
]

FTS_TABLE = "section_fts"
FTS_SQL = (f"CREATE VIRTUAL TABLE {FTS_TABLE} USING fts5(heading, body, content='', "
           "tokenize='unicode61 remove_diacritics 0')")


def create(db) -> None:
    """Create every table, index and the search index in an empty sqlite-utils Database."""
    for name, spec in TABLES.items():
        db[name].create(spec["columns"], pk=spec["pk"],
                        foreign_keys=spec.get("foreign_keys", []))
    for table, columns, unique in INDEXES:
        db[table].create_index(columns, unique=unique)
    db.execute(FTS_SQL)
