"""What each page of the site shows, gathered from the database, rendered through templates.

``render_site(conn, lang, root)`` writes every generated page of one language under ``root``:
the home page's table, each rulebook whole (damaged passages flagged, the raw text a click away),
each topic side by side across rulebooks (edition differences first), the card index and a page
per card, the glossary, the checker's rules and decision tables, the edition differences and the
translation status. Interface strings go through the gettext catalogs; every database value
through ``markup.escape``.
"""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import jinja2
from markupsafe import Markup

from .. import i18n
from ..rules.engine import Citer
from ..rules.model import VERDICT_WORDS, rules_for
from ..storage import queries
from . import coverage, markup

LANGUAGES = ("en", "es", "de", "ja", "vi")
_SAFE_ID = re.compile(r"^[A-Za-z0-9_./-]*$")


def safe_id(value: str) -> Markup:
    """An id or path made by cardbase (never free text), usable in links and anchors."""
    if not _SAFE_ID.match(value or ""):
        raise ValueError(f"not an id: {value!r}")
    return Markup(value)


def anchor(rule_id: str) -> Markup:
    return safe_id(rule_id.replace(".", "-").replace("_", "-"))


def environment(lang: str) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("cardbase.site", "templates"),
        extensions=["jinja2.ext.i18n"], finalize=markup.escape, autoescape=False,
        keep_trailing_newline=True, undefined=jinja2.StrictUndefined)
    env.install_gettext_translations(i18n._load([lang]), newstyle=True)
    env.filters["attr"] = lambda value: Markup(markup.attr(value))
    return env


def language_names(lang: str, codes=LANGUAGES) -> dict[str, str]:
    from babel import Locale

    names = {}
    for code in dict.fromkeys([*LANGUAGES, *codes]):
        try:
            names[code] = Locale.parse(code).get_display_name(lang.split("_")[0]) or code
        except Exception:  # an unknown display language falls back to the code
            names[code] = code
    return names


class SiteData:
    """Everything the pages need, read once from the database."""

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn
        self.rulebooks = [dict(r) for r in queries.rulebook_rows(conn)]
        self.games = queries.game_names(conn)
        self.sections = [dict(r) for r in queries.sections_with_rulebook(conn)]
        for section in self.sections:
            section["flags"] = json.loads(section["flags"])
        self.topic_titles: dict[str, dict[str, str]] = {}
        for topic_id, lang, title in queries.all_topic_titles(conn):
            self.topic_titles.setdefault(topic_id, {})[lang] = title
        self.topic_order = queries.topic_ids(conn)
        self.translations: dict[tuple[int, str], dict] = {
            (r[0], r[1]): {"text": r[2], "fuzzy": bool(r[3])}
            for r in queries.all_section_translations(conn)}
        #: (lang, context) -> text of the community translations whose source changed since
        self.fuzzy = {(r[0], r[1]): r[2].strip() for r in queries.fuzzy_translations(conn)}

    def topic_title(self, topic_id: str, lang: str) -> str:
        titles = self.topic_titles.get(topic_id, {})
        return titles.get(lang) or titles.get("en") or topic_id

    def is_fuzzy(self, lang: str, context: str, shown: str | list[str]) -> bool:
        """Whether ``shown`` (a title, a card name, a term's words) is a community translation
        into ``lang`` whose source changed since; a published text is never fuzzy."""
        text = self.fuzzy.get((lang, context))
        if text is None:
            return False
        if isinstance(shown, list):
            return [w.strip() for w in text.split(",") if w.strip()] == shown
        return text == (shown or "").strip()

    def topic_title_fuzzy(self, topic_id: str, lang: str) -> bool:
        titles = self.topic_titles.get(topic_id, {})
        return lang in titles and self.is_fuzzy(lang, f"topic:{topic_id}", titles[lang])


