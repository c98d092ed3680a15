"""Combat resolution as rules: who wins a Munchkin fight, with every modifier explained.

The fighter's strength is their level plus their bonuses, one-shot items and a Warrior's
berserking discards; a helper adds theirs; each monster's strength is its level plus its
enhancers, and several monsters add up. The monster wins ties, unless a Warrior is on the
players' side. Every step names the rule that makes it, with the rulebook's words.
"""

from __future__ import annotations

from ..i18n import _, ngettext
from .engine import Citer
from .model import rule

ES, JA, DE = "munchkin-es", "munchkin-ja", "munchkin-warhammer-aos-de"
GAMES = ("munchkin", "munchkin-warhammer-aos")
N_ = lambda message: message  # noqa: E731


def _no_judgement(situation, rulebook):
    return None  # these rules decide fights, through ``resolve``, not moves


rule("munchkin.combat.strength", GAMES,
     N_("Combat strength is your level plus every modifier, positive or negative, from items and "
        "other cards."),
     cite={ES: ("Para luchar contra un monstruo, compara su fuerza de combate con la tuya.",
                "La fuerza de combate es el resultado de la suma del Nivel y todos los "
                "modificadores, tanto positivos como negativos, proporcionados por objetos"),
           JA: ("モンスターと戦闘するには、モンスターカードの上に書かれているレベルをチェックします。",
                "自分のレベルと自分が運んでいるアイテムによるボーナスを合計しモンスターのレベルより大きい数字ならばそのモンスターを倒すことが出来ます。")},
     verbs=())(_no_judgement)
rule("munchkin.combat.one_shots_count", GAMES,
     N_("One-shot items used in the combat add to the strength of the side they are used for."),
     cite={ES: "Durante el combate también puedes utilizar cartas de un solo uso (como las "
               "pociones)",
           JA: "戦闘の間に手札からカード-ポーション等-を使う事が出来ます。"}, verbs=())(_no_judgement)
rule("munchkin.combat.helper_adds", GAMES,
     N_("A helper adds their combat strength to yours."),
     cite={ES: "Sólo puede ayudarte un jugador, sumando su fuerza de combate a la tuya.",
           JA: "そのプレイヤーのレベルとそのプレイヤーが運んでいるアイテムによるボーナスの合計値を自分の合計値に追加します。"}, verbs=())(_no_judgement)
rule("munchkin.combat.enhancers_add", GAMES,
     N_("Monster enhancers raise or lower a monster's combat strength (some are negative); all "
        "those played on one monster add up."),
     cite={ES: ("Ciertas cartas, llamadas mejoras de monstruo, aumentan o reducen la fuerza de "
                "combate de un monstruo (sí, hay mejoras negativas).",
                "Todas las mejoras de un mismo monstruo deben sumarse."),
           JA: ("\"Ancient(古代の)\", \"Engraged(怒った)\", \"Inteligent(インテリの)\", \"Humongous(ばかでかい)\"といったカードはモンスターのレベルを上げる効果があります。",
                "\"Baby(ベイビー)\"のカードはモンスターのレベルを下げる効果が有ります。",
                "能力を高める(Enhance)は全て重なります。"),
           DE: "Alle derartigen Boni und\nMali addieren sich auf!"}, verbs=())(_no_judgement)
rule("munchkin.monster_enhancer.mate_enhanced_too", GAMES,
     N_("A Mate adds a copy of the monster to the combat, and everything that enhances the "
        "monster enhances its Mate too, in whatever order they were played."),
     cite={ES: "Los \"Amiguitos\" son una excepción a esta regla, ya que todo lo que mejore un "
               "monstruo también mejora a su \"Amiguito\".",
           JA: ("\"Wandering Monster(ワンダリングモンスター)\"や\"Mate(仲間)\"といったカードは、戦闘に追加のモンスターを加えます。",
                "能力が高められたモンスターは仲間のモンスターの能力をも引き上げます。"),
           DE: "seinen Zwilling – wenn Kommandanten-Modell, Chaotisch und Zwilling egal in "
               "welcher Reihenf"}, verbs=())(_no_judgement)
rule("munchkin.combat.several_monsters", GAMES,
     N_("Against several monsters you must beat the sum of their combat strengths; special "
        "abilities and powers apply to the whole combat."),
     cite={ES: ("debes superar la suma de sus fuerzas de combate.",
                "Las habilidades y poderes especiales se aplican a todo el combate.")},
     verbs=())(_no_judgement)
