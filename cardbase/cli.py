"""The ``cardbase`` command line: commands only, each a thin layer over one library function.

Every command parses its options, opens what it needs, calls one library function and hands the
result to ``cardbase.render`` to print as text or, with ``--json``, as JSON on standard output
(diagnostics go to standard error). Errors the library raises on purpose are printed as one clear
message with their exit status; nothing else escapes as a traceback. Heavy modules (the ingestion
pipeline, sqlite-utils, wordfreq) are imported only by the commands that need them, so lookups
start fast.
"""

from __future__ import annotations

import functools
import os
import sqlite3
import sys
from pathlib import Path

import click

from . import __version__, render
from .errors import CardbaseError
from .i18n import _, environment_language, set_language


def _fail(message: str, code: int) -> None:
    click.echo(message, err=True)
    sys.exit(code)


def guarded(command):
    """Turn the library's errors into a message and an exit status."""

    @functools.wraps(command)
    def wrapper(*args, **kwargs):
        try:
            return command(*args, **kwargs)
        except CardbaseError as exc:
            _fail(_("error: {message}", message=str(exc)), exc.exit_code)
        except sqlite3.Error as exc:
            _fail(_("error: the database could not be read ({error}); rebuild it with "
                    "`cardbase build`", error=exc), 1)
        except BrokenPipeError:
            # the reader went away (``cardbase rule x | head``): stop quietly
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            sys.exit(0)
        except OSError as exc:
            _fail(_("error: {message}", message=str(exc)), 1)

    return wrapper


def db_option(command):
    return click.option("--db", "db_path", type=click.Path(dir_okay=False, path_type=Path),
                        envvar="CARDBASE_DB", default=None, show_envvar=True,
                        help=_("The database file (default: cardbase.db)."))(command)


def json_option(command):
    return click.option("--json", "as_json", is_flag=True,
                        help=_("Print the result as JSON."))(command)


def _connect(db_path):
    from .storage.database import connect

    return connect(db_path)


def _use_language(lang: str | None) -> None:
    set_language(lang)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cardbase")
def main():
    """cardbase: a multilingual rules reference for the Munchkin family of card games."""


def _locales_option(command):
    return click.option("--locales", "locales_dir",
                        type=click.Path(file_okay=False, path_type=Path), default=None,
                        envvar="CARDBASE_LOCALES", show_envvar=True,
                        help=_("The catalogs folder (default: the project's locales/, then the "
                               "catalogs cardbase ships)."))(command)


def _locales(locales_dir):
    from .paths import locales

    return locales(locales_dir)


def _data_option(command):
    return click.option("--data", "data_dir", type=click.Path(file_okay=False, path_type=Path),
                        envvar="CARDBASE_DATA", show_envvar=True, default=None,
                        help=_("The data folder to build from (default: ./data)."))(command)


@main.command()
@_data_option
@db_option
@_locales_option
@click.option("--quiet", "-q", is_flag=True, help=_("Print nothing but errors."))
@guarded
def build(data_dir: Path | None, db_path: Path | None, locales_dir: Path | None, quiet: bool):
    """Build the database from the data folder (atomically: a failed build changes nothing)."""
    from . import paths
    from .ingest import build_database

    data_dir = paths.data_dir(data_dir)
    target = paths.database(db_path)
    locales = paths.locales(locales_dir) if locales_dir else None

    def progress(rulebook_id: str) -> None:
        if not quiet:
            render.build_progress(rulebook_id)

    corpus = build_database(data_dir, target, progress, locales=locales)
    if not quiet:
        render.built(target, corpus)


@main.command()
@db_option
@json_option
@guarded
def rulebooks(db_path, as_json):
    """List the ingested rulebooks: id, game, language, edition, sections and quality."""
    from .search.rules import list_rulebooks

    _use_language(None)
    rows = list_rulebooks(_connect(db_path))
    if as_json:
        return render.json_output(rows)
    render.rulebooks(rows)


@main.command()
@click.argument("query")
@click.option("--lang", help=_("Only rulebooks in this language (es, de, ja, vi...)."))
@click.option("--game", help=_("Only rulebooks of this game."))
@click.option("--all-languages", is_flag=True,
              help=_("Show the topics found in every rulebook and language that has them."))
