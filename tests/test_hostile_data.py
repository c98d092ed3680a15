"""Data errors stay where they are: a broken file is reported alone, with its file and line;
values YAML reads as numbers are read as the text they are where text is meant; keys a format
does not have are refused at their line, in every kind of data file."""

from __future__ import annotations

import pytest

from cardbase.errors import DataError, DataErrors
from cardbase.glossary import load_glossary
from cardbase.normalise.overlay import load_overlay
from cardbase.segment.outline import load_outline
from cardbase.segment.topics import load_topics
from cardbase.sources.manifest import load_manifest, read_source
from cardbase.yamlfile import MAX_DEPTH, load_yaml, text_of


def messages(caught) -> list[str]:
    error = caught.value
    return [str(e) for e in getattr(error, "errors", [error])]


def test_a_tab_in_one_card_file_is_the_only_error_reported(data_copy):
    from cardbase.ingest import ingest

    cards = data_copy / "cards" / "munchkin.yaml"
    lines = cards.read_text(encoding="utf-8").split("\n")
    where = next(i for i, line in enumerate(lines) if line.startswith("    type:"))
    lines[where] = "\t" + lines[where].lstrip()
    cards.write_text("\n".join(lines), encoding="utf-8")
    with pytest.raises(DataErrors) as caught:
        ingest(data_copy)
    found = messages(caught)
    assert len(found) == 1, found
    assert f"munchkin.yaml:{where + 1}:" in found[0] and "tab" in found[0]


def test_a_checksum_of_zeros_is_a_checksum_not_a_number(data_copy):
    manifest = data_copy / "manifest.yaml"
    text = manifest.read_text(encoding="utf-8")
    first = load_manifest(manifest).rulebooks[0]
    manifest.write_text(text.replace(first.sha256, "0" * 64), encoding="utf-8")
    loaded = load_manifest(manifest)
    assert loaded.rulebooks[0].sha256 == "0" * 64
    with pytest.raises(DataError, match="checksum mismatch.*the manifest says 0{64}"):
        read_source(loaded, loaded.rulebooks[0])


@pytest.mark.parametrize("written, shown", [("1e5", "'1e5'"), ("12345", "'12345'"),
                                            ("yes", "'yes'")])
def test_a_checksum_yaml_reads_as_something_else_is_reported_as_written(data_copy, written,
                                                                         shown):
    manifest = data_copy / "manifest.yaml"
    text = manifest.read_text(encoding="utf-8")
    first = load_manifest(manifest).rulebooks[0]
    manifest.write_text(text.replace(first.sha256, written), encoding="utf-8")
    with pytest.raises(DataErrors) as caught:
        load_manifest(manifest)
    assert any("sha256 must be 64 lowercase hexadecimal digits" in m and shown in m
               for m in messages(caught)), messages(caught)


def test_an_empty_source_is_reported_as_empty_and_nothing_else(data_copy):
    import hashlib

    from cardbase.ingest import load_inputs

    manifest = data_copy / "manifest.yaml"
    loaded = load_manifest(manifest)
    rulebook = next(r for r in loaded.rulebooks
                    if (data_copy / "outlines" / f"{r.id}.yaml").is_file())
    (data_copy / rulebook.file).write_bytes(b"\n  \n")
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace(rulebook.sha256,
                                     hashlib.sha256(b"\n  \n").hexdigest()), encoding="utf-8")
    with pytest.raises(DataErrors) as caught:
        load_inputs(data_copy)
    found = messages(caught)
    assert len(found) == 1 and "is empty" in found[0] and rulebook.id in found[0], found


def test_ids_and_names_yaml_reads_as_numbers_are_text():
    doc = load_yaml("x.yaml", "id: 1984\nnames: [no, 3.10, ~]\nno: true\n")
    assert text_of(doc, "id") == "1984"
    assert [text_of(doc["names"], i) for i in range(3)] == ["no", "3.10", None]
    assert "no" in doc  # a key is a name: the language code, not false


