"""Verdicts remembered by the facts the rules read, so a new question with known facts is not judged again.

A rulebook's verdict on a situation depends only on the state and action keys its rules read
(and on the verb, the card named and the rulebook's own text). The first time a verdict is asked
for, the rules run on a situation whose ``state`` and ``action`` note every key read, in order,
with its value; that path of reads goes into a tree per (game, verb, rulebook, card). A later
question walks the tree reading the same keys of its own situation: the rules read the same keys
in the same order as long as the values read so far are the same, so a path that ends in a leaf
has the verdict those rules would give. A question that differs only in keys no rule reads (or
in values the path never tests) is answered from the leaf; any other runs the rules and adds its
path. A judgement that reads a whole ``state`` or ``action`` (its keys, its length) is not
remembered. Where the facts read rarely come back (more than half the questions of a tree miss
it, after ``MISSES_TRIED``), noting them costs more than it saves: the rules run directly. The
trees are bounded: past ``MAX_LEAVES`` paths they are forgotten and grow again. Verdicts of the
same rules with the same outcomes are one object, so answers can be remembered by them.
"""

from __future__ import annotations

from .query import Situation

#: a key the query does not have
MISSING = object()
#: how many verdicts are remembered in all before the trees are dropped and grown again
MAX_LEAVES = 200_000
#: how many questions of one (game, verb, rulebook, card) are noted before deciding whether
#: their facts come back often enough to be worth noting (half of them at least)
MISSES_TRIED = 25
_STATE, _ACTION = 0, 1


def frozen(value):
    """``value`` as something that can be a dictionary key (lists and objects as tuples)."""
    kind = type(value)
    if kind is list or kind is tuple:
        return (list, tuple(frozen(v) for v in value))
    if kind is dict:
        return (dict, tuple(sorted((k, frozen(v)) for k, v in value.items())))
    return value


class _Trace:
    __slots__ = ("reads", "seen", "whole")

    def __init__(self):
        self.reads: list[tuple[tuple[int, object], object]] = []
        self.seen: set = set()
        self.whole = False  # a judgement read a whole mapping: its verdict is not remembered


class _Noting(dict):
    """A ``state`` or ``action`` that notes the first read of each key, with the value found."""

    __slots__ = ("_trace", "_where")

    def __init__(self, data: dict, trace: _Trace, where: int):
        super().__init__(data)
        self._trace, self._where = trace, where

    def _note(self, key):
        value = dict.get(self, key, MISSING)
        place = (self._where, key)
        trace = self._trace
        if place not in trace.seen:
            trace.seen.add(place)
            trace.reads.append((place, frozen(value)))
        return value

    def get(self, key, default=None):
        value = self._note(key)
        return default if value is MISSING else value

    def __getitem__(self, key):
        value = self._note(key)
        if value is MISSING:
            raise KeyError(key)
        return value

    def __contains__(self, key) -> bool:
        return self._note(key) is not MISSING

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
    __slots__ = ("place", "children")

    def __init__(self, place: tuple[int, object]):
        self.place = place
        self.children: dict = {}


class _Leaf:
    __slots__ = ("verdict",)

    def __init__(self, verdict):
        self.verdict = verdict


class Recall:
    """The remembered verdicts of one process, per (game, verb, rulebook, card)."""

    def __init__(self):
        self._roots: dict[tuple, object] = {}
        self._same: dict[tuple, object] = {}
        self._asked: dict[tuple, int] = {}
        self._misses: dict[tuple, int] = {}
        self.leaves = 0

    def verdict(self, situation: Situation, rulebook: str, judge):
        """``judge(situation, rulebook)``, remembered by the facts it reads."""
        card = situation.card
        # the rulebook a question names is not one of its facts: each rulebook's rules judge
        # under that rulebook, whichever the answer reports
        root = (situation.game, situation.verb, rulebook, frozen(card) if card else None)
        self._asked[root] = self._asked.get(root, 0) + 1
        node = self._roots.get(root)
        state, action = situation.state, situation.action
        while node is not None and type(node) is _Node:
            where, key = node.place
            value = (state if where == _STATE else action).get(key, MISSING)
            node = node.children.get(frozen(value) if type(value) in (list, dict) else value)
        if node is not None:
            return node.verdict
        misses = self._misses.get(root, 0) + 1
        self._misses[root] = misses
        if misses > MISSES_TRIED and misses * 2 > self._asked.get(root, 0):
            # the facts these rules read rarely come back: judging is cheaper than noting
            return self._one_of(judge(situation, rulebook))
        trace = _Trace()
        noting = Situation(situation.game, situation.rulebook, situation.verb,
                           _Noting(state, trace, _STATE), _Noting(action, trace, _ACTION), card)
        verdict = judge(noting, rulebook)
        if not trace.whole:
            verdict = self._one_of(verdict)
            self._add(root, trace.reads, verdict)
        return verdict

    def _one_of(self, verdict):
        """One object for every verdict of the same rules with the same outcomes (so an answer
        put together from verdicts can be remembered by the verdicts' identity)."""
        key = (verdict.rulebook, verdict.verdict, tuple(verdict.deciding),
               tuple(verdict.conflicts), tuple(verdict.set_aside))
        return self._same.setdefault(key, verdict)

    def _add(self, root: tuple, reads: list, verdict) -> None:
        if self.leaves >= MAX_LEAVES:
            for table in (self._roots, self._same, self._asked, self._misses):
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
            child = node.children.get(value)
            if child is None:
                child = leaf if last else _Node(reads[step + 1][0])
                node.children[value] = child
                if last:
                    self.leaves += 1
            node = child
