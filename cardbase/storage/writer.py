"""Writing an ingested corpus to SQLite, atomically and reproducibly.

The database is written to a temporary file in the target's folder and renamed over the target
only once complete, so readers never see half a database and a failed build changes nothing.
Rows are inserted in a fixed order and nothing time-dependent is stored, so building the same
inputs twice gives byte-identical files.
"""

from __future__ import annotations

import json
import os
import sqlite3
import tempfile
from pathlib import Path

from .. import __version__
from ..errors import CardbaseError
from ..search.textkeys import index_text
from . import schema


def _dumps(value) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _rulebook_row(item) -> dict:
    rulebook, sections = item.rulebook, item.sections
    rules = [s for s in sections if s.is_rule]
    weight = sum(max(1, len(s.body)) for s in rules) or 1
    quality = sum(s.quality * max(1, len(s.body)) for s in rules) / weight if rules else 1.0
    return {
        "id": rulebook.id, "game_id": rulebook.game, "lang": rulebook.lang,
        "edition": rulebook.edition, "edition_note": rulebook.edition_note,
        "title": rulebook.title, "publisher": rulebook.publisher,
        "source_file": rulebook.file.as_posix(), "sha256": rulebook.sha256,
        "raw_text": item.normalised.raw, "text": item.normalised.text,
        "section_count": len(sections), "rule_section_count": len(rules),
        "flagged_sections": sum(1 for s in sections
                                if any(f["flag"] != "corrected" for f in s.flags)),
        "quality": round(quality, 3), "repair_count": len(item.normalised.changes),
    }


def _fill(db, corpus) -> None:
    db["meta"].insert_all([{"key": "schema_version", "value": str(schema.SCHEMA_VERSION)},
                           {"key": "cardbase_version", "value": __version__}])
    db["games"].insert_all({"id": k, "name": v} for k, v in corpus.manifest.games.items())
    topics = list(corpus.vocabulary.topics.values())
    db["topics"].insert_all({"id": t.id, "parent_id": t.parent, "games": _dumps(list(t.games)),
                             "ordinal": i} for i, t in enumerate(topics))
    db["topic_titles"].insert_all({"topic_id": t.id, "lang": lang, "title": title,
                                   "origin": "vocabulary"}
                                  for t in topics for lang, title in sorted(t.titles.items()))
    section_id = 0
    for item in corpus.rulebooks:
        db["rulebooks"].insert(_rulebook_row(item))
        rows, search, ids = [], [], {}
        for section in item.sections:
            section_id += 1
            ids[section.ordinal] = section_id
            rows.append({
                "id": section_id, "ref": f"{section.rulebook_id}/{section.slug}",
                "rulebook_id": section.rulebook_id, "ordinal": section.ordinal,
                "slug": section.slug, "heading": section.heading,
                "heading_style": section.heading_style, "level": section.level,
                "parent_ref": f"{section.rulebook_id}/{section.parent_slug}"
                if section.parent_slug else None,
                "kind": section.kind, "topic_id": section.topic_id,
                "topic_source": section.topic_source, "body": section.body,
                "text_start": section.start, "text_end": section.end,
                "raw_start": section.raw_start, "raw_end": section.raw_end,
                "page": section.page, "quality": section.quality,
                "flags": _dumps(section.flags), "repairs": _dumps(section.repairs),
                "corrections": _dumps(section.corrections),
            })
            search.append((section_id, index_text(section.heading), index_text(section.body)))
        db["sections"].insert_all(rows)
        db.conn.executemany(f"INSERT INTO {schema.FTS_TABLE}(rowid, heading, body) VALUES (?, ?, ?)",
                            search)
        db["repairs"].insert_all(
            {"rulebook_id": item.rulebook.id, "stage": c.stage, "raw_start": c.raw_start,
             "raw_end": c.raw_end, "before": c.before, "after": c.after}
            for c in item.normalised.changes)
        db["corrections"].insert_all(
            {"rulebook_id": item.rulebook.id, "id": c.id, "reason": c.reason, "note": c.note,
             "raw_start": c.raw_start, "raw_end": c.raw_end, "raw": c.raw, "text": c.text}
            for c in item.normalised.corrections)
        db["pages"].insert_all({"rulebook_id": item.rulebook.id, "page": page, "raw_offset": offset}
                               for offset, page in item.normalised.pages)
        db["mentions"].insert_all(
            {"section_id": ids[section.ordinal], "kind": m.kind, "target_id": m.target,
             "start": m.start, "end": m.end, "surface": m.surface}
            for section in item.sections
            for m in corpus.mentions.get((item.rulebook.id, section.ordinal), []))
    _fill_cards(db, corpus)
    _fill_glossary(db, corpus)
    if corpus.locales is not None:
        from ..translate.store import fill

        fill(db, corpus.locales)


