"""Serving the site locally, rebuilt when the data changes.

The built site is served from ``127.0.0.1``; a watcher polls ``data/`` and, when a file changes,
rebuilds the database and the site. A failed rebuild is reported and the last good site stays
served.
"""

from __future__ import annotations

import http.server
import threading
from pathlib import Path
from typing import Callable


def _snapshot(folder: Path) -> dict[str, float]:
    return {str(p): p.stat().st_mtime for p in folder.rglob("*") if p.is_file()}


def serve(site: Path, data: Path, rebuild: Callable[[], None], *, host: str = "127.0.0.1",
          port: int = 8000, interval: float = 1.0, report: Callable[[str], None] = print,
          stop: threading.Event | None = None) -> None:
    """Serve ``site`` until interrupted (or ``stop`` is set), rebuilding on changes in ``data``."""
    stop = stop or threading.Event()

    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=str(site), **kwargs)

        def log_message(self, format, *args):  # noqa: A002 - the base class's name
            pass

    server = http.server.ThreadingHTTPServer((host, port), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    report(f"http://{host}:{port}/")
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
