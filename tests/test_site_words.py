"""The site in the reader's language: no identifier reaches a reader, the chrome is translated,
the language menu names each language in its own words and fits a phone, damage flags are
elements, and mkdocs resolves every link, on every language's site.

The built site is crawled as a reader sees it: the visible text and the attributes a browser
shows (title, aria-label, placeholder, alt), leaving out what is meant to be literal (code,
``<small>`` references, the raw source text a section was repaired from). The phone test drives
Debian's chromium through Playwright and is skipped without it.
"""

from __future__ import annotations

import html as html_module
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

from cardbase import i18n, words
from cardbase.site.sitedata import LANGUAGES

SITE = Path(__file__).resolve().parent.parent / "site"

#: a snake_case identifier (``monster_enhancer``, ``start_of_turn``)
SNAKE = re.compile(r"(?<![\w.-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w-])")
#: a dotted identifier (``munchkin.cards.no_returning_to_hand``); web addresses are not
DOTTED = re.compile(r"(?<![\w/.-])[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)+(?![\w/-])")
WEB = re.compile(r"^www\.|\.(?:com|org|net|de|es|jp|vn|io|html?)$")
SHOWN_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")


class _ReaderText(HTMLParser):
    """The text a reader sees, and the attributes a browser shows, outside literal elements."""

    LITERAL = {"script", "style", "code", "pre", "small"}
    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
            "source", "track", "wbr"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.open: list[bool] = []
        self.literal = 0
        self.parts: list[str] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        literal = tag in self.LITERAL or "cb-raw" in (attributes.get("class") or "").split()
        if not self.literal:
            self.parts += [attributes[a] for a in SHOWN_ATTRIBUTES if attributes.get(a)]
        if tag in self.VOID:
            return
        self.open.append(literal)
        self.literal += literal

    def handle_endtag(self, tag):
        if tag not in self.VOID and self.open:
            self.literal -= self.open.pop()

    def handle_data(self, data):
        if not self.literal:
            self.parts.append(data)


def reader_text(html: str) -> list[str]:
    parser = _ReaderText()
    parser.feed(html)
    return parser.parts


def identifiers(html: str) -> list[str]:
    """Every identifier a reader of ``html`` would see."""
    found = []
    for text in reader_text(html):
        found += SNAKE.findall(text)
        found += [d for d in DOTTED.findall(text)
                  if not WEB.search(d) and ("_" in d or d.count(".") >= 2)]
    return found


def test_the_crawler_finds_identifiers_and_leaves_literal_ones():
    html = ('<p>combat · start_of_turn</p><h2>munchkin.cards.no_returning_to_hand</h2>'
            '<span title="usable_by">x</span><small>munchkin.a.b_c</small>'
            '<code>dwarf_hand_limit</code><div class="cb-raw"><p>raw_text_kept</p></div>'
            '<p>see www.example.com or Dr. Smith. Combat.</p><img alt="x" src="a_b.png">')
    assert identifiers(html) == ["start_of_turn", "munchkin.cards.no_returning_to_hand",
                                 "usable_by"]


# --- the words, said in the reader's language ------------------------------------------------

@pytest.mark.parametrize("lang", ["es", "de", "ja", "vi"])
def test_things_are_named_through_the_catalogs(lang):
    english = (words.card_type("monster_enhancer"), words.stat("usable_by"),
               words.edition("older"), words.parameter("dwarf_hand_limit"),
               words.flag("scrambled")[1])
    assert english == ("Monster enhancer", "Usable by", "older edition", "Hand limit of a Dwarf",
                       "Some words are not in the printed order; compare with the raw text.")
    with i18n.language(lang):
        said = (words.card_type("monster_enhancer"), words.stat("usable_by"),
                words.edition("older"), words.parameter("dwarf_hand_limit"),
                words.flag("scrambled")[1])
    assert all(a != b for a, b in zip(said, english)), said


@pytest.mark.parametrize("lang", ["es", "de", "ja", "vi"])
def test_every_card_type_a_card_file_may_give_has_its_words(lang):
    from cardbase.cards.schema import TYPES

    assert set(words.CARD_TYPES) == set(TYPES)
    with i18n.language(lang):
        same = [t for t in TYPES if words.card_type(t) == words.CARD_TYPES[t]]
    # only a word the language writes as English does ("Base", "Monster") stays the same
    assert same == {"es": ["base"], "de": ["monster"]}.get(lang, [])


def test_a_name_with_no_words_yet_is_still_said_readably():
    assert words.card_type("mega_boss") == "mega boss"
    assert words.stat("crit_chance") == "crit chance"
    assert words.edition("second_printing") == "second printing"
    assert words.flag("ink_smudged") == ("ink smudged", "")
    assert words.stat_value("usable_by", ["elf", "stormcast-eternals"]) == "elf, stormcast eternals"
    assert words.stat_value("usable_by", ["stormcast-eternals"],
                            {"stormcast-eternals": "Sturmgeschmiedete"}.get) == "Sturmgeschmiedete"
    assert words.stat_value("slot", "1_hand") == "one hand"
    assert words.stat_value("big", True) == "yes"


