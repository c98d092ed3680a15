"""Verdicts remembered by the facts the rules read, so a new question with known facts is not judged again.

A rulebook's verdict on a situation depends only on the state and action keys its rules read
(and on the verb, the card named and the rulebook's own text). The first time a verdict is asked
for, the rules run on a situation whose ``state`` and ``action`` note every key read, in order,
with its value; that path of reads goes into a tree per (game, verb, rulebook, card). A later
question walks the tree reading the same keys of its own situation: the rules read the same keys
in the same order as long as the values read so far are the same, so a path that ends in a leaf
has the verdict those rules would give. A whole number is remembered by what the rules did with
it rather than by its value, where all they did was compare it with constants (``level < 10``,
``count != 4``, ``not pending``): the number is read as a probe (``noting.py``) that notes each
comparison and its result, and a later number for which the same comparisons give the same results leads
the rules down the same way. Anything else done with a number (arithmetic, a dictionary key,
formatting, an outcome carrying it) makes the path remember the value itself. A question that
differs only in keys no rule reads (or in values the path never tests) is answered from the
leaf; any other runs the rules and adds its path. A judgement that reads a whole ``state`` or ``action`` (its keys, its length) is not
remembered. Where the facts read rarely come back (more than a third of the recent questions
looked up in a tree miss it, after ``MISSES_TRIED``; noting the reads costs about twice what
judging does), looking them up and noting them costs more than it saves: the rules run directly,
but for one question in a while, so the tree still grows and its rate is known; each of those that
misses again doubles the while (from ``LOOKED_UP_ANYWAY`` up to ``LOOKED_UP_AT_LEAST``), each that
is found halves it, so a tree that never pays costs next to nothing. The
trees are bounded: past ``MAX_LEAVES`` paths they are forgotten and grow again. Verdicts of the
same rules with the same outcomes are one object, so answers can be remembered by them.
"""

from __future__ import annotations

from .query import Situation
from .reads import MISSING, Tested, frozen

#: how many verdicts are remembered in all before the trees are dropped and grown again
MAX_LEAVES = 200_000
#: how many questions of one (game, verb, rulebook, card) are looked up before deciding whether
#: their facts come back often enough to be worth noting (two in three at least)
MISSES_TRIED = 25
#: the miss rate is that of about this many recent questions looked up in one tree (an average
#: in which each question weighs a sixteenth, the earlier ones less and less)
RATE_WINDOW = 16
#: where judging directly is cheaper, one question in this many is still looked up (and noted
#: when missed), so that the tree grows and its miss rate is known; the interval doubles with
#: each such question missed, up to ``LOOKED_UP_AT_LEAST``, and halves with each found
LOOKED_UP_ANYWAY = 8
LOOKED_UP_AT_LEAST = 1024
_STATE, _ACTION = 0, 1


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
                child = children.get(tuple([compare(value, constant)
                                            for compare, constant in tests]))
                if child is not None:
                    return child
        return child

    def slot(self, value) -> tuple[dict, object]:
        """Where the child for a read ``value`` of a path (a value or a ``Tested``) is kept:
        the dictionary and its key."""
        if type(value) is not Tested:
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

class Recall:
    """The remembered verdicts of one process, per (game, verb, rulebook, card)."""

    def __init__(self, first_noted: int = 1):
        #: the first question of a tree that is noted (a process that asks one question, as the
        #: command line does, has nothing to gain from noting it)
        self.first_noted = first_noted
        self._roots: dict[tuple, object] = {}
        self._same: dict[tuple, object] = {}
        #: per tree: [questions looked up, their recent miss rate, questions in all, judged
        #: directly, one question in how many is looked up while judged directly]
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
            counts = self._counts[root] = [0, 0.0, 0, False, LOOKED_UP_ANYWAY]
        counts[2] += 1
        direct = counts[3]
        if direct and counts[2] % counts[4]:
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
        if direct:  # looked up only now and then: less often while it misses
            counts[4] = (min(counts[4] * 2, LOOKED_UP_AT_LEAST) if node is None
                         else max(counts[4] // 2, LOOKED_UP_ANYWAY))
        if node is not None:
            return node.verdict
        if counts[2] < self.first_noted:
            return self._one_of(judge(situation, rulebook))
        from .noting import _Noting, _settled, _Trace

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
