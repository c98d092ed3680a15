"""The Munchkin rules of fortune around the table: running away, curses, death and looting the
body, the hand and the decks, what a trade brings and how charity is shared.

Each rule is cited from the rulebooks that state it (Spanish, Japanese, and the German Warhammer
Age of Sigmar rulebook where it says the same); a rule applies only under the rulebooks it cites,
so where an edition is silent or says otherwise the difference shows in ``cardbase diff``. The
numbers that differ between editions (the roll needed to escape, hand limits) are read from the
edition parameters, never assumed.
"""

from __future__ import annotations

from .model import ALLOW, FORBID, depends, partial, rule
from .munchkin import edition, hand_limit_of
from .query import Situation

ES, JA, DE = "munchkin-es", "munchkin-ja", "munchkin-warhammer-aos-de"
CORE, FAMILY = ("munchkin",), ("munchkin", "munchkin-warhammer-aos")
N_ = lambda message: message  # noqa: E731  (marks a message id for extraction)


def _running(s: Situation) -> bool:
    return s.phase == "running_away" or bool(s.turn("ran_away"))


# --- running away -----------------------------------------------------------------------------

@rule("munchkin.running_away.roll", CORE,
      N_("To run away you roll a die: you escape on the rulebook's number (5) or more, and "
         "otherwise the monster catches you, unless a card changes the roll."),
      cite={ES: ("Tira el dado.", "Sólo consigues escapar con un 5 o más."),
            JA: ("まずダイスを1個振ります。", "ダイスの目が5以上ならば逃げることに成功します。")},
      restriction=True,
      verbs=("run_away",))
def escape_roll(s: Situation, rulebook: str):
    roll, need = s.action.get("roll"), edition(rulebook).get("escape_roll")
    if s.verb != "run_away" or roll is None or need is None:
        return None
    return ALLOW if roll >= need else FORBID


@rule("munchkin.running_away.elf_halfling", CORE,
      N_("In the older edition an Elf gets a bonus to the escape roll and a Halfling a penalty, "
         "as their cards say."),
      cite={JA: ("あなたがエルフだった場合、ダイス目にボーナスが付きます。",
                 "逆にハーフリングだった場合、ペナルティーがつきます。")},
      overrides=("munchkin.running_away.roll",),
      verbs=("run_away",),
      counterparts=("munchkin.running_away.race_card_changes_the_roll",))
def race_and_escape(s: Situation, rulebook: str):
    roll, need = s.action.get("roll"), edition(rulebook).get("escape_roll")
    if s.verb != "run_away" or roll is None or need is None:
        return None
    if "elf" in s.races and roll < need:
        return depends(N_("your Elf's bonus to running away brings your roll to {need}"),
                       need=need)
    if "halfling" in s.races and roll >= need:
        return depends(N_("your roll still reaches {need} after the Halfling's penalty"),
                       need=need)
    return None


@rule("munchkin.running_away.race_card_changes_the_roll", CORE,
      N_("Every Race but Human has abilities, written on its card: a failed escape roll may "
         "still succeed if your Race card changes the roll."),
      cite={ES: "Los Humanos no tienen capacidades especiales, mientras que todas las demás Razas "
                "si las tienen (se explican en las cartas)."},
      overrides=("munchkin.running_away.roll",),
      verbs=("run_away",),
      counterparts=("munchkin.running_away.elf_halfling",))
def race_card_and_escape(s: Situation, rulebook: str):
    roll, need = s.action.get("roll"), edition(rulebook).get("escape_roll")
    if s.verb != "run_away" or roll is None or need is None or roll >= need:
        return None
    races = [race for race in s.races if race != "human"]
    if not races:
        return None
    return depends(N_("your Race card ({race}) changes the escape roll enough to reach {need}"),
                   race=", ".join(races), need=need)


