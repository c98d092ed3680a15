"""The rulings commands: check a query, ask in plain words, can-play, combat, diff, table.

Each is a thin wrapper over the rules checker (``cardbase.rules``) or the question reader
(``cardbase.ask``), its answer printed by ``cardbase.render`` or, with ``--json``, as JSON.
"""

from __future__ import annotations

import sys

import click

from .. import render
from ..clitext import command, group, option
from ..i18n import N_, environment_language
from ..rules.limits import LIMITS
from .common import (GameChoice, _connect, _interactive, _use_language, db_option, guarded,
                     json_option, path_type)


def _print_vocabulary(ctx, _param, value):
    if not value or ctx.resilient_parsing:
        return
    from ..rules.query import vocabulary_markdown

    render.document(vocabulary_markdown())
    ctx.exit(0)


@command(help=N_("Answer \"can I do this now?\" for the query in QUERY (JSON or YAML; - for "
                 "standard input)."))
@click.argument("query_file", metavar="QUERY",
                type=path_type(allow_dash=True))
@option("--lang", help=N_("Explanations and quotes in this language where possible."))
@option("--help-vocabulary", is_flag=True, expose_value=False, is_eager=True,
        callback=_print_vocabulary,
        help=N_("List every key and value a query may use, and exit."))
@db_option
@json_option
@guarded
def check(query_file, lang, db_path, as_json):
    from ..rules.checker import check as run_check, read_query_file, read_query_stream

    _use_language(lang)
    if str(query_file) == "-":
        data = read_query_stream(getattr(sys.stdin, "buffer", sys.stdin), "<stdin>")
    else:
        data = read_query_file(query_file)
    result = run_check(_connect(db_path), data, lang or environment_language())
    if as_json:
        return render.json_output(result)
    render.answer(result)


@command(help=N_("Answer a rules QUESTION written as a player would say it, in any of five "
                 "languages."))
@click.argument("question")
@option("--lang", help=N_("The question's language (en, es, de, ja, vi); detected when left "
                          "out."))
@option("--game", type=GameChoice(),
        help=N_("The game (default: the one the question names, else Munchkin)."))
@option("--rulebook", help=N_("Ask one rulebook only."))
@db_option
@json_option
@guarded
def ask(question, lang, game, rulebook, db_path, as_json):
    from ..ask import Asker, Unreadable

    asker = Asker(_connect(db_path))
    _use_language(lang)
    try:
        result = asker.ask(question, lang, game, rulebook)
    except Unreadable as exc:
        _use_language(exc.lang or lang)  # the message, and its "error:", in the question's language
        raise
    _use_language(result["lang"])
    if as_json:
        return render.json_output(result)
    render.asked(result)
    asked = {}
    # On a terminal, ask for the fact a conditional answer depends on and answer again; a
    # reply that cannot be read is asked again, an empty one (or the end of input) stops
    while (result["verdict"] == "conditional" and result.get("missing")
           and result["missing"] not in asked and _interactive()):
        value = _follow_up(result["lang"], result["missing"])
        if value is None:
            return
        asked[result["missing"]] = value
        result = asker.ask(question, result["lang"], game, rulebook, extra=asked)
        render.asked(result)


#: how many replies that cannot be read are asked again before the follow-up gives up
FOLLOW_UP_TRIES = 3


def _follow_up(lang: str, fact: str):
    """The value the player gives ``fact`` at the prompt, or ``None`` (no reply, or none that
    could be read after ``FOLLOW_UP_TRIES``)."""
    from ..ask import followup

    text, choices = followup.prompt(lang, fact)
    for _try in range(FOLLOW_UP_TRIES):
        try:
            said = render.prompt(text, choices)
        except click.Abort:      # the end of input
            return None
        if not said.strip():
            return None
        value = followup.reply(lang, fact, said)
        if value is not None:
            return value
        render.not_understood(said, followup.expected(lang, fact))
    return None


@command("can-play", help=N_("Can I play WHAT (a card kind such as curse or half-breed, or "
                             "a card's name) now?"))
@click.argument("what")
@option("--game", help=N_("The game (default: the game of --rulebook, else the game of the "
                          "card WHAT names, else the database's only game)."))
@option("--rulebook", help=N_("Ask one rulebook only."))
@option("--verb", default="play", show_default=True,
        help=N_("The action: play, use, discard, sell, trade, equip..."))
@option("--phase", help=N_("The phase of the turn (setup, start_of_turn, combat...)."))
@option("--my-turn/--not-my-turn", default=None, help=N_("Whose turn it is."))
@option("--role", type=click.Choice(["fighter", "helper", "bystander"]))
@option("--level", type=click.IntRange(*LIMITS["level"]))
@option("--race", multiple=True, help=N_("A race (any language); repeat for two."))
@option("--class", "classes", multiple=True, help=N_("A class (any language)."))
@option("--from", "source", type=click.Choice(["hand", "in_play", "drawn_face_up",
                                               "drawn_face_down", "just_acquired"]))
