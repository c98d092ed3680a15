"""Hostile text through every path that reaches the site, in a real browser.

A copy of the data folder gets the same payload (tags that run script, javascript: links,
Markdown links and attr_list attributes, Jinja, an HTML comment, characters that end a code span
or a table cell) through every way text reaches a page, each behind its own tag (``TOPIC``,
``BOOK``, ``CARD``...): a game's name, a rulebook's title and publisher (the manifest) with its
headings and text, a correction of one of its passages (``data/overlays/``), the topic titles
(``data/topics.yaml``), a card's name and text (``data/cards/``), a glossary word, and
translations imported with ``cardbase translate import``: content (a section, a topic title, a
card name) and a few interface labels. The site is built in English and German (the language
of the translations); every page is read for markup that came from the data, the search index
is read for it too, and the pages where each path lands are opened in Chromium with a dialog
handler, where each payload must show as the text it is (and a search shows it as text).
"""

from __future__ import annotations

import hashlib
import html as html_module
import json
import re
import shutil
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent.parent

#: Markup of every kind a reader's browser or the Markdown pipeline could act on: tags and
#: attributes that run script, a javascript: link, Markdown links and attr_list attributes, Jinja
#: and mkdocs macros, an HTML comment, characters that end a code span or a table cell, and what
#: makes the HTML parser read past the end of a script element holding it (``<!--<script>``).
PAYLOAD = ('<script>alert(1)</script> <img src=x onerror=alert(2)> "><svg onload=alert(3)> '
           '[x](javascript:alert(4)) <a href="javascript:alert(5)">a</a> {: onclick=alert(6) } '
           '{{ 7*7 }} {% raw %} <!-- c --> a|b `tick` *em* __u__ ~s~ <!--<script>')

CHROME_PAYLOAD = " ".join(part for part in PAYLOAD.split(" ") if "{" not in part
                          and "}" not in part and "%" not in part)

#: the parts of the payload that must appear, as text, wherever it is shown
VISIBLE = ["<script>alert(1)</script>", "<img src=x onerror=alert(2)>",
           '"><svg onload=alert(3)>', "[x](javascript:alert(4))", "{: onclick=alert(6) }",
           "{{ 7*7 }}", "{% raw %}", "<!-- c -->", "a|b", "`tick`", "*em*", "__u__", "~s~",
           "<!--<script>"]

TAGS = ("GAME", "TOPIC", "BOOK", "HEADING", "BODY", "FIXED", "CARD", "CARDTEXT", "WORD",
        "TRSECTION", "TRTOPIC", "TRCARD", "TRCHROME")
#: interface messages given a hostile translation: a label in the pages, one in the navigation,
#: one in an attribute-like place (the raw text's summary)
CHROME = ("Topic", "Rulebooks", "Raw text")

RULEBOOK = "munchkin-en"
CARD = "hostile-card"
TERM = "hostile-term"
TOPIC = "combat"


def hostile(tag: str) -> str:
    if tag == "TRCHROME":
        # an interface translation may hold no braces but its message's placeholders: the
        # import refuses any other, so this one has none
        return f"{tag}: {CHROME_PAYLOAD}"
    return f"{tag}: {PAYLOAD}"


