"""The card pages and the card list of the site.

``card_pages`` writes, for one language, a page per card of the database and the card list. A
card page is titled with the card's name in the page's language (another language's name, said so,
when it has none); under it a type line and a stats box with translated labels and values, the
card's printed texts, its names in every language each with the quote and the section it comes
from, its *Rulings* and the sections that mention it. The rulings are the rules checker's own
verdicts (``rules.engine.judge``, the engine behind ``cardbase check``) on playing the card in each
phase and role of the game under each rulebook, grouped where the verdict and its deciding rules
are the same; each situation links to the "Can I play this?" page filled with it. The card list
carries every card's names in every language for the filter script (``site/assets/cards.js``),
and works without it. Every database value goes through the templates' escaping; ids and paths
made by cardbase through ``safe_id``.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from urllib.parse import quote, urlencode

from markupsafe import Markup

from .. import games, i18n
from ..i18n import N_
from ..rules.engine import Citer, judge
from ..rules.model import VERDICT_WORDS, rules_for
from ..rules.query import Situation, _contradictions
from ..situations import CLASSES, RACES, describe_state
from ..storage import queries
from ..words import CARD_TYPES
from ..words import card_type as card_type_words
from . import markup
from .ids import anchor, safe_id
from .sitedata import LANGUAGES, SiteData, write_page

#: a stat's label in the stats box, in the order the box shows them
STAT_LABELS = {
    "level": N_("Level"), "levels": N_("Levels gained"), "treasures": N_("Treasures"),
    "bonus": N_("Bonus"), "enhancement": N_("Bonus to the monster"), "gold": N_("Gold"),
    "slot": N_("Slot"), "big": N_("Big"), "one_shot": N_("One-shot"),
    "usable_by": N_("Usable by"), "tags": N_("Kind"), "bad_stuff": N_("Bad Stuff"),
}
SLOT_LABELS = {"headgear": N_("Headgear"), "armor": N_("Armor"), "footgear": N_("Footgear"),
               "1_hand": N_("1 hand"), "2_hands": N_("2 hands")}
_LANG_CODE = re.compile(r"^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*$")
#: where the "Can I play this?" page is, from a card page (``cards/<id>/``)
CHECK_PAGE = "../../check/"


def front_matter(title: str, heading_lang: dict | None = None) -> Markup:
    """The page's YAML front matter naming its title, and the language of each heading in
    another language than the page's (``heading_lang``: heading id → language, for the theme's
    table of contents). The theme prints a page's title into ``<title>``, the header and the
    search index as HTML without escaping it (and a title taken from the h1 comes back
    unescaped), so the title is given here as HTML: escaped, or already HTML (``Markup``, a
    name marked with its language)."""
    import yaml

    values = {"title": str(title) if isinstance(title, Markup)
              else html.escape(title, quote=False)}
    if heading_lang:
        values["heading_lang"] = {markup.attr(k): markup.attr(v) for k, v in heading_lang.items()}
    return Markup(yaml.safe_dump(values, allow_unicode=True, width=1000, sort_keys=False))


def _plain(value) -> str:
    """An identifier nobody translated yet, as words: ``other_treasure`` → "Other treasure"."""
    text = str(value).replace("_", " ").replace("-", " ").strip()
    return text[:1].upper() + text[1:]


def _lang(code) -> Markup:
    """A language code for a ``lang`` attribute (empty for anything that is not one)."""
    return Markup(code) if isinstance(code, str) and _LANG_CODE.match(code) else Markup("")


def game_lang(data: SiteData, game: str) -> str | None:
    """The language a game's name is written in: that of its rulebooks when they all share one
    (none when they differ or there is none)."""
    langs = {r["lang"] for r in data.rulebooks if r["game_id"] == game}
    return next(iter(langs)) if len(langs) == 1 else None


def type_label(card_type: str) -> str:
    """A card type as its type line says it; one with no words yet, capitalised."""
    return card_type_words(card_type) if card_type in CARD_TYPES else _plain(card_type)


class CardIndex:
    """Every card's names (for the page's language, with the fallback) and the sections that
    hold a quote or a raw span, read once per language's pages."""

    def __init__(self, conn, data: SiteData, lang: str):
        self.conn, self.data, self.lang = conn, data, lang
        self.rows = list(queries.card_rows(conn))
        self.names: dict[str, list] = {r["id"]: list(queries.card_name_sources(conn, r["id"]))
                                       for r in self.rows}
        self.rulebook_lang = {r["id"]: r["lang"] for r in data.rulebooks}
        self.rulebook_title = {r["id"]: r["title"] for r in data.rulebooks}

    def shown(self, card_id: str) -> dict[str, str]:
        """Language → the card's name in it (aliases left out)."""
        shown: dict[str, str] = {}
        for row in self.names.get(card_id, ()):
            if row["kind"] == "name":
                shown.setdefault(row["lang"], row["name"])
        return shown

    def display(self, card_id: str) -> tuple[str, str | None]:
        """The card's name for this language, and the language it is in."""
        shown = self.shown(card_id)
        for lang in (self.lang, "en"):
            if lang in shown:
                return shown[lang], lang
        if shown:
            lang = next(iter(shown))
            return shown[lang], lang
        return card_id, None

    def section(self, rulebook: str | None, quote: str | None = None,
                raw_start: int | None = None) -> dict | None:
        """The section of ``rulebook`` whose text holds ``quote``, else whose raw span holds
        ``raw_start`` (a card face read from the raw text): slug, heading, rulebook."""
        if not rulebook:
            return None
        found = None
        candidates = [s for s in self.data.sections if s["rulebook_id"] == rulebook]
        if quote:
            found = next((s for s in candidates if quote in (s["body"] or "")), None)
        if found is None and raw_start is not None:
            found = next((s for s in candidates
                          if s["raw_start"] <= raw_start < s["raw_end"]), None)
        if found is None:
            return None
        return {"slug": safe_id(found["slug"]), "heading": found["heading"],
                "rulebook": safe_id(rulebook)}


