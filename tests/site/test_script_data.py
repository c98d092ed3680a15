"""Data inside a page's own script element: JSON that holds no character the HTML parser acts on
inside a script, and reads back as the same data."""

from __future__ import annotations

import json

import pytest

from cardbase.site.scriptdata import script_json

HOSTILE = ["</script><script>alert(1)</script>", "<!--<script>", "a & b > c", "]]>", "\u2028"]


@pytest.mark.parametrize("text", HOSTILE)
def test_script_data_reads_back_as_the_same_text(text):
    data = script_json({"title": text, "list": [text]}, ensure_ascii=False)
    assert not set("<>&") & set(data)
    assert json.loads(data) == {"title": text, "list": [text]}


def test_script_data_escapes_as_django_does():
    assert script_json("<!--<script> & </script>") == \
        '"\\u003C!--\\u003Cscript\\u003E \\u0026 \\u003C/script\\u003E"'


def test_the_check_page_words_and_data_hold_no_markup_character(tmp_path):
    from cardbase.site.checkpage import render_form

    rulebooks = [{"id": "book", "game_id": "game", "lang": "en", "title": "<!--<script> & >"}]
    form = str(render_form({}, {"game": "Game"}, rulebooks, {}, "en"))
    block = form.split('<script type="application/json" id="cb-check-words">', 1)[1]
    data, rest = block.split("</script>", 1)
    assert rest == "" and not set("<>&") & set(data)
    assert json.loads(data)["rulebooks"] == {"book": "<!--<script> & >"}
