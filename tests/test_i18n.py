"""Messages in every shipped language, with the right plural forms, and English as the fallback."""

from pathlib import Path

import pytest

from cardbase import i18n

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def restore_language():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("lang, word", [("es", "permitido"), ("de", "erlaubt"), ("ja", "許可"),
                                        ("vi", "được phép"), ("en", "allowed"),
                                        ("fr", "allowed")])
def test_verdict_words(lang, word):
    i18n.set_language(lang)
    assert i18n._("allowed") == word


def test_placeholders_are_filled_in_every_language():
    for lang in ("es", "de", "ja", "vi"):
        i18n.set_language(lang)
        text = i18n._("no card named {name!r}; `cardbase cards` lists them", name="Zzz")
        assert "'Zzz'" in text and "cardbase cards" in text


@pytest.mark.parametrize("lang, n, expected", [
    ("es", 1, "1 reparación"), ("es", 2, "2 reparaciones"),
    ("de", 1, "1 Reparatur"), ("de", 5, "5 Reparaturen"),
])
def test_plural_forms(lang, n, expected):
    i18n.set_language(lang)
    assert i18n.ngettext("{n} repair ({detail})", "{n} repairs ({detail})", n,
                         detail="x").startswith(expected)


def test_the_environment_chooses_the_language(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert i18n.environment_language() == "de"
    i18n.set_language(None)
    assert i18n._("allowed") == "erlaubt"


def test_every_catalog_is_complete_and_keeps_placeholders():
    import re

    from babel.messages.pofile import read_po

    for lang in ("es", "de", "ja", "vi"):
        path = ROOT / "locales" / lang / "LC_MESSAGES" / "cardbase.po"
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=lang)
        for message in catalog:
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            assert all(strings), (lang, ids[0])
            placeholder = r"\{[^}]*\}|%\([^)]*\)s"
            wanted = sorted(set(re.findall(placeholder, ids[-1])) - {"{n}", "%(n)s"})
            for string in strings:
                found = sorted(set(re.findall(placeholder, string)) - {"{n}", "%(n)s"})
                assert found == wanted, (lang, ids[0], string)


def test_a_language_block_restores_the_language_before_it():
    i18n.set_language("de")
    with i18n.language("ja"):
        assert i18n._("allowed") == "許可"
    assert i18n._("allowed") == "erlaubt"


def test_every_message_in_the_code_is_in_the_template_and_every_catalog():
    from babel.messages.extract import extract_from_dir
    from babel.messages.pofile import read_po

    with (ROOT / "babel.cfg").open(encoding="utf-8") as handle:
        from babel.messages.frontend import parse_mapping_cfg

        method_map, options_map = parse_mapping_cfg(handle)
    keywords = {"_": None, "N_": None, "ngettext": (1, 2), "gettext": None}
    in_code = set()
    for _filename, _line, message, _comments, _context in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=keywords):
        in_code.add(message[0] if isinstance(message, tuple) else message)
    with (ROOT / "locales" / "cardbase.pot").open("rb") as handle:
        template = {m.id[0] if isinstance(m.id, tuple) else m.id for m in read_po(handle) if m.id}
    assert sorted(in_code - template) == []
    for lang in ("es", "de", "ja", "vi"):
        with (ROOT / "locales" / lang / "LC_MESSAGES" / "cardbase.po").open("rb") as handle:
            catalog = {m.id[0] if isinstance(m.id, tuple) else m.id for m in read_po(handle)
                       if m.id and m.string and not m.fuzzy}
        assert sorted(in_code - catalog) == [], lang