@pytest.mark.parametrize("text, expected", [
    ("a: 1\na: 2\n", r"x\.yaml:2: .*duplicate key 'a'"),
    ("a: " + "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5) + "\n", "nested deeper than"),
    ("a: " + "[" * 5000 + "]" * 5000 + "\n", "not valid YAML"),
    ("a: 1" + "0" * 5000 + "\n", "not valid YAML"),
])
def test_yaml_shapes_no_data_file_has_are_refused(text, expected):
    with pytest.raises(DataError, match=expected):
        load_yaml("x.yaml", text)


def test_unreadable_data_files_name_themselves(tmp_path):
    with pytest.raises(DataError, match="is a folder"):
        load_yaml(tmp_path)
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"a: 1\nb: \xe9\n")
    with pytest.raises(DataError, match=r"bad\.yaml:2: not valid UTF-8"):
        load_yaml(bad)


def _append(path, text):
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


def _line_of(path, needle) -> int:
    return path.read_text(encoding="utf-8").split("\n").index(needle) + 1


def test_unknown_top_level_keys_are_refused_in_every_data_file(data_copy):
    manifest = data_copy / "manifest.yaml"
    _append(manifest, "colour: red\n")
    with pytest.raises(DataErrors) as caught:
        load_manifest(manifest)
    assert any(f"manifest.yaml:{_line_of(manifest, 'colour: red')}:" in m
               and "unknown key `colour`" in m for m in messages(caught))

    topics = data_copy / "topics.yaml"
    _append(topics, "extra: 1\n")
    with pytest.raises(DataErrors, match=rf"topics.yaml:{_line_of(topics, 'extra: 1')}: "
                                         "unknown key `extra`"):
        load_topics(topics)

    glossary = data_copy / "glossary.yaml"
    _append(glossary, "words: []\n")
    with pytest.raises(DataErrors, match=r"glossary.yaml:\d+: unknown key `words`"):
        load_glossary(glossary, set())

    outline = next((data_copy / "outlines").glob("*.yaml"))
    _append(outline, "sectoins: []\n")
    with pytest.raises(DataErrors, match=r"unknown key `sectoins`"):
        load_outline(outline)

    overlay = next((data_copy / "overlays").glob("*.yaml"))
    _append(overlay, "notes: x\n")
    with pytest.raises(DataErrors, match=r"unknown key `notes`"):
        load_overlay(overlay, "")


def test_unknown_keys_in_card_records_are_refused_with_their_line(tmp_path):
    from cardbase.cards.schema import validate_file

    path = tmp_path / "cards.yaml"
    path.write_text(
        "game: munchkin\n"
        "cardz: []\n"
        "cards:\n"
        "  - id: 1984\n"
        "    type: monster\n"
        "    names:\n"
        "      en: {name: 1984, ours: true, qoute: x}\n"
        "    stats:\n"
        "      level: {value: 3, ours: true, rulebok: y}\n", encoding="utf-8")
    cards, errors = validate_file(path, {"munchkin"}, {"munchkin-es"}, lambda code: True)
    found = [str(e) for e in errors]
    assert any("cards.yaml:2:" in m and "unknown key `cardz`" in m for m in found), found
    assert any("cards.yaml:7:" in m and "unknown key `qoute`" in m for m in found), found
    assert any("cards.yaml:9:" in m and "unknown key `rulebok`" in m for m in found), found
    assert cards[0].id == "1984" and cards[0].names()[0].value == "1984"


def test_record_keys_are_refused_in_glossary_topics_and_overlays(tmp_path):
    glossary = tmp_path / "glossary.yaml"
    glossary.write_text("terms:\n  - id: level\n    words: {en: [level]}\n    word: x\n",
                        encoding="utf-8")
    with pytest.raises(DataErrors, match=r"glossary.yaml:4: unknown key `word`"):
        load_glossary(glossary, set())
    topics = tmp_path / "topics.yaml"
    topics.write_text("topics:\n  - id: combat\n    titles: {en: Combat}\n    keyword: {}\n",
                      encoding="utf-8")
    with pytest.raises(DataErrors, match=r"topics.yaml:4: unknown key `keyword`"):
        load_topics(topics)
    overlay = tmp_path / "overlay.yaml"
    overlay.write_text("corrections:\n  - id: one\n    reason: other\n    raw: abc\n"
                       "    text: ABC\n    reviewer: me\n", encoding="utf-8")
    with pytest.raises(DataErrors, match=r"overlay.yaml:6: unknown key `reviewer`"):
        load_overlay(overlay, "xx abc yy")


