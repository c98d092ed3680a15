"""Card lists, card faces, name matching, mentions and the glossary."""

from pathlib import Path

import pytest

from cardbase.cards.faces import parse_faces
from cardbase.errors import DataErrors
from cardbase.ingest import build_database, ingest
from cardbase.mentions import MentionFinder

ROOT = Path(__file__).resolve().parent.parent


# --- the curated lists -------------------------------------------------------------------------

def test_every_card_is_found_by_each_of_its_printed_names(conn):
    from cardbase.search.cards import find_card

    rows = conn.execute("SELECT card_id, name FROM card_names").fetchall()
    assert len(rows) > 100
    for card_id, name in rows:
        found = find_card(conn, name)
        assert card_id in [c["id"] for c in found["cards"]], name


def test_cross_language_names_are_one_card(conn):
    from cardbase.search.cards import find_card

    spanish = find_card(conn, "Maza Afilada")["cards"][0]
    english = find_card(conn, "mace of sharpness")["cards"][0]
    assert spanish["id"] == english["id"] == "mace-of-sharpness"
    assert {"es", "en"} <= set(spanish["names"])


def test_every_sourced_fact_resolves_to_raw_text(conn):
    rows = conn.execute(
        "SELECT n.quote, n.raw_start, n.raw_end, n.origin, r.raw_text FROM card_names n "
        "JOIN rulebooks r ON r.id = n.rulebook_id WHERE n.ours = 0 "
        "UNION ALL SELECT f.quote, f.raw_start, f.raw_end, f.origin, r.raw_text FROM card_facts f "
        "JOIN rulebooks r ON r.id = f.rulebook_id WHERE f.ours = 0").fetchall()
    assert rows
    for quote, start, end, origin, raw in rows:
        assert start is not None and 0 <= start < end <= len(raw)
        if origin == "card_face":
            assert raw[start:end] == quote


def _card_file(data: Path, text: str) -> Path:
    path = data / "cards" / "extra.yaml"
    path.write_text(text, encoding="utf-8")
    return path


BAD_CARDS = """\
game: munchkin
cards:
  - id: good-card
    type: monster
    names:
      es: {name: Troll de Foro, rulebook: munchkin-es, quote: "Troll de Foro"}
  - id: good-card
    type: monstre
    names:
      es: {name: Otro, rulebook: munchkin-es, quote: "Otro"}
  - id: no-name
    type: item
  - id: bad-number
    type: monster
    names:
      xx-nowhere: {name: Cosa, ours: true}
    stats:
      level: {value: diez, ours: true}
  - id: wrong-quote
    type: curse
    names:
      es: {name: Maldición Inventada, rulebook: munchkin-es, quote: "una frase que no existe"}
  - id: net-troll
    type: monster
    names:
      en: {name: Net Troll, ours: true}
"""


def test_bad_card_files_report_every_problem_with_its_line(data_copy, tmp_path):
    path = _card_file(data_copy, BAD_CARDS)
    target = tmp_path / "out.db"
    with pytest.raises(DataErrors) as caught:
        build_database(data_copy, target)
    messages = [str(e) for e in caught.value.errors]
    where = f"{path}:"
    expected = {
        7: "duplicate card id 'good-card'",
        8: "unknown card type 'monstre'",
        11: "needs `names`",
        16: "unknown language code 'xx-nowhere'",
        18: "stat `level` must be a whole number",
        22: "is not in the repaired text of munchkin-es",
    }
    for line, text in expected.items():
        assert any(m.startswith(f"[cards] {where}{line}:") and text in m for m in messages), \
            (line, text, messages)
    assert any("card id 'net-troll' is used again" in m and f"{where}23" in m for m in messages)
    assert len([m for m in messages if "good-card" in m]) == 1
    assert not target.exists()


def test_a_card_with_an_unknown_counterpart_is_refused(data_copy):
    _card_file(data_copy, "game: munchkin\ncards:\n  - id: lonely\n    type: item\n"
                          "    names:\n      en: {name: Lonely Thing, ours: true}\n"
                          "    counterparts: [nothing-like-it]\n")
    with pytest.raises(DataErrors, match="unknown counterpart 'nothing-like-it'"):
        ingest(data_copy)


# --- card faces --------------------------------------------------------------------------------

EXPECTED_FACES = {
    "aos-wandering-monster": {"type": "wandering_monster"},
    "plague-scroll": {"type": "one_shot_item", "gold": 600},
    "chaotic": {"type": "monster_enhancer", "enhancement": 5, "treasures": 2},
    "archaon-the-everchosen": {"type": "monster", "level": 20, "treasures": 5, "levels": 2,
                               "tags": ["chaos"]},
    "hallowed-knights-armor": {"type": "item", "gold": 500, "bonus": 3, "big": True,
                               "slot": "armor", "usable_by": ["stormcast-eternals"]},
    "battle-plan": {"type": "item", "gold": 300, "bonus": 2, "slot": "1_hand"},
    "alliance": {"type": "alliance"},
    "gift-of-the-spider-god": {"type": "go_up_a_level"},
}


