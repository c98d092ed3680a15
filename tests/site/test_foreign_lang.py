"""Every passage in another language than its page's is marked with its ``lang``, on every page.

A crawler over the whole built site (every language): each text whose letters show its language
(Japanese kana and kanji, Vietnamese, Spanish or German letters beyond ASCII) must stand in an
element whose nearest ``lang`` (the page's ``<html>`` at the latest) names a language that writes
those letters, so quoted Japanese on the Spanish site, a Vietnamese rulebook's title in the
English navigation or a German card text on the Japanese site are read in their own language by
browsers, screen readers and search engines. Letters that two of the languages share (á é í ó ú
in Spanish and Vietnamese, ü in German and Spanish) accept either. The root page says its
language too.
"""

import unicodedata
from functools import lru_cache
from html.parser import HTMLParser

_VI_MARKS = {"\u0300", "\u0301", "\u0303", "\u0309", "\u0323", "\u0302", "\u0306", "\u031b"}


@lru_cache(maxsize=None)
def _vietnamese(char: str) -> bool:
    if char in "đĐ":
        return True
    base, *marks = unicodedata.normalize("NFD", char)
    return base in "aeiouyAEIOUY" and bool(marks) and set(marks) <= _VI_MARKS


def _japanese(char: str) -> bool:
    name = unicodedata.name(char, "")
    return name.startswith(("CJK", "IDEOGRAPHIC", "HIRAGANA", "KATAKANA", "FULLWIDTH",
                            "HALFWIDTH KATAKANA"))


#: the letters beyond ASCII that each language writes (German and English with é for names
#: such as André)
ALPHABETS = {
    "en": lambda c: c in "éÉ",
    "de": lambda c: c in "äöüßÄÖÜẞéÉ",
    "es": lambda c: c in "áéíóúüñÁÉÍÓÚÜÑ¿¡ºª",
    "vi": _vietnamese,
    "ja": _japanese,
}


def _telling(text: str) -> set[str]:
    """The characters of ``text`` that tell its language: letters beyond ASCII, and ¿ ¡."""
    return {c for c in text if ord(c) > 127 and (unicodedata.category(c).startswith("L")
                                                  or c in "¿¡")}


def languages_of(text: str) -> set[str] | None:
    """The languages whose letters ``text`` is written with; ``None`` if it has no letter that
    tells (plain ASCII), an empty set if no single language writes all of them."""
    telling = _telling(text)
    if not telling:
        return None
    return {lang for lang, alphabet in ALPHABETS.items() if all(map(alphabet, telling))}


_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
         "track", "wbr"}
_SKIP = {"script", "style", "head", "title", "template", "svg"}


class _Walker(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, str | None]] = []
        self.found: list[tuple[str, str, set[str]]] = []

    def handle_starttag(self, tag, attrs):
        if tag in _VOID:
            return
        lang = dict(attrs).get("lang")
        self.stack.append((tag, lang.split("-")[0].lower() if lang is not None else None))

    def handle_startendtag(self, tag, attrs):
        # a self-closing element holds no text, so its language marks nothing: it neither
        # opens nor closes a level of the stack (the default would do both)
        return None

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                return

    def handle_data(self, data):
        if not data.strip() or any(tag in _SKIP for tag, _ in self.stack):
            return
        possible = languages_of(data)
        if possible is None:
            return
        marked = next((lang for _, lang in reversed(self.stack) if lang is not None), "")
        if marked not in possible:
            self.found.append((data.strip()[:80], marked, possible))


def unmarked(html: str) -> list[tuple[str, str, set[str]]]:
    """(text, the language it is marked with, the languages its letters say) of every text
    whose marked language its letters rule out."""
    walker = _Walker()
    walker.feed(html)
    walker.close()
    return walker.found


# --- the detector, on text made up here ---------------------------------------------------------

import re  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402


