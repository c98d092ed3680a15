"""The database as the generated pages read it: the site's shipped languages, everything the
pages of a language show read once (``SiteData``), and how a generated page is written.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from ..storage import queries

LANGUAGES = ("en", "es", "de", "ja", "vi")
#: the kinds of section a topic's page shows (a topic of card faces only has no page)
TOPIC_KINDS = ("rule", "example", "sidebar", "variant")


class SiteData:
    """Everything the pages need, read once from the database."""

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn
        self.rulebooks = [dict(r) for r in queries.rulebook_rows(conn)]
        self.games = queries.game_names(conn)
        self.rulebook_titles = {r["id"]: r["title"] for r in self.rulebooks}
        self.sections = [dict(r) for r in queries.sections_with_rulebook(conn)]
        for section in self.sections:
            section["flags"] = json.loads(section["flags"])
        self.topic_titles: dict[str, dict[str, str]] = {}
        for topic_id, lang, title in queries.all_topic_titles(conn):
            self.topic_titles.setdefault(topic_id, {})[lang] = title
        self.topic_order = queries.topic_ids(conn)
        self.topic_pages = {s["topic_id"] for s in self.sections
                            if s["topic_id"] and s["kind"] in TOPIC_KINDS}
        self.translations: dict[tuple[int, str], dict] = {
            (r[0], r[1]): {"text": r[2], "fuzzy": bool(r[3])}
            for r in queries.all_section_translations(conn)}
        #: (lang, context) -> text of the community translations whose source changed since
        self.fuzzy = {(r[0], r[1]): r[2].strip() for r in queries.fuzzy_translations(conn)}

    def rulebook_title(self, rulebook_id: str) -> str:
        return self.rulebook_titles.get(rulebook_id, rulebook_id)

    def topic_title(self, topic_id: str, lang: str) -> str:
        titles = self.topic_titles.get(topic_id, {})
        return titles.get(lang) or titles.get("en") or topic_id

    def topic_title_lang(self, topic_id: str, lang: str) -> str:
        """The language ``topic_title`` is in (English where ``lang`` has no title)."""
        return lang if self.topic_titles.get(topic_id, {}).get(lang) else "en"

    def rulebook_lang(self, rulebook_id: str) -> str | None:
        return next((r["lang"] for r in self.rulebooks if r["id"] == rulebook_id), None)

    def is_fuzzy(self, lang: str, context: str, shown: str | list[str]) -> bool:
        """Whether ``shown`` (a title, a card name, a term's words) is a community translation
        into ``lang`` whose source changed since; a published text is never fuzzy."""
        text = self.fuzzy.get((lang, context))
        if text is None:
            return False
        if isinstance(shown, list):
            return [w.strip() for w in text.split(",") if w.strip()] == shown
        return text == (shown or "").strip()

    def topic_title_fuzzy(self, topic_id: str, lang: str) -> bool:
        titles = self.topic_titles.get(topic_id, {})
        return lang in titles and self.is_fuzzy(lang, f"topic:{topic_id}", titles[lang])


def write_page(root: Path, relative: str, text: str) -> None:
    """Write a generated page's text at ``relative`` under ``root``."""
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
