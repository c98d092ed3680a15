"""mkdocs hooks: the links of a page that depend on where the site is served.

- A server answers a missing address anywhere under the site with the 404 page, so the page's
  links must be absolute. mkdocs makes them absolute to ``site_url``, and to the server's root
  when there is none, which is wrong for a site built per language (``/en/``, ``/ja/``...):
  without ``site_url``, they are made absolute to the language's folder (named after the
  language, ``/<lang>/``) at the server's root.
- The theme writes one ``<link rel="alternate" hreflang>`` per language in every page's head,
  all pointing at the current language's home. With ``site_url`` each points at the same page in
  its language, at its full address (what search engines read); without one there is no address
  to give, and the theme would fetch each language's sitemap through them: they are left out.

Loaded by mkdocs from this file's path (``hooks:`` in the configuration).
"""

from __future__ import annotations

import re
from pathlib import PurePath
from urllib.parse import urljoin

_ALTERNATE = re.compile(r'<link rel="alternate" href="[^"]*" hreflang="([^"]+)">\n?\s*')


def on_template_context(context, template_name, config):
    if template_name != "404.html" or config.site_url:
        return context
    from mkdocs.utils import normalize_url

    base = f"/{PurePath(config.site_dir).name}/"
    context["base_url"] = base
    context["extra_css"] = [normalize_url(str(path), None, base) for path in config.extra_css]
    context["extra_javascript"] = [normalize_url(str(script), None, base)
                                   for script in config.extra_javascript]
    return context


def _alternates(output: str, url: str | None, config) -> str:
    def link(match: re.Match) -> str:
        if not config.site_url or url is None:
            return ""
        code = match.group(1)
        href = urljoin(config.site_url, f"../{code}/{url}")
        return f'<link rel="alternate" href="{href}" hreflang="{code}">\n'

    return _ALTERNATE.sub(link, output)


def on_post_page(output, page, config):
    return _alternates(output, page.url, config)


def on_post_template(output_content, template_name, config):
    return _alternates(output_content, None, config) if template_name == "404.html" \
        else output_content
