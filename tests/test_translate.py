"""Translations: catalogs in, a new language end to end, nothing lost when sources change."""

import shutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from cardbase.errors import DataErrors
from cardbase.translate import workflow
from cardbase.translate.catalogs import catalog_path, read

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def locales(tmp_path) -> Path:
    target = tmp_path / "locales"
    shutil.copytree(ROOT / "locales", target)
    return target


def translate(path: Path, lang: str, entries: dict, fuzzy: bool = False) -> None:
    """Fill some entries of a catalog, as a translator would in Poedit."""
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    for (context, msgid), text in entries.items():
        message = catalog.get(msgid, context)
        assert message is not None, (context, msgid)
        message.string = text
        if fuzzy:
            message.flags.add("fuzzy")
    with path.open("wb") as handle:
        write_po(handle, catalog)


def test_init_creates_both_catalogs_and_refuses_to_overwrite(conn, locales):
    paths = workflow.init(conn, locales, "fr")
    assert [p.name for p in paths] == ["cardbase.po", "content.po"]
    content = read(paths[1], "fr")
    contexts = {m.context for m in content if m.id}
    assert {"topic:running-away", "term:level", "card:mace-of-sharpness:name",
            "section:munchkin-es/huir"} <= contexts
    assert all(any(c.startswith("source-hash: ") for c in m.auto_comments)
               for m in content if m.id)
    from cardbase.errors import QueryError
    with pytest.raises(QueryError, match="exists already"):
        workflow.init(conn, locales, "fr")


def test_a_new_language_end_to_end(built_db, locales, tmp_path, runner, monkeypatch):
    from cardbase.cli import main
    from cardbase.ingest import build_database
    from cardbase.storage.database import connect

    conn = connect(built_db)
    workflow.init(conn, locales, "fr")
    exported = workflow.export(conn, locales, "fr", out=tmp_path / "for-poedit")
    interface = next(p for p in exported if p.name == "fr-cardbase.po")
    content = next(p for p in exported if p.name == "fr-content.po")
    translate(interface, "fr", {(None, "allowed"): "autorisé", (None, "forbidden"): "interdit"})
    huir = conn.execute("SELECT body FROM sections WHERE ref = 'munchkin-es/huir'").fetchone()[0]
    translate(content, "fr", {
        ("topic:running-away", "Running away"): "Fuir",
        ("term:level", "Level, levels"): "niveau, niveaux",
        ("card:mace-of-sharpness:name", "Mace of Sharpness"): "Masse d'Affûtage",
        ("section:munchkin-es/huir", huir): "Si tu fuis, tu ne gagnes ni Niveaux ni Trésor.",
    })
    counts = workflow.import_files(conn, locales, "fr", [interface, content])
    assert counts == {"cardbase": 2, "content": 4, "plural_forms": []}

    db = tmp_path / "fr.db"
    build_database(ROOT / "data", db, locales=locales)
    fr = connect(db)
    assert fr.execute("SELECT title FROM topic_titles WHERE topic_id = 'running-away' AND "
                      "lang = 'fr'").fetchone()[0] == "Fuir"
    assert fr.execute("SELECT text FROM section_translations WHERE lang = 'fr'").fetchone()[0] \
        .startswith("Si tu fuis")

    monkeypatch.setenv("CARDBASE_LOCALES", str(locales))
    card = runner.invoke(main, ["card", "Masse d'Affûtage", "--db", str(db)])
    assert card.exit_code == 0 and "Maza Afilada" in card.stdout
    verdict = runner.invoke(main, ["can-play", "curse", "--game", "munchkin", "--phase", "combat",
                                   "--not-my-turn", "--lang", "fr", "--db", str(db)])
    assert "autorisé" in verdict.stdout
    term = runner.invoke(main, ["term", "niveau", "--db", str(db), "--json"])
    assert term.exit_code == 0
    section = runner.invoke(main, ["section", "munchkin-es/huir", "--lang", "fr", "--db", str(db)])
    assert "Si tu fuis" in section.stdout and "not a published text" in section.stdout

    from cardbase.site.build import build_site
    out = tmp_path / "public"
    report = build_site(fr, out, languages=("en", "fr"), locales=locales)
    assert "fr" in report["languages"]
    topic = (out / "fr" / "topics" / "running-away" / "index.html").read_text(encoding="utf-8")
    assert "Fuir" in topic and "Si tu fuis" in topic


