"""The "Can I play this?" page: a form whose verdict comes from the checker's own decision diagrams.

Each game's checker is compiled once per build (``rules.diagram``) and exported per language as
a script beside the page (``check/data/<game>.js``); the page's script (``site/assets/check.js``)
only walks that diagram with the form's values and writes the answer it finds, so the page
answers without a server and without rules of its own. Every field is named by the query key it
sets (the public contract of the page); its choices are the values the diagram was compiled over,
labelled in the page's language. Fields a game does not have are hidden for that game.
"""

from __future__ import annotations

import json
from pathlib import Path

from markupsafe import Markup, escape

from .. import i18n, situations
from ..i18n import N_
from ..games import vocabulary
from ..rules.diagram import Compiled, export
from ..rules.model import VERDICT_WORDS
from .markup import bcp47, front_matter
from .scriptdata import script_json

#: each field's label (the query key it sets is its ``name``)
LABELS = {
    "game": N_("Game"), "rulebook": N_("Rulebook"), "action.verb": N_("What you want to do"),
    "action.card_type": N_("Kind of card"), "action.card": N_("Card"),
    "state.phase": N_("Phase of the turn"), "state.my_turn": N_("Is it your turn?"),
    "state.role": N_("Your part in the combat"), "action.from": N_("Where the card is"),
    "action.target": N_("On whom or what"), "state.race": N_("Your race"),
    "state.class": N_("Your class"), "state.level": N_("Your level"),
    "state.hand_size": N_("Cards in your hand"), "state.big_items": N_("Big items you carry"),
    "action.big": N_("Is it a Big item?"), "action.slot": N_("Where it is worn"),
    "action.gold": N_("Gold value"), "action.count": N_("How many cards"),
    "action.roll": N_("Your die roll"),
    "action.reason": N_("Why"), "action.one_shot": N_("Is it a one-shot item?"),
    "action.deck": N_("Deck"), "action.face": N_("Face"),
    "state.half_breed": N_("Half-Breed in play?"), "state.super_munchkin": N_("Super Munchkin in play?"),
    "state.dead": N_("Is your character dead?"),
    "state.lowest_level": N_("Are you the lowest level at the table?"),
    "state.died_since_my_last_turn": N_("Did you die since your last turn?"),
    "state.alliance": N_("Are you in the Alliance?"), "state.armies": N_("Armies you have in play"),
    "state.hit_points": N_("Your hit points"),
    "state.play_again_pending": N_("Play-again cards still to play"),
    "state.cards_played": N_("Cards played this turn"), "state.players_left": N_("Players left"),
    "state.monster_controlled": N_("Is the monster controlled?"),
    "state.controller": N_("Who controls the monster"),
    "state.minion_play_used": N_("Have you used your minion play?"),
    "state.munchkin_base_in_play": N_("Is a Munchkin base in play?"),
    "action.damage": N_("Damage"), "action.target_scope": N_("Which minions"),
    "action.toward": N_("Counted toward"), "action.trigger": N_("Which ability"),
}
#: the order of the fields on the page, in groups
GROUPS = (
    (N_("The game"), ("game", "rulebook")),
    (N_("What you want to do"), ("action.verb", "action.card_type", "action.card", "action.from",
                                 "action.target", "action.big", "action.one_shot", "action.slot",
                                 "action.gold", "action.count", "action.roll", "action.deck",
                                 "action.face",
                                 "action.damage", "action.target_scope", "action.toward",
                                 "action.trigger", "action.reason")),
    (N_("Your situation"), ("state.phase", "state.my_turn", "state.role", "state.race",
                            "state.class", "state.half_breed", "state.super_munchkin",
                            "state.level", "state.hand_size", "state.big_items", "state.dead",
                            "state.lowest_level", "state.died_since_my_last_turn",
                            "state.alliance", "state.armies", "state.hit_points",
                            "state.play_again_pending", "state.cards_played",
                            "state.players_left", "state.monster_controlled",
                            "state.controller", "state.minion_play_used",
                            "state.munchkin_base_in_play")),
)
#: the words for each closed list of values
_WORDS = {
    "state.phase": situations.game_words("phases"), "state.role": situations.ROLES,
    "state.race": situations.RACES, "state.class": situations.CLASSES,
    "action.verb": situations.VERBS, "action.card_type": situations.game_words("card_types"),
    "action.from": situations.SOURCES, "action.target": situations.TARGETS,
    "action.slot": situations.SLOTS, "action.deck": situations.DECKS,
    "action.face": situations.FACES, "state.controller": situations.CONTROLLERS,
    "action.reason": vocabulary.REASONS, "action.toward": vocabulary.TOWARD,
    "action.target_scope": vocabulary.TARGET_SCOPES, "action.trigger": vocabulary.TRIGGERS,
}
#: what the page's script says, in the page's language
MESSAGES = {
    "incomplete": N_("Choose a game and what you want to do: the verdict appears here."),
    "impossible": N_("This situation cannot happen:"),
    "because": N_("The rules that decide it"),
    "conditions": N_("It depends on"),
    "by_rulebook": N_("Each rulebook's verdict"),
    "other_rulebooks": N_("The other rulebooks say"),
    "silent": N_("No rule covers this situation: the rulebooks are silent."),
    "rule": N_("Rule"), "set_aside": N_("Sets aside"),
}