def _source(row, index: CardIndex) -> dict:
    """Where a name or a fact comes from: ours, a card face, or a quote, with its section."""
    rulebook = row["rulebook_id"]
    if row["ours"]:
        return {"ours": True, "text": i18n._("(ours)")}
    section = index.section(rulebook, row["quote"] if row["origin"] != "card_face" else None,
                            row["raw_start"])
    source = {"ours": False, "rulebook": rulebook, "section": section, "quote": None, "text": "",
              "rulebook_title": index.rulebook_title.get(rulebook, rulebook),
              "lang": _lang(index.rulebook_lang.get(rulebook))}
    if row["origin"] == "card_face":
        source["text"] = i18n._("card face")
    else:
        source["quote"] = row["quote"]
    return source


def _stat_value(field: str, value, index: CardIndex, fact_lang: str) -> dict:
    """A stat's value in words: ``{"text": ..., "lang": ..., "links": [(id, name)]}``."""
    if field in ("bonus", "enhancement") and isinstance(value, (int, float)):
        return {"text": f"+{value}" if value >= 0 else str(value)}
    if field == "slot":
        return {"text": i18n._(SLOT_LABELS[value]) if value in SLOT_LABELS else _plain(value)}
    if isinstance(value, bool):
        return {"text": i18n._("yes") if value else i18n._("no")}
    if field == "usable_by":
        links, words = [], []
        cards = {r["id"] for r in index.rows}
        for who in value if isinstance(value, list) else [value]:
            if who in cards:
                name, name_lang = index.display(who)
                links.append({"id": safe_id(who), "name": name,
                              "lang": _lang(name_lang) if name_lang != index.lang else None})
            else:
                table = CLASSES if who in CLASSES else RACES
                words.append(i18n._(table[who]) if who in table else _plain(who))
        return {"text": ", ".join(words), "links": links}
    if isinstance(value, list):
        return {"text": ", ".join(_plain(v) for v in value)}
    if isinstance(value, str):
        # a stat printed on the card (Bad Stuff): the rulebook's own words
        return {"text": value, "lang": _lang(fact_lang)}
    return {"text": str(value)}


