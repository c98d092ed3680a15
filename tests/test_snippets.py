"""Snippets cut between words, with an ellipsis where text was left out: German, Spanish and
Vietnamese at a space, Japanese at a character."""

from __future__ import annotations

import re

import pytest


GERMAN = ("Am Anfang des Spiels erhält jeder Spieler vier Türkarten und vier Schatzkarten. "
          "Wer eine Stufe aufsteigt, darf sofort weitere Gegenstände ausspielen, solange er "
          "nicht im Kampf ist. Wenn du stirbst, verlierst du deine ganze Habe, aber du behältst "
          "deine Stufe, deine Klasse und deine Rasse. Dann beginnt dein nächster Zug.")
JAPANESE = ("戦闘に勝つとレベルが1上がり、モンスターカードに書かれている枚数のトレジャーカードを"
            "引きます。負けた場合は逃げることができます。逃げるにはサイコロを振り、5以上が出れば"
            "成功です。失敗するとモンスターの書かれているひどいことが起こります。")
VIETNAMESE = ("Khi một quái vật được chơi lên một căn cứ, người chơi không kiểm soát nó. Thay "
              "vào đó, quái vật đó tấn công các quân lính của mọi người chơi tại căn cứ cho "
              "đến khi bị tiêu diệt, và mỗi lượt nó lại mạnh thêm một chút nữa.")


def _whole_words(snippet: str, body: str) -> None:
    words = set(re.findall(r"\w+", body))
    for word in re.findall(r"\w+", snippet):
        assert word in words, word


@pytest.mark.parametrize("body, needle", [(GERMAN, "stirbst"), (VIETNAMESE, "tan cong"),
                                          (VIETNAMESE, "quân lính")])
def test_snippets_are_cut_between_words_with_an_ellipsis(body, needle):
    from cardbase.search.fulltext import parse_query, snippet

    text = snippet(body, parse_query(needle).needles, width=80)
    assert text.startswith("…") and text.endswith("…")
    assert len(text) <= 82
    _whole_words(text, body)


def test_a_snippet_from_the_start_is_cut_between_words():
    from cardbase.search.fulltext import snippet

    text = snippet(GERMAN, ["nothing here"], width=50)
    assert not text.startswith("…") and text.endswith("…")
    _whole_words(text, GERMAN)


def test_a_japanese_snippet_is_cut_at_a_character_and_keeps_the_ellipsis():
    from cardbase.search.fulltext import parse_query, snippet

    text = snippet(JAPANESE, parse_query("サイコロ").needles, width=40)
    assert "サイコロ" in text
    assert text.startswith("…") and text.endswith("…")
    assert 30 <= len(text) <= 42


def test_a_short_body_is_not_marked_as_cut():
    from cardbase.search.fulltext import snippet

    assert snippet("Huir  del\nmonstruo.", ["huir"]) == "Huir del monstruo."


def test_excerpts_import_only_the_standard_library():
    """Snippets are made on the lookup path."""
    import subprocess
    import sys

    code = ("import sys; before = set(sys.modules); import cardbase.search.excerpt; "
            "print(*sorted(set(sys.modules) - before))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True).stdout.split()
    assert {m.split(".")[0] for m in loaded} - set(sys.stdlib_module_names) <= {"cardbase"}
    assert {m for m in loaded if m.startswith("cardbase.")} <= {
        "cardbase.search", "cardbase.search.textkeys", "cardbase.search.excerpt"}
