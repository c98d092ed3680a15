"""Ids and paths made by cardbase (a rulebook's id, a section's slug, a rule's id), checked to be
what they are before they stand unescaped in a page's links and anchors: never free text.
"""

from __future__ import annotations

import re

from markupsafe import Markup

_SAFE_ID = re.compile(r"^[A-Za-z0-9_./-]*$")


def safe_id(value: str) -> Markup:
    """An id or path made by cardbase (never free text), usable in links and anchors."""
    if not _SAFE_ID.match(value or ""):
        raise ValueError(f"not an id: {value!r}")
    return Markup(value)


def anchor(rule_id: str) -> Markup:
    return safe_id(rule_id.replace(".", "-").replace("_", "-"))