def _type_line(card, stats: dict, game_name: str, name_lang: str | None,
               page_lang: str) -> Markup:
    """"Item · Big · Armor · Munchkin": the card's type and what its stats say it is, as HTML
    (the game's name marked with its language)."""
    parts = [type_label(card["type"])]
    if stats.get("big") is True:
        parts.append(i18n._("Big"))
    if stats.get("slot"):
        slot = stats["slot"]
        parts.append(i18n._(SLOT_LABELS[slot]) if slot in SLOT_LABELS else _plain(slot))
    if stats.get("one_shot") is True and card["type"] != "one_shot_item":
        parts.append(i18n._("One-shot"))
    parts = [markup.html_in_lang(p, None) for p in parts]
    if game_name:
        parts.append(markup.html_in_lang(game_name, name_lang, page_lang))
    return Markup(" · ").join(parts)


def _check_url(query: dict) -> str:
    """The "Can I play this?" page filled with ``query`` (keys as the page's fields name them:
    ``state.phase``, ``action.card``...)."""
    pairs = [("game", query["game"]), ("rulebook", query["rulebook"])]
    for part in ("state", "action"):
        for key, value in query[part].items():
            if isinstance(value, bool):
                value = "true" if value else "false"
            pairs.append((f"{part}.{key}", value))
    return CHECK_PAGE + "?" + urlencode(pairs, quote_via=quote)


def _rules_apply(game: str, card_type: str) -> bool:
    """Whether the checker knows cards of ``card_type`` in ``game`` (its declaration lists it)."""
    declared = games.known(game)
    return declared is not None and card_type in declared.card_types


def ruling_states(game: str):
    """The situations a card's rulings answer: each phase of ``game``, on my turn and on
    someone else's, and in a combat each role."""
    declared = games.known(game)
    for phase in declared.phases if declared is not None else ():
        for my_turn in (True, False):
            for role in declared.roles_in(phase):
                state = {"phase": phase, "my_turn": my_turn}
                if role:
                    state["role"] = role
                yield state


def card_rulings(conn, card, name: str, rulebooks: list[str]) -> list[dict]:
    """What the checker says about playing ``card`` (a cards row, called ``name``) from the hand,
    per rulebook: ``[{"rulebook", "rulings": [{"verdict", "rules": [(rule, outcome)],
    "situations": [(state, query)]}]}]``, the situations with the same verdict, deciding rules
    and conditions together, allowed first. Empty for a card type the checker has no play for."""
    game, card_type = card["game_id"], card["type"]
    if not _rules_apply(game, card_type):
        return []
    stats = {f: json.loads(v) for f, v in queries.card_stats(conn, card["id"]).items()}
    card_dict = {"id": card["id"], "type": card_type, "name": name, "stats": stats}
    action = {"verb": "play", "card_type": card_type, "card": name, "from": "hand"}
    result = []
    for rulebook in rulebooks:
        groups: dict[tuple, dict] = {}
        for state in ruling_states(game):
            situation = Situation(game, rulebook, "play", state, action, card_dict)
            if _contradictions(situation):
                continue
            verdict = judge(situation, rulebook)
            key = (verdict.verdict, tuple((rule.id, outcome.condition,
                                            repr(outcome.condition_values()))
                                           for rule, outcome in verdict.deciding))
            group = groups.setdefault(key, {"verdict": verdict.verdict, "rules": [
                (rule, outcome) for rule, outcome in verdict.deciding], "situations": []})
            group["situations"].append(
                (state, {"game": game, "rulebook": rulebook, "state": state, "action": action}))
        order = {"allowed": 0, "conditional": 1, "forbidden": 2}
        result.append({"rulebook": rulebook, "rulings": sorted(
            groups.values(), key=lambda g: (order.get(g["verdict"], 3), -len(g["situations"])))})
    return result


