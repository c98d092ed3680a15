"""Building the site: generate every language's pages, run mkdocs once per language, and replace
the previous site only when every build succeeded.

Each language gets its own mkdocs build (its own ``theme.language``, its own search language and
index, so a search stays within the language being read), configured from the top-level
``mkdocs.yml`` and linked to the others through ``extra.alternate``. Hand-written pages come from
``site/<lang>/`` (English where a language has none); ``cardbase.paths`` says which ``site/`` and
``mkdocs.yml`` (the project's, else the package's). The result is staged beside the target and
exchanged with the old site in one step (``cardbase.atomic``); a failure names the page and leaves
the old site, and a build that was killed leaves a staging folder the next build removes.
Each language is built by ``language``; the languages are built at the same time, by this
process and worker processes (``parallel``),
all handed what does not depend on the language, computed once (``shared``); ``urls`` gives each
build the site's address, when known, for its sitemap and its 404 page.
"""

from __future__ import annotations

import html
import os
import shutil
from pathlib import Path
from typing import Callable

import yaml

from .. import paths
from ..atomic import remove_abandoned, replace_folder, staging_name
from .language import build_language
from .markup import bcp47
from .pages import native_names
from .parallel import build_in_workers, database_file, worker_count
from .scriptdata import script_json
from .urls import check_site_url, write_root_files

REDIRECT = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>cardbase</title>
<script>
var langs = {langs}; var want = (navigator.language || "en").slice(0, 2);
location.replace((langs.indexOf(want) >= 0 ? want : "en") + "/");
</script><meta http-equiv="refresh" content="0; url=en/"></head>
<body><ul>{links}</ul></body></html>
"""


def build_site(conn, target: Path, *, languages=None, site_dir: Path | None = None,
               locales: paths.Locales | Path | None = None,
               progress: Callable[[str], None] | None = None, jobs: int | None = None,
               site_url: str | None = None) -> dict:
    """Build every language's site into ``target`` (atomically); return what was built.

    The languages are the shipped ones and every language with catalogs under ``locales``.
    ``jobs`` of them are built at once, by this process and worker processes (default: one per
    processor, at most one per language); with one job, or a database that is not a file, one
    after the other in this process.
    ``site_url`` (where the site will be served) fills each language's sitemap; without it the
    sitemaps are left out and the 404 pages expect the site at the server's root.
    """
    from ..translate.workflow import languages as catalog_languages
    from .shared import compute

    locales = paths.as_locales(locales) if locales is not None else paths.locales()
    languages = tuple(languages or catalog_languages(locales))
    site_dir = Path(os.path.abspath(site_dir)) if site_dir else paths.site_pages()
    base = yaml.safe_load(paths.mkdocs_config().read_text(encoding="utf-8"))
    site_url = check_site_url(site_url)
    target = Path(os.path.abspath(target))
    target.parent.mkdir(parents=True, exist_ok=True)
    remove_abandoned(target)
    staging = staging_name(target)
    staging.mkdir()
    report = {"languages": {}, "pages": 0, "site_url": site_url}
    try:
        out = staging / "site"

        def prepare(elsewhere=None) -> tuple:
            return (staging, site_dir, locales, base, languages,
                    compute(conn, locales, languages, elsewhere), site_url)

        jobs = worker_count(jobs, len(languages))
        database = database_file(conn)
        if jobs > 1 and database:
            built = build_in_workers(conn, database, languages, prepare, jobs, progress)
        else:
            built, args = {}, prepare()
            for lang in languages:
                if progress:
                    progress(lang)
                built[lang] = build_language(conn, lang, *args)
        for lang in languages:
            report["languages"][lang] = built[lang]
            report["pages"] += built[lang]["pages"]
        write_root_files(out, languages, site_url)
        # each language named in its own language, and marked with it
        names = native_names(languages)
        links = "".join(
            f'<li><a href="{html.escape(code)}/" hreflang="{bcp47(code)}" lang="{bcp47(code)}">'
            f'{html.escape(names[code])}</a></li>' for code in languages)
        # the codes are folder names: as a JSON list no text can end or open the script
        codes = script_json(list(languages))
        (out / "index.html").write_text(REDIRECT.format(langs=codes, links=links),
                                        encoding="utf-8")
        replace_folder(out, target, staging / "previous")
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return report
