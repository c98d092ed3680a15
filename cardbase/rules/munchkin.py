"""The Munchkin core rules, as code, each under the rulebook passages that state it.

Two editions are ingested: the Spanish rulebook (newer: 4 + 4 starting cards) and the Japanese one
(older: 2 + 2, a Dwarf's hand of 6, Half-Breed at any time...). A rule applies under a rulebook
only where that rulebook states it, and ``EDITIONS`` holds the numbers that differ. Several rules
are shared with Munchkin Warhammer Age of Sigmar, whose German passages are cited beside them.
"""

from __future__ import annotations

from .model import ALLOW, FORBID, PARAMETERS, depends, partial, rule
from .query import Situation

ES, JA, DE = "munchkin-es", "munchkin-ja", "munchkin-warhammer-aos-de"
CORE, FAMILY = ("munchkin",), ("munchkin", "munchkin-warhammer-aos")
N_ = lambda message: message  # noqa: E731  (marks a message id for extraction)

def _load_editions() -> tuple[dict, dict]:
    """Each rulebook's edition parameters and the quote stating each (``editions.json``)."""
    import json
    import os

    # os.path, not pathlib: this runs for every Munchkin question, on the command line's start
    with open(os.path.join(os.path.dirname(__file__), "editions.json"), encoding="utf-8") as f:
        data = json.load(f)
    values = {rb: {name: entry["value"] for name, entry in params.items()}
              for rb, params in data.items() if not rb.startswith("_")}
    quotes = {rb: {name: entry["quote"] for name, entry in params.items()}
              for rb, params in data.items() if not rb.startswith("_")}
    return values, quotes


#: the numbers in which the editions differ, and the sentence of each rulebook stating each
EDITIONS, EDITION_QUOTES = _load_editions()

#: which rule each edition parameter drives
PARAMETER_RULES = {
    "starting_cards": ("munchkin.setup.starting_cards", "munchkin.death.new_hand"),
    "hand_limit": ("munchkin.charity.hand_limit",),
    "dwarf_hand_limit": ("munchkin.charity.hand_limit",),
    "escape_roll": ("munchkin.running_away.roll",),
    "gold_per_level": ("munchkin.selling.thousand_gold", "munchkin.winning.kill_for_level_ten"),
    "min_players": ("munchkin.setup.players",),
    "max_players": ("munchkin.setup.players",),
}
PARAMETERS.update(EDITIONS)


def edition(rulebook: str) -> dict:
    """The parameters ``rulebook`` states (none for a rulebook that states none)."""
    return EDITIONS.get(rulebook, {})


def hand_limit_of(s: Situation, rulebook: str) -> int | None:
    return edition(rulebook).get("dwarf_hand_limit" if "dwarf" in s.races else "hand_limit")


def playing(s: Situation, *types: str) -> bool:
    return s.verb in ("play", "use", "equip") and s.card_type in types


def acquired_or_own_turn(s: Situation) -> bool:
    return s.my_turn or s.source == "just_acquired"


# --- character creation and the starting hand ---------------------------------------------------

@rule("munchkin.setup.starting_cards", FAMILY,
      N_("Each player starts with a hand dealt from both decks: four Door and four Treasure cards "
         "in the newer edition, two and two in the older one."),
      cite={ES: ("Separa las cartas en dos mazos, uno de Dungeon (para las cartas con una puerta "
                 "en el reverso) y otro de Tesoro (para las cartas con un montón de tesoros en el "
                 "reverso).",
                 "Baraja ambos mazos por separado.",
                 "Reparte cuatro cartas de cada mazo a cada jugador."),
            JA: ("カードをダンジョンカード(裏面にドアの絵が描かれています)とトレジャーカード(宝の山絵が裏面に描かれています)に分けて、それぞれ山札を作ります。",
                 "各人に2枚づつ(ダンジョンカード2枚とトレジャーカード2枚)配ります。"),
            # the German extract lost its set-up; its death rule says what a game starts with
            DE: "ziehst du wie zu Spielbeginn verdeckt 4 Tür karten und 4 Schatzkarten"},
      verbs=("deal", "draw"))
def starting_cards(s: Situation, rulebook: str):
    if s.verb not in ("deal", "draw") or s.phase != "setup":
        return None
    count, starting = s.action.get("count"), edition(rulebook).get("starting_cards")
    if starting is None:
        return None
    if count is None:
        return depends(N_("deal {n} cards from each deck"), n=starting)
    return ALLOW if count == starting else FORBID


@rule("munchkin.setup.players", CORE,
      N_("A game is dealt for as many players as the rulebook allows: three to six."),
      cite={ES: "Pueden jugar de 3 a 6 jugadores.",
            JA: "3~6人でプレイする事が出来ます。"},
      restriction=True,
      verbs=("deal",))
def number_of_players(s: Situation, rulebook: str):
    players = s.state.get("players")
    if s.verb != "deal" or s.phase != "setup" or players is None:
        return None
    fewest, most = edition(rulebook).get("min_players"), edition(rulebook).get("max_players")
    if fewest is None or most is None:
        return None
    return ALLOW if fewest <= players <= most else FORBID


@rule("munchkin.setup.play_starting_cards", CORE,
      N_("Looking at your starting hand you may play one Race and one Class card, and any usable "
         "items, in front of you."),
      cite={ES: ("Mira tus ocho cartas iniciales.",
                 "Si tienes cualquier carta de Raza o Clase puedes (si quieres) jugar una de cada "
                 "tipo (Raza y Clase) colocándolas frente a ti.",
                 "Si tienes cartas de objeto usables (ver más adelante)puedes jugarlas, también "
                 "colocándolas frente a ti."),
            JA: ("配られた最初の手札を見て、種族カードやクラスカードがあれば、それぞれの種類のカードについて1枚迄プレイして自分の前に置く事ができます。",
                 "またアイテムカードを持っていれば、自分の前にプレイする事ができます。")},
      overrides=("munchkin.race_class.when_to_play", "munchkin.items.when_to_play"),
      verbs=("play", "use", "equip"))
def play_starting_cards(s: Situation, rulebook: str):
    if s.phase != "setup" or not playing(s, "race", "class", "item"):
        return None
    return ALLOW


@rule("munchkin.death.new_hand", FAMILY,
      N_("A character who died draws a new hand on their next turn, as at the start of the game."),
      cite={ES: ("En tu siguiente turno, empieza cogiendo cuatro cartas de cada mazo, boca abajo",
                 "Después, juega tu turno normalmente."),
            JA: "死んだプレイヤーは次の自分のターンで、ダンジョン及びトレジャーの山札から2枚づつカードを引いて手札にし",
            DE: "Erst zu Beginn deines nächsten Zuges ziehst du wie zu Spielbeginn verdeckt 4 "},
      verbs=("draw",))
def new_hand_after_death(s: Situation, rulebook: str):
    if s.verb != "draw" or not s.state.get("died_since_my_last_turn"):
        return None
    if not s.my_turn or s.phase != "start_of_turn":
        return FORBID
    count = s.action.get("count")
    if count is not None and count != edition(rulebook).get("starting_cards", count):
        return FORBID
    face = s.action.get("face")
    if face is not None and face != NEW_HAND_FACE.get(rulebook, face):
        return FORBID  # "boca abajo", "verdeckt": the new hand is drawn unseen
    return ALLOW


#: how the new hand after a death is drawn, where the rulebook's sentence says it (the Japanese
#: one does not)
NEW_HAND_FACE = {ES: "down", DE: "down"}


# --- races and classes ------------------------------------------------------------------------

@rule("munchkin.race_class.when_to_play", CORE,
      N_("Race and Class cards may be played as soon as you get them, or at any time on your own "
         "turn."),
      cite={ES: "Estas cartas pueden jugarse tan pronto como las consigas, o en cualquier momento "
                "de tu propio turno.",
            JA: "これらのカードは入手した時点ならいつでも使う事ができますし、自ターンならいつでも使う事が出来ます。"},
      verbs=("play", "use", "equip"))
def race_class_timing(s: Situation, rulebook: str):
    if not playing(s, "race", "class"):
        return None
    return ALLOW if acquired_or_own_turn(s) else FORBID


