"""Verdicts remembered by the facts the rules read, so a new question with known facts is not judged again.

A rulebook's verdict on a situation depends only on the state and action keys its rules read
(and on the verb, the card named and the rulebook's own text). The first time a verdict is asked
for, the rules run on a situation whose ``state`` and ``action`` note every key read, in order,
with its value; that path of reads goes into a tree per (game, verb, rulebook, card). A later
question walks the tree reading the same keys of its own situation: the rules read the same keys
in the same order as long as the values read so far are the same, so a path that ends in a leaf
has the verdict those rules would give. A whole number is remembered by what the rules did with
it rather than by its value, where all they did was compare it with constants (``level < 10``,
``count != 4``, ``not pending``): the number is read as an ``_Probe`` that notes each comparison
and its result, and a later number for which the same comparisons give the same results leads
the rules down the same way. Anything else done with a number (arithmetic, a dictionary key,
formatting, an outcome carrying it) makes the path remember the value itself. A question that
differs only in keys no rule reads (or in values the path never tests) is answered from the
leaf; any other runs the rules and adds its path. A judgement that reads a whole ``state`` or ``action`` (its keys, its length) is not
remembered. Where the facts read rarely come back (more than a third of the recent questions
looked up in a tree miss it, after ``MISSES_TRIED``; noting the reads costs about twice what
judging does), looking them up and noting them costs more than it saves: the rules run directly,
but for one question in ``LOOKED_UP_ANYWAY``, so the tree still grows and its rate is known. The
trees are bounded: past ``MAX_LEAVES`` paths they are forgotten and grow again. Verdicts of the
same rules with the same outcomes are one object, so answers can be remembered by them.
"""

from __future__ import annotations

from .model import Outcome
from .query import Situation

#: a key the query does not have
MISSING = object()
#: how many verdicts are remembered in all before the trees are dropped and grown again
MAX_LEAVES = 200_000
#: how many questions of one (game, verb, rulebook, card) are looked up before deciding whether
#: their facts come back often enough to be worth noting (two in three at least)
MISSES_TRIED = 25
#: the miss rate is that of about this many recent questions looked up in one tree (an average
#: in which each question weighs a sixteenth, the earlier ones less and less)
RATE_WINDOW = 16
#: where judging directly is cheaper, one question in this many is still looked up (and noted
#: when missed), so that the tree grows and its miss rate is known
LOOKED_UP_ANYWAY = 8
_STATE, _ACTION = 0, 1


def frozen(value):
    """``value`` as something that can be a dictionary key (lists and objects as tuples)."""
    kind = type(value)
    if kind is list or kind is tuple:
        return (list, tuple(frozen(v) for v in value))
    if kind is dict:
        return (dict, tuple(sorted((k, frozen(v)) for k, v in value.items())))
    return value


class _Probe(int):
    """A whole number read by the rules, noting each comparison made with it and its result.

    Comparisons with a constant (a number, ``None``) and truth tests are noted as tests; every
    other use (arithmetic, hashing, formatting, conversion) makes the number ``exact``: only its
    value stands for what the rules did with it. (Methods of ``int`` not overridden here only
    read the value; the ones that matter to a judgement are all overridden.)"""

    def __new__(cls, value: int):
        probe = int.__new__(cls, value)
        probe.value = value
        probe.tests = {}
        probe.exact = False
        return probe

    def __bool__(self) -> bool:
        result = self.value != 0
        self.tests[("!=", 0)] = result
        return result


#: the comparisons a probe notes, as functions of the plain value and the constant
_COMPARE = {"<": int.__lt__, "<=": int.__le__, ">": int.__gt__, ">=": int.__ge__,
            "==": int.__eq__, "!=": int.__ne__}
#: the reflected name of each comparison (``5 < probe`` is ``probe > 5``)
_REFLECTED = {"__lt__": "<", "__le__": "<=", "__gt__": ">", "__ge__": ">=", "__eq__": "==",
              "__ne__": "!="}
#: the constants a comparison may be noted against (their comparisons with a number are fixed)
_CONSTANTS = (int, bool, type(None))


def _comparing(name: str, op: str):
    function = _COMPARE[op]

    def compare(self, other):
        kind = type(other)
        if kind is int or kind is bool:
            result = function(self.value, other)
            self.tests[(op, other)] = result
            return result
        if other is None:
            result = op == "!="
            self.tests[(op, None)] = result
            return result
        self.exact = True
        if kind is _Probe:
            other.exact = True
            return function(self.value, other.value)
        return getattr(self.value, name)(other)

    compare.__name__ = name
    return compare


for _name, _op in _REFLECTED.items():
    setattr(_Probe, _name, _comparing(_name, _op))


