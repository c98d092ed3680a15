"""Headings, outlines, quality flags and topics, on made-up rulebooks and on ours."""

from pathlib import Path

import pytest

from cardbase.errors import DataError, DataErrors
from cardbase.normalise.lexicon import Lexicon
from cardbase.normalise.pipeline import normalise
from cardbase.segment import quality
from cardbase.segment.headings import detect, heading_like
from cardbase.segment.outline import EMPTY, load_outline
from cardbase.segment.sections import segment
from cardbase.segment.topics import TopicMatcher, load_topics
from cardbase.sources.manifest import Rulebook

DATA = Path(__file__).resolve().parent.parent / "data"


@pytest.fixture(scope="module")
def vocabulary():
    return load_topics(DATA / "topics.yaml")


def book(lang="en", headings=("lines",), game="munchkin"):
    return Rulebook(id=f"test-{lang}", game=game, lang=lang, edition="test", title="Test Rules",
                    publisher="nobody", file=Path("x.txt"), sha256="0" * 64, headings=headings)


def test_heading_like_lines():
    assert heading_like("Running Away")
    assert heading_like("逃げる(Running Away)")
    assert not heading_like("This line ends like a sentence.")
    assert not heading_like("• a bullet")
    assert not heading_like("lowercase start")
    assert not heading_like("3")


def test_colon_headings_with_glosses_and_numbered_phases():
    text = ("セットアップ(Setup):\n全員がカードを配る。\n"
            "ターンの流れ:\n1)ドアを開ける(Open A Door)\nカードを引く。\n")
    found = detect(text, ("lines", "colon", "numbered"))
    assert [(h.text, h.style) for h in found] == [
        ("セットアップ(Setup)", "colon"), ("ターンの流れ", "colon"),
        ("1)ドアを開ける(Open A Door)", "numbered")]


def test_a_run_of_title_lines_is_front_matter():
    text = "A Game By\n\nSomebody Famous\n\nIllustrated By\n\nAnother Person\n\nThe rules start here.\n"
    found = detect(text, ("lines",))
    assert len(found) == 1 and found[0].kind == "front"


def test_made_up_rulebook_is_segmented_with_levels_topics_and_raw_spans(vocabulary):
    raw = ("Combat\n\nTo fight a monster, compare your level with its level.\n\n"
           "Running Away\n\nRoll the die. On a 5 or more you run away.\n\n"
           "Selling Items\n\nSell items worth 1,000 gold for a level.\n")
    result = normalise(raw, "en")
    sections = segment(book(), result, EMPTY, vocabulary)
    assert [s.heading for s in sections] == ["Combat", "Running Away", "Selling Items"]
    assert [s.topic_id for s in sections] == ["combat", "running-away", "selling-items"]
    for section in sections:
        assert raw[section.raw_start:section.raw_end].startswith(section.heading)
        assert section.body in raw[section.raw_start:section.raw_end]


def test_outline_adds_run_in_headings_and_editorial_ones(tmp_path, vocabulary):
    raw = ("Setup Each player takes ten tokens. Combat Fight the monster. "
           "Nobody wrote a heading for this part about death.\n")
    outline_file = tmp_path / "outline.yaml"
    outline_file.write_text(
        "sections:\n"
        "  - heading: Setup\n    followed_by: Each player\n    topic: setup\n"
        "  - heading: Combat\n    topic: combat\n"
        "  - heading: Death\n    at: Nobody wrote\n    topic: death\n", encoding="utf-8")
    outline = load_outline(outline_file, vocabulary.ids())
    sections = segment(book(), normalise(raw, "en"), outline, vocabulary)
    assert [(s.heading, s.heading_style, s.topic_id) for s in sections] == [
        ("Setup", "outline", "setup"), ("Combat", "outline", "combat"),
        ("Death", "editorial", "death")]
    assert sections[0].body == "Each player takes ten tokens."


def test_outline_errors_name_file_and_line(tmp_path, vocabulary):
    path = tmp_path / "bad.yaml"
    path.write_text("sections:\n  - heading: Setup\n    level: nine\n    topic: nonsense\n"
                    "  - colour: blue\n", encoding="utf-8")
    with pytest.raises(DataErrors) as caught:
        load_outline(path, vocabulary.ids())
    messages = [str(e) for e in caught.value.errors]
    assert any(f"{path}:3" in m and "level" in m for m in messages)
    assert any(f"{path}:4" in m and "unknown topic" in m for m in messages)
    assert any(f"{path}:5" in m for m in messages)