@rule("munchkin.race_class.discard_any_time", CORE,
      N_("You may discard a Race or Class card at any time, even in combat."),
      cite={ES: ("Puedes descartar una carta de Raza en cualquier momento, incluso en combate",
                 "Puedes descartar una carta de Clase en cualquier momento, incluso en mitad de "
                 "un combate"),
            JA: ("種族カードはいつでも任意のタイミングで破棄することが出来ます(たとえ戦闘中であっても)。",
                 "クラスカードはいつでも破棄することが出来ます-たとえ戦闘中でも。")},
      verbs=("discard",))
def discard_race_class(s: Situation, rulebook: str):
    if s.verb == "discard" and s.card_type in ("race", "class"):
        return ALLOW
    return None


@rule("munchkin.race_class.one_of_each", CORE,
      N_("You may not belong to more than one Race without Half-Breed, nor to more than one Class "
         "without Super Munchkin."),
      cite={ES: ("No puedes pertenecer a más de una Raza a menos que juegues la carta Bastardo.",
                 "No puedes pertenecer a más de una Clase a menos que juegues la carta Súper "
                 "Munchkin."),
            JA: ("\"the Half Breed\"カードをプレイしている場合以外は、一度に1つの種族にしかなることが出来ません。",
                 "\"the Super Munchkin\"カードをプレイしない限り、同時に一つのクラスにしか属することができません。",
                 "2つの種族と2つのクラスになれる事が出来るカードが有ります。",
                 "同じタイミング又は後のタイミングで2枚目の種族カードをプレイする事ができます。",
                 "同時に2枚目のクラスカードを追加します。")},
      restriction=True,
      verbs=("play", "use", "equip"))
def one_race_one_class(s: Situation, rulebook: str):
    if not playing(s, "race", "class"):
        return None
    if s.card_type == "race":
        have = [r for r in s.races if r != "human"]
        if have and not s.state.get("half_breed"):
            return depends(N_("you first discard your Race card {race}"), race=have[0])
        if len(have) >= 2:
            return FORBID
    else:
        if s.classes and not s.state.get("super_munchkin"):
            return depends(N_("you first discard your Class card {cls}"), cls=s.classes[0])
        if len(s.classes) >= 2:
            return FORBID
    return None


@rule("munchkin.race_class.no_two_copies", CORE,
      N_("You may not have two copies of the same Race card, or of the same Class card, in play."),
      cite={ES: ("No puedes tener dos copias de la misma carta de Raza en juego.",
                 "No puedes tener dos copias de la misma carta de Clase en juego.")},
      restriction=True,
      verbs=("play", "use", "equip"))
def no_two_copies(s: Situation, rulebook: str):
    if s.verb not in ("play", "use", "equip"):
        return None
    card = s.card or {}
    if card.get("type") == "race" and card.get("id") in s.races:
        return FORBID
    if card.get("type") == "class" and card.get("id") in s.classes:
        return FORBID
    return None


@rule("munchkin.powers.discard_any_card", CORE,
      N_("To power a Race or Class ability you may discard any of your cards, in play or in your "
         "hand."),
      cite={ES: ("Algunas de las habilidades proporcionadas por la Raza requieren descartes para su "
                 "uso.",
                 "En estos casos, puedes descartar cualquiera de tus cartas, ya esté en juego o en "
                 "tu mano.",
                 "Algunas de las capacidades de Clase se potencian mediante descartes.",
                 "Para potenciar estas capacidades especiales puedes descartarte de cualquier "
                 "carta, en juego o en tu mano."),
            JA: ("いくつかの特殊能力は、カードを捨てる事によって効果を発揮するものがあります。",
                 "この効果を発揮する為に自分のプレイしている場のカード、手札のカードを捨てる事が出来ます。")},
      verbs=("discard",))
def discard_for_powers(s: Situation, rulebook: str):
    if s.verb != "discard" or s.action.get("reason") not in ("class_power", "race_power"):
        return None
    if _kept_curse(s):
        return None  # whether a curse kept in play counts as "any card" is for the rule below
    return ALLOW


def _kept_curse(s: Situation) -> bool:
    return s.card_type == "curse" and s.source == "in_play"


@rule("munchkin.powers.kept_curses_not_for_powers", CORE,
      N_("Curses you keep in play cannot be discarded to power a Race or Class ability."),
      cite={ES: "Y no, las cartas de Maldiciones que se conservan no pueden ser descartadas para "
                "usar un poder de Clase o Raza (listillo...)."},
      verbs=("discard",))
def kept_curses_not_for_powers(s: Situation, rulebook: str):
    if s.verb == "discard" and s.action.get("reason") in ("class_power", "race_power") \
            and _kept_curse(s):
        return FORBID
    return None


@rule("munchkin.half_breed.requires_race", CORE,
      N_("Half-Breed can only be played by a character who already has a Race; Super Munchkin by "
         "one who already has a Class."),
      cite={ES: "aunque ya debes tener una Clase para poder jugar Súper Munchkin y una Raza para "
                "poder jugar Bastardo.",
            JA: ("既に種族カードを1枚プレイしている状態ならば、いつのタイミングでも\"Half Breed\"をプレイする事が出来ます。",
                 "既にクラスカードを1枚プレイしている状態ならば、いつのタイミングでも\"Super Munchkin\"カードをプレイする事が出来ます。")},
      restriction=True,
      verbs=("play", "use", "equip"))
def half_breed_needs_race(s: Situation, rulebook: str):
    if playing(s, "half_breed"):
        return ALLOW if [r for r in s.races if r != "human"] else FORBID
    if playing(s, "super_munchkin"):
        return ALLOW if s.classes else FORBID
    return None


@rule("munchkin.half_breed.when_to_play", CORE,
      N_("Half-Breed and Super Munchkin follow the timing of Race and Class cards: as soon as you "
         "get them, or at any time on your own turn."),
      cite={ES: "Lo mismo se aplica a las cartas de Súper Munchkin y Bastardo"},
      verbs=("play", "use", "equip"),
      counterparts=("munchkin.half_breed.requires_race",))
def half_breed_timing(s: Situation, rulebook: str):
    if not playing(s, "half_breed", "super_munchkin"):
        return None
    return ALLOW if acquired_or_own_turn(s) else FORBID


# --- items ------------------------------------------------------------------------------------

@rule("munchkin.items.when_to_play", FAMILY,
      N_("Items may be played as soon as you get them, or at any time on your own turn."),
      cite={ES: ("Se puede jugar cualquier carta de objeto tan pronto como la consigas o en "
                 "cualquier momento de tu propio turno.",
                 "Puedes jugar cartas de Tesoro tan pronto como las obtengas.",
                 "Puedes colocar las cartas de objeto frente a ti para ponerlas en juego."),
            JA: ("トレジャーは、入手した時点ならば誰のターンであってもプレイすることができ、自分のターンであればどのタイミングでもプレイすることが可能です。",
                 "トレジャーカードは入手したら直ちに使用する事が可能です。",
                 "アイテムは自分の手前に置いてください。",
                 "自分のターンであれば、トレジャーカードをプレイして直ぐ使用することができます。"),
            DE: "Gegenstände dürfen nur im eigenen Zug ausgespielt werden oder in dem Moment, in "
                "dem man sie erhält."},
      verbs=("play", "use", "equip"))
def items_timing(s: Situation, rulebook: str):
    if not (playing(s, "item") and s.source in ("hand", "just_acquired")):
        return None
    return ALLOW if acquired_or_own_turn(s) else FORBID


@rule("munchkin.combat.no_items_from_hand", FAMILY,
      N_("While you are in combat you may not play items from your hand, except one-shot items."),
      cite={ES: ("Mientras estés luchando en un combate no puedes vender, robar, poner en uso, "
                 "dejar de usar, intercambiar, o jugar objetos (a excepción de los de un solo uso) "
                 "desde tu mano.",
                 "Una vez que muestras una carta de monstruo, debes resolver el combate con tu "
                 "equipo tal como se encuentra en el momento en que se inicie (más los objetos de "
                 "un solo uso que juegues)."),
            JA: ("もし他のプレイヤーの戦闘を助けていたり、何らかの理由で自分のターン以外で戦闘している場合は、新しいアイテムカードを手札から場に出すことはできません。",
                 "一端モンスターカードを捲ったら、その時装備しているアイテムで戦闘を完了させなくてはなりません。")},
      restriction=True,
      verbs=("play", "equip"))