@rule("munchkin.running_away.discard_the_monster", FAMILY,
      N_("A monster you escape from is discarded."),
      cite={ES: "Si consigues escapar, descarta el monstruo.",
            JA: "逃げることに成功した場合、モンスターカードを破棄します。",
            DE: "Danach legst du die Monsterkarte ab"},
      verbs=("discard", "keep"))
def discard_fled_monster(s: Situation, rulebook: str):
    if s.card_type != "monster" or s.source not in ("in_play", "drawn_face_up") \
            or not _running(s):
        return None
    roll, need = s.action.get("roll"), edition(rulebook).get("escape_roll")
    if roll is not None and need is not None and roll < need:
        return None  # caught: whether the monster goes too is another sentence's matter
    if s.verb == "discard":
        return ALLOW
    return FORBID if s.verb == "keep" else None


@rule("munchkin.running_away.discard_even_if_caught", CORE,
      N_("In the newer edition the monster is discarded after running away whether you escaped "
         "or not."),
      cite={ES: "En cualquier caso, descarta el monstruo después."},
      verbs=("discard", "keep"))
def discard_monster_anyway(s: Situation, rulebook: str):
    if s.card_type != "monster" or s.source not in ("in_play", "drawn_face_up") \
            or not _running(s):
        return None
    if s.verb == "discard":
        return ALLOW
    return FORBID if s.verb == "keep" else None


@rule("munchkin.running_away.caught", FAMILY,
      N_("A monster that catches you (your escape roll fails) does its Bad Stuff to you, as its "
         "card describes; when two players run, it may catch both. If you escape, usually "
         "nothing bad happens, unless the monster's card harms you even then."),
      cite={ES: ("Si el monstruo te alcanza, se te aplica su Mal Rollo, tal como se describa en "
                 "la carta.",
                 "El monstruo (o monstruos) PUEDE cazar a ambos.",
                 "Normalmente no sucede nada malo… pero lee la carta.",
                 "Algunos monstruos te hacen daño incluso cuando escapas de ellos."),
            JA: ("逃げることに失敗してモンスターに捕まった場合、悪いこと(Bad Stuff)があなたにおそいかかります。",
                 "これについてはモンスターカード下部の説明を見て下さい。",
                 "(モンスターは2人共捕まえる事が可能です)",
                 "が、モンスターカードをよく読んでみて下さい。",
                 "一部のモンスターはあなたが逃げることに成功してもなおあなたに危害を加えるものもいます。"),
            # the German running-away section survives in pieces: "if it fails ... Bad Stuff ...
            # described on the card"
            DE: "Scheitert das\nSchlimme Dinge\nan,\nauf der Karte beschrieben werden."},
      verbs=("discard",))
def caught_by_the_monster(s: Situation, rulebook: str):
    if s.verb != "discard" or s.action.get("reason") != "bad_stuff":
        return None
    if not (s.in_combat and s.role in ("fighter", "helper")):
        return None
    roll, need = s.action.get("roll"), edition(rulebook).get("escape_roll")
    if roll is None or need is None:
        return depends(N_("the monster catches you: your escape roll fails"))
    if roll >= need:
        return depends(N_("the monster's card says it harms you even when you escape"))
    return ALLOW


# --- curses -----------------------------------------------------------------------------------

@rule("munchkin.curse.takes_effect_then_discarded", FAMILY,
      N_("A curse takes effect on its victim at once, if it can, and is then discarded; a curse "
         "aimed at something the victim does not have is ignored and discarded."),
      cite={ES: ("Normalmente, una Maldición afecta a su víctima inmediatamente (si le puede "
                 "afectar), y se descarta después.",
                 "Si una Maldición se aplica a algo que no tengas, ignórala."),
            JA: ("呪いはその対象者に対して(可能であれば)直ちに効果を発揮し、その後カードを破棄します。",
                 "もし呪いが特定の何かに作用するものでそれを対象のプレイヤーが持っていない場合、その呪いは無視されます。"),
            DE: "Ein Fluch wirkt immer sofort auf sein Opfer (falls möglich) und wird dann "
                "abgelegt."},
      verbs=("discard",))
