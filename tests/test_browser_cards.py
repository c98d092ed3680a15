"""The card pages and the card list in a real browser (Debian's chromium driven by Playwright):
titles and stats in each language, rulings linked to "Can I play this?", the list on a phone, and
its filter. Skipped when chromium or Playwright is missing. Screenshots go to tests/output/."""

from urllib.parse import parse_qsl, urlsplit

import pytest

from test_browser import CHROMIUM, shot  # noqa: F401 (the site and browser fixtures are in conftest)

pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed")

#: the query keys of the "Can I play this?" page (its URL contract) a ruling may set
CHECK_KEYS = {"game", "rulebook", "state.phase", "state.my_turn", "state.role", "action.verb",
              "action.card_type", "action.card", "action.from"}
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def page(browser):  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def phone(browser):  # noqa: F811
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    yield page
    context.close()


@pytest.mark.parametrize("lang, title, label, fallback", [
    ("en", "Enraged", "Bonus to the monster", False),
    ("es", "Enfurecido", "Bonus para el monstruo", False),
    ("de", "Enraged", "Bonus für das Monster", True),
    ("ja", "怒った", "モンスターへのボーナス", False),
    ("vi", "Enraged", "Điểm cộng cho quái vật", True),
])
def test_card_page_in_each_language(page, site_url, lang, title, label, fallback):  # noqa: F811
    page.goto(f"{site_url}/{lang}/cards/enraged/")
    assert page.title().startswith(title)
    assert page.locator("h1").inner_text().strip().startswith(title)
    assert page.locator(".cb-stat dt").first.inner_text().strip().casefold() == label.casefold()
    assert page.locator(".cb-fallback").count() == (1 if fallback else 0)
    if fallback:
        assert page.locator("h1").get_attribute("lang") == "en"
    rulings = page.locator(".cb-ruling")
    assert rulings.count() >= 2
    assert page.locator(".cb-ruling .cb-quote").count() >= 2
    links = page.locator(".cb-situations a")
    assert links.count() > 10
    names = {"Enraged", "Enfurecido", "怒った"}
    for i in range(links.count()):
        href = links.nth(i).get_attribute("href")
        parts = urlsplit(href)
        assert parts.path == "../../check/", href
        query = parse_qsl(parts.query, strict_parsing=True)
        keys = [k for k, _v in query]
        assert set(keys) <= CHECK_KEYS and len(keys) == len(set(keys)), href
        values = dict(query)
        assert values["game"] == "munchkin" and values["action.verb"] == "play"
        assert values["rulebook"] in ("munchkin-es", "munchkin-ja")
        assert values["action.card_type"] == "monster_enhancer"
        assert values["action.card"] in names
        assert values["state.my_turn"] in ("true", "false")
    # a link resolves to the "Can I play this?" page of the same language
    assert page.evaluate("(a) => a.href", links.first.element_handle()).startswith(
        f"{site_url}/{lang}/check/?")
    shot(page, f"card-enraged-{lang}")


def test_card_page_on_a_phone(phone, site_url):  # noqa: F811
    phone.goto(f"{site_url}/de/cards/hallowed-knights-armor/")
    assert phone.locator(".cb-typeline").inner_text().startswith("Gegenstand · Groß · Rüstung")
    width = phone.evaluate("innerWidth")
    for selector in (".cb-card", "table.cb-names", ".cb-rulings"):
        box = phone.locator(selector).first.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, selector
    shot(phone, "card-phone-de")


@pytest.mark.parametrize("lang", ["en", "es", "de", "ja"])
def test_card_list_fits_a_phone(phone, site_url, lang):  # noqa: F811
    phone.goto(f"{site_url}/{lang}/cards/")
    assert phone.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
    assert phone.locator("form.cb-filter").is_visible()
    first = phone.locator("ul.cb-cards > li").first.bounding_box()
    assert first["width"] > 300  # one card to a line, not squeezed into a column
    shot(phone, f"card-list-phone-{lang}")


def test_card_list_itself_fits_a_phone_in_vietnamese(phone, site_url):  # noqa: F811
    # (the page as a whole also depends on the theme's language menu, whose width is its own)
    phone.goto(f"{site_url}/vi/cards/")
    width = phone.evaluate("innerWidth")
    for selector in ("form.cb-filter", "ul.cb-cards"):
        box = phone.locator(selector).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, selector
    widest = phone.evaluate("Math.max(...Array.from(document.querySelectorAll('ul.cb-cards *'))"
                            ".map(e => e.getBoundingClientRect().right))")
    assert widest <= width


def _visible_names(page) -> list[str]:
    return page.locator("ul.cb-cards > li:visible .cb-card-name").all_inner_texts()


def test_filter_by_name_in_any_language_without_accents(page, site_url):  # noqa: F811
    page.goto(f"{site_url}/ja/cards/")
    total = page.locator("ul.cb-cards > li").count()
    box = page.locator("form.cb-filter input[name=q]")
    box.fill("clerigo")  # the Spanish name, typed without its accent, on the Japanese list
    assert _visible_names(page) == ["僧侶"]
    box.fill("dia nguc")  # a Vietnamese name without its marks, đ typed as d
    shown = page.locator("ul.cb-cards > li:visible")
    assert 0 < shown.count() < total
    for i in range(shown.count()):
        assert "Địa ngục" in shown.nth(i).get_attribute("data-names")
    box.fill("zzzz no such card")
    assert shown.count() == 0
    assert page.locator(".cb-filter-count").inner_text().strip() == "一致するカードはありません。"
    box.fill("")
    assert page.locator("ul.cb-cards > li:visible").count() == total
    shot(page, "card-list-filter-ja")


def test_type_filter_has_translated_labels_and_filters(page, site_url):  # noqa: F811
    page.goto(f"{site_url}/es/cards/")
    select = page.locator("select[name=type]")
    labels = select.locator("option").all_inner_texts()
    assert "Maldición" in labels and "Mejora de monstruo" in labels
    assert not any("_" in label for label in labels)
    select.select_option(label="Maldición")
    shown = page.locator("ul.cb-cards > li:visible")
    assert shown.count() >= 3
    assert set(shown.evaluate_all("items => items.map(i => i.dataset.type)")) == {"curse"}
    page.locator("input[name=q]").fill("xyzzy")  # no curse is called that
    assert shown.count() == 0
    page.locator("input[name=q]").fill("")
    page.select_option("select[name=game]", "munchkin-warhammer-aos")
    assert shown.count() >= 1
    assert set(shown.evaluate_all("items => items.map(i => i.dataset.game)")) == {
        "munchkin-warhammer-aos"}


def test_card_list_works_without_its_script(browser, site_url):  # noqa: F811
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(f"{site_url}/es/cards/")
        assert page.locator("ul.cb-cards > li:visible").count() > 50
        assert not page.locator("form.cb-filter").is_visible()  # no controls that do nothing
        page.get_by_role("link", name="Maza Afilada").click()
        page.wait_for_load_state()
        assert page.url.endswith("/es/cards/mace-of-sharpness/")
    finally:
        context.close()
