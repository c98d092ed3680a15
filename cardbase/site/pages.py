"""What each page of the site shows, gathered from the database, rendered through templates.

``render_site(conn, lang, root)`` writes every generated page of one language under ``root``:
the home page's table, each rulebook whole (damaged passages flagged, the raw text a click away),
each topic side by side across rulebooks (edition differences first), the card index and a page
per card, the glossary, the checker's rules and decision tables, the edition differences and the
translation status. Interface strings go through the gettext catalogs; every database value
through ``markup.escape``.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import jinja2
from markupsafe import Markup

from .. import i18n, paths, words
from ..render import VERDICT_MARKS
from ..rules.engine import Citer
from ..rules.model import VERDICT_WORDS, rules_for
from ..segment.quality import DAMAGED_BELOW
from ..situations import describe_action, describe_state
from ..storage import queries
from . import coverage, markup
from .checkpage import write_check_page
from .ids import anchor, safe_id
from .sitedata import LANGUAGES, TOPIC_KINDS, SiteData, write_page


def environment(lang: str, locales=None) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("cardbase.site", "templates"),
        extensions=["jinja2.ext.i18n"], finalize=markup.escape, autoescape=False,
        keep_trailing_newline=True, undefined=jinja2.StrictUndefined)
    env.install_gettext_translations(i18n._load([lang], locales), newstyle=True)
    env.filters["attr"] = lambda value: Markup(markup.attr(value))
    # a value quoted in another language than the page's: in Markdown, and in raw HTML
    env.filters["lang"] = lambda value, code: markup.in_lang(value, code, lang)
    env.filters["html_lang"] = lambda value, code: markup.html_in_lang(value, code, lang)
    return env


def language_names(lang: str, codes=LANGUAGES, locales=None) -> dict[str, str]:
    """Every language named for a reader of ``lang`` (``languages.LanguageNames``): a code no
    list foresaw, such as a new rulebook's language, is named when it is asked for."""
    from ..languages import LanguageNames

    return LanguageNames(lang, dict.fromkeys([*LANGUAGES, *codes]), locales)


def native_names(codes=LANGUAGES) -> dict[str, str]:
    """Each language named in its own language (日本語, Tiếng Việt, Español), for the language
    menu: a reader looks for their own language's name, not its name in a language they may not
    read."""
    from ..languages import own_name

    return {code: own_name(code) for code in codes}


def _section_view(section: dict, data: SiteData, lang: str, names: dict) -> dict:
    raw = section["raw_text"][section["raw_start"]:section["raw_end"]]
    label = i18n._("Raw text")
    shown = [dict(zip(("label", "title"), words.flag(f["flag"])))
             for f in section["flags"] if f["flag"] != "corrected"]
    translation = data.translations.get((section["id"], lang)) if section["lang"] != lang else None
    foreign = section["lang"] != lang
    return {
        "slug": safe_id(section["slug"]), "heading": section["heading"],
        "lang": section["lang"], "foreign": foreign,
        # attr_list attributes of the section's heading (its language, where not the page's)
        "heading_attrs": Markup(f' lang="{markup.bcp47(section["lang"])}"') if foreign else "",
        "marks": Markup("#" * min(6, section["level"] + 1)),
        "rulebook": safe_id(section["rulebook_id"]), "rulebook_title": section["rulebook_title"],
        "lang_name": names.get(section["lang"], section["lang"]),
        "topic": safe_id(section["topic_id"]) if section["topic_id"] else None,
        # a topic's page exists only for topics with rule text; others are named, not linked
        "topic_linked": section["topic_id"] in data.topic_pages,
        "topic_title": data.topic_title(section["topic_id"], lang) if section["topic_id"] else "",
        "topic_title_lang": data.topic_title_lang(section["topic_id"], lang)
        if section["topic_id"] else lang,
        "topic_title_fuzzy": bool(section["topic_id"])
        and data.topic_title_fuzzy(section["topic_id"], lang),
        "page": section["page"], "quality_pct": f"{section['quality']:.0%}",
        # too damaged to read as rules: said so, and none of its sentences marked as a rule
        "damaged": section["quality"] < DAMAGED_BELOW,
        "flags": section["flags"], "flags_shown": shown,
        "corrected": any(f["flag"] == "corrected" for f in section["flags"]),
        "body_html": markup.block(section["body"], lang=section["lang"] if foreign else None),
        "raw_html": Markup(f'<details class="cb-raw-box" markdown="0"><summary>'
                           f'{markup.attr(label)}</summary>')
        + markup.block(raw, "cb-raw", lang=section["lang"] if foreign else None)
        + Markup("</details>"),
        "translation_html": markup.block(translation["text"], "cb-body cb-community")
        if translation else None,
        "translation_fuzzy": bool(translation and translation["fuzzy"]),
    }


