"""The card pages and the card list: titles, fallback names, stats in the reader's language, and
rulings that are the checker's own verdicts, linked to "Can I play this?" with its query keys."""

import shutil
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest

from cardbase import i18n
from cardbase.rules.checker import check
from cardbase.site.cards import CardIndex, card_rulings, type_label
from cardbase.site.pages import render_site
from cardbase.site.sitedata import SiteData
from cardbase.storage import queries

ROOT = Path(__file__).resolve().parent.parent
#: the query keys of the "Can I play this?" page a ruling's link may set (its URL contract)
CHECK_KEYS = {"game", "rulebook", "state.phase", "state.my_turn", "state.role", "action.verb",
              "action.card_type", "action.card", "action.from"}

MADE_UP = """game: munchkin
cards:
  - id: hat-of-made-up-wisdom
    type: item
    names:
      de: {name: "Hut der erfundenen Weisheit", ours: true}
    stats:
      bonus: {value: 3, ours: true}
      slot: {value: headgear, ours: true}
      big: {value: true, ours: true}
      usable_by: {value: [wizard], ours: true}
  - id: relic-of-nowhere
    type: character
    names:
      vi: {name: "Thánh tích Hư vô", ours: true}
      en: {name: "Relic of Nowhere", ours: true}
  - id: hostile-curse
    type: curse
    names:
      de: {name: "</title><script>alert(1)</script> <img src=x onerror=alert(2)> & *Fluch*", ours: true}
"""
HOSTILE_SHOWN = "&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(2)&gt;"


@pytest.fixture(scope="module")
def made_up_db(tmp_path_factory):
    """The real data plus two cards nobody printed: a German-only Big headgear for wizards, and
    a card of a type the checker has no play for."""
    from cardbase.ingest import build_database

    root = tmp_path_factory.mktemp("made-up")
    data = root / "data"
    shutil.copytree(ROOT / "data", data)
    (data / "cards" / "made-up.yaml").write_text(MADE_UP, encoding="utf-8")
    db = root / "cardbase.db"
    build_database(data, db)
    return db


def _rendered(db, lang: str, tmp_path: Path) -> Path:
    from cardbase.storage.database import connect

    root = tmp_path / f"docs-{lang}"
    render_site(connect(db), lang, root)
    return root


def _heading(page: str) -> str:
    return next(line for line in page.splitlines() if line.startswith("# "))


def _query(url: str) -> list[tuple[str, str]]:
    parts = urlsplit(url)
    assert parts.path == "../../check/", url
    return parse_qsl(parts.query, strict_parsing=True)


def test_rulings_are_the_checkers_verdicts(conn):
    """Every grouped ruling, asked again through ``cardbase check``'s own function with the
    query its link carries, gets the same verdict and the same deciding rules."""
    asked = 0
    for card_id in ("enraged", "mace-of-sharpness", "elf", "chaotic", "treasure-bath"):
        card = queries.card_row(conn, card_id)
        if card is None:
            continue
        rulebooks = queries.rulebooks_of_game(conn, card["game_id"])
        name = queries.english_card_name(conn, card_id) or queries.card_names(conn, card_id)[0][1]
        for book in card_rulings(conn, card, name, rulebooks):
            for ruling in book["rulings"]:
                for _state, query in ruling["situations"]:
                    answer = check(conn, query)
                    assert answer["verdict"] == ruling["verdict"], query
                    assert [b["rule"] for b in answer["because"]] == \
                        [rule.id for rule, _ in ruling["rules"]], query
                    assert answer["card"]["id"] == card_id
                    asked += 1
    assert asked > 50


def test_a_card_type_the_checker_cannot_play_has_no_rulings(conn):
    base = next(r for r in queries.card_rows(conn) if r["type"] == "base")
    rulebooks = queries.rulebooks_of_game(conn, base["game_id"])
    assert card_rulings(conn, base, base["id"], rulebooks) == []


