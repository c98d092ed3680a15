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
from .clitext import Group, Option, option
from .errors import CardbaseError, clip_lines, excerpt
from .i18n import N_, _, environment_language, ngettext, set_language
from .rules.limits import LIMITS


def _fail(message: str, code: int) -> None:
    click.echo(clip_lines(message), err=True)
    sys.exit(code)


def decoded(value):
    """A command-line value as valid text: bytes that were not UTF-8 (kept by Python as lone
    surrogates) become U+FFFD, so no library function and no ``--json`` output ever sees them.
    Paths are left as they are: a file name in another encoding must still open."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
            return value
        except UnicodeEncodeError:
            try:
                raw = value.encode("utf-8", "surrogateescape")
            except UnicodeEncodeError:  # a surrogate no byte made: nothing to recover
                return "".join("\ufffd" if "\ud800" <= c <= "\udfff" else c for c in value)
            return raw.decode("utf-8", "replace")
    if isinstance(value, tuple):
        return tuple(decoded(item) for item in value)
    return value


def guarded(command):
    """Decode the command's arguments (``decoded``) and turn every error into one line on
    standard error and an exit status: the library's own errors with theirs, a database that
    cannot be read and an operating-system error with 1. Anything else is a defect in cardbase:
    it is reported in one line too (``CARDBASE_DEBUG=1`` shows the traceback)."""

    @functools.wraps(command)
    def wrapper(*args, **kwargs):
        try:
            return command(*args, **{key: decoded(value) for key, value in kwargs.items()})
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
            _fail(_("error: {message}", message=_os_error(exc)), 1)
        except (click.exceptions.Exit, click.ClickException, click.Abort, KeyboardInterrupt):
            raise
        except Exception as exc:  # noqa: BLE001 - the last guard: never a traceback
            if os.environ.get("CARDBASE_DEBUG"):
                raise
            _fail(_("error: cardbase failed unexpectedly ({kind}: {message}); please report "
                    "it with the command you ran (CARDBASE_DEBUG=1 shows the details)",
                    kind=type(exc).__name__, message=excerpt(str(exc), 200)), 1)

    return wrapper


def _os_error(exc: OSError) -> str:
    """An operating-system error as ``file: reason`` (``str(exc)`` repeats the errno)."""
    if exc.filename is not None and exc.strerror:
        return f"{exc.filename}: {exc.strerror}"
    return exc.strerror or str(exc)


def db_option(command):
    return option("--db", "db_path", type=click.Path(path_type=Path),
                  envvar="CARDBASE_DB", default=None, show_envvar=True,
                  help=N_("The database file (default: cardbase.db)."))(command)


def json_option(command):
    return option("--json", "as_json", is_flag=True,
                  help=N_("Print the result as JSON."))(command)


def _connect(db_path):
    from .storage.database import connect

    return connect(db_path)


def _interactive() -> bool:
    """Whether a person is at the keyboard to answer a follow-up question."""
    return sys.stdin.isatty()


def _use_language(lang: str | None) -> None:
    set_language(lang)


class _OneLineErrors(Group):
    """The command group, whose usage errors (an unknown option, a value out of range, a
    missing argument) are one line on standard error with exit status 2, as every other error
    is, instead of click's usage block."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        set_language(None)  # a usage error is reported before any command picks its language
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        try:
            result = super().main(args, prog_name, complete_var, False, **extra)
        except click.exceptions.NoArgsIsHelpError as exc:  # a bare group: its help, as click does
            exc.show()
            sys.exit(exc.exit_code)
        except click.UsageError as exc:
            where = exc.ctx.command_path if exc.ctx is not None else "cardbase"
            _fail(_("error: {message} (see `{command} --help`)",
                    message=exc.format_message(), command=where), exc.exit_code)
        except click.ClickException as exc:
            exc.show()
            sys.exit(exc.exit_code)
        except click.Abort:
            _fail(_("aborted"), 1)
        except (ValueError, OSError) as exc:
            # raised while click reads an argument (a path with a NUL byte, which only a
            # program can pass): commands themselves are ``guarded``
            _fail(_("error: {message} (see `{command} --help`)", message=excerpt(str(exc), 200),
                    command="cardbase"), 2)
        sys.exit(result if isinstance(result, int) else 0)