def _exactly(name: str):
    method = getattr(int, name)

    def use(self, *args):
        self.exact = True
        args = tuple(a.value if type(a) is _Probe else a for a in args)
        for arg in args:
            if type(arg) is _Probe:
                arg.exact = True
        return method(self.value, *args)

    use.__name__ = name
    return use


def _exactly_with(name: str):
    """A binary operation: both numbers, when both are probes, are exact."""
    method = getattr(int, name)

    def use(self, other):
        self.exact = True
        if type(other) is _Probe:
            other.exact = True
            other = other.value
        return method(self.value, other)

    use.__name__ = name
    return use


for _name in ("__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__",
              "__floordiv__", "__rfloordiv__", "__truediv__", "__rtruediv__", "__mod__",
              "__rmod__", "__divmod__", "__rdivmod__", "__pow__", "__rpow__", "__lshift__",
              "__rlshift__", "__rshift__", "__rrshift__", "__and__", "__rand__", "__or__",
              "__ror__", "__xor__", "__rxor__"):
    setattr(_Probe, _name, _exactly_with(_name))
for _name in ("__neg__", "__pos__", "__abs__", "__invert__", "__int__", "__float__",
              "__index__", "__round__", "__trunc__", "__floor__", "__ceil__", "__format__",
              "__str__", "__repr__", "__hash__", "__getnewargs__", "__reduce__",
              "__reduce_ex__", "__sizeof__", "bit_length", "bit_count", "to_bytes",
              "conjugate", "as_integer_ratio", "is_integer", "__copy__", "__deepcopy__"):
    if hasattr(int, _name):
        setattr(_Probe, _name, _exactly(_name))
for _name in ("numerator", "denominator", "real", "imag"):
    setattr(_Probe, _name, property(_exactly("__int__")))
del _name, _op


class _Trace:
    __slots__ = ("reads", "whole")

    def __init__(self):
        self.reads: list[tuple[tuple[int, object], object]] = []
        self.whole = False  # a judgement read a whole mapping: its verdict is not remembered

    def path(self) -> list[tuple[tuple[int, object], object]]:
        """The reads, each number as its comparisons (``_Tested``) or, if exact, its value."""
        out = []
        for place, value in self.reads:
            if type(value) is _Probe:
                value = value.value if value.exact else _Tested(value.tests)
            out.append((place, value))
        return out


class _Tested:
    """A number read only in comparisons: the comparisons made, and their results."""

    __slots__ = ("tests", "results")

    def __init__(self, tests: dict):
        self.tests = tuple(tests)
        self.results = tuple(tests.values())


class _Noting(dict):
    """A ``state`` or ``action`` that notes the first read of each key, with the value found;
    a whole number is handed out as a ``_Probe``. Later reads of a key get what the first got."""

    __slots__ = ("_trace", "_where", "_got")

    def __init__(self, data: dict, trace: _Trace, where: int):
        super().__init__(data)
        self._trace, self._where, self._got = trace, where, {}

    def _first(self, key):
        value = dict.get(self, key, MISSING)
        place = (self._where, key)
        if type(value) is int:
            value = _Probe(value)
            self._trace.reads.append((place, value))
        else:
            self._trace.reads.append((place, frozen(value)))
        self._got[key] = value
        return value

    def get(self, key, default=None):
        try:
            value = self._got[key]
        except KeyError:
            value = self._first(key)
        return default if value is MISSING else value

    def __getitem__(self, key):
        try:
            value = self._got[key]
        except KeyError:
            value = self._first(key)
        if value is MISSING:
            raise KeyError(key)
        return value

    def __contains__(self, key) -> bool:
        try:
            return self._got[key] is not MISSING
        except KeyError:
            return self._first(key) is not MISSING

    __hash__ = None


def _reads_whole(name: str):
    method = getattr(dict, name)

    def read_whole(self, *args, **kwargs):
        self._trace.whole = True
        return method(self, *args, **kwargs)

    read_whole.__name__ = name
    return read_whole


for _name in ("__iter__", "keys", "items", "values", "__len__", "copy", "__eq__", "__ne__",
              "__repr__", "__reduce__", "__reduce_ex__", "__or__", "__ror__", "setdefault",
              "pop", "popitem", "update", "__setitem__", "__delitem__", "clear"):
    setattr(_Noting, _name, _reads_whole(_name))
del _name


class _Node:
    """A key read: its children by the value read, and by the results of each set of
    comparisons some path made with a number read there."""

    __slots__ = ("place", "children", "tested")

    def __init__(self, place: tuple[int, object]):
        self.place = place
        self.children: dict = {}
        self.tested: list[tuple[tuple, dict]] = []

    def child(self, value):
        """The child for a value of a question being asked, or ``None``."""
        child = self.children.get(value)
        if child is None and type(value) is int and self.tested:
            for tests, children in self.tested:
                child = children.get(tuple([_COMPARE[op](value, constant) if constant is not None
                                            else op == "!=" for op, constant in tests]))
                if child is not None:
                    return child
        return child

    def slot(self, value) -> tuple[dict, object]:
        """Where the child for a read ``value`` of a path (a value or a ``_Tested``) is kept:
        the dictionary and its key."""
        if type(value) is not _Tested:
            return self.children, value
        for tests, children in self.tested:
            if tests == value.tests:
                return children, value.results
        children = {}
        self.tested.append((value.tests, children))
        return children, value.results


