"""``python -m cardbase.cli``: the command line, as the ``cardbase`` entry point runs it."""

from ..launch import main

main()
