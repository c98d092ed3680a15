"""A rulebook in a language the shared data does not speak yet (French) builds, and the build says
what that language lacks and where to add it; the language is named in its own words wherever a
language is named, since cardbase has no catalog for it."""

import hashlib

import pytest

from cardbase.cli import main
from cardbase.languages import language_name, own_name

FRENCH_RULES = """Règles de Munchkin

Le combat
Pour combattre un monstre, compare ton niveau à celui du monstre. Si ton niveau est plus élevé,
tu tues le monstre et tu montes d'un niveau.

Fuir
Si tu ne peux pas vaincre le monstre, tu dois fuir. Lance le dé : sur 5 ou plus, tu t'enfuis.
"""


def _speak(monkeypatch, lang: str) -> None:
    monkeypatch.setenv("LANGUAGE", lang)
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LANG", f"{lang}.UTF-8")


@pytest.fixture
def french_data(data_copy):
    """The project's data with a small French rulebook added as README "Adding a rulebook"
    says: the text under sources/, an entry in the manifest with its checksum."""
    source = data_copy / "sources" / "munchkin-fr.txt"
    source.write_text(FRENCH_RULES, encoding="utf-8")
    digest = hashlib.sha256(source.read_bytes()).hexdigest()
    with (data_copy / "manifest.yaml").open("a", encoding="utf-8") as manifest:
        manifest.write(f"""
  - id: munchkin-fr
    game: munchkin
    lang: fr
    edition: newer
    title: Munchkin — Règles
    publisher: Test
    file: sources/munchkin-fr.txt
    sha256: {digest}
    headings: [lines]
    page_markers: footer
""")
    return data_copy


def _build(runner, data, tmp_path):
    db = tmp_path / "fr.db"
    result = runner.invoke(main, ["build", "--data", str(data), "--db", str(db)])
    assert result.exit_code == 0, result.stderr
    return db, [line for line in result.stderr.splitlines() if "(munchkin-fr)" in line]


def test_a_new_language_is_told_what_to_add_where(runner, french_data, tmp_path, monkeypatch):
    _speak(monkeypatch, "en")
    _, warnings = _build(runner, french_data, tmp_path)
    assert len(warnings) == 3, warnings
    topics, glossary, grammar = warnings
    for line in warnings:
        assert line.startswith("warning: Français (munchkin-fr) has no ")
    assert "topic keywords" in topics and str(french_data / "topics.yaml") in topics
    assert "`fr:`" in topics
    assert "glossary words" in glossary and str(french_data / "glossary.yaml") in glossary
    assert "card grammar" in grammar
    assert str(french_data / "card_grammars" / "fr.yaml") in grammar


def test_the_warnings_are_translated(runner, french_data, tmp_path, monkeypatch):
    _speak(monkeypatch, "de")
    _, warnings = _build(runner, french_data, tmp_path)
    assert len(warnings) == 3, warnings
    assert all(line.startswith("Warnung: Français (munchkin-fr)") for line in warnings), warnings
    assert not any("has no" in line for line in warnings)


def test_what_is_added_silences_its_warning(runner, french_data, tmp_path, monkeypatch):
    _speak(monkeypatch, "en")
    topics = french_data / "topics.yaml"
    topics.write_text(topics.read_text(encoding="utf-8").replace(
        "      en: [object of the game,", "      fr: [but du jeu]\n      en: [object of the game,",
        1), encoding="utf-8")
    (french_data / "card_grammars" / "fr.yaml").write_text(
        (french_data / "card_grammars" / "es.yaml").read_text(encoding="utf-8")
        .replace("lang: es", "lang: fr"), encoding="utf-8")
    _, warnings = _build(runner, french_data, tmp_path)
    assert len(warnings) == 1 and "glossary words" in warnings[0], warnings


def test_a_language_without_a_catalog_is_named_in_its_own_words():
    assert own_name("fr") == "Français"
    assert language_name("fr", "es") == "Français"
    assert language_name("fr", "de") == "Français"
    assert language_name("de", "es") == "alemán"   # a language cardbase speaks: the reader's word
    assert language_name("xx-nowhere", "en") == "xx-nowhere"


def test_the_site_names_the_new_language_in_its_own_words(runner, french_data, tmp_path,
                                                          monkeypatch):
    from cardbase.site.pages import render_site
    from cardbase.storage.database import connect

    _speak(monkeypatch, "en")
    db, _ = _build(runner, french_data, tmp_path)
    conn = connect(db)
    for lang in ("en", "es"):
        out = tmp_path / lang
        render_site(conn, lang, out)
        home = (out / "index.md").read_text(encoding="utf-8")
        row = next(line for line in home.splitlines() if "munchkin-fr" in line)
        assert "| Français |" in row, row
        page = (out / "rulebooks" / "munchkin-fr.md").read_text(encoding="utf-8")
        assert "Français" in page and ": fr " not in page