rule("munchkin.combat.monster_wins_ties", GAMES,
     N_("If the monster's combat strength equals or exceeds yours, you lose and must run away."),
     cite={ES: ("Si la fuerza de combate del monstruo es igual o superior a la tuya, pierdes el "
                "combate y debes Huir",
                "Si nadie te ayuda... o si alguien trata de ayudarte y tus compañeros te hieren o "
                "ayudan al monstruo de modo que ni siquiera puedas derrotarlo junto con tu "
                "aliado... debes Huir."),
           JA: ("自分のレベルと自分が運んでいるアイテムによるボーナスを合計しモンスターのレベルより大きい数字ならばそのモンスターを倒すことが出来ます。",
                "もしだれも助けてくれなかった場合、または助けてくれてもモンスターに勝てない場合、逃げなくてはなりません(Running Away)。")},
     verbs=())(_no_judgement)
rule("munchkin.combat.warrior_wins_ties", GAMES,
     N_("A Warrior wins ties: with a Warrior fighting, a tie goes to the players."),
     cite={ES: "si un Guerrero te ayuda, ganaréis si vuestro total combinado empata con el Nivel "
               "del monstruo, gracias a uno de los poderes de esa Clase",
           JA: "例えば、戦士(Warrior)があなたを助けてくれた場合、モンスターのレベルと2人の合計値が同じだったとしても勝利する事が出来ます。"}, verbs=())(_no_judgement)
rule("munchkin.combat.helper_shares_abilities", GAMES,
     N_("The monster's special abilities and weaknesses apply to your helper too, and the "
        "helper's abilities apply against the monster (a helping Warrior wins ties)."),
     cite={ES: "Las capacidades especiales y las vulnerabilidades del monstruo también se aplican "
               "a tu ayudante, y viceversa.",
           JA: ("モンスターの弱点や特殊能力はそのまま助けてくれたプレイヤーにも適応されます。",
                "逆に助けてくれたプレイヤの特殊能力も同様にモンスターに適応されます。"),
           # what survives of the German sentence: "if someone helps you, [the monster's]
           # special strengths or we[aknesses apply to them] ... and vice versa"
           DE: ("Hilft dir jemand, besonderen Stärken oder Sc", "und umgekehrt.")},
     verbs=())(_no_judgement)
rule("munchkin.combat.berserking", GAMES,
     N_("A Warrior may go berserk once per combat: each card discarded adds 1 to their combat "
        "strength."),
     cite={ES: ("él puede usar su Furia Berserker y aumentar su fuerza de combate deshaciéndose "
                "de cartas (aunque sólo una vez por combate, no por monstruo)",
                "Cada uno de estos descartes le proporciona un +1 a su fuerza de combate."),
           JA: "また戦士はバーサークすることで手札からカードを任意の枚数捨て、その分攻撃力を増加することが出来ます。"}, verbs=())(_no_judgement)


# Fighter and Monster are plain classes, not dataclasses: building a dataclass runs generated
# code at import (and imports ``dataclasses`` and ``copy``), and every Munchkin ``cardbase check``
# imports this module for its rules.
class _Record:
    """Equality and ``repr`` from the fields a class lists in ``__slots__``, in that order."""

    __slots__ = ()

    def _key(self) -> tuple:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other) -> bool:
        return type(other) is type(self) and self._key() == other._key()

    __hash__ = None

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({fields})"


class Fighter(_Record):
    """A player's side of a fight: level, bonus, Classes and Races, a Warrior's discards."""

    __slots__ = ("level", "bonus", "classes", "races", "berserk")

    def __init__(self, level: int = 1, bonus: int = 0, classes: list[str] | None = None,
                 races: list[str] | None = None, berserk: int = 0):
        self.level, self.bonus, self.berserk = level, bonus, berserk
        self.classes = classes if classes is not None else []
        self.races = races if races is not None else []


def _amount(modifier) -> int:
    return modifier[1] if isinstance(modifier, tuple) else modifier


def _said(modifier) -> str:
    """A modifier in words: ``+5``, or with the card that gives it, ``Misil Mágico +5``."""
    name, value = modifier if isinstance(modifier, tuple) else (None, modifier)
    return f"{name} {value:+d}" if name else f"{value:+d}"


class Monster(_Record):
    """A monster in a fight: its name, level, enhancers (each a number, or the card's name and
    its number) and the Mates played on it."""

    __slots__ = ("name", "level", "enhancers", "mates")

    def __init__(self, name: str, level: int, enhancers: list | None = None,
                 mates: int = 0):
        self.name, self.level = name, level
        self.enhancers = enhancers if enhancers is not None else []
        #: Mates played on it: each a copy of the monster, enhancers and all
        self.mates = mates


