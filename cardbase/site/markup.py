"""Text from the database, made safe for Markdown and HTML, and marked with its language.

Every value a template prints passes through ``escape`` (the Jinja environment's ``finalize``), so
``<script>``, ``{{ }}``, ``{% %}``, Markdown emphasis or a heading marker in a rulebook or a card
show as the characters they are. Running text is emitted as HTML paragraphs inside a block that
Markdown leaves alone (``block``); short values in Markdown lines are HTML-escaped and have their
Markdown punctuation backslash-escaped (``escape``); values of the theme's own fields (front
matter titles and descriptions) are HTML-escaped for the theme, which prints them as they are
(``front_matter``). A passage quoted in another language than the page's is wrapped in an
element carrying its ``lang`` (``in_lang``, ``block(..., lang=)``), so that browsers, screen
readers and search engines read it in its own language.
"""

from __future__ import annotations

import html
import re

from markupsafe import Markup

# the characters Python-Markdown (with the tables extension) unescapes after a backslash; any
# other character keeps a backslash put before it, so only these are escaped that way
_MARKDOWN = re.compile(r"([\\`*_{}\[\]()#+\-.!|])")
# control characters: Python-Markdown uses STX/ETX to mark its placeholders, browsers read the
# C1 ones as Windows-1252 letters, and none of them is text a reader could see
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def escape(value) -> str:
    """A value as literal text in a line of Markdown."""
    if isinstance(value, Markup):
        return str(value)
    if value is None:
        return ""
    text = _CONTROL.sub(" ", " ".join(str(value).splitlines()))
    text = _MARKDOWN.sub(r"\\\1", html.escape(text, quote=True))
    # brackets as entities: a backslash does not stop `[\]: x` from reading as a link reference
    text = text.replace("\\[", "&#91;").replace("\\]", "&#93;")
    if text[:1] and not (text[0].isalnum() or text[0] in "\\&"):
        # a value at the start of a line must not open a block (`??? note`, `=== "tab"`,
        # `: definition`, an indented code block): its first character becomes an entity
        text = f"&#{ord(text[0])};{text[1:]}"
    return text


def bcp47(lang: str | None) -> str:
    """A language code as an HTML ``lang`` value (``pt_BR`` → ``pt-BR``); empty if none."""
    code = (lang or "").replace("_", "-")
    return code if re.fullmatch(r"[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*", code) else ""


def in_lang(value, lang: str | None, page_lang: str | None = None) -> Markup:
    """A short value (escaped as ``escape`` does) in an inline element marked with its language,
    unless it is the page's own language."""
    text = escape(value)
    code = bcp47(lang)
    if not text or not code or code == bcp47(page_lang):
        return Markup(text)
    return Markup(f'<span lang="{code}">{text}</span>')


def html_in_lang(value, lang: str | None, page_lang: str | None = None) -> Markup:
    """A short value as HTML text (for raw HTML blocks), marked with its language like
    ``in_lang``."""
    text = html.escape(_CONTROL.sub(" ", str(value or "")), quote=True)
    code = bcp47(lang)
    if not text or not code or code == bcp47(page_lang):
        return Markup(text)
    return Markup(f'<span lang="{code}">{text}</span>')


def block(text: str | None, css: str = "cb-body", lang: str | None = None) -> Markup:
    """Running text as HTML paragraphs, inside a block Markdown does not touch (marked with the
    text's language when one is given)."""
    paragraphs = [p for p in _CONTROL.sub(" ", text or "").splitlines() if p.strip()]
    inner = "".join(f"<p>{html.escape(p, quote=False)}</p>" for p in paragraphs)
    code = bcp47(lang)
    marked = f' lang="{code}"' if code else ""
    return Markup(f'<div class="{css}"{marked} markdown="0">{inner}</div>')


def attr(value) -> str:
    """A value inside an HTML attribute."""
    return html.escape(_CONTROL.sub(" ", str(value or "")), quote=True)


def front_matter(**values) -> Markup:
    """A page's front matter (``title``, ``description``...): the theme prints these values into
    the page without escaping them, so each is HTML-escaped here, then written as a YAML string
    (a mapping, such as the language of each heading, as a YAML flow mapping)."""
    import json

    def safe(value):
        if isinstance(value, dict):
            return {attr(k): safe(v) for k, v in value.items()}
        return attr(value)

    lines = [f"{key}: {json.dumps(safe(value), ensure_ascii=False)}"
             for key, value in values.items() if value not in (None, {})]
    return Markup("---\n" + "\n".join(lines) + "\n---\n") if lines else Markup("")
