"""Bad input gets a clear error naming the file (and line), and nothing is written."""

import hashlib

import pytest

from cardbase.errors import DataError, DataErrors
from cardbase.ingest import build_database
from cardbase.normalise.overlay import load_overlay
from cardbase.sources.manifest import load_manifest, read_source


def errors_of(excinfo) -> list[str]:
    exc = excinfo.value
    return [str(e) for e in getattr(exc, "errors", [exc])]


def test_the_manifest_of_the_project_is_valid(data_copy):
    manifest = load_manifest(data_copy / "manifest.yaml")
    assert {r.lang for r in manifest.rulebooks} == {"es", "de", "vi", "ja"}
    for rulebook in manifest.rulebooks:
        assert read_source(manifest, rulebook)


def test_a_missing_source_is_named(data_copy, tmp_path):
    (data_copy / "sources" / "002_47cdf45da9b11c84.txt").unlink()
    with pytest.raises(DataErrors) as caught:
        build_database(data_copy, tmp_path / "out.db")
    assert any("002_47cdf45da9b11c84.txt" in m and "missing" in m for m in errors_of(caught))
    assert not (tmp_path / "out.db").exists()


def test_a_checksum_mismatch_is_refused(data_copy, tmp_path):
    source = data_copy / "sources" / "003_340932caf8ea570c.txt"
    source.write_bytes(source.read_bytes() + b"\nextra line\n")
    with pytest.raises(DataErrors) as caught:
        build_database(data_copy, tmp_path / "out.db")
    assert any("checksum mismatch" in m and "smashup-munchkin-vi" in m for m in errors_of(caught))


def test_a_file_that_is_not_utf8_is_named_with_its_line(data_copy, tmp_path):
    source = data_copy / "sources" / "002_47cdf45da9b11c84.txt"
    data = b"line one\nline two\nbad \xff byte\n"
    source.write_bytes(data)
    manifest = data_copy / "manifest.yaml"
    text = manifest.read_text(encoding="utf-8")
    old = "23057aa3e7cd22cdd7d58c7964b4d7632f85d57e48ff8e5cad3867f53f722b91"
    manifest.write_text(text.replace(old, hashlib.sha256(data).hexdigest()), encoding="utf-8")
    with pytest.raises(DataErrors) as caught:
        build_database(data_copy, tmp_path / "out.db")
    assert any("002_47cdf45da9b11c84.txt:3" in m and "UTF-8" in m for m in errors_of(caught))


def test_a_malformed_manifest_reports_every_problem_with_lines(data_copy):
    manifest = data_copy / "manifest.yaml"
    text = manifest.read_text(encoding="utf-8")
    text = text.replace("    game: dungeon-mayhem\n", "    game: dungeon-mayhen\n")
    text = text.replace("    lang: vi\n", "    lang: xx-nowhere\n    colour: red\n")
    manifest.write_text(text, encoding="utf-8")
    with pytest.raises(DataErrors) as caught:
        load_manifest(manifest)
    messages = errors_of(caught)
    lines = text.splitlines()
    game_line = lines.index("    game: dungeon-mayhen") + 1
    assert any(f"manifest.yaml:{game_line}:" in m and "unknown game" in m for m in messages)
    assert any("unknown language code 'xx-nowhere'" in m for m in messages)
    assert any("unknown key `colour`" in m for m in messages)


def test_broken_yaml_names_the_line(data_copy):
    manifest = data_copy / "manifest.yaml"
    manifest.write_text("games:\n  munchkin: Munchkin\nrulebooks: [\n  - id: x\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"manifest.yaml:\d+: not valid YAML"):
        load_manifest(manifest)


def test_an_overlay_whose_raw_text_is_gone_is_refused(tmp_path):
    overlay = tmp_path / "fix.yaml"
    overlay.write_text("corrections:\n  - id: one\n    reason: scrambled\n"
                       "    raw: words that are not there\n    text: fixed\n", encoding="utf-8")
    with pytest.raises(DataErrors) as caught:
        load_overlay(overlay, "some other raw text")
    assert any("fix.yaml:4:" in m and "no longer in the source" in m for m in errors_of(caught))


def test_the_project_overlay_resolves_and_keeps_both_texts(corpus):
    spanish = next(item for item in corpus.rulebooks if item.rulebook.id == "munchkin-es")
    assert spanish.normalised.corrections
    for correction in spanish.normalised.corrections:
        assert spanish.normalised.raw[correction.raw_start:correction.raw_end] == correction.raw
    corrected = [s for s in spanish.sections if s.corrections]
    assert {c for s in corrected for c in s.corrections} == {
        c.id for c in spanish.normalised.corrections}
