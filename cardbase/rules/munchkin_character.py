"""The Munchkin character as rules: levels and how they change, winning, what a Race, Class or
army gives, which items help and who may use them, treasure, and the optional fast-play rules.

These complete the core rules of ``munchkin`` (timing of Race, Class and item cards, combat
rewards, selling) with the rulebook passages about the character itself: a level goes up only by
a kill, a card or a sale and never drops below 1; abilities come from the cards in front of you;
an item helps only when it is in play, in use and usable by you; extra Big items must go at once;
the first to level 10 wins. Each rule cites every edition that states it (the Spanish newer
edition, the Japanese older one, and the German Munchkin Warhammer Age of Sigmar rulebook where it
says the same); a rule only one edition states cites only that one, so ``cardbase diff`` finds it.
"""

from __future__ import annotations

from .model import ALLOW, FORBID, FORBIDDEN, REGISTRY, depends, partial, rule
from .query import Situation

ES, JA, DE = "munchkin-es", "munchkin-ja", "munchkin-warhammer-aos-de"
CORE, FAMILY = ("munchkin",), ("munchkin", "munchkin-warhammer-aos")
WARHAMMER = ("munchkin-warhammer-aos",)
N_ = lambda message: message  # noqa: E731  (marks a message id for extraction)

#: how many items of each slot can be in use at once (two hands: two 1-hand items or one 2-hand)
_SLOT_CAPACITY = {"headgear": 1, "armor": 1, "footgear": 1}
#: the reasons that are a card telling you to do something
_CARD_REASONS = ("curse", "bad_stuff", "card_allows")


def _has_race(s: Situation) -> bool:
    return any(r != "human" for r in s.races)


def _armies(s: Situation) -> int:
    return s.state.get("armies", len(s.armies))


def _level_reached(s: Situation) -> int:
    """The level a player ends the combat on: a level per monster killed for the fighter and
    for an Elf who helped (the rules of ``munchkin.rewards.level_per_monster``)."""
    if "to_level" in s.action:
        return s.action["to_level"]
    gained = 0
    if s.combat("result") == "won" and (s.role == "fighter" or "elf" in s.races):
        gained = max(1, s.combat("monsters", 1) or 1)
    return s.level + gained


# --- levels --------------------------------------------------------------------------------------

@rule("munchkin.level.gain_by_kill_or_card", CORE,
      N_("You go up a level when you kill a monster or when a card says so (or by selling items "
         "for levels); nothing else gives you a level."),
      cite={ES: ("Cuando las reglas y cartas se refieren al Nivel, quieren indicar este número.",
                 "Subes un Nivel cuando matas un monstruo o cuando una carta lo indica."),
            JA: ("プレイの進行に従ってレベルがあがったり、下がったりします。",
                 "レベルはモンスターを倒した時か、特定のカードにより指示された場合にあがります。")},
      restriction=True,
      verbs=("gain_level",))
def gain_level(s: Situation, rulebook: str):
    if s.verb != "gain_level":
        return None
    reason = s.action.get("reason")
    if s.combat("result") == "won" or reason in ("killed_monster", "card_allows"):
        return ALLOW  # whether a helper goes up too is munchkin.rewards.level_per_monster's
    if s.combat("result") == "lost" or reason is not None:
        return FORBID
    return depends(N_("you killed a monster, or a card gives you the level"))


@rule("munchkin.level.never_below_one", CORE,
      N_("You lose a level only when a card says so, and nothing takes your level below 1 "
         "(your combat strength may still drop below 1)."),
      cite={ES: ("Pierdes un Nivel cuando una carta lo indica.",
                 "Tu Nivel no puede bajar de 1.",
                 "Sin embargo, tu Nivel efectivo en un combate puede ser negativo, si te maldicen "
                 "o te apuñalan.",
                 "Nada puede reducir el Nivel de un jugador por debajo de 1, aunque los efectos de "
                 "las cartas pueden reducir la fuerza de combate de un jugador o monstruo por "
                 "debajo de 1."),
            JA: ("レベルを失う場合は、カードの指示に書かれています。",
                 "レベルは1未満に下がることはありませんが、呪われていたり後方から襲われた場合には戦闘の際にマイナスとして一時的に計算する場合がありえます。")},
      verbs=("lose_level",))
