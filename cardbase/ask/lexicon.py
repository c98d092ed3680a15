"""A language's lexicon: the words of phases, roles, verbs, targets, card kinds, negation, numbers
and units, as ``data/lexicon/<lang>.yaml`` writes them (beside the glossary).

Each entry maps words to facts of the check query (``vocabulary.FACTS``). Loading validates the
whole file and reports every problem at once as ``file:line: what was expected``; a translator
adding a language writes one more file of the same shape and nothing in the code changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ..errors import CardbaseError
from .vocabulary import check_fact

ANALYSERS = ("snowball", "syllables", "sudachi")
SCOPES = ("next", "previous", "both")


@dataclass
class Entry:
    facts: dict
    words: list[str]
    priority: int = 0
    line: int = 0


@dataclass
class Unit:
    fact: str
    words: list[str]
    line: int = 0


@dataclass
class Lexicon:
    lang: str
    analyser: str
    stemmer: str | None
    entries: list[Entry]
    units: list[Unit]
    negation: list[str]
    negation_scope: str
    negation_window: int
    ignore: set[str]
    numbers: dict[str, int]
    players: list[str]
    name_markers: set[str]
    turn_words: set[str] = field(default_factory=set)
    #: words that may change a verdict (time, sequence, counts, "instead", who acts): when no
    #: fact reads them, the reading is not complete, even where ``ignore`` lists them
    sensitive: list[str] = field(default_factory=list)
    #: the words that ask ("can I", "darf ich", "できる"), and on which side of them the verb
    #: asked about stands
    modal: list[str] = field(default_factory=list)
    modal_scope: str = "next"
    #: words by which a clause speaks of the asker (I, my, ich, 私, tôi) or of another player
    #: (he, she, er, 彼, anh ấy): a clause about another player says whose turn, whose death
    self_words: list[str] = field(default_factory=list)
    others: list[str] = field(default_factory=list)
    #: particles that mark a subject after it (Japanese は, が): where a language has them, a
    #: name is a clause's subject only with one
    subject_markers: list[str] = field(default_factory=list)
    #: the language capitalises every noun (German): a capital letter alone makes no name
    capitalised_nouns: bool = False
    questions: dict[str, str] = field(default_factory=dict)
    answers: dict[str, list[str]] = field(default_factory=dict)
    path: str = ""


def lexicon_dir() -> Path:
    """Where the lexicons are: the data folder's ``lexicon/`` (``--data``, ``CARDBASE_DATA``, the
    project), else the copy beside the package."""
    from .. import paths

    try:
        folder = paths.data_dir() / "lexicon"
        if folder.is_dir():
            return folder
    except CardbaseError:
        pass
    return paths.shipped_root() / "data" / "lexicon"


class _Validated:
    """The problems of a lexicon read from the cache: none, it was validated when stored."""

    def __call__(self, *args) -> None:
        raise AssertionError(f"a cached lexicon is valid: {args[0]}")

    def raise_if_any(self) -> None:
        pass


def _cache_file(file: Path) -> Path:
    from ..i18n import _cache_dir, _cache_key

    return _cache_dir().parent / "lexicon" / f"{file.stem}-{_cache_key(file)}.marshal"


def _cached(file: Path):
    """The lexicon's data as last validated, from the user cache (parsing the YAML file with
    its lines costs more than the rest of a question), or ``None``."""
    import marshal

    try:
        with _cache_file(file).open("rb") as handle:
            return marshal.loads(handle.read())  # whole: faster than load()
    except (OSError, EOFError, ValueError, TypeError):
        return None


def _store(file: Path, data) -> None:
    import json
    import marshal
    import os

    target = _cache_file(file)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        temp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        with temp.open("wb") as handle:
            # plain dicts and lists: the loader's line-keeping subclasses do not marshal
            marshal.dump(json.loads(json.dumps(data)), handle)
        temp.replace(target)
    except (OSError, ValueError, TypeError):
        pass  # a read-only cache: parse again next time


def languages() -> list[str]:
    """The languages that have a lexicon."""
    return sorted(p.stem for p in lexicon_dir().glob("*.yaml"))


def _strings(value, problems, container, key, what) -> list[str]:
    if isinstance(value, list) and any(isinstance(v, bool) for v in value):
        # YAML reads bare yes, no, on, off as true/false
        problems(f"{what}: a word read as true/false; quote it (\"no\", \"on\")", container, key)
        return []
    if not isinstance(value, list) or not value or not all(
            isinstance(v, (str, int)) and str(v).strip() for v in value):
        problems(f"{what}: expected a non-empty list of words", container, key)
        return []
    return [str(v) for v in value]


@lru_cache(maxsize=None)
def load(lang: str, path: str | None = None) -> Lexicon:
    """The lexicon of ``lang`` (from ``path`` if given), validated."""
    file = Path(path) if path else lexicon_dir() / f"{lang}.yaml"
    cached = _cached(file)
    if cached is not None:
        data, problems = cached, _Validated()
    else:
        from ..yamlfile import Problems, load_yaml  # PyYAML only to parse a changed file

        data, problems = load_yaml(file), Problems(file, "lexicon")
    if not isinstance(data, dict):
        problems("a lexicon is a mapping with keys lang, analyser, entries", data)
        problems.raise_if_any()
    if data.get("lang") != lang:
        problems(f"lang: expected {lang!r} (the file's name)", data, "lang")
    analyser = data.get("analyser")
    if analyser not in ANALYSERS:
        problems(f"analyser: expected one of {', '.join(ANALYSERS)}", data, "analyser")
    entries, units = [], []
    raw_entries = data.get("entries")
    if not isinstance(raw_entries, list):
        problems("entries: expected a list", data, "entries")
        raw_entries = []
    for i, item in enumerate(raw_entries):
        line = getattr(raw_entries, "line_of", lambda _i: 0)(i)
        if not isinstance(item, dict) or not isinstance(item.get("facts"), dict):
            problems("entry: expected a mapping with `facts` (a mapping) and `words`",
                     raw_entries, i)
            continue
        for key, value in item["facts"].items():
            why = check_fact(key, value)
            if why:
                problems(why, item["facts"], key)
        words = _strings(item.get("words"), problems, item, "words", "words")
        priority = item.get("priority", 0)
        if not isinstance(priority, int):
            problems("priority: expected a whole number", item, "priority")
            priority = 0
        entries.append(Entry(dict(item["facts"]), words, priority, line))
    for i, item in enumerate(data.get("units") or []):
        if not isinstance(item, dict) or check_fact(item.get("fact", ""), 1):
            problems("unit: expected `fact` naming a number fact (state.level, action.gold...) "
                     "and `words`", data.get("units"), i)
            continue
        units.append(Unit(item["fact"], _strings(item.get("words"), problems, item, "words",
                                                 "words"), getattr(item, "line", 0)))
    negation = data.get("negation") or {}
    scope = negation.get("scope", "next") if isinstance(negation, dict) else None
    if scope not in SCOPES:
        problems(f"negation.scope: expected one of {', '.join(SCOPES)}", negation, "scope")
    numbers = data.get("numbers") or {}
    if not isinstance(numbers, dict) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in numbers.values()):
        problems("numbers: expected a mapping of words to whole numbers", data, "numbers")
        numbers = {}
    questions = data.get("questions") or {}
    if not isinstance(questions, dict):
        problems("questions: expected a mapping of fact to the question that asks for it",
                 data, "questions")
        questions = {}
    answers = data.get("answers") or {}
    if not isinstance(answers, dict) or set(answers) - {"yes", "no"}:
        problems("answers: expected `yes` and `no`, each a list of words", data, "answers")
        answers = {}
    answers = {k: _strings(v, problems, answers, k, f"answers.{k}") for k, v in answers.items()}
    sensitive = _strings(data["sensitive"], problems, data, "sensitive", "sensitive") \
        if data.get("sensitive") is not None else []
    modal = data.get("modal") or {}
    modal_scope = modal.get("scope", "next") if isinstance(modal, dict) else None
    if modal_scope not in SCOPES:
        problems(f"modal.scope: expected one of {', '.join(SCOPES)}", modal, "scope")
    modal_words = _strings(modal["words"], problems, modal, "words", "modal.words") \
        if isinstance(modal, dict) and modal.get("words") is not None else []
    for key in ("players", "name_markers", "turn_words"):
        if data.get(key):     # may be empty; a bare on/no read as a bool is refused
            _strings(data[key], problems, data, key, key)
    people = {}
    for key in ("self_words", "others", "subject_markers"):
        people[key] = _strings(data[key], problems, data, key, key) \
            if data.get(key) is not None else []
    capitalised = data.get("capitalised_nouns", False)
    if not isinstance(capitalised, bool):
        problems("capitalised_nouns: expected true or false", data, "capitalised_nouns")
    problems.raise_if_any()
    if cached is None:
        _store(file, data)
    return Lexicon(
        lang=lang, analyser=analyser, stemmer=data.get("stemmer"), entries=entries, units=units,
        negation=[str(w) for w in negation.get("words", [])],
        negation_scope=scope, negation_window=int(negation.get("window", 3)),
        ignore=set(_strings(data.get("ignore") or ["-"], problems, data, "ignore", "ignore")),
        numbers={str(k): v for k, v in numbers.items()},
        players=[str(p) for p in data.get("players") or []],
        name_markers={str(w) for w in data.get("name_markers") or []},
        turn_words={str(w) for w in data.get("turn_words") or []},
        sensitive=sensitive, modal=modal_words, modal_scope=modal_scope, **people,
        capitalised_nouns=capitalised,
        questions={str(k): str(v) for k, v in questions.items()}, answers=answers,
        path=str(file))


@lru_cache(maxsize=None)
def word_forms(lang: str) -> frozenset[str]:
    """Every word the lexicon of ``lang`` writes, folded: what language detection counts."""
    from .analyse import WORD
    from .normalise import clean, fold

    lexicon = load(lang)
    phrases = [w for e in lexicon.entries for w in e.words] + \
        [w for u in lexicon.units for w in u.words] + lexicon.negation + sorted(lexicon.ignore)
    return frozenset(fold(m.group()) for p in phrases for m in WORD.finditer(clean(p)))
