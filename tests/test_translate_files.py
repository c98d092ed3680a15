"""Translators' files work in translators' tools: what cardbase writes passes GNU ``msgfmt
--check``, and what ``msgfmt`` refuses is refused on import, with file and line."""

import shutil
import subprocess
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message

from cardbase.errors import DataErrors
from cardbase.translate import workflow
from cardbase.translate.catalogs import catalog_path, merge_content, read, write
from cardbase.translate.content import content_template
from cardbase.translate.pofile import load

ROOT = Path(__file__).resolve().parent.parent
MSGFMT = shutil.which("msgfmt")
needs_msgfmt = pytest.mark.skipif(MSGFMT is None, reason="GNU gettext's msgfmt is not installed "
                                  "(Debian package gettext); the PO files cannot be checked")


def msgfmt_check(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run([MSGFMT, "--check", "-o", "/dev/null", str(path)],
                          capture_output=True, text=True)


@pytest.fixture
def locales(tmp_path) -> Path:
    target = tmp_path / "locales"
    shutil.copytree(ROOT / "locales", target)
    return target


@needs_msgfmt
@pytest.mark.parametrize("path", sorted((ROOT / "locales").rglob("*.po*")),
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_every_shipped_catalog_passes_msgfmt_check(path):
    result = msgfmt_check(path)
    assert result.returncode == 0, result.stderr


LONG_OLD = ("Si huyes, no obtienes Niveles ni Tesoro, y \"no\" siempre puedes escapar indemne. "
            * 6 + "\nTira el dado: con 5 o más escapas.\n"
            + "Segunda línea, también larga. " * 5)


def _catalog_with(context: str, source: str, translation: str) -> Catalog:
    catalog = Catalog(locale="fr", domain="content")
    catalog[source] = Message(source, translation, context=context,
                              auto_comments=["source-hash: 0"])
    return catalog


@needs_msgfmt
def test_a_long_multi_line_source_that_goes_fuzzy_still_passes_msgfmt(tmp_path):
    path = tmp_path / "content.po"
    write(path, _catalog_with("section:r/huir", LONG_OLD, "Si tu fuis…\nLance le dé."))
    changed = LONG_OLD.replace("Tira el dado", "Tira un dado")
    template = _catalog_with("section:r/huir", changed, "")
    merged = merge_content(read(path, "fr"), template, "fr")
    write(path, merged)
    text = path.read_text(encoding="utf-8")
    assert "#| msgid \"\"\n#| \"Si huyes" in text
    result = msgfmt_check(path)
    assert result.returncode == 0, result.stderr
    again = read(path, "fr").get(changed, "section:r/huir")
    assert again.fuzzy and again.previous_id == [LONG_OLD]
    # exported again with another change, it still remembers what was translated from
    write(path, merge_content(read(path, "fr"), _catalog_with("section:r/huir", changed + "!",
                                                              ""), "fr"))
    assert read(path, "fr").get(changed + "!", "section:r/huir").previous_id == [LONG_OLD]
    assert msgfmt_check(path).returncode == 0


@needs_msgfmt
def test_export_of_a_new_language_with_fuzzy_sections_passes_msgfmt(conn, locales, tmp_path):
    workflow.init(conn, locales, "fr")
    path = catalog_path(locales, "fr", "content")
    catalog = read(path, "fr")
    sections = [m for m in catalog if m.id and (m.context or "").startswith("section:")]
    for message in sections[:5]:
        message.string = "\n".join(["Traduction."] * (message.id.count("\n") + 1))
        message.id = message.id + " (old)"
        message.auto_comments = ["source-hash: old"]
    fresh = Catalog(locale="fr", domain="content")
    for message in catalog:
        if message.id:
            fresh[message.id] = message
    write(path, fresh)
    written = workflow.export(conn, locales, "fr", out=tmp_path / "po")
    for exported in written:
        result = msgfmt_check(exported)
        assert result.returncode == 0, result.stderr
    assert "#| msgid" in (tmp_path / "po" / "fr-content.po").read_text(encoding="utf-8")


def _refused(conn, locales, path: Path) -> list[str]:
    workflow.init(conn, locales, "fr") if not (locales / "fr").exists() else None
    with pytest.raises(DataErrors) as caught:
        workflow.import_files(conn, locales, "fr", [path])
    return [str(e) for e in caught.value.errors]


HEADER = ('msgid ""\nmsgstr ""\n"Language: fr\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
          '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n')


def test_an_unterminated_string_is_refused_with_its_line(conn, locales, tmp_path):
    path = tmp_path / "fr-cardbase.po"
    path.write_text(HEADER + 'msgid "allowed"\nmsgstr "autoris\n', encoding="utf-8")
    messages = _refused(conn, locales, path)
    assert any("fr-cardbase.po:8" in m and "not closed" in m for m in messages), messages
    if MSGFMT:
        assert msgfmt_check(path).returncode != 0


def test_invalid_utf8_is_refused_with_its_line(conn, locales, tmp_path):
    path = tmp_path / "fr-cardbase.po"
    path.write_bytes(HEADER.encode() + b'msgid "allowed"\nmsgstr "autoris\xe9"\n')
    messages = _refused(conn, locales, path)
    assert any("fr-cardbase.po:8" in m and "UTF-8" in m for m in messages), messages


@pytest.mark.parametrize("text", ["", "\n\n", HEADER])
def test_an_empty_file_is_refused_not_imported_as_nothing(conn, locales, tmp_path, text):
    path = tmp_path / "fr-cardbase.po"
    path.write_text(text, encoding="utf-8")
    messages = _refused(conn, locales, path)
    assert any("fr-cardbase.po:1" in m and ("empty" in m or "no messages" in m)
               for m in messages), messages


@pytest.mark.parametrize("body, words", [
    ('msgid "allowed"\nmsgstr "a"\n\nmsgid "allowed"\nmsgstr "b"\n', "twice"),
    ('msgid "allowed"\n', "no msgstr"),
    ('msgid "allowed"\nmsgstr "a\\qb"\n', "escape"),
    ('msgid "allowed"\nmsgstr "a" junk\n', "unexpected text"),
    ('msgid "allowed\\n"\nmsgstr "autorisé"\n', "newline"),
    ('msgid "{n} repair ({detail})"\nmsgid_plural "{n} repairs ({detail})"\n'
     'msgstr[0] "{n} réparation ({detail})"\nmsgstr[2] "x"\n', "numbered"),
])
def test_what_msgfmt_refuses_is_refused(conn, locales, tmp_path, body, words):
    path = tmp_path / "fr-cardbase.po"
    path.write_text(HEADER + body, encoding="utf-8")
    messages = _refused(conn, locales, path)
    assert any("fr-cardbase.po:" in m and words in m for m in messages), messages
    if MSGFMT:
        assert msgfmt_check(path).returncode != 0


def test_a_poedit_french_plural_header_is_accepted_and_adopted(conn, locales, tmp_path, runner,
                                                             built_db):
    from cardbase.cli import main

    workflow.init(conn, locales, "fr")
    before = read(catalog_path(locales, "fr", "cardbase"), "fr")
    assert before.num_plurals == 3  # CLDR's one, many, other
    path = tmp_path / "fr-cardbase.po"
    path.write_text(HEADER + 'msgid "{n} repair ({detail})"\nmsgid_plural "{n} repairs ({detail})"'
                    '\nmsgstr[0] "{n} réparation ({detail})"\n'
                    'msgstr[1] "{n} réparations ({detail})"\n', encoding="utf-8")
    result = runner.invoke(main, ["translate", "import", "fr", str(path), "--locales",
                                  str(locales), "--db", str(built_db)])
    assert result.exit_code == 0, result.output
    assert "nplurals=2; plural=(n > 1);" in result.stderr and "CLDR" in result.stderr
    after = read(catalog_path(locales, "fr", "cardbase"), "fr")
    assert after.num_plurals == 2
    entry = after.get(("{n} repair ({detail})", "{n} repairs ({detail})"))
    assert entry.string == ("{n} réparation ({detail})", "{n} réparations ({detail})")
    if MSGFMT:
        assert msgfmt_check(catalog_path(locales, "fr", "cardbase")).returncode == 0


def test_a_broken_plural_header_is_refused_in_our_words(conn, locales, tmp_path):
    path = tmp_path / "fr-cardbase.po"
    path.write_text(HEADER.replace("plural=(n > 1);", "plural=(n >> import os);")
                    + 'msgid "allowed"\nmsgstr "autorisé"\n', encoding="utf-8")
    messages = _refused(conn, locales, path)
    assert any("fr-cardbase.po:5" in m and "Plural-Forms header is not valid" in m
               for m in messages), messages


def test_a_renamed_heading_carries_its_translation_as_fuzzy(conn):
    template = content_template(conn, "fr")
    section = next(m for m in template if m.id and m.context.startswith("section:"))
    old = Catalog(locale="fr", domain="content")
    old[section.id] = Message(section.id, "Traduction", context=section.context + "-old-slug",
                              auto_comments=list(section.auto_comments))
    merged = merge_content(old, template, "fr")
    entry = merged.get(section.id, section.context)
    assert entry.string == "Traduction" and entry.fuzzy and entry.previous_id == [section.id]
    assert not merged.obsolete

    # moved and slightly reworded: still found by similarity
    reworded = section.id[:-3] + "xyz" if len(section.id) > 40 else section.id + " (rev.)"
    old = Catalog(locale="fr", domain="content")
    old[reworded] = Message(reworded, "Traduction", context="section:other-book/renamed",
                            auto_comments=["source-hash: 0000"])
    merged = merge_content(old, template, "fr")
    entry = merged.get(section.id, section.context)
    assert entry.string == "Traduction" and entry.fuzzy and entry.previous_id == [reworded]


def test_an_unrelated_orphan_stays_obsolete(conn):
    template = content_template(conn, "fr")
    old = Catalog(locale="fr", domain="content")
    old["Zzz qqq"] = Message("Zzz qqq", "Rien", context="section:gone/away",
                             auto_comments=["source-hash: 1"])
    merged = merge_content(old, template, "fr")
    assert [m.string for m in merged.obsolete.values()] == ["Rien"]
    # and never carried to an entry of another kind
    old = Catalog(locale="fr", domain="content")
    topic = next(m for m in template if m.id and m.context.startswith("topic:"))
    old[topic.id] = Message(topic.id, "Titre", context="term:renamed",
                            auto_comments=list(topic.auto_comments))
    merged = merge_content(old, template, "fr")
    assert not merged.get(topic.id, topic.context).string


def test_the_strict_reader_reads_what_it_writes(tmp_path):
    catalog = Catalog(locale="vi", domain="content")
    catalog["Một\nhai \"ba\" \\ bốn\t"] = Message("Một\nhai \"ba\" \\ bốn\t", "x\ny\"\\\t",
                                                   context="topic:a")
    path = tmp_path / "c.po"
    write(path, catalog)
    loaded, problems = load(path, "vi")
    assert not problems
    assert loaded.get("Một\nhai \"ba\" \\ bốn\t", "topic:a").string == "x\ny\"\\\t"


def _status(runner, built_db, locales, *args):
    import json

    from cardbase.cli import main

    result = runner.invoke(main, ["translate", "status", "--locales", str(locales), "--db",
                                  str(built_db), "--json", *args])
    return result, (json.loads(result.stdout) if result.stdout.strip() else None)


def test_min_90_passes_on_the_shipped_catalogs(runner, built_db, locales):
    result, data = _status(runner, built_db, locales, "--min", "90")
    assert result.exit_code == 0, result.output
    assert data["below_minimum"] == []
    interface = [r for r in data["catalogs"] if r["kind"] == "interface"]
    assert {r["lang"] for r in interface} == {"es", "de", "ja", "vi"}
    assert all(r["counted"] and r["percent"] >= 90 for r in interface)
    # the shipped languages have no content catalog: shown, not held to --min, and said why
    content = [r for r in data["catalogs"] if r["kind"] == "content"]
    assert content and all(not r["counted"] and r["why_not_counted"] == "no-catalog"
                           for r in content)
    assert "no-catalog" in data["counting"]["not_counted"]


def test_sections_of_a_game_with_its_own_rulebook_are_optional(conn):
    from cardbase.translate.content import OWN_RULEBOOK, not_meant

    books = {book: (game, lang) for book, game, lang in conn.execute(
        "SELECT id, game_id, lang FROM rulebooks")}
    for lang in ("es", "de", "ja", "vi", "fr"):
        reasons = not_meant(conn, lang)
        own_games = {game for game, book_lang in books.values() if book_lang == lang}
        for ref, in conn.execute("SELECT ref FROM sections"):
            game = books[ref.split("/")[0]][0]
            if f"section:{ref}" in reasons:
                assert reasons[f"section:{ref}"] == OWN_RULEBOOK and game in own_games
    # a language with no rulebook at all is meant to translate every section
    assert not [c for c in not_meant(conn, "fr") if c.startswith("section:")]
    # Spanish has its own Munchkin rulebook: the Japanese Munchkin rulebook is optional for it
    assert any(c.startswith("section:munchkin-ja/") for c in not_meant(conn, "es"))
    assert not any(c.startswith("section:smashup-munchkin-vi/") for c in not_meant(conn, "es"))


def test_min_per_kind_and_what_is_counted(runner, built_db, locales):
    from cardbase.storage.database import connect

    conn = connect(built_db)
    # Japanese starts translating content: its own rulebook's game is optional, the rest counted
    path = catalog_path(locales, "ja", "content")
    catalog = content_template(conn, "ja")
    fresh = Catalog(locale="ja", domain="content")
    for message in catalog:
        if message.id:
            fresh[message.id] = message
    write(path, fresh)
    result, data = _status(runner, built_db, locales, "--min", "interface=90")
    assert result.exit_code == 0, result.output
    row = next(r for r in data["catalogs"] if r["lang"] == "ja" and r["kind"] == "content")
    assert row["counted"] and row["percent"] == 0.0
    assert row["optional"]["reasons"]["own-rulebook"] > 0
    assert row["total"] == sum(part["total"] for part in row["parts"].values())
    result, data = _status(runner, built_db, locales, "--min", "content=50")
    assert result.exit_code == 1
    assert [(r["lang"], r["kind"], r["minimum"]) for r in data["below_minimum"]] == [
        ("ja", "content", 50.0)]
    # a kind's own minimum wins over the general one, whatever the order
    result, data = _status(runner, built_db, locales, "--min", "content=0", "--min", "90")
    assert result.exit_code == 0, data["below_minimum"]


@pytest.mark.parametrize("value", ["foo=3", "interface=120", "ninety"])
def test_a_bad_minimum_is_a_usage_error(runner, built_db, locales, value):
    result, _data = _status(runner, built_db, locales, "--min", value)
    assert result.exit_code == 2 and "--min" in result.stderr and "Traceback" not in result.output


def test_extract_refreshes_the_template_with_a_small_diff(tmp_path):
    import difflib

    from cardbase.translate.extract import extract

    root = tmp_path / "project"
    shutil.copytree(ROOT / "cardbase", root / "cardbase",
                    ignore=shutil.ignore_patterns("__pycache__", "_shipped"))
    shutil.copy(ROOT / "babel.cfg", root / "babel.cfg")
    locales = tmp_path / "locales"
    shutil.copytree(ROOT / "locales", locales)
    before = (locales / "cardbase.pot").read_text(encoding="utf-8")

    # nothing changed in the code: nothing changes in the files
    report = extract(locales, update=True, root=root)
    assert (report["added"], report["removed"]) == (0, 0)
    assert (locales / "cardbase.pot").read_text(encoding="utf-8") == before
    for lang in ("es", "de", "ja", "vi"):
        assert catalog_path(locales, lang, "cardbase").read_bytes() == \
            catalog_path(ROOT / "locales", lang, "cardbase").read_bytes()

    # one string changes in the code: a few lines of diff, its translations kept as fuzzy
    render = root / "cardbase" / "render.py"
    old = '"imported {interface} interface and {content} content translations; rebuild "'
    assert old in render.read_text(encoding="utf-8")
    render.write_text(render.read_text(encoding="utf-8").replace(
        old, '"imported {interface} interface and {content} content entries; rebuild "'),
        encoding="utf-8")
    report = extract(locales, update=True, root=root)
    assert (report["added"], report["removed"]) == (1, 1)
    assert sorted(report["updated"]) == ["de", "es", "ja", "vi"]
    after = (locales / "cardbase.pot").read_text(encoding="utf-8")
    changed = [line for line in difflib.unified_diff(before.splitlines(), after.splitlines(),
                                                      lineterm="", n=0)
               if line[:1] in "+-" and not line.startswith(("+++", "---"))]
    assert 2 <= len(changed) <= 10, changed
    assert any("POT-Creation-Date" in line for line in changed)
    es = read(catalog_path(locales, "es", "cardbase"), "es")
    new_id = next(m.id for m in es if m.id and "content entries; rebuild" in str(m.id))
    entry = es.get(new_id)
    assert entry.fuzzy and entry.string and "translations" in entry.previous_id[0]
    if MSGFMT:
        for path in [locales / "cardbase.pot", *locales.rglob("*.po")]:
            assert msgfmt_check(path).returncode == 0, path


def test_extract_never_writes_into_the_package(tmp_path, monkeypatch):
    from cardbase import paths
    from cardbase.errors import CardbaseError
    from cardbase.translate.extract import extract

    monkeypatch.chdir(tmp_path)  # not a project folder
    monkeypatch.delenv("CARDBASE_LOCALES", raising=False)
    with pytest.raises(CardbaseError, match="--locales"):
        extract(paths.locales())
    assert not (tmp_path / "cardbase.pot").exists()


def test_extract_command(runner, tmp_path):
    from cardbase.cli import main

    locales = tmp_path / "locales"
    shutil.copytree(ROOT / "locales", locales)
    result = runner.invoke(main, ["translate", "extract", "--locales", str(locales)])
    assert result.exit_code == 0, result.output
    assert str(locales / "cardbase.pot") in result.stdout
    shipped = (ROOT / "locales" / "cardbase.pot").read_bytes()
    assert (locales / "cardbase.pot").read_bytes() == shipped


@needs_msgfmt
def test_content_prose_with_percent_signs_is_not_held_to_format_checks(tmp_path):
    source = "Tira el dado: 50 % de las veces huyes, y un 10 %s más con botas."
    template = _catalog_with("section:r/porcentaje", source, "")
    template.domain = "content"
    merged = merge_content(None, template, "fr")
    merged.get(source, "section:r/porcentaje").string = "Lance le dé : tu fuis une fois sur deux."
    path = tmp_path / "content.po"
    write(path, merged)
    assert "python-format" not in path.read_text(encoding="utf-8")
    result = msgfmt_check(path)
    assert result.returncode == 0, result.stderr
    # read back and written again, Babel's guess does not come back
    write(path, merge_content(read(path, "fr"), template, "fr"))
    assert "python-format" not in path.read_text(encoding="utf-8")


def test_extract_without_babel_cfg_finds_the_same_messages(tmp_path):
    from cardbase.translate.extract import extract_messages

    root = tmp_path / "site-packages"
    shutil.copytree(ROOT / "cardbase", root / "cardbase",
                    ignore=shutil.ignore_patterns("__pycache__", "_shipped"))
    (root / "unrelated").mkdir()
    (root / "unrelated" / "mod.py").write_text('_("not ours")\n', encoding="utf-8")
    installed = extract_messages(root)
    assert "not ours" not in installed
    assert sorted(map(str, installed)) == sorted(map(str, extract_messages(ROOT)))
