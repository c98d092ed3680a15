"""Search keys and full-text search in every language, with hostile input."""

import pytest

from cardbase.search.fulltext import parse_query, search, snippet
from cardbase.search.textkeys import fold, index_text, slugify


def test_folding():
    assert fold("Quái Vật") == "quai vat"
    assert fold("Đánh đối") == "danh doi"
    assert fold("Straße") == "strasse"
    assert fold("ｶｰﾄﾞ") == "カード"
    assert fold("が") == "が"          # voicing marks are letters in Japanese


def test_cjk_is_indexed_as_character_pairs():
    assert index_text("戦闘中") == "戦闘 闘中"
    assert index_text("Half-Breedカード") == "half breed カー ード"


def test_slugs_are_ascii():
    assert slugify("Gegenstände verkaufen") == "gegenstande-verkaufen"
    assert slugify("Phá hủy Quái vật") == "pha-huy-quai-vat"


@pytest.mark.parametrize("hostile", ['"', 'AND', "don't", "a-b", '"unbalanced', "NEAR(", "*",
                                     "OR OR", "^", "col:umn", "()", "'; DROP TABLE sections; --"])
def test_hostile_queries_never_raise(conn, hostile):
    assert isinstance(search(conn, hostile), list)


@pytest.mark.parametrize("query, lang, expected_ref", [
    ("huir", None, "munchkin-es/huir"),
    ("逃げる", "ja", "munchkin-ja/running-away"),
    ("戦闘", None, "munchkin-ja/combat"),
    ("呪い", None, "munchkin-ja/curse"),
    ("quai vat khong kiem soat", None, "smashup-munchkin-vi/quai-vat-khong-kiem-soat"),
    ("Weglaufen", "de", "munchkin-warhammer-aos-de/weglaufen"),
    ("curación", None, "dungeon-mayhem-es/curacion"),
    ("CURACION", None, "dungeon-mayhem-es/curacion"),
])
def test_lookups_in_every_language(conn, query, lang, expected_ref):
    hits = search(conn, query, lang=lang)
    assert hits and hits[0]["ref"] == expected_ref, [h["ref"] for h in hits]


def test_vietnamese_without_diacritics_and_with_d_stroke(conn):
    assert any(h["lang"] == "vi" for h in search(conn, "quai vat"))
    assert any("Đ" in h["snippet"] or "đ" in h["snippet"] for h in search(conn, "danh"))


def test_single_japanese_character_matches_as_prefix(conn):
    assert search(conn, "呪")


def test_snippet_is_taken_around_the_match():
    body = "a " * 200 + "Quái vật xuất hiện" + " b" * 200
    assert "Quái vật" in snippet(body, parse_query("quai vat").needles)


def test_lang_filter(conn):
    assert {h["lang"] for h in search(conn, "monster", lang="de")} == {"de"}