def test_each_phase_turn_and_role_is_judged_once(conn):
    card = queries.card_row(conn, "enraged")
    books = card_rulings(conn, card, "Enraged", ["munchkin-es"])
    situations = [(s["phase"], s["my_turn"], s.get("role")) for ruling in books[0]["rulings"]
                  for s, _q in ruling["situations"]]
    assert len(situations) == len(set(situations))
    assert ("combat", False, "helper") in situations and ("charity", True, None) in situations
    verdicts = {(s["phase"], s["my_turn"], s.get("role")): r["verdict"]
                for r in books[0]["rulings"] for s, _q in r["situations"]}
    # a monster enhancer goes into any combat, and not outside one
    assert verdicts[("combat", False, "bystander")] == "allowed"
    assert verdicts[("charity", True, None)] == "forbidden"


@pytest.mark.parametrize("lang, title, label", [
    ("en", "Enraged", "Bonus to the monster"),
    ("es", "Enfurecido", "Bonus para el monstruo"),
    ("de", "Enraged", "Bonus für das Monster"),
    ("ja", "怒った", "モンスターへのボーナス"),
    ("vi", "Enraged", "Điểm cộng cho quái vật"),
])
def test_card_page_in_each_language(built_db, tmp_path, lang, title, label):
    page = (_rendered(built_db, lang, tmp_path) / "cards" / "enraged" / "index.md").read_text(
        encoding="utf-8")
    first = _heading(page)
    assert first.startswith(f"# {title}")
    # the title (printed by the theme as HTML) carries its language where it is another one
    shown = title if lang == "en" or title != "Enraged" else f'<span lang="en">{title}</span>'
    assert page.startswith(f"---\ntitle: {shown}\n")
    assert label in page
    with i18n.language(lang):
        assert type_label("monster_enhancer") in page
        assert i18n._("Rulings") in page
        assert i18n._("allowed") in page
    # German and Vietnamese have no name for Enraged: the English one, said so, marked English
    fallback = lang in ("de", "vi")
    assert ('class="cb-fallback"' in page) is fallback
    assert ('{ lang="en" }' in first) is fallback
    links = [line.split('href="', 1)[1].split('"', 1)[0].replace("&amp;", "&")
             for line in page.split('<ul class="cb-situations">')[1:]]
    assert links
    # the rulebook in the reader's language comes first
    first_book = dict(_query(links[0]))["rulebook"]
    assert first_book == {"ja": "munchkin-ja"}.get(lang, "munchkin-es")
    for link in links:
        keys = [k for k, _v in _query(link)]
        assert set(keys) <= CHECK_KEYS and len(keys) == len(set(keys))
        assert {"game", "rulebook", "state.phase", "action.verb", "action.card_type",
                "action.card"} <= set(keys)


def test_made_up_card_shows_its_stats_in_words(made_up_db, tmp_path):
    root = _rendered(made_up_db, "es", tmp_path)
    page = (root / "cards" / "hat-of-made-up-wisdom" / "index.md").read_text(encoding="utf-8")
    assert _heading(page) == '# Hut der erfundenen Weisheit { lang="de" }'
    assert "No se conoce el nombre de esta carta en español" in page
    box = page.split('<div class="cb-card"', 1)[1].split("</div>\n\n", 1)[0]
    assert "Objeto · Grande · Cubrecabeza · Munchkin" in box
    for label in ("Bonus", "Ranura", "Grande", "Solo para"):
        assert f"<dt>{label}</dt>" in box
    assert "<dd>+3" in box and "<dd>sí" in box
    assert '<a href="../wizard/">Mago</a>' in box  # the class card, in Spanish
    assert "headgear" not in box and "usable_by" not in box and "True" not in box
    # an item can be played: the checker's rulings, each situation linked
    assert 'class="cb-situations"' in page and "action.card=Hut%20der%20erfundenen" in page


def test_unknown_card_type_is_said_in_words_without_rulings(made_up_db, tmp_path):
    root = _rendered(made_up_db, "vi", tmp_path)
    page = (root / "cards" / "relic-of-nowhere" / "index.md").read_text(encoding="utf-8")
    assert _heading(page) == "# Thánh tích Hư vô"
    assert "Nhân vật · Munchkin" in page
    assert "cb-situations" not in page
    with i18n.language("vi"):
        assert i18n._("The rules checker has no rules on playing this kind of card.") in page
    index = (root / "cards" / "index.md").read_text(encoding="utf-8")
    item = next(line for line in index.splitlines() if 'href="relic-of-nowhere/"' in line)
    assert 'data-names="Relic of Nowhere | Thánh tích Hư vô"' in item
    assert '<option value="character">Nhân vật</option>' in index


