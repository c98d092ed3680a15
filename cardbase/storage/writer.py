"""Writing an ingested corpus to SQLite, atomically and reproducibly.

The database is written to a temporary file in the target's folder and renamed over the target
only once complete, so readers never see half a database and a failed build changes nothing. The
temporary file is named after the process writing it, so a build that was killed leaves a file
the next build recognises as abandoned and removes. Rows are inserted in a fixed order and nothing
time-dependent is stored, so building the same inputs twice gives byte-identical files. Beside
the database the build writes Datasette's metadata (``<name>.metadata.json``).

What other packages compute for the database (community translations, the rules checker's rules
and their located quotes) reaches the writer as rows the pipeline hands it: storage depends on no
other part of cardbase's logic.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

from .. import __version__
from ..errors import CardbaseError
from ..search.analysis import (LEMMA_LANGUAGES, common_words, index_extras, lemma, stem_table,
                               printed_words, word_forms)
from ..search.textkeys import fold, index_text, is_cjk_char, search_tokens, tool_keys
from . import schema
from ..atomic import remove_abandoned, staging_name

#: rows computed from the written database by another package: (connection) -> rows
RowSource = Callable[[sqlite3.Connection], list[dict]]


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


def _fill(db, corpus, translations: RowSource | None, rules: list[dict]) -> None:
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
    lemmas: dict[str, set[str]] = {}
    printed: dict[str, set[str]] = {}
    for item in corpus.rulebooks:
        db["rulebooks"].insert(_rulebook_row(item))
        rows, ids = [], {}
        for section in item.sections:
            section_id += 1
            ids[section.ordinal] = section_id
        by_slug = {s.slug: ids[s.ordinal] for s in item.sections}
        lang = item.rulebook.lang
        vocabulary = {word for s in item.sections for word in
                      search_tokens(fold(s.heading + " " + s.body)) if word.isalpha()}
        printed.setdefault(lang, set()).update(
            word for s in item.sections for word in printed_words(s.heading + " " + s.body))
        if lang in LEMMA_LANGUAGES:
            lemmas.setdefault(lang, set()).update(
                lemma(word, lang) for s in item.sections
                for word in printed_words(s.heading + " " + s.body))
        for section in item.sections:
            rows.append({
                "id": ids[section.ordinal], "ref": f"{section.rulebook_id}/{section.slug}",
                "rulebook_id": section.rulebook_id, "ordinal": section.ordinal,
                "slug": section.slug, "heading": section.heading,
                "heading_style": section.heading_style, "level": section.level,
                "parent_id": by_slug.get(section.parent_slug) if section.parent_slug else None,
                "kind": section.kind, "topic_id": section.topic_id,
                "topic_source": section.topic_source, "body": section.body,
                "text_start": section.start, "text_end": section.end,
                "raw_start": section.raw_start, "raw_end": section.raw_end,
                "page": section.page, "quality": section.quality,
                "flags": _dumps(section.flags), "repairs": _dumps(section.repairs),
                "corrections": _dumps(section.corrections),
                "search_heading": _search_keys(section.heading, lang, vocabulary),
                "search_body": _search_keys(section.body, lang, vocabulary),
            })
        db["sections"].insert_all(rows)
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
    for lang in sorted(printed):
        db["common_words"].insert_all({"lang": lang, "word": word}
                                      for word in common_words(lang, printed[lang]))
    for lang in sorted(lemmas):
        db["word_forms"].insert_all({"lang": lang, "form": form, "lemma": base}
                                    for form, base in word_forms(lang, lemmas[lang]))
    _fill_cards(db, corpus)
    _fill_glossary(db, corpus)
    _fill_stems(db)
    _fill_rules(db, rules)
    db.conn.execute(f"INSERT INTO {schema.FTS_TABLE}({schema.FTS_TABLE}) VALUES ('rebuild')")
    if translations is not None:
        _fill_translations(db, translations(db.conn))


def _fill_stems(db) -> None:
    """The stems of every Latin-script word of the sections' search keys, the word forms and
    the glossary, for queries to look up instead of loading the stemmer."""
    words: set[str] = set()
    for (text,) in db.conn.execute(
            "SELECT search_heading || ' ' || search_body FROM sections "
            "UNION ALL SELECT word FROM term_words UNION ALL SELECT form FROM word_forms"):
        words.update(w for w in fold(text).split()
                     if len(w) >= 3 and w.isalpha() and not any(map(is_cjk_char, w)))
    db["word_stems"].insert_all(stem_table(words))


def _search_keys(text: str, lang: str, vocabulary: set[str]) -> str:
    """What the full-text index holds for ``text``: our folded terms, then what a reader may
    type instead (stems, compound parts, Japanese dictionary forms and readings: see
    ``search.analysis``), then the words other tools' queries fold differently (``đánh``), so
    that they find the section too."""
    return " ".join(part for part in (index_text(text), " ".join(index_extras(text, lang, vocabulary)),
                                      tool_keys(text)) if part)


def _fill_rules(db, rules: list[dict]) -> None:
    """The rules checker's rules and their citations, located at build time."""
    refs = {row["ref"]: row["id"] for row in db.query("SELECT id, ref FROM sections")}
    citations = []
    for rule in rules:
        db["rules"].insert({"id": rule["id"], "games": _dumps(rule["games"]),
                            "statement": rule["statement"], "overrides": _dumps(rule["overrides"]),
                            "restriction": int(rule["restriction"])})
        for cite in rule["citations"]:
            citations.append({"id": len(citations) + 1, "rule_id": rule["id"],
                              "rulebook_id": cite["rulebook"], "quote": cite["quote"],
                              "lacks": cite.get("lacks"),
                              "section_id": refs.get(cite["section"]),
                              "raw_start": cite["raw_start"], "raw_end": cite["raw_end"]})
    db["rule_citations"].insert_all(citations)


