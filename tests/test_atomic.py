"""Builds killed at any moment leave the previous database and site whole, and nothing behind."""

import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from cardbase.atomic import remove_abandoned, replace_folder, staging_name

ROOT = Path(__file__).resolve().parent.parent


def _dead_pid() -> int:
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid


def test_staging_left_by_a_dead_process_is_removed_and_a_live_ones_kept(tmp_path):
    target = tmp_path / "cardbase.db"
    dead = tmp_path / f".cardbase.db.{_dead_pid()}.tmp"
    dead.write_bytes(b"half a database")
    folder = tmp_path / f".cardbase.db.{_dead_pid()}.tmp-not-ours"
    folder.mkdir()
    mine = staging_name(target)
    mine.write_bytes(b"being written")
    assert remove_abandoned(target) == [dead]
    assert mine.exists() and folder.exists() and not dead.exists()


def test_a_replaced_folder_exists_at_every_moment(tmp_path):
    target = tmp_path / "public"
    target.mkdir()
    (target / "index.html").write_text("old", encoding="utf-8")
    seen_missing = []
    stop = threading.Event()

    def watch():
        while not stop.is_set():
            if not target.is_dir():
                seen_missing.append(time.monotonic())

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        for round_ in range(200):
            staging = tmp_path / f"staging-{round_}"
            (staging / "site").mkdir(parents=True)
            (staging / "site" / "index.html").write_text(str(round_), encoding="utf-8")
            replace_folder(staging / "site", target, staging / "previous")
            assert (target / "index.html").read_text(encoding="utf-8") == str(round_)
    finally:
        stop.set()
        watcher.join()
    assert not seen_missing


def _kill_during(args: list[str], delay: float, cwd: Path) -> None:
    process = subprocess.Popen([sys.executable, "-m", "cardbase.cli", *args], cwd=cwd,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(delay)
    process.send_signal(signal.SIGKILL)
    process.wait()


@pytest.mark.parametrize("delay", [0.4, 0.9, 1.4])
def test_a_killed_build_keeps_the_previous_database_and_the_next_build_cleans_up(
        tmp_path, built_db, delay):
    target = tmp_path / "cardbase.db"
    target.write_bytes(built_db.read_bytes())
    before = target.read_bytes()
    _kill_during(["build", "--data", str(ROOT / "data"), "--db", str(target), "-q"], delay,
                 tmp_path)
    assert target.read_bytes() in (before, built_db.read_bytes())
    from cardbase.ingest import build_database

    build_database(ROOT / "data", target)
    leftovers = [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert leftovers == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cardbase.db", "cardbase.metadata.json"]


def test_a_killed_site_build_keeps_the_previous_site_and_the_next_build_cleans_up(
        tmp_path, built_db, conn):
    from cardbase.site.build import build_site

    out = tmp_path / "public"
    build_site(conn, out, languages=("en",))
    page = (out / "en" / "index.html").read_bytes()
    _kill_during(["site", "build", "--db", str(built_db), "--out", str(out), "-q"], 3.0, tmp_path)
    assert (out / "en" / "index.html").read_bytes() == page
    assert [p for p in tmp_path.iterdir() if p.name.startswith(".public.")]  # left behind
    build_site(conn, out, languages=("en",))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["public"]
