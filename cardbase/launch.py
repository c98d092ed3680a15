"""The ``cardbase`` console script: the command line, started as a short-lived process wants.

The cyclic garbage collector is paused before anything is imported. A lookup lives for a few
milliseconds and makes few reference cycles, while the collector's passes over the objects that
click's and cardbase's imports create cost it about 2 ms, a fifth of what it may spend above the
interpreter's own start. The commands that answer one question and exit (``cli.QUICK``) run
without it; every other command turns it on again as it starts, so a build or a site build
collects as usual. Importing ``cardbase.cli`` (tests, other programs) leaves the collector alone.
"""

from __future__ import annotations

import gc


def main():
    gc.disable()
    from .cli import main as command_line

    return command_line()
