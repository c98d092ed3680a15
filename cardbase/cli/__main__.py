"""``python -m cardbase.cli``: the command line, as the ``cardbase`` entry point runs it."""

from . import main

main()
