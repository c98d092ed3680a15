"""Every page type of the built site, in every language, checked by axe-core in a real browser
(Debian's chromium driven by Playwright): no critical or serious violation, and tables that fit a
390 px wide screen by scrolling within their own box.

axe-core (MPL-2.0) is shipped as its single minified file, licence header intact, in
tests/vendor/axe-core/ with its licence texts, so the check needs no network. Skipped when
chromium, Playwright or that file is missing; `.ci/run` installs chromium.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
LANGUAGES = ("en", "es", "de", "ja", "vi")
#: one page of each page type, by its path under the language's folder; ``None`` is the search
#: results, opened by typing into the search box of the home page
PAGES = {
    "home": "",
    "rulebook": "rulebooks/munchkin-es/",
    "topic": "topics/running-away/",
    "card": "cards/mace-of-sharpness/",
    "card-list": "cards/",
    "glossary": "glossary/",
    "check": "check/",
    "editions": "editions-munchkin/",
    "coverage": "rules/munchkin/",
    "decisions": "decisions/munchkin/",
    "translations": "translations/",
    "search": None,
    "404": "404.html",
}
#: a word found in every language's search index
SEARCH_QUERY = {"en": "combat", "es": "combate", "de": "Kampf", "ja": "戦闘", "vi": "quái"}
BLOCKING = ("critical", "serious")
#: pages whose content holds wide tables
TABLE_PAGES = ("rulebooks/munchkin-es/", "decisions/munchkin/", "glossary/", "translations/")
PHONE = {"width": 390, "height": 844}

pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytestmark = [pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed"),
              pytest.mark.skipif(not AXE.is_file(), reason=f"axe-core is missing ({AXE})")]


def open_page(browser, site_url: str, lang: str, path: str | None, viewport=None,
              script: bool = True):
    context = browser.new_context(viewport=viewport or {"width": 1280, "height": 900},
                                  java_script_enabled=script)
    page = context.new_page()
    if path is None:
        page.goto(f"{site_url}/{lang}/")
        box = page.locator("input.md-search__input")
        box.click()
        box.press_sequentially(SEARCH_QUERY[lang])
        # the theme builds its search index in the browser first: slow on a busy machine
        page.wait_for_selector(".md-search-result__item", timeout=90000)
    else:
        page.goto(f"{site_url}/{lang}/{path}")
        page.wait_for_load_state("load")
    return context, page


def axe_violations(page) -> list[dict]:
    """axe-core's violations on the page as it stands, each with its rule id, impact and nodes."""
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    return page.evaluate("""async () => {
        const result = await axe.run(document, {resultTypes: ['violations']});
        return result.violations.map(v => ({
            id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map(n => ({target: n.target.join(' '), impact: n.impact,
                                       summary: n.failureSummary}))}));
    }""")


def describe(violations: list[dict]) -> str:
    lines = []
    for v in violations:
        node = v["nodes"][0]
        lines.append(f"{v['id']} ({v['impact']}, {len(v['nodes'])} nodes): {v['help']}; "
                     f"e.g. {node['target']}: {(node['summary'] or '').splitlines()[-1:]}")
    return "\n".join(lines)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("kind", list(PAGES))
def test_no_serious_violation(browser, site_url, kind, lang):
    context, page = open_page(browser, site_url, lang, PAGES[kind])
    try:
        violations = [v for v in axe_violations(page) if v["impact"] in BLOCKING]
    finally:
        context.close()
    assert not violations, f"{kind} page in {lang}:\n{describe(violations)}"


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
@pytest.mark.parametrize("path", TABLE_PAGES)
def test_tables_scroll_within_their_box_on_a_phone(browser, site_url, path, script):
    context, page = open_page(browser, site_url, "vi", path, viewport=PHONE, script=script)
    try:
        assert page.locator("article table").count() > 0
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        # each table's nearest box that scrolls sideways and lies within the screen
        boxes = page.evaluate("""() => [...document.querySelectorAll('article table')].map(t => {
            for (let box = t; box && box.tagName !== 'ARTICLE'; box = box.parentElement) {
                const rect = box.getBoundingClientRect();
                if (['auto', 'scroll'].includes(getComputedStyle(box).overflowX)
                    && rect.left >= 0 && rect.right <= innerWidth) return rect.right;
            }
            return null;
        })""")
    finally:
        context.close()
    assert overflow <= 0, f"the page is {overflow}px wider than the screen"
    assert None not in boxes, f"a table has no box of its own to scroll in: {boxes}"
