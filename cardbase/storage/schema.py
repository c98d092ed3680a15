"""The database schema, declared once: every table, its columns and keys.

Tables are created from ``TABLES`` through sqlite-utils; the full-text index is an FTS5 table of
folded search terms (see ``cardbase.textkeys``) whose rowid is the section's id. ``SCHEMA_VERSION``
changes whenever a column does, so a query can refuse a database from another version with a
clear message instead of a SQL error.
"""

from __future__ import annotations

SCHEMA_VERSION = 4

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
        "columns": {"topic_id": str, "lang": str, "title": str, "origin": str},
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
    "cards": {
        "columns": {"id": str, "game_id": str, "type": str, "counterparts": str, "note": str,
                    "source": str},
        "pk": "id",
        "foreign_keys": [("game_id", "games", "id")],
    },
    "card_counterparts": {
        "columns": {"card_id": str, "other_id": str},
        "pk": ("card_id", "other_id"),
        "foreign_keys": [("card_id", "cards", "id"), ("other_id", "cards", "id")],
    },
    "card_names": {
        "columns": {"id": int, "card_id": str, "lang": str, "name": str, "key": str,
                    "kind": str, "ours": int, "origin": str, "rulebook_id": str, "quote": str,
                    "raw_start": int, "raw_end": int},
        "pk": "id",
        "foreign_keys": [("card_id", "cards", "id"), ("rulebook_id", "rulebooks", "id")],
    },
    "card_facts": {
        "columns": {"id": int, "card_id": str, "field": str, "value": str, "lang": str,
                    "ours": int, "origin": str, "rulebook_id": str, "quote": str,
                    "raw_start": int, "raw_end": int},
        "pk": "id",
        "foreign_keys": [("card_id", "cards", "id"), ("rulebook_id", "rulebooks", "id")],
    },
    "terms": {
        "columns": {"id": str, "note": str, "ordinal": int},
        "pk": "id",
    },
    "term_words": {
        "columns": {"id": int, "term_id": str, "lang": str, "word": str, "key": str,
                    "ours": int, "ordinal": int},
        "pk": "id",
        "foreign_keys": [("term_id", "terms", "id")],
    },
    "term_sections": {
        "columns": {"term_id": str, "section_ref": str},
        "pk": ("term_id", "section_ref"),
        "foreign_keys": [("term_id", "terms", "id")],
    },
    "translations": {
        "columns": {"lang": str, "context": str, "source_hash": str, "text": str, "fuzzy": int},
        "pk": ("lang", "context"),
    },
    "section_translations": {
        "columns": {"section_id": int, "lang": str, "text": str, "fuzzy": int},
        "pk": ("section_id", "lang"),
        "foreign_keys": [("section_id", "sections", "id")],
    },
    "mentions": {
        "columns": {"id": int, "section_id": int, "kind": str, "target_id": str,
                    "start": int, "end": int, "surface": str},
        "pk": "id",
        "foreign_keys": [("section_id", "sections", "id")],
    },
}

INDEXES = [
    ("sections", ["ref"], True),
    ("sections", ["rulebook_id", "ordinal"], True),
    ("sections", ["topic_id"], False),
    ("repairs", ["rulebook_id", "raw_start"], False),
    ("card_names", ["key"], False),
    ("card_counterparts", ["other_id"], False),
    ("card_names", ["card_id"], False),
    ("card_facts", ["card_id"], False),
    ("term_words", ["key"], False),
    ("mentions", ["kind", "target_id"], False),
    ("mentions", ["section_id"], False),
]

FTS_TABLE = "section_fts"
FTS_SQL = (f"CREATE VIRTUAL TABLE {FTS_TABLE} USING fts5(heading, body, content='', "
           "tokenize='unicode61 remove_diacritics 0')")
#: card name keys by character trigrams: candidates for a misspelt name
NAME_FTS_TABLE = "card_name_fts"
NAME_FTS_SQL = (f"CREATE VIRTUAL TABLE {NAME_FTS_TABLE} USING fts5(key, content='', "
                "tokenize='trigram')")
#: how many names each trigram occurs in: a misspelt query keeps only its rarest trigrams
NAME_VOCAB_TABLE = "card_name_vocab"
NAME_VOCAB_SQL = f"CREATE VIRTUAL TABLE {NAME_VOCAB_TABLE} USING fts5vocab({NAME_FTS_TABLE}, 'row')"


def create(db) -> None:
    """Create every table, index and the search index in an empty sqlite-utils Database."""
    for name, spec in TABLES.items():
        db[name].create(spec["columns"], pk=spec["pk"],
                        foreign_keys=spec.get("foreign_keys", []))
    for table, columns, unique in INDEXES:
        db[table].create_index(columns, unique=unique)
    db.execute(FTS_SQL)
    db.execute(NAME_FTS_SQL)
    db.execute(NAME_VOCAB_SQL)