def test_a_changed_source_keeps_the_translation_and_marks_it_fuzzy(conn, locales, tmp_path):
    workflow.init(conn, locales, "fr")
    path = catalog_path(locales, "fr", "content")
    translate(path, "fr", {("topic:running-away", "Running away"): "Fuir"})
    # the source changes: the English title is now different
    with path.open("rb") as handle:
        catalog = read_po(handle, locale="fr")
    message = catalog.get("Running away", "topic:running-away")
    catalog.delete("Running away", "topic:running-away")
    message.id = "Run away (old wording)"
    catalog[message.id] = message
    with path.open("wb") as handle:
        write_po(handle, catalog)
    workflow.export(conn, locales, "fr")
    updated = read(path, "fr")
    entry = updated.get("Running away", "topic:running-away")
    assert entry.string == "Fuir" and entry.fuzzy
    assert entry.previous_id == ["Run away (old wording)"]
    assert '#| msgid "Run away (old wording)"' in path.read_text(encoding="utf-8")
    report = workflow.status(conn, locales)
    row = next(r for r in report["catalogs"] if r["lang"] == "fr" and r["kind"] == "content")
    assert row["fuzzy"] == 1


def test_translations_of_removed_sources_are_kept_as_obsolete(conn, locales):
    workflow.init(conn, locales, "fr")
    path = catalog_path(locales, "fr", "content")
    with path.open("rb") as handle:
        catalog = read_po(handle, locale="fr")
    catalog.add("Gone", "Disparu", context="topic:gone")
    with path.open("wb") as handle:
        write_po(handle, catalog)
    workflow.export(conn, locales, "fr")
    updated = read(path, "fr")
    assert any(m.string == "Disparu" for m in updated.obsolete.values())


BAD_PO = '''msgid ""
msgstr ""
"Language: fr\\n"
"Plural-Forms: nplurals=2; plural=(n > 1);\\n"

msgid "no card named {name!r}; `cardbase cards` lists them"
msgstr "aucune carte nommée {nom!r}"

msgid "{n} repair ({detail})"
msgid_plural "{n} repairs ({detail})"
msgstr[0] "{n} réparation ({detail})"

msgid "This message does not exist"
msgstr "Ce message n'existe pas"
'''


def test_import_lists_every_problem_and_imports_nothing(conn, locales, tmp_path):
    workflow.init(conn, locales, "fr")
    before = catalog_path(locales, "fr", "cardbase").read_bytes()
    bad = tmp_path / "fr-cardbase.po"
    bad.write_text(BAD_PO, encoding="utf-8")
    broken = tmp_path / "fr-content.po"
    broken.write_text('msgctxt "topic:nowhere"\nmsgid "X"\nmsgstr "Y"\n\nmsgid "unterminated\n',
                      encoding="utf-8")
    unknown = tmp_path / "other-content.po"
    unknown.write_text('msgctxt "topic:nowhere"\nmsgid "X"\nmsgstr "Y"\n', encoding="utf-8")
    with pytest.raises(DataErrors) as caught:
        workflow.import_files(conn, locales, "fr", [bad, broken, unknown])
    messages = [str(e) for e in caught.value.errors]
    assert any("fr-cardbase.po:6" in m and "placeholder {name!r} is missing" in m for m in messages)
    assert any("fr-cardbase.po:6" in m and "{nom!r} is not in the source" in m for m in messages)
    assert any("fr-cardbase.po:9" in m and "expected 2 plural forms for fr" in m
               and "found 1" in m for m in messages)
    assert any("unknown message 'This message does not exist'" in m for m in messages)
    assert any("fr-content.po:5" in m and "not closed" in m for m in messages)
    assert any("other-content.po:2" in m and "unknown context 'topic:nowhere'" in m
               for m in messages)
    assert catalog_path(locales, "fr", "cardbase").read_bytes() == before


def test_status_exits_non_zero_below_the_minimum(runner, built_db, locales):
    from cardbase.cli import main

    workflow.init(__import__("cardbase.storage.database", fromlist=["connect"]).connect(built_db),
                  locales, "fr")
    result = runner.invoke(main, ["translate", "status", "--min", "90", "--locales", str(locales),
                                  "--db", str(built_db), "--json"])
    assert result.exit_code == 1
    data = __import__("json").loads(result.stdout)
    assert any(r["lang"] == "fr" for r in data["below_minimum"])
    assert data["topics"] and "es" in data["topics"][0]["languages"]
