"""What the rules checker enforces, shown on the rulebook pages.

``cardbase rules coverage`` (``rules.coverage``) sorts every sentence of a rulebook's rule
sections: encoded by a rule of the checker, decided by one only in part (``partial``, naming the
fact it lacks), not executable (with a reason), or unaccounted. On a rulebook page, each sentence
a rule cites (encoded or partial) is marked, discreetly, with a link to each rule that encodes
it (the game's rules page, at the rule's anchor) and one to the "Can I play this?" page filled in
with a situation that rule decides, taken from the game's decision table; the page opens with a
summary of the rulebook's coverage. ``sentence_marks`` gathers what does not depend on the
language (once per build); ``mark_sections`` and ``summary`` say it in the page's language.
"""

from __future__ import annotations

import html
from urllib.parse import quote, urlencode

from markupsafe import Markup

from ..i18n import _
from ..words import COVERAGE_REASONS
from . import markup

#: the reasons a sentence is not executable (rules-coverage spec), in words
REASON_WORDS = COVERAGE_REASONS


def _flat(prefix: str, value, out: list[tuple[str, str]]) -> None:
    """A query value as the check page's fields: nested keys joined by dots, booleans as
    ``true``/``false``, lists joined by commas."""
    if isinstance(value, dict):
        for key, inner in value.items():
            _flat(f"{prefix}.{key}", inner, out)
    elif isinstance(value, bool):
        out.append((prefix, "true" if value else "false"))
    elif isinstance(value, (list, tuple)):
        out.append((prefix, ",".join(str(v) for v in value)))
    elif value is not None:
        out.append((prefix, str(value)))


def check_query(game: str, rulebook: str, state: dict, action: dict) -> str:
    """The query string of the "Can I play this?" page for one situation."""
    fields = [("game", game), ("rulebook", rulebook)]
    _flat("state", state, fields)
    _flat("action", action, fields)
    return urlencode(fields, quote_via=quote, safe=",")


def _plainness(row: dict) -> tuple:
    """Sort key: situations the check page's form can express first (every field one of its
    fields, one value each), then those with fewer and flatter fields (the easiest to read)."""
    from ..rules.diagram import FORM_KEYS

    fields: list[tuple[str, str]] = []
    _flat("state", row["state"], fields)
    _flat("action", row["action"], fields)
    offered = set(FORM_KEYS) | {"action.verb"}
    inexpressible = sum(key not in offered or "," in value for key, value in fields)
    nested = sum(key.count(".") > 1 or "," in value for key, value in fields)
    return inexpressible, nested, len(fields)


def decided_situations(tables: dict) -> dict[tuple[str, str], str]:
    """For each (rulebook, rule), the query string of the plainest situation of the decision
    table that the rule decides under that rulebook."""
    best: dict[tuple[str, str], tuple] = {}
    for game, table in tables.items():
        for row in table["rows"]:
            key_of_row = None
            for rulebook, rules in row["rules"].items():
                for rule in rules:
                    key_of_row = key_of_row or _plainness(row)
                    if (rulebook, rule) not in best or key_of_row < best[(rulebook, rule)][0]:
                        best[(rulebook, rule)] = (key_of_row, game, row)
    return {(rulebook, rule): check_query(game, rulebook, row["state"], row["action"])
            for (rulebook, rule), (_key, game, row) in best.items()}


def sentence_marks(coverage: dict, tables: dict) -> dict:
    """What the marks need, language aside: per section, its cited sentences in reading
    order with their rules; per (rulebook, rule), a situation to try (a query string)."""
    sections: dict[str, list[dict]] = {}
    for entry in coverage.values():
        for item in entry["items"]:
            if item["status"] in ("encoded", "partial"):
                sections.setdefault(item["section"], []).append(
                    {"sentence": item["sentence"], "rules": item["rules"]})
    return {"sections": sections, "situations": decided_situations(tables)}


def _named(mark: str, statement: str) -> str:
    """A mark's accessible name: its words, which are alike on every mark, and the rule's
    statement, which tells one from another."""
    return _("{mark}: {statement}", mark=mark, statement=statement)