def no_items_in_combat(s: Situation, rulebook: str):
    if s.fighting and s.is_item and not s.one_shot and s.verb in ("play", "equip") \
            and s.source in ("hand", "just_acquired"):
        return FORBID
    return None


@rule("munchkin.one_shot.any_combat", FAMILY,
      N_("A one-shot item may be used in any combat, from your hand or from play."),
      cite={ES: "Cualquier carta de un solo uso puede jugarse durante cualquier combate, tanto si "
                "la tienes en tu mano como si ya la tienes en la mesa.",
            JA: "ポーション(Potion)はどの戦闘中であっても自分の手札または自分の場に出しているものを使用することが出来ます。",
            DE: "Ausnahme: Gegenstände mit dem Vermerk „Nur einmal einsetzbar“ dürfen auch während "
                "eines gegnerischen Kampfes gespielt werden, sogar direkt aus der Hand."},
      overrides=("munchkin.items.when_to_play", "munchkin.combat.no_items_from_hand"),
      verbs=("play", "use"))
def one_shot_in_combat(s: Situation, rulebook: str):
    if not (s.verb in ("play", "use") and s.one_shot):
        return None
    if s.in_combat:
        return ALLOW
    return None  # outside combat a one-shot is played like any item


@rule("munchkin.one_shot.other_times", CORE,
      N_("Some one-shot items, such as the Wishing Ring, may also be used at times other than "
         "combat, as their text says."),
      cite={ES: "Algunos objetos de un solo uso, como el Anillo de los Deseos, también pueden "
                "usarse en otros momentos además de durante el combate."},
      overrides=("munchkin.items.when_to_play",),
      verbs=("play", "use"))
def one_shot_other_times(s: Situation, rulebook: str):
    if s.verb not in ("play", "use") or not s.one_shot or s.in_combat:
        return None
    if s.verb == "play" and (s.my_turn or s.source == "just_acquired"):
        return None  # put into play as any item is; using it is what its text decides
    return depends(N_("the card's text allows using it outside combat"))


@rule("munchkin.items.big_one", CORE,
      N_("You may carry any number of small items but only one Big item, unless you are a Dwarf."),
      cite={ES: ("Puedes llevar cualquier número de objetos pequeños pero sólo uno Grande",
                 "Los Enanos constituyen una excepción.",
                 "Pueden llevar cualquier número de objetos Grandes."),
            JA: ("小さいアイテムはいくつでも運ぶことが出来ます。",
                 "ただし大きいサイズ(Big)の物は1個だけしか運べません。",
                 "大きいサイズと特に明記していないアイテムは小さいアイテムと見なして下さい。",
                 "ドワーフは例外となっています。",
                 "ドワーフは大きいアイテムでも任意の数持ち歩くことが出来ます。")},
      restriction=True,
      verbs=("play", "use", "equip"))
def one_big_item(s: Situation, rulebook: str):
    if not (playing(s, "item") and s.card_stat("big", False)):
        return None
    if "dwarf" in s.races or s.state.get("big_items", 0) == 0:
        return ALLOW
    return FORBID


@rule("munchkin.items.slots", FAMILY,
      N_("You may use only one headgear, one armor, one footgear, and two 1-hand items or one "
         "2-hand item, unless a card lets you ignore the limit."),
      cite={ES: partial("Asimismo, sólo puedes usar un Cubrecabeza, una Armadura, un Calzado y "
                        "dos objetos de \"1 Mano\" (o uno de \"2 Manos\")...",
                        lacks=N_("a card or ability that lets you use more items")),
            JA: (partial("特殊なカードによる効果が無い限り、同じような制限として、ヘッドギアは1個、アーマーも1個、フットギアも1個しか装備できません。",
                         lacks=N_("a card or ability that lets you use more items")),
                 "後、ハンドアイテムを2個(または両手アイテム(two hands)を1個)扱うことが出来ます。"),
            DE: ("Weiterhin darfst du nur 1 Kopfbedeckung, 1 Rüstung, 1 Schuhwerk und 2 "
                 "Gegenstände für jeweils „1 Hand“ (oder 1 Gegenstand für „2 Hände“) gleichzeitig "
                 "nutzen",
                 partial("– es sei denn du hast Karten oder spezielle Fähigkeiten, die dir "
                         "erlauben, mehr zu nutzen, oder eine Karte, die dich schummeln lässt.",
                         lacks=N_("Warhammer's cheat cards, and cards or abilities that let "
                                  "you use more items")))},
      restriction=True,
      verbs=("play", "equip"))
def slots(s: Situation, rulebook: str):
    slot = s.card_stat("slot")
    if not (s.verb in ("play", "equip") and s.is_item and slot and "equipped" in s.state):
        return None
    used = s.state["equipped"]
    hands = used.get("1_hand", 0) + 2 * used.get("2_hands", 0)
    if slot in ("headgear", "armor", "footgear"):
        if used.get(slot, 0) == 0:
            return ALLOW
        return depends(N_("you first stop using an item in the {slot} slot"), slot=slot)
    # the hand slots share two hands: a 2-hand item needs both, a 1-hand item one
    needed = 2 if slot == "2_hands" else 1
    if 2 - hands >= needed:
        return ALLOW
    return depends(N_("you first stop using items in your hands until {needed} of your two "
                      "hands are free"), needed=needed)


@rule("munchkin.items.no_swapping_in_combat", FAMILY,
      N_("You may not change the items you use or carry during a combat or while running away."),
      cite={ES: "NO puedes cambiar tus objetos usados o llevados durante un combate o cuando estás "
                "huyendo.",
            JA: "ヘルメットなどの装備は、戦闘中や逃走中に持ち替えることは出来ません。",
            DE: "da bei darfst du weder gerade im Kampf sein noch Weglaufen."},
      restriction=True,
      verbs=("equip", "unequip", "backpack_out"))
def no_swapping(s: Situation, rulebook: str):
    if s.verb in ("equip", "unequip", "backpack_out") and s.in_combat and s.role != "bystander":
        return FORBID
    return None


@rule("munchkin.items.arrange_on_your_turn", CORE,
      N_("On your own turn, outside combat, you may put items you carry into use and take them "
         "out of use."),
      cite={ES: "Al principio de tu turno, puedes jugar cartas, poner \"en uso\" objetos que "
                "\"llevas encima\" y viceversa, comerciar con objetos con otros jugadores, y "
                "vender objetos para subir Niveles.",
            JA: ("自分のターンであれば、トレジャーカードをプレイして直ぐ使用することができます。",
                 "どのアイテム使用していないかが分かるように、使用しないカードを横によけるなどしておいて下さい。")},
      verbs=("equip", "unequip"))
def arrange_items(s: Situation, rulebook: str):
    if s.verb in ("equip", "unequip") and s.source == "in_play" and s.my_turn \
            and not s.in_combat:
        return ALLOW
    return None


@rule("munchkin.items.give_away", FAMILY,
      N_("You may give items you carry to another player for nothing, for instance as a bribe."),
      cite={ES: "También puedes regalar objetos sin recibir nada a cambio, para sobornar a otros "
                "jugadores",
            JA: "また何の見返り無く、又は賄賂としてアイテムを他のプレイヤーに与える事も出来ます。",
            DE: "Du darfst auch Gegenstände ohne Handel weggeben, um andere Spieler damit zu "
                "bestechen"},
      verbs=("give",))
def give_items(s: Situation, rulebook: str):
    if s.verb == "give" and s.is_item and s.source == "in_play" \
            and s.target in (None, "other_player", "player"):
        return ALLOW
    return None


