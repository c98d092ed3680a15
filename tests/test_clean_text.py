"""Clean text comes through the repairs unchanged, in every language: a repair needs evidence.

Each sample is an ordinary paragraph of rules as people write them, with the things that look
like damage to a careless repair (contractions and elisions, abbreviations, dashes around an
aside, a double space, ideographic spaces, Vietnamese syllables). Layout aside (runs of spaces,
line ends), the pipeline must give every word back as it was.
"""

import pytest

from cardbase.normalise import ligatures
from cardbase.normalise.lexicon import Lexicon
from cardbase.normalise.pipeline import normalise
from cardbase.segment import quality

CLEAN = {
    "en": ("Setup\n\nShuffle the deck. You can't be attacked while it's a player's or a "
           "monster's turn (see p. 5). Drawing a curse -see Curses- ends your turn. "
           "Killing a  monster gives you one level.\n\n"
           "• Each player draws five cards\n• The youngest player starts\n"),
    "es": ("Preparación\n\nBaraja el mazo y reparte cinco cartas a cada jugador. No puedes "
           "robar si ya tienes diez cartas (ver p. 3). El jugador más joven empieza la partida "
           "y juega una carta por turno.\n"),
    "de": ("Spielvorbereitung\n\nMischt die Karten und legt sie verdeckt bereit, z.B. in die "
           "Mitte des Tisches. Wer zuerst dran ist, darf – wenn er möchte – eine Karte tauschen. "
           "Das ist bei 3 Spielern z.B. zweimal erlaubt.\n\n"
           "• 98 Spielkarten\n• 6 Levelanzeiger\n"),
    "fr": ("Mise en place\n\nChaque joueur reçoit huit cartes. À l'exception de l'atout, "
           "la couleur de l'une des cartes décide du pli ; qu'à l'issue du tour, le donneur "
           "change.\n"),
    "ja": ("準備\n\n　山札をよく混ぜて、各プレイヤーに５枚ずつ配ります。勝利条件\u3000最後まで"
           "残ったプレイヤーの勝ち！（例外はありません）\n"),
    "vi": ("Chuẩn bị\n\nMỗi người chơi rút năm lá bài. Người chơi trẻ nhất đi trước và "
           "chơi một lá bài trong mỗi lượt.\n"),
}

_WIDTH = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)}


def words(text: str, lang: str) -> list[str]:
    if lang == "ja":  # full-width signs get their ordinary width by design; an indent is layout
        text = "\n".join(line.lstrip("\u3000") for line in text.split("\n"))
        return [c for c in text.translate(_WIDTH) if not c.isspace() or c == "\u3000"]
    return text.split()


@pytest.mark.parametrize("lang", sorted(CLEAN))
def test_clean_text_comes_through_unchanged(lang):
    text = CLEAN[lang]
    normalised = normalise(text, lang)
    assert words(normalised.text, lang) == words(text, lang)
    assert not normalised.lost_symbols


@pytest.mark.parametrize("lang", sorted(CLEAN))
def test_clean_text_scores_full_quality(lang):
    text = normalise(CLEAN[lang], lang).text
    body = text.split("\n\n", 1)[1]
    score, flags = quality.assess(body, CLEAN[lang], Lexicon(lang))
    assert (score, flags) == (1.0, [])


def test_mojibake_made_of_soft_hyphens_and_no_break_spaces_is_fixed_first():
    # í and à read as Windows-1252 are Ã + soft hyphen and Ã + no-break space
    raw = "el l\u00c3\u00admite de la mano y \u00c3\u00a0 la fois\n"
    assert normalise(raw, "es").text == "el límite de la mano y à la fois\n"


def test_split_words_are_joined_when_the_document_shows_them():
    text = normalise("Roba una carta de Guer rero y juega la puer ta del mazo.\n", "es").text
    assert text == "Roba una carta de Guerrero y juega la puerta del mazo.\n"


def test_an_abbreviation_and_an_elision_are_not_split_words_even_in_a_damaged_text():
    text = normalise("Juega una carta de Guer rero (ver p. 5) y de l'une.\n", "es").text
    assert "Guerrero" in text and "(ver p. 5)" in text and "de l'une" in text


# --- ligatures -------------------------------------------------------------------------------

def test_letters_lost_with_a_ligature_are_restored_where_the_word_is_certain():
    raw = ("The irst player to reach level ten wins. Add the modiiers of your items to your "
           "strength before you ight the monster.\n")
    text = normalise(raw, "en").text
    assert text == ("The first player to reach level ten wins. Add the modifiers of your items to "
                    "your strength before you fight the monster.\n")


def test_a_restored_ligature_keeps_every_other_character_on_its_raw_span():
    raw = "Les modiicateurs sont appliqués en premier.\n"
    normalised = normalise(raw, "fr")
    assert normalised.text.startswith("Les modificateurs")
    changes = [c for c in normalised.changes if c.stage == ligatures.NAME]
    assert [(c.before, c.after) for c in changes] == [("", "f")]


def test_a_word_that_merely_could_have_had_a_ligature_is_left_alone():
    # ``ight`` is a common enough string that alone it proves nothing
    text = "You ight well win.\n"
    assert normalise(text, "en").text == text


class _Words:
    """A word list with two restorations of ``ile`` equally likely."""
    joins_words = True

    def zipf(self, word):
        return {"file": 4.0, "ifle": 4.0, "the": 7.0}.get(word.lower(), 0.0)

    def compound_zipf(self, word, avoid_cuts=frozenset()):
        return 0.0


def test_an_uncertain_restoration_is_left_and_flagged():
    found = ligatures.suspects("the ile", _Words())
    assert [(s.word, s.certain, s.unknown) for s in found] == [("ile", False, True)]
    assert ligatures.run("the ile", _Context()) == []
    flags = quality.check_ligatures("the ile", "the ile", _Words())
    assert [f.name for f in flags] == ["garbled"] and "ile" in flags[0].detail


class _Context:
    lexicon = _Words()


# --- quality counts what was repaired ---------------------------------------------------------

def test_a_repaired_section_scores_below_full_and_says_why():
    raw = "Roba una carta de Guer rero y juega la puer ta del mazo.\n"
    normalised = normalise(raw, "es")
    repaired = quality.repairs(normalised.changes)
    assert repaired == 2
    score, flags = quality.assess(normalised.text, raw, Lexicon("es"), repaired=repaired)
    assert score < 1.0 and [f.name for f in flags] == ["repaired"]
    clean = normalise(CLEAN["es"], "es")
    assert quality.repairs(clean.changes) == 0


def test_mojibake_fixed_counts_as_a_repair_but_a_width_does_not():
    assert quality.repairs(normalise("el l\u00c3\u00admite\n", "es").changes) == 1
    assert quality.repairs(normalise("カード１６８枚\n", "ja").changes) == 0


def test_the_space_before_an_asides_dash_stays_and_a_compound_dash_is_closed():
    assert normalise("Drawing a curse -see Curses- ends it.\n", "en").text == \
        "Drawing a curse -see Curses- ends it.\n"
    text = normalise("Lege die Schummeln -Karte ab.\n", "de").text
    assert text == "Lege die Schummeln-Karte ab.\n"