def lose_level(s: Situation, rulebook: str):
    if s.verb != "lose_level":
        return None
    if s.level - s.action.get("count", 1) < 1:
        return FORBID
    reason = s.action.get("reason")
    if reason in _CARD_REASONS:
        return ALLOW
    if reason is not None:
        return FORBID
    return depends(N_("a card (a curse, a monster's Bad Stuff) tells you to lose it"))


#: the four rules that, in the newer edition, a card sets aside only when it says so explicitly
PROTECTED = ("munchkin.level.never_below_one", "munchkin.rewards.level_per_monster",
             "munchkin.rewards.after_combat", "munchkin.winning.kill_for_level_ten")


@rule("munchkin.cards_over_rules.four_exceptions", CORE,
      N_("Ignore a card effect that seems to contradict one of four rules (no level below 1, a "
         "level after combat only for a kill, no rewards in the middle of a combat, level 10 only "
         "by a kill) unless the card says explicitly that the rule does not apply."),
      cite={ES: "Sin embargo, debes ignorar cualquier efecto de carta que parezca contradecir una "
                "de las reglas indicadas a continuación, a no ser que la carta indique "
                "explícitamente que la regla en cuestión no se aplica en ese caso."},
      overrides=("*",),
      verbs=("gain_level", "lose_level", "sell", "play", "use", "draw_treasure"),
      counterparts=("munchkin.cards_over_rules",))
def four_exceptions(s: Situation, rulebook: str):
    if s.action.get("reason") != "card_allows":
        return None
    for protected in REGISTRY:
        if protected.id in PROTECTED and rulebook in protected.citations \
                and (protected.verbs is None or s.verb in protected.verbs):
            outcome = protected.judge(s, rulebook)
            if outcome is not None and outcome.verdict == FORBIDDEN:
                return depends(N_("the card says explicitly that this rule does not apply"))
    return None


# --- winning and the turn ----------------------------------------------------------------------

@rule("munchkin.winning.first_to_ten", CORE,
      N_("Levels run from 1 to 10: the first player to reach level 10 wins."),
      cite={ES: "El primer jugador que alcance el Nivel 10º gana",
            JA: ("レベルは1~10まであります。",
                 "最初に10レベルに達成したプレイヤーが勝利します")},
      verbs=("win",))
def first_to_ten(s: Situation, rulebook: str):
    if s.verb != "win":
        return None
    if _level_reached(s) < 10:
        return FORBID
    if s.role == "helper" and s.combat("result") == "won":
        # the fighter may reach level 10 with the same kill: then neither was first
        return depends(N_("the player you helped does not reach level 10 in the same combat"))
    return ALLOW


@rule("munchkin.winning.together_both_win", CORE,
      N_("In the older edition, two players who reach level 10 together by killing a monster "
         "both win."),
      cite={JA: "もし2人のプレイヤーが同時にモンスターを倒して10レベルになった場合、双方のプレイヤーとも勝利となります。"},
      overrides=("munchkin.winning.first_to_ten",),
      verbs=("win",))
def together_both_win(s: Situation, rulebook: str):
    if s.verb == "win" and s.role == "helper" and s.combat("result") == "won" \
            and _level_reached(s) >= 10:
        return ALLOW
    return None


@rule("munchkin.variant.shared_victory", CORE,
      N_("Optional rule: with shared victories, the player who helped someone reach level 10 in "
         "a combat wins too, whatever their own level."),
      cite={ES: "También podéis permitir que haya victorias compartidas: Si un jugador llega a "
                "Nivel 10 en un combate en el que recibió ayuda, el jugador que le ayudó también "
                "gana la partida, independientemente del Nivel que tenga."},
      overrides=("munchkin.winning.first_to_ten", "munchkin.rewards.level_per_monster"),
      verbs=("win",))