def _fill_translations(db, rows: list[dict]) -> None:
    """Community translations: kept as they are, and filling what no published text gives."""
    conn = db.conn
    db["translations"].insert_all(rows)
    for row in rows:
        kind, _, rest = row["context"].partition(":")
        lang, text = row["lang"], row["text"].strip()
        if kind == "topic":
            if not conn.execute("SELECT 1 FROM topic_titles WHERE topic_id = ? AND lang = ?",
                                (rest, lang)).fetchone():
                db["topic_titles"].insert({"topic_id": rest, "lang": lang, "title": text,
                                           "origin": "community"})
        elif kind == "term":
            if not conn.execute("SELECT 1 FROM term_words WHERE term_id = ? AND lang = ?",
                                (rest, lang)).fetchone():
                words = [w.strip() for w in text.split(",") if w.strip()]
                db["term_words"].insert_all(
                    {"term_id": rest, "lang": lang, "word": w, "key": " ".join(fold(w).split()),
                     "ours": 1, "ordinal": i} for i, w in enumerate(words))
        elif kind == "card" and rest.endswith(":name"):
            card_id = rest[:-len(":name")]
            if not conn.execute("SELECT 1 FROM card_names WHERE card_id = ? AND lang = ?",
                                (card_id, lang)).fetchone():
                db["card_names"].insert({"card_id": card_id, "lang": lang, "name": text,
                                         "key": " ".join(fold(text).split()), "kind": "name",
                                         "ours": 1, "origin": "community"})
        elif kind == "section":
            section = conn.execute("SELECT id FROM sections WHERE ref = ?", (rest,)).fetchone()
            if section:
                db["section_translations"].insert({"section_id": section[0], "lang": lang,
                                                   "text": text, "fuzzy": row["fuzzy"]})


def _source_columns(fact) -> dict:
    span = fact.raw_span or (None, None)
    return {"ours": int(fact.ours), "origin": fact.origin, "rulebook_id": fact.rulebook,
            "quote": fact.quote, "raw_start": span[0], "raw_end": span[1]}


def _fill_cards(db, corpus) -> None:
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
    words = []
    section_ids = dict(db.execute("SELECT ref, id FROM sections").fetchall())
    for ordinal, term in enumerate(corpus.glossary):
        db["terms"].insert({"id": term.id, "note": term.note, "ordinal": ordinal})
        for lang, values in term.words.items():
            for position, word in enumerate(values):
                words.append({"id": len(words) + 1, "term_id": term.id, "lang": lang,
                              "word": word, "key": " ".join(fold(word).split()),
                              "ours": int(term.is_ours(lang, word)), "ordinal": position})
        db["term_sections"].insert_all({"term_id": term.id, "section_id": section_ids[ref]}
                                       for ref in dict.fromkeys(term.defined_in))
    db["term_words"].insert_all(words)


def write_database(corpus, db_path: Path, *, translations: RowSource | None = None,
                   rules: list[dict] = ()) -> None:
    """Write ``corpus`` to ``db_path``, replacing it only when the new file is complete.

    ``translations`` reads the community translations against the sources being written;
    ``rules`` are the rules checker's rules with their located citations.
    """
    import sqlite_utils

    db_path = Path(os.path.abspath(db_path))
    db_path.parent.mkdir(parents=True, exist_ok=True)
    remove_abandoned(db_path)
    temp = staging_name(db_path)
    try:
        conn = sqlite3.connect(temp)
        try:
            db = sqlite_utils.Database(conn)
            conn.execute("PRAGMA journal_mode=OFF")
            with conn:
                schema.create(db)
                _fill(db, corpus, translations, list(rules))
                conn.execute(f"INSERT INTO {schema.FTS_TABLE}({schema.FTS_TABLE}) "
                             "VALUES ('optimize')")
            conn.execute("VACUUM")
        finally:
            conn.close()
        _write_metadata(db_path)
        os.replace(temp, db_path)
    except sqlite3.Error as exc:
        raise CardbaseError(f"could not write the database: {exc}", path=str(db_path),
                            stage="storage") from exc
    finally:
        if temp.exists():
            temp.unlink()


def metadata_path(db_path: Path) -> Path:
    """Where Datasette's metadata for ``db_path`` is written (``cardbase.metadata.json``)."""
    return db_path.with_name(f"{db_path.stem}.metadata.json")


def _write_metadata(db_path: Path) -> None:
    target = metadata_path(db_path)
    temp = staging_name(target)
    temp.write_text(json.dumps(schema.datasette_metadata(db_path.stem), ensure_ascii=False,
                               indent=2) + "\n", encoding="utf-8")
    os.replace(temp, target)
