"""Shared fixtures: the real data folder, a database and a site built from it once per session,
a static server for built sites, a browser per test module, a CLI runner."""

from __future__ import annotations

import functools
import http.server
import shutil
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true",
                     help="rewrite the golden snapshots from the current output")


@pytest.fixture(scope="session")
def update_golden(request) -> bool:
    return request.config.getoption("--update-golden")


@pytest.fixture(scope="session")
def corpus():
    from cardbase.ingest import ingest

    return ingest(DATA)


@pytest.fixture(scope="session")
def built_db(tmp_path_factory) -> Path:
    from cardbase.ingest import build_database

    path = tmp_path_factory.mktemp("db") / "cardbase.db"
    build_database(DATA, path)
    return path


@pytest.fixture
def conn(built_db):
    from cardbase.storage.database import connect

    connection = connect(built_db)
    yield connection
    connection.close()


@pytest.fixture
def data_copy(tmp_path) -> Path:
    """A writable copy of the data folder, for tests that damage it."""
    target = tmp_path / "data"
    shutil.copytree(DATA, target)
    return target


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture(scope="session")
def built_site(built_db, tmp_path_factory) -> Path:
    """The whole site, every language, built once per session from the test database."""
    from cardbase.site.build import build_site
    from cardbase.storage.database import connect

    out = tmp_path_factory.mktemp("site") / "public"
    build_site(connect(built_db), out)
    return out


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="session")
def serve_folder():
    """Serve a folder over HTTP on a free local port: ``serve_folder(folder)`` gives its address;
    every server is shut down at the end of the session."""
    servers = []

    def serve(folder) -> str:
        handler = functools.partial(_QuietHandler, directory=str(folder))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}"

    yield serve
    for server in servers:
        server.shutdown()


@pytest.fixture(scope="session")
def site_url(built_site, serve_folder):
    """The built site served over HTTP on a free local port."""
    return serve_folder(built_site)


@pytest.fixture(scope="module")
def browser():
    """Debian's chromium driven by Playwright (the test is skipped when either is missing); one
    per test module, closed after it, so a module that drives Playwright itself can run after."""
    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    if executable is None:
        pytest.skip("chromium is not installed")
    playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
    with playwright.sync_playwright() as p:
        instance = p.chromium.launch(executable_path=executable, args=[
            "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync"])
        yield instance
        instance.close()


@pytest.fixture(scope="session")
def site_search():
    """Type a query into the theme's search box and wait for its results.

    The theme reads the box when its index is ready and on every key released, not on an input
    event: a query filled in after the index is ready and never followed by a key would never be
    sent. Typing it key by key makes the theme see it whichever comes first."""
    def search(page, url: str, query: str):
        page.goto(url)
        box = page.locator("input.md-search__input")
        box.click()
        box.press_sequentially(query)
        # the theme builds its search index in the browser first: slow on a busy machine
        page.wait_for_selector(".md-search-result__item", timeout=90000)
        return page.locator(".md-search-result__item")
    return search


@pytest.fixture(autouse=True)
def _interface_language_restored():
    """A command run through CliRunner with a LANG sets the process's interface language: each
    test leaves it as it found it, so the next one reads messages in the language it expects."""
    from cardbase import i18n

    saved = i18n._current
    yield
    i18n._current = saved