def _rulings_view(rulings: list[dict], index: CardIndex, citer: Citer, names: dict,
                  game: str) -> list:
    views = []
    for book in rulings:
        rulebook = book["rulebook"]
        title = index.rulebook_title.get(rulebook, rulebook)
        book_lang = _lang(index.rulebook_lang.get(rulebook))
        entries = []
        for group in book["rulings"]:
            rules = []
            for rule, outcome in group["rules"]:
                quotes = []
                for quote in rule.citations.get(rulebook, ()):
                    cited = citer.cite(rulebook, quote)
                    section = (cited["section"] or "/").split("/", 1)[1]
                    quotes.append({"quote": quote, "lang": book_lang,
                                   "rulebook": safe_id(rulebook),
                                   "slug": safe_id(section) if section else None,
                                   "heading": cited["heading"]})
                rules.append({
                    "id": rule.id, "says": i18n._(rule.statement), "quotes": quotes,
                    "condition": i18n._(outcome.condition, **outcome.condition_values())
                    if outcome.condition else None,
                    "anchor": anchor(rule.id)})
            entries.append({
                "verdict": safe_id(group["verdict"]),
                "word": i18n._(VERDICT_WORDS[group["verdict"]]),
                "rules": rules,
                # the rulebook's title in it marked with its language (the message is escaped,
                # then filled in)
                "silent": Markup(markup.attr(i18n._(
                    "{rulebook}: no rule of this rulebook says anything about this situation; "
                    "the rulebook is silent"))).format(
                        rulebook=markup.html_in_lang(title, book_lang, index.lang))
                if not rules else None,
                "situations": [{"words": describe_state(state), "url": _check_url(query)}
                               for state, query in group["situations"]]})
        views.append({"rulebook": safe_id(rulebook), "title": title, "game": safe_id(game),
                      "lang": book_lang if book_lang != index.lang else None,
                      "heading_id": safe_id(f"rulings-{rulebook}"),
                      "lang_name": names.get(index.rulebook_lang.get(rulebook, ""), ""),
                      "rulings": entries})
    return views


def _game_rulebooks(data: SiteData, game: str, lang: str) -> list[str]:
    """The rulebooks of ``game``, those in the reader's language first."""
    books = [r for r in data.rulebooks if r["game_id"] == game]
    return [r["id"] for r in sorted(books, key=lambda r: r["lang"] != lang)]


