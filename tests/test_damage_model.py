"""The round-trip benchmark's damage model: seeded, and each kind does what it says."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from damage_model import KINDS, damage  # noqa: E402

TEXT = ("Rules\n\nThe first player shuffles the deck and deals five cards to every player at the "
        "table, then the effects of the modifiers are applied before the fight begins.\n\n"
        "Each player in turn draws one card from the deck, plays a card or passes, and the "
        "player with the highest total at the end of the round wins the trick.\n")


def test_the_same_seed_gives_the_same_damage_and_another_seed_another():
    assert damage(TEXT, "en", KINDS, 1) == damage(TEXT, "en", KINDS, 1)
    others = {damage(TEXT, "en", KINDS, seed)[0] for seed in range(4)}
    assert others != {damage(TEXT, "en", KINDS, 1)[0]}


def test_headings_are_never_damaged_and_each_damage_names_its_clean_words():
    for seed in range(5):
        damaged, done, spans = damage(TEXT, "en", KINDS, seed)
        assert damaged.startswith("Rules\n\n")
        assert all(d.kind in KINDS and d.needle for d in done)
        assert len(spans) == len(TEXT.split("\n"))


def test_lost_ligatures_keep_only_their_last_letter():
    damaged, done, _ = damage(TEXT, "en", ("ligatures",), 0)
    assert "irst" in damaged and "modiiers" in damaged and "ight" in damaged
    assert {"first", "modifiers", "fight"} <= {d.needle for d in done}


@pytest.mark.parametrize("kind", ["split_words", "hyphenation", "letter_spacing"])
def test_vietnamese_and_japanese_get_no_damage_their_script_cannot_have(kind):
    text = "Tiêu đề\n\n" + "Người chơi rút một lá bài quái vật và đặt nó lên bàn trước mặt. " * 3
    if kind == "letter_spacing":
        text = "見出し\n\n" + "プレイヤーは山札からカードを一枚引いて、手札に加えます。" * 3
        damaged, done, _ = damage(text, "ja", (kind,), 0)
    else:
        damaged, done, _ = damage(text, "vi", (kind,), 0)
    assert damaged == text and done == []