@click.group(cls=_OneLineErrors, context_settings={"help_option_names": ["-h", "--help"]},
             help=N_("cardbase: a multilingual rules reference for the Munchkin family of card "
                     "games."))
@click.version_option(__version__, prog_name="cardbase", cls=Option,
                      help=N_("Show the version and exit."))
def main():
    pass


def _locales_option(command):
    return option("--locales", "locales_dir",
                  type=click.Path(path_type=Path), default=None,
                  envvar="CARDBASE_LOCALES", show_envvar=True,
                  help=N_("The catalogs folder (default: the project's locales/, then the "
                          "catalogs cardbase ships)."))(command)


def _locales(locales_dir):
    from .paths import locales

    return locales(locales_dir)


def _data_option(command):
    return option("--data", "data_dir", type=click.Path(path_type=Path),
                  envvar="CARDBASE_DATA", show_envvar=True, default=None,
                  help=N_("The data folder to build from (default: ./data)."))(command)


@main.command(help=N_("Build the database from the data folder (atomically: a failed build "
                      "changes nothing)."))
@_data_option
@db_option
@_locales_option
@option("--quiet", "-q", is_flag=True, help=N_("Print nothing but errors."))
@guarded
def build(data_dir: Path | None, db_path: Path | None, locales_dir: Path | None, quiet: bool):
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


@main.command(help=N_("List the ingested rulebooks: id, game, language, edition, sections and "
                      "quality."))
@db_option
@json_option
@guarded
def rulebooks(db_path, as_json):
    from .search.rules import list_rulebooks

    _use_language(None)
    rows = list_rulebooks(_connect(db_path))
    if as_json:
        return render.json_output(rows)
    render.rulebooks(rows)


@main.command(help=N_("Find the rule sections that answer QUERY, in any language."))
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
    from .search.rules import find_rules

    _use_language(lang)
    found = find_rules(_connect(db_path), query, lang=lang, game=game,
                       all_languages=all_languages, limit=limit)
    if as_json:
        return render.json_output(found)
    if not render.rule_hits(found, all_languages):
        shown = query if len(query) <= 60 else query[:60] + "…"
        _fail(_("nothing found for {query!r}", query=shown), 1)


@main.command(help=N_("Show one section, REF = rulebook/section (see `cardbase sections "
                      "RULEBOOK`)."))
@click.argument("ref")
@option("--raw", is_flag=True, help=N_("Print the raw source text the section comes from."))
@option("--lang", help=N_("Also show a community translation into this language."))
@db_option
@json_option
@guarded
def section(ref, raw, lang, db_path, as_json):
    from .search.rules import get_section

    _use_language(lang)
    data = get_section(_connect(db_path), ref)
    if as_json:
        if raw:
            data = {k: data[k] for k in ("ref", "rulebook", "raw_span", "raw")}
        return render.json_output(data)
    render.section(data, raw=raw, lang=lang)


@main.command(help=N_("List the sections of RULEBOOK in reading order."))
@click.argument("rulebook")
@db_option
@json_option
@guarded
def sections(rulebook, db_path, as_json):
    from .search.rules import list_sections

    _use_language(None)
    rows = list_sections(_connect(db_path), rulebook)
    if as_json:
        return render.json_output(rows)
    render.sections(rows)


@main.command(help=N_("Show the card NAME (any language, any case; a typo finds the nearest "
                      "card)."))
@click.argument("name")
@option("--game", help=N_("Only cards of this game."))
@db_option
@json_option
@guarded
def card(name, game, db_path, as_json):
    from .search.cards import find_card

    _use_language(None)
    found = find_card(_connect(db_path), name, game)
    if as_json:
        return render.json_output(found)
    render.card(found)


@main.command(help=N_("List the cards, filtered by game, type and language."))
@option("--game", help=N_("Only cards of this game."))
@option("--type", "card_type", help=N_("Only cards of this type (monster, curse, item...)."))
@option("--lang", help=N_("Show names in this language where the card has one."))
@db_option
@json_option
@guarded
def cards(game, card_type, lang, db_path, as_json):
    from .search.cards import list_cards

    _use_language(lang)
    rows = list_cards(_connect(db_path), game, card_type, lang)
    if as_json:
        return render.json_output(rows)
    render.cards(rows, lang)