def _billion_laughs() -> str:
    lines = ['l0: &l0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    lines += [f"l{n}: &l{n} [" + ", ".join([f"*l{n - 1}"] * 9) + "]" for n in range(1, 9)]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("text, line, shown", [
    ("a: &x [1]\nb: *x\n", 1, "anchor &x"),
    ("a: 1\nb: *nowhere\n", 2, "alias *nowhere"),
    ("base: &b {x: 1}\nmore:\n  <<: *b\n", 1, "anchor &b"),
    (_billion_laughs(), 1, "anchor &l0"),
])
def test_yaml_anchors_and_aliases_are_refused_at_their_line(text, line, shown):
    with pytest.raises(DataError) as caught:
        load_yaml("x.yaml", text)
    assert str(caught.value) == (f"x.yaml:{line}: not valid YAML: {shown}: anchors and aliases "
                                 "are not allowed; write each value out")
    assert caught.value.alias == shown.split()[1][1:]


def test_anchor_signs_inside_text_are_text():
    doc = load_yaml("x.yaml", "a: 'R&D'\nb: \"*bold*\"\nc: x & y * z\n")
    assert doc == {"a": "R&D", "b": "*bold*", "c": "x & y * z"}


def test_every_data_loader_refuses_a_billion_laughs(data_copy):
    from cardbase.ask.lexicon import load as load_lexicon
    from cardbase.cards.faces import load_grammar
    from cardbase.cards.schema import validate_file

    glossary = data_copy / "glossary.yaml"
    first = glossary.read_text(encoding="utf-8").count("\n") + 1
    _append(glossary, _billion_laughs())
    with pytest.raises(DataError, match=rf"glossary\.yaml:{first}: .*anchor &l0"):
        load_glossary(glossary, set())
    outline = data_copy / "outlines" / "munchkin-es.yaml"
    outline.write_text(_billion_laughs(), encoding="utf-8")
    with pytest.raises(DataError, match=r"munchkin-es\.yaml:1: .*anchor &l0"):
        load_outline(outline)
    cards = data_copy / "cards" / "munchkin.yaml"
    nested = "".join(f"  {line}\n" for line in _billion_laughs().splitlines())
    cards.write_text("game: munchkin\ncards: []\nlaughs:\n" + nested, encoding="utf-8")
    _cards, errors = validate_file(cards, {"munchkin"}, {"munchkin-es"}, lambda code: True)
    assert [str(e) for e in errors] == [
        f"{cards}:4: not valid YAML: anchor &l0: anchors and aliases are not allowed; write each "
        "value out"]
    for name, load in (("manifest.yaml", load_manifest),
                       ("overlays/munchkin-es.yaml", lambda path: load_overlay(path, "")),
                       ("card_grammars/es.yaml", load_grammar),
                       ("lexicon/es.yaml", lambda path: load_lexicon("es", str(path)))):
        (data_copy / name).write_text(_billion_laughs(), encoding="utf-8")
        with pytest.raises(DataError, match=rf"{name}:1: .*anchor &l0"):
            load(data_copy / name)


def test_a_billion_laughs_in_the_data_stops_the_build_with_one_line(runner, data_copy,
                                                                     tmp_path):
    from cardbase.cli import main

    (data_copy / "topics.yaml").write_text(_billion_laughs(), encoding="utf-8")
    result = runner.invoke(main, ["build", "--data", str(data_copy),
                                  "--db", str(tmp_path / "x.db")])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.stderr.strip().endswith(
        "topics.yaml:1: not valid YAML: anchor &l0: anchors and aliases are not allowed; "
        "write each value out")
    assert not (tmp_path / "x.db").exists()
