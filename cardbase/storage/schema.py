"""The database schema, declared once: every table, its columns and keys.

Tables are created from ``TABLES`` through sqlite-utils, each with a description (shown by
Datasette through the metadata file a build writes beside the database). Links between rows are
foreign keys. The full-text index is an external-content FTS5 table over the sections' search-key
columns (folded terms and Japanese character pairs, see ``textkeys``), declared the way
sqlite-utils and Datasette detect it, so ``sqlite-utils search cardbase.db sections huir`` works
as our own search does. ``SCHEMA_VERSION`` is the database's ``PRAGMA user_version`` and changes
whenever a column does, so a query can refuse a database from another version with a clear
message instead of a SQL error.
"""

from __future__ import annotations

SCHEMA_VERSION = 8

# name -> description, columns, primary key, foreign keys
TABLES: dict[str, dict] = {
    "meta": {
        "description": "Facts about the build: the schema and cardbase versions.",
        "columns": {"key": str, "value": str},
        "pk": "key",
    },
    "games": {
        "description": "The games the rulebooks belong to (data/manifest.yaml).",
        "columns": {"id": str, "name": str},
        "pk": "id",
    },
    "rulebooks": {
        "description": "One row per rulebook: its manifest entry, the raw source text byte for "
                       "byte (raw_text) and the repaired text (text), with quality figures.",
        "label": "title",
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
        "description": "The shared topics (data/topics.yaml) that tie the same rule together "
                       "across rulebooks and languages.",
        "columns": {"id": str, "parent_id": str, "games": str, "ordinal": int},
        "pk": "id",
    },
    "topic_titles": {
        "description": "Topic titles per language: from data/topics.yaml, or a community "
                       "translation (origin).",
        "columns": {"topic_id": str, "lang": str, "title": str, "origin": str},
        "pk": ("topic_id", "lang"),
        "foreign_keys": [("topic_id", "topics", "id")],
    },
    "sections": {
        "description": "The sections of each rulebook in reading order: repaired heading and "
                       "body, their span in the repaired text and in the raw source "
                       "(raw_start..raw_end of rulebooks.raw_text), page, topic, quality and "
                       "flags. search_heading and search_body hold the full-text search keys.",
        "label": "heading",
        "columns": {
            "id": int, "ref": str, "rulebook_id": str, "ordinal": int, "slug": str,
            "heading": str, "heading_style": str, "level": int, "parent_id": int, "kind": str,
            "topic_id": str, "topic_source": str, "body": str, "text_start": int,
            "text_end": int, "raw_start": int, "raw_end": int, "page": int, "quality": float,
            "flags": str, "repairs": str, "corrections": str, "search_heading": str,
            "search_body": str,
        },
        "pk": "id",
        "foreign_keys": [("rulebook_id", "rulebooks", "id"), ("topic_id", "topics", "id"),
                         ("parent_id", "sections", "id")],
    },
    "repairs": {
        "description": "Every change the normalisation made, by stage, with its raw span and "
                       "the text before and after.",
        "columns": {"id": int, "rulebook_id": str, "stage": str, "raw_start": int,
                    "raw_end": int, "before": str, "after": str},
        "pk": "id",
        "foreign_keys": [("rulebook_id", "rulebooks", "id")],
    },
    "corrections": {
        "description": "Human corrections of passages no algorithm can repair "
                       "(data/overlays/), with the raw passage each replaces.",
        "columns": {"rulebook_id": str, "id": str, "reason": str, "note": str,
                    "raw_start": int, "raw_end": int, "raw": str, "text": str},
        "pk": ("rulebook_id", "id"),
        "foreign_keys": [("rulebook_id", "rulebooks", "id")],
    },
    "pages": {
        "description": "Where each printed page begins in the raw source.",
        "columns": {"rulebook_id": str, "page": int, "raw_offset": int},
        "pk": ("rulebook_id", "page", "raw_offset"),
        "foreign_keys": [("rulebook_id", "rulebooks", "id")],
    },
    "cards": {
        "description": "One record per card (data/cards/); its names and facts are in "
                       "card_names and card_facts.",
        "columns": {"id": str, "game_id": str, "type": str, "counterparts": str, "note": str,
                    "source": str},
        "pk": "id",
        "foreign_keys": [("game_id", "games", "id")],
    },
    "card_counterparts": {
        "description": "The same card in another game.",
        "columns": {"card_id": str, "other_id": str},
        "pk": ("card_id", "other_id"),
        "foreign_keys": [("card_id", "cards", "id"), ("other_id", "cards", "id")],
    },
    "card_names": {
        "description": "A card's names in every language, each with the rulebook and the exact "
                       "quote it rests on (raw_start..raw_end of rulebooks.raw_text), or marked "
                       "as our own (ours).",
        "columns": {"id": int, "card_id": str, "lang": str, "name": str, "key": str,
                    "kind": str, "ours": int, "origin": str, "rulebook_id": str, "quote": str,
                    "raw_start": int, "raw_end": int},
        "pk": "id",
        "foreign_keys": [("card_id", "cards", "id"), ("rulebook_id", "rulebooks", "id")],
    },
    "card_facts": {
        "description": "A card's stats and texts, each with the quote it rests on.",
        "columns": {"id": int, "card_id": str, "field": str, "value": str, "lang": str,
                    "ours": int, "origin": str, "rulebook_id": str, "quote": str,
                    "raw_start": int, "raw_end": int},
        "pk": "id",
        "foreign_keys": [("card_id", "cards", "id"), ("rulebook_id", "rulebooks", "id")],
    },
    "terms": {
        "description": "Glossary terms (data/glossary.yaml).",
        "columns": {"id": str, "note": str, "ordinal": int},
        "pk": "id",
    },
    "term_words": {
        "description": "A glossary term's words in every language.",
        "columns": {"id": int, "term_id": str, "lang": str, "word": str, "key": str,
                    "ours": int, "ordinal": int},
        "pk": "id",
        "foreign_keys": [("term_id", "terms", "id")],
    },
    "word_forms": {
        "description": "Inflected forms of the words the rulebooks use, with the word's lemma "
                       "(from simplemma's dictionaries), both folded: a query's 'muero' finds "
                       "the sections holding forms of 'morir'.",
        "columns": {"lang": str, "form": str, "lemma": str},
        "pk": ("form", "lang", "lemma"),
    },
    "word_stems": {
        "description": "The Snowball stem (PyStemmer) of every folded word the build met (the "
                       "rulebooks' words, their inflected forms, the glossary's words) in each "
                       "language with a stemmer (empty where the stem is the word itself): a query "
                       "finds its words' stems here and loads the stemmer only for a word none "
                       "of these holds.",
        "columns": {"word": str, "es": str, "de": str, "en": str},  # STEM_COLUMNS
        "pk": "word",
    },
    "common_words": {
        "description": "The rulebooks' words that are among the most frequent of their "
                       "language (wordfreq): a query does not require them to match.",
        "columns": {"lang": str, "word": str},
        "pk": ("word", "lang"),
    },
    "term_sections": {
        "description": "The sections that define a glossary term.",
        "columns": {"term_id": str, "section_id": int},
        "pk": ("term_id", "section_id"),
        "foreign_keys": [("term_id", "terms", "id"), ("section_id", "sections", "id")],
    },
    "translations": {
        "description": "Community translations from the content catalogs "
                       "(locales/<lang>/LC_MESSAGES/content.po), by context; fuzzy when the "
                       "source changed since.",
        "columns": {"lang": str, "context": str, "source_hash": str, "text": str, "fuzzy": int},
        "pk": ("lang", "context"),
    },
    "section_translations": {
        "description": "Community translations of whole sections, kept apart from the "
                       "published rulebooks.",
        "columns": {"section_id": int, "lang": str, "text": str, "fuzzy": int},
        "pk": ("section_id", "lang"),
        "foreign_keys": [("section_id", "sections", "id")],
    },
    "mentions": {
        "description": "The cards and glossary terms each section names, with their span in "
                       "the section's body.",
        "columns": {"id": int, "section_id": int, "kind": str, "target_id": str,
                    "start": int, "end": int, "surface": str},
        "pk": "id",
        "foreign_keys": [("section_id", "sections", "id")],
    },
    "rules": {
        "description": "The rules checker's rules (cardbase/rules/): id, the games it belongs "
                       "to, its statement, the rules it overrides.",
        "label": "statement",
        "columns": {"id": str, "games": str, "statement": str, "overrides": str,
                    "restriction": int},
        "pk": "id",
    },
    "rule_citations": {
        "description": "The exact quote of each rulebook that states a rule, located in its "
                       "section and in the raw source (raw_start..raw_end of "
                       "rulebooks.raw_text); lacks names the fact of the sentence the rule "
                       "cannot see where it decides the quote only in part.",
        "columns": {"id": int, "rule_id": str, "rulebook_id": str, "quote": str, "lacks": str,
                    "section_id": int, "raw_start": int, "raw_end": int},
        "pk": "id",
        "foreign_keys": [("rule_id", "rules", "id"), ("rulebook_id", "rulebooks", "id"),
                         ("section_id", "sections", "id")],
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
    ("sections", ["parent_id"], False),
    ("term_sections", ["section_id"], False),
    ("rule_citations", ["rule_id"], False),
    ("rule_citations", ["rulebook_id"], False),
]

#: the languages ``word_stems`` has a column for: ``search.analysis.STEM_LANGUAGES``
STEM_COLUMNS = ("es", "de", "en")

FTS_TABLE = "section_fts"
#: External content over the sections' search-key columns: the index stores no text of its own,
#: and sqlite-utils and Datasette find it through ``content=`` (``Table.detect_fts``). The keys are
#: folded already; ``remove_diacritics 2`` folds what another tool types the same way.
FTS_SQL = (f"CREATE VIRTUAL TABLE {FTS_TABLE} USING fts5(search_heading, search_body, "
           'content="sections", content_rowid="id", tokenize="unicode61 remove_diacritics 2")')
#: every term of the section index with the number of sections holding it: the vocabulary a
#: misspelt query word is corrected against
VOCAB_TABLE = "section_vocab"
VOCAB_SQL = f"CREATE VIRTUAL TABLE {VOCAB_TABLE} USING fts5vocab({FTS_TABLE}, 'row')"
#: card name keys by character trigrams: candidates for a misspelt name
NAME_FTS_TABLE = "card_name_fts"
NAME_FTS_SQL = (f"CREATE VIRTUAL TABLE {NAME_FTS_TABLE} USING fts5(key, content='', "
                "tokenize='trigram')")
#: how many names each trigram occurs in: a misspelt query keeps only its rarest trigrams
NAME_VOCAB_TABLE = "card_name_vocab"
NAME_VOCAB_SQL = f"CREATE VIRTUAL TABLE {NAME_VOCAB_TABLE} USING fts5vocab({NAME_FTS_TABLE}, 'row')"


def create(db) -> None:
    """Create every table, index and the search index in an empty sqlite-utils Database."""
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    for name, spec in TABLES.items():
        db[name].create(spec["columns"], pk=spec["pk"],
                        foreign_keys=spec.get("foreign_keys", []))
    for table, columns, unique in INDEXES:
        db[table].create_index(columns, unique=unique)
    db.execute(FTS_SQL)
    db.execute(VOCAB_SQL)
    db.execute(NAME_FTS_SQL)
    db.execute(NAME_VOCAB_SQL)


def datasette_metadata(database_name: str) -> dict:
    """Datasette's metadata for a cardbase database: what each table is and where its text
    comes from (``datasette cardbase.db --metadata cardbase.metadata.json``)."""
    tables = {}
    for name, spec in TABLES.items():
        table = {"description": spec["description"]}
        if "label" in spec:
            table["label_column"] = spec["label"]
        tables[name] = table
    tables[FTS_TABLE] = {"hidden": True}
    for suffix in ("data", "idx", "docsize", "config"):
        tables[f"{FTS_TABLE}_{suffix}"] = {"hidden": True}
    for hidden in (VOCAB_TABLE, NAME_FTS_TABLE, NAME_VOCAB_TABLE):
        tables[hidden] = {"hidden": True}
    for suffix in ("data", "idx", "docsize", "config", "content"):
        tables[f"{NAME_FTS_TABLE}_{suffix}"] = {"hidden": True}
    return {
        "title": "cardbase",
        "description": "Munchkin-family rulebooks in several languages, repaired and split into "
                       "sections, with cards, glossary, the rules checker's rules and community "
                       "translations. Every text keeps its span in the raw source.",
        "databases": {database_name: {"tables": tables}},
    }
