"""Where the site will be served: sitemaps and the pages that must know the site's address.

Given ``site_url`` (``cardbase site build --site-url``), each language's mkdocs build gets its
own address (``<site_url><lang>/``), so its ``sitemap.xml`` lists every page with its full
address; once every language is built, each page there names the same page in the other
languages that have it (``xhtml:link rel="alternate" hreflang``, read by search engines; the
pages' heads carry none, see ``hooks``), and the site's root gets a sitemap index naming each
language's sitemap. Without it, mkdocs would write sitemaps with no address in them: they are
left out instead. 404 pages are served at any depth, so their links cannot be relative: with
``site_url`` mkdocs makes them absolute to it, and without one ``hooks`` (mkdocs hooks) makes
them absolute to the language's folder at the server's root. A copy of the first language's
404 page stands at the site's root, where static hosts look for one.
"""

from __future__ import annotations

import gzip
import html
import re
import shutil
from pathlib import Path
from urllib.parse import urlsplit
from xml.sax.saxutils import escape, quoteattr

import yaml

from ..errors import QueryError
from ..i18n import _
from .markup import bcp47

SITEMAP_INDEX = """<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
{entries}</sitemapindex>
"""
_URL = re.compile(r"<url>.*?</url>", re.S)
_LOC = re.compile(r"([ \t]*)<loc>([^<]*)</loc>")
_URLSET = re.compile(r"<urlset\b")
XHTML = "http://www.w3.org/1999/xhtml"


def check_site_url(site_url: str | None) -> str | None:
    """``site_url`` ending in ``/``; an error unless it is a full http(s) address."""
    if not site_url:
        return None
    parts = urlsplit(site_url)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query \
            or parts.fragment:
        raise QueryError(_("the site's address must be a full http(s) address such as "
                           "https://example.org/rules/, not {url!r}", url=site_url))
    return site_url if site_url.endswith("/") else site_url + "/"


def language_config(config_file: Path, lang: str, site_url: str | None) -> Path:
    """Give one language's mkdocs configuration its address and the 404 hook."""
    config = yaml.safe_load(config_file.read_text(encoding="utf-8"))
    if site_url:
        config["site_url"] = f"{site_url}{lang}/"
    config["hooks"] = [*config.get("hooks", []), str(Path(__file__).with_name("hooks.py"))]
    config_file.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False),
                           encoding="utf-8")
    return config_file


def leave_out_empty_sitemap(out: Path, site_url: str | None) -> None:
    """Without an address, remove the sitemaps mkdocs wrote (they hold no address)."""
    if not site_url:
        for name in ("sitemap.xml", "sitemap.xml.gz"):
            (out / name).unlink(missing_ok=True)


def _pages(sitemap: str, root: str) -> set[str]:
    """The pages a language's sitemap lists, by their address under the language's ``root``."""
    return {html.unescape(loc)[len(root):] for _indent, loc in _LOC.findall(sitemap)
            if html.unescape(loc).startswith(root)}


def link_languages(out: Path, languages: tuple[str, ...], site_url: str) -> None:
    """Name, for each page of each language's sitemap, the same page in every language that has
    it (itself included, as search engines expect); the compressed copy is written again, with
    the time mkdocs gave it."""
    roots = {lang: f"{site_url}{lang}/" for lang in languages}
    texts = {lang: (out / lang / "sitemap.xml").read_text(encoding="utf-8")
             for lang in languages if (out / lang / "sitemap.xml").is_file()}
    pages = {lang: _pages(text, roots[lang]) for lang, text in texts.items()}

    def alternates(match: re.Match, lang: str) -> str:
        # after the entry's own elements, as the sitemap schema orders them
        entry = match.group(0)
        found = _LOC.search(entry)
        if not found:
            return entry
        indent, loc = found.group(1), html.unescape(found.group(2))
        page = loc[len(roots[lang]):] if loc.startswith(roots[lang]) else None
        having = [code for code in texts if page is not None and page in pages[code]]
        if len(having) < 2:
            return entry
        links = "".join(f'{indent}<xhtml:link rel="alternate" hreflang={quoteattr(bcp47(code))}'
                        f' href={quoteattr(roots[code] + page)}/>\n' for code in having)
        end = entry.rindex("</url>")
        line = entry.rfind("\n", 0, end) + 1
        at = line if line and not entry[line:end].strip() else end  # before the closing line
        return entry[:at] + links + entry[at:]

    for lang, text in texts.items():
        text = _URLSET.sub(f"<urlset xmlns:xhtml={quoteattr(XHTML)}", text, count=1)
        text = _URL.sub(lambda match: alternates(match, lang), text)
        path = out / lang / "sitemap.xml"
        path.write_text(text, encoding="utf-8")
        packed = path.with_name("sitemap.xml.gz")
        if packed.is_file():
            mtime = int.from_bytes(packed.read_bytes()[4:8], "little")
            with packed.open("wb") as raw, gzip.GzipFile(
                    filename=str(path), mode="wb", fileobj=raw, mtime=mtime) as zipped:
                zipped.write(text.encode("utf-8"))


def write_root_files(out: Path, languages: tuple[str, ...], site_url: str | None) -> None:
    """With an address, each page's languages in the sitemaps and the site root's sitemap
    index; the site root's 404 page."""
    if site_url:
        link_languages(out, languages, site_url)
        entries = "".join(f"  <sitemap><loc>{escape(site_url + lang)}/sitemap.xml</loc>"
                          f"</sitemap>\n" for lang in languages)
        (out / "sitemap.xml").write_text(SITEMAP_INDEX.format(entries=entries),
                                         encoding="utf-8")
    if languages and (out / languages[0] / "404.html").is_file():
        shutil.copy(out / languages[0] / "404.html", out / "404.html")