def curse_then_discard(s: Situation, rulebook: str):
    if s.verb != "discard" or s.card_type != "curse" or "reason" in s.action:
        return None
    if s.source in ("drawn_face_up", "in_play"):
        return ALLOW
    return None


@rule("munchkin.curse.lasting_ones_stay", CORE,
      N_("Some curses strike later or last: they stay in play until you are rid of the curse or "
         "its penalty has taken effect."),
      cite={ES: ("Sin embargo, algunas Maldiciones te penalizan en momento posterior de la "
                 "partida o tienen un efecto continuado.",
                 "Conserva estas cartas hasta que te deshagas de la Maldición o la penalización "
                 "tenga efecto.",
                 "Hay también otras cartas, como algunas Maldiciones, que deben permanecer en la "
                 "mesa después de jugarse."),
            JA: ("例外としては、\"Change Sex(性転換)\"があり、これは次回の戦闘時にペナルティーとなりますし、\"Chicken On your Hand(鶏をつかんじゃった)\"は、その後も継続して持ち続けます。",
                 "これらのカードは呪いが解けるまで破棄せずに置いておきます。")},
      overrides=("munchkin.curse.takes_effect_then_discarded",),
      verbs=("discard",))
def lasting_curse(s: Situation, rulebook: str):
    if s.verb != "discard" or s.card_type != "curse" or s.source != "in_play" \
            or "reason" in s.action:
        return None
    return depends(N_("the curse is over: you are rid of it, or its penalty has taken effect"))


@rule("munchkin.curse.next_combat_is_this_one", CORE,
      N_("A curse for \"your next combat\" played on you while you are in a combat counts in "
         "that combat."),
      cite={ES: partial("Si cuando estás en un combate alguien juega sobre ti una Maldición que "
                        "tiene efecto \"en tu siguiente combate\", la carta cuenta para el "
                        "combate en el que estás involucrado en ese momento.",
                        lacks=N_("how long a curse lasts"))},
      verbs=("count_power",))
def curse_in_this_combat(s: Situation, rulebook: str):
    if s.verb != "count_power" or s.card_type != "curse":
        return None
    return ALLOW if s.fighting else None


@rule("munchkin.curse.victim_chooses", FAMILY,
      N_("When a curse could hit more than one item, its victim chooses which one it hits."),
      cite={ES: "Si una Maldición puede aplicarse a más de un objeto, la víctima decide qué "
                "objeto se pierde o está maldito.",
            DE: "Hat das Opfer mehrere in Frage kommende Gegenstände, entscheidet es selbst, "
                "welcher betroffen ist."},
      restriction=True,
      verbs=("discard",))
def victim_chooses(s: Situation, rulebook: str):
    if s.verb != "discard" or not s.is_item or s.action.get("reason") != "curse":
        return None
    return FORBID if s.target in ("other_player", "player") else ALLOW


# --- death and looting the body ---------------------------------------------------------------

@rule("munchkin.death.lose_stuff_keep_character", FAMILY,
      N_("When you die you lose all your stuff, your hand and the cards in front of you, but "
         "your new character keeps your Race and Class (armies and Alliance) and your level."),
      cite={ES: ("Si mueres pierdes todas tus cosas.",
                 "Conservas tu Clase (o Clases), tu Raza (o Razas) y tu Nivel"),
            JA: ("死んでしまった場合、持っていた全ての物を失います。",
                 "ただし、元のクラス、種族、レベルはそのまま引継ます"),
            DE: ("Wenn du stirbst, bekommst du einen neuen Charakter, der genau wie dein alter "
                 "aussieht: Du behältst deine Armee(n) und Stufen so wie deine Allianz, aber du "
                 "verlierst alles andere Zeug, das du auf der Hand hältst und das vor dir "
                 "ausliegt.",
                 partial("Wenn du eine Schummeln-Karte an einem Gegenstand anliegen hast, wird "
                         "diese Verbindung gelöst.",
                         lacks=N_("Warhammer's cheat cards")))},
      verbs=("keep",))
