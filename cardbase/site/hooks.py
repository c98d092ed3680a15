"""mkdocs hooks: the links of a page that depend on where the site is served.

- A server answers a missing address anywhere under the site with the 404 page, so the page's
  links must be absolute. mkdocs makes them absolute to ``site_url``, and to the server's root
  when there is none, which is wrong for a site built per language (``/en/``, ``/ja/``...):
  without ``site_url``, they are made absolute to the language's folder (named after the
  language, ``/<lang>/``) at the server's root.
- The theme writes one ``<link rel="alternate" hreflang>`` per language in every page's head,
  and its script fetches ``sitemap.xml`` beside the address of each of them, on every page: a
  link to the same page in another language would make it ask for a sitemap no page folder has,
  and a link to a language's home would tell search engines that every page's counterpart is
  that home. They are left out: with ``site_url`` the sitemaps name each page's counterparts in
  the other languages instead (``urls``), which is where search engines read them too.

Loaded by mkdocs from this file's path (``hooks:`` in the configuration).
"""

from __future__ import annotations

import re
from pathlib import PurePath

_ALTERNATE = re.compile(r'<link rel="alternate" href="[^"]*" hreflang="[^"]+">\n?\s*')


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


def _without_alternates(output: str) -> str:
    return _ALTERNATE.sub("", output)


def on_post_page(output, page, config):
    return _without_alternates(output)


def on_post_template(output_content, template_name, config):
    return _without_alternates(output_content) if template_name == "404.html" \
        else output_content
