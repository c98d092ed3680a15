"""The ``translate`` commands: init, export, import, extract and status of the catalogs.

Thin wrappers over ``cardbase.translate``; catalogs are written where ``cardbase.paths`` says.
"""

from __future__ import annotations

from pathlib import Path

import click

from .. import render
from ..clitext import group, option
from ..i18n import N_, ngettext
from .common import _connect, _fail, _locales, _locales_option, db_option, guarded, json_option


@group(help=N_("Translate cardbase: catalogs for the interface and the content, for Poedit "
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
    from ..translate.workflow import init

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
    from ..translate.workflow import export

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
    from ..translate.workflow import import_files

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
    from ..translate.extract import extract

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
    from ..translate.workflow import below, parse_minimum, status

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