@rule("munchkin.items.no_discarding_at_will", CORE,
      N_("You may not discard items just because you want to; they go by selling, trading, "
         "giving, losing them, or discarding them for a Race or Class power."),
      cite={ES: ("No puedes descartar cartas de Objeto \"porque sí\".",
                 "No puedes descartar sin más un objeto Grande para jugar otro nuevo; debes "
                 "venderlo, intercambiarlo, perderlo por una Maldición o Mal Rollo, o descartarlo "
                 "para usar un poder de Clase o Raza.",
                 "Puedes vender objetos a cambio de un Nivel, regalarlos a otros jugadores que los "
                 "quieran o descartarlos para usar poderes de Clase o Raza; también es posible que "
                 "los pierdas (quieras o no) a causa de una Maldición.")},
      verbs=("discard",))
def no_discarding_items(s: Situation, rulebook: str):
    if s.verb == "discard" and s.is_item:
        reason = s.reason(hand_limit_of(s, rulebook))
        if reason in ("class_power", "race_power", "curse", "bad_stuff", "hand_limit"):
            return ALLOW
        return FORBID if reason is None else None
    return None


@rule("munchkin.cards.no_returning_to_hand", FAMILY,
      N_("Cards in play cannot be returned to your hand."),
      cite={ES: "No puedes devolver las cartas en juego a tu mano",
            JA: "場に出したカードは手札に戻ってくることはありません",
            DE: ("Einmal ausgelegte Karten kannst du nicht wieder auf die Hand nehmen.",
                 "Um sie loszuwerden, musst du sie handeln (siehe unten) oder ablegen.")},
      verbs=("return_to_hand",))
def no_returning(s: Situation, rulebook: str):
    return FORBID if s.verb == "return_to_hand" else None


# --- selling and trading ----------------------------------------------------------------------

@rule("munchkin.selling.own_turn", FAMILY,
      N_("You may sell items for levels only during your own turn."),
      cite={ES: "Durante tu turno puedes vender objetos por valor de al menos 1.000 Piezas de Oro",
            JA: "自分のターンであれば、アイテムを売却して1000ゴールド毎に1レベルアップすることが出来ます。",
            DE: "Lege jederzeit während deines Zuges (jedoch nicht im Kampf!) Gegenstände"},
      verbs=("sell",))
def sell_on_own_turn(s: Situation, rulebook: str):
    if s.verb != "sell":
        return None
    return ALLOW if s.my_turn else FORBID


@rule("munchkin.selling.from_hand_or_play", FAMILY,
      N_("You may sell items from your hand as well as items you carry."),
      cite={ES: "Puedes vender tanto los objetos de tu mano como los que ya lleves encima.",
            JA: "売るアイテムは、手札のアイテムでも運んでいるアイテムでもどちらでもかまいません。",
            DE: "Dazu darfst du sowohl Gegenstände, die du trägst, als auch solche aus deiner "
                "Hand einlösen."},
      restriction=True,
      verbs=("sell",))
def sell_from_hand_or_play(s: Situation, rulebook: str):
    if s.verb != "sell" or "from" not in s.action:
        return None
    return ALLOW if s.source in ("hand", "in_play") else FORBID


@rule("munchkin.selling.not_in_combat", FAMILY,
      N_("You may not sell items while you are in combat."),
      cite={ES: "Mientras estés luchando en un combate no puedes vender",
            JA: "アイテムの売却やトレードは戦闘中には行うことができません。",
            DE: ("Lege jederzeit während deines Zuges (jedoch nicht im Kampf!) Gegenstände",
                 "Es ist allerdings nicht erlaubt,verk oder zu handeln (siehe unten).")},
      restriction=True,
      verbs=("sell",))
def no_selling_in_combat(s: Situation, rulebook: str):
    if s.verb == "sell" and s.in_combat and (s.role != "bystander" or s.my_turn):
        return FORBID
    return None


#: the condition of a sale under 1,000 gold by a Halfling (its card's power)
HALFLING_SELLS = N_("your Halfling's power lets you sell for a level below 1,000 gold")


@rule("munchkin.selling.thousand_gold", FAMILY,
      N_("Selling gives one level for each full 1,000 gold; there is no change."),
      cite={ES: ("Durante tu turno puedes vender objetos por valor de al menos 1.000 Piezas de "
                 "Oro (descartándolos) y subir inmediatamente un Nivel.",
                 "Si vendes (por ejemplo) objetos por valor de 1.100 Piezas de Oro, no recibirás "
                 "las 100 Piezas de Oro de cambio.",
                 "También puedes vender objetos para comprar Niveles (ver objetos).",
                 "Pero si te las apañas para conseguir objetos por valor de 2.000 Piezas de Oro, "
                 "subirás dos Niveles de golpe (y uno más por cada 1.000 Piezas de Oro "
                 "adicionales)."),
            JA: ("自分のターンであれば、アイテムを売却して1000ゴールド毎に1レベルアップすることが出来ます。",
                 "ただし、1100ゴールドのように半端が出たとしてもお釣りをもらうことはできません。",
                 "またアイテムを売却する事によってレベルを購入する事もできます-アイテム参照(Item)。",
                 "例えば、2000ゴールドで売れれば2レベルアップすることは出来ます。"),
            DE: ("Lege jederzeit während deines Zuges (jedoch nicht im Kampf!) Gegenstände mit "
                 "einem Gesamtwert von mindestens 1.000 Goldstücken ab, um sofort eine Stufe "
                 "aufzusteigen.",
                 "Es gibt natürlich kein Wechselgeld.",
                 "Solltest du jedoch Gegenstände im Wert von mindestens 2.000 Goldstücken "
                 "ablegen, so steigst du 2 Stufen auf einmal auf (und so weiter).")},
      restriction=True,
      verbs=("sell",))
def thousand_gold(s: Situation, rulebook: str):
    if s.verb != "sell" or "gold" not in s.action:
        return None
    gold, rate = s.action["gold"], edition(rulebook).get("gold_per_level")
    if rate is None:
        return None
    if gold < rate and "halfling" not in s.races:
        return FORBID
    if gold < rate:
        # every edition's Halfling card has a selling power; the older rulebook says so too
        return depends(HALFLING_SELLS)
    return ALLOW


@rule("munchkin.selling.halfling_bonus", CORE,
      N_("A Halfling has a bonus when selling items, as the Halfling card says."),
      cite={JA: "ハーフリングはアイテム売却の際にボーナスがあります。"},
      verbs=("sell",))
def halfling_selling(s: Situation, rulebook: str):
    gold, rate = s.action.get("gold"), edition(rulebook).get("gold_per_level")
    if s.verb == "sell" and "halfling" in s.races and gold is not None and rate is not None \
            and gold < rate:
        return depends(HALFLING_SELLS)
    return None


@rule("munchkin.winning.kill_for_level_ten", FAMILY,
      N_("You must kill a monster to reach the tenth level: not by selling items, not by a card, "
         "unless the card says so."),
      cite={ES: ("Debes matar a un monstruo para alcanzar el Nivel 10.",
                 "No puedes subir al 10º Nivel vendiendo objetos.",
                 "pero debes alcanzar el 10º Nivel matando un monstruo, a no ser que una carta te "
                 "permita específicamente hacerlo de otro modo."),
            JA: "10レベルに達するにはモンスターを倒さなくてはなりません。"},
      restriction=True,
      verbs=("sell", "gain_level", "play", "use"),
      point="reaching_the_winning_level")
def level_ten(s: Situation, rulebook: str):
    if s.verb in ("play", "use") and s.card_type == "go_up_a_level" \
            and s.target == "other_player":
        # the rule holds for every player: no card gives anyone the winning level
        level = (s.state.get("target_state") or {}).get("level")
        return FORBID if level is not None and level + 1 >= 10 else None
    to_level = s.to_level(edition(rulebook).get("gold_per_level"))
    if to_level is None or to_level < 10:
        return None
    if s.verb == "gain_level" and (s.combat("result") == "won"
                                   or s.action.get("reason") == "killed_monster"):
        return None
    if s.verb in ("sell", "gain_level") or (s.verb in ("play", "use")
                                             and s.card_type == "go_up_a_level"):
        return FORBID
    return None


