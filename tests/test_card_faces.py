"""Card faces read by each language's card grammar (data/card_grammars/), on made-up pages.

The pages imitate what a PDF gives for printed sample cards: letter-spaced lines, names in a
display font, stat lines above (German) or below (Spanish) the name, a gold value with a thousands
separator, and a second stat line.
"""

from pathlib import Path

import pytest

from cardbase.cards.faces import grammar_path, load_grammar, parse_faces
from cardbase.errors import DataErrors

DATA = Path(__file__).resolve().parent.parent / "data"

GERMAN_PAGE = (
    "2 S t u f e n\n"
    "3 S c h ä t z e\n"
    "S t u f e 1 2\n"
    "U n t o t\n"
    "d e r g r A u e r i t t e r\n"
    "V e r f o l g t n i e m a n d e n d e r S t u f e 3\n"
    "o d e r n i e d r i g e r .\n"
    "S c h l i m m e D i n g e : D u v e r l i e r s t\n"
    "2 S t u f e n .\n"
    "G r o ß 1 . 2 0 0 G o l d s t ü c k e\n"
    "+ 4 B o n u s\n"
    "N u r v o n E l f e n\n"
    "n u t z b a r\n"
    "R ü s t u n g\n"
    "h A r n i s c h d e r w A c h t\n"
    "E i n m a l\n"
    "e i n s e t z b a r 3 0 0 G o l d s t ü c k e\n"
    "t r A n k d e s m u t e s\n"
    "I m K a m p f s p i e l e n .\n"
)
GERMAN_NAMES = ["Der graue Ritter", "Harnisch der Wacht", "Trank des Mutes"]

SPANISH_PAGE = (
    "t r o l l d e f o r o\n"
    "N i v e l 1 0\n"
    "M o n s t r u o\n"
    "T e g o l p e a c o n s u p r o p i o f o r o .\n"
    "M a l R o l l o : P i e r d e s 2 n i v e l e s .\n"
    "4 T e s o r o s\n"
    "2 N i v e l e s\n"
    "m a z a a f i l a d a\n"
    "1 M a n o 1 . 0 0 0 P i e z a s d e O r o\n"
    "B o n u s + 3\n"
    "S ó l o p a r a C l é r i g o s\n"
)
SPANISH_NAMES = ["Troll de Foro", "Maza Afilada"]


def _faces(page, lang, names):
    cards = parse_faces(page, 0, len(page), lang, names, data_dir=DATA)
    return {card.name: ({k: v[0] for k, v in card.stats.items()}, card) for card in cards}


def test_german_faces_every_stat_with_gold_and_second_stat_lines():
    faces = _faces(GERMAN_PAGE, "de", GERMAN_NAMES)
    assert list(faces) == GERMAN_NAMES
    stats, monster = faces["Der graue Ritter"]
    assert monster.type == "monster"
    assert stats["level"] == 12 and stats["levels"] == 2 and stats["treasures"] == 3
    assert stats["tags"] == ["undead"]
    assert stats["bad_stuff"].startswith("Du verlierst 2 Stufen")
    assert "level" in stats and stats["level"] != 3  # "der Stufe 3" in its text is no stat
    stats, armour = faces["Harnisch der Wacht"]
    assert armour.type == "item"
    assert stats == {"big": True, "gold": 1200, "bonus": 4, "usable_by": ["elf"], "slot": "armor"}
    stats, potion = faces["Trank des Mutes"]
    assert potion.type == "one_shot_item" and stats == {"gold": 300}
    assert potion.text.startswith("Im Kampf")  # its rules text, not a stat


