"""A site built for its address (``--site-url``) as deployed there, in a real browser: every
page loads with no failed request, switching language and searching included.

The site is built for https://example.org/cardbase/ and served on 127.0.0.1 by the server of
``cardbase site serve`` (a missing page gets the site's 404 page, as on a static host); the
browser is sent there for every request to that address. Skipped when chromium or Playwright
is missing.
"""

from __future__ import annotations

import http.server
import threading

import pytest

from test_browser import CHROMIUM  # noqa: F401 (the browser fixture is in conftest)

pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed")

SITE = "https://example.org/cardbase/"
LANGUAGES = ("en", "ja")


@pytest.fixture(scope="module")
def deployed(built_db, tmp_path_factory):
    """The site built for ``SITE``, served locally: the local address."""
    from cardbase.site.build import build_site
    from cardbase.site.serve import handler
    from cardbase.storage.database import connect

    out = tmp_path_factory.mktemp("deployed") / "public"
    conn = connect(built_db)
    try:
        build_site(conn, out, languages=LANGUAGES, site_url=SITE)
    finally:
        conn.close()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler(out))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture
def page(browser, deployed):
    """A browser page where ``SITE`` is the local server; ``page.failed`` lists every request
    that failed or was answered with an error."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")

    def to_local(route):
        response = route.fetch(url=deployed + route.request.url[len(SITE):], max_redirects=0)
        headers = dict(response.headers)
        if headers.get("location", "").startswith("/"):  # the server's redirects, at SITE
            headers["location"] = SITE + headers["location"][1:]
        route.fulfill(response=response, headers=headers)

    context.route(SITE + "**", to_local)
    page = context.new_page()
    page.failed = []
    page.on("requestfailed", lambda request: page.failed.append(
        f"{request.url}: {request.failure}"))
    page.on("response", lambda response: response.status >= 400 and page.failed.append(
        f"{response.url}: {response.status}"))
    yield page
    context.close()


def visit(page, path: str) -> None:
    page.goto(SITE + path)
    page.wait_for_load_state("networkidle")


def switch_language(page, code: str) -> None:
    page.locator(".md-header__option .md-select").hover()
    page.locator(f'a.md-select__link[hreflang="{code}"]').click()
    page.wait_for_load_state("networkidle")


@pytest.mark.parametrize("path", ["", "en/", "en/glossary/", "en/topics/running-away/",
                                  "en/cards/", "en/cards/enraged/", "en/check/",
                                  "en/rulebooks/munchkin-es/", "en/decisions/munchkin/",
                                  "ja/", "ja/translations/"])
def test_each_kind_of_page_loads_with_no_failed_request(page, path):
    visit(page, path)
    # the root sends the reader to a language's home
    assert page.url == SITE + (path or "en/") and page.locator("h1").first.is_visible()
    assert page.failed == []


def test_switching_language_requests_nothing_missing(page):
    visit(page, "ja/topics/running-away/")
    for code, heading in (("en", "Running away"), ("ja", None), ("en", "Running away")):
        switch_language(page, code)
        assert page.url == f"{SITE}{code}/topics/running-away/"
        assert page.locator("html").get_attribute("lang") == code
        if heading:
            assert page.locator("h1").inner_text().startswith(heading)
    assert page.failed == []


def test_a_search_requests_nothing_missing(page, site_search):
    results = site_search(page, f"{SITE}ja/", "戦闘")
    assert results.count() > 0
    page.wait_for_load_state("networkidle")
    assert page.failed == []


def test_a_missing_page_is_the_sites_404_page_and_its_own_files_load(page):
    visit(page, "ja/topics/nowhere/")
    assert page.failed == [f"{SITE}ja/topics/nowhere/: 404"]
    assert page.locator("html").get_attribute("lang") == "ja"
    assert page.locator("h1").inner_text().startswith("404")