def _stated(value) -> str:
    """An edition's number, or that its rulebook does not state one."""
    return i18n._("not stated") if value is None else str(value)


def render_site(conn: sqlite3.Connection, lang: str, root: Path, intro: str = "",
                locales: Path | None = None, shared: dict | None = None) -> list[str]:
    """Write every generated page of language ``lang`` under ``root``; return their paths.

    The navigation (``nav`` of the mkdocs configuration, titles in ``lang``) is written beside
    the pages as ``root/../nav-<lang>.yml``. ``shared`` is what the pages show that does not
    depend on the language (``shared.compute``), computed here when not given.
    """
    if shared is None:
        from .shared import compute

        shared = compute(conn, locales, (lang,))
    # the interface in the catalogs given, like the content (a translator's new language too)
    catalogs = paths.as_locales(locales) if locales is not None else None
    with i18n.language(lang, catalogs):
        return _render_site(conn, lang, root, intro, locales, shared, catalogs)


def _render_site(conn, lang, root, intro, locales, shared, catalogs=None) -> list[str]:
    from .cards import card_pages

    env = environment(lang, catalogs)
    names = language_names(lang, (lang,), catalogs)
    data = SiteData(conn)
    written: list[str] = []

    def page(template: str, relative: str, **values) -> None:
        write_page(root, relative, env.get_template(template).render(**values))
        written.append(relative)

    rulebooks = [{**r, "id": safe_id(r["id"]), "lang_name": names.get(r["lang"], r["lang"]),
                  "edition": words.edition(r["edition"]),
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
             sections=sections, meta=_heading_langs(sections),
             coverage=coverage.summary(shared["coverage"].get(rulebook["id"])))

    diffs = shared["diffs"]
    statements = {rule.id: rule.statement for game in diffs for rule in rules_for(game)}

    def title(rulebook: str) -> Markup:
        return markup.in_lang(data.rulebook_title(rulebook), data.rulebook_lang(rulebook), lang)

    def says(entry: dict) -> str:
        # the differences are computed once for every language: the statement is worded here
        statement = statements.get(entry.get("rule"))
        return i18n._(statement) if statement else entry["says"]

    # each edition difference is shown on the topics of the sections that state it
    topic_of = {f"{sec['rulebook_id']}/{sec['slug']}": sec["topic_id"] for sec in data.sections}
    citer = Citer(conn)
    notes_by_topic: dict[str, list[str]] = {}
    for diff in diffs.values():
        books = diff["rulebooks"]
        for parameter in diff["parameters"]:
            note = _worded("{parameter}: {value} in {rulebook}, {other_value} in {other}",
                           parameter=words.parameter(parameter["parameter"]),
                           value=_stated(parameter[books[0]]), rulebook=title(books[0]),
                           other_value=_stated(parameter[books[1]]), other=title(books[1]))
            for rulebook in books:
                for quote in parameter["quotes"][rulebook]:
                    topic = topic_of.get(citer.cite(rulebook, quote["quote"])["section"] or "")
                    if topic and note not in notes_by_topic.setdefault(topic, []):
                        notes_by_topic[topic].append(note)
        for rulebook, rules in diff["stated_only_in"].items():
            for entry in rules:
                note = _worded("Stated only in {rulebook}: {rule}", rulebook=title(rulebook),
                               rule=says(entry))
                for quote in entry["quotes"]:
                    topic = topic_of.get(quote["section"] or "")
                    if topic and note not in notes_by_topic.setdefault(topic, []):
                        notes_by_topic[topic].append(note)
    for topic_id in data.topic_order:
        sections = [_section_view(s, data, lang, names) for s in data.sections
                    if s["topic_id"] == topic_id and s["kind"] in TOPIC_KINDS]
        if not sections:
            continue
        notes = notes_by_topic.get(topic_id, [])
        page("topic.md.j2", f"topics/{topic_id}.md", meta=_heading_langs(sections, topic=True),
             topic={"title": data.topic_title(topic_id, lang),
                    "lang": data.topic_title_lang(topic_id, lang),
                    "fuzzy": data.topic_title_fuzzy(topic_id, lang)}, sections=sections,
             differences=notes, editions_label=i18n._("Edition differences"))

    written += card_pages(conn, env, root, lang, names, data)
    _glossary_page(conn, env, root, lang, names, data, written)
    _rules_pages(conn, env, root, lang, names, data, written, shared["tables"])
    _editions_page(env, root, diffs, written, data, lang)
    _status_page(conn, env, root, names, data, written, shared["status"], lang)
    written += write_check_page(conn, root, lang, data.games, data.rulebooks, shared["check"],
                                catalogs)
    _write_nav(root, lang, data, rulebooks, diffs, written)
    return written


def _heading_langs(sections: list[dict], topic: bool = False) -> Markup:
    """The front matter giving the language of each section heading in another language than
    the page's, by heading id: the theme's table of contents marks them with it."""
    langs = {(f"{s['rulebook']}-{s['slug']}" if topic else s["slug"]): markup.bcp47(s["lang"])
             for s in sections if s["foreign"]}
    return markup.front_matter(heading_lang=langs)


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

    def in_lang(text, code) -> str:
        # a title in another language than the site's (a rulebook's, an English fallback)
        return str(markup.html_in_lang(text, code, lang))

    def topic_title(topic_id: str) -> str:
        # a title translated from a source that changed since is marked here too
        mark = NAV_FUZZY_MARK if data.topic_title_fuzzy(topic_id, lang) else ""
        return in_lang(data.topic_title(topic_id, lang),
                       data.topic_title_lang(topic_id, lang)) + mark

    topics = [{topic_title(t): f"topics/{t}.md"} for t in data.topic_order
              if f"topics/{t}.md" in written]
    games = [(g, title(n)) for g, n in data.games.items() if f"rules/{g}.md" in written]
    extra = [p for p in sorted(root.glob("*.md")) if p.name != "index.md"
             and f"{p.name}" not in written]
    nav = [
        {_("Home"): "index.md"},
        {_("Rulebooks"): [{in_lang(r["title"], r["lang"]): f"rulebooks/{r['id']}.md"}
                          for r in rulebooks]},
        {_("Topics"): topics},
        {_("Cards"): "cards/index.md"},
        {_("Glossary"): "glossary.md"},
        {_("Can I play this?"): [{_("Ask about a situation"): "check/index.md"}]
         + [{_("Decision table: {game}", game=data.games[g]): f"decisions/{g}.md"}
            for g, _n in games]},
        {_("Rules"): [{n: f"rules/{g}.md"} for g, n in games]},
        {_("Edition differences"): [{title(data.games[g]): f"editions-{g}.md"}
                                    for g in diffs]},
        {_("Translation status"): "translations.md"},
    ] + [p.name for p in extra]
    (root.parent / f"nav-{lang}.yml").write_text(
        yaml.safe_dump(nav, allow_unicode=True, sort_keys=False), encoding="utf-8")


def _glossary_page(conn, env, root, lang, names, data, written) -> None:
    langs = [{"code": c, "name": names[c]}
             for c in dict.fromkeys([*LANGUAGES, lang, *(r["lang"] for r in data.rulebooks)])]
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
                                   "lang": data.rulebook_lang(d["rulebook_id"]),
                                   "rulebook": safe_id(d["rulebook_id"])} for d in defined]})
    write_page(root, "glossary.md", env.get_template("glossary.md.j2").render(terms=terms, langs=langs))
    written.append("glossary.md")


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
                        "lang": cited["lang"],
                        "rulebook_title": data.rulebook_title(rulebook),
                        "slug": safe_id((cited["section"] or "/").split("/", 1)[1]),
                        "lang_name": names.get(cited["lang"], cited["lang"])})
            if citations:
                rules.append({"id": rule.id, "anchor": anchor(rule.id), "says": i18n._(rule.statement),
                              "citations": citations})
        write_page(root, f"rules/{game}.md", env.get_template("rules.md.j2").render(
            rules=rules, game_name=game_name))
        written.append(f"rules/{game}.md")
        table = tables[game]
        groups: dict[str, dict] = {}
        for row in table["rows"]:
            key = describe_action(row["action"])
            group = groups.setdefault(key, {"title": key, "rows": []})
            cells = []
            for rulebook in books:
                deciding = row["rules"][rulebook]
                verdict = row["by_rulebook"][rulebook]
                cells.append({"verdict": verdict, "word": i18n._(VERDICT_WORDS[verdict]),
                              "mark": VERDICT_MARKS[verdict],
                              "rule": deciding[0] if deciding else None,
                              "anchor": anchor(deciding[0]) if deciding else None})
            group["rows"].append({"situation": describe_state(row["state"]), "cells": cells,
                                  "differs": len(set(row["by_rulebook"].values())) > 1})
        write_page(root, f"decisions/{game}.md", env.get_template("decisions.md.j2").render(
            groups=list(groups.values()), game=safe_id(game),
            rulebooks=[{"id": rb, "title": markup.in_lang(data.rulebook_title(rb),
                                                          data.rulebook_lang(rb), lang)}
                       for rb in books],
            game_name=game_name))
        written.append(f"decisions/{game}.md")