def _value_text(value) -> str:
    return "true" if value is True else "false" if value is False else str(value)


def _label(key: str, value, card_names: dict[str, tuple]) -> str:
    if value is True:
        return i18n._("yes")
    if value is False:
        return i18n._("no")
    if key == "action.card":
        return card_names.get(value, (value, ""))[0]
    words = _WORDS.get(key)
    if words and value in words:
        return i18n._(words[value])
    # a value the vocabulary has no words for yet is still said as words, never as an id
    return str(value).replace("_", " ")


def _groups(values: dict) -> list[tuple[str, list[str]]]:
    """``GROUPS``, with every other field a game's declaration offers added to the group of its
    part of the query (a new game's state key is asked with the others)."""
    groups = [(title, list(keys)) for title, keys in GROUPS]
    listed = {key for _title, keys in GROUPS for key in keys}
    group_of = {"action": groups[1][1], "state": groups[2][1]}
    for key in values:
        if key not in listed and key.split(".")[0] in group_of:
            group_of[key.split(".")[0]].append(key)
    return groups


def _field_label(key: str) -> str:
    """A field's label: its own, else the words the situations use for its key."""
    if key in LABELS:
        return i18n._(LABELS[key])
    name = key.split(".", 1)[-1]
    if name in situations.LABELS:
        return i18n._(situations.LABELS[name])
    if name in situations.FLAGS:
        return i18n._(situations.FLAGS[name][0])
    return name.replace("_", " ")


def _lang_attr(lang: str | None, page_lang: str) -> Markup:
    """` lang="xx"` for a text in another language than the page's."""
    code = bcp47(lang)
    return Markup(' lang="{l}"').format(l=code) if code and code != bcp47(page_lang) else Markup("")


def _options(key: str, values_by_game: dict[str, tuple], card_names: dict[str, tuple],
             lang: str) -> Markup:
    games_of: dict[object, list[str]] = {}
    for game, values in values_by_game.items():
        for value in values:
            if value is not None:
                games_of.setdefault(value, []).append(game)
    options = [Markup('<option value="">—</option>')]
    for value, games in games_of.items():
        marked = Markup("")
        if key == "action.card" and value in card_names:
            # a link may name the card in any language: the page finds it by any of its names
            marked = _lang_attr(card_names[value][1], lang) + Markup(' data-names="{n}"').format(
                n="|".join(card_names[value][2]))
        options.append(Markup('<option value="{v}" data-games="{g}"{m}>{t}</option>').format(
            v=_value_text(value), g=" ".join(games), m=marked,
            t=_label(key, value, card_names)))
    return Markup("").join(options)


