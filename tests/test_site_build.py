"""How the site is built: languages in parallel processes, a failure in one of them, the search
field of folded words, sitemaps with and without the site's address, 404 pages at any depth."""

import gzip
import json
import re
import shutil
from pathlib import Path

import pytest

from cardbase.errors import CardbaseError, QueryError


def _links(html: str) -> list[str]:
    return re.findall(r'(?:href|src)="([^"]*)"', html)


@pytest.fixture(scope="module")
def parallel_site(built_db, tmp_path_factory):
    """English and Japanese built by two worker processes, for https://example.org/rules/."""
    from cardbase.site.build import build_site
    from cardbase.storage.database import connect

    out = tmp_path_factory.mktemp("parallel") / "public"
    conn = connect(built_db)
    report = build_site(conn, out, languages=("en", "ja"), jobs=2,
                        site_url="https://example.org/rules")
    conn.close()
    return out, report


def test_languages_built_in_workers_are_whole(parallel_site):
    out, report = parallel_site
    assert set(report["languages"]) == {"en", "ja"}
    assert report["pages"] == sum(v["pages"] for v in report["languages"].values())
    for lang in ("en", "ja"):
        home = (out / lang / "index.html").read_text(encoding="utf-8")
        assert f'lang="{lang}"' in home
        assert (out / lang / "search" / "search_index.json").is_file()
        assert report["languages"][lang]["bytes"] > report["languages"][lang][
            "search_index_bytes"]
    assert "ルールブック" in (out / "ja" / "index.html").read_text(encoding="utf-8")


def test_sitemaps_list_every_page_at_the_sites_address(parallel_site):
    out, _report = parallel_site
    for lang in ("en", "ja"):
        sitemap = (out / lang / "sitemap.xml").read_text(encoding="utf-8")
        locs = re.findall(r"<loc>([^<]*)</loc>", sitemap)
        assert f"https://example.org/rules/{lang}/" in locs
        assert f"https://example.org/rules/{lang}/glossary/" in locs
        assert all(loc.startswith(f"https://example.org/rules/{lang}/") for loc in locs)
    # each page names the same page in every language, at its full address, in the sitemaps
    for lang in ("en", "ja"):
        sitemap = (out / lang / "sitemap.xml").read_text(encoding="utf-8")
        entry = sitemap.split(f"<loc>https://example.org/rules/{lang}/glossary/</loc>", 1)[1]
        entry = entry.split("</url>", 1)[0]
        assert re.findall(r'<xhtml:link rel="alternate" hreflang="([^"]*)" href="([^"]*)"/>',
                          entry) == [("en", "https://example.org/rules/en/glossary/"),
                                     ("ja", "https://example.org/rules/ja/glossary/")]
        assert 'xmlns:xhtml="http://www.w3.org/1999/xhtml"' in sitemap
        # the compressed copy says the same
        assert gzip.decompress((out / lang / "sitemap.xml.gz").read_bytes()).decode() == sitemap
    # and no page's head does: the theme would fetch a sitemap beside each such link
    glossary = (out / "en" / "glossary" / "index.html").read_text(encoding="utf-8")
    assert 'rel="alternate"' not in glossary
    index = (out / "sitemap.xml").read_text(encoding="utf-8")
    assert re.findall(r"<loc>([^<]*)</loc>", index) == [
        "https://example.org/rules/en/sitemap.xml", "https://example.org/rules/ja/sitemap.xml"]


def test_404_pages_link_absolutely_to_the_sites_address(parallel_site):
    out, _report = parallel_site
    page = (out / "ja" / "404.html").read_text(encoding="utf-8")
    local = [link for link in _links(page) if not link.startswith(("http", "#", "data:"))]
    assert local and all(link.startswith("/rules/ja/") for link in local), local
    assert (out / "404.html").is_file()


def test_a_page_one_language_lacks_is_named_in_the_others_only(tmp_path):
    from cardbase.site.urls import link_languages

    entry = "  <url>\n    <loc>https://example.org/r/{lang}/{page}</loc>\n  </url>\n"
    for lang, pages in (("en", ["", "only-en/"]), ("ja", [""])):
        (tmp_path / lang).mkdir()
        (tmp_path / lang / "sitemap.xml").write_text(
            '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
            + "".join(entry.format(lang=lang, page=page) for page in pages) + "</urlset>\n",
            encoding="utf-8")
    link_languages(tmp_path, ("en", "ja"), "https://example.org/r/")
    english = (tmp_path / "en" / "sitemap.xml").read_text(encoding="utf-8")
    home, only = english.split("<loc>https://example.org/r/en/only-en/</loc>")
    assert home.count("<xhtml:link") == 2 and 'href="https://example.org/r/ja/"' in home
    assert "<xhtml:link" not in only  # named in no other language: no alternate at all


def test_the_folded_field_holds_plain_changed_words_only(parallel_site):
    out, _report = parallel_site
    for lang in ("en", "ja"):
        index = json.loads((out / lang / "search" / "search_index.json").read_text("utf-8"))
        assert "folded" in index["config"]["fields"]
        with_field = [doc for doc in index["docs"] if "folded" in doc]
        assert 0 < len(with_field) < len(index["docs"])
        assert not any("<" in doc["folded"] or ">" in doc["folded"] for doc in with_field)


def test_folded_words_are_the_words_folding_changes():
    from cardbase.site.search import folded_words

    assert folded_words("<p>Quái vật &amp; <b>đánh</b> the monster, quái</p>") == \
        "quai vat danh"
    assert folded_words("Straße und Größe") == "strasse grosse"
    assert folded_words("<h2>戦闘 combat</h2>") == ""