@rule("munchkin.trading.items_in_play_not_in_combat", FAMILY,
      N_("You may trade items (and no other cards), only items in play, at any time except while "
         "you are in combat."),
      cite={ES: ("Puedes intercambiar objetos (pero no otras cartas) con los demás jugadores.",
                 "Sólo puedes comerciar con objetos de la mesa (no con los de tu mano).",
                 "Puedes comerciar en cualquier momento excepto cuando estás involucrado en un "
                 "combate."),
            JA: ("アイテムのカードは(他の種類のカードはダメです)他のプレイヤーとトレードする事が出来ます。",
                 "トレードできるアイテムは場に出しているものだけで手札のアイテムはダメです。",
                 "トレードは戦闘時を除いていつでも行うことが出来ます。"),
            DE: ("Du darfst Gegenstände – aber keine anderen Karten – mit deinen Mitspielern",
                 "jedoch nur solche, die du bereits trägst, also nicht von deiner Hand.",
                 "Handeln kannst du jeder zeit, also auch außerhalb deines eigenen Zuges – "
                 "jedoch nicht, wenn du dich im Kampf befindest.")},
      verbs=("trade",))
def trading(s: Situation, rulebook: str):
    if s.verb != "trade":
        return None
    if s.card_type is not None and not s.is_item:
        return FORBID
    if s.source != "in_play" and "from" in s.action:
        return FORBID
    if s.fighting or (s.in_combat and s.my_turn):
        return FORBID
    return ALLOW


# --- the hand limit and charity ---------------------------------------------------------------

@rule("munchkin.charity.race_card_changes_the_limit", CORE,
      N_("Every Race but Human has abilities, written on its card: a hand over the limit at the "
         "end of your turn may still be kept if your Race card raises the limit."),
      cite={ES: "Los Humanos no tienen capacidades especiales, mientras que todas las demás Razas "
                "si las tienen (se explican en las cartas)."},
      overrides=("munchkin.charity.hand_limit",),
      verbs=("end_turn", "keep"),
      counterparts=("munchkin.charity.hand_limit",))
def race_card_and_hand_limit(s: Situation, rulebook: str):
    # the rulebook states no race's limit and sends the player to the Race card
    limit, size = hand_limit_of(s, rulebook), s.state.get("hand_size")
    if limit is None or size is None or size <= limit:
        return None
    keeping_the_hand = s.verb == "keep" and s.card_type is None and not s.card \
        and s.action.get("from") in (None, "hand")
    races = [race for race in s.races if race != "human"]
    if not races or not (s.verb == "end_turn" or keeping_the_hand):
        return None
    return depends(N_("your Race card ({race}) lets you keep {size} cards at the end of your "
                      "turn"), race=", ".join(races), size=size)


@rule("munchkin.charity.hand_limit", FAMILY,
      N_("At the end of your turn you may have no more than five cards in your hand (six for a "
         "Dwarf in the older edition); the excess goes to the lowest-level player, or is "
         "discarded if that is you."),
      cite={ES: ("Al final de tu turno, no puedes tener más de 5 cartas en la mano.",
                 "o regalar las cartas sobrantes al jugador con menor Nivel.",
                 "simplemente descarta el exceso."),
            JA: ("自分のターンの終了時に手札が5枚(ドワーフならば6枚)より多くなることはできません。",
                 "超過分のカードを最もレベルが低く且つ生存しているプレイヤーに渡します。",
                 "超過分のカードは単に破棄します。")},
      verbs=("end_turn", "give", "discard", "keep"))
def hand_limit(s: Situation, rulebook: str):
    limit = hand_limit_of(s, rulebook)
    if limit is None:
        return None
    size = s.state.get("hand_size")
    # ending the turn, or keeping the cards in your hand (no card in play named) as it ends
    keeping_the_hand = s.verb == "keep" and s.card_type is None and not s.card \
        and s.action.get("from") in (None, "hand")
    if (s.verb == "end_turn" or keeping_the_hand) and size is not None:
        return ALLOW if size <= limit else FORBID
    if s.verb in ("give", "discard") and s.reason(limit) == "hand_limit":
        if size is not None and size <= limit:
            return FORBID
        count = s.action.get("count")
        if count is not None and size is not None and count > size - limit:
            return FORBID  # only the excess goes
        lowest = s.state.get("lowest_level")
        if s.verb == "discard":
            if lowest is None:
                return depends(N_("you are the lowest-level player, or tied for it"))
            return ALLOW if lowest else FORBID
        if lowest:
            return FORBID
        target_lowest = s.target_state("lowest_level")
        if target_lowest is None:
            return depends(N_("the player you give to is the lowest-level player"))
        return ALLOW if target_lowest else FORBID
    return None


@rule("munchkin.death.no_cards_for_the_dead", CORE,
      N_("Charity goes to the living: a dead character gets no cards given away at charity."),
      cite={ES: "Los personajes muertos no pueden recibir cartas por ninguna razón, ni siquiera "
                "por caridad, y tampoco pueden subir de Nivel.",
            JA: "超過分のカードを最もレベルが低く且つ生存しているプレイヤーに渡します。"},
      restriction=True,
      verbs=("give",))
def dead_get_no_charity(s: Situation, rulebook: str):
    if s.verb == "give" and s.target_state("dead") \
            and (s.phase == "charity" or s.action.get("reason") == "hand_limit"):
        return FORBID
    return None


@rule("munchkin.death.no_cards_for_any_reason", CORE,
      N_("Dead characters cannot receive cards for any reason, not even charity."),
      cite={ES: "Los personajes muertos no pueden recibir cartas por ninguna razón, ni siquiera "
                "por caridad, y tampoco pueden subir de Nivel."},
      restriction=True,
      verbs=("give", "trade"))
def dead_receive_nothing(s: Situation, rulebook: str):
    if s.verb in ("give", "trade") and s.target_state("dead"):
        return FORBID
    return None


@rule("munchkin.death.no_levels_for_the_dead", CORE,
      N_("Dead characters cannot go up a level."),
      cite={ES: "Los personajes muertos no pueden recibir cartas por ninguna razón, ni siquiera "
                "por caridad, y tampoco pueden subir de Nivel."},
      restriction=True,
      verbs=("gain_level", "play", "use", "sell"))
def dead_no_levels(s: Situation, rulebook: str):
    if s.verb in ("gain_level", "sell") and s.state.get("dead"):
        return FORBID  # selling buys levels, and the dead go up none
    if s.verb in ("play", "use") and s.card_type == "go_up_a_level" and (
            s.target_state("dead") if s.target in (None, "other_player", "player")
            else s.state.get("dead")):
        return FORBID
    return None


# --- the turn: door, trouble, loot -----------------------------------------------------------

@rule("munchkin.turn.kick_open_the_door", CORE,
      N_("You kick open the door on your own turn, as its first phase: draw one Door card face "
         "up."),
      cite={ES: ("Cuando las cartas hayan quedado a tu gusto, pasa a la primera fase.",
                 "Roba una carta del mazo de Dungeon y dale la vuelta."),
            JA: "ダンジョンの山札からカードを1枚引いてそれを表にします。"},
      verbs=("kick_open_door",))
def kick_open_the_door(s: Situation, rulebook: str):
    if s.verb != "kick_open_door":
        return None
    if not s.my_turn or s.phase not in ("start_of_turn", "kick_open_door"):
        return FORBID
    if s.turn("door") is not None:
        return FORBID  # the door of this turn is already open
    count = s.action.get("count")
    return FORBID if count not in (None, 1) else ALLOW


@rule("munchkin.door.monster_face_up_fights", FAMILY,
      N_("A monster drawn face up when you kick open the door fights you at once."),
      cite={ES: ("Si es un monstruo, debes luchar contra él.",
                 "Si se sacan boca arriba durante la fase de \"Abrir la Puerta\", se enfrentan "
                 "automáticamente a la persona que los ha sacado."),
            JA: ("引いたカードがモンスターカードだった場合、そのモンスターと戦わなくてはなりません。",
                 "\"ドアを開ける\"(Open a Door)フェーズでカードを表向きに引いた場合は、直ちにそのカードを引いたプレイヤーに適応されます。",
                 "引いたモンスターとは必ず戦わなくてはなりません。"),
            DE: "Deckst du ein Monster während Phase 1: Tür eintreten auf, kommt es sofort zu "
                "einem Kampf."},
      verbs=("keep", "give", "discard", "play"))