def _section_view(section: dict, data: SiteData, lang: str, names: dict) -> dict:
    raw = section["raw_text"][section["raw_start"]:section["raw_end"]]
    label = i18n._("Raw text")
    shown = [f for f in section["flags"] if f["flag"] != "corrected"]
    translation = data.translations.get((section["id"], lang)) if section["lang"] != lang else None
    return {
        "slug": safe_id(section["slug"]), "heading": section["heading"],
        "marks": Markup("#" * min(6, section["level"] + 1)),
        "rulebook": safe_id(section["rulebook_id"]), "rulebook_title": section["rulebook_title"],
        "lang_name": names.get(section["lang"], section["lang"]),
        "topic": safe_id(section["topic_id"]) if section["topic_id"] else None,
        "topic_title": data.topic_title(section["topic_id"], lang) if section["topic_id"] else "",
        "topic_title_fuzzy": bool(section["topic_id"])
        and data.topic_title_fuzzy(section["topic_id"], lang),
        "page": section["page"], "quality_pct": f"{section['quality']:.0%}",
        "flags": section["flags"], "flags_shown": shown,
        "corrected": any(f["flag"] == "corrected" for f in section["flags"]),
        "body_html": markup.block(section["body"]),
        "raw_html": Markup(f'<details class="cb-raw-box" markdown="0"><summary>'
                           f'{markup.attr(label)}</summary>') + markup.block(raw, "cb-raw")
        + Markup("</details>"),
        "translation_html": markup.block(translation["text"], "cb-body cb-community")
        if translation else None,
        "translation_fuzzy": bool(translation and translation["fuzzy"]),
    }


def _source(row) -> str:
    if row["ours"]:
        return i18n._("(ours)")
    if row["origin"] == "card_face":
        return i18n._("{rulebook}, card face", rulebook=row["rulebook_id"])
    return f"{row['rulebook_id']}: “{row['quote']}”"


def _write(root: Path, relative: str, text: str) -> None:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def render_site(conn: sqlite3.Connection, lang: str, root: Path, intro: str = "",
                locales: Path | None = None, shared: dict | None = None) -> list[str]:
    """Write every generated page of language ``lang`` under ``root``; return their paths.

    The navigation (``nav`` of the mkdocs configuration, titles in ``lang``) is written beside
    the pages as ``root/../nav-<lang>.yml``. ``shared`` is what the pages show that does not
    depend on the language (``shared.compute``), computed here when not given.
    """
    if shared is None:
        from .shared import compute

        shared = compute(conn, locales)
    with i18n.language(lang):
        return _render_site(conn, lang, root, intro, locales, shared)


def _render_site(conn, lang, root, intro, locales, shared) -> list[str]:
    env = environment(lang)
    names = language_names(lang, (lang,))
    data = SiteData(conn)
    written: list[str] = []

    def page(template: str, relative: str, **values) -> None:
        _write(root, relative, env.get_template(template).render(**values))
        written.append(relative)

    rulebooks = [{**r, "id": safe_id(r["id"]), "lang_name": names.get(r["lang"], r["lang"]),
                  "quality_pct": f"{r['quality']:.0%}", "sections": r["section_count"]}
                 for r in data.rulebooks]
    page("home.md.j2", "index.md", intro=Markup(intro), rulebooks=rulebooks)
    for rulebook in rulebooks:
        sections = [_section_view(s, data, lang, names) for s in data.sections
                    if s["rulebook_id"] == rulebook["id"]]
        # the sentences the checker encodes are marked, and the page opens with its coverage
        game = rulebook["game_id"]
        coverage.mark_sections(
            sections, [s["ref"] for s in data.sections if s["rulebook_id"] == rulebook["id"]],
            shared["marks"], rulebook["id"],
            game, [r["id"] for r in data.rulebooks if r["game_id"] == game], lang)
        page("rulebook.md.j2", f"rulebooks/{rulebook['id']}.md", rulebook=rulebook,
             sections=sections, coverage=coverage.summary(shared["coverage"].get(rulebook["id"])))

    diffs = shared["diffs"]
    # each edition difference is shown on the topics of the sections that state it
    topic_of = {f"{sec['rulebook_id']}/{sec['slug']}": sec["topic_id"] for sec in data.sections}
    citer = Citer(conn)
    notes_by_topic: dict[str, list[str]] = {}
    for diff in diffs.values():
        books = diff["rulebooks"]
        for parameter in diff["parameters"]:
            note = (f"{parameter['parameter']}: {books[0]} {parameter[books[0]]}, "
                    f"{books[1]} {parameter[books[1]]}")
            for rulebook in books:
                for quote in parameter["quotes"][rulebook]:
                    topic = topic_of.get(citer.cite(rulebook, quote["quote"])["section"] or "")
                    if topic and note not in notes_by_topic.setdefault(topic, []):
                        notes_by_topic[topic].append(note)
        for rulebook, rules in diff["stated_only_in"].items():
            for entry in rules:
                note = i18n._("Stated only in {rulebook}: {rule}", rulebook=rulebook,
                              rule=entry["says"])
                for quote in entry["quotes"]:
                    topic = topic_of.get(quote["section"] or "")
                    if topic and note not in notes_by_topic.setdefault(topic, []):
                        notes_by_topic[topic].append(note)
    for topic_id in data.topic_order:
        sections = [_section_view(s, data, lang, names) for s in data.sections
                    if s["topic_id"] == topic_id and s["kind"] in
                    ("rule", "example", "sidebar", "variant")]
        if not sections:
            continue
        notes = notes_by_topic.get(topic_id, [])
        page("topic.md.j2", f"topics/{topic_id}.md",
             topic={"title": data.topic_title(topic_id, lang),
                    "fuzzy": data.topic_title_fuzzy(topic_id, lang)}, sections=sections,
             differences=notes, editions_label=i18n._("Edition differences"))

    written += _card_pages(conn, env, root, lang, names, data)
    _glossary_page(conn, env, root, lang, names, data, written)
    _rules_pages(conn, env, root, lang, names, data, written, shared["tables"])
    _editions_page(env, root, diffs, written)
    _status_page(conn, env, root, names, data, written, shared["status"])
    _write_nav(root, lang, data, rulebooks, diffs, written)
    return written


