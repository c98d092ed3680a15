"""Benchmark: the "Can I play this?" page.

Compiles every game's checker into its decision diagram (``cardbase.rules.diagram``) and
reports, per game: the compile time, the diagram's nodes and distinct answers, and the size of
the data each language's page loads. Then, on a built site served locally, measures in Chromium
the time from a field change to the verdict (the page's own ``change`` handler, timed inside the
page) over random changes, and the page's load time.

    python bench/bench_check_page.py                 # builds the database and the site first
    python bench/bench_check_page.py --site DIR      # an already built site (and ./cardbase.db)
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import random
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import ROOT, git_state, machine, markdown_table, write_json  # noqa: E402

LANGUAGES = ("en", "es", "de", "ja", "vi")


def compile_figures(db: Path) -> list[dict]:
    sys.path.insert(0, str(ROOT))
    from cardbase.rules.diagram import compile_game, export
    from cardbase.storage import queries
    from cardbase.storage.database import connect

    conn = connect(db)
    rows = []
    for game in sorted(set(queries.rulebook_games(conn).values())):
        books = queries.rulebooks_of_game(conn, game)
        start = time.perf_counter()
        compiled = compile_game(game, books, conn, languages=LANGUAGES)
        seconds = time.perf_counter() - start
        sizes = {lang: len(json.dumps(export(compiled, lang), ensure_ascii=False,
                                      separators=(",", ":")).encode()) for lang in LANGUAGES}
        rows.append({"game": game, "compile_s": round(seconds, 2),
                     "nodes": len(compiled.nodes.nodes), "answers": len(compiled.answers["en"]),
                     "data_kib": {lang: round(size / 1024) for lang, size in sizes.items()}})
    return rows


CHANGE = """([name, value]) => {
  const select = document.querySelector(`select[name="${name}"]`);
  const start = performance.now();
  select.value = value;
  select.dispatchEvent(new Event("change", {bubbles: true}));
  const verdict = document.getElementById("cb-verdict").getAttribute("data-verdict");
  return [performance.now() - start, verdict];
}"""


def browser_figures(site: Path, changes: int = 200) -> dict:
    from playwright.sync_api import sync_playwright

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    rnd = random.Random(7)
    figures = {}
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        for lang in LANGUAGES:
            page = browser.new_page()
            start = time.perf_counter()
            page.goto(f"{url}/{lang}/check/?game=munchkin&action.verb=play")
            page.wait_for_load_state("load")
            load = time.perf_counter() - start
            times = []
            for _ in range(changes):
                names = page.eval_on_selector_all(
                    "#cb-check select", "ss => ss.filter(s => !s.disabled && s.name !== 'game')"
                    ".map(s => s.name)")
                name = rnd.choice(names)
                values = page.eval_on_selector(
                    f'select[name="{name}"]',
                    "s => Array.from(s.options).filter(o => !o.hidden).map(o => o.value)")
                value = rnd.choice(values)
                if name == "action.verb" and not value:
                    continue
                took, _verdict = page.evaluate(CHANGE, [name, value])
                times.append(took)
            times.sort()
            figures[lang] = {"load_s": round(load, 2),
                             "change_ms_median": round(statistics.median(times), 2),
                             "change_ms_p95": round(times[int(len(times) * 0.95)], 2),
                             "change_ms_max": round(times[-1], 2), "changes": len(times)}
            page.close()
        browser.close()
    server.shutdown()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="an already built site")
    parser.add_argument("--db", type=Path, default=ROOT / "cardbase.db")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db
        if not db.exists():
            from cardbase.ingest import build_database

            db = Path(tmp) / "cardbase.db"
            build_database(ROOT / "data", db)
        games = compile_figures(db)
        site = args.site
        if site is None:
            from cardbase.site.build import build_site
            from cardbase.storage.database import connect

            site = Path(tmp) / "public"
            build_site(connect(db), site)
        pages = browser_figures(site)
    print(markdown_table(
        ["game", "compile s (5 languages)", "nodes", "answers", "data KiB per language"],
        [[g["game"], g["compile_s"], g["nodes"], g["answers"],
          ", ".join(f"{k} {v}" for k, v in g["data_kib"].items())] for g in games]))
    print()
    print(markdown_table(
        ["language", "page load s", "change→verdict median ms", "p95 ms", "max ms", "changes"],
        [[lang, f["load_s"], f["change_ms_median"], f["change_ms_p95"], f["change_ms_max"],
          f["changes"]] for lang, f in pages.items()]))
    write_json("check_page", {"machine": machine(), "git": git_state(), "games": games,
                              "pages": pages})


if __name__ == "__main__":
    main()