def test_add_folded_text_leaves_out_documents_folding_does_not_change(tmp_path):
    from cardbase.site.search import add_folded_text

    (tmp_path / "search").mkdir()
    index = {"config": {"lang": ["vi"]}, "docs": [
        {"location": "a/", "title": "Quái vật", "text": "<p>Đánh nhau</p>"},
        {"location": "b/", "title": "Plain", "text": "<p>nothing to fold</p>"}]}
    path = tmp_path / "search" / "search_index.json"
    path.write_text(json.dumps(index), encoding="utf-8")
    assert add_folded_text(tmp_path) == 2
    docs = json.loads(path.read_text(encoding="utf-8"))["docs"]
    assert docs[0]["folded"] == "quai vat đanh".replace("đ", "d")
    assert "folded" not in docs[1]


@pytest.fixture(scope="module")
def plain_site(built_db, tmp_path_factory):
    """English alone, in this process, with no address."""
    from cardbase.site.build import build_site
    from cardbase.storage.database import connect

    out = tmp_path_factory.mktemp("plain") / "public"
    conn = connect(built_db)
    report = build_site(conn, out, languages=("en",))
    conn.close()
    return out, report


def test_without_an_address_no_sitemap_and_404_links_to_the_language_root(plain_site):
    out, report = plain_site
    assert report["site_url"] is None
    assert not (out / "en" / "sitemap.xml").exists()
    assert not (out / "en" / "sitemap.xml.gz").exists()
    assert not (out / "sitemap.xml").exists()
    page = (out / "en" / "404.html").read_text(encoding="utf-8")
    local = [link for link in _links(page) if not link.startswith(("http", "#", "data:"))]
    assert any(link.startswith("/en/assets/") for link in local)
    assert all(link.startswith("/en/") for link in local), local
    assert '"base": "/en/"' in page
    # the other pages keep their relative links, and name no alternate without an address
    glossary = (out / "en" / "glossary" / "index.html").read_text(encoding="utf-8")
    assert "../assets/" in glossary
    assert "hreflang" in glossary and 'rel="alternate"' not in glossary


def test_a_failing_language_in_a_worker_names_its_page_and_keeps_the_old_site(conn, tmp_path):
    from cardbase import paths
    from cardbase.site.build import build_site

    site_dir = tmp_path / "site"
    shutil.copytree(paths.site_pages(), site_dir)
    (site_dir / "ja").mkdir(exist_ok=True)
    (site_dir / "ja" / "broken-page.md").write_bytes(b"\xff\xfe not UTF-8 \xc3\x28")
    target = tmp_path / "public"
    target.mkdir()
    (target / "index.html").write_text("previous site", encoding="utf-8")
    with pytest.raises(CardbaseError, match="broken-page.md") as error:
        build_site(conn, target, languages=("en", "ja"), site_dir=site_dir, jobs=2)
    assert "ja" in str(error.value)
    assert (target / "index.html").read_text(encoding="utf-8") == "previous site"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["public", "site"]


def test_a_site_url_must_be_a_full_address(conn, tmp_path):
    from cardbase.site.build import build_site

    for bad in ("example.org/rules", "ftp://example.org/", "https:///x", "/rules/"):
        with pytest.raises(QueryError, match="https://example.org"):
            build_site(conn, tmp_path / "out", languages=("en",), site_url=bad)
    assert not (tmp_path / "out").exists()


def test_site_build_command_rejects_a_bad_address_in_one_line(runner, built_db, tmp_path):
    from cardbase.cli import main

    result = runner.invoke(main, ["site", "build", "--db", str(built_db), "--out",
                                  str(tmp_path / "out"), "--site-url", "example.org"])
    assert result.exit_code == 2
    assert "example.org" in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_worker_count_is_bounded_by_the_languages():
    from cardbase.site.parallel import worker_count

    assert worker_count(8, 5) == 5
    assert worker_count(2, 5) == 2
    assert worker_count(None, 1) == 1
    assert 1 <= worker_count(None, 5) <= 5


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed")
@pytest.mark.parametrize("missing", ["/en/no-such-page/", "/en/a/b/c/d/no-such-page.html"])
def test_a_404_page_loads_its_assets_at_any_depth(plain_site, missing):
    import functools
    import http.server
    import threading

    sync_api = pytest.importorskip("playwright.sync_api")
    out, _report = plain_site

    class NotFound(http.server.SimpleHTTPRequestHandler):
        """Answers a missing address under a language with that language's 404 page."""

        def send_error(self, code, message=None, explain=None):
            lang = self.path.strip("/").split("/", 1)[0]
            page = out / lang / "404.html"
            if code != 404 or not page.is_file():
                return super().send_error(code, message, explain)
            body = page.read_bytes()
            self.send_response(404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(NotFound, directory=str(out)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    failed = []
    try:
        with sync_api.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=[
                "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--disable-background-networking", "--disable-component-update",
                "--disable-sync"])
            page = browser.new_page()
            page.on("response", lambda r: r.status >= 400 and r.url != url + missing
                    and failed.append(r.url))
            response = page.goto(url + missing)
            page.wait_for_load_state("networkidle")
            assert response.status == 404
            # the theme's stylesheet is applied: its header sticks to the top
            position = page.evaluate(
                "getComputedStyle(document.querySelector('.md-header')).position")
            home = page.locator("a.md-header__button.md-logo").get_attribute("href")
            page.locator("a.md-header__button.md-logo").click()
            page.wait_for_load_state()
            landed = page.url
            browser.close()
    finally:
        server.shutdown()
    assert failed == []
    assert position == "sticky"
    assert home.startswith("/en/") and landed == url + "/en/"