def test_an_outline_heading_missing_from_the_text_is_an_error(tmp_path, vocabulary):
    path = tmp_path / "outline.yaml"
    path.write_text("sections:\n  - heading: Nowhere To Be Found\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"outline.yaml:2: .*Nowhere To Be Found"):
        segment(book(), normalise("Some text.\n", "en"), load_outline(path), vocabulary)


def test_scrambled_text_is_flagged():
    lexicon = Lexicon("es")
    clean = ("Cuando matas a un monstruo, robas sus tesoros. Si huyes, no obtienes nada. "
             "Puedes pedir ayuda a otro jugador, que suma su fuerza a la tuya. ") * 3
    scrambled = ("struo mon el de a fuerz su tras combate . ganas ate comb de Nive l el "
                 "reglas ncia. gana uier cualq ner obte de. las rigen carta indiq ue en "
                 "jugad or por debajo. ores jugad los entre siem pre. resul te no que ") * 2
    assert quality.assess(clean, clean, lexicon)[1] == []
    score, flags = quality.assess(scrambled, scrambled, lexicon)
    assert "scrambled" in [f.name for f in flags] and score < 0.5


def test_cut_off_lines_are_flagged_as_truncated():
    lexicon = Lexicon("de")
    body = "Kannst du ein Monster nicht besieg\nNatürlich darfst du bestec\nDie Karte wird abgel\nNur ein Spieler darf helf"
    names = [f.name for f in quality.assess(body, body, lexicon)[1]]
    assert "truncated" in names


def test_a_heading_cut_mid_phrase_is_not_full_quality():
    """A title split in two (``Un juego de`` / ``Steve Jackson``) is flagged, whatever its
    body; a heading ending in an ordinary word, or in punctuation, is not."""
    credits = "Steve jackson\n\nIlustrado por\n\nJohn Kovalic"
    score, flags = quality.assess(credits, credits, Lexicon("es"), running_text=False,
                                  heading="Un juego de")
    assert score < 1 and [f.name for f in flags] == ["truncated"]
    assert "de" in flags[0].detail
    for heading, lang in (("Tipos de cartas", "es"), ("Um Hilfe bitten", "de"),
                          ("What is the game for?", "en"), ("Munchkin", "ja")):
        assert quality.assess(credits, credits, Lexicon(lang), running_text=False,
                              heading=heading) == (1.0, []), heading
    assert quality.DAMAGED_BELOW > 0.187  # the German rulebook's heap of fragments is damage


def test_topic_keywords_in_every_language(vocabulary):
    cases = [("es", "Huir", "running-away"), ("de", "Weglaufen", "running-away"),
             ("ja", "逃げる", "running-away"), ("vi", "Chơi Quái Vật", "playing-monsters"),
             ("de", "Flüche", "curses"), ("de", "Deine Hand", "your-hand"),
             ("es", "En juego", "cards-in-play"), ("ja", "運んでいるアイテム", "cards-in-play"),
             ("de", "Leiche plündern", "looting-the-body"), ("es", "Tu mano", "your-hand")]
    for lang, heading, topic in cases:
        game = "smashup-munchkin" if lang == "vi" else "munchkin"
        assert TopicMatcher(vocabulary, lang, game).best(heading, "") == topic, heading


def test_every_section_of_every_rulebook_has_a_topic_and_a_resolving_span(corpus):
    for item in corpus.rulebooks:
        raw = item.normalised.raw
        for section in item.sections:
            assert section.topic_id, section.slug  # every section, rule or not, has a topic
            assert 0 <= section.raw_start <= section.raw_end <= len(raw)
            if section.heading_style not in ("editorial",):
                printed = section.heading.split("(")[0].split()[0]
                window = raw[section.raw_start:section.raw_end]
                assert printed[:3].casefold() in "".join(window.split()).casefold(), (section.slug, printed)


def test_a_letter_spaced_call_out_is_a_sidebar_and_the_text_after_it_continues(vocabulary):
    raw = ("Schätze\n"
           "Ziehe so viele Schatzkarten, wie auf der Karte des besiegten Monsters stehen, "
           "und lege sie vor dir aus.\n"
           "H i n w e i s : W e n n d u d i e S c h ä t z e o f f e n z i e h s t , d ü r f e n "
           "a l l e s i e s e h e n u n d d u m u s s t s i e s o f o r t a u s l e g e n .\n"
           "Schätze darfst du jederzeit ausspielen, auch wenn du nicht am Zug bist.\n")
    rulebook = book("de", headings=("lines",))
    sections = segment(rulebook, normalise(raw, "de"), EMPTY, vocabulary)
    kinds = [(s.heading, s.kind) for s in sections]
    assert ("Hinweis", "sidebar") in kinds, kinds
    box = next(s for s in sections if s.kind == "sidebar")
    assert box.body.startswith("Wenn du die Schätze offen ziehst")
    assert box.parent_slug == "schatze" and box.level == 2
    after = sections[sections.index(box) + 1]
    assert after.heading == "Schätze (…)" and after.kind == "rule" and after.level == 1
    assert after.body.startswith("Schätze darfst du jederzeit ausspielen")