def test_spanish_faces_print_their_stats_below_the_name():
    faces = _faces(SPANISH_PAGE, "es", SPANISH_NAMES)
    assert list(faces) == SPANISH_NAMES
    stats, troll = faces["Troll de Foro"]
    assert troll.type == "monster"
    assert stats["level"] == 10 and stats["treasures"] == 4 and stats["levels"] == 2
    assert stats["bad_stuff"] == "Pierdes 2 niveles."
    stats, mace = faces["Maza Afilada"]
    assert mace.type == "item"
    assert stats == {"slot": "1_hand", "gold": 1000, "bonus": 3, "usable_by": ["cleric"]}


def test_a_face_keeps_the_raw_span_of_each_stat():
    page = GERMAN_PAGE
    stats = {k: v for k, v in parse_faces(page, 0, len(page), "de", GERMAN_NAMES,
                                           data_dir=DATA)[1].stats.items()}
    start, end = stats["gold"][1]
    assert "G o l d" in page[start:end] and "1 . 2 0 0" in page[start:end]


def test_every_language_with_a_grammar_file_loads():
    for path in sorted((DATA / "card_grammars").glob("*.yaml")):
        grammar = load_grammar(path)
        assert grammar.types and grammar.stats, path.name


def test_every_rulebook_language_has_a_card_grammar():
    from cardbase.sources.manifest import load_manifest
    langs = {rulebook.lang for rulebook in load_manifest(DATA / "manifest.yaml").rulebooks}
    assert [lang for lang in sorted(langs) if not grammar_path(DATA, lang).is_file()] == []


#: faces as a Japanese card prints them: no spaces, full-width digits and signs, a type label of
#: its own line above the stats; names are anchored on the card list (no display font to read)
JAPANESE_PAGE = (
    "よだれスライム\n"
    "レベル１\n"
    "モンスター\n"
    "エルフに対しては＋４。\n"
    "悪いこと：レベルを１失う。\n"
    "１トレジャー\n"
    "鋭さのメイス\n"
    "片手　６００ゴールド\n"
    "＋４ボーナス\n"
    "僧侶・ドワーフだけが使用可能\n"
    "勇気のポーション\n"
    "使い捨て\n"
    "２００ゴールド\n"
    "戦闘中に使用する。\n"
)
JAPANESE_NAMES = ["よだれスライム", "鋭さのメイス", "勇気のポーション"]

VIETNAMESE_PAGE = (
    "Quỷ Lùn Mạng Nhện\n"
    "Quái vật\n"
    "Sức mạnh 3\n"
    "Chơi thêm một quái vật ở đây.\n"
    "2 kho báu\n"
    "Chùy Sắc Bén\n"
    "1 tay 1.000 vàng\n"
    "+4 thưởng\n"
    "Chỉ dành cho Giáo sĩ và Người lùn\n"
)
VIETNAMESE_NAMES = ["Quỷ Lùn Mạng Nhện", "Chùy Sắc Bén"]


def test_japanese_faces_read_with_the_japanese_grammar():
    faces = _faces(JAPANESE_PAGE, "ja", JAPANESE_NAMES)
    assert list(faces) == JAPANESE_NAMES
    stats, slime = faces["よだれスライム"]
    assert slime.type == "monster"
    assert stats == {"level": 1, "treasures": 1, "bad_stuff": "レベルを１失う。"}
    assert slime.text == "エルフに対しては＋４。"  # a sentence, not a stat line
    stats, mace = faces["鋭さのメイス"]
    assert mace.type == "item"
    assert stats == {"slot": "1_hand", "gold": 600, "bonus": 4, "usable_by": ["cleric", "dwarf"]}
    stats, potion = faces["勇気のポーション"]
    assert potion.type == "one_shot_item" and stats == {"gold": 200}  # the label refines "item"
    assert potion.text == "戦闘中に使用する。"