def card_pages(conn, env, root: Path, lang: str, names: dict, data: SiteData) -> list[str]:
    written = []
    cards = []
    index = CardIndex(conn, data, lang)
    citer = Citer.of(conn)
    all_names = names  # names every language asked for, a rulebook's new one too
    named_by: dict[str, list[str]] = {}  # card -> the cards that name it as their counterpart
    for card_id, other in queries.counterpart_pairs(conn):
        named_by.setdefault(other, []).append(card_id)
    rules_known = {game: bool(rules_for(game)) for game in data.games}
    for card in index.rows:
        card_names = index.names[card["id"]]
        shown = index.shown(card["id"])
        display, display_lang = index.display(card["id"])
        context = f"card:{card['id']}:name"
        fuzzy = lang in shown and data.is_fuzzy(lang, context, shown[lang])
        game_name = data.games.get(card["game_id"])
        name_lang = _lang(game_lang(data, card["game_id"]))
        cards.append({"id": safe_id(card["id"]), "name": display, "fuzzy": fuzzy,
                      "name_lang": _lang(display_lang) if display_lang != lang else None,
                      "type": card["type"],
                      "type_label": type_label(card["type"]),
                      "game": card["game_id"], "game_name": game_name,
                      "game_lang": name_lang if name_lang != lang else None,
                      "langs": sorted(shown),
                      "others": [{"name": n, "lang": _lang(code)} for code, n in sorted(shown.items())
                                 if n != display],
                      "search": " | ".join(dict.fromkeys(
                          r["name"] for r in card_names))})
        facts = queries.card_fact_rows(conn, card["id"])
        stats = {f["field"]: json.loads(f["value"]) for f in facts if f["field"] != "text"}
        order = list(STAT_LABELS)
        stat_rows = sorted((f for f in facts if f["field"] != "text"),
                           key=lambda f: order.index(f["field"]) if f["field"] in order
                           else len(order))
        counterparts = json.loads(card["counterparts"]) + named_by.get(card["id"], [])
        mentions = queries.card_mentions(conn, card["id"])
        rulebooks = _game_rulebooks(data, card["game_id"], lang)
        rulings = card_rulings(conn, card, display, rulebooks) \
            if rules_known.get(card["game_id"]) else []
        fallback = None
        if display_lang != lang:
            fallback = (i18n._("This card has no known name in {language}; it is shown under "
                               "its name in {other}.", language=all_names.get(lang, lang),
                               other=all_names.get(display_lang, display_lang))
                        if display_lang else
                        i18n._("This card has no known name in {language}.",
                               language=all_names.get(lang, lang)))
        view = {
            "name": display, "name_lang": _lang(display_lang) if display_lang != lang else None,
            "fallback": fallback, "fuzzy": fuzzy,
            "type_line": _type_line(card, stats, game_name, name_lang, lang),
            "names": [{"lang": _lang(r["lang"]), "lang_name": all_names.get(r["lang"], r["lang"]),
                       "name": r["name"], "alias": r["kind"] == "alias",
                       "fuzzy": r["kind"] == "name" and data.is_fuzzy(r["lang"], context,
                                                                      r["name"]),
                       "source": _source(r, index)} for r in card_names],
            "stats": [{"label": i18n._(STAT_LABELS[f["field"]]) if f["field"] in STAT_LABELS
                       else _plain(f["field"]),
                       "lang": "", "links": [], **_stat_value(f["field"], json.loads(f["value"]), index,
                                     index.rulebook_lang.get(f["rulebook_id"], "")),
                       "source": _source(f, index)} for f in stat_rows],
            "texts": [{"lang": _lang(f["lang"] or index.rulebook_lang.get(f["rulebook_id"])),
                       "lang_name": all_names.get(f["lang"], f["lang"]),
                       "html": markup.block(json.loads(f["value"]))}
                      for f in facts if f["field"] == "text"],
            "counterparts": [{"id": safe_id(c), "name": index.display(c)[0],
                              "lang": _lang(index.display(c)[1])
                              if index.display(c)[1] != lang else None}
                             for c in dict.fromkeys(counterparts)
                             if c != card["id"] and c in index.names],
            "mentions": [{"slug": safe_id(m["ref"].split("/", 1)[1]), "heading": m["heading"],
                          "rulebook": safe_id(m["rulebook"]), "lang": _lang(m["lang"]),
                          "rulebook_title": index.rulebook_title.get(m["rulebook"], m["rulebook"]),
                          "lang_name": all_names.get(m["lang"], m["lang"])} for m in mentions],
            "rulings": _rulings_view(rulings, index, citer, all_names, card["game_id"]),
            "rules_apply": _rules_apply(card["game_id"], card["type"]),
        }
        view["front_matter"] = front_matter(
            markup.html_in_lang(display, display_lang, lang),
            {book["heading_id"]: book["lang"] for book in view["rulings"] if book["lang"]})
        # one source for every stat (a card face) is said once, under the box
        view["stats_source"] = None
        if len(view["stats"]) > 1 and all(s["source"] == view["stats"][0]["source"]
                                          for s in view["stats"]):
            view["stats_source"] = view["stats"][0]["source"]
            for stat in view["stats"]:
                stat["source"] = None
        relative = f"cards/{card['id']}/index.md"
        write_page(root, relative, env.get_template("card.md.j2").render(card=view))
        written.append(relative)
    # by game, then by the names the reader sees
    cards.sort(key=lambda c: (c["game"], c["name"].casefold()))
    present = dict.fromkeys(c["type"] for c in cards)
    types = sorted(({"id": t, "name": type_label(t)} for t in present),
                   key=lambda t: t["name"].casefold())
    games = [{"id": g, "name": n, "lang": _lang(game_lang(data, g))}
             for g, n in data.games.items()]
    langs = [{"code": c, "name": names[c]}
             for c in dict.fromkeys([*LANGUAGES, lang, *(r["lang"] for r in data.rulebooks)])]
    write_page(root, "cards/index.md", env.get_template("cards.md.j2").render(
        cards=cards, types=types, games=games, langs=langs))
    written.append("cards/index.md")
    return written
