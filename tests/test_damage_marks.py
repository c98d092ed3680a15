"""Damage that cannot be repaired is marked and flagged, never filled in: made-up text."""

from cardbase.normalise import damage_marks
from cardbase.normalise.context import StageContext
from cardbase.normalise.lexicon import Lexicon
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
            "Usa el símbolo de ataque. Hay un tipo de símbolo nuevo. Mira los símbolos.")
    gaps = damage_marks.lost_symbols(text, "es")
    assert gaps == [text.index("símbolo en ellas") + len("símbolo")]


def test_a_lost_symbol_is_flagged_with_the_gap_shown():
    raw = "Regla\nPierdes un punto por cada símbolo en la carta que juegas.\n"
    normalised = normalise(raw, "es")
    assert len(normalised.lost_symbols) == 1
    offset = normalised.lost_symbols[0]
    assert raw[:offset].endswith("símbolo")
    position = normalised.text.index("símbolo") + len("símbolo")
    gap = quality.symbol_gap(normalised.text, position)
    score, flags = quality.assess(normalised.text, raw, Lexicon("es"), symbol_gaps=[gap])
    flag = next(f for f in flags if f.name == "symbols_lost")
    assert "cada símbolo [□] en la carta" in flag.detail
    assert score < 1.0


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