def _quoted(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # a JSON string is a YAML double-quoted scalar


def make_data(target: Path) -> Path:
    """Write the hostile copy of data/ to ``target``; return it."""
    shutil.copytree(ROOT / "data", target)
    source = target / "sources" / "hostile.txt"
    source.write_text(
        f"{hostile('HEADING')}\n\n{hostile('BODY')}\n\nCombat\n\n"
        "To fight a monster compare your combat strength with its level.\n\n"
        "Running Away\n\nA garbled passage that an editor replaced by hand.\n", encoding="utf-8")
    digest = hashlib.sha256(source.read_bytes()).hexdigest()
    manifest = target / "manifest.yaml"
    text = manifest.read_text(encoding="utf-8")
    assert "\n  munchkin: Munchkin\n" in text
    manifest.write_text(text.replace("\n  munchkin: Munchkin\n",
                                     f"\n  munchkin: {_quoted(hostile('GAME'))}\n"),
                        encoding="utf-8")
    with manifest.open("a", encoding="utf-8") as manifest:
        manifest.write(f"""
  - id: {RULEBOOK}
    game: munchkin
    lang: en
    edition: test
    title: {_quoted(hostile('BOOK'))}
    publisher: {_quoted(PAYLOAD)}
    file: sources/hostile.txt
    sha256: {digest}
    headings: [lines]
""")
    (target / "overlays" / f"{RULEBOOK}.yaml").write_text(f"""corrections:
  - id: hostile-fix
    reason: scrambled
    note: {_quoted(PAYLOAD)}
    raw: "A garbled passage that an editor replaced by hand."
    text: {_quoted(hostile('FIXED'))}
""", encoding="utf-8")
    (target / "cards" / "hostile.yaml").write_text(f"""game: munchkin
cards:
  - id: {CARD}
    type: item
    names:
      en: {{name: {_quoted(hostile('CARD'))}, ours: true}}
    text:
      en: {{value: {_quoted(hostile('CARDTEXT'))}, ours: true}}
""", encoding="utf-8")
    topics = yaml.safe_load((target / "topics.yaml").read_text(encoding="utf-8"))
    for topic in topics["topics"]:
        if topic["id"] == TOPIC:
            # no German title: the German one comes from a content translation
            topic["titles"] = {lang: hostile("TOPIC") for lang in topic["titles"] if lang != "de"}
    (target / "topics.yaml").write_text(yaml.safe_dump(topics, allow_unicode=True),
                                        encoding="utf-8")
    with (target / "glossary.yaml").open("a", encoding="utf-8") as glossary:
        glossary.write(f"""
  - id: {TERM}
    words:
      en: [{_quoted(hostile('WORD'))}]
    ours: {{en: [{_quoted(hostile('WORD'))}]}}
""")
    return target


def translate(db: Path, locales: Path, lang: str, work: Path) -> None:
    """Import, through ``cardbase translate import``, hostile translations into ``lang``."""
    from click.testing import CliRunner

    from cardbase.cli import main
    from cardbase.translate.catalogs import read, write

    runner = CliRunner()
    env = {"CARDBASE_DB": str(db), "CARDBASE_LOCALES": str(locales)}
    out = work / "po"
    result = runner.invoke(main, ["translate", "export", lang, "--out", str(out)], env=env)
    assert result.exit_code == 0, result.output
    path = next(out.glob(f"{lang}*content.po"))
    catalog = read(path, lang)
    wanted = {f"section:{RULEBOOK}/": hostile("TRSECTION"), f"topic:{TOPIC}": hostile("TRTOPIC"),
              f"card:{CARD}:name": hostile("TRCARD")}
    done = set()
    for message in catalog:
        for context, text in wanted.items():
            if message.context and (message.context == context or (
                    context.endswith("/") and message.context.startswith(context))):
                message.string = text
                done.add(context)
    assert done == set(wanted), done
    write(path, catalog)
    # the interface catalog comes the same way: a label of the pages and of the navigation
    # (a file holding those labels only: a translator may send part of a catalog)
    interface = next(out.glob(f"{lang}*cardbase.po"))
    catalog = read(interface, lang)
    for message in list(catalog):
        if message.id and message.id not in CHROME:
            catalog.delete(message.id, message.context)
        elif message.id:
            message.string = hostile("TRCHROME")
            message.flags.discard("fuzzy")
    assert len(catalog) == len(CHROME)
    write(interface, catalog)
    result = runner.invoke(main, ["translate", "import", lang, str(path), str(interface)],
                           env=env)
    assert result.exit_code == 0, result.output + result.stderr


# --- the site ----------------------------------------------------------------------------------

from html.parser import HTMLParser  # noqa: E402

import pytest  # noqa: E402

LANGUAGES = ("en", "de")


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory) -> Path:
    from cardbase.ingest import build_database
    from cardbase.site.build import build_site
    from cardbase.storage.database import connect

    root = tmp_path_factory.mktemp("hostile-site")
    data = make_data(root / "data")
    locales = root / "locales"
    shutil.copytree(ROOT / "locales", locales)
    db = root / "cardbase.db"
    build_database(data, db, locales=locales)
    translate(db, locales, "de", root)
    build_database(data, db, locales=locales)  # the imported translations into the database
    out = root / "public"
    conn = connect(db)
    try:
        build_site(conn, out, languages=LANGUAGES, locales=locales)
    finally:
        conn.close()
    return out