@option("--target", help=N_("self, other_player, monster, combat..."))
@option("--lang", help=N_("Explanations and quotes in this language where possible."))
@db_option
@json_option
@guarded
def can_play(what, game, rulebook, verb, phase, my_turn, role, level, race, classes, source,
             target, lang, db_path, as_json):
    from ..rules.checker import can_play as run_can_play

    _use_language(lang)
    state = {k: v for k, v in {"phase": phase, "my_turn": my_turn, "role": role,
                               "level": level}.items() if v is not None}
    if race:
        state["race"] = list(race) if len(race) > 1 else race[0]
    if classes:
        state["class"] = list(classes) if len(classes) > 1 else classes[0]
    action = {k: v for k, v in {"from": source, "target": target}.items() if v}
    result = run_can_play(_connect(db_path), what, game=game, rulebook=rulebook, verb=verb,
                          state=state, action=action, lang=lang or environment_language())
    if as_json:
        return render.json_output(result)
    render.answer(result)


@command(help=N_("Who wins this fight? Every modifier explained, with the rules that apply."))
@option("--rulebook", help=N_("The rulebook to fight under (default: the database's only "
                              "rulebook that resolves combat)."))
@option("--level", type=click.IntRange(*LIMITS["level"]), default=1, show_default=True,
        help=N_("Your level."))
@option("--bonus", type=click.IntRange(*LIMITS["bonus"]), default=0,
        help=N_("Your bonuses from items in play."))
@option("--class", "classes", multiple=True)
@option("--race", multiple=True)
@option("--berserk", type=click.IntRange(*LIMITS["berserk"]), default=0,
        help=N_("Cards a Warrior discards to go berserk."))
@option("--one-shot", "one_shots", multiple=True,
        help=N_("A one-shot item used for you: a bonus (5) or a card name."))
@option("--helper-level", type=click.IntRange(*LIMITS["helper_level"]))
@option("--helper-bonus", type=click.IntRange(*LIMITS["helper_bonus"]), default=0)
@option("--helper-class", multiple=True)
@option("--helper-race", multiple=True)
@option("--monster", "monsters", multiple=True,
        help=N_("A monster: its card name (any language) or its level."))
@option("--enhancer", "enhancers", multiple=True,
        help=N_("An enhancer on the first monster: a bonus (+5) or a card name."))
@option("--against", "against", multiple=True,
        help=N_("A one-shot item used for the monsters: a bonus or a card name."))
@option("--lang", help=N_("Explanations and quotes in this language where possible."))
@db_option
@json_option
@guarded
def combat(rulebook, level, bonus, classes, race, berserk, one_shots, helper_level, helper_bonus,
           helper_class, helper_race, monsters, enhancers, against, lang, db_path, as_json):
    from ..rules.fight import fight

    _use_language(lang)
    result = fight(_connect(db_path), rulebook, level=level, bonus=bonus, classes=classes,
                   races=race, berserk=berserk, one_shots=one_shots, helper_level=helper_level,
                   helper_bonus=helper_bonus, helper_classes=helper_class,
                   helper_races=helper_race, monsters=monsters, enhancers=enhancers,
                   against=against, lang=lang)
    if as_json:
        return render.json_output(result)
    render.fight(result)


@command(help=N_("List where two rulebooks of one game disagree, quoted from both."))
@click.argument("first")
@click.argument("second")
@option("--lang", help=N_("Rule statements in this language."))
@db_option
@json_option
@guarded
def diff(first, second, lang, db_path, as_json):
    from ..rules.editions import differences

    _use_language(lang)
    result = differences(_connect(db_path), first, second)
    if as_json:
        return render.json_output(result)
    render.differences(result)


@command(help=N_("Answer every combination of situation and action for GAME (a whole "
                 "decision table)."))
@click.argument("game")
@db_option
@json_option
@guarded
def table(game, db_path, as_json):
    from ..rules.checker import game_table

    _use_language(None)
    result = game_table(_connect(db_path), game)
    if as_json:
        return render.json_output(result)
    render.decision_table(result)


@group("rules", help=N_("The rules checker's own accounts: what of each rulebook it encodes."))
def rules_group():
    pass


@rules_group.command("coverage", help=N_("Every sentence of every rule section: encoded by a rule, "
                                         "decided only in part, not executable, or "
                                         "unaccounted."))
@option("--rulebook", help=N_("One rulebook only."))
@option("--unaccounted", is_flag=True,
        help=N_("Also list the sentences no rule encodes and no note accounts for."))
@option("--partial", is_flag=True,
        help=N_("Also list the sentences a rule decides only in part, with the fact it lacks."))
@db_option
@json_option
@guarded
def rules_coverage(rulebook, unaccounted, partial, db_path, as_json):
    from ..rules.coverage import coverage

    result = coverage(_connect(db_path), rulebook)
    if as_json:
        return render.json_output(result)
    render.coverage(result, unaccounted, partial)