def shared_victory(s: Situation, rulebook: str):
    if s.verb != "win" or s.role != "helper" or s.combat("result") != "won" \
            or _level_reached(s) >= 10:
        return None
    return depends(N_("you play with the shared-victory variant and the player you helped "
                      "reaches level 10 in this combat"))


@rule("munchkin.turn.in_order", CORE,
      N_("The game goes in turns, each made of phases; when a player ends their turn the player "
         "on their left begins: only the player whose turn it is takes its phases."),
      cite={ES: ("El juego continúa por turnos, cada uno de ellos con sus diferentes fases (ver "
                 "más abajo).",
                 "Cuando el primer jugador termina su turno, el jugador a su izquierda puede "
                 "empezar el suyo, y así sucesivamente."),
            JA: ("ゲームはターンを1つの単位として進みます。",
                 "1ターンはいくつかのフェーズによって構成されています。",
                 "最初にプレイするプレイヤーがターンを終了すると、その左のプレイヤーのターンになります。",
                 "以後同様に続けます。")},
      restriction=True,
      verbs=("kick_open_door", "look_for_trouble", "loot_the_room", "end_turn"))
def in_order(s: Situation, rulebook: str):
    if s.verb in ("kick_open_door", "look_for_trouble", "loot_the_room", "end_turn") \
            and not s.my_turn:
        return FORBID
    return None


@rule("munchkin.variant.listen_at_the_door", CORE,
      N_("Optional fast-play rule: at the start of your turn, before kicking open the door, draw "
         "one Door card face down; looting the room then gives a face-down Treasure instead of a "
         "Door card."),
      cite={ES: ("Si queréis acelerar vuestras partidas, podéis añadir una “fase 0” al juego, "
                 "llamada “Pegar el oído a la puerta”.",
                 "Al principio de tu turno, antes de abrir una puerta, roba una carta de Dungeon "
                 "boca abajo, que puedes jugar o no.",
                 "Después, organiza las cartas y pasa a la fase de “Abrir una puerta” normalmente.",
                 "Si saqueas la habitación, robas un Tesoro, boca abajo, y no una carta de "
                 "Dungeon.")},
      restriction=True,
      verbs=("draw",))
def listen_at_the_door(s: Situation, rulebook: str):
    if s.verb != "draw" or s.state.get("died_since_my_last_turn"):
        return None  # a dead character's new hand is munchkin.death.new_hand's
    deck, face = s.action.get("deck"), s.action.get("face", "down")
    if s.phase == "start_of_turn" and deck in (None, "door") and s.turn("door") is None:
        if not s.my_turn or face != "down" or s.action.get("count", 1) != 1:
            return FORBID
    elif not (s.phase == "loot_the_room" and deck == "treasure"):
        return None
    return depends(N_("you play with the fast-play rule \"listen at the door\""))


# --- races, classes and armies -----------------------------------------------------------------