class _Markup(HTMLParser):
    """What in a page could run or hide: event attributes, script URLs, scripts that alert,
    the payload's comment. A JSON data block (``<script type="application/json">``) is not run:
    it must hold the payload as JSON text, whole (the payload cannot end it early)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self.in_script = False
        self.in_json = False

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append(f"<{tag} {name}={value!r}>")
            if name in ("href", "src", "action", "formaction") and (value or "").strip(
                    ).lower().startswith("javascript:"):
                self.problems.append(f"<{tag} {name}={value!r}>")
        if tag == "img" and dict(attrs).get("src") == "x":
            self.problems.append("<img src=x>")
        self.in_script = tag == "script"
        self.in_json = self.in_script and dict(attrs).get("type") == "application/json"

    def handle_endtag(self, tag):
        self.in_script = self.in_json = False

    def handle_data(self, data):
        if self.in_json:
            try:
                json.loads(data)
            except ValueError:
                self.problems.append(f"<script type=application/json> broken: {data[:60]}")
        elif self.in_script and "alert(" in data:
            self.problems.append(f"<script>{data[:60]}")

    def handle_comment(self, data):
        if data.strip() == "c":
            self.problems.append("<!-- c --> became a comment")


def _problems(html: str) -> list[str]:
    parser = _Markup()
    parser.feed(html)
    parser.close()
    return parser.problems


def test_no_page_carries_markup_from_the_data(hostile_site):
    pages = sorted(hostile_site.rglob("*.html"))
    assert len(pages) > 100
    reached = set()
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert not _problems(html), (page, _problems(html))
        reached.update(tag for tag in TAGS if f"{tag}: " in html)
    assert reached == set(TAGS)  # every path reached the site


def test_the_search_index_holds_the_text_as_text(hostile_site):
    for lang in LANGUAGES:
        index = json.loads((hostile_site / lang / "search" / "search_index.json").read_text(
            encoding="utf-8"))
        hits = [doc for doc in index["docs"] if "alert(1)" in doc["title"] + doc["text"]]
        assert hits, lang
        for doc in hits:
            # the theme renders titles and texts as HTML: the payload must be entities there
            for field in ("title", "text"):
                assert not _problems(doc[field]), (lang, doc["location"], field)
                assert "<script>" not in doc[field] and "<img" not in doc[field]


# where each path lands: page -> the tags whose whole payload it must show as text
PAGES = {
    "en/": ["BOOK"],
    f"en/rulebooks/{RULEBOOK}/": ["BOOK", "HEADING", "BODY", "FIXED"],
    f"en/topics/{TOPIC}/": ["TOPIC"],
    "en/cards/": ["CARD"],
    f"en/cards/{CARD}/": ["CARD", "CARDTEXT"],
    "en/glossary/": ["WORD"],
    "en/rules/munchkin/": ["GAME"],
    "en/decisions/munchkin/": ["GAME"],
    "en/translations/": ["TOPIC"],
    f"de/rulebooks/{RULEBOOK}/": ["BOOK", "HEADING", "TRSECTION", "TRCHROME"],
    f"de/topics/{TOPIC}/": ["TRTOPIC"],
    "de/cards/": ["TRCARD"],
    f"de/cards/{CARD}/": ["TRCARD", "CARDTEXT"],
}

#: what the browser reports about a loaded page: its visible text, its title, the navigation's
#: text (hidden parts too) and anything that could run
_INSPECT = """() => {
  const bad = [];
  for (const el of document.querySelectorAll("*")) {
    for (const a of el.attributes) {
      const v = a.value.trim().toLowerCase();
      if (a.name.startsWith("on") || v.startsWith("javascript:")) {
        bad.push(el.tagName + " " + a.name);
      }
    }
  }
  for (const s of document.scripts) {
    // a JSON data block is never run: it may hold the payload, as data
    if (s.type !== "application/json" && s.textContent.includes("alert(")) bad.push("script");
  }
  const nav = document.querySelector("nav.md-nav--primary");
  return {text: document.body.innerText, title: document.title, bad: bad,
          nav: nav ? nav.textContent : ""};
}"""


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def hostile_url(hostile_site, serve_folder):
    return serve_folder(hostile_site)


@pytest.fixture
def page(browser):
    """A browser page that records every dialog (none may open)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.dialogs = []

    def record(dialog):
        page.dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", record)
    yield page
    context.close()


