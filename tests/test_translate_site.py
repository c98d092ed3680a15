"""Every community translation whose source changed since is marked on the site: section texts,
topic titles, card names and glossary words, and what a translator wrote stays escaped."""

import shutil
from pathlib import Path

from cardbase.translate import workflow
from cardbase.translate.catalogs import catalog_path, read, write

ROOT = Path(__file__).resolve().parent.parent
MARK = 'class="cb-flag cb-fuzzy"'


def test_fuzzy_titles_names_and_words_are_marked(built_db, tmp_path):
    from cardbase.ingest import build_database
    from cardbase.site.pages import render_site
    from cardbase.storage.database import connect

    locales = tmp_path / "locales"
    shutil.copytree(ROOT / "locales", locales)
    workflow.init(connect(built_db), locales, "fr")
    path = catalog_path(locales, "fr", "content")
    catalog = read(path, "fr")
    chosen = {
        "topic:running-away": ("Fuir <script>alert(1)</script>", True),
        "topic:combat": ("Combat", False),
        "term:level": ("niveau, niveaux", True),
        "card:mace-of-sharpness:name": ("Masse d'Affûtage *ancienne*", True),
    }
    for message in catalog:
        if message.context in chosen:
            message.string, fuzzy = chosen[message.context]
            if fuzzy:
                message.flags.add("fuzzy")
    write(path, catalog)

    db = tmp_path / "fr.db"
    build_database(ROOT / "data", db, locales=locales)
    root = tmp_path / "docs"
    render_site(connect(db), "fr", root, locales=locales)

    topic = (root / "topics" / "running-away.md").read_text(encoding="utf-8")
    assert MARK in topic.split("<div", 1)[0]
    nav = (root.parent / "nav-fr.yml").read_text(encoding="utf-8")
    assert "Fuir &lt;script&gt;alert(1)&lt;/script&gt; ⚠" in nav
    assert "Combat ⚠" not in nav and "Combat" in nav
    assert "<script>" not in topic and "&lt;script&gt;" in topic
    assert MARK not in (root / "topics" / "combat.md").read_text(encoding="utf-8").split(
        "<div", 1)[0]

    card = (root / "cards" / "mace-of-sharpness" / "index.md").read_text(encoding="utf-8")
    heading, rest = card.split("\n## ", 1)
    assert "Affûtage" in heading and MARK in heading
    assert "\\*ancienne\\*" in card  # Markdown emphasis escaped, not applied
    assert MARK in rest.split("\n## ", 1)[0]  # and in the names table
    index = (root / "cards" / "index.md").read_text(encoding="utf-8")
    row = next(line for line in index.splitlines() if "mace-of-sharpness/" in line)
    assert MARK in row
    other = next(line for line in index.splitlines() if "<li" in line and
                 "mace-of-sharpness/" not in line)
    assert MARK not in other

    glossary = (root / "glossary.md").read_text(encoding="utf-8")
    row = next(line for line in glossary.splitlines() if "niveaux" in line)
    assert row.count(MARK) == 1
    assert sum(line.count(MARK) for line in glossary.splitlines()) == 1

    rulebook = next((root / "rulebooks").glob("*.md")).read_text(encoding="utf-8")
    linked = [line for line in rulebook.splitlines() if "../topics/running-away.md" in line]
    assert not linked or all(MARK in line for line in linked)
    # a published title is never marked: the Spanish site shows its own rulebook's title
    es = tmp_path / "docs-es"
    render_site(connect(db), "es", es, locales=locales)
    assert MARK not in (es / "topics" / "running-away.md").read_text(encoding="utf-8")