def death_keeps_the_character(s: Situation, rulebook: str):
    if s.verb != "keep" or not s.state.get("dead"):
        return None
    if s.source == "in_play" and s.card_type in ("race", "class", "army", "alliance"):
        return ALLOW
    if s.card_type in ("curse", "half_breed", "super_munchkin"):
        return None  # what the edition says of these, if anything, decides
    if s.source in ("hand", "in_play", "just_acquired"):
        return FORBID
    return None


@rule("munchkin.death.keep_curses", CORE,
      N_("In the newer edition a dead character keeps the curses they had, and their Races and "
         "Classes with Half-Breed and Super Munchkin."),
      cite={ES: "Conservas tu Clase (o Clases), tu Raza (o Razas) y tu Nivel (y también las "
                "Maldiciones que tuvieses)"},
      verbs=("keep",))
def death_keeps_curses(s: Situation, rulebook: str):
    if s.verb == "keep" and s.state.get("dead") and s.source == "in_play" \
            and s.card_type in ("curse", "half_breed", "super_munchkin"):
        return ALLOW
    return None


@rule("munchkin.death.looting_the_body", FAMILY,
      N_("When a character dies, the other players each take one of their cards, highest level "
         "first (a die decides ties); the rest is discarded, and if the cards run out, the last "
         "get nothing."),
      cite={ES: ("Coloca las cartas de tu mano junto a las cartas que tengas en juego.",
                 "Empezando por el jugador de Nivel más alto cada jugador escoge una carta… en "
                 "caso de empate, tirad el dado.",
                 "Si tu adversario se queda sin cartas, mala suerte.",
                 "Después de que todo el mundo se quede con una carta, el resto se descarta."),
            JA: ("死んだプレイヤーの手札をそのプレイヤーがプレイしていたカード",
                 "他のプレイヤーで最もレベルの高いプレイヤーから順に好きなカードを1枚取ります。",
                 "同率レベルのプレイヤーがいた場合、ダイスを振って順番を決めます。",
                 "全てのプレイヤーが1枚づつカードを取るかカードが無くなればそこで死体剥ぎは終了です。",
                 "余ったカードは全て破棄されます。"),
            DE: ("Beginnend mit dem Spieler mit der höchsten Stufe darf sich nun jeder Munchkin "
                 "eine Karte des getöteten Charakters aussuchen.",
                 "Die so erhaltenen Karten können nach den üblichen Regeln entweder auf die Hand "
                 "genommen oder sofort ausgelegt werden.",
                 "Haben mehrere Spieler die gleiche Stufe, würfeln sie.",
                 "Nachdem jeder eine Karte erhalten hat, wird der Rest abgelegt.",
                 "Hat deine Leiche schon vorher keine Karten mehr – Pech gehabt, dann gehen "
                 "einige Spieler leer aus.")},
      verbs=("loot_the_body",))
def loot_the_body(s: Situation, rulebook: str):
    if s.verb != "loot_the_body":
        return None
    if s.state.get("dead") or s.target_state("dead") is False:
        return FORBID  # the dead do not loot, and only a dead character's body is looted
    if s.action.get("count", 1) != 1:
        return FORBID  # one card each
    return depends(N_("every player of a higher level has chosen first (players of the same "
                      "level roll a die for the order)"))


@rule("munchkin.death.help_from_next_turn", CORE,
      N_("Your new character appears at once but can help in a combat only from the next turn, "
         "and has no cards until your own turn."),
      cite={ES: partial("Tu nuevo personaje aparece inmediatamente y puede ayudar a otros en el "
                        "combate en el siguiente turno... pero no tienes cartas.",
                        lacks=N_("whether a death happened this turn or earlier"))},
      verbs=("help",))
def help_after_death(s: Situation, rulebook: str):
    if s.verb != "help":
        return None
    if s.state.get("dead"):
        return FORBID  # not in the turn you died in
    if s.state.get("died_since_my_last_turn"):
        return depends(N_("the player in the combat asks you (or accepts your offer)"))
    return None


