"""The exceptions cardbase raises on purpose, each knowing how to describe itself to a user.

Every error that can reach a user is a ``CardbaseError``: it carries the file and line it is
about (when there is one), the pipeline stage that found it, and the exit status the command line
should return. The CLI prints ``str(error)`` and exits with ``error.exit_code``; nothing else is
shown, so SQL and template errors must be wrapped in one of these before they escape a library
function. Whatever a message repeats of the user's input goes through ``excerpt`` first, so a
5 MB name or a query pasted whole is quoted as its first few dozen characters.
"""

from __future__ import annotations

#: how many characters of a user's input an error message repeats
EXCERPT_LENGTH = 60


class Excerpt(str):
    """A short piece of a user's input: the text itself for ``{value}``, and for
    ``{value!r}`` the quoted text (or a non-text value's bounded ``repr``), never more than
    ``EXCERPT_LENGTH`` characters of the input."""

    shown: str

    def __repr__(self) -> str:
        return self.shown


def excerpt(value: object, limit: int = EXCERPT_LENGTH) -> Excerpt:
    """``value`` cut to at most ``limit`` characters with an ellipsis, for an error message.

    Text is cut and, through ``{value!r}``, quoted with its line breaks escaped: ``'xxxx…'``;
    anything else (a list where a name was expected) is shown as its ``repr``, bounded however
    big or deeply nested the value is: ``['a', 'b', …``.
    """
    if isinstance(value, str):
        text = _cut(value, limit)
        result = Excerpt(text)
        result.shown = repr(text)
    else:
        import reprlib

        text = _cut(reprlib.repr(value), limit)
        result = Excerpt(text)
        result.shown = text
    return result


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "\u2026"


#: the longest line an error message prints, whatever it quotes
MESSAGE_LINE_LENGTH = 1000


def clip_lines(message: str, limit: int = MESSAGE_LINE_LENGTH) -> str:
    """``message`` with every line cut to ``limit`` characters: the last guard, where messages
    are printed, for one that quoted a user's input whole."""
    return "\n".join(_cut(line, limit) for line in message.split("\n"))


class CardbaseError(Exception):
    """Base class: a problem explained in one message, with an optional location."""

    exit_code = 1

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None,
                 stage: str | None = None):
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.stage = stage

    def location(self) -> str:
        if self.path and self.line:
            return f"{self.path}:{self.line}"
        return self.path or ""

    def __str__(self) -> str:
        parts = []
        if self.stage:
            parts.append(f"[{self.stage}]")
        where = self.location()
        if where:
            parts.append(f"{where}:")
        parts.append(self.message)
        return " ".join(parts)


class DataError(CardbaseError):
    """Bad input data: a source, manifest, outline, overlay or vocabulary file is wrong."""

    exit_code = 1


class DataErrors(DataError):
    """Several data problems found at once; all of them are listed."""

    def __init__(self, errors: list[CardbaseError]):
        self.errors = list(errors)
        super().__init__("\n".join(str(e) for e in self.errors))

    def __str__(self) -> str:
        return "\n".join(str(e) for e in self.errors)


class DatabaseMissing(CardbaseError):
    """The database to query does not exist yet."""

    exit_code = 1


class NotFound(CardbaseError):
    """A named thing (rulebook, section) is not in the database."""

    exit_code = 1


class QueryError(CardbaseError):
    """A query that cannot be answered as asked (bad name, bad option value)."""

    exit_code = 2
