"""No English interface message on a page in another language, and every message found.

The built site's rulebook, topic and check pages in each language other than English are read
as a reader sees them, without the rulebooks' own text (it is in its own language, marked so);
no message of the code (as ``cardbase translate extract`` finds it) that the language's catalog
translates otherwise may show there in English. A message the extraction misses is never
translated, so the extractor is tested too: a message inside an f-string, or handed to a helper
that translates it, is found.
"""

from __future__ import annotations

import io
import re
from html import unescape
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: the rulebooks' own text and headings: content, not interface
_CONTENT = (r'<div class="cb-body[^"]*"[^>]*>.*?</div>', r'<details class="cb-raw-box".*?</details>',
            r'<h[1-6][^>]*>.*?</h[1-6]>', r"<q\b.*?</q>", r"<script\b.*?</script>")
#: the marks of a sentence the checker encodes stand inside the rulebook's text
_MARKS = r'<span class="cb-marks"[^>]*>.*?</span>'


def _english(lang: str) -> list[tuple[str, re.Pattern]]:
    """Each message of the code that the catalog of ``lang`` says otherwise, as a pattern
    (placeholders match anything), with the message."""
    from cardbase.translate.catalogs import read
    from cardbase.translate.extract import extract_messages

    catalog = read(ROOT / "locales" / lang / "LC_MESSAGES" / "cardbase.po", lang)
    found = []
    for message in extract_messages(ROOT):
        message = message if isinstance(message, str) else message[0]
        words = re.sub(r"\{[^}]*\}", "", message)
        entry = catalog.get(message)
        if not re.search(r"[A-Za-z]{3}", words) or entry is None or entry.string == message:
            continue
        pattern = ".+?".join(re.escape(part) for part in re.split(r"\{[^}]*\}", message))
        found.append((message, re.compile(rf"(?<!\w){pattern}(?!\w)")))
    return found


def _interface_lines(html: str, lang: str) -> list[str]:
    """The lines of text of a page's article that are the interface's, in ``lang``."""
    html = html[html.index("<article"):html.index("</article>")]
    marks = " ".join(re.findall(_MARKS, html, flags=re.S))
    for content in _CONTENT:
        html = re.sub(content, " ", html, flags=re.S)
    html += marks
    for _level in range(3):  # an element in another language (nested at most this deep)
        html = re.sub(rf'<(\w+)[^>]*\blang="(?!{lang}")[^"]*"[^>]*>(?:(?!<\1\b).)*?</\1>', " ",
                      html, flags=re.S)
    return [line for line in unescape(re.sub(r"<[^>]+>", "\n", html)).splitlines()
            if line.strip()]


def english_shown(html: str, lang: str, messages) -> set[str]:
    """The English messages a page in ``lang`` shows: a whole line or a piece between " · "
    (a message of three words or more anywhere in a line)."""
    shown = set()
    for line in _interface_lines(html, lang):
        pieces = [piece.strip(" ▶§·:—-") for piece in line.split(" · ")]
        for message, pattern in messages:
            long = len(re.sub(r"\{[^}]*\}", "", message).split()) >= 3
            if any(pattern.fullmatch(piece) for piece in pieces) or (long and pattern.search(line)):
                shown.add(message)
    return shown


def test_a_message_shown_in_english_is_found():
    messages = [("try it", re.compile(r"(?<!\w)try it(?!\w)")),
                ("Stated only in {rulebook}: {rule}",
                 re.compile(r"(?<!\w)Stated\ only\ in\ .+?:\ .+?(?!\w)"))]
    page = ('<article><div class="cb-body" lang="es"><p><span class="cb-encoded">Hola.</span>'
            '<span class="cb-marks" lang="de"><a>§ Regel</a><a>▶ try it</a></span></p></div>'
            '<ul><li>Stated only in <span lang="es">Munchkin</span>: Regel</li></ul>'
            '<p>Seite 3 · Qualität 100 %</p></article>')
    assert english_shown(page, "de", messages) == {"try it", "Stated only in {rulebook}: {rule}"}
    assert english_shown(page.replace("try it", "ausprobieren").replace(
        "Stated only in", "Nur"), "de", messages) == set()


@pytest.mark.parametrize("lang", ["es", "de", "ja", "vi"])
def test_no_english_interface_message_shows_on_a_page_in_another_language(built_site, lang):
    messages = _english(lang)
    pages = sorted([*(built_site / lang / "rulebooks").glob("*/index.html"),
                    *(built_site / lang / "topics").glob("*/index.html"),
                    built_site / lang / "check" / "index.html"])
    assert len(pages) > 10
    shown: dict[str, str] = {}
    for page in pages:
        for message in english_shown(page.read_text(encoding="utf-8"), lang, messages):
            shown.setdefault(message, str(page.relative_to(built_site)))
    assert shown == {}


def test_the_extractor_finds_messages_in_f_strings_and_helpers():
    from cardbase.translate.pyextract import extract

    source = (
        "from .i18n import _, N_, ngettext\n"
        "def _worded(message, **values):\n"
        "    return markup(_(message, **values))\n"
        "def _said(text):\n"
        "    return _worded(text, x=1)\n"
        "def other(key):\n"
        "    return _(TABLE[key])\n"
        "a = f'<a>▶ {html.escape(_(\"try it\"))}</a>'\n"
        "b = _worded('Stated only in {rulebook}: {rule}', rulebook=1, rule=2)\n"
        "c = _said('said through two helpers')\n"
        "d = ngettext('{n} card', '{n} cards', n)\n"
        "e = other('not a message')\n"
        "f = lambda: i18n._('in a lambda')\n")
    found = [(keyword, message) for _line, keyword, message, _comments in extract(
        io.BytesIO(source.encode()), {"_": None, "N_": None, "ngettext": (1, 2)}, [], {})]
    assert found == [("_", "try it"), ("_", "Stated only in {rulebook}: {rule}"),
                     ("_", "said through two helpers"), ("ngettext", ("{n} card", "{n} cards", None)),
                     ("_", "in a lambda")]