@rule("munchkin.turn.passes_after_charity", CORE,
      N_("After charity your turn ends and passes to the next player."),
      cite={ES: "Ahora el turno pasa al siguiente jugador.",
            JA: "以上が終了すると次のプレイヤーのターンになります。"},
      restriction=True,
      verbs=("end_turn",))
def turn_passes(s: Situation, rulebook: str):
    if s.verb == "end_turn" and s.my_turn and s.phase in ("charity", "end_of_turn"):
        return ALLOW
    return None


@rule("munchkin.death.turn_passes_at_once", FAMILY,
      N_("A player who dies on their own turn passes the turn to the next player at once."),
      cite={DE: "Warst du gerade am Zug, ist der nächste Spieler an der Reihe."},
      restriction=True,
      verbs=("end_turn",))
def dead_turn_passes(s: Situation, rulebook: str):
    if s.verb == "end_turn" and s.my_turn and s.state.get("dead"):
        return ALLOW
    return None


# --- the hand, the cards in play, the decks ---------------------------------------------------

@rule("munchkin.hand.not_in_play", FAMILY,
      N_("The cards in your hand are not in play: they do not help you, and nobody can take them "
         "unless a card says it takes from your hand."),
      cite={ES: ("Las cartas que tienes en tu mano no están en juego.",
                 "No te ayudan, pero no te las pueden quitar a menos que se use contra ti una "
                 "carta que afecte de forma específica a \"tu mano\".",
                 "Éstas son las cartas que están en la mesa frente a ti, y que muestran tu Raza y "
                 "Clase y los objetos que llevas (si llevas alguno)."),
            JA: ("手札にあるカードは場にあるカードとみなしません。",
                 "手札のカードは助けになりません。",
                 "ただし、場に出して運んでいるカードと比べて特殊なカードで手札のカード(your hand)と指定されていない限り、手札のカードは奪われることがありません。",
                 "自分の前にプレイした(配置した)トレジャーカードは運んでいるアイテム(Carried Item)となります。"),
            DE: ("Karten auf deiner Hand befinden sich nicht im Spiel und können dir nicht "
                 "helfen.",
                 "Sie können dir aber grundsätzlich auch nicht weggenommen werden, außer durch "
                 "spezielle Karten, die ausdrücklich „deine Hand“ angreifen.")},
      restriction=True,
      verbs=("steal", "count_power"))
def hand_not_in_play(s: Situation, rulebook: str):
    if s.verb in ("steal", "count_power") and s.action.get("from") == "hand":
        return FORBID
    return None


@rule("munchkin.hand.show_it", FAMILY,
      N_("You may show your hand to the other players."),
      cite={ES: "Puedes mostrar tu mano a los demás jugadores si te apetece",
            JA: "また自分の手札を他のプレイヤーに見せることも出来ます。",
            DE: "Du darfst deine Hand anderen Spielern zeigen."},
      verbs=("show_hand",))
def show_hand(s: Situation, rulebook: str):
    return ALLOW if s.verb == "show_hand" else None


@rule("munchkin.cards.discards_closed", CORE,
      N_("Nobody may look through the discard piles unless a card allows it."),
      cite={ES: "No se pueden mirar estas pilas, a no ser que juegues una carta que lo permita."},
      verbs=("look_at_discards",))
def discards_closed(s: Situation, rulebook: str):
    return FORBID if s.verb == "look_at_discards" else None


#: the deck each drawing verb takes from, when the action does not say
_DECK_OF = {"kick_open_door": "door", "loot_the_room": "door", "draw_treasure": "treasure"}