def render_form(compiled: dict[str, Compiled], games: dict[str, str], rulebooks: list[dict],
                card_names: dict[str, tuple], lang: str) -> Markup:
    """The form and the verdict, as HTML for the page's Markdown. ``card_names`` labels each
    card the form offers, with the language of the label."""
    # a game's name is in the language of its rulebooks when they share one
    game_langs: dict[str, set] = {}
    for r in rulebooks:
        game_langs.setdefault(r["game_id"], set()).add(r["lang"])
    values: dict[str, dict[str, tuple]] = {}
    for game, diagram in compiled.items():
        for field in diagram.fields:
            values.setdefault(field.key, {})[game] = field.values
        values.setdefault("action.verb", {})[game] = tuple(vocabulary.VERBS)
    game_options = Markup('<option value="">—</option>') + Markup("").join(
        Markup('<option value="{v}" data-games="{v}"{m}>{t}</option>').format(
            v=game, t=games.get(game, game), m=_lang_attr(
                next(iter(game_langs[game])) if len(game_langs.get(game, ())) == 1 else None,
                lang)) for game in compiled)
    book_options = Markup('<option value="">{t}</option>').format(
        t=i18n._("every rulebook of the game")) + Markup("").join(
        Markup('<option value="{v}" data-games="{g}"{m}>{t}</option>').format(
            v=r["id"], g=r["game_id"], t=r["title"], m=_lang_attr(r["lang"], lang))
        for r in rulebooks
        if r["game_id"] in compiled)
    parts = [Markup('<form class="cb-check" id="cb-check" autocomplete="off">')]
    for title, keys in _groups(values):
        parts.append(Markup("<fieldset><legend>{t}</legend>").format(t=i18n._(title)))
        for key in keys:
            if key == "game":
                options, games_here = game_options, list(compiled)
            elif key == "rulebook":
                options, games_here = book_options, list(compiled)
            elif key in values:
                options = _options(key, values[key], card_names, lang)
                games_here = list(values[key])
            else:
                continue
            ident = "cb-f-" + key.replace(".", "-")
            parts.append(Markup(
                '<div class="cb-field" data-games="{g}"><label for="{i}">{l}</label>'
                '<select id="{i}" name="{k}">{o}</select></div>').format(
                g=" ".join(games_here), i=ident, l=_field_label(key), k=key, o=options))
        parts.append(Markup("</fieldset>"))
    parts.append(Markup("</form>"))
    words = {name: i18n._(message) for name, message in MESSAGES.items()}
    words["verdicts"] = {v: i18n._(w) for v, w in VERDICT_WORDS.items()}
    words["rulebooks"] = {r["id"]: r["title"] for r in rulebooks}
    words["lang"] = lang
    parts.append(Markup(
        '<div class="cb-verdict" id="cb-verdict" data-verdict="" aria-live="polite">'
        '<p class="cb-verdict-word">{t}</p><div class="cb-verdict-detail"></div></div>').format(
        t=words["incomplete"]))
    # the words travel as JSON inside a script element, which no text of theirs can end or open
    data = script_json(words, ensure_ascii=False)
    parts.append(Markup('<script type="application/json" id="cb-check-words">')
                 + Markup(data) + Markup("</script>"))
    return Markup("").join(parts)


def write_data(compiled: dict[str, Compiled], lang: str, folder: Path) -> list[str]:
    """Write each game's diagram for ``lang`` as ``<game>.js`` in ``folder``; the file names."""
    folder.mkdir(parents=True, exist_ok=True)
    names = []
    for game, diagram in compiled.items():
        data = script_json(export(diagram, lang), ensure_ascii=False, separators=(",", ":"))
        name = f"{game}.js"
        (folder / name).write_text(
            "window.cbCheckData = window.cbCheckData || {};\n"
            f"window.cbCheckData[{json.dumps(game)}] = {data};\n", encoding="utf-8")
        names.append(name)
    return names