# --- the built site ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def built_site(built_db, tmp_path_factory):
    from cardbase.site.build import build_site
    from cardbase.storage.database import connect

    out = tmp_path_factory.mktemp("site-words") / "public"
    report = build_site(connect(built_db), out)
    return out, report


def _pages(root: Path, lang: str):
    return sorted((root / lang).rglob("*.html"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_identifier_reaches_a_reader(built_site, built_db, lang):
    """Neither a snake_case or dotted identifier, nor a rulebook's or game's id where its title
    belongs."""
    import sqlite3

    with sqlite3.connect(built_db) as conn:
        # (a one-word id such as "munchkin" is also a word of the text)
        ids = [row[0] for row in conn.execute("SELECT id FROM rulebooks UNION SELECT id FROM games")
               if "-" in row[0]]
    named = re.compile(r"(?<![\w/.-])(?:%s)(?![\w/.-])" % "|".join(map(re.escape, ids)))
    root, _report = built_site
    found = {}
    for page in _pages(root, lang):
        html = page.read_text(encoding="utf-8")
        names = identifiers(html) + [m for text in reader_text(html) for m in named.findall(text)]
        for name in names:
            found.setdefault(name, str(page.relative_to(root)))
    assert found == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_mkdocs_resolves_every_link(built_site, lang):
    _root, report = built_site
    assert report["languages"][lang]["unresolved_links"] == []


def test_the_german_rulebook_links_no_missing_topic(built_site):
    root, _report = built_site
    for lang in LANGUAGES:
        page = (root / lang / "rulebooks" / "munchkin-warhammer-aos-de" / "index.html")
        html = page.read_text(encoding="utf-8")
        assert ".md\"" not in html and "card-anatomy" not in html.split("<article", 1)[1]
        for target in re.findall(r'href="\.\./\.\./topics/([^/"]+)/"', html):
            assert (root / lang / "topics" / target / "index.html").is_file()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_damage_flags_are_elements_in_the_readers_language(built_site, lang):
    root, _report = built_site
    # no page prints our own markup as text
    shown_as_text = [str(page.relative_to(root)) for page in _pages(root, lang)
                     if re.search(r"&lt;(?:span|div|details) class=", page.read_text("utf-8"))]
    assert shown_as_text == []
    html = (root / lang / "rulebooks" / "munchkin-warhammer-aos-de" / "index.html").read_text(
        encoding="utf-8")
    assert "&lt;span" not in html
    flags = re.findall(r'<span class="cb-flag" title="([^"]+)">([^<]+)</span>', html)
    assert flags
    with i18n.language(lang):
        expected = {words.flag("scrambled"), words.flag("truncated")}
    assert expected <= {(html_module.unescape(label), html_module.unescape(title))
                        for title, label in flags}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_language_menu_names_each_language_in_its_own(built_site, lang):
    root, _report = built_site
    html = (root / lang / "glossary" / "index.html").read_text(encoding="utf-8")
    menu = re.findall(r'lang="(\w+)" class="md-select__link">([^<]+)</a>', html)
    assert dict(menu) == {"en": "English", "es": "Español", "de": "Deutsch", "ja": "日本語",
                          "vi": "Tiếng Việt"}
    root_page = (root / "index.html").read_text(encoding="utf-8")
    assert "日本語" in root_page and "Tiếng Việt" in root_page


def _chrome(root: Path, lang: str) -> dict:
    html = (root / lang / "rules" / "munchkin" / "index.html").read_text(encoding="utf-8")
    footer = re.search(r'(?s)<div class="md-copyright">(.*?)</div>\s*</div>', html).group(1)
    return {
        "footer": " ".join(re.sub(r"<[^>]+>", " ", footer).split()),
        "permalink": re.search(r'class="headerlink" href="[^"]+" title="([^"]+)"', html).group(1),
        "about": re.search(r"<h1[^>]*>(.*?)</h1>", (root / lang / "about" / "index.html")
                           .read_text(encoding="utf-8")).group(1),
        "contribute": re.search(r"<h1[^>]*>(.*?)</h1>", (root / lang / "contribute" /
                                "index.html").read_text(encoding="utf-8")).group(1),
    }


@pytest.mark.parametrize("lang", ["es", "de", "ja", "vi"])
def test_the_chrome_is_in_the_sites_language(built_site, lang):
    root, _report = built_site
    english, own = _chrome(root, "en"), _chrome(root, lang)
    assert "Material for MkDocs" in own["footer"]
    for part in english:
        assert own[part] != english[part], part
    # no English word of the footer is left around the tool's name
    left = set(english["footer"].replace("Material for MkDocs", "").split())
    assert left and not left & set(own["footer"].replace("Material for MkDocs", "").split())


@pytest.mark.parametrize("lang", ["es", "de", "ja", "vi"])
def test_hand_written_pages_are_written_in_every_language(lang):
    for name in ("index.md", "about.md", "contribute.md"):
        own, english = SITE / lang / name, SITE / "en" / name
        assert own.is_file(), own
        text = own.read_text(encoding="utf-8")
        assert text != english.read_text(encoding="utf-8")
        # the commands stay as they are; the words around them are the language's own
        prose = "\n".join(line for line in text.splitlines() if not line.startswith("    "))
        assert not set(re.findall(r"[A-Za-z]{4,}", prose)) & {"with", "that", "every", "which",
                                                               "from", "their", "where"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rule_pages_are_headed_by_the_statement_with_the_id_small(built_site, lang):
    from cardbase.rules.model import rules_for

    root, _report = built_site
    html = (root / lang / "rules" / "munchkin" / "index.html").read_text(encoding="utf-8")
    rule = next(r for r in rules_for("munchkin") if r.id == "munchkin.charity.hand_limit")
    with i18n.language(lang):
        statement = i18n._(rule.statement)
    heading = re.search(r'<h2 id="munchkin-charity-hand-limit">(.*?)<a class="headerlink"',
                        html).group(1)
    assert html_module.unescape(heading).strip() == statement
    after = html.split('id="munchkin-charity-hand-limit"', 1)[1][:600]
    assert "<small" in after and "<code>munchkin.charity.hand_limit</code>" in after


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_decision_table_has_a_legend(built_site, lang):
    root, _report = built_site
    with i18n.language(lang):
        line = i18n._("✓ allowed · ✗ forbidden · ? conditional")
        rows = i18n._("Each row is a situation: the phase of the turn, whose turn it is, your "
                      "part in a combat and anything else that changes the answer.")
    for page in (root / lang / "decisions").glob("*/index.html"):
        html = page.read_text(encoding="utf-8")
        tables = html.count("<table>")
        assert tables > 0
        # (escaping may write the line's first character as an entity)
        assert html_module.unescape(html).count(f'<p class="cb-legend-line">{line}</p>') == tables
        assert rows in html_module.unescape(html)
        # each table's own legend follows it
        for table in html.split("</table>")[:-1]:
            assert "<table>" in table
        assert all(part.lstrip().startswith(("</div>", '<p class="cb-legend-line">'))
                   for part in html.split("</table>")[1:])


# --- the language menu on a phone -------------------------------------------------------------

LONG_NAME = "Bahasa Indonesia (Indonesia), a name much longer than any shipped"


@pytest.mark.parametrize("lang, renamed", [("ja", None), ("vi", None), ("de", LONG_NAME)])
def test_the_language_menu_fits_a_phone(built_site, lang, renamed):
    """At 390 px, the menu opens and no language's name runs off the screen, a made-up long
    name included."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    playwright = pytest.importorskip("playwright.sync_api")
    if chromium is None:
        pytest.skip("chromium is not installed")
    root, _report = built_site
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=[
            "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync"])
        try:
            context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                          has_touch=True)
            page = context.new_page()
            page.goto((root / lang / "rulebooks" / "munchkin-ja" / "index.html").as_uri())
            if renamed:
                page.evaluate("name => { document.querySelectorAll('.md-header "
                              ".md-select__link')[1].textContent = name; }", renamed)
            page.locator(".md-header .md-select button").first.click()
            links = page.locator(".md-header .md-select__link")
            links.first.wait_for(state="visible")
            assert links.count() == len(LANGUAGES)
            width = page.evaluate("document.documentElement.clientWidth")
            for index in range(links.count()):
                link = links.nth(index)
                assert link.is_visible()
                box = link.bounding_box()
                assert box["x"] >= 0 and box["x"] + box["width"] <= width, link.inner_text()
                assert link.evaluate("e => e.scrollWidth <= e.clientWidth"), link.inner_text()
            assert page.evaluate("document.documentElement.scrollWidth") <= width
        finally:
            browser.close()


def test_site_build_says_which_links_lead_nowhere(capsys):
    from cardbase import render

    render.site_built("public", {"pages": 3, "site_url": "https://example.org/", "languages": {
        "en": {"unresolved_links": []},
        "de": {"unresolved_links": ["Doc file 'a.md' contains a link 'b.md', but the target "
                                    "'b.md' is not found among documentation files."]}}})
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "built public: 3 pages in 2 languages"
    assert err[1:] == ["the de site has a link that leads nowhere: Doc file 'a.md' contains a "
                       "link 'b.md', but the target 'b.md' is not found among documentation "
                       "files."]
