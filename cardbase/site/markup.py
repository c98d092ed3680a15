"""Text from the database, made safe for Markdown and HTML.

Every value a template prints passes through ``escape`` (the Jinja environment's ``finalize``), so
``<script>``, ``{{ }}``, ``{% %}``, Markdown emphasis or a heading marker in a rulebook or a card
show as the characters they are. Running text is emitted as HTML paragraphs inside a block that
Markdown leaves alone (``block``); short values in Markdown lines are HTML-escaped and have their
Markdown punctuation backslash-escaped (``escape``).
"""

from __future__ import annotations

import html
import re

from markupsafe import Markup

_MARKDOWN = re.compile(r"([\\`*_{}\[\]()#+\-.!|~<>])")


def escape(value) -> str:
    """A value as literal text in a line of Markdown."""
    if isinstance(value, Markup):
        return str(value)
    if value is None:
        return ""
    text = html.escape(str(value), quote=True)
    return _MARKDOWN.sub(r"\\\1", text).replace("\n", " ")


def block(text: str | None, css: str = "cb-body") -> Markup:
    """Running text as HTML paragraphs, inside a block Markdown does not touch."""
    paragraphs = [p for p in (text or "").split("\n") if p.strip()]
    inner = "".join(f"<p>{html.escape(p, quote=False)}</p>" for p in paragraphs)
    return Markup(f'<div class="{css}" markdown="0">{inner}</div>')


def attr(value) -> str:
    """A value inside an HTML attribute."""
    return html.escape(str(value or ""), quote=True)