#: put after a navigation title whose community translation may be out of date (the navigation
#: is plain text: no flag element can stand there)
NAV_FUZZY_MARK = " ⚠"


def _write_nav(root: Path, lang: str, data: SiteData, rulebooks: list[dict], diffs: dict,
               written: list[str]) -> None:
    import html

    import yaml

    # The theme prints navigation titles (and so page titles) as HTML without escaping them:
    # every title, from the data or a translation alike, is escaped here.
    def title(text) -> str:
        return html.escape(str(text), quote=False)

    def _(message: str, **values) -> str:
        return title(i18n._(message, **values))

    def topic_title(topic_id: str) -> str:
        # a title translated from a source that changed since is marked here too
        mark = NAV_FUZZY_MARK if data.topic_title_fuzzy(topic_id, lang) else ""
        return title(data.topic_title(topic_id, lang)) + mark

    topics = [{topic_title(t): f"topics/{t}.md"} for t in data.topic_order
              if f"topics/{t}.md" in written]
    games = [(g, title(n)) for g, n in data.games.items() if f"rules/{g}.md" in written]
    extra = [p for p in sorted(root.glob("*.md")) if p.name != "index.md"
             and f"{p.name}" not in written]
    nav = [
        {_("Home"): "index.md"},
        {_("Rulebooks"): [{title(r["title"]): f"rulebooks/{r['id']}.md"} for r in rulebooks]},
        {_("Topics"): topics},
        {_("Cards"): "cards/index.md"},
        {_("Glossary"): "glossary.md"},
        {_("Can I play this?"): [{n: f"decisions/{g}.md"} for g, n in games]},
        {_("Rules"): [{n: f"rules/{g}.md"} for g, n in games]},
        {_("Edition differences"): [{title(data.games[g]): f"editions-{g}.md"}
                                    for g in diffs]},
        {_("Translation status"): "translations.md"},
    ] + [p.name for p in extra]
    (root.parent / f"nav-{lang}.yml").write_text(
        yaml.safe_dump(nav, allow_unicode=True, sort_keys=False), encoding="utf-8")


