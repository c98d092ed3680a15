"""Replacing a file or a folder so that no reader ever sees half of one, and cleaning up after a
run that was killed.

Output is written to a staging path beside the target, named after the writing process
(``.cardbase.db.<pid>.tmp``, ``.public.<pid>.tmp``), then put in place in one step: a file by
``os.replace``, a folder by exchanging it with the old one (Linux ``renameat2``), so the target
exists at every moment. A run that is killed leaves its staging path behind; the next run for the
same target removes every staging path whose process is gone.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path


def staging_name(target: Path) -> Path:
    """The staging path of this process for ``target``."""
    return target.with_name(f".{target.name}.{os.getpid()}.tmp")


def staged_for(path: str) -> str | None:
    """The file a staging path of this process stands for (``.cardbase.db.<pid>.tmp`` →
    ``cardbase.db``), else ``None``: an error met while staging is reported on that file."""
    folder, name = os.path.split(path)
    suffix = f".{os.getpid()}.tmp"
    if name.startswith(".") and name.endswith(suffix) and len(name) > len(suffix) + 1:
        return os.path.join(folder, name[1:-len(suffix)])
    return None


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive
        return True
    return True


def remove_abandoned(target: Path) -> list[Path]:
    """Remove the staging paths for ``target`` left by processes that no longer run."""
    folder = target.parent
    if not folder.is_dir():
        return []
    pattern = re.compile(rf"\.{re.escape(target.name)}\.(\d+)\.tmp")
    removed = []
    for path in folder.iterdir():
        match = pattern.fullmatch(path.name)
        if match is None or _alive(int(match.group(1))):
            continue
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink(missing_ok=True)
        removed.append(path)
    return removed


def _exchange(first: Path, second: Path) -> bool:
    """Swap two paths in one step (Linux ``renameat2(RENAME_EXCHANGE)``); False if unsupported."""
    import ctypes

    try:
        renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
    except (AttributeError, OSError):
        return False
    at_fdcwd, rename_exchange = -100, 2
    done = renameat2(at_fdcwd, os.fsencode(first), at_fdcwd, os.fsencode(second),
                     rename_exchange)
    return done == 0


def replace_folder(new: Path, target: Path, old: Path) -> None:
    """Put the folder ``new`` at ``target``; the previous folder ends up at ``old`` (inside the
    staging area, removed by the caller). ``target`` exists at every moment where the system
    can exchange two paths in one step."""
    if target.is_dir() and not target.is_symlink():
        if _exchange(new, target):
            new.rename(old)
            return
        target.rename(old)
    new.rename(target)