def _editions_page(env, root, diffs, written, data: SiteData, page_lang: str = "en") -> None:
    # the differences are computed once for every language: each statement is worded here
    statements = {rule.id: rule.statement for game in diffs for rule in rules_for(game)}
    for game, diff in diffs.items():
        first, second = diff["rulebooks"]
        parameters = [{"parameter": words.parameter(p["parameter"]),
                       "first_value": _stated(p[first]), "second_value": _stated(p[second]),
                       "sides": [{"rulebook": data.rulebook_title(rb),
                                  "quotes": [q["quote"] for q in p["quotes"][rb]],
                                  "lang": data.rulebook_lang(rb)}
                                 for rb in (first, second)]} for p in diff["parameters"]]
        # each heading is the rulebook's title alone, in its language (a heading's table of
        # contents entry is plain text: it cannot hold two languages)
        # the rules of the other edition that say otherwise, whichever side lists the pair
        contrary: dict[str, set[str]] = {}
        for entry in diff["differences"]:
            for side in entry.get("otherwise", {}).values():
                for rule_id in side["rules"]:
                    contrary.setdefault(entry["rule"], set()).add(rule_id)
                    contrary.setdefault(rule_id, set()).add(entry["rule"])
        only = [{"title": data.rulebook_title(rb), "anchor": safe_id(f"only-{rb}"),
                 "lang": data.rulebook_lang(rb),
                 "otherwise": _worded("{rulebook} says otherwise:", rulebook=markup.in_lang(
                     data.rulebook_title(other), data.rulebook_lang(other), page_lang)),
                 "rules": [{"rule": safe_id(r["rule"]), "anchor": anchor(r["rule"]),
                            "says": i18n._(statements[r["rule"]]) if r["rule"] in statements
                            else r["says"], "quotes": [q["quote"] for q in r["quotes"]],
                            "otherwise": [i18n._(statements[c]) for c in
                                          sorted(contrary.get(r["rule"], ())) if c in statements]}
                           for r in rules]}
                for rb, other in ((first, second), (second, first))
                for rules in [diff["stated_only_in"][rb]] if rules]
        foreign = {str(side["anchor"]): markup.bcp47(side["lang"]) for side in only
                   if side["lang"] and side["lang"] != page_lang}
        write_page(root, f"editions-{game}.md", env.get_template("editions.md.j2").render(
            meta=markup.front_matter(heading_lang=foreign), page_lang=page_lang,
            first=markup.in_lang(data.rulebook_title(first), data.rulebook_lang(first), page_lang),
            second=markup.in_lang(data.rulebook_title(second), data.rulebook_lang(second),
                                  page_lang),
            game=safe_id(game),
            parameters=parameters, only=only,
            differing=diff["differing_cells"], total=diff["table_cells"]))
        written.append(f"editions-{game}.md")


