"""Each normalisation stage on text no rulebook contains."""

import unicodedata

import pytest

from cardbase.normalise import (cut_paragraphs, hyphenation, letter_spacing, page_furniture,
                                reflow, split_words, unicode_forms, whitespace)
from cardbase.normalise.context import StageContext
from cardbase.normalise.pipeline import normalise
from cardbase.normalise.textmap import MappedText, apply_edits


def run(stage, text, lang="de"):
    ctx = StageContext.for_language(lang)
    ctx.mapped = MappedText(text)
    mapped, _ = apply_edits(ctx.mapped, stage.run(text, ctx), stage.NAME)
    return mapped.text, ctx


# --- unicode ---------------------------------------------------------------------------------

def test_unicode_full_width_digits_and_letters():
    text, _ = run(unicode_forms, "カード１６８枚とＡＢＣ", "ja")
    assert text == "カード168枚とABC"


def test_unicode_odd_spaces_soft_hyphens_and_nfc():
    decomposed = "Cafe\u0301\u00a0mit\u202fWas\u00adser"
    text, _ = run(unicode_forms, decomposed, "de")
    assert text == "Café mit Wasser"
    assert unicodedata.is_normalized("NFC", text)


def test_unicode_repairs_mojibake_but_keeps_curly_quotes():
    text, _ = run(unicode_forms, "â€žSchÃ¶n“ und „echt“", "de")
    assert "Schön" in text and "„echt“" in text


# --- page furniture --------------------------------------------------------------------------

def test_page_markers_leave_the_text_and_keep_their_numbers():
    raw = "Erster Absatz endet hier.\n\n- 7 -\n\nZweiter Absatz."
    text, ctx = run(page_furniture, raw)
    assert text == "Erster Absatz endet hier.\n\nZweiter Absatz."
    assert [page for _, page in ctx.pages] == [7]


def test_a_page_break_inside_a_sentence_becomes_a_space():
    text, _ = run(page_furniture, "la carta que\n\n-12-\n\nlleva el jugador", "es")
    assert text == "la carta que lleva el jugador"


def test_print_slugs_are_removed():
    text, ctx = run(page_furniture, "Regeltext.\nHeft_Regeln_2021.indd 4 01.02.21 10:00\n")
    assert "indd" not in text and ctx.furniture


def test_bare_page_numbers_and_running_heads_leave_the_text_when_the_document_shows_them():
    raw = ("Space Pirates\n\nEach player takes a ship and two crew\n\n2\n\nSpace Pirates\n\n"
           "members from the box.\n\nThe oldest player starts the game and\n\n3\n\n"
           "Space Pirates\n\nplays the first card.\n")
    text, ctx = run(page_furniture, raw, "en")
    assert text == ("Space Pirates\n\nEach player takes a ship and two crew members from the box."
                    "\n\nThe oldest player starts the game and plays the first card.\n")
    assert [page for _, page in ctx.pages] == [2, 3] and len(ctx.furniture) == 2


@pytest.mark.parametrize("raw", [
    "Scores\n\n12\n\nThe winner has the most points.\n",           # one number proves nothing
    "Round one\n\n5\n\nRound two\n\n3\n\nThe end.\n",             # numbers that go down
    "Points per card:\n1\n2\n3\nThat is all.\n",                     # a column of numbers
])
def test_numbers_that_are_not_page_numbers_stay(raw):
    assert run(page_furniture, raw, "en")[0] == raw


# --- cut paragraphs --------------------------------------------------------------------------

def test_a_word_cut_by_a_blank_line_is_rejoined_with_a_space():
    text, _ = run(cut_paragraphs, "juega una Maldi\n\nción sobre él.", "es")
    assert text == "juega una Maldi ción sobre él."


def test_real_paragraph_breaks_stay():
    raw = "Fin del párrafo.\n\nOtro párrafo empieza."
    assert run(cut_paragraphs, raw, "es")[0] == raw


# --- split words -----------------------------------------------------------------------------

@pytest.mark.parametrize("lang, damaged, repaired", [
    ("de", "Der Dr ache ver brennt das Dor f", "Der Drache verbrennt das Dorf"),
    ("de", "W ir spielen g emeinsam bis zum A bend", "Wir spielen gemeinsam bis zum Abend"),
    ("es", "El cabal lero montó su caba llo", "El caballero montó su caballo"),
    ("es", "La prince sa vive en el casti llo", "La princesa vive en el castillo"),
])
def test_split_words_are_joined_in_sentences_no_rulebook_contains(lang, damaged, repaired):
    assert run(split_words, damaged, lang)[0] == repaired


@pytest.mark.parametrize("lang, sentence", [
    ("es", "Roba dos cartas y juega una."),      # not "robados"
    ("es", "Lo hace por que quiere."),           # not "porque"
    ("de", "Er sitzt in dem Haus."),             # not "indem"
    ("de", "Die Monster nicht bekämpfen."),      # no compound of two whole words
])
def test_whole_words_side_by_side_are_not_joined(lang, sentence):
    assert run(split_words, sentence, lang)[0] == sentence


def test_a_capital_never_continues_a_word():
    assert run(split_words, "der f inster en W elt", "de")[0] == "der finsteren Welt"


def test_vietnamese_syllables_are_never_joined():
    sentence = "Người chơi rút một lá bài quái vật"
    assert run(split_words, sentence, "vi")[0] == sentence


def test_german_compounds_missing_from_the_word_list_are_joined_only_inside_a_fragment():
    assert run(split_words, "vier Sc hatzkar ten ziehen", "de")[0] == "vier Schatzkarten ziehen"


