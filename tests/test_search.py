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


def test_invisible_characters_typed_or_pasted_are_no_part_of_a_word():
    # a zero-width space, a soft hyphen, a joiner, a right-to-left mark, a byte-order mark
    assert fold("hu\u200bir") == "huir"
    assert fold("Ma\u00adza\u200d Afi\u200flada\ufeff") == "maza afilada"
    assert fold("戦\u200b闘") == "戦闘"


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


# --- bounded input --------------------------------------------------------------------------

from cardbase.search import analysis  # noqa: E402
from cardbase.search.fulltext import (MAX_QUERY_CHARS, MAX_TERMS, _accent_agrees,  # noqa: E402
                                      _edits, search_sections)


def test_terms_are_capped_and_deduplicated():
    many = parse_query(" ".join(f"wort{i}" for i in range(500)))
    assert len(many.terms) == MAX_TERMS and many.truncated
    assert parse_query("huir huir HUIR Huír").needles == ["huir"]
    assert not parse_query("huir monstruo").truncated


def test_a_huge_query_is_cut_to_its_first_characters(conn):
    found = search_sections(conn, "huir " * 20000)
    assert found["truncated"] and found["results"][0]["ref"] == "munchkin-es/huir"
    assert len(parse_query("x" * 100_000).needles[0]) == MAX_QUERY_CHARS


def test_and_first_then_an_announced_or(conn):
    assert search_sections(conn, "huir monstruo")["match"] == "all"
    fallback = search_sections(conn, "zzzzqx huir")
    assert fallback["match"] == "any" and fallback["results"]
    assert search_sections(conn, "zzzzqx")["match"] is None


def test_the_cli_says_when_it_fell_back_to_any_word(runner, built_db):
    import json

    from cardbase.cli import main

    text = runner.invoke(main, ["rule", "zzzzqx huir", "--db", str(built_db)])
    assert text.exit_code == 0 and "every word" in text.output
    data = json.loads(runner.invoke(main, ["rule", "zzzzqx huir", "--db", str(built_db),
                                           "--json"]).output)
    assert data["match"] == "any"
    long_miss = runner.invoke(main, ["rule", "q" * 5000, "--db", str(built_db)])
    assert long_miss.exit_code == 1 and len(long_miss.stderr) < 300


# --- words understood -------------------------------------------------------------------------

def test_stems_and_german_spellings_are_variants():
    assert "tesor" in analysis.latin_variants("tesoros")
    assert "gegenstande" in analysis.latin_variants("gegenstaende")


def test_compounds_split_on_words_of_the_corpus():
    vocabulary = {"drachen", "feuer", "schwert", "karten"}
    assert analysis.compound_parts("feuerschwert", vocabulary) == ["feuer", "schwert"]
    assert analysis.compound_parts("drachenkarten", vocabulary) == ["drachen", "karten"]
    assert analysis.compound_parts("zauberstab", vocabulary) == []


def test_one_letter_typos_reach_a_word_of_the_index():
    assert {"combate", "weglaufen", "vat"} <= _edits("conbate") | _edits("wegluafen") | _edits("vta")


@pytest.mark.parametrize("query, expected_ref", [
    ("conbate", "munchkin-es/combate"),          # a typo
    ("wegluafen", "munchkin-warhammer-aos-de/weglaufen"),
    ("vendo objetos", "munchkin-es/vender-objetos"),   # an inflection
    ("gegenstaende", "munchkin-warhammer-aos-de/gegenstande"),  # umlaut typed as ae
    ("モンスターから逃げる", "munchkin-ja/running-away"),  # particles and a verb
    ("しゅぞく", "munchkin-ja/race"),              # kana typed for kanji
    ("のろい", "munchkin-ja/curse"),
])
def test_words_as_players_type_them(conn, query, expected_ref):
    refs = [h["ref"] for h in search(conn, query)][:3]
    assert expected_ref in refs, refs


def test_typed_accents_narrow_and_missing_accents_do_not():
    assert not _accent_agrees("bại", "bài") and _accent_agrees("bai", "bài")
    assert _accent_agrees("tür", "türen") and not _accent_agrees("tür", "turno")


def test_tuer_finds_the_german_door_not_spanish_turns(conn):
    from cardbase.search.rules import get_section

    hits = search(conn, "Tür")
    assert hits and hits[0]["lang"] == "de"
    # Spanish sections come only through the glossary (puerta), never for their "turno"
    assert not any("turno" in get_section(conn, h["ref"])["body"].lower() for h in hits)
    assert not any("bại" not in h["snippet"].lower() for h in search(conn, "bại"))


def test_english_reaches_other_rulebooks_through_the_glossary(conn):
    from cardbase.search.rules import find_rules

    langs = {h["lang"] for h in find_rules(conn, "curse")["results"]}
    assert {"es", "ja"} <= langs or {"de", "ja"} <= langs


def test_inflections_reach_their_lemma(conn):
    assert "munchkin-es/muerte" in [h["ref"] for h in search(conn, "muero")][:3]
    assert "munchkin-warhammer-aos-de/tod" in [h["ref"] for h in search(conn, "sterben")][:3]