@click.option("--limit", type=click.IntRange(1, 100), default=10, show_default=True)
@db_option
@json_option
@guarded
def rule(query, lang, game, all_languages, limit, db_path, as_json):
    """Find the rule sections that answer QUERY, in any language."""
    from .search.rules import find_rules

    _use_language(lang)
    found = find_rules(_connect(db_path), query, lang=lang, game=game,
                       all_languages=all_languages, limit=limit)
    if as_json:
        return render.json_output(found)
    if not render.rule_hits(found, all_languages):
        _fail(_("nothing found for {query!r}", query=query), 1)


@main.command()
@click.argument("ref")
@click.option("--raw", is_flag=True, help=_("Print the raw source text the section comes from."))
@click.option("--lang", help=_("Also show a community translation into this language."))
@db_option
@json_option
@guarded
def section(ref, raw, lang, db_path, as_json):
    """Show one section, REF = rulebook/section (see `cardbase sections RULEBOOK`)."""
    from .search.rules import get_section

    _use_language(lang)
    data = get_section(_connect(db_path), ref)
    if as_json:
        if raw:
            data = {k: data[k] for k in ("ref", "rulebook", "raw_span", "raw")}
        return render.json_output(data)
    render.section(data, raw=raw, lang=lang)


@main.command()
@click.argument("rulebook")
@db_option
@json_option
@guarded
def sections(rulebook, db_path, as_json):
    """List the sections of RULEBOOK in reading order."""
    from .search.rules import list_sections

    _use_language(None)
    rows = list_sections(_connect(db_path), rulebook)
    if as_json:
        return render.json_output(rows)
    render.sections(rows)


@main.command()
@click.argument("name")
@click.option("--game", help=_("Only cards of this game."))
@db_option
@json_option
@guarded
def card(name, game, db_path, as_json):
    """Show the card NAME (any language, any case; a typo finds the nearest card)."""
    from .search.cards import find_card

    _use_language(None)
    found = find_card(_connect(db_path), name, game)
    if as_json:
        return render.json_output(found)
    render.card(found)


@main.command()
@click.option("--game", help=_("Only cards of this game."))
@click.option("--type", "card_type", help=_("Only cards of this type (monster, curse, item...)."))
@click.option("--lang", help=_("Show names in this language where the card has one."))
@db_option
@json_option
@guarded
def cards(game, card_type, lang, db_path, as_json):
    """List the cards, filtered by game, type and language."""
    from .search.cards import list_cards

    _use_language(lang)
    rows = list_cards(_connect(db_path), game, card_type, lang)
    if as_json:
        return render.json_output(rows)
    render.cards(rows, lang)


@main.command()
@click.argument("word")
@db_option
@json_option
@guarded
def term(word, db_path, as_json):
    """Show the glossary term WORD in every language, with the sections that define it."""
    from .search.cards import find_term

    _use_language(None)
    found = find_term(_connect(db_path), word)
    if as_json:
        return render.json_output(found)
    render.term(found)


def _print_vocabulary(ctx, _param, value):
    if not value or ctx.resilient_parsing:
        return
    from .rules.query import vocabulary_markdown

    render.document(vocabulary_markdown())
    ctx.exit(0)


@main.command()
@click.argument("query_file", metavar="QUERY", type=click.File("r", encoding="utf-8"))
@click.option("--lang", help=_("Explanations and quotes in this language where possible."))
@click.option("--help-vocabulary", is_flag=True, expose_value=False, is_eager=True,
              callback=_print_vocabulary,
              help=_("List every key and value a query may use, and exit."))
@db_option
@json_option
@guarded
def check(query_file, lang, db_path, as_json):
    """Answer "can I do this now?" for the query in QUERY (JSON or YAML; - for standard input)."""
    from .rules.checker import check as run_check, read_query

    _use_language(lang)
    data = read_query(query_file.read(), getattr(query_file, "name", "query"))
    result = run_check(_connect(db_path), data, lang or environment_language())
    if as_json:
        return render.json_output(result)
    render.answer(result)


@main.command("can-play")
@click.argument("what")
@click.option("--game", help=_("The game (default: the game of --rulebook, else the game of the "
                               "card WHAT names, else the database's only game)."))
@click.option("--rulebook", help=_("Ask one rulebook only."))
@click.option("--verb", default="play", show_default=True,
              help=_("The action: play, use, discard, sell, trade, equip..."))
@click.option("--phase", help=_("The phase of the turn (setup, start_of_turn, combat...)."))
@click.option("--my-turn/--not-my-turn", default=None, help=_("Whose turn it is."))
@click.option("--role", type=click.Choice(["fighter", "helper", "bystander"]))
@click.option("--level", type=int)
@click.option("--race", multiple=True, help=_("A race (any language); repeat for two."))
@click.option("--class", "classes", multiple=True, help=_("A class (any language)."))
@click.option("--from", "source", type=click.Choice(["hand", "in_play", "drawn_face_up",
                                                     "drawn_face_down", "just_acquired"]))