def test_vietnamese_faces_read_with_the_vietnamese_grammar():
    faces = _faces(VIETNAMESE_PAGE, "vi", VIETNAMESE_NAMES)
    assert list(faces) == VIETNAMESE_NAMES
    stats, troll = faces["Quỷ Lùn Mạng Nhện"]
    assert troll.type == "monster" and stats == {"power": 3, "treasures": 2}
    assert troll.text == "Chơi thêm một quái vật ở đây."
    stats, mace = faces["Chùy Sắc Bén"]
    assert mace.type == "item"
    assert stats == {"slot": "1_hand", "gold": 1000, "bonus": 4, "usable_by": ["cleric", "dwarf"]}


def test_a_grammar_naming_an_unknown_type_slot_or_stat_names_its_line(tmp_path):
    path = grammar_path(tmp_path, "fr")
    path.parent.mkdir()
    path.write_text("types:\n  Monstre: monstre\nslots:\n  Tête: head\nstats:\n"
                    "  - {stat: niveau, pattern: 'Niveau (\\d+)'}\n", encoding="utf-8")
    with pytest.raises(DataErrors) as caught:
        load_grammar(path)
    assert sorted(e.line for e in caught.value.errors) == [2, 4, 6]


def test_a_bad_grammar_file_names_its_line(tmp_path):
    path = grammar_path(tmp_path, "fr")
    path.parent.mkdir()
    path.write_text("types: {monstre: monster}\nstats:\n  - {stat: level, pattern: 'Niveau (\\d+'}\n",
                    encoding="utf-8")
    with pytest.raises(DataErrors) as caught:
        load_grammar(path)
    assert caught.value.errors[0].line == 3


def test_a_language_without_a_grammar_file_reads_no_faces(tmp_path):
    assert parse_faces(SPANISH_PAGE, 0, len(SPANISH_PAGE), "it", SPANISH_NAMES,
                       data_dir=tmp_path) == []


# --- the sample card page of the German Warhammer rulebook, as the page prints it -----------------

GERMAN_SOURCE = DATA / "sources" / "001_b775017b4774cd89.txt"

#: every face of that page, read by eye from the source: its name, type and stats
PRINTED = {
    "Wanderndes Monster": ("wandering_monster", {}),
    "Seuchenschriftrolle": ("one_shot_item", {"gold": 600}),
    "Chaotisch": ("monster_enhancer", {"enhancement": 5, "treasures": 2}),
    "Verliere die Rüstung, die du trägst": ("curse", {}),
    "Archaon Everchosen": ("monster", {"level": 20, "levels": 2, "treasures": 5,
                                       "tags": ["chaos"]}),
    "Idoneth": ("army", {}),
    "Hallowed Knights-Rüstung": ("item", {"slot": "armor", "big": True, "gold": 500, "bonus": 3,
                                          "usable_by": ["stormcast-eternals"]}),
    "Schlachtplan": ("item", {"slot": "1_hand", "gold": 300, "bonus": 2}),
    "Allianz": ("alliance", {}),
    "Gabe des Spinnengottes": ("go_up_a_level", {}),
}
#: the start of each face's rules text, where it prints one
TEXTS = {
    "Wanderndes Monster": "Spiele diese Karte mit einem Monster von deiner Hand",
    "Seuchenschriftrolle": "In einem beliebigen Kampf spielen.",
    "Chaotisch": "Im Kampf auf ein beliebiges Monster spielen",
    "Archaon Everchosen": "Verfolgt niemanden der Stufe 5 oder niedriger.",
    "Idoneth": "Seelen stehlen: Immer, wenn ein Mitspieler",
    "Allianz": "Du darfst diese Karte an 1 Armee-Karte anlegen",
    "Gabe des Spinnengottes": "Steige eine Stufe auf",
}


def _sample_page(known_names):
    from cardbase.cards.faces import letters_key

    raw = GERMAN_SOURCE.read_text(encoding="utf-8")
    start = raw.index("3\n2\nW\na n d")
    faces = parse_faces(raw, start, len(raw), "de", known_names, data_dir=DATA)
    return raw, {letters_key(face.name): face for face in faces}