@pytest.mark.parametrize("path", sorted(PAGES))
def test_hostile_text_shows_as_text_in_the_browser(page, hostile_url, path):
    page.goto(f"{hostile_url}/{path}")
    page.wait_for_load_state("load")
    seen = page.evaluate(_INSPECT)
    assert seen["bad"] == [] and page.dialogs == [], (seen["bad"], page.dialogs)
    text = _flat(seen["text"])
    for tag in PAGES[path]:
        assert _flat(hostile(tag)) in text, (tag, [t for t in VISIBLE if t not in text])
    if path == f"en/rulebooks/{RULEBOOK}/":
        assert seen["title"].startswith(_flat(hostile("BOOK")))
    if path.startswith("en/"):  # the navigation names the hostile rulebook and topic
        assert _flat(hostile("BOOK")) in _flat(seen["nav"])
        assert _flat(hostile("TOPIC")) in _flat(seen["nav"])
    else:  # the German navigation: a translated topic title, a translated label
        assert _flat(hostile("TRTOPIC")) in _flat(seen["nav"])
        assert _flat(hostile("TRCHROME")) in _flat(seen["nav"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_check_page_keeps_a_hostile_title_as_data_and_runs_its_scripts(page, hostile_url,
                                                                           lang):
    """The rulebooks' titles travel in the page as JSON inside a script element: the hostile
    one must come out of it whole, and the scripts after it (the checker's data and the page's
    own script) must still run."""
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{hostile_url}/{lang}/check/")
    page.wait_for_load_state("load")
    words = page.evaluate(
        "() => JSON.parse(document.getElementById('cb-check-words').textContent)")
    assert words["rulebooks"][RULEBOOK] == hostile("BOOK")
    assert page.evaluate("() => Object.keys(window.cbCheckData || {})")  # the data scripts ran
    # the page's script ran: it hides the fields of a game until one is chosen, then shows them
    phase = page.locator("#cb-f-state-phase")
    assert not phase.is_visible()
    page.select_option("select[name=game]", "munchkin")
    page.select_option("select[name=rulebook]", RULEBOOK)
    assert phase.is_visible()
    option = page.locator(f'select[name=rulebook] option[value="{RULEBOOK}"]')
    assert option.text_content() == hostile("BOOK")
    seen = page.evaluate(_INSPECT)
    assert seen["bad"] == [] and page.dialogs == [] and errors == [], (seen["bad"], errors)


@pytest.mark.parametrize("lang, tag", [("en", "BODY"), ("en", "FIXED"), ("de", "TRSECTION")])
def test_search_results_show_hostile_text_as_text(page, hostile_url, site_search, lang, tag):
    site_search(page, f"{hostile_url}/{lang}/", tag)
    results = page.locator(".md-search-result")
    assert "alert(1)" in results.inner_text()
    seen = page.evaluate(_INSPECT)
    assert seen["bad"] == [] and page.dialogs == [], (seen["bad"], page.dialogs)


def test_front_matter_titles_and_descriptions_reach_the_theme_as_text(tmp_path):
    """The theme prints a page's front matter title (in <title> and the header) and description
    (a meta tag) without escaping them: ``markup.front_matter`` escapes them for it."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    from cardbase.site.markup import front_matter

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text(
        front_matter(title=hostile("TITLE"), description=hostile("DESCRIPTION"))
        + "\n# Page\n\nText.\n", encoding="utf-8")
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    config.update(docs_dir=str(docs), site_dir=str(tmp_path / "site"), plugins=["search"],
                  extra_css=[], extra_javascript=[])
    config["theme"]["custom_dir"] = str(ROOT / "site" / "overrides")
    (tmp_path / "mkdocs.yml").write_text(yaml.safe_dump(config), encoding="utf-8")
    build(load_config(str(tmp_path / "mkdocs.yml")))
    html = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert not _problems(html), _problems(html)
    head = html.split("</head>", 1)[0]
    title = re.search(r"<title>(.*?)</title>", head, re.S).group(1)
    assert html_module.unescape(title) == f"{hostile('TITLE')} - cardbase"
    metas = []
    parser = HTMLParser()
    parser.handle_starttag = lambda tag, attrs: metas.append(dict(attrs)) if tag == "meta" else 0
    parser.feed(head)
    # the whole description stays in its attribute, as the text it is
    assert {"name": "description", "content": hostile("DESCRIPTION")} in metas
    topic = html.split('data-md-component="header-topic"', 1)[1].split("</div>", 1)[0]
    assert "TITLE: &lt;script&gt;alert(1)&lt;/script&gt;" in topic
