"""The escaping helpers on text made up here: whatever the text, Markdown shows it as it is.

Each value is rendered where the templates put it (a line, a table cell, link text, a heading
with attributes) by Python-Markdown with the site's own extensions (from ``mkdocs.yml``), and the
result must hold the text and no element the template did not write. ``lang`` marks, the root
of a foreign passage, and the front matter the theme prints unescaped are checked too.
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardbase.site.markup import bcp47, block, escape, front_matter, html_in_lang, in_lang

ROOT = Path(__file__).resolve().parent.parent.parent

PIECES = ["<script>alert(1)</script>", "<img src=x onerror=alert(2)>", '"><svg onload=alert(3)>',
          "[x](javascript:alert(4))", "{: onclick=alert(5) }", "{{ 7*7 }}", "{% raw %}",
          "<!-- c -->", "|", "`", "``", "*", "**", "_", "__", "~", "#", "##", "!!! note", "???",
          "=== \"t\"", ": ", "1. ", "- ", "+ ", "> ", "    ", "\t", "\n", "\r", "\\", "&amp;",
          "&#42;", "&", "[", "]", "(", ")", "{", "}", "\x02wzxhzdk:0\x03", "\u2028", "é", "戦闘",
          "Quái vật", "a", "b", " "]
texts = st.lists(st.sampled_from(PIECES), max_size=12).map("".join) | st.text(max_size=40)


def _markdown():
    import markdown

    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    names, options = [], {}
    for entry in config["markdown_extensions"]:
        if isinstance(entry, dict):
            (name, value), = entry.items()
            names.append(name)
            options[name] = value or {}
        else:
            names.append(entry)
    return markdown.Markdown(extensions=names, extension_configs=options)


MD = _markdown()


class _Elements(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self.text.append(" ")  # the elements here are blocks, cells or whole links

    def handle_endtag(self, tag):
        self.text.append(" ")

    def handle_data(self, data):
        self.text.append(data)

    def handle_comment(self, data):
        self.tags.append(("!--", {}))


def _render(markdown_text: str) -> tuple[list[tuple[str, dict]], str]:
    MD.reset()
    parser = _Elements()
    parser.feed(MD.convert(markdown_text))
    parser.close()
    return parser.tags, " ".join("".join(parser.text).split())


def _shown(text: str) -> str:
    """The text as a reader sees it: controls and line breaks are spaces, runs of space one."""
    text = re.sub(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]", " ", text)
    return " ".join(text.split())


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(texts)
def test_a_value_in_a_line_shows_as_written(text):
    tags, shown = _render(f"Before {escape(text)} after")
    assert [t for t, _ in tags] == ["p"], tags
    assert shown == _shown(f"Before {text} after")


@settings(max_examples=200, deadline=None)
@given(texts)
def test_a_value_at_the_start_of_a_line_opens_no_block(text):
    tags, shown = _render(escape(text))
    assert [t for t, _ in tags] in (["p"], []), tags
    assert shown == _shown(text)


@settings(max_examples=200, deadline=None)
@given(texts, texts)
def test_values_in_table_cells_stay_in_their_cells(first, second):
    tags, shown = _render(f"| A | B |\n|---|---|\n| {escape(first)} | {escape(second)} |\n")
    assert [t for t, _ in tags].count("td") == 2, tags
    assert {t for t, _ in tags} <= {"table", "thead", "tbody", "tr", "th", "td"}
    assert shown == _shown(f"A B {first} {second}")


@settings(max_examples=200, deadline=None)
@given(texts)
def test_a_value_as_link_text_and_heading_keeps_its_link_and_attributes(text):
    tags, shown = _render(f"[{escape(text)}](../topics/combat.md)")
    assert tags == [("p", {}), ("a", {"href": "../topics/combat.md"})], tags
    assert shown == _shown(text)
    if not _shown(text):
        return  # a heading without text has no attributes either: the data has none such
    tags, shown = _render(f"## {escape(text)} {{ #slug lang=\"es\" }}")
    heading = [(t, a) for t, a in tags if t == "h2"]
    assert heading and heading[0][1].get("id") == "slug" and heading[0][1].get("lang") == "es"
    assert all(not name.startswith("on") for _, attrs in tags for name in attrs)


@settings(max_examples=200, deadline=None)
@given(texts)
def test_a_block_keeps_the_text_out_of_markdown(text):
    tags, shown = _render(f"Intro\n\n{block(text, lang='ja')}\n\n*after*")
    assert tags[1][0] == "div" and tags[1][1].get("lang") == "ja"
    assert {t for t, _ in tags[2:-2]} <= {"p"}
    assert shown == _shown(f"Intro {text} after")


def test_in_lang_marks_only_a_foreign_value():
    assert in_lang("Huir *ya*", "es", "en") == '<span lang="es">Huir \\*ya\\*</span>'
    assert in_lang("Huir", "es", "es") == "Huir"
    assert in_lang("Huir", None, "en") == "Huir"
    assert in_lang("", "es", "en") == ""
    assert in_lang("Nivel", "pt_BR", "en") == '<span lang="pt-BR">Nivel</span>'
    assert (html_in_lang("<b>戦闘</b>", "ja", "en")
            == '<span lang="ja">&lt;b&gt;戦闘&lt;/b&gt;</span>')


@pytest.mark.parametrize("code", ['es" onclick="x', "e s", "x" * 20, "<ja>", ""])
def test_a_language_code_never_carries_markup(code):
    assert bcp47(code) == ""
    assert in_lang("text", code, "en") == "text"
    assert "lang=" not in str(block("text", lang=code))


def test_the_front_matter_is_escaped_for_the_theme():
    meta = str(front_matter(title='</title><script>alert(1)</script> "x"',
                            heading_lang={"huir": "es"}, description=None))
    assert meta.startswith("---\n") and meta.endswith("\n---\n")
    values = yaml.safe_load(meta.strip("-\n"))
    assert values["title"] == "&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;x&quot;"
    assert html.unescape(values["title"]) == '</title><script>alert(1)</script> "x"'
    assert values["heading_lang"] == {"huir": "es"} and "description" not in values
    assert front_matter(heading_lang={}) == ""
