"""Serving the site locally, rebuilt when the data changes.

The built site is served from ``127.0.0.1``; a watcher polls ``data/`` and, when a file changes,
rebuilds the database and the site. A failed rebuild is reported and the last good site stays
served. A missing page is answered as a static host answers it: status 404 with the site's own
404 page, the nearest one above the address asked for (the language's, else the root's).
"""

from __future__ import annotations

import http
import http.server
import threading
from pathlib import Path
from typing import Callable


def _snapshot(folder: Path) -> dict[str, float]:
    return {str(p): p.stat().st_mtime for p in folder.rglob("*") if p.is_file()}


def not_found_page(site: Path, path: str) -> Path | None:
    """The 404 page for the missing file ``path`` (under ``site``): the nearest ``404.html`` in
    the folders above it, up to the site's root; ``None`` if the site has none."""
    root = Path(site).resolve()
    folder = Path(path).resolve().parent
    while folder == root or root in folder.parents:
        page = folder / "404.html"
        if page.is_file():
            return page
        folder = folder.parent
    return None


def handler(site: Path) -> type[http.server.SimpleHTTPRequestHandler]:
    """A request handler serving the files of ``site``, a missing one with its 404 page."""

    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=str(site), **kwargs)

        def log_message(self, format, *args):  # noqa: A002 - the base class's name
            pass

        def send_error(self, code, message=None, explain=None):
            page = not_found_page(site, self.translate_path(self.path)) \
                if code == http.HTTPStatus.NOT_FOUND else None
            if page is None:
                super().send_error(code, message, explain)
                return
            body = page.read_bytes()
            self.send_response(code, message)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)

    return Handler


def serve(site: Path, data: Path, rebuild: Callable[[], None], *, host: str = "127.0.0.1",
          port: int = 8000, interval: float = 1.0, report: Callable[[str], None] = print,
          stop: threading.Event | None = None) -> None:
    """Serve ``site`` until interrupted (or ``stop`` is set), rebuilding on changes in ``data``;
    report the address (with the port the system chose, for port 0)."""
    stop = stop or threading.Event()
    server = http.server.ThreadingHTTPServer((host, port), handler(site))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    report(f"http://{host}:{server.server_address[1]}/")
    seen = _snapshot(data)
    try:
        while not stop.wait(interval):
            now = _snapshot(data)
            if now != seen:
                seen = now
                try:
                    rebuild()
                    report("rebuilt")
                except Exception as exc:  # keep serving the last good site
                    report(f"rebuild failed: {exc}")
    except KeyboardInterrupt:
        pass
    finally:
        server.shutdown()