def _card_pages(conn, env, root: Path, lang: str, names: dict, data: SiteData) -> list[str]:
    written = []
    cards = []
    named_by: dict[str, list[str]] = {}  # card -> the cards that name it as their counterpart
    for card_id, other in queries.counterpart_pairs(conn):
        named_by.setdefault(other, []).append(card_id)
    for card in queries.card_rows(conn):
        card_names = queries.card_name_sources(conn, card["id"])
        shown = {}
        for row in card_names:
            if row["kind"] == "name":
                shown.setdefault(row["lang"], row["name"])
        display = shown.get(lang) or shown.get("en") or next(iter(shown.values()), card["id"])
        context = f"card:{card['id']}:name"
        fuzzy = lang in shown and data.is_fuzzy(lang, context, shown[lang])
        cards.append({"id": safe_id(card["id"]), "name": display, "fuzzy": fuzzy,
                      "type": card["type"],
                      "game": card["game_id"], "game_name": data.games.get(card["game_id"]),
                      "langs": sorted(shown), "all_names": " · ".join(
                          f"{n} ({l})" for l, n in sorted(shown.items()))})
        facts = queries.card_fact_rows(conn, card["id"])
        counterparts = json.loads(card["counterparts"]) + named_by.get(card["id"], [])
        mentions = queries.card_mentions(conn, card["id"])
        view = {
            "name": display, "fuzzy": fuzzy, "type": card["type"],
            "game_name": data.games.get(card["game_id"]),
            "names": [{"lang_name": names.get(r["lang"], r["lang"]),
                       "name": r["name"] + (i18n._(" (alias)") if r["kind"] == "alias" else ""),
                       "fuzzy": r["kind"] == "name" and data.is_fuzzy(r["lang"], context,
                                                                      r["name"]),
                       "source": _source(r)} for r in card_names],
            "stats": [{"field": f["field"], "value": ", ".join(map(str, v)) if isinstance(
                v := json.loads(f["value"]), list) else v, "source": _source(f)}
                      for f in facts if f["field"] != "text"],
            "texts": [{"lang_name": names.get(f["lang"], f["lang"]),
                       "html": markup.block(json.loads(f["value"]))}
                      for f in facts if f["field"] == "text"],
            "counterparts": [{"id": safe_id(c), "name": c} for c in dict.fromkeys(counterparts)
                             if c != card["id"]],
            "mentions": [{"slug": safe_id(m["ref"].split("/", 1)[1]), "heading": m["heading"],
                          "rulebook": safe_id(m["rulebook"]),
                          "lang_name": names.get(m["lang"], m["lang"])} for m in mentions],
        }
        relative = f"cards/{card['id']}/index.md"
        _write(root, relative, env.get_template("card.md.j2").render(card=view))
        written.append(relative)
    types = sorted({c["type"] for c in cards})
    games = [{"id": g, "name": n} for g, n in data.games.items()]
    langs = [{"code": c, "name": names[c]} for c in dict.fromkeys([*LANGUAGES, lang])]
    _write(root, "cards/index.md", env.get_template("cards.md.j2").render(
        cards=cards, types=types, games=games, langs=langs))
    written.append("cards/index.md")
    return written


def _glossary_page(conn, env, root, lang, names, data, written) -> None:
    langs = [{"code": c, "name": names[c]} for c in dict.fromkeys([*LANGUAGES, lang])]
    terms = []
    for term in queries.term_rows(conn):
        words: dict[str, list[str]] = {}
        plain: dict[str, list[str]] = {}
        for row in queries.term_words(conn, term["id"]):
            words.setdefault(row["lang"], []).append(row["word"] + ("*" if row["ours"] else ""))
            plain.setdefault(row["lang"], []).append(row["word"])
        defined = queries.term_definition_sections(conn, term["id"])
        terms.append({"words": {k: ", ".join(v) for k, v in words.items()},
                      "fuzzy": {k for k, v in plain.items()
                                if data.is_fuzzy(k, f"term:{term['id']}", v)},
                      "defined": [{"slug": safe_id(d["slug"]), "heading": d["heading"],
                                   "rulebook": safe_id(d["rulebook_id"])} for d in defined]})
    _write(root, "glossary.md", env.get_template("glossary.md.j2").render(terms=terms, langs=langs))
    written.append("glossary.md")


