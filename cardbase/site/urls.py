"""Where the site will be served: sitemaps and the pages that must know the site's address.

Given ``site_url`` (``cardbase site build --site-url``), each language's mkdocs build gets its
own address (``<site_url><lang>/``), so its ``sitemap.xml`` lists every page with its full
address, and the site's root gets a sitemap index naming each language's sitemap. Without it,
mkdocs would write sitemaps with no address in them: they are left out instead. 404 pages are
served at any depth, so their links cannot be relative: with ``site_url`` mkdocs makes them
absolute to it, and without one ``hooks`` (mkdocs hooks) makes them absolute to the
language's folder at the server's root. A copy of the first language's 404 page stands at the
site's root, where static hosts look for one.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from urllib.parse import urlsplit
from xml.sax.saxutils import escape

import yaml

from ..errors import QueryError
from ..i18n import _

SITEMAP_INDEX = """<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
{entries}</sitemapindex>
"""


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


def write_root_files(out: Path, languages: tuple[str, ...], site_url: str | None) -> None:
    """The site root's sitemap index (with an address) and 404 page."""
    if site_url:
        entries = "".join(f"  <sitemap><loc>{escape(site_url + lang)}/sitemap.xml</loc>"
                          f"</sitemap>\n" for lang in languages)
        (out / "sitemap.xml").write_text(SITEMAP_INDEX.format(entries=entries),
                                         encoding="utf-8")
    if languages and (out / languages[0] / "404.html").is_file():
        shutil.copy(out / languages[0] / "404.html", out / "404.html")