@rule("munchkin.powers.need_the_card", CORE,
      N_("Race and Class abilities come only from the cards in front of you: everyone starts as "
         "a level 1 Human with no Class, a character with no Race card is Human and one with no "
         "Class card has no Class, and neither has such abilities to use."),
      cite={ES: ("Todo el mundo empieza como un Humano de Nivel 1 sin Clase",
                 "Los personajes pueden ser Humanos, Elfos, Enanos o Medianos.",
                 "Si no tienes una carta de Raza frente a ti, eres Humano.",
                 "Los Humanos no tienen capacidades especiales, mientras que todas las demás "
                 "Razas si las tienen (se explican en las cartas).",
                 "Adquieres las capacidades de una Raza en el momento en el que juegues la "
                 "correspondiente carta de Raza frente a ti, y las pierdes en cuanto se descarte "
                 "esa carta.",
                 "Al descartarte de tu carta (o cartas) de Raza, te vuelves a convertir en Humano.",
                 "Los personajes pueden ser Guerreros, Magos, Ladrones o Clérigos.",
                 "Si no tienes una carta de Clase frente a ti no tienes Clase",
                 "Al descartar una carta de Clase te vuelves a convertir en un tipo sin Clase"),
            JA: ("全プレイヤーは、レベル1の人間としてスタートします。",
                 "なんのクラス(職業)にもついていません。",
                 "キャラクターは人間(Human)、エルフ(Elf)、ドワーフ(Dwarf)、ハーフリング(Halfing)になることが出来ます。",
                 "自分の前に種族カードを置いていない場合、自分のキャラは人間として扱います。",
                 "人間は特殊な能力を何も持ちません。",
                 "他の各クラスはそれぞれ特殊な能力やペナルティを持っています(カードを参照して下さい)。",
                 "種族カードを自分の前にプレイした時からその種族の能力を得ることが出来、カードを破棄した瞬間にその能力を失います。",
                 "種族カードを破棄した瞬間に人間に戻ります。",
                 "キャラクターは、戦士(Warrior)、魔法使い(Wizards)、シーフ(Thieves)、僧侶(Cleric)になることが出来ます。",
                 "クラスカードが自分の前に置いていなければ、キャラクターはどのクラスでもありません。",
                 "クラスカードを破棄した場合、次のクラスカードをプレイする迄の間クラス無しとなります。")},
      restriction=True,
      verbs=("discard",))
def need_the_card(s: Situation, rulebook: str):
    if s.verb != "discard":
        return None
    reason = s.action.get("reason")
    if reason == "race_power" and not _has_race(s):
        return FORBID
    if reason == "class_power" and not s.classes:
        return FORBID
    return None


@rule("munchkin.half_breed.lost_together", CORE,
      N_("In the older edition, losing Half-Breed loses every Race card in play with it, and "
         "losing either of two Classes loses Super Munchkin with it."),
      cite={JA: ("Half-Breedカードを失った場合、場に出している種族カード全てを同時に失います。",
                 "2枚のクラスのうちどちらかを失えば、同時に\"Super Munchkin\"カードも失います。")},
      verbs=("keep",))
def lost_together(s: Situation, rulebook: str):
    if s.verb != "keep":
        return None
    if s.card_type == "race" and not s.state.get("half_breed") \
            and len([r for r in s.races if r != "human"]) >= 2:
        return FORBID
    if s.card_type == "super_munchkin" and len(s.classes) < 2:
        return FORBID
    return None


@rule("warhammer.army.powers_from_the_card", WARHAMMER,
      N_("Each army's abilities are written on its card: you have them from the moment you lay "
         "the card in front of you and lose them when you discard it; an ability that costs "
         "something must still be paid, even with the Alliance."),
      cite={DE: ("Jede Armee hat besondere Fähigkeiten, die auf den Karten stehen.",
                 "Du erhältst diese Fähigkeiten in dem Augenblick, in dem du die Karte vor dir "
                 "auslegst, und du verlierst sie, sobald du diese Karte ablegst.",
                 "Falls die Armee eine Fähigkeit hat, die etwas kostet, musst du aber weiterhin "
                 "dafür bezahlen, Soldat.")},
      restriction=True,
      verbs=("discard",))
def army_powers(s: Situation, rulebook: str):
    if s.verb != "discard" or s.action.get("reason") != "army_power":
        return None
    if _armies(s) == 0:
        return FORBID
    return depends(N_("your army card's text gives that ability, at that cost"))