def _situation_words(state: dict) -> str:
    parts = [state.get("phase", "")]
    parts.append(i18n._("my turn") if state.get("my_turn") else i18n._("someone else's turn"))
    if state.get("role"):
        parts.append(state["role"])
    return " · ".join(p for p in parts if p)


def _rules_pages(conn, env, root, lang, names, data, written, tables) -> None:
    citer = Citer(conn)
    for game, game_name in data.games.items():
        books = [r["id"] for r in data.rulebooks if r["game_id"] == game]
        if not books:
            continue
        rules = []
        for rule in sorted(rules_for(game), key=lambda r: r.id):
            citations = []
            for rulebook in books:
                for quote in rule.citations.get(rulebook, ()):
                    cited = citer.cite(rulebook, quote)
                    citations.append({
                        "quote": quote, "rulebook": safe_id(rulebook), "heading": cited["heading"],
                        "slug": safe_id((cited["section"] or "/").split("/", 1)[1]),
                        "lang_name": names.get(cited["lang"], cited["lang"])})
            if citations:
                rules.append({"id": rule.id, "anchor": anchor(rule.id), "says": i18n._(rule.statement),
                              "citations": citations})
        _write(root, f"rules/{game}.md", env.get_template("rules.md.j2").render(
            rules=rules, game_name=game_name))
        written.append(f"rules/{game}.md")
        table = tables[game]
        groups: dict[str, dict] = {}
        for row in table["rows"]:
            action = row["action"]
            key = " ".join(filter(None, [action.get("verb"), action.get("card_type"),
                                         action.get("from")]))
            group = groups.setdefault(key, {"title": key, "rows": []})
            cells = []
            for rulebook in books:
                deciding = row["rules"][rulebook]
                verdict = row["by_rulebook"][rulebook]
                cells.append({"verdict": verdict, "word": i18n._(VERDICT_WORDS[verdict]),
                              "rule": deciding[0] if deciding else None,
                              "anchor": anchor(deciding[0]) if deciding else None})
            group["rows"].append({"situation": _situation_words(row["state"]), "cells": cells,
                                  "differs": len(set(row["by_rulebook"].values())) > 1})
        _write(root, f"decisions/{game}.md", env.get_template("decisions.md.j2").render(
            groups=list(groups.values()), rulebooks=books, game=safe_id(game),
            game_name=game_name))
        written.append(f"decisions/{game}.md")


def _editions_page(env, root, diffs, written) -> None:
    for game, diff in diffs.items():
        first, second = diff["rulebooks"]
        parameters = [{"parameter": p["parameter"], "first_value": p[first],
                       "second_value": p[second],
                       "sides": [{"rulebook": rb, "quotes": [q["quote"] for q in p["quotes"][rb]]}
                                 for rb in (first, second)]} for p in diff["parameters"]]
        only = [{"rulebook": rb, "rules": [{"rule": r["rule"], "says": r["says"],
                                            "quotes": [q["quote"] for q in r["quotes"]]}
                                           for r in rules]}
                for rb, rules in diff["stated_only_in"].items() if rules]
        _write(root, f"editions-{game}.md", env.get_template("editions.md.j2").render(
            first=first, second=second, parameters=parameters, only=only,
            differing=diff["differing_cells"], total=diff["table_cells"]))
        written.append(f"editions-{game}.md")


def _status_page(conn, env, root, names, data, written, report) -> None:
    kinds = {"interface": i18n._("interface"), "content": i18n._("content")}
    interface = [{"name": names.get(r["lang"], r["lang"]), "kind": kinds[r["kind"]],
                  "translated": r["translated"], "fuzzy": r["fuzzy"], "missing": r["missing"]}
                 for r in report["catalogs"]]
    marks = {"published": "✓", "community": i18n._("community"), "none": "—"}
    langs = [{"code": c, "name": names.get(c, c)} for c in report["languages"]]
    topics = [{"title": data.topic_title(t["topic"], "en"),
               "status": {c: marks[t["languages"][c]] for c in report["languages"]}}
              for t in report["topics"]]
    _write(root, "translations.md", env.get_template("status.md.j2").render(
        interface=interface, topics=topics, langs=langs))
    written.append("translations.md")