@main.command(help=N_("Show the glossary term WORD in every language, with the sections that "
                      "define it."))
@click.argument("word")
@db_option
@json_option
@guarded
def term(word, db_path, as_json):
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


@main.command(help=N_("Answer \"can I do this now?\" for the query in QUERY (JSON or YAML; - for "
                      "standard input)."))
@click.argument("query_file", metavar="QUERY",
                type=click.Path(allow_dash=True, path_type=Path))
@option("--lang", help=N_("Explanations and quotes in this language where possible."))
@option("--help-vocabulary", is_flag=True, expose_value=False, is_eager=True,
        callback=_print_vocabulary,
        help=N_("List every key and value a query may use, and exit."))
@db_option
@json_option
@guarded
def check(query_file, lang, db_path, as_json):
    from .rules.checker import check as run_check, read_query_file, read_query_stream

    _use_language(lang)
    if str(query_file) == "-":
        data = read_query_stream(getattr(sys.stdin, "buffer", sys.stdin), "<stdin>")
    else:
        data = read_query_file(query_file)
    result = run_check(_connect(db_path), data, lang or environment_language())
    if as_json:
        return render.json_output(result)
    render.answer(result)


@main.command(help=N_("Answer a rules QUESTION written as a player would say it, in any of five "
                      "languages."))
@click.argument("question")
@option("--lang", help=N_("The question's language (en, es, de, ja, vi); detected when left "
                          "out."))
@option("--game", type=click.Choice(["munchkin", "munchkin-warhammer-aos", "dungeon-mayhem",
                                     "smashup-munchkin"]),
        help=N_("The game (default: the one the question names, else Munchkin)."))
@option("--rulebook", help=N_("Ask one rulebook only."))
@db_option
@json_option
@guarded
def ask(question, lang, game, rulebook, db_path, as_json):
    from .ask import Asker, Unreadable, followup

    asker = Asker(_connect(db_path))
    _use_language(lang)
    try:
        result = asker.ask(question, lang, game, rulebook)
    except Unreadable as exc:
        _use_language(exc.lang or lang)  # the message, and its "error:", in the question's language
        raise
    _use_language(result["lang"])
    asked = {}
    # On a terminal, ask for the fact a conditional answer depends on, and answer again
    while (not as_json and result["verdict"] == "conditional" and result.get("missing")
           and result["missing"] not in asked and _interactive()):
        render.asked(result)
        text, choices = followup.prompt(result["lang"], result["missing"])
        value = followup.reply(result["lang"], result["missing"],
                               render.prompt(text, choices))
        if value is None:
            break
        asked[result["missing"]] = value
        result = asker.ask(question, result["lang"], game, rulebook, extra=asked)
    if as_json:
        return render.json_output(result)
    render.asked(result)


@main.command("can-play", help=N_("Can I play WHAT (a card kind such as curse or half-breed, or "
                                  "a card's name) now?"))
@click.argument("what")
@option("--game", help=N_("The game (default: the game of --rulebook, else the game of the "
                          "card WHAT names, else the database's only game)."))
@option("--rulebook", help=N_("Ask one rulebook only."))
@option("--verb", default="play", show_default=True,
        help=N_("The action: play, use, discard, sell, trade, equip..."))
@option("--phase", help=N_("The phase of the turn (setup, start_of_turn, combat...)."))
@option("--my-turn/--not-my-turn", default=None, help=N_("Whose turn it is."))
@option("--role", type=click.Choice(["fighter", "helper", "bystander"]))
@option("--level", type=click.IntRange(*LIMITS["level"]))
@option("--race", multiple=True, help=N_("A race (any language); repeat for two."))
@option("--class", "classes", multiple=True, help=N_("A class (any language)."))
@option("--from", "source", type=click.Choice(["hand", "in_play", "drawn_face_up",
                                               "drawn_face_down", "just_acquired"]))