@rule("warhammer.alliance.benefits", WARHAMMER,
      N_("The Alliance on a single army gives you every benefit of that army (items only it may "
         "use) and none of its drawbacks (monsters get no bonus against it); on two armies you "
         "have the benefits and the drawbacks of both."),
      cite={DE: ("Wenn du Allianz an eine einzelne Armee anlegst, erhältst du alle Vorteile, die "
                 "es bringt, diese Armee zu sein (also die Fähigkeit, nur von dieser Armee "
                 "nutzbare Gegenstände auszurüsten.",
                 "Außerdem haben Monster gegebenenfalls Nachteile gegen diese Armee.",
                 "Du hast dann keine der Nachteile (Monster erhalten keine Boni auf Grund deiner "
                 "Armee-Zugehörigkeit).",
                 "Falls du Allianz spielst, wenn du zwei Armeen hast, erhältst du alle Vor- und "
                 "Nachteile beider Armeen.")},
      verbs=("count_power",))
def alliance_benefits(s: Situation, rulebook: str):
    if s.verb != "count_power" or not s.state.get("alliance") or _armies(s) == 0:
        return None
    if s.card_type == "monster" or (s.card_type is None and s.target == "monster"):
        # a monster's bonus against your army: a drawback, gone with one allied army
        return FORBID if _armies(s) == 1 else ALLOW
    usable_by = s.card_stat("usable_by")
    if s.is_item and usable_by and set(usable_by) & set(s.armies):
        return ALLOW
    return None


# --- items ---------------------------------------------------------------------------------------

@rule("munchkin.items.restricted_use", FAMILY,
      N_("Anyone may carry any item, but an item usable only by a certain Race, Class or army "
         "gives its bonus only to a character who is one."),
      cite={ES: (partial("Cualquiera puede llevar cualquier objeto, pero algunos tienen "
                         "restricciones para su uso.",
                         lacks=N_("which Races, Classes or armies may use an item, when no "
                                  "card is named")),
                 "Por ejemplo, la Maza Afilada sólo puede ser blandida por Clérigos.",
                 "Su Bonus sólo se tiene en cuenta para quien sea un Clérigo (tenga en juego una "
                 "carta de Clase Clérigo)."),
            JA: (partial("だれでもアイテムを運ぶことができますが、いくつかのアイテムには制限が有る物があります。",
                         lacks=N_("which Races, Classes or armies may use an item, when no "
                                  "card is named")),
                 "例えば、\"the Mace of Sharpness\"は僧侶だけが扱うことが出来ます。",
                 "そのアイテムのボーナスは、利用する時点で僧侶である場合のみ考慮します。"),
            DE: (partial("Manche Gegenstände haben Einschränkungen ihrer Nutzung, wie z.",
                         lacks=N_("which Races, Classes or armies may use an item, when no "
                                  "card is named")),
                 "B. „Nur von Moon clan Gr ots nutzbar“.",
                 "Andere Charaktere können solche Gegenstände zwar auch tragen, aber sie können "
                 "ihre Fähigkeit nicht nutzen.")},
      restriction=True,
      verbs=("count_power",))
def restricted_use(s: Situation, rulebook: str):
    usable_by = s.card_stat("usable_by")
    # a one-shot item's restriction is about whom it helps, as its own text says
    if s.verb != "count_power" or not s.is_item or s.one_shot or not usable_by:
        return None
    who = set(s.races or ["human"]) | set(s.classes) | set(s.armies)
    return ALLOW if who & set(usable_by) else FORBID


