"""PO files as GNU gettext reads them: a strict reader and a writer whose output ``msgfmt`` accepts.

Babel reads leniently (an unterminated string is silently cut short, bytes that are not UTF-8
raise without a line) and writes the previous source of a fuzzy entry (``#| msgid``) wrapped
inside its quotes, which ``msgfmt --check`` and Poedit refuse. Here a file is first checked line
by line against the PO grammar (every string opened and closed on its own line, known escapes,
keywords in their order, plural forms numbered from 0, no entry twice, the leading and trailing
newlines of a translation matching its source's), each problem with its line; only a clean file
is handed to Babel. The ``#|`` lines Babel ignores are read here too, so a fuzzy entry keeps its
previous source from one export to the next. Writing lets Babel lay out every entry and writes
the ``#|`` lines itself, one complete string per line.
"""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import normalize, read_po, write_po

from ..errors import DataError
from ..i18n import _

#: The babel default, the width ``cardbase.pot`` has always been written with
TEMPLATE_WIDTH = 76
CATALOG_WIDTH = 100
_KEYWORD = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr)(?:\[(\d+)\])?(?=[\s\"])")
_ESCAPES = {"\\": "\\", '"': '"', "n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b",
            "f": "\f", "v": "\v", "?": "?", "'": "'"}
_MARKER = "cardbase-previous-source "
FORMAT_FLAGS = {"python-format", "python-brace-format", "c-format"}
_EXCERPT = 40


def _excerpt(text: str) -> str:
    text = text.strip()
    return text if len(text) <= _EXCERPT else text[:_EXCERPT] + "…"


def _strings(rest: str) -> tuple[list[str], str | None]:
    """The strings on one line after its keyword; the problem, if the line is not just strings."""
    values = []
    i, n = 0, len(rest)
    while True:
        while i < n and rest[i] in " \t\r":
            i += 1
        if i >= n:
            return values, None if values else _("a quoted string was expected")
        if rest[i] != '"':
            return values, _("unexpected text {text!r} where a quoted string was expected",
                             text=_excerpt(rest[i:]))
        i += 1
        out = []
        while True:
            if i >= n:
                return values, _("the string is not closed with a quote on its own line")
            char = rest[i]
            if char == '"':
                i += 1
                break
            if char == "\\":
                if i + 1 >= n:
                    return values, _("the string is not closed with a quote on its own line")
                nxt = rest[i + 1]
                if nxt in _ESCAPES:
                    out.append(_ESCAPES[nxt])
                    i += 2
                elif nxt in "01234567":
                    digits = re.match(r"[0-7]{1,3}", rest[i + 1:]).group()
                    out.append(chr(int(digits, 8)))
                    i += 1 + len(digits)
                elif nxt == "x" and re.match(r"[0-9A-Fa-f]", rest[i + 2:i + 3]):
                    digits = re.match(r"[0-9A-Fa-f]+", rest[i + 2:]).group()
                    out.append(chr(int(digits, 16) % 0x110000))
                    i += 2 + len(digits)
                else:
                    return values, _("invalid escape sequence \\{char} in a string", char=nxt)
                continue
            out.append(char)
            i += 1
        values.append("".join(out))


class _Entry:
    __slots__ = ("line", "fields", "order", "previous", "fuzzy", "broken")

    def __init__(self, line: int):
        self.line = line
        self.fuzzy = False
        self.broken = False  # a line of it is already reported: no second problem from it
        self.fields: dict[str, str] = {}
        self.order: list[str] = []
        self.previous: dict[str, str] = {}


def scan(text: str, shown: str) -> tuple[list[DataError], dict[tuple, list[str]],
                                         list[DataError]]:
    """Check ``text`` against the PO grammar; return every problem of syntax (with its line),
    the previous sources of fuzzy entries, keyed by ``(context, msgid)``, and the problems of
    the header (which do not keep the entries from being read and checked)."""
    problems: list[DataError] = []
    header_problems: list[DataError] = []

    def problem(message: str, line: int, into: list | None = None) -> None:
        (problems if into is None else into).append(
            DataError(message, path=shown, line=line, stage="translate"))

    entries: list[_Entry] = []
    obsolete: list[_Entry] = []
    current: dict[bool, _Entry | None] = {False: None, True: None}
    last_field: dict[bool, tuple[str, bool] | None] = {False: None, True: None}
    pending_previous: dict[str, str] = {}
    pending_fuzzy = False
    prev_field: str | None = None

    def field(kind: str, index: str | None, line: int, is_obsolete: bool) -> str:
        nonlocal pending_previous, pending_fuzzy
        name = kind if index is None else f"{kind}[{int(index)}]"
        entry = current[is_obsolete]
        starts = kind in ("msgctxt", "msgid") and (
            entry is None or "msgstr" in entry.order or any(f.startswith("msgstr[")
                                                            for f in entry.order))
        if kind == "msgctxt" and entry is not None and "msgctxt" in entry.order:
            starts = True
        if starts or entry is None:
            if entry is not None:
                finish(entry, is_obsolete)
            entry = _Entry(line)
            if not is_obsolete:
                entry.previous, pending_previous = pending_previous, {}
                entry.fuzzy, pending_fuzzy = pending_fuzzy, False
            current[is_obsolete] = entry
            (obsolete if is_obsolete else entries).append(entry)
        if name in entry.fields:
            problem(_("{keyword} appears twice in one entry", keyword=name), line)
        expected = {"msgctxt": (), "msgid": ("msgctxt",), "msgid_plural": ("msgid",)}
        if kind == "msgid_plural" and "msgid" not in entry.order:
            problem(_("msgid_plural without a msgid before it"), line)
        if kind == "msgstr":
            if "msgid" not in entry.order:
                problem(_("{keyword} without a msgid before it", keyword=name), line)
            plural = "msgid_plural" in entry.order
            if plural and index is None:
                problem(_("a plural entry needs msgstr[0], msgstr[1]… instead of msgstr"), line)
            elif not plural and index is not None:
                problem(_("{keyword} in an entry without msgid_plural", keyword=name), line)
            elif index is not None and int(index) != sum(
                    1 for f in entry.order if f.startswith("msgstr[")):
                problem(_("plural forms must be numbered from 0 without gaps; found {keyword}",
                          keyword=name), line)
        elif kind == "msgctxt" and entry.order:
            problem(_("msgctxt must come before msgid"), line)
        del expected
        entry.order.append(name)
        entry.fields[name] = ""
        return name

    def finish(entry: _Entry, is_obsolete: bool) -> None:
        if entry.broken:
            return
        if "msgid" not in entry.fields:
            problem(_("an entry without msgid"), entry.line)
            return
        if not any(f == "msgstr" or f.startswith("msgstr[") for f in entry.order):
            problem(_("the entry has no msgstr"), entry.line)
            return
        if is_obsolete or entry.fuzzy:
            return  # msgfmt does not check what it will not compile
        source = entry.fields["msgid"]
        for name, value in entry.fields.items():
            if not name.startswith("msgstr") or not value or not source:
                continue
            if source.startswith("\n") != value.startswith("\n"):
                problem(_("the source and the translation must both begin with a newline, or "
                          "neither"), entry.line)
            if source.endswith("\n") != value.endswith("\n"):
                problem(_("the source and the translation must both end with a newline, or "
                          "neither"), entry.line)

    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.rstrip("\r")
        stripped = line.strip()
        if not stripped:
            continue
        is_obsolete = stripped.startswith("#~")
        is_previous = stripped.startswith("#|") or stripped.startswith("#~|")
        if stripped.startswith("#,") and "fuzzy" in (f.strip() for f in stripped[2:].split(",")):
            pending_fuzzy = True
        if stripped.startswith("#") and not is_obsolete and not is_previous:
            continue
        body = stripped
        if is_obsolete:
            body = body[2:].lstrip()
        if body.startswith("#|"):
            body = body[2:].lstrip()
        elif body.startswith("|"):
            body = body[1:].lstrip()
        if not body:
            continue
        match = _KEYWORD.match(body)
        if match:
            values, error = _strings(body[match.end():])
        else:
            values, error = _strings(body)
        if error:
            problem(error, number)
            if current[is_obsolete] is not None and not is_previous:
                current[is_obsolete].broken = True
            continue
        value = "".join(values)
        if is_previous:
            if match:
                prev_field = match.group(1)
                pending_previous[prev_field] = value if not is_obsolete else ""
            elif prev_field is None:
                problem(_("a string with no keyword before it"), number)
            else:
                pending_previous[prev_field] += value
            continue
        prev_field = None
        if match:
            name = field(match.group(1), match.group(2), number, is_obsolete)
            current[is_obsolete].fields[name] = value
            last_field[is_obsolete] = (name, True)
        elif last_field[is_obsolete] is None:
            problem(_("a string with no keyword before it"), number)
        else:
            current[is_obsolete].fields[last_field[is_obsolete][0]] += value
    for is_obsolete in (False, True):
        if current[is_obsolete] is not None:
            finish(current[is_obsolete], is_obsolete)

    seen: dict[tuple, int] = {}
    previous: dict[tuple, list[str]] = {}
    header = next((e for e in entries if e.fields.get("msgid") == "" and "msgctxt" not in e.fields),
                  None)
    charset = re.search(r"charset=([^\s;\\]+)", header.fields.get("msgstr", "")) if header else None
    if charset and charset.group(1).lower() not in ("utf-8", "utf8", "charset"):
        problem(_("the header declares the charset {charset}; save the file as UTF-8 and declare "
                  "charset=UTF-8", charset=_excerpt(charset.group(1))), header.line,
                header_problems)
    elif header is None and any(e.fields.get("msgid") for e in entries):
        # msgfmt --check refuses a file without a header: its charset is unknown
        problem(_("the file has no header (an entry msgid \"\" whose msgstr declares "
                  "\"Content-Type: text/plain; charset=UTF-8\")"), entries[0].line,
                header_problems)
    for entry in entries:
        if "msgid" not in entry.fields:
            continue
        for name in entry.order:
            if "\x04" in entry.fields.get(name, ""):
                problem(_("a context separator (byte 0x04) inside {keyword}", keyword=name),
                        entry.line)
        key = (entry.fields.get("msgctxt"), entry.fields["msgid"])
        if key in seen:
            problem(_("this entry appears twice (first on line {first})", first=seen[key]),
                    entry.line)
        seen.setdefault(key, entry.line)
        if entry.previous.get("msgid") is not None:
            previous[key] = [entry.previous["msgid"]] + (
                [entry.previous["msgid_plural"]] if "msgid_plural" in entry.previous else [])
    if not any(entry.fields.get("msgid") for entry in entries) and not problems:
        problem(_("the file has no messages (it is empty or holds only a header)"), 1)
    return problems, previous, header_problems


def decode(data: bytes, shown: str) -> str:
    """``data`` as UTF-8 text, or a problem naming the first line that is not UTF-8."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        byte = format(data[exc.start], "02x")
        raise DataError(_("not UTF-8 text (byte 0x{byte}); save the file as UTF-8", byte=byte),
                        path=shown, line=line, stage="translate") from None
    return text[1:] if text.startswith("\ufeff") else text


def load(path: Path, lang: str | None = None) -> tuple[Catalog | None, list[DataError]]:
    """Read ``path`` strictly: the catalog (``None`` when its syntax is broken) and every
    problem with its line; a file with any problem must not be imported."""
    shown = str(path)
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        return None, [DataError(_("cannot be read: {reason}", reason=exc.strerror or exc),
                                path=shown, stage="translate")]
    if not data.strip():
        return None, [DataError(_("the file is empty: nothing to import"), path=shown, line=1,
                                stage="translate")]
    try:
        text = decode(data, shown)
    except DataError as exc:
        return None, [exc]
    problems, previous, header_problems = scan(text, shown)
    if problems:
        return None, problems + header_problems
    try:
        catalog = read_po(io.StringIO(text), locale=lang, abort_invalid=True)
    except Exception as exc:  # noqa: BLE001 - Babel's reader raises many kinds; one line for all
        line = getattr(exc, "lineno", None) or 1
        return None, [DataError(_("not a valid PO file: {reason}", reason=_excerpt(str(exc))),
                                path=shown, line=line, stage="translate")]
    for message in catalog:
        if message.id:
            key = (message.context, message.id[0] if isinstance(message.id, tuple)
                   else message.id)
            message.previous_id = previous.get(key, [])
    return catalog, header_problems


def format_previous(ids: list[str], width: int) -> list[str]:
    """The ``#|`` lines of a previous source: every line one complete string, as gettext has it."""
    out = []
    for keyword, text in zip(("msgid", "msgid_plural"), ids):
        lines = normalize(text, width=width).split("\n")
        out.append(f"#| {keyword} {lines[0]}\n")
        out.extend(f"#| {line}\n" for line in lines[1:])
    return out


def dumps(catalog: Catalog, width: int = CATALOG_WIDTH) -> bytes:
    """``catalog`` as PO text: sorted, no locations, previous sources as gettext writes them."""
    stash: dict[str, list[str]] = {}
    saved = []
    if catalog.domain == "content":
        # content is prose: Babel flags "50 % de" as python-format, and msgfmt --check (and
        # Poedit) would then hold a translator to directives that are only words
        for message in catalog:
            message.flags -= FORMAT_FLAGS
    for number, message in enumerate(m for m in catalog if m.id):
        if message.previous_id:
            marker = f"{_MARKER}{number}"
            stash[marker] = format_previous(list(message.previous_id), width)
            saved.append((message, list(message.previous_id), list(message.auto_comments)))
            message.auto_comments = [*message.auto_comments, marker]
            message.previous_id = []
    buffer = io.BytesIO()
    try:
        write_po(buffer, catalog, width=width, sort_output=True, no_location=True)
    finally:
        for message, previous_id, comments in saved:
            message.previous_id = previous_id
            message.auto_comments = comments
    out, waiting = [], []
    for line in buffer.getvalue().decode("utf-8").splitlines(keepends=True):
        if line.startswith("#. " + _MARKER):
            waiting = stash[line[3:].strip()]
            continue
        if waiting and not line.startswith("#"):
            out.extend(waiting)
            waiting = []
        out.append(line)
    return "".join(out).encode("utf-8")


def write(path: Path, catalog: Catalog, width: int = CATALOG_WIDTH) -> None:
    """Write ``catalog`` to ``path`` atomically (a half-written catalog is never left behind)."""
    from ..atomic import staging_name

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = staging_name(path)
    try:
        temp.write_bytes(dumps(catalog, width))
        os.replace(temp, path)
    finally:
        temp.unlink(missing_ok=True)