@option("--target", help=N_("self, other_player, monster, combat..."))
@option("--lang", help=N_("Explanations and quotes in this language where possible."))
@db_option
@json_option
@guarded
def can_play(what, game, rulebook, verb, phase, my_turn, role, level, race, classes, source,
             target, lang, db_path, as_json):
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


@main.command(help=N_("Who wins this fight? Every modifier explained, with the rules that apply."))
@option("--rulebook", help=N_("The rulebook to fight under (default: the database's only "
                              "rulebook that resolves combat)."))
@option("--level", type=click.IntRange(*LIMITS["level"]), default=1, show_default=True, help=N_("Your level."))
@option("--bonus", type=click.IntRange(*LIMITS["bonus"]), default=0, help=N_("Your bonuses from items in play."))
@option("--class", "classes", multiple=True)
@option("--race", multiple=True)
@option("--berserk", type=click.IntRange(*LIMITS["berserk"]), default=0, help=N_("Cards a Warrior discards to go berserk."))
@option("--one-shot", "one_shots", multiple=True,
        help=N_("A one-shot item used for you: a bonus (5) or a card name."))
@option("--helper-level", type=click.IntRange(*LIMITS["helper_level"]))
@option("--helper-bonus", type=click.IntRange(*LIMITS["helper_bonus"]), default=0)
@option("--helper-class", multiple=True)
@option("--helper-race", multiple=True)
@option("--monster", "monsters", multiple=True,
        help=N_("A monster: its card name (any language) or its level."))
@option("--enhancer", "enhancers", multiple=True,
        help=N_("An enhancer on the first monster: a bonus (+5) or a card name."))
@option("--against", "against", multiple=True,
        help=N_("A one-shot item used for the monsters: a bonus or a card name."))
@option("--lang", help=N_("Explanations and quotes in this language where possible."))
@db_option
@json_option
@guarded
def combat(rulebook, level, bonus, classes, race, berserk, one_shots, helper_level, helper_bonus,
           helper_class, helper_race, monsters, enhancers, against, lang, db_path, as_json):
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


@main.command(help=N_("List where two rulebooks of one game disagree, quoted from both."))
@click.argument("first")
@click.argument("second")
@option("--lang", help=N_("Rule statements in this language."))
@db_option
@json_option
@guarded
def diff(first, second, lang, db_path, as_json):
    from .rules.editions import differences

    _use_language(lang)
    result = differences(_connect(db_path), first, second)
    if as_json:
        return render.json_output(result)
    render.differences(result)


@main.command(help=N_("Answer every combination of situation and action for GAME (a whole "
                      "decision table)."))
@click.argument("game")
@db_option
@json_option
@guarded
def table(game, db_path, as_json):
    from .rules.checker import game_table

    _use_language(None)
    result = game_table(_connect(db_path), game)
    if as_json:
        return render.json_output(result)
    render.decision_table(result)


@main.group("rules", help=N_("The rules checker's own accounts: what of each rulebook it encodes."))
def rules_group():
    pass


@rules_group.command("coverage", help=N_("Every sentence of every rule section: encoded by a rule, "
                                         "not executable, or unaccounted."))
@option("--rulebook", help=N_("One rulebook only."))
@option("--unaccounted", is_flag=True,
        help=N_("Also list the sentences no rule encodes and no note accounts for."))
@db_option
@json_option
@guarded
def rules_coverage(rulebook, unaccounted, db_path, as_json):
    from .rules.coverage import coverage

    result = coverage(_connect(db_path), rulebook)
    if as_json:
        return render.json_output(result)
    render.coverage(result, unaccounted)


@main.group(help=N_("Build or serve the static site (mkdocs-material, one build per language)."))
def site():
    pass


def _site_options(command):
    command = option("--out", type=click.Path(file_okay=False, path_type=Path),
                     default=None, help=N_("The folder the site is written to "
                                           "(default: ./public)."))(command)
    return db_option(command)


@site.command("build", help=N_("Build the site from the current database (atomically: a failed "
                               "build keeps the old one)."))