@rule("munchkin.items.only_in_use_help", FAMILY,
      N_("An item helps you only once it is played in front of you and in use: items in your "
         "hand give nothing, nor do items you carry but cannot use (a second headgear, a third "
         "hand item), which you turn sideways."),
      cite={ES: ("Para que una carta de objeto de tu mano tenga efecto tienes que jugarla; en ese "
                 "momento, la \"llevas\" encima.",
                 "Si llevas dos cartas de Cubrecabeza, por ejemplo, sólo una de ellas puede "
                 "ayudarte en combate.",
                 "Deberías indicar los objetos que no puedes usar o que no lleves puestos en ese "
                 "momento girando esas cartas.",
                 "Otros objetos no pueden usarse si no están activos.",
                 "Los objetos cuya carta esté girada no pueden ayudarte, incluso si normalmente "
                 "puedes usarlos según las reglas."),
            JA: ("手札の中にあるアイテムカードは場に出すまで運んでいるとは見なされません。",
                 "例えば、2個ヘルメットを運んでいる場合、1個しかその効果を発揮することがありません。",
                 "どのアイテム使用していないかが分かるように、使用しないカードを横によけるなどしておいて下さい。",
                 "他のマジックアイテムは、カードを場に出しておかなくては使用することができません。"),
            DE: ("Auf deiner Hand haben Gegenstände keinerlei Funktion, sondern erst, wenn du sie "
                 "ausgespielt hast; ab diesem Moment gelten sie als getragen.",
                 "Du solltest Gegenstände, die du zwar trägst, aber nicht nutzen kannst (weil du "
                 "zum Beispiel keine Hand mehr frei hast), dadurch kennzeichnen, dass du sie "
                 "seitwärts drehst – sie befinden sich dann in deinem Rucksack.")},
      restriction=True,
      verbs=("count_power",))
def only_in_use_help(s: Situation, rulebook: str):
    if s.verb != "count_power" or not s.is_item or s.one_shot:
        return None
    # where the item is is asked, not assumed: an item's bonus is a carried item's question
    source = s.action.get("from")
    if source == "hand":
        return FORBID
    slot, used = s.card_stat("slot"), s.state.get("equipped")
    if slot and used is not None:
        # ``equipped`` counts the other items in use, slot by slot
        if slot in _SLOT_CAPACITY:
            return ALLOW if used.get(slot, 0) < _SLOT_CAPACITY[slot] else FORBID
        hands = used.get("1_hand", 0) + 2 * used.get("2_hands", 0)
        return ALLOW if hands + (2 if slot == "2_hands" else 1) <= 2 else FORBID
    if source is None:
        return depends(N_("the item is in play in front of you, and in use"))
    return ALLOW if source == "in_play" else None


def _extra_big_item(s: Situation) -> bool:
    """The item is one of several Big items a character may no longer carry all of."""
    return bool(s.card_stat("big", False)) and s.state.get("big_items", 0) >= 2 \
        and "dwarf" not in s.races


def _may_sell_now(s: Situation) -> bool:
    return s.my_turn and not s.in_combat


@rule("munchkin.items.extra_big_items", FAMILY,
      N_("A character who may no longer carry several Big items (one who stops being a Dwarf) "
         "must get rid of all but one at once: sell them on their own turn, out of combat; "
         "otherwise give them to the lowest-level player or players who can carry them; "
         "discard what is left."),
      cite={ES: ("Si dejas de ser un Enano y llevas más de un objeto Grande debes deshacerte de "
                 "todos excepto de uno.",
                 "Si estás en tu turno puedes venderlos.",
                 "En caso contrario debes dárselos al jugador o jugadores de menor Nivel que "
                 "puedan llevarlos.",
                 "Si aun así siguen quedando objetos Grandes, descártalos."),
            JA: ("もしドワーフになっていて大きいアイテムを複数運んでいる状態で、ドワーフであることをやめた場合、大きいアイテムは1個までしか持てなくなります。",
                 "もしそれが自分のターンであれば、破棄するアイテムを売ることができます。",
                 "自ターンで無ければ、破棄する分のアイテムは最もレベルが低いプレイヤー(複数でも可)に持てるだけ与えなくてはなりません。"),
            DE: ("Wenn dir etwas erlaubt hat, mehr als 1 Großen Gegenstand zu haben und die "
                 "verlierst diese Fähigkeit, und du trägst mehr als 1 Großen Gegenstand, musst du "
                 "alle bis auf 1 sofort loswerden.",
                 "Bist du am Zug und dabei nicht im Kampf, kannst du sie verkaufen (siehe unten).",
                 "Ansonsten musst du sie dem Spieler mit der niedrigsten Stufe geben, der noch "
                 "Große Gegenstände tragen kann.",
                 "Kann das niemand, musst du sie ablegen.")},
      overrides=("munchkin.items.no_discarding_at_will",),
      restriction=True,
      verbs=("sell", "give", "discard", "keep"))