@click.option("--target", help=_("self, other_player, monster, combat..."))
@click.option("--lang", help=_("Explanations and quotes in this language where possible."))
@db_option
@json_option
@guarded
def can_play(what, game, rulebook, verb, phase, my_turn, role, level, race, classes, source,
             target, lang, db_path, as_json):
    """Can I play WHAT (a card kind such as curse or half-breed, or a card's name) now?"""
    from .rules.checker import can_play as run_can_play

    _use_language(lang)
    state = {k: v for k, v in {"phase": phase, "my_turn": my_turn, "role": role,
                               "level": level}.items() if v is not None}
    if race:
        state["race"] = list(race) if len(race) > 1 else race[0]
    if classes:
        state["class"] = list(classes) if len(classes) > 1 else classes[0]
    action = {k: v for k, v in {"from": source, "target": target}.items() if v}
    result = run_can_play(_connect(db_path), what, game=game, rulebook=rulebook, verb=verb,
                          state=state, action=action, lang=lang or environment_language())
    if as_json:
        return render.json_output(result)
    render.answer(result)


@main.command()
@click.option("--rulebook", help=_("The rulebook to fight under (default: the database's only "
                                   "rulebook that resolves combat)."))
@click.option("--level", type=int, default=1, show_default=True, help=_("Your level."))
@click.option("--bonus", type=int, default=0, help=_("Your bonuses from items in play."))
@click.option("--class", "classes", multiple=True)
@click.option("--race", multiple=True)
@click.option("--berserk", type=int, default=0, help=_("Cards a Warrior discards to go berserk."))
@click.option("--one-shot", "one_shots", multiple=True,
              help=_("A one-shot item used for you: a bonus (5) or a card name."))
@click.option("--helper-level", type=int)
@click.option("--helper-bonus", type=int, default=0)
@click.option("--helper-class", multiple=True)
@click.option("--helper-race", multiple=True)
@click.option("--monster", "monsters", multiple=True,
              help=_("A monster: its card name (any language) or its level."))
@click.option("--enhancer", "enhancers", multiple=True,
              help=_("An enhancer on the first monster: a bonus (+5) or a card name."))
@click.option("--against", "against", multiple=True,
              help=_("A one-shot item used for the monsters: a bonus or a card name."))
@click.option("--lang", help=_("Explanations and quotes in this language where possible."))
@db_option
@json_option
@guarded
def combat(rulebook, level, bonus, classes, race, berserk, one_shots, helper_level, helper_bonus,
           helper_class, helper_race, monsters, enhancers, against, lang, db_path, as_json):
    """Who wins this fight? Every modifier explained, with the rules that apply."""
    from .rules.fight import fight

    _use_language(lang)
    result = fight(_connect(db_path), rulebook, level=level, bonus=bonus, classes=classes,
                   races=race, berserk=berserk, one_shots=one_shots, helper_level=helper_level,
                   helper_bonus=helper_bonus, helper_classes=helper_class,
                   helper_races=helper_race, monsters=monsters, enhancers=enhancers,
                   against=against, lang=lang)
    if as_json:
        return render.json_output(result)
    render.fight(result)


@main.command()
@click.argument("first")
@click.argument("second")
@click.option("--lang", help=_("Rule statements in this language."))
@db_option
@json_option
@guarded
def diff(first, second, lang, db_path, as_json):
    """List where two rulebooks of one game disagree, quoted from both."""
    from .rules.editions import differences

    _use_language(lang)
    result = differences(_connect(db_path), first, second)
    if as_json:
        return render.json_output(result)
    render.differences(result)


@main.command()
@click.argument("game")
@db_option
@json_option
@guarded
def table(game, db_path, as_json):
    """Answer every combination of situation and action for GAME (a whole decision table)."""
    from .rules.checker import game_table

    result = game_table(_connect(db_path), game)
    if as_json:
        return render.json_output(result)
    render.decision_table(result)


@main.group("rules")
def rules_group():
    """The rules checker's own accounts: what of each rulebook it encodes."""


@rules_group.command("coverage")
@click.option("--rulebook", help=_("One rulebook only."))
@click.option("--unaccounted", is_flag=True,
              help=_("Also list the sentences no rule encodes and no note accounts for."))
