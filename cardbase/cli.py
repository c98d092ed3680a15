"""The ``cardbase`` command line: a thin layer over the library, one function per command.

Every command opens what it needs, calls one library function and prints the result as text or,
with ``--json``, as JSON on standard output (diagnostics go to standard error). Errors the library
raises on purpose are printed as one clear message with their exit status; nothing else escapes as
a traceback. Heavy modules (the ingestion pipeline, sqlite-utils, wordfreq) are imported only by
the commands that need them, so lookups start fast.
"""

from __future__ import annotations

import functools
import json
import os
import sqlite3
import sys
from pathlib import Path

import click

from . import __version__
from .errors import CardbaseError
from .i18n import _, environment_language, ngettext, set_language


def _emit_json(data) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


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
    set_language(lang or environment_language())


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cardbase")
def main():
    """cardbase: a multilingual rules reference for the Munchkin family of card games."""


@main.command()
@click.option("--data", "data_dir", type=click.Path(file_okay=False, path_type=Path),
              default=Path("data"), show_default=True, help=_("The data folder to build from."))
@db_option
@click.option("--quiet", "-q", is_flag=True, help=_("Print nothing but errors."))
@guarded
def build(data_dir: Path, db_path: Path | None, quiet: bool):
    """Build the database from the data folder (atomically: a failed build changes nothing)."""
    from .ingest import build_database
    from .storage.database import default_path

    target = db_path or default_path()

    def progress(rulebook_id: str) -> None:
        if not quiet:
            click.echo(_("ingesting {rulebook}", rulebook=rulebook_id), err=True)

    corpus = build_database(data_dir, target, progress)
    if not quiet:
        sections = sum(len(item.sections) for item in corpus.rulebooks)
        click.echo(_("built {path}: {rulebooks} rulebooks, {sections} sections", path=target,
                     rulebooks=len(corpus.rulebooks), sections=sections), err=True)


