"""click in the user's language: help texts, click's own words ("Usage:", "Error: No such
option"), and command lists measured by display width.

Help is shown before any option is read, so it follows the environment's language
(``LANGUAGE``/``LC_ALL``/``LC_MESSAGES``/``LANG``, as ``cardbase.i18n`` reads them), never
``--lang``. The help texts of commands and options are English message ids (marked with ``N_``)
translated each time they are read, by the ``Command``, ``Group`` and ``Option`` classes below.
click translates its own words through the standard ``gettext`` module's functions:
``CLICK_MESSAGES`` lists the ones a user meets, our catalogs translate them like every other
message, and ``Group.main`` hands click's modules the environment's catalog before anything is
parsed (``cardbase.i18n.install_click_translations``). ``tests/test_help.py`` checks that click
still says each of them.
"""

from __future__ import annotations

import click

from .i18n import N_, environment_gettext, install_click_translations
from .textwidth import fit, width, wrap


def ngettext(singular: str, plural: str) -> tuple[str, str]:
    """Marks a plural message of click's for extraction (click itself translates it)."""
    return (singular, plural)


CLICK_MESSAGES = [
    # help pages
    N_("Usage:"), N_("Options"), N_("Commands"), N_("Positional arguments"),
    N_("Show this message and exit."), N_("Show the version and exit."),
    N_("env var: {var}"), N_("default: {default}"), N_("required"), N_("deprecated"),
    # errors while reading the command line
    N_("Error: {message}"), N_("Try '{command} {option}' for help."),
    N_("No such option {name!r}."), N_("No such command {name!r}."), N_("Missing command."),
    N_("Missing argument"), N_("Missing option"), N_("Missing parameter"),
    N_("Missing parameter: {param_name}"), N_("Invalid value: {message}"),
    N_("Invalid value for {param_hint}: {message}"), N_("Option {name!r} does not take a value."),
    N_("Argument {name!r} takes {nargs} values."), N_("Choose from:\n\t{choices}"),
    N_("{value!r} is not a valid {number_type}."), N_("{value} is not in the range {range}."),
    N_("{value!r} is not a valid boolean. Recognized values: {states}"),
    N_("file"), N_("directory"), N_("path"),
    N_("{name} {filename!r} does not exist."), N_("{name} {filename!r} is a file."),
    N_("{name} {filename!r} is a directory."), N_("{name} {filename!r} is not readable."),
    N_("{name} {filename!r} is not writable."),
    N_("Could not open file {filename!r}: {message}"), N_("unknown error"), N_("Aborted!"),
    ngettext("Got unexpected extra argument ({args})",
             "Got unexpected extra arguments ({args})"),
    ngettext("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)"),
    ngettext("Option {name!r} requires an argument.",
             "Option {name!r} requires {nargs} arguments."),
    ngettext("{value!r} is not {choice}.", "{value!r} is not one of {choices}."),
]

# click names its path types ("file", "directory") when the command line's options are
# declared, at import: their words must be in place before cardbase.cli declares them
install_click_translations()


def _first_sentence(text: str) -> str:
    """The first sentence of a help text's first paragraph (click's rule, plus the Japanese
    full stop; a full stop inside brackets does not end the sentence)."""
    paragraph = " ".join(text.partition("\n\n")[0].split())
    depth = 0
    for index, ch in enumerate(paragraph):
        if ch in "(（「『":
            depth += 1
        elif ch in ")）」』":
            depth = max(depth - 1, 0)
        elif depth == 0 and ch in "。？！":
            return paragraph[:index + 1]
        elif depth == 0 and ch in ".?!" and (
                index + 1 == len(paragraph) or (paragraph[index + 1] == " " and
                                                not paragraph[index + 2:index + 3].islower())):
            return paragraph[:index + 1]
    return paragraph


def _narrow(text: str) -> bool:
    return width(text) == len(text)


class HelpFormatter(click.HelpFormatter):
    """click's help layout, with text that holds wide characters (Japanese) wrapped and aligned
    by display columns; other text is laid out by click itself."""

    def write_text(self, text: str) -> None:
        if _narrow(text):
            return super().write_text(text)
        indent = " " * self.current_indent
        paragraphs = [" ".join(p.split()) for p in text.split("\n\n") if p.strip()]
        for index, paragraph in enumerate(paragraphs):
            if index:
                self.write("\n")
            for line in wrap(paragraph, max(self.width - self.current_indent, 10)):
                self.write(f"{indent}{line}\n")

    def write_dl(self, rows, col_max: int = 30, col_spacing: int = 2) -> None:
        rows = list(rows)
        if all(_narrow(first) and _narrow(second) for first, second in rows):
            return super().write_dl(rows, col_max, col_spacing)
        first_col = min(max((width(first) for first, _second in rows), default=0),
                        col_max) + col_spacing
        indent = " " * self.current_indent
        for first, second in rows:
            self.write(f"{indent}{first}")
            if not second:
                self.write("\n")
                continue
            if width(first) <= first_col - col_spacing:
                self.write(" " * (first_col - width(first)))
            else:
                self.write("\n" + " " * (first_col + self.current_indent))
            lines = wrap(" ".join(second.split()), max(self.width - first_col - 2, 10)) or [""]
            self.write(f"{lines[0]}\n")
            for line in lines[1:]:
                self.write(f"{indent}{' ' * first_col}{line}\n")


class Context(click.Context):
    formatter_class = HelpFormatter


class _TranslatedHelp:
    """``help`` is kept as the English message id and read in the current language."""

    @property
    def help(self):
        return environment_gettext(self._help_id) if self._help_id else self._help_id

    @help.setter
    def help(self, value):
        self._help_id = value


class Command(_TranslatedHelp, click.Command):
    """A command whose help reads in the user's language."""

    context_class = Context

    def get_short_help_str(self, limit: int = 45) -> str:
        if self.short_help or not self.help:
            return super().get_short_help_str(limit)
        # measured in columns, cut with an ellipsis: click's own shortening counts characters
        # and turns a Japanese sentence (one word without spaces) into "..."
        return fit(_first_sentence(self.help), limit)

    def get_help_option(self, ctx):
        option = super().get_help_option(ctx)
        if option is not None:
            # click builds it once per command; read its text in the language of this run
            option.help = environment_gettext("Show this message and exit.")
        return option


class Group(Command, click.Group):
    """The command groups: their commands and sub-groups are of these classes too, and the
    top one installs the environment's language for click before reading the command line."""

    command_class = Command
    group_class = type

    def main(self, *args, **kwargs):
        install_click_translations()
        return super().main(*args, **kwargs)


class Option(_TranslatedHelp, click.Option):
    """An option whose help reads in the user's language."""


def option(*param_decls, **attrs):
    """``click.option`` with help in the user's language."""
    return click.option(*param_decls, cls=Option, **attrs)


def command(*args, **attrs):
    """``click.command`` with help in the user's language."""
    return click.command(*args, cls=Command, **attrs)


def group(*args, **attrs):
    """``click.group`` with help in the user's language."""
    return click.group(*args, cls=Group, **attrs)