@db_option
@json_option
@guarded
def rules_coverage(rulebook, unaccounted, db_path, as_json):
    """Every sentence of every rule section: encoded by a rule, not executable, or unaccounted."""
    from .rules.coverage import coverage

    result = coverage(_connect(db_path), rulebook)
    if as_json:
        return render.json_output(result)
    render.coverage(result, unaccounted)


@main.group()
def site():
    """Build or serve the static site (mkdocs-material, one build per language)."""


def _site_options(command):
    command = click.option("--out", type=click.Path(file_okay=False, path_type=Path),
                           default=None, help=_("The folder the site is written to "
                                                "(default: ./public)."))(command)
    return db_option(command)


@site.command("build")
@_site_options
@click.option("--quiet", "-q", is_flag=True)
@guarded
def site_build(out, db_path, quiet):
    """Build the site from the current database (atomically: a failed build keeps the old one)."""
    from .paths import site_output
    from .site.build import build_site

    out = site_output(out)

    def progress(lang: str) -> None:
        if not quiet:
            render.site_progress(lang)

    report = build_site(_connect(db_path), out, progress=progress)
    if not quiet:
        render.site_built(out, report)


@site.command("serve")
@_site_options
@_data_option
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@guarded
def site_serve(out, db_path, data_dir, port):
    """Serve the site on 127.0.0.1, rebuilding the database and the site when data/ changes."""
    from . import paths
    from .ingest import build_database
    from .site.build import build_site
    from .site.serve import serve
    from .storage.database import connect

    target = paths.database(db_path)
    data_dir = paths.data_dir(data_dir)
    out = paths.site_output(out)

    def rebuild() -> None:
        build_database(data_dir, target)
        build_site(connect(target), out)

    if not (out / "index.html").is_file():
        rebuild()
    serve(out, data_dir, rebuild, port=port, report=render.note)


@main.group()
def translate():
    """Translate cardbase: catalogs for the interface and the content, for Poedit or Weblate."""


@translate.command("init")
@click.argument("lang")
@_locales_option
@db_option
@guarded
def translate_init(lang, locales_dir, db_path):
    """Create the interface and content catalogs of a new language LANG."""
    from .translate.workflow import init

    render.created(init(_connect(db_path), _locales(locales_dir), lang))


@translate.command("export")
@click.argument("lang")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path),
              help=_("Also copy the catalogs to this folder (for Poedit, Weblate or Crowdin)."))
@_locales_option
@db_option
@guarded
def translate_export(lang, out, locales_dir, db_path):
    """Bring LANG's catalogs up to date with the sources (nothing lost) and export them."""
    from .translate.workflow import export

    render.paths(export(_connect(db_path), _locales(locales_dir), lang, out))


@translate.command("import")
@click.argument("lang")
@click.argument("files", nargs=-1, required=True,
                type=click.Path(exists=True, dir_okay=False, path_type=Path))
@_locales_option
@db_option
@guarded
def translate_import(lang, files, locales_dir, db_path):
    """Check translated FILES for LANG and import them (all of them, or none on any problem)."""
    from .translate.workflow import import_files

    counts = import_files(_connect(db_path), _locales(locales_dir), lang, list(files))
    render.imported(counts)


@translate.command("status")
@click.option("--min", "minimum", type=click.FloatRange(0, 100),
              help=_("Exit non-zero when a catalog is below this percentage."))
@_locales_option
@db_option
@json_option
@guarded
def translate_status(minimum, locales_dir, db_path, as_json):
    """Per language and kind: translated, fuzzy (source changed) and missing; topics by language."""
    from .translate.workflow import below, status

    report = status(_connect(db_path), _locales(locales_dir))
    failing = below(report, minimum) if minimum is not None else []
    if as_json:
        render.json_output({**report, "below_minimum": failing})
    else:
        render.translation_status(report)
    if failing:
        _fail(_("{n} catalogs are below {minimum}%", n=len(failing), minimum=minimum), 1)


@main.command()
@click.option("--format", "fmt", type=click.Choice(["json", "jsonl"]), default="json",
              show_default=True, help=_("json: one document; jsonl: one section per line."))
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help=_("Write to this file instead of standard output."))
@db_option
@guarded
def export(fmt, out, db_path):
    """Export the database's contents (rulebooks, topics, sections) for other tools."""
    from .export import export_text, write_export

    if out is None:
        return render.document(export_text(_connect(db_path), fmt))
    render.wrote(write_export(_connect(db_path), out, fmt))


if __name__ == "__main__":  # pragma: no cover
    main()