@rule("munchkin.cards.empty_deck", CORE,
      N_("Each deck has its own face-up discard pile; a deck that runs out is reshuffled from "
         "its discards, and when it has none, nobody can draw from that deck."),
      cite={ES: ("Mantén pilas de descartes separadas y boca arriba para los dos mazos.",
                 "Cuando un mazo se quede sin cartas, vuelve a barajar sus descartes.",
                 "Si un mazo se acaba y no hay descartes, nadie puede robar una carta de ese "
                 "tipo."),
            JA: ("二つの山札のカードは捨て札も表を向けて別々にしておいて下さい。",
                 "山札がつきた場合、そのカードの捨て札を混ぜて再び山札を作って下さい。",
                 "もし捨て札が一枚もない状態で山札が枯渇した場合、だれもその種類のカードを引くことができません。")},
      restriction=True,
      verbs=("draw", "draw_treasure", "kick_open_door", "loot_the_room", "deal"))
def empty_deck(s: Situation, rulebook: str):
    empty = s.state.get("empty_decks")
    if not empty:
        return None
    empty = set(empty if isinstance(empty, list) else [empty])
    deck = s.action.get("deck") or _DECK_OF.get(s.verb)
    wanted = {"door", "treasure"} if deck == "each" else {deck} if deck else set()
    return FORBID if wanted & empty else None


# --- trading and charity ----------------------------------------------------------------------

@rule("munchkin.trading.received_goes_into_play", FAMILY,
      N_("An item you receive in a trade goes into play at once; you may sell it only on your "
         "own turn."),
      cite={ES: "Cualquier objeto que recibas en un intercambio se pondrá inmediatamente en "
                "juego; no podrás venderlo hasta que sea tu turno.",
            JA: "トレードで受け取ったアイテムは場に出さなくてはならず、自ターンが来るまで売却することは出来ません。",
            DE: ("Jeder Gegenstand, den du durch einen Handel bekommst, wird sofort ausgelegt.",
                 "Du darfst den Gegenstand nur dann sofort verkaufen, wenn du dich in deinem "
                 "eigenen Zug und außerhalb eines Kampfes befindest.")},
      restriction=True,
      # about selling a traded item, it decides over the rule on where sold items come from
      overrides=("munchkin.selling.from_hand_or_play",),
      verbs=("keep", "play", "equip", "sell"))
def traded_item(s: Situation, rulebook: str):
    if s.action.get("reason") != "traded" or (s.card_type is not None and not s.is_item):
        return None
    if s.verb == "keep":
        return FORBID  # it does not go to the hand
    if s.verb in ("play", "equip"):
        return ALLOW
    if s.verb == "sell":
        if not s.my_turn:
            return FORBID  # not before your own turn
        if s.in_combat:
            # the German rulebook says it here; elsewhere the rule on selling in combat decides
            return FORBID if rulebook == DE else None
        return ALLOW
    return None


@rule("munchkin.charity.split_among_lowest", CORE,
      N_("When several players share the lowest level, the cards given in charity are split "
         "among them as evenly as possible; you choose who gets the larger share."),
      cite={ES: "Si varios jugadores tienen ese mismo Nivel, repártelas entre ellos de la forma "
                "más equitativa posible, pero depende de ti quién se lleve la mejor parte.",
            JA: ("もし、最もレベルが低いプレイヤーが複数いる場合、可能な限り均等な枚数になるように配ります。",
                 "もし端数が出た場合は、端数を切り上げてあなたがカードを渡さなくてはなりません。")},
      restriction=True,
      verbs=("give",))
def split_charity(s: Situation, rulebook: str):
    limit = hand_limit_of(s, rulebook)
    players = s.state.get("lowest_level_players")
    size = s.state.get("hand_size")
    if s.verb != "give" or limit is None or not players or players < 2 or size is None \
            or s.reason(limit) != "hand_limit" or s.state.get("lowest_level"):
        return None
    excess = max(0, size - limit)
    low, high = excess // players, -(-excess // players)
    count = s.action.get("count")
    if count is None:
        return depends(N_("each of the {players} lowest-level players gets {low} or {high} of "
                          "the cards"), players=players, low=low, high=high)
    return ALLOW if low <= count <= high else FORBID