@_site_options
@option("--quiet", "-q", is_flag=True)
@guarded
def site_build(out, db_path, quiet):
    from .paths import site_output
    from .site.build import build_site

    out = site_output(out)

    def progress(lang: str) -> None:
        if not quiet:
            render.site_progress(lang)

    report = build_site(_connect(db_path), out, progress=progress)
    if not quiet:
        render.site_built(out, report)


@site.command("serve", help=N_("Serve the site on 127.0.0.1, rebuilding the database and the "
                               "site when data/ changes."))
@_site_options
@_data_option
@option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@guarded
def site_serve(out, db_path, data_dir, port):
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


@main.group(help=N_("Translate cardbase: catalogs for the interface and the content, for Poedit "
                    "or Weblate."))
def translate():
    pass


@translate.command("init", help=N_("Create the interface and content catalogs of a new language "
                                   "LANG."))
@click.argument("lang")
@_locales_option
@db_option
@guarded
def translate_init(lang, locales_dir, db_path):
    from .translate.workflow import init

    render.created(init(_connect(db_path), _locales(locales_dir), lang))


@translate.command("export", help=N_("Bring LANG's catalogs up to date with the sources (nothing "
                                     "lost) and export them."))
@click.argument("lang")
@option("--out", type=click.Path(file_okay=False, path_type=Path),
        help=N_("Also copy the catalogs to this folder (for Poedit, Weblate or Crowdin)."))
@_locales_option
@db_option
@guarded
def translate_export(lang, out, locales_dir, db_path):
    from .translate.workflow import export

    render.paths(export(_connect(db_path), _locales(locales_dir), lang, out))


@translate.command("import", help=N_("Check translated FILES for LANG and import them (all of "
                                     "them, or none on any problem)."))
@click.argument("lang")
@click.argument("files", nargs=-1, required=True,
                type=click.Path(exists=True, dir_okay=False, path_type=Path))
@_locales_option
@db_option
@guarded
def translate_import(lang, files, locales_dir, db_path):
    from .translate.workflow import import_files

    counts = import_files(_connect(db_path), _locales(locales_dir), lang, list(files))
    render.imported(counts)


@translate.command("extract", help=N_("Refresh cardbase.pot from the code: sorted, no locations, "
                                      "a small diff per changed string."))
@option("--update", is_flag=True,
        help=N_("Also update every language's interface catalog (translations kept, changed "
                "messages fuzzy)."))
@_locales_option
@guarded
def translate_extract(update, locales_dir):
    from .translate.extract import extract

    render.extracted(extract(_locales(locales_dir), update=update))


@translate.command("status", help=N_("Per language and kind: translated, fuzzy (source changed) "
                                     "and missing; topics by language."))
@option("--min", "minimum", multiple=True, metavar="[KIND=]PERCENT",
        help=N_("Exit non-zero when a catalog is below this percentage of what is meant to "
                "be translated: 90 for every kind, or interface=90, content=50; repeatable."))
@_locales_option
@db_option
@json_option
@guarded
def translate_status(minimum, locales_dir, db_path, as_json):
    from .translate.workflow import below, parse_minimum, status

    minimums = [parse_minimum(value) for value in minimum]
    report = status(_connect(db_path), _locales(locales_dir))
    failing = below(report, minimums) if minimums else []
    if as_json:
        render.json_output({**report, "below_minimum": failing})
    else:
        render.translation_status(report)
    if failing:
        _fail(ngettext("{n} catalog is below its minimum: {which}",
                       "{n} catalogs are below their minimum: {which}", len(failing),
                       which=", ".join(
                           f"{row['lang']} {row['kind']} {row['percent']}% < {row['minimum']}%"
                           for row in failing)), 1)


@main.command(help=N_("Export the database's contents (rulebooks, topics, sections) for other "
                      "tools."))
@option("--format", "fmt", type=click.Choice(["json", "jsonl"]), default="json",
        show_default=True, help=N_("json: one document; jsonl: one section per line."))
@option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
        help=N_("Write to this file instead of standard output."))
@db_option
@guarded
def export(fmt, out, db_path):
    from .export import export_text, write_export

    if out is None:
        return render.document(export_text(_connect(db_path), fmt))
    render.wrote(write_export(_connect(db_path), out, fmt))


if __name__ == "__main__":  # pragma: no cover
    main()