def _card_list_names():
    from cardbase.yamlfile import load_yaml

    doc = load_yaml(DATA / "cards" / "munchkin-warhammer-aos.yaml")
    return [entry["name"] for card in doc["cards"] for entry in card["names"].values()]


@pytest.mark.parametrize("names", ["card list", "page alone"])
def test_every_sample_face_reads_as_printed(names):
    """All ten faces, with or without the card list's names: each found once, in printed order,
    with its type, every stat and its rules text; a stat's span is the line that prints it."""
    from cardbase.cards.faces import letters_key

    raw, faces = _sample_page(_card_list_names() if names == "card list" else [])
    assert list(faces) == [letters_key(name) for name in PRINTED]
    for name, (card_type, stats) in PRINTED.items():
        face = faces[letters_key(name)]
        assert face.type == card_type, (name, face.type)
        got = {key: value for key, (value, _) in face.stats.items() if key != "bad_stuff"}
        assert got == stats, (name, got)
        for key, (value, (start, end)) in face.stats.items():
            assert start < end and raw[start:end].strip(), (name, key)
        if name in TEXTS:
            assert face.text.startswith(TEXTS[name]), (name, face.text[:60])
    archaon = faces[letters_key("Archaon Everchosen")]
    assert archaon.stats["bad_stuff"][0].startswith("Würfle erneut. Bei 3 oder weniger bist du tot.")
    # its level line, printed in the display font, is shown cased as a word: not "stufe 20"
    assert "\nStufe 20\n" in archaon.face_text()


def test_the_sample_faces_are_named_as_printed_from_the_page_alone():
    """Without the card list, the names are read from the letters the page prints, cased and
    spaced as words; only a name of invented words (Archaon Everchosen) needs the card list."""
    _, faces = _sample_page([])
    shown = {face.name for face in faces.values()}
    assert shown >= set(PRINTED) - {"Archaon Everchosen"}, shown


@pytest.mark.parametrize("lang, page, names, declared", [
    ("de", GERMAN_PAGE, GERMAN_NAMES, "after_name"),
    ("es", SPANISH_PAGE, SPANISH_NAMES, "before_name"),
])
def test_the_page_decides_where_stat_lines_stand(lang, page, names, declared):
    """A grammar that declares the other layout changes nothing: the stat blocks that touch one
    name only show which side a face prints its stats on."""
    from dataclasses import replace

    grammar = load_grammar(grammar_path(DATA, lang))
    wrong = replace(grammar, stats_after_name=declared == "after_name")
    expected = {c.name: (c.type, c.stats) for c in parse_faces(page, 0, len(page), lang, names,
                                                                grammar=grammar)}
    got = {c.name: (c.type, c.stats) for c in parse_faces(page, 0, len(page), lang, names,
                                                           grammar=wrong)}
    assert got == expected
    assert [c.type for c in parse_faces(page, 0, len(page), lang, [], grammar=wrong)] \
        == [expected[name][0] for name in names]


def test_display_font_capitals_are_folded_when_the_page_shows_the_font():
    """``s t u F e 1 2`` is the level line ``Stufe 12`` in a display font, not ``stu Fe 12``."""
    page = GERMAN_PAGE.replace("S t u f e 1 2", "s t u F e 1 2")
    stats = {c.name: {k: v[0] for k, v in c.stats.items()}
             for c in parse_faces(page, 0, len(page), "de", GERMAN_NAMES, data_dir=DATA)}
    assert stats["Der graue Ritter"]["level"] == 12


def test_folding_keeps_the_capitals_that_begin_words():
    from cardbase.cards.face_names import fold_display_capitals
    from cardbase.normalise.lexicon import Lexicon

    german = Lexicon("de")
    assert fold_display_capitals("s t e i G e 1 s t u F e A u F", german) \
        == "s t e i g e 1 s t u f e a u f"
    kept = "N u r v o n S to r m c a st Eter n a l s"
    assert fold_display_capitals(kept, german) == kept
