"""The lookup commands: rulebooks, rule sections, sections, cards, glossary terms, export.

Each is a thin wrapper over one function of ``cardbase.search`` (or ``cardbase.export``), its
answer printed by ``cardbase.render`` or, with ``--json``, as JSON.
"""

from __future__ import annotations


import click

from .. import render
from ..clitext import command, option
from ..i18n import N_, _
from .common import _connect, _fail, _use_language, db_option, guarded, json_option, path_type


@command(help=N_("List the ingested rulebooks: id, game, language, edition, sections and "
                 "quality."))
@db_option
@json_option
@guarded
def rulebooks(db_path, as_json):
    from ..search.rules import list_rulebooks

    _use_language(None)
    rows = list_rulebooks(_connect(db_path))
    if as_json:
        return render.json_output(rows)
    render.rulebooks(rows)


@command(help=N_("Find the rule sections that answer QUERY, in any language."))
@click.argument("query")
@option("--lang", help=N_("Only rulebooks in this language (es, de, ja, vi...)."))
@option("--game", help=N_("Only rulebooks of this game."))
@option("--all-languages", is_flag=True,
        help=N_("Show the topics found in every rulebook and language that has them."))
@option("--limit", type=click.IntRange(1, 100), default=10, show_default=True)
@db_option
@json_option
@guarded
def rule(query, lang, game, all_languages, limit, db_path, as_json):
    from ..search.rules import find_rules

    _use_language(lang)
    found = find_rules(_connect(db_path), query, lang=lang, game=game,
                       all_languages=all_languages, limit=limit)
    if as_json:
        return render.json_output(found)
    if not render.rule_hits(found, all_languages):
        shown = query if len(query) <= 60 else query[:60] + "…"
        _fail(_("nothing found for {query!r}", query=shown), 1)


@command(help=N_("Show one section, REF = rulebook/section (see `cardbase sections "
                 "RULEBOOK`)."))
@click.argument("ref")
@option("--raw", is_flag=True, help=N_("Print the raw source text the section comes from."))
@option("--lang", help=N_("Also show a community translation into this language."))
@db_option
@json_option
@guarded
def section(ref, raw, lang, db_path, as_json):
    from ..search.rules import get_section

    _use_language(lang)
    data = get_section(_connect(db_path), ref)
    if as_json:
        if raw:
            data = {k: data[k] for k in ("ref", "rulebook", "raw_span", "raw")}
        return render.json_output(data)
    render.section(data, raw=raw, lang=lang)


@command(help=N_("List the sections of RULEBOOK in reading order."))
@click.argument("rulebook")
@db_option
@json_option
@guarded
def sections(rulebook, db_path, as_json):
    from ..search.rules import list_sections

    _use_language(None)
    rows = list_sections(_connect(db_path), rulebook)
    if as_json:
        return render.json_output(rows)
    render.sections(rows)


@command(help=N_("Show the card NAME (any language, any case; a typo finds the nearest "
                 "card)."))
@click.argument("name")
@option("--game", help=N_("Only cards of this game."))
@db_option
@json_option
@guarded
def card(name, game, db_path, as_json):
    from ..search.cards import find_card

    _use_language(None)
    found = find_card(_connect(db_path), name, game)
    if as_json:
        return render.json_output(found)
    render.card(found)


@command(help=N_("List the cards, filtered by game, type and language."))
@option("--game", help=N_("Only cards of this game."))
@option("--type", "card_type", help=N_("Only cards of this type (monster, curse, item...)."))
@option("--lang", help=N_("Show names in this language where the card has one."))
@db_option
@json_option
@guarded
def cards(game, card_type, lang, db_path, as_json):
    from ..search.cards import list_cards

    _use_language(lang)
    rows = list_cards(_connect(db_path), game, card_type, lang)
    if as_json:
        return render.json_output(rows)
    render.cards(rows, lang)


@command(help=N_("Show the glossary term WORD in every language, with the sections that "
                 "define it."))
@click.argument("word")
@db_option
@json_option
@guarded
def term(word, db_path, as_json):
    from ..search.cards import find_term

    _use_language(None)
    found = find_term(_connect(db_path), word)
    if as_json:
        return render.json_output(found)
    render.term(found)


@command(help=N_("Export the database's contents (rulebooks, topics, sections) for other "
                 "tools."))
@option("--format", "fmt", type=click.Choice(["json", "jsonl"]), default="json",
        show_default=True, help=N_("json: one document; jsonl: one section per line."))
@option("--out", type=path_type(dir_okay=False), default=None,
        help=N_("Write to this file instead of standard output."))
@db_option
@guarded
def export(fmt, out, db_path):
    from ..export import export_text, write_export

    if out is None:
        return render.document(export_text(_connect(db_path), fmt))
    render.wrote(write_export(_connect(db_path), out, fmt))