def test_the_most_frequent_words_are_not_required(conn):
    assert analysis.common_words("es", {"la", "puerta", "del"}) == ["del", "la"]
    assert analysis.common_words("ja", {"の"}) == []
    found = search_sections(conn, "huir zzzz del la")
    assert found["match"] == "any"  # an unknown word is still required
    found = search_sections(conn, "la huir del")
    assert found["match"] == "all" and found["results"][0]["ref"] == "munchkin-es/huir"


def test_adverts_and_credits_rank_below_rules(conn):
    from cardbase.storage.queries import RULE_KINDS

    for query in ("juego", "cartas jugadores", "nivel"):
        kinds = [h["kind"] in RULE_KINDS for h in search(conn, query, limit=30)
                 if not fold(h["heading"]).startswith(fold(query))]
        assert kinds == sorted(kinds, reverse=True), query


def test_an_umlaut_typed_keeps_the_forms_without_it():
    from cardbase.search.fulltext import _keeps_accents

    terms = parse_query("Schwerter").terms + parse_query("Gegenstände").terms
    typed = [t for t in terms if t.typed]
    assert _keeps_accents({"heading": "Ein Gegenstand", "body": "Schwert"}, typed)
    assert not _keeps_accents({"heading": "Turno", "body": "el turno"}, parse_query("Tür").terms)
    assert not _keeps_accents({"heading": "bài", "body": ""}, parse_query("bại").terms)


def test_stored_stems_give_the_variants_the_stemmer_gives():
    """The stems a build stores (``word_stems``) stand in for the stemmer: a query word's
    variants are the same with them as without, for made-up and German-spelled words too."""
    from cardbase.search.analysis import STEM_LANGUAGES, latin_variants, stem_table

    words = {"huir", "huyes", "gegenstaende", "stufen", "running", "fluche", "zorblaxen",
             "quaekeln"}
    rows = stem_table(words)
    assert {"gegenstande", "quakeln"} <= {row["word"] for row in rows}
    known = {(row["word"], lang): row[lang] or row["word"] for row in rows
             for lang in STEM_LANGUAGES}
    for word in words:
        for languages in (None, ("es",), ("de", "vi")):
            assert latin_variants(word, languages, known) == latin_variants(word, languages)


def test_a_query_is_answered_alike_with_and_without_the_stored_stems(built_db, monkeypatch):
    """The stored stems change what a query loads, never what it finds (a word the build never
    met, such as ``huyendo`` in another spelling, goes to the stemmer)."""
    import cardbase.search.fulltext as fulltext
    from cardbase.search.rules import find_rules
    from cardbase.storage.database import connect

    conn = connect(built_db)
    queries = ["huir", "Gegenstaende", "Flüche", "huyendo", "running away", "Stufen",
               "zorblaxen huir"]
    stored = [find_rules(conn, q) for q in queries]
    monkeypatch.setattr(fulltext, "word_stems", lambda conn, words: {})
    assert [find_rules(conn, q) for q in queries] == stored
    assert stored[0]["results"]


# --- what players type that the printed text does not hold ---------------------------------------

def test_spanish_pronouns_written_onto_a_verb_are_taken_off():
    from cardbase.search.analysis import clitic_base

    assert clitic_base("curarse") == "curar"
    assert clitic_base("esconderte") == "esconder"
    assert clitic_base("dandole") == "dando"         # dándole, folded
    assert clitic_base("entregarselo") == "entregar"  # two pronouns
    assert clitic_base("darselo") is None             # dar: too short to tell from other words
    assert clitic_base("venderselos") == "vender"
    assert clitic_base("mesa") is None
    assert clitic_base("tesoros") is None


def test_a_compound_is_cut_into_two_known_words():
    from cardbase.search.analysis import split_compound

    def known(words):
        return [w for w in words if w in {"tausch", "handel", "arbeit", "platz", "hand", "karten"}]

    assert split_compound("tauschhandel", known) == ["tausch", "handel"]
    assert split_compound("arbeitsplatz", known) == ["arbeit", "platz"]  # linking s
    assert split_compound("handkarten", known) == ["hand", "karten"]
    assert split_compound("zauberstab", known) == []
    assert split_compound("hand", known) == []


def test_a_vietnamese_tone_mark_on_another_vowel_agrees():
    from cardbase.search.fulltext import _accent_agrees

    assert _accent_agrees("huỷ", "hủy") and _accent_agrees("hoà", "hòa")
    assert _accent_agrees("sóat", "soát")
    assert not _accent_agrees("bại", "bài")        # another tone narrows still
    assert not _accent_agrees("tür", "turno")
    assert _accent_agrees("tür", "türen")


@pytest.mark.parametrize("query, expected", [
    ("handkarten", "munchkin-warhammer-aos-de/kartentypen"),
    ("kiểm sóat quái vật", "smashup-munchkin-vi/quai-vat-khong-kiem-soat"),
    ("quái vật bị phá huỷ", "smashup-munchkin-vi/pha-huy-quai-vat"),
    ("勝利条件", "munchkin-ja/winning"),
    ("curarse", "dungeon-mayhem-es/curacion"),
    ("fleeing", "munchkin-es/huir"),
])
def test_words_typed_otherwise_find_the_rule(conn, query, expected):
    refs = [hit["ref"] for hit in search(conn, query, limit=5)]
    assert expected in refs, refs
