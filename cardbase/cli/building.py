"""The commands that write: build the database, build or serve the site.

Each calls one library function (``cardbase.ingest``, ``cardbase.site``), which writes
atomically; progress goes to standard error in the user's language.
"""

from __future__ import annotations

from pathlib import Path

import click

from .. import render
from ..clitext import command, group, option
from ..i18n import N_
from .common import _connect, _data_option, _locales_option, db_option, guarded


@command(help=N_("Build the database from the data folder (atomically: a failed build "
                 "changes nothing)."))
@_data_option
@db_option
@_locales_option
@option("--quiet", "-q", is_flag=True, help=N_("Print nothing but errors."))
@guarded
def build(data_dir: Path | None, db_path: Path | None, locales_dir: Path | None, quiet: bool):
    from .. import paths
    from ..ingest import build_database

    data_dir = paths.data_dir(data_dir)
    target = paths.database(db_path)
    locales = paths.locales(locales_dir) if locales_dir else None

    def progress(rulebook_id: str) -> None:
        if not quiet:
            render.build_progress(rulebook_id)

    corpus = build_database(data_dir, target, progress, locales=locales)
    if not quiet:
        render.build_warnings(corpus.gaps)
        render.built(target, corpus)


@group(help=N_("Build or serve the static site (mkdocs-material, one build per language)."))
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
@option("--site-url", metavar="URL", default=None,
        help=N_("The address the site will be served at (https://example.org/rules/): fills "
                "each language's sitemap.xml and the 404 pages' links."))
@option("--jobs", "-j", type=click.IntRange(min=1), default=None,
        help=N_("How many languages to build at once (default: one per processor)."))
@guarded
def site_build(out, db_path, quiet, site_url, jobs):
    from ..paths import site_output
    from ..site.build import build_site

    out = site_output(out)

    def progress(lang: str) -> None:
        if not quiet:
            render.site_progress(lang)

    report = build_site(_connect(db_path), out, progress=progress, site_url=site_url,
                        jobs=jobs)
    if not quiet:
        render.site_built(out, report)


@site.command("serve", help=N_("Serve the site on 127.0.0.1, rebuilding the database and the "
                               "site when data/ changes."))
@_site_options
@_data_option
@option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@guarded
def site_serve(out, db_path, data_dir, port):
    from .. import paths
    from ..ingest import build_database
    from ..site.build import build_site
    from ..site.serve import serve
    from ..storage.database import connect

    target = paths.database(db_path)
    data_dir = paths.data_dir(data_dir)
    out = paths.site_output(out)

    def rebuild() -> None:
        build_database(data_dir, target)
        build_site(connect(target), out)

    if not (out / "index.html").is_file():
        rebuild()
    serve(out, data_dir, rebuild, port=port, report=render.note)
