"""The card pages and the card list of the site.

``card_pages`` writes, for one language, a page per card of the database (its names in every
language with their sources, its stats and texts, its counterparts in other games and the sections
that mention it) and the card list with its filters. Every database value goes through the
templates' escaping (``markup.escape``); ids and paths made by cardbase through ``safe_id``.
"""

from __future__ import annotations

import json
from pathlib import Path

from .. import i18n
from ..storage import queries
from . import markup
from .pages import LANGUAGES, SiteData, _source, _write, safe_id


def card_pages(conn, env, root: Path, lang: str, names: dict, data: SiteData) -> list[str]:
    written = []
    cards = []
    named_by: dict[str, list[str]] = {}  # card -> the cards that name it as their counterpart
    for card_id, other in queries.counterpart_pairs(conn):
        named_by.setdefault(other, []).append(card_id)
    for card in queries.card_rows(conn):
        card_names = queries.card_name_sources(conn, card["id"])
        shown = {}
        for row in card_names:
            if row["kind"] == "name":
                shown.setdefault(row["lang"], row["name"])
        display = shown.get(lang) or shown.get("en") or next(iter(shown.values()), card["id"])
        context = f"card:{card['id']}:name"
        fuzzy = lang in shown and data.is_fuzzy(lang, context, shown[lang])
        cards.append({"id": safe_id(card["id"]), "name": display, "fuzzy": fuzzy,
                      "type": card["type"],
                      "game": card["game_id"], "game_name": data.games.get(card["game_id"]),
                      "langs": sorted(shown), "all_names": " · ".join(
                          f"{n} ({l})" for l, n in sorted(shown.items()))})
        facts = queries.card_fact_rows(conn, card["id"])
        counterparts = json.loads(card["counterparts"]) + named_by.get(card["id"], [])
        mentions = queries.card_mentions(conn, card["id"])
        view = {
            "name": display, "fuzzy": fuzzy, "type": card["type"],
            "game_name": data.games.get(card["game_id"]),
            "names": [{"lang_name": names.get(r["lang"], r["lang"]),
                       "name": r["name"] + (i18n._(" (alias)") if r["kind"] == "alias" else ""),
                       "fuzzy": r["kind"] == "name" and data.is_fuzzy(r["lang"], context,
                                                                      r["name"]),
                       "source": _source(r)} for r in card_names],
            "stats": [{"field": f["field"], "value": ", ".join(map(str, v)) if isinstance(
                v := json.loads(f["value"]), list) else v, "source": _source(f)}
                      for f in facts if f["field"] != "text"],
            "texts": [{"lang_name": names.get(f["lang"], f["lang"]),
                       "html": markup.block(json.loads(f["value"]))}
                      for f in facts if f["field"] == "text"],
            "counterparts": [{"id": safe_id(c), "name": c} for c in dict.fromkeys(counterparts)
                             if c != card["id"]],
            "mentions": [{"slug": safe_id(m["ref"].split("/", 1)[1]), "heading": m["heading"],
                          "rulebook": safe_id(m["rulebook"]),
                          "lang_name": names.get(m["lang"], m["lang"])} for m in mentions],
        }
        relative = f"cards/{card['id']}/index.md"
        _write(root, relative, env.get_template("card.md.j2").render(card=view))
        written.append(relative)
    types = sorted({c["type"] for c in cards})
    games = [{"id": g, "name": n} for g, n in data.games.items()]
    langs = [{"code": c, "name": names[c]} for c in dict.fromkeys([*LANGUAGES, lang])]
    _write(root, "cards/index.md", env.get_template("cards.md.j2").render(
        cards=cards, types=types, games=games, langs=langs))
    written.append("cards/index.md")
    return written
