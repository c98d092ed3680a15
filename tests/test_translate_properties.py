"""Property tests of the PO importer: whatever a translator's file holds, it is imported, or
refused with one CardbaseError whose every problem names the file and a line; never any other
exception, and a refused import changes no catalog."""

import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardbase.errors import CardbaseError, DataErrors
from cardbase.translate import workflow
from cardbase.translate.pofile import load, scan

ROOT = Path(__file__).resolve().parent.parent
MSGFMT = shutil.which("msgfmt")

#: Real messages and contexts, so that some generated files are valid and get imported
MESSAGES = ["allowed", "forbidden", "{n} repair ({detail})", "{n} repairs ({detail})",
            "no card named {name!r}; `cardbase cards` lists them", "Running away",
            "Level, levels"]
CONTEXTS = ["topic:running-away", "term:level", "card:mace-of-sharpness:name", "topic:nowhere"]
HEADERS = [
    'msgid ""\nmsgstr ""\n"Language: fr\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
    '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n',
    'msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n==2 ? 1 : 2);\\n"\n\n',
    'msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=99; plural=(((((n;\\n"\n\n',
    'msgid ""\nmsgstr ""\n"Language: de\\n"\n\n',
    'msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=1; plural=__import__(\'os\');\\n"\n\n',
    "",
]

text = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=20)
quoted = st.one_of(
    st.builds(lambda s: '"' + s.replace("\\", "\\\\").replace('"', '\\"')
              .replace("\n", "\\n") + '"', st.one_of(st.sampled_from(MESSAGES), text)),
    st.builds(lambda s: '"' + s, text),                      # never closed
    st.sampled_from(['"a\\q"', '"\\', '"\\x"', '"\\777"', '""', '"\\n"', '"a" "b"', "x",
                     '"é" junk']),
)
keyword = st.sampled_from(["msgid", "msgstr", "msgctxt", "msgid_plural", "msgstr[0]",
                           "msgstr[1]", "msgstr[2]", "msgstr[7]", "#| msgid", "#~ msgid",
                           "#~ msgstr", "#|", "#~|msgid", "msgstr[x]", "", "#, fuzzy\nmsgid",
                           "#, python-brace-format\nmsgid", "# note\nmsgid", "msgidx"])
line = st.one_of(
    st.builds(lambda k, q: f"{k} {q}".strip(), keyword, quoted),
    st.builds(lambda c: f'msgctxt "{c}"', st.sampled_from(CONTEXTS)),
    text,
    st.just(""),
)
entry = st.builds(
    lambda ctx, mid, mstr: (f'msgctxt "{ctx}"\n' if ctx else "") + f'msgid "{mid}"\n'
    f'msgstr "{mstr}"\n',
    st.one_of(st.none(), st.sampled_from(CONTEXTS)),
    st.sampled_from(MESSAGES).map(lambda m: m.replace('"', '\\"')),
    text.map(lambda s: s.replace("\\", "").replace('"', "").replace("\n", "")))
po_text = st.one_of(
    st.builds(lambda header, parts: header + "\n".join(parts),
              st.sampled_from(HEADERS), st.lists(st.one_of(line, entry), max_size=25)),
    # mostly well-formed files, so that the importing side is exercised too
    st.builds(lambda header, parts: header + "\n".join(dict.fromkeys(parts)),
              st.sampled_from(HEADERS[:2]), st.lists(entry, min_size=1, max_size=6)),
)
po_bytes = st.one_of(
    po_text.map(lambda t: t.encode("utf-8")),
    st.builds(lambda t, junk, at: (lambda b: b[:at % (len(b) + 1)] + junk + b[at % (len(b) + 1):])(
        t.encode("utf-8")), po_text, st.binary(min_size=1, max_size=4), st.integers(0, 10_000)),
    st.binary(max_size=200),
)


def _assert_located(exc: CardbaseError, path: Path) -> None:
    problems = exc.errors if isinstance(exc, DataErrors) else [exc]
    assert problems
    for problem in problems:
        assert problem.path == str(path), str(problem)
        assert isinstance(problem.line, int) and problem.line >= 1, str(problem)
        assert len(str(problem)) < 600  # a short excerpt of the input, never the input whole


@settings(max_examples=400, deadline=None)
@given(data=po_bytes)
def test_the_reader_reads_or_refuses_with_file_and_line(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("po") / "fr-cardbase.po"
    path.write_bytes(data)
    catalog, problems = load(path, "fr")
    assert catalog is not None or problems
    for problem in problems:
        _assert_located(problem, path)


@settings(max_examples=300, deadline=None)
@given(text=po_text)
def test_the_grammar_check_never_raises(text):
    problems, previous, header_problems = scan(text, "x.po")
    assert all(p.line >= 1 for p in problems + header_problems)
    assert isinstance(previous, dict)


@pytest.fixture(scope="module")
def fr_locales(built_db, tmp_path_factory):
    from cardbase.storage.database import connect

    locales = tmp_path_factory.mktemp("locales") / "locales"
    shutil.copytree(ROOT / "locales", locales)
    workflow.init(connect(built_db), locales, "fr")
    return locales


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=po_bytes, name=st.sampled_from(["fr-cardbase.po", "fr-content.po", "x.po"]))
def test_import_imports_or_refuses_with_one_error(conn, fr_locales, tmp_path_factory, data,
                                                  name):
    path = tmp_path_factory.mktemp("in") / name
    path.write_bytes(data)
    catalogs = sorted((fr_locales / "fr").rglob("*.po"))
    before = [p.read_bytes() for p in catalogs]
    try:
        counts = workflow.import_files(conn, fr_locales, "fr", [path])
    except CardbaseError as exc:
        _assert_located(exc, path)
        assert [p.read_bytes() for p in catalogs] == before
    else:
        assert set(counts) >= {"cardbase", "content"}
        # what GNU gettext refuses is never imported
        if MSGFMT:
            result = subprocess.run([MSGFMT, "--check", "-o", "/dev/null", str(path)],
                                    capture_output=True, text=True, errors="replace")
            assert result.returncode == 0, result.stderr