@pytest.mark.parametrize("text, langs", [
    ("戦闘の手順", {"ja"}),
    ("ｶｰﾄﾞ and ＡＢＣ", {"ja"}),
    ("Quái vật đánh nhau", {"vi"}),
    ("¿Puedo huir?", {"es"}),
    ("Niño", {"es"}),
    ("Straße", {"de"}),
    ("Würfle", {"de", "es"}),
    ("Quái", {"es", "vi"}),
    ("Kriegsplan, wenn du André nicht hilfst", {"en", "de", "es", "vi"}),
    ("Größe 戦闘", set()),
])
def test_languages_of_text_by_its_letters(text, langs):
    assert languages_of(text) == langs


def test_plain_ascii_says_nothing():
    assert languages_of("Run away (level 5) — 100%") is None


def test_unmarked_finds_foreign_text_and_accepts_marked_text():
    page = ('<html lang="en"><head><title>戦闘</title></head><body>'
            '<p>Fight</p><p>戦闘</p>'
            '<blockquote lang="es">¿Puedo <em>huir</em> del combate?</blockquote>'
            '<ul><li><span lang="ja">逃げる</span> <span lang="vi">Bỏ chạy</span></li>'
            '<li lang="de">Stufe <b>Größe</b><br><span>Übung</span></li></ul>'
            '<p lang="ja">Straße</p><script>var s = "戦闘";</script></body></html>')
    found = unmarked(page)
    assert [(text, marked) for text, marked, _ in found] == [("戦闘", "en"), ("Straße", "ja")]


def test_a_lang_with_a_region_counts_as_its_language():
    assert unmarked('<html lang="en"><body><p lang="es-ES">Niño</p></body></html>') == []


# --- the built site ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def site(built_db, tmp_path_factory) -> Path:
    from cardbase.site.build import build_site
    from cardbase.storage.database import connect

    out = tmp_path_factory.mktemp("site-lang") / "public"
    conn = connect(built_db)
    try:
        build_site(conn, out)
    finally:
        conn.close()
    return out


def test_the_root_page_says_its_language(site):
    root = (site / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<html lang="en"', root)
    # each language is named in its own language, marked with it
    assert unmarked(root) == []
    assert 'lang="ja">日本語<' in root and 'lang="vi">Tiếng Việt<' in root


def test_no_foreign_text_without_its_lang(site):
    languages = [p.name for p in site.iterdir() if p.is_dir()]
    assert set(languages) >= {"en", "es", "de", "ja", "vi"}
    problems = {}
    pages = 0
    for path in sorted(site.rglob("*.html")):
        html = path.read_text(encoding="utf-8")
        pages += 1
        for text, marked, possible in unmarked(html):
            problems.setdefault(f"{text} (marked {marked or 'nothing'}, "
                                f"letters of {'/'.join(sorted(possible)) or 'no one language'})",
                                str(path.relative_to(site)))
    assert pages > 500
    assert not problems, "\n".join(f"{page}: {text}" for text, page in
                                   list(problems.items())[:30])


@pytest.mark.parametrize("page, lang, text", [
    ("en/rulebooks/munchkin-ja/index.html", "ja", "逃げる"),
    ("ja/rulebooks/munchkin-es/index.html", "es", "Huir"),
    ("es/topics/running-away/index.html", "de", "Weglaufen"),
    ("vi/glossary/index.html", "es", "Nivel"),
    ("de/cards/net-troll/index.html", "es", "Troll de Foro"),
    ("en/rules/munchkin/index.html", "es", "Huir"),
])
def test_passages_carry_the_lang_of_their_language(site, page, lang, text):
    """Also where the letters do not tell (``Huir``, ``Weglaufen``), a passage is marked."""
    html = (site / page).read_text(encoding="utf-8")
    assert re.search(rf'lang="{lang}"[^>]*>[^<]*{re.escape(text)}', html), (page, text)


def test_the_table_of_contents_marks_foreign_headings(site):
    html = (site / "en" / "rulebooks" / "munchkin-es" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<a href="#huir" class="md-nav__link" lang="es">', html)
    html = (site / "es" / "rulebooks" / "munchkin-es" / "index.html").read_text(encoding="utf-8")
    assert not re.search(r'<a href="#huir" class="md-nav__link" lang=', html)
