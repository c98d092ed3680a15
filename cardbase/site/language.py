"""Building one language's site: its pages, its mkdocs configuration, its mkdocs build.

A language's pages are the hand-written ones of ``site/<lang>/`` (English where a language has
none) and the pages ``pages.render_site`` generates; its mkdocs configuration is the top-level
``mkdocs.yml`` with the language's own theme language, search language and index, the site's
words around the pages in that language, and links to the same page in the other languages.
``build_language`` does it all under a staging folder and returns the language's figures; it
runs in the building process or in a worker (``parallel``), alike.
"""

from __future__ import annotations

import logging
import shutil
from pathlib import Path

import yaml

from ..errors import CardbaseError
from ..i18n import _
from .pages import native_names, render_site
from .search import add_folded_text
from .urls import language_config, leave_out_empty_sitemap

SEARCH_LANG = {"en": ["en"], "es": ["es"], "de": ["de"], "ja": ["ja"], "vi": ["vi"]}


def _search_lang(lang: str) -> list[str]:
    """The search language for a new language: its own where the theme has a stemmer."""
    from importlib.resources import files

    code = lang.split("_")[0]
    lunr = files("material") / "templates" / "assets" / "javascripts" / "lunr" / "min"
    return [code] if (lunr / f"lunr.{code}.min.js").is_file() else ["en"]


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
    """The site's own words around the pages, in ``lang``: the footer, the tooltip of a
    heading's permanent link and the name of the search dialog (the theme translates the rest of
    its interface itself)."""
    from .. import i18n

    with i18n.language(lang):
        before, _tool, after = _("Made with {tool}").partition("{tool}")
        return {"made_with_before": before, "made_with_after": after,
                "permalink": _("Permanent link to this section"),
                "search_dialog": _("Search the site")}


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


def build_language(conn, lang: str, staging: Path, site_dir: Path, locales, base: dict,
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