def door_monster(s: Situation, rulebook: str):
    if s.card_type == "monster" and s.source == "drawn_face_up" and s.phase == "kick_open_door":
        return FORBID if s.verb in ("keep", "give", "discard") else (
            ALLOW if s.verb in ("play",) else None)
    return None


@rule("munchkin.door.other_cards_keep_or_play", CORE,
      N_("A Door card that is neither a monster nor a curse, drawn when you kick open the door, "
         "goes to your hand or may be played at once."),
      cite={ES: "Si sacas una carta de cualquier otro tipo, puedes ponerla en tu mano o jugarla "
                "inmediatamente.",
            JA: "引いたカードがそれ以外だった場合、引いたカードを手札に入れるか、直ちにそのカードを使用するかのどちらかを選択する事が出来ます。"},
      verbs=("keep", "play", "use"))
def other_door_cards(s: Situation, rulebook: str):
    if s.verb in ("keep", "play", "use") and s.source == "drawn_face_up" \
            and s.phase == "kick_open_door" and s.card_type not in (None, "monster", "curse"):
        return ALLOW
    return None


@rule("munchkin.curse.face_up_applies_to_you", FAMILY,
      N_("A curse drawn face up when you kick open the door applies to you at once; you cannot "
         "keep it or play it on someone else."),
      cite={ES: "Si se sacan boca arriba durante la fase de \"Abrir la Puerta\" se aplican a la "
                "persona que las saque.",
            JA: "ドアを開ける(Open A Door)のフェーズで、カードを表向きに引いてそれが呪いのカードだった場合、そのカードを引いたプレイヤーに適応されます。",
            DE: "Deckst du einen Fluch während Phase 1: Tür eintreten auf, trifft er dich."},
      verbs=("keep", "play"))
def curse_face_up(s: Situation, rulebook: str):
    if s.card_type != "curse" or s.source != "drawn_face_up":
        return None
    if s.verb == "keep" or (s.verb == "play" and s.target in ("other_player", "player")):
        return FORBID
    return ALLOW if s.verb == "play" else None


@rule("munchkin.curse.any_time", FAMILY,
      N_("A curse drawn face down or got any other way may be played on any player at any time."),
      cite={ES: ("Si se sacan boca abajo o se obtienen de alguna otra manera, pueden ser jugadas "
                 "sobre CUALQUIER jugador en CUALQUIER momento.",
                 "En cualquier momento, ¿te enteras?",
                 "Reducir las capacidades de alguien justo cuando piensa que ha matado a un "
                 "monstruo es muy divertido.",
                 "Habrá momentos en los que te puede convenir jugar una Maldición o un monstruo "
                 "sobre ti mismo"),
            JA: ("カードを裏向きに引いたり何らかの手段で呪いのカードを手に入れる事が出来た場合は、任意のタイミングで任意のプレイヤーに向かってプレイする事が出来ます。",
                 "自分自身に呪いのカードやモンスターのカードをプレイすることが自分に取っていい結果になったり",
                 "いつのタイミングでも使用できるとは、誰かの能力を減少させてモンスターに殺させるようにし向けることも出来ます。"),
            DE: ("Ziehst du einen Fluch dagegen zu einem anderen Zeitpunkt, darfst du ihn auf",
                 "die Hand nehmen und auf\njeden beliebigen Spieler\nzu\njedem beliebigen\n"
                 "Zeitpunkt\nanwenden. (Auch auf dich selbst!) Jeder beliebige Zeitpunkt, klar?",
                 "Die Fähigkeiten von jemandem zu reduzieren, gerade wenn er glaubt, ein Monster "
                 "erschlagen zu haben, macht einen Heidenspaß!")},
      verbs=("play", "use", "keep"))
def curse_any_time(s: Situation, rulebook: str):
    # a curse already in play has been played: what becomes of it is not this rule's matter
    if s.card_type == "curse" and s.verb in ("play", "use", "keep") \
            and s.source not in ("drawn_face_up", "in_play"):
        return ALLOW
    return None


@rule("munchkin.monster.from_hand", FAMILY,
      N_("A monster in your hand may be played on your own turn to look for trouble, or with a "
         "Wandering Monster into any combat."),
      cite={ES: "van directamente a tu mano y pueden jugarse durante la fase de \"Buscar "
                "Problemas\", o contra otro jugador (junto a la carta de Monstruo Errante).",
            JA: "他にモンスターカードが適応される場合としては、\"もめ事を探す(Looking for Troubel)\"を行った場合や他のプレイヤーがワンダリングモンスターカード(the Wandering Monster Card)をプレイした場合等が有ります。",
            DE: "Du kannst es entweder in deinem eigenen Zug in Phase 2: Auf Ärger aus sein "
                "spielen oder zusammen mit einem Wandernden Monster während des Kampfes eines "
                "Mitspielers."},
      verbs=("play", "look_for_trouble"))
def monster_from_hand(s: Situation, rulebook: str):
    if s.verb == "look_for_trouble":
        # looking for trouble is playing a monster from your hand to fight it
        return ALLOW if s.my_turn else FORBID
    if not (s.verb == "play" and s.card_type == "monster" and s.source == "hand"):
        return None
    if s.phase == "look_for_trouble":
        return ALLOW if s.my_turn else FORBID
    if s.in_combat:
        return depends(N_("you play it together with a Wandering Monster"))
    return FORBID


@rule("munchkin.look_for_trouble.no_monster_met", FAMILY,
      N_("You may look for trouble (fight a monster from your hand) only on your own turn, if you "
         "met no monster when you kicked open the door."),
      cite={ES: "Si NO encuentras un monstruo al abrir la puerta, ahora tienes la opción de jugar "
                "un monstruo de tu mano",
            JA: "\"1)のドアを開ける\"のフェーズで引いたカードがモンスターカードで無かった場合、ここで(手札に有れば)手札からモンスターカードを1枚出してそれと戦う事が出来ます。"},
      restriction=True,
      verbs=("look_for_trouble", "play"))
def look_for_trouble(s: Situation, rulebook: str):
    if s.verb == "look_for_trouble" or (s.phase == "look_for_trouble" and s.verb == "play"
                                        and s.card_type == "monster"):
        if not s.my_turn or s.turn("door") == "monster" or s.turn("fought"):
            return FORBID
        return ALLOW
    return None


@rule("munchkin.loot.only_without_a_monster", FAMILY,
      N_("You may loot the room only if you met no monster and did not look for trouble; not if "
         "you ran away."),
      cite={ES: ("Si no te encuentras con un monstruo al abrir una puerta y no buscas problemas, "
                 "puedes saquear la habitación",
                 "Si te encontraste con un monstruo pero huiste, no puedes saquear la habitación.",
                 "roba otra carta del mazo de Dungeon, boca abajo, y ponla en tu mano.",
                 "Ni siquiera puedes saquear la habitación (esto es, robar boca abajo una carta "
                 "de Dungeon, como ya se indicó)."),
            JA: ("モンスターと出会わなかった場合、ダンジョンの山札から2枚目のカードを裏向きのまま引いて、それを手札に入れます",
                 "もちろん部屋を漁ることもできません。")},
      verbs=("loot_the_room", "draw"))
def loot_the_room(s: Situation, rulebook: str):
    if s.verb == "draw" and s.phase == "loot_the_room" and s.action.get("deck") == "door":
        pass  # drawing the Door card of the loot phase is looting the room
    elif s.verb != "loot_the_room":
        return None
    if not s.my_turn or s.turn("door") == "monster" or s.turn("looked_for_trouble") \
            or s.turn("ran_away") or s.turn("fought"):
        return FORBID
    if s.action.get("count", 1) != 1 or s.action.get("face", "down") != "down":
        return FORBID  # one more Door card, face down
    return ALLOW


