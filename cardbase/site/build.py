"""Building the site: generate every language's pages, run mkdocs once per language, and replace
the previous site only when every build succeeded.

Each language gets its own mkdocs build (its own ``theme.language``, its own search language and
index, so a search stays within the language being read), configured from the top-level
``mkdocs.yml`` and linked to the others through ``extra.alternate``. Hand-written pages come from
``site/<lang>/`` (English where a language has none); ``cardbase.paths`` says which ``site/`` and
``mkdocs.yml`` (the project's, else the package's). The result is staged beside the target and
exchanged with the old site in one step (``cardbase.atomic``); a failure names the page and leaves
the old site, and a build that was killed leaves a staging folder the next build removes.
The languages are built at the same time, by this process and worker processes (``parallel``),
all handed what does not depend on the language, computed once (``shared``); ``urls`` gives each
build the site's address, when known, for its sitemap and its 404 page.
"""

from __future__ import annotations

import html
import json
import logging
import os
import shutil
from pathlib import Path
from typing import Callable

import yaml

from .. import paths
from ..atomic import remove_abandoned, replace_folder, staging_name
from ..errors import CardbaseError
from ..i18n import _
from .markup import bcp47
from .pages import native_names, render_site
from .parallel import build_in_workers, database_file, worker_count
from .search import add_folded_text
from .urls import check_site_url, language_config, leave_out_empty_sitemap, write_root_files

SEARCH_LANG = {"en": ["en"], "es": ["es"], "de": ["de"], "ja": ["ja"], "vi": ["vi"]}


def _search_lang(lang: str) -> list[str]:
    """The search language for a new language: its own where the theme has a stemmer."""
    from importlib.resources import files

    code = lang.split("_")[0]
    lunr = files("material") / "templates" / "assets" / "javascripts" / "lunr" / "min"
    return [code] if (lunr / f"lunr.{code}.min.js").is_file() else ["en"]
REDIRECT = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>cardbase</title>
<script>
var langs = {langs}; var want = (navigator.language || "en").slice(0, 2);
location.replace((langs.indexOf(want) >= 0 ? want : "en") + "/");
</script><meta http-equiv="refresh" content="0; url=en/"></head>
<body><ul>{links}</ul></body></html>
"""


class _MkdocsLog(logging.Handler):
    """Collects what mkdocs warns about, to name the page in the error."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.messages: list[str] = []
        #: what mkdocs said about links it could not resolve
        self.links: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        self.messages.append(message)
        if "link" in message or "anchor" in message:
            self.links.append(message)


def _chrome(lang: str) -> dict:
    """The site's own words around the pages, in ``lang``: the footer and the tooltip of a
    heading's permanent link (the theme translates the rest of its interface itself)."""
    from .. import i18n

    with i18n.language(lang):
        before, _tool, after = _("Made with {tool}").partition("{tool}")
        return {"made_with_before": before, "made_with_after": after,
                "permalink": _("Permanent link to this section")}


def _markdown_extensions(extensions: list, permalink_title: str) -> list:
    """The base configuration's Markdown extensions, the ``toc`` permalink titled in the page's
    language."""
    out = []
    for item in extensions:
        if item == "toc" or (isinstance(item, dict) and "toc" in item):
            options = dict(item["toc"] or {}) if isinstance(item, dict) else {}
            options["permalink_title"] = permalink_title
            item = {"toc": options}
        out.append(item)
    return out