def test_a_type_nobody_labelled_yet_is_said_in_words():
    assert type_label("some_new_type") == "Some new type"


def test_card_list_types_are_translated_and_every_card_is_listed(conn, tmp_path):
    root = tmp_path / "docs"
    render_site(conn, "de", root)
    index = (root / "cards" / "index.md").read_text(encoding="utf-8")
    assert index.startswith("# Karten")
    assert '<option value="monster_enhancer">Monsterverstärker</option>' in index
    assert ">monster_enhancer<" not in index
    listed = index.count("<li data-game=")
    assert listed == len(queries.card_rows(conn))
    assert '<form class="cb-filter" hidden' in index  # shown by the script, so no dead controls
    import re

    rows = re.findall(r'<li data-game="([^"]+)".*?class="cb-card-name"[^>]*>([^<]+)</a>', index)
    for game in {g for g, _n in rows}:
        shown = [name for g, name in rows if g == game]
        assert shown == sorted(shown, key=str.casefold), game  # by the names the reader sees
    # the German name carries no lang of its own on the German list; an English one does
    assert '<a class="cb-card-name" href="chaotic/">Chaotisch</a>' in index
    assert '<a class="cb-card-name" href="enraged/" lang="en">Enraged</a>' in index


def test_sections_of_names_and_stats_are_found(conn):
    data = SiteData(conn)
    index = CardIndex(conn, data, "en")
    row = next(r for r in index.names["enraged"] if r["lang"] == "es")
    found = index.section(row["rulebook_id"], row["quote"])
    assert found and found["rulebook"] == "munchkin-es"
    face = next(r for r in index.names["archaon-the-everchosen"] if r["origin"] == "card_face")
    found = index.section(face["rulebook_id"], None, face["raw_start"])
    assert found and "Archaon" in found["heading"]


def test_a_hostile_card_name_stays_text_in_the_built_pages(made_up_db, tmp_path):
    """The name is the page's title: in <title>, the header and the search index it must stay
    text too (the theme prints titles without escaping them). And the index holds the card, not
    its rulings."""
    from cardbase.site.build import build_site
    from cardbase.storage.database import connect

    out = tmp_path / "public"
    build_site(connect(made_up_db), out, languages=("es",))
    page = (out / "es" / "cards" / "hostile-curse" / "index.html").read_text(encoding="utf-8")
    assert f"<title>{HOSTILE_SHOWN} &amp; *Fluch* - " in page
    assert HOSTILE_SHOWN in page.split("<h1", 1)[1]
    for path in [*(out / "es" / "cards").rglob("*.html"), out / "es" / "search" /
                 "search_index.json"]:
        text = path.read_text(encoding="utf-8")
        assert "<script>alert" not in text and "<img src=x" not in text, path
        assert "</title><" not in text, path
    # the rulings stay out of the search index (their rules are found on the rules pages)
    index = (out / "es" / "search" / "search_index.json").read_text(encoding="utf-8")
    assert "Hut der erfundenen Weisheit" in index and "Cubrecabeza" in index
    assert "En estas situaciones" not in index and "check/?" not in index


def test_a_game_name_is_in_the_language_its_rulebooks_share():
    from types import SimpleNamespace

    from cardbase.site.cards import game_lang

    data = SimpleNamespace(rulebooks=[
        {"game_id": "lone", "lang": "vi"}, {"game_id": "lone", "lang": "vi"},
        {"game_id": "mixed", "lang": "es"}, {"game_id": "mixed", "lang": "ja"}])
    assert game_lang(data, "lone") == "vi"
    assert game_lang(data, "mixed") is None
    assert game_lang(data, "unknown") is None


def test_the_front_matter_marks_a_foreign_title_and_headings():
    from markupsafe import Markup

    from cardbase.site.cards import front_matter

    plain = front_matter("Fluch & <b>")
    assert plain == "title: Fluch &amp; <b>\n" or plain.startswith("title: ")
    assert "<b>" not in plain.replace("&lt;b>", "")
    marked = front_matter(Markup('<span lang="vi">Địa ngục</span>'), {"rulings-x-vi": "vi"})
    assert marked.startswith('title: <span lang="vi">Địa ngục</span>\nheading_lang:\n')
    assert "rulings-x-vi: vi" in marked