def _mark(sentence_html: str, rules: list[str], rulebook: str, game: str, shown: dict,
          situations: dict, prefix: str, lang: str) -> str:
    links = []
    linked = [rule for rule in rules if rule in shown]
    for number, rule in enumerate(linked, 1):
        label = _("rule") if len(linked) == 1 else _("rule {n}", n=number)
        statement = _("Rule: {statement}", statement=shown[rule]["says"])
        links.append(f'<a class="cb-mark" data-rule="{markup.attr(rule)}" '
                     f'href="{prefix}rules/{game}/#{shown[rule]["anchor"]}" '
                     f'title="{markup.attr(statement)}" '
                     f'aria-label="{markup.attr(_named("§ " + label, shown[rule]["says"]))}">'
                     f'§ {html.escape(label)}</a>')
    tried = next((r for r in linked if (rulebook, r) in situations), None)
    if tried is not None:
        title = _("Try it on “Can I play this?”: {statement}", statement=shown[tried]["says"])
        links.append(f'<a class="cb-mark cb-mark-try" data-rule="{markup.attr(tried)}" '
                     f'href="{prefix}check/?{markup.attr(situations[(rulebook, tried)])}" '
                     f'title="{markup.attr(title)}" '
                     f'aria-label="{markup.attr(_named(_("try it"), shown[tried]["says"]))}">'
                     f'▶ {html.escape(_("try it"))}</a>')
    if not links:
        return sentence_html
    return (f'<span class="cb-encoded">{sentence_html}</span>'
            f'<span class="cb-marks" lang="{markup.attr(lang)}">{"".join(links)}</span>')


def mark_body(body_html: str, encoded: list[dict], rulebook: str, game: str, shown: dict,
              situations: dict, lang: str, prefix: str = "../../") -> Markup:
    """``body_html`` (a section's text as ``markup.block`` writes it) with its encoded
    sentences marked, the marks' words in ``lang``. A sentence is looked for after the previous
    one, as HTML-escaped text."""
    out, cursor = [], 0
    for item in encoded:
        for escaped in dict.fromkeys((html.escape(item["sentence"], quote=False),
                                      html.escape(item["sentence"], quote=True))):
            at = body_html.find(escaped, cursor)
            if at >= 0:
                out.append(body_html[cursor:at])
                out.append(_mark(escaped, item["rules"], rulebook, game, shown, situations,
                                 prefix, lang))
                cursor = at + len(escaped)
                break
    out.append(body_html[cursor:])
    return Markup("".join(out))


def shown_rules(game: str, books: list[str]) -> dict[str, dict]:
    """The rules the game's rules page shows (those quoting one of its rulebooks): each rule's
    statement in the current language and its anchor there."""
    from ..rules.model import rules_for
    from .ids import anchor

    return {rule.id: {"says": _(rule.statement), "anchor": str(anchor(rule.id))}
            for rule in rules_for(game)
            if any(rule.citations.get(book) for book in books)}


def mark_sections(views: list[dict], refs: list[str], marks: dict, rulebook: str, game: str,
                  books: list[str], lang: str) -> None:
    """Mark the encoded sentences in the ``body_html`` of each section view of a rulebook page
    (``refs``: each view's section ref)."""
    shown = shown_rules(game, books)
    for view, ref in zip(views, refs):
        encoded = marks["sections"].get(ref)
        if encoded:
            view["body_html"] = mark_body(str(view["body_html"]), encoded, rulebook, game,
                                          shown, marks["situations"], lang)


def summary(entry: dict | None) -> dict | None:
    """A rulebook's coverage for its page: counts, the not executable ones by reason, and the
    facts the rules deciding a sentence only in part lack (each once, in the page's language)."""
    if not entry:
        return None
    lacking = sorted({_(lack["fact"]) for item in entry["items"] for lack in item.get("lacks", ())})
    return {"sentences": entry["sentences"], "encoded": entry["encoded"],
            "partial": entry.get("partial", 0), "lacks": lacking,
            "not_executable": entry["not_executable"], "unaccounted": entry["unaccounted"],
            "reasons": [{"reason": _(REASON_WORDS.get(reason, reason)), "n": n}
                        for reason, n in sorted(entry["by_reason"].items(),
                                                key=lambda pair: -pair[1])]}