# --- combat -----------------------------------------------------------------------------------

@rule("munchkin.monster_enhancer.any_combat", FAMILY,
      N_("Monster enhancers may be played in any combat, yours or someone else's, on a monster "
         "in it."),
      cite={ES: ("Puedes jugar estas cartas tanto en tus propios combates como en combates "
                 "ajenos.",
                 "Algunas cartas de Dungeon, como las mejoras de monstruo (ver más adelante), "
                 "también pueden jugarse en combate."),
            JA: ("これらのカードは、誰の戦闘中であっても使用する事ができます。",
                 "これらのカードは自分の戦闘の際でも他のプレイヤーの戦闘の際でも使用する事が出来ます。"),
            DE: ("Im Kampf auf ein beliebiges Monster spielen",
                 "eigenen Kampf erlaubt als auc",
                 "Du kannst\nbeliebig viele dieser Karten in einem einzigen Kampf spielen.")},
      verbs=("play", "use", "equip"))
def enhancer_timing(s: Situation, rulebook: str):
    if not playing(s, "monster_enhancer"):
        return None
    if not s.in_combat:
        return FORBID
    if s.target not in (None, "monster", "combat"):
        return FORBID
    return ALLOW


@rule("munchkin.wandering_monster.with_a_monster", FAMILY,
      N_("A Wandering Monster is played with a monster from your hand, which joins any combat in "
         "progress."),
      cite={ES: "Jugando un Monstruo Errante junto con un monstruo de tu mano para que se unan a "
                "cualquier combate.",
            JA: "これはあなたの手札から任意の戦闘にモンスターを1体送り込む事が出来ます。",
            DE: ("Die genannte Karte bringt ein weiteres Monster in den Kampf",
                 "Spiele diese Karte mit einem Monster von deiner Hand, während jemand (du "
                 "eingeschlossen) im Kampf ist.",
                 "Dein Monster schließt sich dem/den schon kämpfenden an")},
      verbs=("play", "use", "equip"))
def wandering_monster(s: Situation, rulebook: str):
    if not playing(s, "wandering_monster"):
        return None
    if not s.in_combat:
        return FORBID
    return depends(N_("you have a monster in your hand to play with it"))


@rule("munchkin.combat.one_helper", FAMILY,
      N_("Only one player may help you in a combat."),
      cite={ES: "Sólo puede ayudarte un jugador, sumando su fuerza de combate a la tuya.",
            JA: "助けてくれることが出来るプレイヤーは一人だけです。",
            DE: "Nur 1 Spieler\ndarf dir helfen."},
      verbs=("ask_help", "help"))
def one_helper(s: Situation, rulebook: str):
    if s.verb == "ask_help":
        fights = s.in_combat and (s.role == "fighter" or (
            s.role != "helper" and s.my_turn and "role" not in s.state))
        if not fights:
            return None  # asking outside a fight you are in: the rule on asking decides
        return FORBID if s.combat("helpers", 0) >= 1 else ALLOW
    if s.verb == "help":
        if not s.in_combat or s.role == "fighter" or s.state.get("dead"):
            return FORBID
        if s.combat("helpers", 0) >= 1 and s.role != "helper":
            return FORBID
        return depends(N_("the player in the combat asks you (or accepts your offer)"))
    return None


@rule("munchkin.class.powers_on_the_card", CORE,
      N_("Each Class has its own abilities, written on its card: you have them from the moment "
         "you play the card and lose them when you discard it. Stealing is a Thief's ability."),
      cite={ES: ("Cada Clase tiene capacidades diferentes, que se detallan en las cartas.",
                 "Consulta las cartas de Clase para ver cuándo puedes usar sus capacidades "
                 "especiales.",
                 "Obtienes las capacidades de una Clase en el momento en el que juegues la carta "
                 "frente a ti, y las pierdes en cuanto la descartes."),
            JA: ("各クラスはそれぞれ特殊能力がありカードにその内容が書かれています。",
                 "自分の前にクラスカードを置いた瞬間にそのクラスの特殊能力を得ます。",
                 "同様にクラスカードを破棄した瞬間に特殊能力を失います。")},
      restriction=True,
      verbs=("steal",))
def class_powers(s: Situation, rulebook: str):
    if s.verb == "steal" and "thief" not in s.classes:
        return FORBID
    return None


@rule("munchkin.thief.no_stealing_in_combat", CORE,
      N_("A Thief cannot steal if he or his victim is in combat."),
      cite={ES: "un Ladrón no puede robar si él o su víctima están luchando en un combate"},
      restriction=True,
      verbs=("steal",))
def thief(s: Situation, rulebook: str):
    if s.verb != "steal":
        return None
    if s.fighting or s.target_state("in_combat"):
        return FORBID
    return ALLOW if "thief" in s.classes else None


@rule("munchkin.running_away.all_or_nothing", FAMILY,
      N_("Who fought and lost runs away, rolling for each monster; two who fought together both "
         "run, each rolling separately."),
      cite={ES: ("Si dos jugadores están cooperando y aun así no logran derrotar al monstruo o "
                 "monstruos, ambos deben Huir.",
                 "Deben tirar por separado.",
                 "Si estás escapando de varios monstruos debes tirar el dado por separado para "
                 "escapar de cada uno de ellos"),
            JA: ("もし複数のモンスターから逃げている場合、各モンスター毎に判定のダイスを振り、その都度判定します",
                 "もし2人のプレイヤーが協力してモンスターに挑んでいて相手を倒すことができなかった場合、2人ともモンスターから逃げなくてはなりません。",
                 "2人共別々にダイスを振ってそれぞれ判定を行います",
                 "どのモンスターから振り始めるかは任意です。")},
      verbs=("run_away",))
def run_from_all(s: Situation, rulebook: str):
    if s.verb != "run_away":
        return None
    if not s.in_combat or s.role == "bystander":
        return FORBID
    if s.combat("result") == "won":
        return FORBID
    return ALLOW


@rule("munchkin.running_away.roll_for_each", FAMILY,
      N_("Running away from several monsters, you roll for each of them separately, in the order "
         "you choose."),
      cite={DE: ("Weg lauf würfe einzeln entschieden werden.",
                 "Das Opfer bestimmt die Reihen")},
      verbs=("run_away",))
def roll_for_each(s: Situation, rulebook: str):
    if s.verb != "run_away" or not s.in_combat or s.role == "bystander":
        return None
    if max(s.action.get("count") or 1, s.combat("monsters") or 1) < 2:
        return None
    return ALLOW


@rule("munchkin.running_away.not_from_some_only", CORE,
      N_("You cannot fight one monster and run from the others: you run from all of them or "
         "from none."),
      cite={ES: "pero no puedes elegir luchar contra uno y Huir de los demás."},
      restriction=True,
      verbs=("run_away",))
def run_from_none_or_all(s: Situation, rulebook: str):
    count, monsters = s.action.get("count"), s.combat("monsters")
    if s.verb == "run_away" and count is not None and monsters is not None and count < monsters:
        return FORBID
    return None


@rule("munchkin.running_away.no_rewards", FAMILY,
      N_("If you run away you get no levels and no treasure."),
      cite={ES: ("Si huyes, no obtienes Niveles ni Tesoro.",
                 "No consigues Tesoro.",
                 "Si eliminas a uno de ellos con una carta o un poder de Raza o Clase, pero "
                 "después huyes de los demás, no recibes ningún Tesoro."),
            JA: ("逃げた場合は、トレジャーもレベルも取得することができません。",
                 "モンスターと出会ったが逃げてしまった場合、何も得る物はありません。",
                 "トレジャーは入手できませんが、通常悪いことも起きません。"),
            # what survives of the German sentence: "[you get] neither treasure no[r levels]"
            DE: "weder Schatz noc"},
      restriction=True,
      verbs=("draw_treasure", "gain_level"))
def no_rewards_for_running(s: Situation, rulebook: str):
    if s.verb in ("draw_treasure", "gain_level") and (s.turn("ran_away") or s.phase == "running_away"):
        return FORBID
    return None


