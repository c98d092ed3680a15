"""Damage that cannot be repaired is marked and flagged, never filled in: made-up text."""

import pytest

from cardbase.errors import DataError
from cardbase.normalise import damage_marks
from cardbase.normalise.context import StageContext
from cardbase.normalise.lexicon import Lexicon
from cardbase.normalise.overlay import load_overlay
from cardbase.normalise.pipeline import normalise
from cardbase.normalise.textmap import MappedText, apply_edits
from cardbase.segment import quality


def run(text, lang):
    ctx = StageContext.for_language(lang)
    ctx.mapped = MappedText(text)
    mapped, _ = apply_edits(ctx.mapped, damage_marks.run(text, ctx), damage_marks.NAME)
    return mapped.text, ctx


def test_a_line_cut_at_the_margin_keeps_its_piece_and_gets_a_mark():
    text, _ = run("Wenn du einen Drachen nicht allein verjag\nkannst, rufe Hilfe.\n", "de")
    assert text.startswith("Wenn du einen Drachen nicht allein verjag [\u2026]\n")
    assert "verjagen" not in text  # nothing is guessed


def test_a_word_split_over_two_lines_is_not_a_cut():
    text, _ = run("Du darfst jederzeit eine Karte ab\nlegen, wenn du willst.\n", "de")
    assert damage_marks.TRUNCATED not in text


def test_whole_lines_and_short_fragments_are_left_alone():
    text, _ = run("Jeder Spieler zieht vier Karten\nund legt sie offen aus.\n(W\nM\n", "de")
    assert damage_marks.TRUNCATED not in text


def test_a_spanish_cut_line_is_marked_too():
    text, _ = run("Cuando un jugador quiere ayudarte debe negoc\nel tesoro se reparte antes.\n", "es")
    assert damage_marks.TRUNCATED in text.split("\n")[0]


def test_a_lost_symbol_is_found_but_a_named_or_generic_one_is_not():
    text = ("Descarta las cartas salvo que tengan el símbolo en ellas. "
            "Usa el símbolo de ataque. Hay un tipo de símbolo nuevo. Mira los símbolos. "
            "Roba con el .")
    gaps = damage_marks.lost_symbols(text, "es")
    assert gaps == [text.index("símbolo en ellas") + len("símbolo"), text.index("el .") + 2]


SYMBOL_LOST = damage_marks.SYMBOL_LOST


def test_a_double_space_inside_a_spanish_line_is_marked_where_the_symbol_stood():
    text, ctx = run("Roba dos cartas y juega la que lleva la marca  para curarte. "
                    "Descarta la que tenga el .\n", "es")
    assert "la marca [□] para curarte." in text and "tenga el [□]." in text
    assert len(ctx.lost_symbols) == 2


def test_a_double_space_or_a_bare_symbol_noun_alone_is_no_evidence_of_a_lost_symbol():
    for text, lang in [("Killing a  monster gives you a level.\n", "en"),
                       ("The big icon in the corner shows the round.\n", "en"),
                       ("Por cada símbolo en la carta ganas un punto.\n", "es"),
                       ("Wer  zuerst kommt, spielt zuerst.\n", "de")]:
        out, ctx = run(text, lang)
        assert SYMBOL_LOST not in out and not ctx.lost_symbols, text


def test_an_ideographic_space_is_typography_not_a_hole():
    text, ctx = run("勝利条件\u3000村人の勝利\u3000人狼を全員処刑する。\n", "ja")
    assert text == "勝利条件\u3000村人の勝利\u3000人狼を全員処刑する。\n" and not ctx.lost_symbols


def test_a_spanish_article_before_punctuation_has_lost_its_noun():
    text, _ = run("Ganas un tesoro por cada  que tenga el monstruo, y pierdes un nivel con el .\n",
                  "es")
    assert "por cada [□] que tenga" in text and "con el [□].\n" in text
    text, _ = run("Juega una. Después roba la que quieras.\n", "es")  # a numeral may end a phrase
    assert SYMBOL_LOST not in text


def test_a_german_preposition_before_punctuation_and_a_dangling_symbol_are_marked():
    text, _ = run("Lege für jedes  eine Münze ab. Der Zauberer kämpft mit dem , der vorn sitzt.\n"
                  "Karten mit dem Symbol bleiben liegen. Das Symbol für Magie zählt doppelt.\n",
                  "de")
    assert "für jedes [□] eine Münze" in text
    assert "mit dem [□], der vorn" in text
    assert "mit dem Symbol [□] bleiben" in text
    assert "Symbol für Magie" in text and text.count(SYMBOL_LOST) == 3
    text, _ = run("Wer kommt mit? Niemand tut das. Lege sie ab.\n", "de")  # separable prefixes
    assert SYMBOL_LOST not in text


def test_a_vietnamese_gap_is_marked_and_syllables_are_left_alone():
    text, _ = run("Mỗi lá bài có biểu tượng  được cộng thêm một cấp của .\n", "vi")
    assert "biểu tượng [□] được cộng" in text and "cấp của [□]." in text
    text, _ = run("Người chơi rút hai lá bài của mình.\n", "vi")
    assert SYMBOL_LOST not in text


