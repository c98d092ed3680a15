"""Helpers shared by the benchmark scripts: the machine, timed subprocesses, output files."""

from __future__ import annotations

import hashlib
import json
import os
import platform
import shutil
import sqlite3
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / "bench" / "out"
# Measured processes run as a user's would: with bytecode caches (pip compiles installed
# packages, and a first run writes cardbase's), so a variable that disables them is dropped.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def precompile() -> None:
    """Write cardbase's bytecode once, as its first run would, before anything is timed."""
    import compileall

    compileall.compile_dir(str(ROOT / "cardbase"), quiet=1)

# Runs one command and reports its wall time and the peak RSS of the process tree below this
# wrapper (getrusage(RUSAGE_CHILDREN) covers only the wrapper's own children, so every
# measurement gets a fresh wrapper). ru_maxrss is in KiB on Linux.
_RUSAGE_WRAPPER = r"""
import json, resource, subprocess, sys, time
start = time.perf_counter()
proc = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
elapsed = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
json.dump({"seconds": elapsed, "maxrss_kib": usage.ru_maxrss, "returncode": proc.returncode,
           "stderr": proc.stderr.decode("utf-8", "replace")[-4000:]}, sys.stdout)
"""


def venv_bin(name: str) -> str | None:
    """An executable from the running interpreter's environment, else from PATH."""
    candidate = Path(sys.executable).parent / name
    if candidate.exists():
        return str(candidate)
    return shutil.which(name)


def measure_child(cmd: list[str], cwd: Path = ROOT) -> dict:
    """Wall time (s), peak RSS (MiB), exit status and stderr tail of one run of ``cmd``."""
    proc = subprocess.run([sys.executable, "-c", _RUSAGE_WRAPPER, *cmd], cwd=cwd, env=ENV,
                          capture_output=True, text=True, check=True)
    result = json.loads(proc.stdout)
    result["maxrss_mib"] = result.pop("maxrss_kib") / 1024
    return result


def timed_run(cmd: list[str], cwd: Path = ROOT) -> tuple[float, subprocess.CompletedProcess]:
    """Whole-process wall time of ``cmd`` measured with perf_counter around subprocess.run."""
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, env=ENV)
    return time.perf_counter() - start, proc


def timed_checked(cmd: list[str], env: dict | None = None, cwd: Path = ROOT) -> tuple[float, float]:
    """Wall and CPU seconds (user + system of the child) of one run of ``cmd``, which must
    succeed: a failing command stops the benchmark with the tail of its error."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, env=ENV if env is None else env, capture_output=True)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise SystemExit(f"{cmd} failed: {proc.stderr.decode('utf-8', 'replace')[-500:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed, cpu


def median(values):
    return statistics.median(values) if values else None


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def machine() -> dict:
    info = {
        "nproc": os.cpu_count(),
        "cpu": _cpu_model(),
        "python": platform.python_version(),
        "sqlite": sqlite3.sqlite_version,
        "platform": platform.platform(),
    }
    try:
        info["mem_total_mib"] = round(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
                                      / 2**20)
    except (ValueError, OSError, AttributeError):
        pass
    try:
        info["cardbase"] = subprocess.run([venv_bin("cardbase"), "--version"], capture_output=True,
                                          text=True).stdout.strip()
    except (OSError, TypeError):
        pass
    return info


def git_state() -> dict:
    """The commit of the code under test, and whether the working tree differs from it."""
    def git(*args):
        proc = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True)
        return proc.stdout.strip() if proc.returncode == 0 else None

    status = git("status", "--porcelain", "--", "cardbase", "data")
    digest = hashlib.sha256()
    for folder in ("cardbase", "data"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    module = subprocess.run([sys.executable, "-c", "import cardbase; print(cardbase.__file__)"],
                            cwd="/", capture_output=True, text=True).stdout.strip()
    return {"commit": git("rev-parse", "HEAD"), "cardbase_or_data_modified": bool(status),
            "cardbase_and_data_sha256": digest.hexdigest(), "cardbase_imported_from": module}


def describe_code(before: dict, after: dict) -> str:
    """One line naming the code under test, or a warning when it changed during the run."""
    def name(state):
        modified = ", working tree modified" if state.get("cardbase_or_data_modified") else ""
        return (f"commit {(state.get('commit') or '?')[:12]}{modified}, cardbase+data sha256 "
                f"{state.get('cardbase_and_data_sha256', '?')[:12]}, cardbase from "
                f"{state.get('cardbase_imported_from', '?')}")

    if before != after:
        return (f"WARNING: the code under test changed during the run: {name(before)} -> "
                f"{name(after)}")
    return f"code under test: {name(before)}"


def write_json(name: str, data: dict) -> Path:
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    path = OUT_DIR / name
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return path


def markdown_table(header: list[str], rows: list[list]) -> str:
    lines = ["| " + " | ".join(header) + " |",
             "|" + "|".join("---:" if i else "---" for i in range(len(header))) + "|"]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)