@pytest.mark.parametrize("card_id, expected", sorted(EXPECTED_FACES.items()))
def test_german_card_faces_come_out_with_their_printed_stats(conn, card_id, expected):
    from cardbase.search.cards import card_detail

    card = card_detail(conn, card_id)
    assert card["type"] == expected["type"]
    for stat, value in expected.items():
        if stat != "type":
            assert card["stats"][stat]["value"] == value, stat
            assert card["stats"][stat]["origin"] == "card_face"


def test_card_face_texts_are_repaired(conn):
    from cardbase.search.cards import card_detail

    text = card_detail(conn, "chaotic")["text"]["de"]["value"]
    assert text.startswith("Im Kampf auf ein beliebiges Monster spielen")
    assert "2 Extraschätze." in text


def test_a_made_up_card_face_page():
    raw = ("Beispielkarte\n"
           "s c h w e r t d e s m u t e s\n"
           "1 H a n d 4 0 0 G old s t ü c k e\n"
           "+ 2 B o n u s\n"
           "N u r v o n Z w e r g e n\n"
           "n u t z b a r\n"
           "F l u c h\n"
           "V e r l i e r e 2 S t u f e n .\n")
    cards = parse_faces(raw, 0, len(raw), "de", ["Schwert des Mutes"])
    assert cards[0].name == "Schwert des Mutes"
    stats = {k: v[0] for k, v in cards[0].stats.items()}
    assert stats == {"slot": "1_hand", "gold": 400, "bonus": 2, "usable_by": ["dwarf"]}
    assert cards[0].type == "item"


def test_a_language_without_a_card_grammar_yields_no_faces():
    assert parse_faces("n a m e\n+ 2 b o n u s\n", 0, 20, "fr", ["name"]) == []


# --- matching, mentions, glossary ---------------------------------------------------------------

@pytest.mark.parametrize("query", ["MAZA AFILADA", "maza afilada", "Maza  Afilada",
                                   "ｍａｚａ ａｆｉｌａｄａ", "Maza Afilada "])
def test_names_match_whatever_the_case_width_and_spacing(conn, query):
    from cardbase.cards.matching import exact

    assert [m.card_id for m in exact(conn, query)] == ["mace-of-sharpness"]


@pytest.mark.parametrize("typo, card_id", [("maza afilda", "mace-of-sharpness"),
                                           ("Trol de Foro", "net-troll"),
                                           ("Drooling Slim", "drooling-slime")])
def test_typos_find_the_nearest_card(conn, typo, card_id):
    from cardbase.search.cards import find_card

    found = find_card(conn, typo)
    assert found["match"] == "fuzzy" and found["cards"][0]["id"] == card_id


def test_vietnamese_names_without_diacritics(conn):
    from cardbase.cards.matching import exact

    assert exact(conn, "Rong Plutonium")


def test_mentions_prefer_the_longest_name_and_keep_spans():
    finder = MentionFinder([("card", "wm", "Wanderndes Monster"), ("term", "monster", "Monster"),
                            ("term", "curse", "呪い")])
    text = "Spiele ein Wanderndes Monster. Ein Monster kommt. 呪いのカード"
    found = [(m.target, m.surface) for m in finder.find(text)]
    assert found == [("wm", "Wanderndes Monster"), ("monster", "Monster"), ("curse", "呪い")]


def test_sections_record_their_mentions(conn):
    rows = conn.execute("SELECT s.ref, m.surface FROM mentions m JOIN sections s ON "
                        "s.id = m.section_id WHERE m.kind = 'card' AND m.target_id = ?",
                        ("mace-of-sharpness",)).fetchall()
    assert {r[0] for r in rows} == {"munchkin-es/objetos", "munchkin-ja/items"}


def test_glossary_expands_a_search_to_every_language(conn):
    from cardbase.search.rules import find_rules

    found = find_rules(conn, "Stufe", all_languages=True)
    assert {"Nivel", "レベル"} <= set(found["expanded_with"])
    langs = {hit["lang"] for hit in found["results"]}
    assert {"de", "es", "ja"} <= langs


def test_glossary_errors_are_reported(data_copy):
    glossary = data_copy / "glossary.yaml"
    glossary.write_text("terms:\n  - id: level\n    words:\n      en: [level]\n"
                        "      qq-zz: [x]\n    defined_in: [munchkin-es/nowhere]\n",
                        encoding="utf-8")
    with pytest.raises(DataErrors) as caught:
        ingest(data_copy)
    messages = " | ".join(str(e) for e in caught.value.errors)
    assert "glossary.yaml:5" in messages and "unknown language code 'qq-zz'" in messages
    assert "unknown section 'munchkin-es/nowhere'" in messages