def _config(lang: str, docs: Path, out: Path, base: dict, site_dir: Path,
            languages: tuple[str, ...]) -> Path:
    names = native_names(languages)
    chrome = _chrome(lang)
    config = dict(base)
    config["docs_dir"] = str(docs)
    config["site_dir"] = str(out)
    config["use_directory_urls"] = True
    theme = dict(config.get("theme", {}))
    theme["language"] = lang
    theme["custom_dir"] = str(site_dir / "overrides")
    config["theme"] = theme
    config["plugins"] = [{"search": {"lang": SEARCH_LANG.get(lang, _search_lang(lang))}}]
    config["extra"] = {"alternate": [{"name": names[code], "lang": code} for code in languages],
                       "cardbase": chrome}
    config["markdown_extensions"] = _markdown_extensions(config.get("markdown_extensions", []),
                                                         chrome["permalink"])
    config["site_name"] = base.get("site_name", "cardbase")
    nav = docs.parent / f"nav-{lang}.yml"
    if nav.is_file():
        config["nav"] = yaml.safe_load(nav.read_text(encoding="utf-8"))
        config["not_in_nav"] = "/cards/*/index.md\n"
    path = docs.parent / f"mkdocs-{lang}.yml"
    path.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def _copy_hand_written(lang: str, site_dir: Path, docs: Path) -> str:
    """Copy ``site/<lang>/`` pages, English for any page a language does not have yet."""
    intro = ""
    pages = {p.name: p for p in sorted((site_dir / "en").glob("*.md"))}
    pages.update({p.name: p for p in sorted((site_dir / lang).glob("*.md"))})
    for name, page in sorted(pages.items()):
        if name == "index.md":
            intro = page.read_text(encoding="utf-8")
        else:
            shutil.copy(page, docs / name)
    assets = site_dir / "assets"
    if assets.is_dir():
        shutil.copytree(assets, docs / "assets")
    return intro


def _mkdocs(config_file: Path, lang: str) -> list[str]:
    """Build one language's site; return what mkdocs said about links it could not resolve."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    handler = _MkdocsLog()
    logger = logging.getLogger("mkdocs")
    logger.addHandler(handler)
    try:
        build(load_config(str(config_file)))
        return handler.links
    except (MkDocsException, OSError, ValueError) as exc:
        detail = "; ".join(handler.messages[-5:]) or str(exc)
        raise CardbaseError(_("the {lang} site failed to build: {detail}", lang=lang,
                              detail=detail), stage="site") from exc
    finally:
        logger.removeHandler(handler)


def _build_language(conn, lang: str, staging: Path, site_dir: Path, locales, base: dict,
                    languages: tuple[str, ...], shared: dict, site_url: str | None) -> dict:
    """Generate and build one language's site under ``staging``; return its figures."""
    docs = staging / "docs" / lang
    out = staging / "site" / lang
    docs.mkdir(parents=True)
    intro = _copy_hand_written(lang, site_dir, docs)
    pages = render_site(conn, lang, docs, intro=intro, locales=locales, shared=shared)
    unresolved = _mkdocs(language_config(_config(lang, docs, out, base, site_dir, languages),
                                         lang, site_url), lang)
    leave_out_empty_sitemap(out, site_url)
    documents = add_folded_text(out)
    index_size = (out / "search" / "search_index.json").stat().st_size
    return {"pages": len(pages), "search_documents": documents,
            "search_index_bytes": index_size, "unresolved_links": list(unresolved or ()),
            "bytes": sum(f.stat().st_size for f in out.rglob("*") if f.is_file())}


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
                built[lang] = _build_language(conn, lang, *args)
        for lang in languages:
            report["languages"][lang] = built[lang]
            report["pages"] += built[lang]["pages"]
        write_root_files(out, languages, site_url)
        # each language named in its own language, and marked with it
        names = native_names(languages)
        links = "".join(
            f'<li><a href="{html.escape(code)}/" hreflang="{bcp47(code)}" lang="{bcp47(code)}">'
            f'{html.escape(names[code])}</a></li>' for code in languages)
        # the codes are folder names: as a JSON list in the script, no "</script>" can end it
        codes = json.dumps(list(languages)).replace("<", "\\u003c")
        (out / "index.html").write_text(REDIRECT.format(langs=codes, links=links),
                                        encoding="utf-8")
        replace_folder(out, target, staging / "previous")
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return report