def test_an_inflection_ending_cut_off_a_word_is_joined_in_a_damaged_text():
    # ``Bur g`` shows the text splits words; ``Hauses`` and ``Waldes`` stand apart as two words
    damaged = "Die Bur g steht am Ende des Wald es neben dem Dach des Haus es."
    assert run(split_words, damaged, "de")[0] == \
        "Die Burg steht am Ende des Waldes neben dem Dach des Hauses."


@pytest.mark.parametrize("lang, sentence, kept", [
    ("de", "Am Ende des Wald es neben dem Haus es.", "Wald es"),  # no other split: clean text
    ("de", "Die Bur g steht, gibt es dort.", "gibt es"),          # "gibtes" is no word
    ("es", "El jugador es el rey del cas tillo.", "jugador es"),  # Spanish "es" is no ending
])
def test_a_word_and_an_ending_stay_apart_without_evidence_or_likelihood(lang, sentence, kept):
    assert kept in run(split_words, sentence, lang)[0]


# --- letter spacing --------------------------------------------------------------------------

def test_letter_spaced_callout_is_read_as_words():
    raw = "H i n w e i s : D u d a r f s t k e i n e K a r t e n t a u s c h e n ."
    assert run(letter_spacing, raw, "de")[0] == "Hinweis: Du darfst keine Karten tauschen."


def test_letter_spaced_spanish_with_numbers():
    raw = "R o b a 3 c a r t a s d e l m a z o"
    assert run(letter_spacing, raw, "es")[0] == "Roba 3 cartas del mazo"


def test_ordinary_text_with_single_letter_words_is_not_letter_spacing():
    raw = "Juega y a la vez roba o descarta e intenta ganar."
    assert run(letter_spacing, raw, "es")[0] == raw


# --- hyphenation -----------------------------------------------------------------------------

def test_line_end_hyphenation_is_removed_when_it_makes_a_word():
    assert run(hyphenation, "Das ist ein schwie-\nriger Fall.", "de")[0] == "Das ist ein schwieriger Fall."


def test_compound_hyphens_stay():
    assert run(hyphenation, "jedes Chaos-\nMonster", "de")[0] == "jedes Chaos-Monster"


# --- reflow ----------------------------------------------------------------------------------

WRAPPED = "\n".join([
    "Vorbereitung",
    "Jeder Spieler nimmt zehn Marker und legt sie vor sich hin, damit alle",
    "sehen, wie weit er schon gekommen ist. Dann mischt ihr die beiden Stapel",
    "getrennt voneinander und legt sie in die Mitte des Tisches.",
    "Spielablauf",
    "Wer zuletzt in einem Verlies war, beginnt. Danach geht es reihum weiter,",
    "bis einer gewinnt oder alle keine Lust mehr haben und lieber etwas essen.",
] * 3)


def test_wrapped_lines_become_paragraphs_and_headings_stay_apart():
    text, _ = run(reflow, WRAPPED, "de")
    paragraphs = text.split("\n\n")
    assert paragraphs[0] == "Vorbereitung"
    assert paragraphs[1].startswith("Jeder Spieler") and paragraphs[1].endswith("Tisches.")
    assert paragraphs[2] == "Spielablauf"


def test_japanese_soft_wraps_disappear_without_a_space():
    raw = "助けてくれたプレイヤーが運ん\nでいるアイテムを使う。\n次の行。"
    text, _ = run(reflow, raw, "ja")
    assert text == "助けてくれたプレイヤーが運んでいるアイテムを使う。\n次の行。"


# --- whitespace and the whole pipeline --------------------------------------------------------

def test_whitespace_tidies_spacing_before_punctuation_and_blank_lines():
    text, _ = run(whitespace, "  Hola  mundo ,\n\n\n\nadiós .  \n")
    assert text == "Hola mundo,\n\nadiós.\n"


def test_pipeline_repairs_a_made_up_damaged_page_and_maps_back_to_raw():
    raw = ("A c h t u n g\n"
           "Wenn du ein Mon ster bekämpfst, zähle deine Stu fe und alle Boni zu-\n"
           "sammen.\n\n- 3 -\n\nDas Mon ster gewinnt bei Gle ichstand.\n")
    result = normalise(raw, "de")
    assert result.text == ("Achtung\nWenn du ein Monster bekämpfst, zähle deine Stufe und "
                           "alle Boni zusammen.\n\nDas Monster gewinnt bei Gleichstand.\n")
    assert result.pages and result.pages[0][1] == 3
    start = result.text.index("Gleichstand")
    raw_start, raw_end = result.mapped.raw_span(start, start + len("Gleichstand"))
    assert raw[raw_start:raw_end] == "Gle ichstand"
    assert {c.stage for c in result.changes} >= {"letter_spacing", "split_words", "page_furniture"}


def test_a_split_word_next_to_single_letters_is_not_mistaken_for_letter_spacing():
    raw = "Hat das Opf er mehr er e in F r a g e k ommende Geg enstände"
    assert normalise(raw, "de").text == "Hat das Opfer mehrere in Frage kommende Gegenstände"


def test_letter_spacing_stops_before_letters_that_run_on_into_a_fragment():
    raw = "während P h a s e 1 : T ü r e i n t r e t e n auf , k ommt es zum Kampf"
    assert normalise(raw, "de").text == "während Phase 1: Tür eintreten auf, kommt es zum Kampf"


def test_japanese_text_with_a_letter_spaced_latin_word_is_repaired_without_an_analyser():
    raw = "M u n c h k i n\n\nカードを引く。\n"
    assert normalise(raw, "ja").text.startswith("Munchkin\n")
