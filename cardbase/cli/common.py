"""What every command shares: error handling, argument decoding, the common options, the group.

``guarded`` turns every error into one line on standard error and an exit status; ``decoded``
makes command-line values valid text; ``db_option``, ``json_option``, ``_data_option`` and
``_locales_option`` declare the options several commands take; ``_OneLineErrors`` is the top
group's class, whose usage errors are one line too.
"""

from __future__ import annotations

import functools
import os
import sqlite3
import sys

import click

from ..clitext import Group, option
from ..errors import CardbaseError, clip_lines, excerpt
from ..i18n import N_, _, has_messages, set_language


def _fail(message: str, code: int) -> None:
    click.echo(clip_lines(message), err=True)
    sys.exit(code)


class FilePath(str):
    """A path given on the command line, kept as the text the system gave (a ``str``, so that a
    lookup need not import ``pathlib``); ``decoded`` leaves it alone."""


def path_type(**options) -> click.Path:
    """A path option's type: the value arrives as a ``FilePath``."""
    return click.Path(path_type=FilePath, **options)


class GameChoice(click.Choice):
    """One of the declared games (``cardbase.games``), listed when a value is checked or help is
    shown rather than when the command line is built, so that starting does not read them.
    (``click.Choice.__init__`` would store its choices; this one reads them when asked.)"""

    def __init__(self) -> None:
        self.case_sensitive = True

    @property
    def choices(self) -> tuple[str, ...]:
        from .. import games

        return games.ids()


def decoded(value):
    """A command-line value as valid text: bytes that were not UTF-8 (kept by Python as lone
    surrogates) become U+FFFD, so no library function and no ``--json`` output ever sees them.
    Paths are left as they are: a file name in another encoding must still open."""
    if isinstance(value, FilePath) or not isinstance(value, (str, tuple)):
        return value
    if isinstance(value, str):
        try:
            value.encode("utf-8")
            return value
        except UnicodeEncodeError:
            try:
                raw = value.encode("utf-8", "surrogateescape")
            except UnicodeEncodeError:  # a surrogate no byte made: nothing to recover
                return "".join("\ufffd" if "\ud800" <= c <= "\udfff" else c for c in value)
            return raw.decode("utf-8", "replace")
    if isinstance(value, tuple):
        return tuple(decoded(item) for item in value)
    return value


def guarded(command):
    """Decode the command's arguments (``decoded``) and turn every error into one line on
    standard error and an exit status: the library's own errors with theirs, a database that
    cannot be read and an operating-system error with 1. Anything else is a defect in cardbase:
    it is reported in one line too (``CARDBASE_DEBUG=1`` shows the traceback)."""

    @functools.wraps(command)
    def wrapper(*args, **kwargs):
        try:
            return command(*args, **{key: decoded(value) for key, value in kwargs.items()})
        except CardbaseError as exc:
            _fail(_("error: {message}", message=str(exc)), exc.exit_code)
        except sqlite3.Error as exc:
            _fail(_("error: the database could not be read ({error}); rebuild it with "
                    "`cardbase build`", error=exc), 1)
        except BrokenPipeError:
            # the reader went away (``cardbase rule x | head``): stop quietly
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            sys.exit(0)
        except OSError as exc:
            _fail(_("error: {message}", message=_os_error(exc)), 1)
        except (click.exceptions.Exit, click.ClickException, click.Abort, KeyboardInterrupt):
            raise
        except Exception as exc:  # noqa: BLE001 - the last guard: never a traceback
            if os.environ.get("CARDBASE_DEBUG"):
                raise
            _fail(_("error: cardbase failed unexpectedly ({kind}: {message}); please report "
                    "it with the command you ran (CARDBASE_DEBUG=1 shows the details)",
                    kind=type(exc).__name__, message=excerpt(str(exc), 200)), 1)

    return wrapper


#: the operating system's reasons most often met, in the user's language (others as the system
#: words them)
_OS_REASONS = {"ENOENT": N_("no such file or folder"), "EACCES": N_("permission denied"),
               "EPERM": N_("permission denied"), "EROFS": N_("the file system is read-only"),
               "ENOSPC": N_("no space left on the device"), "EISDIR": N_("it is a folder"),
               "ENOTDIR": N_("a part of the path is not a folder")}


def _os_error(exc: OSError) -> str:
    """An operating-system error as ``file: reason`` (``str(exc)`` repeats the errno); a file
    being staged is named as the file it stands for."""
    import errno

    from ..atomic import staged_for

    name = errno.errorcode.get(exc.errno or 0, "")
    reason = _(_OS_REASONS[name]) if name in _OS_REASONS else exc.strerror
    if exc.filename is not None and reason:
        filename = exc.filename
        filename = os.fsdecode(filename) if isinstance(filename, (str, bytes)) else str(filename)
        return f"{staged_for(filename) or filename}: {reason}"
    return reason or str(exc)


def db_option(command):
    return option("--db", "db_path", type=path_type(),
                  envvar="CARDBASE_DB", default=None, show_envvar=True,
                  help=N_("The database file (default: cardbase.db)."))(command)


def json_option(command):
    return option("--json", "as_json", is_flag=True,
                  help=N_("Print the result as JSON."))(command)


def _connect(db_path):
    from ..storage.database import connect

    return connect(db_path)


def _interactive() -> bool:
    """Whether a person is at the keyboard to answer a follow-up question."""
    return sys.stdin.isatty()


def _use_language(lang: str | None) -> None:
    # --lang also chooses rulebooks or quotes; one cardbase has no messages in (a typo, or a
    # language only the content has) leaves the messages, and any error naming it, in the
    # environment's language
    set_language(lang if lang and has_messages(lang) else None)


class _OneLineErrors(Group):
    """The command group, whose usage errors (an unknown option, a value out of range, a
    missing argument) are one line on standard error with exit status 2, as every other error
    is, instead of click's usage block."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        set_language(None)  # a usage error is reported before any command picks its language
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        try:
            result = super().main(args, prog_name, complete_var, False, **extra)
        except click.exceptions.NoArgsIsHelpError as exc:  # a bare group: its help, as click does
            exc.show()
            sys.exit(exc.exit_code)
        except click.UsageError as exc:
            where = exc.ctx.command_path if exc.ctx is not None else "cardbase"
            _fail(_("error: {message} (see `{command} --help`)",
                    message=exc.format_message(), command=where), exc.exit_code)
        except click.ClickException as exc:
            exc.show()
            sys.exit(exc.exit_code)
        except click.Abort:
            _fail(_("aborted"), 1)
        except (ValueError, OSError) as exc:
            # raised while click reads an argument (a path with a NUL byte, which only a
            # program can pass): commands themselves are ``guarded``
            _fail(_("error: {message} (see `{command} --help`)", message=excerpt(str(exc), 200),
                    command="cardbase"), 2)
        sys.exit(result if isinstance(result, int) else 0)


def _locales_option(command):
    return option("--locales", "locales_dir",
                  type=path_type(), default=None,
                  envvar="CARDBASE_LOCALES", show_envvar=True,
                  help=N_("The catalogs folder (default: the project's locales/, then the "
                          "catalogs cardbase ships)."))(command)


def _locales(locales_dir):
    from ..paths import locales

    return locales(locales_dir)


def _data_option(command):
    return option("--data", "data_dir", type=path_type(),
                  envvar="CARDBASE_DATA", show_envvar=True, default=None,
                  help=N_("The data folder to build from (default: ./data)."))(command)
