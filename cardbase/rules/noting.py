"""Noting what a judgement reads: the facts it looks at, and what it does with whole numbers.

``recall`` runs the rules on a situation whose ``state`` and ``action`` are ``_Noting``
mappings: each notes the first read of each key, in order, with the value found (a ``_Trace``).
A whole number is handed out as a ``_Probe``, an ``int`` that notes each comparison made with it
and its result; anything else done with it (arithmetic, hashing, formatting, conversion) makes
it ``exact``, remembered by its value. ``_settled`` takes the probes back out of a verdict's
outcomes. Imported only when a question is noted (a single question judged at once is not).
"""

from __future__ import annotations

from .model import Outcome
from .reads import MISSING, Tested, frozen


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
        self.tests[(int.__ne__, 0)] = result
        return result


#: the comparisons a probe notes, as functions of the plain value and the constant
_COMPARE = {"<": int.__lt__, "<=": int.__le__, ">": int.__gt__, ">=": int.__ge__,
            "==": int.__eq__, "!=": int.__ne__}


def _never(value: int, constant) -> bool:
    return False


def _always(value: int, constant) -> bool:
    return True


#: a number against ``None``: never equal, always unequal
_AGAINST_NONE = {"==": _never, "!=": _always}
#: the reflected name of each comparison (``5 < probe`` is ``probe > 5``)
_REFLECTED = {"__lt__": "<", "__le__": "<=", "__gt__": ">", "__ge__": ">=", "__eq__": "==",
              "__ne__": "!="}


def _comparing(name: str, op: str):
    function = _COMPARE[op]

    against_none = _AGAINST_NONE.get(op)

    def compare(self, other):
        kind = type(other)
        if kind is int or kind is bool:
            result = function(self.value, other)
            self.tests[(function, other)] = result
            return result
        if other is None and against_none is not None:
            result = against_none(self.value, None)
            self.tests[(against_none, None)] = result
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
        for arg in args:
            if type(arg) is _Probe:
                arg.exact = True
        return method(self.value, *(a.value if type(a) is _Probe else a for a in args))

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
        """The reads, each number as its comparisons (``Tested``) or, if exact, its value."""
        out = []
        for place, value in self.reads:
            if type(value) is _Probe:
                value = value.value if value.exact else Tested(value.tests)
            out.append((place, value))
        return out


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

