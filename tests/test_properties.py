"""Property-based tests: generated hostile input never ends in a crash.

Hypothesis drives the query reader and the checker's entry point, the YAML data loaders and every
query command of the command line with generated text, bytes, structures and arguments. Each
either gives a normal answer or refuses with cardbase's own error (one bounded line per problem,
exit status 1 or 2); no other exception and no traceback ever comes out. The number of examples
is kept small so that the suite stays quick; the strategies lean on the real vocabulary so that
generated queries reach the checker's deeper paths, not only its first refusal.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardbase.cli import main
from cardbase.errors import MESSAGE_LINE_LENGTH, DataError, QueryError
from cardbase import games
from cardbase.games import vocabulary as shared
from cardbase.rules import query as vocabulary
from cardbase.rules.checker import check, read_query

SETTINGS = settings(max_examples=40, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])

WORDS = sorted({*vocabulary.TOP_KEYS, *games.ids(), *shared.VERBS, *shared.ROLES,
                *shared.RACES, *shared.CLASSES, *shared.SOURCES,
                *shared.TARGETS, *games.get("munchkin").phases,
                *(key for game in games.all_games() for key in game.state),
                *games.get("munchkin").action_keys(), "Maza Afilada", "Troll de Foro", "Elfo",
                "エルフ"})
hostile_text = st.one_of(
    st.sampled_from(WORDS),
    st.text(max_size=30),
    st.text(alphabet=st.sampled_from("{}[]\":,'\\\n\t -#&*!|>%@`"), max_size=30),
    st.builds(lambda c, n: c * n, st.sampled_from(["x", "[", "{", "é", "戦"]),
              st.integers(0, 3000)),
)
# pieces of JSON and YAML syntax, joined at random: escapes, anchors, tags, flow and block forms
syntax = st.lists(st.sampled_from([
    "{", "}", "[", "]", ":", ",", " ", "\n", "  ", "- ", '"', "'", "\\", "\\q", "\\u", "\\ud800",
    "\t", "&a ", "*a", "!!python/object ", "!!str ", "!!binary ", "? ", "|", ">", "#", "---",
    "%YAML 1.1\n", "<<: ", "~", "1e400", "0x1F", ".nan", "2024-01-01", "\x00", "\ufeff", "game",
    "munchkin", "state", "action", "verb", "play", "card", "level", "race", "Elfo",
]), max_size=40).map("".join)
scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-10 ** 30, 10 ** 30),
    st.floats(allow_nan=True, allow_infinity=True), hostile_text,
)
structures = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.sampled_from(WORDS) | st.text(max_size=8), inner,
                                            max_size=5)),
    max_leaves=25,
)
queries = st.fixed_dictionaries(
    {"game": st.sampled_from(games.ids()) | scalars},
    optional={"rulebook": st.sampled_from(["munchkin-es", "munchkin-ja"]) | scalars,
              "state": structures, "action": structures},
)


def assert_bounded(error: Exception) -> None:
    text = str(error)
    assert text and all(len(line) <= MESSAGE_LINE_LENGTH for line in text.splitlines()), text[:300]


@pytest.fixture(scope="module")
def shared_conn(built_db):
    from cardbase.storage.database import connect

    connection = connect(built_db)
    yield connection
    connection.close()


@SETTINGS
@given(raw=st.one_of(st.binary(max_size=300), hostile_text.map(str.encode),
                     syntax.map(lambda t: t.encode("utf-8", "surrogatepass"))))
def test_read_query_takes_any_bytes(raw):
    try:
        data = read_query(raw, "q.json")
    except QueryError as error:
        assert_bounded(error)
        assert str(error).startswith("q.json")
    else:
        assert isinstance(data, dict)


@SETTINGS
@given(query=queries, as_yaml=st.booleans())
def test_any_query_structure_is_judged_or_refused(shared_conn, query, as_yaml):
    try:
        text = (yaml.safe_dump(query, allow_unicode=True) if as_yaml
                else json.dumps(query, ensure_ascii=False))
    except (ValueError, yaml.YAMLError):
        return
    try:
        answer = check(shared_conn, read_query(text))
    except QueryError as error:
        assert_bounded(error)
    else:
        assert answer["verdict"] in ("allowed", "forbidden", "conditional")


LOADERS = {
    "manifest": lambda path: __import__("cardbase.sources.manifest", fromlist=["x"])
    .load_manifest(path),
    "topics": lambda path: __import__("cardbase.segment.topics", fromlist=["x"]).load_topics(path),
    "glossary": lambda path: __import__("cardbase.glossary", fromlist=["x"])
    .load_glossary(path, {"munchkin-es/huir"}),
    "outline": lambda path: __import__("cardbase.segment.outline", fromlist=["x"])
    .load_outline(path, {"combat"}),
    "overlay": lambda path: __import__("cardbase.normalise.overlay", fromlist=["x"])
    .load_overlay(path, "raw text of the rulebook"),
    "cards": lambda path: _cards(path),
}


def _cards(path):
    from cardbase.cards.schema import validate_file

    _cards_found, errors = validate_file(path, {"munchkin"}, {"munchkin-es"},
                                         lambda code: code in ("en", "es"))
    for error in errors:
        assert isinstance(error, DataError)
        assert_bounded(error)


DATA_WORDS = ["games", "rulebooks", "topics", "terms", "sections", "corrections", "cards",
              "game", "id", "names", "stats", "text", "words", "titles", "keywords", "heading",
              "raw", "reason", "sha256", "file", "lang", "name", "quote", "rulebook", "value",
              "ours", "level", "en", "es", "munchkin", "munchkin-es", "combat", "defined_in"]
data_structures = st.recursive(
    scalars | st.sampled_from(DATA_WORDS),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.sampled_from(DATA_WORDS) | st.text(max_size=6),
                                            inner, max_size=5)),
    max_leaves=30,
)


def _write(folder: Path, content) -> Path:
    path = folder / "file.yaml"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        try:
            path.write_text(yaml.safe_dump(content, allow_unicode=True), encoding="utf-8")
        except (ValueError, yaml.YAMLError):
            path.write_text("", encoding="utf-8")
    return path


@pytest.mark.parametrize("kind", sorted(LOADERS))
@SETTINGS
@given(content=st.one_of(data_structures, st.binary(max_size=200),
                         hostile_text.map(lambda t: t.encode("utf-8", "surrogatepass")),
                         syntax.map(lambda t: t.encode("utf-8", "surrogatepass"))))
def test_data_loaders_report_data_errors_only(kind, content):
    with tempfile.TemporaryDirectory() as folder:
        path = _write(Path(folder), content)
        try:
            LOADERS[kind](path)
        except DataError as error:
            assert_bounded(error)
            assert "file.yaml" in str(error)


arguments = st.one_of(
    hostile_text, st.sampled_from(["-1", "0", "99999999999999999999", "+5", "1e9", "--json",
                                   "munchkin-es", "munchkin-es/huir", "huir", "\udcff\udcfe",
                                   "a\x00b", "-"]),
)
COMMANDS = {
    "rulebooks": lambda a, b: ["rulebooks"],
    "rule": lambda a, b: ["rule", a, "--lang", b],
    "section": lambda a, b: ["section", a],
    "sections": lambda a, b: ["sections", a],
    "card": lambda a, b: ["card", a, "--game", b],
    "cards": lambda a, b: ["cards", "--game", a, "--type", b, "--lang", b],
    "term": lambda a, b: ["term", a],
    "check": lambda a, b: ["check", a],
    "can-play": lambda a, b: ["can-play", a, "--phase", b, "--race", b],
    "combat": lambda a, b: ["combat", "--monster", a, "--enhancer", b, "--level", b],
    "diff": lambda a, b: ["diff", a, b],
    "table": lambda a, b: ["table", a],
    "export": lambda a, b: ["export", "--format", a],
    "translate status": lambda a, b: ["translate", "status", "--min", a],
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
@settings(max_examples=15, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(first=arguments, second=arguments, as_json=st.booleans())
def test_every_query_command_answers_or_refuses_in_one_line(runner, built_db, command, first,
                                                            second, as_json):
    if first == "-" and command == "check":
        first = "--"  # standard input would wait for the runner's empty input: no need
    args = [*COMMANDS[command](first, second), "--db", str(built_db)]
    if as_json and command not in ("export", "translate status"):
        args.append("--json")
    result = runner.invoke(main, args)
    assert result.exit_code in (0, 1, 2), (args, result.exit_code, result.stderr[-500:])
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        args, repr(result.exception))
    assert "Traceback" not in result.stderr and "failed unexpectedly" not in result.stderr, (
        args, result.stderr[-500:])
    result.stdout_bytes.decode("utf-8")
    result.stderr_bytes.decode("utf-8")
    if result.exit_code:
        assert result.stderr.strip(), args
        assert all(len(line) <= MESSAGE_LINE_LENGTH for line in result.stderr.splitlines())
    elif as_json and "--json" in args:
        json.loads(result.stdout)


@SETTINGS
@given(content=st.one_of(
    st.binary(max_size=300),
    queries.map(lambda q: json.dumps(q, ensure_ascii=False).encode("utf-8", "surrogatepass")),
))
def test_check_answers_or_refuses_any_query_file(runner, built_db, content):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "query.json"
        path.write_bytes(content)
        result = runner.invoke(main, ["check", str(path), "--json", "--db", str(built_db)])
    assert result.exit_code in (0, 2), (content[:200], result.stderr[-500:])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.stderr and "failed unexpectedly" not in result.stderr
    if result.exit_code == 0:
        assert json.loads(result.stdout)["verdict"]
    else:
        assert result.stdout == "" and result.stderr.startswith("error: ")
        assert all(len(line) <= MESSAGE_LINE_LENGTH for line in result.stderr.splitlines())


# --- the search-query builder ----------------------------------------------------------------

_SEARCH_TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=400) | \
    st.sampled_from(['"', "AND", "OR NOT", "don't", "a-b", "NEAR(", "*", "^x", "col:x",
                     "戦闘の", "quái vật", "Tür", "x" * 5000, "huir " * 300])


@SETTINGS
@given(text=_SEARCH_TEXT)
def test_the_search_query_builder_takes_any_text(shared_conn, text):
    """Whatever a user types, the full-text search answers (maybe with nothing) or refuses with
    one QueryError: never an FTS syntax error or another exception, and never more terms than
    its bound."""
    from cardbase.search.fulltext import MAX_TERMS, parse_query
    from cardbase.search.rules import find_rules

    terms = parse_query(text)
    assert len(terms.terms) <= MAX_TERMS
    try:
        found = find_rules(shared_conn, text, limit=5)
    except QueryError:
        return
    assert isinstance(found["results"], list) and len(found["results"]) <= 5
