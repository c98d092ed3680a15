"""What a path of reads is made of, for ``recall`` (which walks the paths) and ``noting`` (which
notes them): the mark of a key the query does not have, a value frozen so it can be a
dictionary key, and a number remembered by the comparisons made with it (``Tested``).

Both modules read these; neither imports the other for them (``recall`` imports ``noting`` only
when a question is noted).
"""

from __future__ import annotations

#: a key the query does not have
MISSING = object()


def frozen(value):
    """``value`` as something that can be a dictionary key (lists and objects as tuples)."""
    kind = type(value)
    if kind is list or kind is tuple:
        return (list, tuple(frozen(v) for v in value))
    if kind is dict:
        return (dict, tuple(sorted((k, frozen(v)) for k, v in value.items())))
    return value


class Tested:
    """A number read only in comparisons: the comparisons made (each a function of the number
    and a constant, with the constant), and their results."""

    __slots__ = ("tests", "results")

    def __init__(self, tests: dict):
        self.tests = tuple(tests)
        self.results = tuple(tests.values())