class _Leaf:
    __slots__ = ("verdict",)

    def __init__(self, verdict):
        self.verdict = verdict


def _plain(value):
    """``value`` with every probe in it made exact and replaced by its number."""
    kind = type(value)
    if kind is _Probe:
        value.exact = True
        return value.value
    if kind is tuple or kind is list:
        return kind(_plain(v) for v in value)
    if kind is dict:
        return {k: _plain(v) for k, v in value.items()}
    return value


def _settled(verdict):
    """``verdict`` with no probe left in its outcomes: a number an outcome carries (a condition
    quoting it) is part of the answer, so the path remembers its value."""
    def outcomes(pairs):
        out = []
        for rule, outcome in pairs:
            values = _plain(outcome.values)
            if values != outcome.values or any(type(v) is _Probe for _k, v in outcome.values):
                outcome = Outcome(outcome.verdict, outcome.condition, values)
            out.append((rule, outcome))
        return out

    verdict.deciding = outcomes(verdict.deciding)
    verdict.set_aside = outcomes(verdict.set_aside)
    return verdict


class Recall:
    """The remembered verdicts of one process, per (game, verb, rulebook, card)."""

    def __init__(self):
        self._roots: dict[tuple, object] = {}
        self._same: dict[tuple, object] = {}
        #: per tree: [questions looked up, their recent miss rate, questions in all, judged
        #: directly]
        self._counts: dict[tuple, list] = {}
        self.leaves = 0

    def verdict(self, situation: Situation, rulebook: str, judge):
        """``judge(situation, rulebook)``, remembered by the facts it reads."""
        card = situation.card
        # the rulebook a question names is not one of its facts: each rulebook's rules judge
        # under that rulebook, whichever the answer reports
        root = (situation.game, situation.verb, rulebook, frozen(card) if card else None)
        counts = self._counts.get(root)
        if counts is None:
            counts = self._counts[root] = [0, 0.0, 0, False]
        counts[2] += 1
        if counts[3] and counts[2] % LOOKED_UP_ANYWAY:
            # the facts these rules read rarely come back: judging is cheaper than noting
            return self._one_of(judge(situation, rulebook))
        counts[0] += 1
        node = self._roots.get(root)
        state, action = situation.state, situation.action
        while node is not None and type(node) is _Node:
            where, key = node.place
            value = (state if where == _STATE else action).get(key, MISSING)
            node = node.child(frozen(value) if type(value) in (list, dict) else value)
        # the miss rate of the recent questions looked up (each weighs 1/RATE_WINDOW)
        counts[1] += ((node is None) - counts[1]) / RATE_WINDOW
        if counts[0] >= MISSES_TRIED:
            counts[3] = counts[1] * 3 > 1
        if node is not None:
            return node.verdict
        trace = _Trace()
        noting = Situation(situation.game, situation.rulebook, situation.verb,
                           _Noting(state, trace, _STATE), _Noting(action, trace, _ACTION), card)
        verdict = _settled(judge(noting, rulebook))
        if not trace.whole:
            verdict = self._one_of(verdict)
            self._add(root, trace.path(), verdict)
        return verdict

    def _one_of(self, verdict):
        """One object for every verdict of the same rules with the same outcomes (so an answer
        put together from verdicts can be remembered by the verdicts' identity)."""
        key = (verdict.rulebook, verdict.verdict, tuple(verdict.deciding),
               tuple(verdict.conflicts), tuple(verdict.set_aside))
        return self._same.setdefault(key, verdict)

    def _add(self, root: tuple, reads: list, verdict) -> None:
        if self.leaves >= MAX_LEAVES:
            for table in (self._roots, self._same, self._counts):
                table.clear()
            self.leaves = 0
        leaf = _Leaf(verdict)
        if not reads:
            self._roots[root] = leaf
            self.leaves += 1
            return
        node = self._roots.get(root)
        if node is None:
            node = self._roots[root] = _Node(reads[0][0])
        for step, (place, value) in enumerate(reads):
            if type(node) is not _Node or node.place != place:
                return  # the judgement read differently from a remembered path: not kept
            last = step == len(reads) - 1
            children, key = node.slot(value)
            child = children.get(key)
            if child is None:
                child = leaf if last else _Node(reads[step + 1][0])
                children[key] = child
                if last:
                    self.leaves += 1
            node = child
