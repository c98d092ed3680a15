"""A query's facts by dotted path (``state.combat.result``): read one, set one, or copy the query
without one. The reader, what a question presupposes and the query built from a reading all
name facts this way.
"""

from __future__ import annotations

import copy


def get(query: dict, path: str):
    """The value at ``path``, or ``None`` when the query does not say it."""
    node = query
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return node


def put(query: dict, path: str, value) -> None:
    """Set ``path`` to ``value``, making the objects on the way."""
    parts = path.split(".")
    node = query
    for part in parts[:-1]:
        node = node.setdefault(part, {})
    node[parts[-1]] = value


def without(query: dict, path: str) -> dict:
    """A copy of ``query`` without ``path``, and without the objects that left empty."""
    trial = copy.deepcopy(query)
    parts = path.split(".")
    node = trial
    for part in parts[:-1]:
        node = node.get(part, {})
    node.pop(parts[-1], None)
    for section in ("state", "action"):
        for name in [k for k, v in trial.get(section, {}).items() if v == {}]:
            del trial[section][name]
    return trial