def resolve(rulebook: str, fighter: Fighter, monsters: list[Monster], *, helper: Fighter | None = None,
            one_shots_for_players: list = (), one_shots_for_monsters: list = (),
            citer: Citer | None = None, lang: str | None = None) -> dict:
    """Resolve one fight under ``rulebook``; return the totals, the winner and every step.

    A one-shot item or an enhancer is a number, or a card's name and its number: the steps name
    the cards they were given as."""
    from .model import REGISTRY

    citer = citer or Citer(None)
    rules = {r.id: r for r in REGISTRY}
    steps: list[dict] = []

    def step(rule_id: str, text: str) -> None:
        rule_ = rules[rule_id]
        quotes = [citer.cite(rb, q) for rb in ([rulebook] if rule_.applies_to(rulebook) else
                                               list(rule_.citations)) for q in rule_.citations[rb]]
        steps.append({"rule": rule_id, "says": _(rule_.statement), "step": text,
                      "citations": quotes})

    if fighter.berserk and "warrior" not in fighter.classes:
        raise ValueError(_("only a Warrior can go berserk"))
    players = fighter.level + fighter.bonus + fighter.berserk
    step("munchkin.combat.strength", _("you: level {level} + bonus {bonus} = {total}",
                                       level=fighter.level, bonus=fighter.bonus,
                                       total=fighter.level + fighter.bonus))
    if fighter.berserk:
        step("munchkin.combat.berserking", _("berserking: {n} cards discarded, +{n}",
                                             n=fighter.berserk))
    if helper is not None:
        helper_total = helper.level + helper.bonus + helper.berserk
        players += helper_total
        step("munchkin.combat.helper_adds", _("helper: level {level} + bonus {bonus} = {total}",
                                              level=helper.level, bonus=helper.bonus,
                                              total=helper_total))
    if one_shots_for_players:
        players += sum(_amount(m) for m in one_shots_for_players)
        step("munchkin.combat.one_shots_count", _("one-shot items for the players: {mods}",
                                                  mods=", ".join(_said(m) for m in
                                                                 one_shots_for_players)))
    monster_total = 0
    for monster in monsters:
        strength = monster.level + sum(_amount(m) for m in monster.enhancers)
        if monster.enhancers:
            step("munchkin.combat.enhancers_add", _("{name}: level {level} {mods} = {total}",
                                                    name=monster.name, level=monster.level,
                                                    mods=" ".join(_said(m) for m in
                                                                  monster.enhancers),
                                                    total=strength))
        else:
            step("munchkin.combat.strength", _("{name}: level {level}", name=monster.name,
                                               level=monster.level))
        if monster.mates:
            each = strength
            strength *= 1 + monster.mates
            step("munchkin.monster_enhancer.mate_enhanced_too",
                 ngettext("{name} and its Mate: {each} each, {total} together",
                          "{name} and its {n} Mates: {each} each, {total} together",
                          monster.mates, name=monster.name, each=each, total=strength))
        monster_total += strength
    if len(monsters) > 1:
        step("munchkin.combat.several_monsters", _("monsters together: {total}",
                                                   total=monster_total))
    if one_shots_for_monsters:
        monster_total += sum(_amount(m) for m in one_shots_for_monsters)
        step("munchkin.combat.one_shots_count", _("one-shot items for the monsters: {mods}",
                                                  mods=", ".join(_said(m) for m in
                                                                 one_shots_for_monsters)))
    warrior = "warrior" in fighter.classes or (helper is not None and "warrior" in helper.classes)
    if players > monster_total:
        winner = "players"
        step("munchkin.combat.strength", _("{players} beats {monsters}: the players win",
                                           players=players, monsters=monster_total))
    elif players == monster_total and warrior and rules["munchkin.combat.warrior_wins_ties"] \
            .applies_to(rulebook):
        winner = "players"
        step("munchkin.combat.warrior_wins_ties", _("{players} ties {monsters}; a Warrior wins "
                                                    "ties: the players win", players=players,
                                                    monsters=monster_total))
        if "warrior" not in fighter.classes \
                and rules["munchkin.combat.helper_shares_abilities"].applies_to(rulebook):
            step("munchkin.combat.helper_shares_abilities",
                 _("the Warrior is the helper: a helper's abilities count in the fight"))
    else:
        winner = "monsters"
        step("munchkin.combat.monster_wins_ties", _("{players} against {monsters}: the monsters "
                                                    "win; run away", players=players,
                                                    monsters=monster_total))
    return {"rulebook": rulebook, "players": players, "monsters": monster_total,
            "winner": winner, "steps": steps}