@rule("munchkin.rewards.after_combat", FAMILY,
      N_("You cannot receive the rewards for killing a monster in the middle of a combat: "
         "resolve it fully first."),
      cite={ES: ("No puedes recibir las recompensas de matar a un monstruo (como Tesoros y Niveles) "
                "en mitad de un combate.",
                 "Debes resolver totalmente el combate antes de obtener cualquier ganancia."),
            JA: "その後、あなたは間違いなくモンスターを倒した事になり、レベルが上がりトレジャーを入手出来ます。"},
      restriction=True,
      verbs=("draw_treasure", "gain_level"))
def rewards_after_combat(s: Situation, rulebook: str):
    if s.verb not in ("draw_treasure", "gain_level") or not s.in_combat:
        return None
    result = s.combat("result", "undecided")
    if result == "undecided":
        return FORBID
    if result == "lost":
        return FORBID
    return None


@rule("munchkin.rewards.level_per_monster", FAMILY,
      N_("Killing monsters gives you a level for each monster killed; your helper goes up only if "
         "he is an Elf."),
      cite={ES: ("Subes un Nivel por cada monstruo eliminado.",
                 "Tu ayudante no lo hace… a menos que sea un Elfo",
                 "Si matas al monstruo, subes un Nivel (o dos en el caso de ciertos monstruos "
                 "especialmente desagradables), y robas el número de Tesoros que se indica en la "
                 "carta.",
                 "2. Sólo subes de Nivel tras el combate si matas un monstruo."),
            JA: ("助勢してくれたプレイヤーはレベルがあがりません。",
                 "ただし、助勢してくれたプレイヤーがエルフだった場合倒したモンスターの数だけそのプレイヤーもレベルが上がります。",
                 "もしモンスターを殺すことなくうち負かした場合は、レベルは上昇ません。")},
      verbs=("gain_level", "win"))
def level_per_monster(s: Situation, rulebook: str):
    if s.verb == "win":
        # a helper who is no Elf gains no level from the kill: where the kill's levels would
        # bring them to 10, that is what stops them winning
        if s.role == "helper" and s.combat("result") == "won" and "elf" not in s.races \
                and s.state.get("level", 1) + max(1, s.combat("monsters") or 1) >= 10:
            return FORBID
        return None
    if s.verb == "gain_level" and s.combat("result") == "lost":
        return FORBID  # only killing a monster gives its level
    if s.verb != "gain_level" or s.combat("result") != "won":
        return None
    if s.role == "helper":
        return ALLOW if "elf" in s.races else FORBID
    return ALLOW


@rule("munchkin.treasure.the_killer_draws", FAMILY,
      N_("When you kill a monster you take its treasure: you draw it, even if your helper's "
         "power won the fight."),
      cite={ES: ("Cuando matas un monstruo, ya sea superando su fuerza de combate o usando una "
                 "carta para eliminarlo, te quedas con su Tesoro.",
                 "Aunque el combate se haya ganado gracias a una habilidad o poder de quien te "
                 "ayudó, las cartas de Tesoro debes robarlas tú."),
            JA: ("モンスターを倒していた場合、モンスターカードを破棄して、トレジャーカード(後述)を引きます。",
                 "モンスターを倒した際に、トレジャーを入手する事ができます。",
                 "モンスターを倒していた場合、モンスターカードに記述されているだけの宝物を得ることが出来ます。")},
      verbs=("draw_treasure",))
def killer_draws(s: Situation, rulebook: str):
    if s.verb != "draw_treasure" or s.combat("result") != "won":
        return None
    if s.role == "helper" or (s.in_combat and not s.my_turn and s.role != "fighter"):
        return FORBID
    return ALLOW


@rule("munchkin.treasure.face_down_alone", FAMILY,
      N_("Draw the treasure face down if you killed the monster alone, face up if someone "
         "helped."),
      cite={ES: ("Róbalas boca abajo si mataste al monstruo tú solo.",
                 "Róbalas boca arriba, de modo que todos puedan ver lo que has conseguido, si "
                 "alguien te ayudó."),
            JA: ("一人でモンスターを倒した際には、トレジャーカードは全て伏せて引きます。",
                 "モンスターを単独で倒した場合、トレジャーカードは裏向きで引きます。",
                 "もし誰かの助けを借りてモンスターを倒した場合は、表を向けてトレジャーカードの全を引きます。",
                 "他のプレイヤーに協力をしてもらってモンスターを倒した場合、トレジャーカードは表向きにして引きます。")},
      restriction=True,
      verbs=("draw_treasure",))
def treasure_face(s: Situation, rulebook: str):
    if s.verb != "draw_treasure":
        return None
    if s.role == "helper":
        return FORBID
    face = s.action.get("face")
    if face is None:
        return None
    helped = s.combat("helpers", 0) > 0
    return ALLOW if (face == "up") == helped else FORBID


# --- go up a level ---------------------------------------------------------------------------

@rule("munchkin.go_up_a_level.any_time", CORE,
      N_("Go Up a Level cards may be played on any character at any time, unless the card says "
         "otherwise."),
      cite={ES: ("Existen otras cartas de Tesoro que son \"especiales\", como las de \"Subes un "
                 "Nivel\".",
                 "Puedes usar inmediatamente las cartas de \"Sube un Nivel\"; estas cartas pueden "
                 "jugarse sobre cualquier personaje en cualquier momento.",
                 "Puedes usarlas en cualquier momento, a no ser que la carta especifique lo "
                 "contrario.")},
      verbs=("play", "use", "equip"),
      counterparts=("munchkin.go_up_a_level.treasure_timing", "munchkin.go_up_a_level.own_level"))
def go_up_a_level_any_time(s: Situation, rulebook: str):
    if playing(s, "go_up_a_level") and s.target_state("dead") is not True:
        return ALLOW
    return None


@rule("munchkin.go_up_a_level.treasure_timing", CORE,
      N_("In the older edition Go Up a Level is a treasure like any other: played when you get it "
         "or on your own turn, and it takes effect at once."),
      cite={JA: ("トレジャーは、入手した時点ならば誰のターンであってもプレイすることができ、自分のターンであればどのタイミングでもプレイすることが可能です。",
                 "\"Go Up A Level(1レベルアップ)\"のカードだけは、直ちに自分のレベルを1上げてそのカードを直ぐ破棄します。",
                 "\"Go up A Level(1レベルアップ)\"のカードは直ちに効果を発揮します。")},
      verbs=("play", "use", "equip"),
      counterparts=("munchkin.go_up_a_level.any_time",))
def go_up_a_level_treasure_timing(s: Situation, rulebook: str):
    if not playing(s, "go_up_a_level"):
        return None
    return ALLOW if acquired_or_own_turn(s) else FORBID


@rule("munchkin.go_up_a_level.own_level", CORE,
      N_("In the older edition a Go Up a Level card raises your own level: you cannot play it on "
         "another player."),
      cite={JA: "\"Go Up A Level(1レベルアップ)\"のカードだけは、直ちに自分のレベルを1上げてそのカードを直ぐ破棄します。"},
      restriction=True,
      verbs=("play", "use", "equip"),
      counterparts=("munchkin.go_up_a_level.any_time",))
def go_up_a_level_own_level(s: Situation, rulebook: str):
    if not playing(s, "go_up_a_level") or s.target in (None, "self"):
        return None
    return FORBID


# --- cards against rules ---------------------------------------------------------------------

@rule("munchkin.cards_over_rules", FAMILY,
      N_("When a card contradicts these rules, follow the card."),
      cite={ES: ("Las reglas incluidas en estas páginas son las que rigen el juego de forma "
                 "general.",
                 "Muchas cartas incluyen sus propias reglas, así que en la mayoría de casos en los "
                 "que contradigan estas reglas, debes seguir las instrucciones de la carta."),
            JA: ("カードに書いてある内容は常にこのルールに記載されている内容より優先して考えて下さい。",
                 "カードに記載されている内容がこのルールと抵触している場合、カードの内容に従って下さい。")},
      overrides=("*",))
def cards_over_rules(s: Situation, rulebook: str):
    return ALLOW if s.action.get("reason") == "card_allows" else None