def _worded(message: str, **values) -> Markup:
    """``message`` translated and filled in, escaped for the page, where a value that is already
    marked up (a title marked with its language) is kept as it is."""
    # letters only: escaping leaves them alone wherever they stand, even first in the line
    slots = {key: f"CBSLOT{index}X" for index, key in enumerate(values)}
    text = str(markup.escape(i18n._(message, **slots)))
    for key, slot in slots.items():
        value = values[key]
        text = text.replace(slot, str(value if isinstance(value, Markup) else markup.escape(value)))
    return Markup(text)


def _status_page(conn, env, root, names, data, written, report, lang="en") -> None:
    kinds = {"interface": i18n._("interface"), "content": i18n._("content")}
    interface = [{"name": names.get(r["lang"], r["lang"]), "kind": kinds[r["kind"]],
                  "translated": r["translated"], "fuzzy": r["fuzzy"], "missing": r["missing"]}
                 for r in report["catalogs"]]
    marks = {"published": "✓", "community": i18n._("community"), "none": "—"}
    langs = [{"code": c, "name": names.get(c, c)} for c in report["languages"]]
    topics = [{"title": data.topic_title(t["topic"], lang),
               "lang": data.topic_title_lang(t["topic"], lang),
               "status": {c: marks[t["languages"][c]] for c in report["languages"]}}
              for t in report["topics"]]
    write_page(root, "translations.md", env.get_template("status.md.j2").render(
        interface=interface, topics=topics, langs=langs))
    written.append("translations.md")