@main.command()
@db_option
@json_option
@guarded
def rulebooks(db_path, as_json):
    """List the ingested rulebooks: id, game, language, edition, sections and quality."""
    from .reference import list_rulebooks

    _use_language(None)
    rows = list_rulebooks(_connect(db_path))
    if as_json:
        return _emit_json(rows)
    header = (_("id"), _("game"), _("lang"), _("edition"), _("sections"), _("quality"))
    table = [header] + [(
        r["id"], r["game"], r["lang"], r["edition"], str(r["sections"]),
        _("{score:.0%} ({flagged} flagged, {corrected} corrected)", score=r["quality"],
          flagged=r["flagged_sections"], corrected=r["corrections"])) for r in rows]
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    for row in table:
        click.echo("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())


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
    from .reference import find_rules

    _use_language(lang)
    found = find_rules(_connect(db_path), query, lang=lang, game=game,
                       all_languages=all_languages, limit=limit)
    if as_json:
        return _emit_json(found)
    if all_languages and found.get("topics"):
        for group in found["topics"]:
            click.secho(f"{group['title']} [{group['topic']}]", bold=True)
            for hit in group["sections"]:
                _print_hit(hit)
        return
    if not found["results"]:
        _fail(_("nothing found for {query!r}", query=query), 1)
    for hit in found["results"]:
        _print_hit(hit)


def _print_hit(hit: dict) -> None:
    page = _(" p. {page}", page=hit["page"]) if hit.get("page") else ""
    click.echo(f"{hit['heading']}  ({hit['rulebook']}, {hit['lang']}{page})  {hit['ref']}")
    click.echo(f"    {hit['snippet']}")


@main.command()
@click.argument("ref")
@click.option("--raw", is_flag=True, help=_("Print the raw source text the section comes from."))
@db_option
@json_option
@guarded
def section(ref, raw, db_path, as_json):
    """Show one section, REF = rulebook/section (see `cardbase sections RULEBOOK`)."""
    from .reference import get_section

    _use_language(None)
    data = get_section(_connect(db_path), ref)
    if as_json:
        if raw:
            data = {k: data[k] for k in ("ref", "rulebook", "raw_span", "raw")}
        return _emit_json(data)
    if raw:
        click.echo(data["raw"])
        return
    click.secho(data["heading"], bold=True)
    meta = [data["ref"], _("kind: {kind}", kind=data["kind"])]
    if data["page"]:
        meta.append(_("page {page}", page=data["page"]))
    if data["topic"]:
        meta.append(_("topic: {title} ({topic})", title=data["topic_title"], topic=data["topic"]))
    meta.append(_("raw characters {start}–{end}", start=data["raw_span"][0], end=data["raw_span"][1]))
    meta.append(_("quality {score:.0%}", score=data["quality"]))
    click.echo(" · ".join(meta))
    for flag in data["flags"]:
        click.echo(_("  ! {flag}: {detail}", flag=flag["flag"], detail=flag["detail"]))
    repairs = sum(data["repairs_by_stage"].values())
    if repairs:
        detail = ", ".join(f"{k} {v}" for k, v in data["repairs_by_stage"].items())
        click.echo("  " + ngettext("{n} repair ({detail})", "{n} repairs ({detail})", repairs,
                                   detail=detail))
    click.echo()
    click.echo(data["body"])


@main.command()
@click.argument("rulebook")
@db_option
@json_option
@guarded
def sections(rulebook, db_path, as_json):
    """List the sections of RULEBOOK in reading order."""
    from .reference import list_sections

    _use_language(None)
    rows = list_sections(_connect(db_path), rulebook)
    if as_json:
        return _emit_json(rows)
    for row in rows:
        indent = "  " * (row["level"] - 1)
        marks = "" if row["kind"] == "rule" else f" [{row['kind']}]"
        click.echo(f"{row['ref']:45} {indent}{row['heading']}{marks}")


def _quote(source: dict) -> str:
    if source.get("ours"):
        return _("(ours)")
    quote = " ".join((source.get("quote") or "").split())
    if len(quote) > 70:
        quote = quote[:69] + "…"
    return f"{source.get('rulebook')}: “{quote}”"


@main.command()
@click.argument("name")
@click.option("--game", help=_("Only cards of this game."))
@db_option
@json_option
@guarded
def card(name, game, db_path, as_json):
    """Show the card NAME (any language, any case; a typo finds the nearest card)."""
    from .cardref import display_name, find_card

    _use_language(None)
    found = find_card(_connect(db_path), name, game)
    if as_json:
        return _emit_json(found)
    if found["match"] == "fuzzy":
        click.echo(_("no card is named {name!r}; the nearest is {match!r}", name=name,
                     match=found["matched_name"]), err=True)
    for index, detail in enumerate(found["cards"]):
        if index:
            click.echo()
        click.secho(f"{display_name(detail['names'], None)}  [{detail['id']}]", bold=True)
        click.echo(_("{type} · {game}", type=detail["type"], game=detail["game"]))
        for lang, names in sorted(detail["names"].items()):
            for entry in names:
                alias = _(" (alias)") if entry["kind"] == "alias" else ""
                click.echo(f"  {lang}  {entry['name']}{alias}  {_quote(entry)}")
        for stat, entry in detail["stats"].items():
            value = ", ".join(entry["value"]) if isinstance(entry["value"], list) else entry["value"]
            click.echo(f"  {stat}: {value}  {_quote(entry)}")
        for lang, entry in detail["text"].items():
            click.echo(f"  {_('text')} ({lang}): {entry['value']}")
        if detail["counterparts"]:
            click.echo(_("  counterparts: {ids}", ids=", ".join(detail["counterparts"])))
        if detail["mentions"]:
            click.echo(_("  mentioned in:"))
            for mention in detail["mentions"]:
                click.echo(f"    {mention['ref']}  ({mention['heading']}, {mention['lang']})")


@main.command()
@click.option("--game", help=_("Only cards of this game."))
@click.option("--type", "card_type", help=_("Only cards of this type (monster, curse, item...)."))
@click.option("--lang", help=_("Show names in this language where the card has one."))
@db_option
@json_option
@guarded
def cards(game, card_type, lang, db_path, as_json):
    """List the cards, filtered by game, type and language."""
    from .cardref import list_cards

    _use_language(lang)
    rows = list_cards(_connect(db_path), game, card_type, lang)
    if as_json:
        return _emit_json(rows)
    for row in rows:
        other = f" ({row['name_lang']})" if lang and row["name_lang"] != lang else ""
        click.echo(f"{row['name'] + other:45} {row['type']:18} {row['game']:24} {row['id']}")


@main.command()
@click.argument("word")
@db_option
@json_option
@guarded
def term(word, db_path, as_json):
    """Show the glossary term WORD in every language, with the sections that define it."""
    from .cardref import find_term

    _use_language(None)
    found = find_term(_connect(db_path), word)
    if as_json:
        return _emit_json(found)
    for entry in found["terms"]:
        click.secho(entry["id"], bold=True)
        for lang, words in sorted(entry["words"].items()):
            shown = ", ".join(w["word"] + ("*" if w["ours"] else "") for w in words)
            click.echo(f"  {lang}  {shown}")
        for section in entry["defined_in"]:
            click.echo(_("  defined in {ref} ({heading}, {lang})", ref=section["ref"],
                         heading=section["heading"], lang=section["lang"]))
        click.echo(ngettext("  mentioned in {n} section", "  mentioned in {n} sections",
                            entry["mentioned_in_sections"]))
    if any(w["ours"] for e in found["terms"] for ws in e["words"].values() for w in ws):
        click.echo(_("  * a usual game term that no ingested rulebook prints"))


@main.command()
@click.option("--format", "fmt", type=click.Choice(["json", "jsonl"]), default="json",
              show_default=True, help=_("json: one document; jsonl: one section per line."))
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help=_("Write to this file instead of standard output."))
@db_option
@guarded
def export(fmt, out, db_path):
    """Export the database's contents (rulebooks, topics, sections) for other tools."""
    from .reference import export_data

    data = export_data(_connect(db_path))
    if fmt == "json":
        text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    else:
        text = "".join(json.dumps({"type": "section", **s}, ensure_ascii=False) + "\n"
                       for s in data["sections"])
    if out is None:
        click.echo(text, nl=False)
        return
    temp = out.with_name(f".{out.name}.tmp")
    temp.write_text(text, encoding="utf-8")
    temp.replace(out)
    click.echo(_("wrote {path}", path=out), err=True)


if __name__ == "__main__":  # pragma: no cover
    main()