def render_page(compiled: dict[str, Compiled], games: dict[str, str], rulebooks: list[dict],
                card_names: dict[str, str], lang: str, data_files: list[str]) -> str:
    """The page's Markdown."""
    title = i18n._("Can I play this?")
    intro = i18n._("Describe the situation: the verdict follows each choice, with the rules that "
                   "decide it and the rulebooks' own words. A field left empty is left out of "
                   "the question. The address of the page holds the situation, to share it.")
    scripts = "\n".join(f'<script src="data/{escape(name)}"></script>' for name in data_files)
    # the theme prints the front matter's title as HTML: escaped for it by front_matter
    return (f"{front_matter(title=title)}\n"
            f'# {escape(title)}\n\n<p class="cb-intro">{escape(intro)}</p>\n\n'
            f'<link rel="stylesheet" href="../assets/check.css">\n\n'
            f"{render_form(compiled, games, rulebooks, card_names, lang)}\n\n"
            f"{scripts}\n<script src=\"../assets/check.js\"></script>\n")


def compile_all(conn, languages, catalogs=None, elsewhere=None) -> dict[str, Compiled]:
    """Every game's checker in the database, compiled once for all of ``languages`` (answers
    worded with the interface ``catalogs``, else the usual ones).

    Each game's verbs are compiled in two parts (``diagram.verb_parts``) and merged, so the
    result is the same whether ``elsewhere(game, rulebooks, verbs, languages, catalogs)``, a
    function that compiles a part in another process and returns its future, is given or not:
    given, the second parts are compiled there while this process compiles the first."""
    from ..rules.diagram import compile_game, verb_parts
    from ..storage import queries

    languages = tuple(languages)
    parts = {}
    for game in sorted(set(queries.rulebook_games(conn).values())):
        rulebooks = queries.rulebooks_of_game(conn, game)
        first, second = verb_parts(game, rulebooks)
        later = elsewhere(game, rulebooks, second, languages, catalogs) if elsewhere else None
        parts[game] = (rulebooks, first, second, later)
    compiled = {}
    for game, (rulebooks, first, second, later) in parts.items():
        compiled[game] = compile_game(game, rulebooks, conn, languages=languages, verbs=first,
                                      catalogs=catalogs)
        compiled[game].merge(later.result() if later is not None else compile_game(
            game, rulebooks, conn, languages=languages, verbs=second, catalogs=catalogs))
    return compiled


def card_labels(conn, compiled: dict[str, Compiled],
                lang: str) -> dict[str, tuple[str, str | None, list[str]]]:
    """Each card the form offers (by the name it sends): its label, the card's name in ``lang``
    (else the name it sends), the label's language, and all the card's names."""
    from ..storage import queries

    labels = {}
    for game in compiled:
        for card_id, name in queries.card_form_names(conn, game):
            names = [(r["name"], r["lang"]) for r in queries.card_names(conn, card_id)
                     if r["kind"] == "name"]
            own = [n for n in names if n[1] == lang]
            label, label_lang = own[0] if own else next((n for n in names if n[0] == name),
                                                        (name, None))
            labels[name] = (label, label_lang, sorted({n for n, _lang in names}))
    return labels


def write_check_page(conn, root: Path, lang: str, games: dict[str, str], rulebooks: list[dict],
                     compiled: dict[str, Compiled] | None = None, catalogs=None) -> list[str]:
    """Write ``check/index.md`` and its data under ``root``; the pages written."""
    if compiled is None:
        compiled = compile_all(conn, (lang,), catalogs)
    files = write_data(compiled, lang, root / "check" / "data")
    page = render_page(compiled, games, rulebooks, card_labels(conn, compiled, lang), lang,
                       files)
    (root / "check").mkdir(parents=True, exist_ok=True)
    (root / "check" / "index.md").write_text(page, encoding="utf-8")
    return ["check/index.md"]