def extra_big_items(s: Situation, rulebook: str):
    if s.verb not in ("sell", "give", "discard", "keep") or not _extra_big_item(s):
        return None
    if s.verb == "keep":
        return FORBID
    if s.verb == "sell":
        return ALLOW if _may_sell_now(s) else FORBID
    if s.verb == "give":
        lowest = s.target_state("lowest_level")
        if lowest is None:
            return depends(N_("the player you give it to is the lowest-level player who can "
                              "carry it"))
        return ALLOW if lowest else FORBID
    if _may_sell_now(s):
        return None  # on your own turn the edition says whether plain discarding is an option
    return depends(N_("no lowest-level player can carry it"))


@rule("munchkin.items.extra_big_items_discarded", CORE,
      N_("In the older edition the extra Big items are discarded at once, all but one; on your "
         "own turn you may sell them instead."),
      cite={JA: "ただちに1個を除いて破棄しないといけません。"},
      verbs=("discard",),
      counterparts=("munchkin.items.no_discarding_at_will",))
def extra_big_items_discarded(s: Situation, rulebook: str):
    if s.verb == "discard" and _extra_big_item(s) and _may_sell_now(s):
        return ALLOW
    return None


# --- treasure ------------------------------------------------------------------------------------

@rule("munchkin.treasure.count_on_the_monster", FAMILY,
      N_("For a monster killed you draw as many Treasure cards as its card shows, with those its "
         "enhancers add."),
      cite={ES: ("Cada monstruo tiene un número de Tesoro en la parte inferior de su carta.",
                 "Roba ese número de cartas de Tesoro.",
                 "También recibes el número de Tesoros indicado en su carta."),
            JA: ("各モンスターはカードの一番下にいくつトレジャーを持っているか書いてあります。",
                 "そこに書かれてある数分トレジャーカードを引くことができます。"),
            DE: "Ziehe so viele Schatzkarten,\nlich eventueller Extr\nverändert haben)."},
      restriction=True,
      verbs=("draw_treasure",))
def treasure_count(s: Situation, rulebook: str):
    count = s.action.get("count")
    if s.verb != "draw_treasure" or count is None or s.combat("result") not in (None, "won"):
        return None
    # the combat's total (enhancers included) when the question gives it, else the card's own
    shown = s.combat("treasures")
    if shown is not None:
        return ALLOW if count == shown else FORBID
    printed = s.card_stat("treasures") if s.card_type == "monster" else None
    if printed is None:
        return depends(N_("the monster cards, with their enhancers, show {n} treasures"), n=count)
    if count == printed:
        return ALLOW
    if count > printed:
        return depends(N_("monster enhancers or other monsters in the combat add Treasures"))
    return FORBID


@rule("munchkin.treasure.discard_after_use", CORE,
      N_("A special treasure such as Go Up a Level does what it says and is then discarded, "
         "unless it gives a lasting bonus like an item."),
      cite={ES: "Sigue las instrucciones de la carta y después descártala, a no ser que "
                "proporcione un Bonus persistente como un objeto.",
            JA: "\"Go Up A Level(1レベルアップ)\"のカードだけは、直ちに自分のレベルを1上げてそのカードを直ぐ破棄します。"},
      verbs=("keep",))
def discard_after_use(s: Situation, rulebook: str):
    if s.verb == "keep" and s.card_type == "go_up_a_level" and s.source == "in_play":
        return FORBID
    return None
