"""The ``cardbase`` command line: commands only, each a thin layer over one library function.

Every command parses its options, opens what it needs, calls one library function and hands the
result to ``cardbase.render`` to print as text or, with ``--json``, as JSON on standard output
(diagnostics go to standard error). Errors the library raises on purpose are printed as one clear
message with their exit status; nothing else escapes as a traceback.

The commands live in modules by kind (``lookup``, ``rulings``, ``building``, ``translating``) and
a module is imported only when one of its commands runs: a lookup builds its own few options,
not the whole command line's, and imports nothing heavy, so it starts fast.
"""

from __future__ import annotations

import gc
import importlib

import click

from .. import __version__
from ..clitext import Option
from ..i18n import N_
from .common import _OneLineErrors

#: command name -> "module:function" in this package, imported when the command runs
COMMANDS = {
    "rulebooks": "lookup:rulebooks", "rule": "lookup:rule", "section": "lookup:section",
    "sections": "lookup:sections", "card": "lookup:card", "cards": "lookup:cards",
    "term": "lookup:term", "export": "lookup:export",
    "check": "rulings:check", "ask": "rulings:ask", "can-play": "rulings:can_play",
    "combat": "rulings:combat", "diff": "rulings:diff", "table": "rulings:table",
    "rules": "rulings:rules_group",
    "build": "building:build", "site": "building:site",
    "translate": "translating:translate",
}

#: the commands that answer one question from the database and exit within milliseconds: started
#: from the console script (``cardbase.launch``) they run without the cyclic garbage collector
QUICK = frozenset({"rulebooks", "rule", "section", "sections", "card", "cards", "term", "check"})


class _LazyGroup(_OneLineErrors):
    """The top group: knows its commands by name and imports each one's module on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(COMMANDS))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in QUICK:
            gc.enable()  # paused by cardbase.launch for the quick lookups only
        if name not in self.commands and name in COMMANDS:
            module, _, attribute = COMMANDS[name].partition(":")
            command = getattr(importlib.import_module(f"{__name__}.{module}"), attribute)
            self.add_command(command, name)
        return super().get_command(ctx, name)


@click.group(cls=_LazyGroup, context_settings={"help_option_names": ["-h", "--help"]},
             help=N_("cardbase: a multilingual rules reference for the Munchkin family of card "
                     "games."))
@click.version_option(__version__, prog_name="cardbase", cls=Option,
                      help=N_("Show the version and exit."))
def main():
    pass


def all_commands() -> dict[str, click.Command]:
    """Every top-level command, imported (for documentation and tests)."""
    ctx = click.Context(main)
    return {name: main.get_command(ctx, name) for name in main.list_commands(ctx)}