def test_a_japanese_gap_and_an_orphaned_particle_are_marked_without_spaces():
    text, _ = run("このカードは 　のマークがあれば場に残る。また、を捨てる。（）を見よ。\n", "ja")
    assert "このカードは[□]のマーク" in text
    assert "また、[□]を捨てる" in text and "（[□]）を見よ" in text
    text, _ = run("戦闘に勝ったら、レベルが１上がる。\n", "ja")
    assert SYMBOL_LOST not in text


def test_an_icon_font_left_debris_beside_the_noun_and_the_debris_stays():
    text, _ = run("Roba una carta por cada n símbolo de esa carta y una por cada símbolo «• aquí.\n",
                  "es")
    assert "por cada [□] n símbolo de esa carta" in text
    assert "por cada símbolo [□] «• aquí" in text


def test_a_mark_is_an_insertion_and_every_character_keeps_its_raw_span():
    raw = "Regla\nPierdes un punto por cada símbolo en la carta que juegas con el.\n"
    normalised = normalise(raw, "es")
    text = normalised.text
    assert text.count(SYMBOL_LOST) == 2
    assert text.replace(" " + SYMBOL_LOST, "").strip() == raw.strip()
    for word in ("símbolo", "en la carta", "con el", "Pierdes"):
        position = text.index(word)
        start, end = normalised.mapped.raw_span(position, position + len(word))
        assert raw[start:end] == word
    for offset in normalised.lost_symbols:
        assert raw[:offset].endswith(("símbolo", "con el"))
    marks = [c for c in normalised.changes if c.stage == damage_marks.NAME]
    assert [c.before for c in marks] == ["", ""] and all(c.raw_start == c.raw_end for c in marks)


def test_a_lost_symbol_flags_the_section_and_lowers_its_quality():
    raw = "Regla\nPierdes un punto por cada símbolo en la carta que juegas, o con el .\n"
    normalised = normalise(raw, "es")
    score, flags = quality.assess(normalised.text, raw, Lexicon("es"))
    flag = next(f for f in flags if f.name == "symbols_lost")
    assert "cada símbolo [□] en la carta" in flag.detail
    reviewer_score, _ = quality.assess("Pierdes un punto por cada símbolo.", raw, Lexicon("es"),
                                       human_flags=["symbols_lost"])
    assert score < 1.0 and score <= reviewer_score


def test_a_passage_kept_as_printed_gets_no_mark(tmp_path):
    raw = "Discute el significado de esta frase sin alguna palabra en un.\nRoba con el .\n"
    overlay = tmp_path / "x.yaml"
    overlay.write_text("corrections:\n  - id: chiste\n    reason: as_printed\n"
                       "    note: a joke\n    raw: alguna palabra en un.\n", encoding="utf-8")
    corrections = load_overlay(overlay, raw)
    normalised = normalise(raw, "es", corrections=corrections)
    assert "palabra en un." in normalised.text and "con el [□]." in normalised.text
    assert normalised.text.count(SYMBOL_LOST) == 1
    assert normalised.corrections == []  # kept as printed: nothing was corrected


def test_a_marked_cut_makes_a_section_truncated():
    body = "Kannst du den Drachen nicht allein verjag [\u2026] Spieler um Hilfe bitten."
    _, flags = quality.assess(body, body, Lexicon("de"))
    assert "truncated" in [f.name for f in flags]


def test_a_short_heap_of_word_pieces_scores_low_whatever_its_length():
    score, flags = quality.assess("W\nandern des\nM\non st er", "", Lexicon("de"),
                                  running_text=False)
    assert "scrambled" in [f.name for f in flags] and score < 0.7
    score, flags = quality.assess("stei Ge 1 stu Fe Au F", "", Lexicon("de"), running_text=False)
    assert "scrambled" in [f.name for f in flags] and score < 0.7
    score, flags = quality.assess("Steige eine Stufe auf.", "", Lexicon("de"), running_text=False)
    assert score == 1.0 and not flags


def test_a_passage_kept_as_printed_may_not_carry_a_text_of_its_own(tmp_path):
    raw = "Roba con el.\n"
    overlay = tmp_path / "x.yaml"
    overlay.write_text("corrections:\n  - id: x\n    reason: as_printed\n    note: n\n"
                       "    raw: con el.\n    text: con el dado.\n", encoding="utf-8")
    with pytest.raises(DataError, match="as_printed"):
        load_overlay(overlay, raw)


def test_english_articles_before_punctuation_but_not_a_name_letter():
    text, _ = run("Discard a card for each  you hold. Keep the .\nUse plan A. It is the best.\n", "en")
    assert "for each [□] you hold" in text and "Keep the [□]." in text
    assert "plan A." in text and text.count(SYMBOL_LOST) == 2


def test_a_paragraph_cut_off_at_its_end_gets_a_mark_but_a_short_item_does_not():
    text, _ = run("Wenn du einen großen Drachen nicht allein verjag\n\nZweiter Absatz.\n", "de")
    assert "allein verjag [\u2026]\n" in text
    text, _ = run("• 6 Levelanzeiger\n• 5 Jokern\n\nZweiter Absatz.\n", "de")
    assert damage_marks.TRUNCATED not in text


def test_double_spaces_after_articles_twice_in_a_document_are_evidence_enough():
    text, ctx = run("Discard a card for each  you hold. Then take the  from the box.\n", "en")
    assert "for each [□] you hold" in text and "take the [□] from" in text
    text, ctx = run("Discard a card for each  you hold. Then take one from the box.\n", "en")
    assert SYMBOL_LOST not in text
