"""The built site in a real browser (Debian's chromium driven by Playwright), as a reader uses it.

Skipped when chromium or Playwright is missing; `.ci/run` installs both. Screenshots go to
tests/output/.
"""

import shutil
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
OUTPUT = Path(__file__).resolve().parent / "output"
playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed")


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    yield page
    context.close()


def shot(page, name: str) -> None:
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"{name}.png"))


@pytest.mark.parametrize("lang, rulebooks", [("en", "Rulebooks"), ("es", "Reglamentos"),
                                             ("de", "Regelhefte"), ("ja", "ルールブック"),
                                             ("vi", "Sách luật")])
def test_each_language_loads_in_its_language(page, site_url, lang, rulebooks):
    page.goto(f"{site_url}/{lang}/")
    assert page.locator("html").get_attribute("lang") == lang
    assert page.get_by_text(rulebooks).first.is_visible()
    shot(page, f"home-{lang}")


def test_switching_language_stays_on_the_same_page(page, site_url):
    page.goto(f"{site_url}/ja/topics/running-away/")
    page.locator(".md-header__option .md-select").hover()
    page.locator('a.md-select__link[hreflang="es"]').click()
    page.wait_for_load_state()
    assert page.url.endswith("/es/topics/running-away/")
    assert page.locator("h1").inner_text().startswith("Huir")


@pytest.mark.parametrize("lang, query, expected", [
    ("ja", "戦闘", "戦闘"),
    ("ja", "呪い", "呪い"),
    ("vi", "quai vat", "Quái"),
    ("es", "huir", "Huir"),
    ("de", "Stufe", "Stufe"),
])
def test_search_within_the_language(page, site_url, site_search, lang, query, expected):
    results = site_search(page, f"{site_url}/{lang}/", query)
    assert results.count() > 0
    text = results.first.inner_text()
    assert expected in text, text
    links = [results.nth(i).locator("a").first.get_attribute("href")
             for i in range(min(results.count(), 5))]
    assert all(f"/{lang}/" in link for link in links), links
    shot(page, f"search-{lang}-{query.replace(' ', '_')}")


def test_open_a_card_from_the_index(page, site_url):
    page.goto(f"{site_url}/es/cards/")
    page.select_option("select[name=game]", "munchkin")
    page.get_by_role("link", name="Maza Afilada").click()
    page.wait_for_load_state()
    assert "/es/cards/mace-of-sharpness/" in page.url
    assert page.get_by_text("Mace of Sharpness").first.is_visible()
    shot(page, "card-mace-of-sharpness")


def test_a_decision_table_cell_leads_to_its_rule(page, site_url):
    page.goto(f"{site_url}/en/decisions/munchkin/")
    cell = page.locator("span.cb-verdict-forbidden a").first
    target = cell.get_attribute("href")
    cell.click()
    page.wait_for_load_state()
    anchor = target.split("#", 1)[1]
    assert page.locator(f"#{anchor}").count() == 1
    shot(page, "rule-from-decision-table")


def test_a_search_follows_text_changed_without_a_key(page, site_url, site_search):
    """Text pasted with the mouse or dictated changes the box with an input event only: the
    results must follow it, not stay those of the text typed before."""
    site_search(page, f"{site_url}/en/", "combat")
    page.eval_on_selector("input.md-search__input", """box => {
      box.value = "charity";
      box.dispatchEvent(new InputEvent("input", {bubbles: true, inputType: "insertFromPaste"}));
    }""")
    page.wait_for_function("""() => {
      const first = document.querySelector(".md-search-result__item");
      return first && first.innerText.includes("Charity");
    }""", timeout=30000)
    assert "Charity" in page.locator(".md-search-result__item").first.inner_text()