def _source_columns(fact) -> dict:
    span = fact.raw_span or (None, None)
    return {"ours": int(fact.ours), "origin": fact.origin, "rulebook_id": fact.rulebook,
            "quote": fact.quote, "raw_start": span[0], "raw_end": span[1]}


def _fill_cards(db, corpus) -> None:
    from ..search.textkeys import fold

    names, facts, search = [], [], []
    for card in corpus.catalog.cards:
        db["cards"].insert({"id": card.id, "game_id": card.game, "type": card.type,
                            "counterparts": _dumps(card.counterparts), "note": card.note,
                            "source": f"{card.path}:{card.line}" if card.line else card.path})
        for fact in card.facts:
            if fact.field in ("name", "alias"):
                key = " ".join(fold(str(fact.value)).split())
                names.append({"id": len(names) + 1, "card_id": card.id, "lang": fact.lang,
                              "name": fact.value, "key": key, "kind": fact.field,
                              **_source_columns(fact)})
                search.append((len(names), key))
            else:
                facts.append({"id": len(facts) + 1, "card_id": card.id, "field": fact.field,
                              "value": _dumps(fact.value), "lang": fact.lang,
                              **_source_columns(fact)})
    db["card_names"].insert_all(names)
    db["card_counterparts"].insert_all(
        {"card_id": card.id, "other_id": other} for card in corpus.catalog.cards
        for other in dict.fromkeys(card.counterparts))
    db["card_facts"].insert_all(facts)
    db.conn.executemany(f"INSERT INTO {schema.NAME_FTS_TABLE}(rowid, key) VALUES (?, ?)", search)


def _fill_glossary(db, corpus) -> None:
    from ..search.textkeys import fold

    words = []
    for ordinal, term in enumerate(corpus.glossary):
        db["terms"].insert({"id": term.id, "note": term.note, "ordinal": ordinal})
        for lang, values in term.words.items():
            for position, word in enumerate(values):
                words.append({"id": len(words) + 1, "term_id": term.id, "lang": lang,
                              "word": word, "key": " ".join(fold(word).split()),
                              "ours": int(term.is_ours(lang, word)), "ordinal": position})
        db["term_sections"].insert_all({"term_id": term.id, "section_ref": ref}
                                       for ref in dict.fromkeys(term.defined_in))
    db["term_words"].insert_all(words)


def write_database(corpus, db_path: Path) -> None:
    """Write ``corpus`` to ``db_path``, replacing it only when the new file is complete."""
    import sqlite_utils

    db_path = Path(db_path)
    folder = db_path.parent if str(db_path.parent) else Path(".")
    folder.mkdir(parents=True, exist_ok=True)
    handle, temp_name = tempfile.mkstemp(prefix=f".{db_path.name}.", suffix=".tmp", dir=folder)
    os.close(handle)
    os.unlink(temp_name)
    try:
        conn = sqlite3.connect(temp_name)
        try:
            db = sqlite_utils.Database(conn)
            conn.execute("PRAGMA journal_mode=OFF")
            with conn:
                schema.create(db)
                _fill(db, corpus)
                conn.execute(f"INSERT INTO {schema.FTS_TABLE}({schema.FTS_TABLE}) "
                             "VALUES ('optimize')")
            conn.execute("VACUUM")
        finally:
            conn.close()
        os.replace(temp_name, db_path)
    except sqlite3.Error as exc:
        raise CardbaseError(f"could not write the database: {exc}", path=str(db_path),
                            stage="storage") from exc
    finally:
        if os.path.exists(temp_name):
            os.unlink(temp_name)
