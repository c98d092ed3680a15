"""Munchkin fights as moves: asking for help and bribing, interfering, several monsters, what a
won (or merely ended) fight gives and what is discarded after it, each under its rulebook passages.

The arithmetic of a fight (who wins) lives in ``combat``; these rules judge what a player may do
around one: ask for help until someone accepts, bribe with the items they carry, play cards into
someone else's combat (a Thief may backstab), choose the monster an enhancer goes on, move on only
once the combat is resolved, take one level per monster killed (two for the monsters whose card
says so) and none for a monster got rid of without killing it. The Spanish and Japanese core
rulebooks and the German Warhammer one are cited side by side where they state the same rule;
where they differ (a card naming several monsters, the treasure of a monster not killed) the rules
are distinct, so ``diff`` finds the difference.
"""

from __future__ import annotations

from .model import ALLOW, FORBID, depends, partial, rule
from .query import Situation

ES, JA, DE = "munchkin-es", "munchkin-ja", "munchkin-warhammer-aos-de"
CORE, FAMILY = ("munchkin",), ("munchkin", "munchkin-warhammer-aos")
N_ = lambda message: message  # noqa: E731  (marks a message id for extraction)

#: the combat results after which the fight is over (the monster killed, got rid of, or not beaten)
_ENDED = ("won", "lost", "defeated_without_killing")
#: the cards another player may play into a combat they are not fighting in
_INTERFERING_CARDS = ("one_shot_item", "monster_enhancer", "curse")


def _fights_it(s: Situation) -> bool:
    """The player whose fight it is: the fighter, or, without a role, the player whose turn it is."""
    return s.in_combat and (s.role == "fighter" or (s.role != "helper" and s.my_turn
                                                   and "role" not in s.state))


# --- the door and the combat as a whole -------------------------------------------------------

@rule("munchkin.combat.resolve_before_moving_on", CORE,
      N_("Once a combat has begun you must resolve it completely before going on with your turn."),
      cite={ES: "Para poder seguir adelante, debes resolver el combate por completo.",
            JA: "先に進む前に戦闘を完全に終了させておかなくてはなりません。"},
      restriction=True,
      verbs=("loot_the_room", "look_for_trouble", "end_turn", "kick_open_door"))
def resolve_before_moving_on(s: Situation, rulebook: str):
    if s.verb in ("loot_the_room", "look_for_trouble", "end_turn", "kick_open_door") \
            and s.in_combat and s.my_turn:
        return FORBID
    return None


@rule("munchkin.door.curse_face_up_discarded", CORE,
      N_("A curse drawn face up when you kick open the door takes effect on you at once (if it "
         "can) and is then discarded."),
      cite={ES: "Si la carta es una Maldición (ver Maldiciones, más abajo), sus efectos se te "
                "aplican inmediatamente (si es posible) y se descarta.",
            JA: "呪いは(可能ならば)直ちに適応され、そのカードは捨て札になります。"},
      verbs=("discard", "keep", "give"))
def curse_face_up_discarded(s: Situation, rulebook: str):
    if s.verb not in ("discard", "keep", "give") or s.card_type != "curse" \
            or s.source != "drawn_face_up":
        return None
    if s.verb == "discard":
        return ALLOW
    return FORBID  # kept or given away, it would not be discarded


@rule("munchkin.monster.drawn_otherwise_to_hand", FAMILY,
      N_("A monster you get in any other way than face up behind the door goes into your hand."),
      cite={ES: "Si se obtienen de cualquier otra manera, van directamente a tu mano",
            JA: "モンスターと出会わなかった場合、ダンジョンの山札から2枚目のカードを裏向きのまま引いて、それを手札に入れます",
            DE: "Ziehst du ein Monster dagegen zu einem anderen Zeit punkt, nimmst du es auf die "
                "Hand."},
      verbs=("keep",))
def monster_to_hand(s: Situation, rulebook: str):
    if s.verb == "keep" and s.card_type == "monster" \
            and s.source in ("drawn_face_down", "just_acquired"):
        return ALLOW
    return None


@rule("munchkin.monster.one_card_one_monster", FAMILY,
      N_("For the rules each Monster card is a single monster, even if its name is plural: you "
         "roll once per card to run away."),
      cite={ES: "En lo que concierne a las reglas, cada carta de Monstruo es un único monstruo, "
                "aunque el nombre de la carta esté en plural.",
            JA: "ルール上は、各モンスターカードは1匹のモンスターと見なします。",
            DE: "Für Regelbelange gilt jedes Monster als ein einzelnes Monster, selbst wenn sein "
                "Name auf der Karte im Plural steht."},
      restriction=True,
      verbs=("run_away",))
def one_card_one_monster(s: Situation, rulebook: str):
    count, monsters = s.action.get("count"), s.combat("monsters")
    if s.verb == "run_away" and count is not None and monsters is not None and count > monsters:
        return FORBID
    return None


@rule("munchkin.monster.several_names_several_monsters", ("munchkin",),
      N_("In the older edition a Monster card that names several monsters is not a single "
         "monster."),
      cite={JA: partial("ただし、複数のモンスター名がカードに記載されていた場合は別です。",
                        lacks=N_("how many monsters a Monster card names"))},
      overrides=("munchkin.monster.one_card_one_monster",),
      verbs=("run_away",),
      counterparts=("munchkin.monster.one_card_one_monster",))
def several_names(s: Situation, rulebook: str):
    count, monsters = s.action.get("count"), s.combat("monsters")
    if s.verb == "run_away" and count is not None and monsters is not None and count > monsters:
        return depends(N_("a Monster card in the combat names several monsters"))
    return None


# --- asking for help ----------------------------------------------------------------------------

@rule("munchkin.help.ask_when_you_cannot_win", FAMILY,
      N_("If you cannot win a combat alone you may ask another player for help; if they refuse "
         "you may ask the next, until someone accepts or everyone has refused. Not once the "
         "combat is over."),
      cite={ES: (partial("Si eres incapaz de ganar un combate por ti solo, puedes pedir a otro "
                         "jugador que te ayude.",
                         lacks=N_("combat strengths and ties: whether you can win alone")),
                 "Si rehúsa, puedes pedírselo a otro y así sucesivamente hasta que todos hayan "
                 "declinado ayudarte o alguien lo haga."),
            JA: ("他のプレイヤーに助けを求める事が出来ます。",
                 "誰かに助けを求めて拒否されたらさらに他のプレイヤーに助けを求めることが出来ます。",
                 "誰かが助けに同意してくれるか全員が拒絶するまで続けることができます。",
                 partial("もしモンスターを倒せることが出来ない場合、2つの選択肢があります:助けを求めるか逃げるかです。",
                         lacks=N_("combat strengths and ties: whether you can win alone"))),
            DE: partial("Kannst du ein Monster nicht allein besieg […] Spieler um Hilfe bitten.",
                        lacks=N_("combat strengths and ties: whether you can win alone"))},
      restriction=True,
      verbs=("ask_help",))
def ask_for_help(s: Situation, rulebook: str):
    if s.verb != "ask_help":
        return None
    if not _fights_it(s):
        return FORBID  # help is asked for by the player fighting a combat, and only then
    if s.combat("result") in ("won", "defeated_without_killing"):
        return FORBID  # the monster is beaten: there is nothing left to help with
    return ALLOW if s.combat("helpers", 0) == 0 else None


@rule("munchkin.help.bribe_with_items_you_carry", FAMILY,
      N_("To get help you may bribe another player with any of the items you carry (or promise "
         "them some of the monster's treasure); not with cards from your hand."),
      cite={ES: ("Puedes sobornar a alguien para que te ayude.",
                 "Puedes ofrecer cualquier objeto (u objetos) que lleves encima o cualquier "
                 "número de cartas de Tesoro que tenga el monstruo."),
            JA: ("助けを求める為に賄賂を送ってもかまいません。",
                 "賄賂は、自分が運んでいるアイテムを任意の数提供するか、戦うモンスターが持っているトレジャーカードを幾枚か与えることが出来ます。"),
            DE: "Natürlich darfst du auch einen Spieler bestec […]"},
      restriction=True,
      verbs=("give",))
def bribe(s: Situation, rulebook: str):
    if s.verb != "give" or not _fights_it(s) or s.target not in (None, "other_player", "player"):
        return None
    if s.card_type is not None and not s.is_item:
        return FORBID
    if s.source == "in_play":
        return ALLOW
    return FORBID if s.source in ("hand", "just_acquired") else None


# --- interfering with a combat -----------------------------------------------------------------

@rule("munchkin.interfering.by_playing_cards", FAMILY,
      N_("Anyone may interfere in a combat they are not fighting in: use a one-shot item for or "
         "against a side, play a monster enhancer, send in a monster with a Wandering Monster, or "
         "curse a player."),
      cite={ES: ("Puedes entrometerte en el combate de varias formas: •",
                 "Usando una carta de un solo uso: Si tienes una poción, puedes ayudar a alguien "
                 "lanzándola contra su enemigo.",
                 "Por supuesto, puedes alcanzar accidentalmente a tu compañero con la poción, y "
                 "entonces se utilizará contra él.",
                 "Jugando una carta para mejorar a un monstruo: Estas cartas (normalmente) hacen "
                 "a un monstruo más peligroso… y también aumentan su Tesoro.",
                 "Maldiciéndole si tienes una carta de Maldición.",
                 "Eso sí, cualquiera puede jugar cartas que afectan al combate.",
                 "Algunas cartas (como los Monstruos Errantes) permiten a tus adversarios enviar "
                 "a otros monstruos al combate."),
            JA: ("他人の戦闘をいくつかの手段で干渉することができます。",
                 "例えばポーションを使う:あなたがポーションを持っている場合、誰かが戦っている相手に使って妨害することもできますし",
                 "またモンスターの能力を高めるカードを使う事もできます。",
                 "これらのカードはモンスターを強くしますが、同時にトレジャーも増やします。",
                 "さらにワンダリングモンスターをプレイする事も出来ます。",
                 "呪いのカードを持っていれば、呪うことも出来ます。"),
            DE: ("Spiele eine Schatzkarte mit dem V",
                 "Einmal einsetzbar-Karte kannst du sowohl dir selbst als auc einem Monster "
                 "helfen.",
                 "– Spiele ein W (plus ein Monster aus deiner Hand):",
                 "– Spiele einen Fluch aus.")},
      verbs=("play", "use"))
def interfering(s: Situation, rulebook: str):
    if s.verb not in ("play", "use") or not s.in_combat or s.fighting:
        return None
    if s.card_type in _INTERFERING_CARDS or (s.card_type is None and s.one_shot):
        return ALLOW
    if s.card_type == "wandering_monster":
        return depends(N_("you have a monster in your hand to play with it"))
    return None


@rule("munchkin.interfering.backstab_if_thief", CORE,
      N_("Only a Thief may backstab a player in a combat (discarding a card for the Thief's "
         "power against them)."),
      cite={ES: "Apuñalando a traición a un jugador involucrado en un combate, si eres un Ladrón.",
            JA: "もし自分がシーフならば、戦闘中のプレイヤーを背後から襲う事ができます。"},
      restriction=True,
      verbs=("discard", "use"))
def backstab(s: Situation, rulebook: str):
    if s.verb not in ("discard", "use") or s.action.get("reason") != "class_power" \
            or s.target not in ("other_player", "player"):
        return None
    if not (s.in_combat or s.target_state("in_combat")):
        return None
    return ALLOW if "thief" in s.classes else FORBID


@rule("munchkin.combat.last_chance_to_interfere", CORE,
      N_("When you have beaten the monster, wait a moment: the others still get a last chance to "
         "play cards or use powers against you; only then is the monster killed, and you go up "
         "and take the treasure."),
      cite={ES: ("Pero ten cuidado, ya que alguien puede jugar una carta hostil o usar un poder "
                 "especial contra ti justo cuando pensabas que habías ganado.",
                 "Cuando mates un monstruo, debes esperar un tiempo razonable (definido como unos "
                 "2,6 segundos) para que tus adversarios tengan una última oportunidad de "
                 "intervenir en el combate.",
                 "Después de eso, habrás matado al monstruo de verdad, y habrás subido un Nivel y "
                 "cogido el Tesoro"),
            JA: ("しかし、あなたが戦闘に勝利したと思った時に、他のプレイヤーはあなたに対して敵対カード(hostile)を使ったり特殊能力を使用したりする事ができます。",
                 "このため、あなたはモンスターを倒した時、他のプレイヤーがそれに反応できるよう暫し(訳者:2.6秒と書いていますが、実際の所は適当に決めて下さい)待って下さい。")},
      verbs=("play", "use"))
def last_chance(s: Situation, rulebook: str):
    if s.verb not in ("play", "use") or s.phase != "combat" or s.combat("result") != "won":
        return None
    if s.fighting or s.card_type not in _INTERFERING_CARDS + ("wandering_monster",):
        return None
    return ALLOW


# --- several monsters and enhancers -------------------------------------------------------------

@rule("munchkin.monster_enhancer.choose_the_monster", FAMILY,
      N_("With several monsters in a combat, whoever plays an enhancer chooses which monster it "
         "goes on."),
      cite={ES: "Si hay varios monstruos involucrados en un combate, quien juega cada mejora debe "
                "elegir a qué monstruo la aplica.",
            JA: "ただし、既に場に2種類のモンスターがいる状態で(Wangering Monsterカードを既にプレイしている場合)で、能力を高めるカードを使う場合、どちらのモンスターに適応するか選択しなくてはなりません。",
            DE: "Sollten jedoc […] Monster im Spiel sein (zum Beispiel durch ein W), sich der "
                "Spieler sie gilt."},
      restriction=True,
      verbs=("play", "use"))
def choose_the_monster(s: Situation, rulebook: str):
    if s.verb not in ("play", "use") or s.card_type != "monster_enhancer" \
            or (s.combat("monsters") or 0) < 2:
        return None
    if s.target == "combat":
        return FORBID  # it goes on one monster, not on the whole fight
    if s.target == "monster":
        return ALLOW
    return depends(N_("you say which of the monsters it goes on"))


# --- after the fight --------------------------------------------------------------------------

@rule("munchkin.rewards.levels_for_a_kill", FAMILY,
      N_("Killing monsters gives one level for each monster killed, or two for the monsters "
         "whose card says so (a helping Elf gets one per monster)."),
      cite={ES: ("Si tu fuerza de combate es mayor que la del monstruo, lo matas y subes un "
                 "Nivel (o dos, en el caso de los monstruos más peligrosos).",
                 "Si matas al monstruo, subes un Nivel (o dos en el caso de ciertos monstruos "
                 "especialmente desagradables)",
                 "en cuyo caso también gana un Nivel por cada monstruo liquidado"),
            JA: ("もしモンスターを倒す事が出来ればレベルが1つあがります(非常に強いモンスターを倒した場合、一気にレベルが2つ上がる場合があります。",
                 "そのような場合はカードにその旨の記述があります)。",
                 "もしモンスターを倒せることができたら、自動的に1レベル(非常に凶悪なモンスターを倒した場合は2レベル)上昇します。",
                 partial("もし、複数のモンスターを戦っていた場合、倒したモンスター分レベルが上がります-干渉(interfering)参照。",
                         lacks=N_("how many monsters a Monster card names"))),
            DE: "jedes\ngetötete\nMonster 1 Stufe auf!"},
      restriction=True,
      verbs=("gain_level",))
def levels_for_a_kill(s: Situation, rulebook: str):
    count = s.action.get("count")
    if s.verb != "gain_level" or s.combat("result") != "won":
        return None
    if count is None:
        # the fighter goes up for the kill; whether a helper does is the helper rules' matter
        return None if s.role == "helper" or s.state.get("dead") else ALLOW
    monsters = max(1, s.combat("monsters") or 1)
    if s.role == "helper":
        # a helping Elf goes up one level per monster killed, never the monster's extra level
        return ALLOW if count == monsters else FORBID
    printed = s.card_stat("levels") if s.card_type == "monster" else None
    if printed is not None and monsters == 1:
        return ALLOW if count == printed else FORBID
    if count == monsters:
        return ALLOW
    if monsters < count <= 2 * monsters:
        return depends(N_("the card of a monster you killed says it gives two levels"))
    return FORBID


@rule("munchkin.rewards.no_level_without_killing", FAMILY,
      N_("A monster got rid of without being killed (by a card or a Race or Class power) gives "
         "no level."),
      cite={ES: ("En algunas ocasiones, una carta, o un poder de Clase o Raza, te permitirá "
                 "deshacerte del monstruo sin matarlo.",
                 "Cuando esto sucede, aunque el monstruo haya sido \"derrotado\", no subes ningún "
                 "Nivel"),
            JA: "もしモンスターを殺すことなくうち負かした場合は、レベルは上昇ません。",
            DE: "Du steigst jedocnie für ein Monster auf,"},
      restriction=True,
      verbs=("gain_level",))
def no_level_without_killing(s: Situation, rulebook: str):
    if s.verb == "gain_level" and s.combat("result") == "defeated_without_killing":
        return FORBID
    return None


@rule("munchkin.rewards.treasure_unless_the_card_denies", CORE,
      N_("A monster got rid of without being killed still gives its treasure, unless the card "
         "that got rid of it says otherwise."),
      cite={ES: "y, en el caso de algunas cartas, ni siquiera te llevas el Tesoro."},
      verbs=("draw_treasure",))
def treasure_unless_denied(s: Situation, rulebook: str):
    if s.verb == "draw_treasure" and s.combat("result") == "defeated_without_killing" \
            and s.role != "helper":
        return depends(N_("the card that got rid of the monster does not deny you its "
                          "treasure"))
    return None


@rule("munchkin.rewards.no_treasure_unless_the_card_gives", ("munchkin-warhammer-aos",),
      N_("A monster got rid of without being killed gives no treasure, unless the card says "
         "otherwise."),
      cite={DE: ("erhältst du keinen Schatz – es sei denn auf der Karte steht es anders.",
                 # a monster eliminated (by a card) while you fight on: "in such a case no
                 # treasure"
                 "Monster eliminierst, weiterkämpf einem solchen F keinen Schatz (siehe unten).")},
      restriction=True,
      verbs=("draw_treasure",))
def no_treasure_unless_given(s: Situation, rulebook: str):
    if s.verb == "draw_treasure" and s.combat("result") == "defeated_without_killing":
        return FORBID
    return None


@rule("munchkin.combat.then_phase_four", ("munchkin-warhammer-aos",),
      N_("After a combat, whether you won it or ran away, your turn goes straight on to phase 4: "
         "you neither look for trouble nor loot the room."),
      # what survives of the two sentences closing "Gewonnen!" and "Weglaufen"
      cite={DE: ("Dein Zug geht nun wPhase 4:.",
                 "und machst wPhase 4:.")},
      restriction=True,
      verbs=("look_for_trouble", "loot_the_room"))
def then_phase_four(s: Situation, rulebook: str):
    if s.verb in ("look_for_trouble", "loot_the_room") and (
            s.turn("fought") or s.turn("ran_away") or s.turn("door") == "monster"):
        return FORBID
    return None


@rule("munchkin.combat.discard_after_combat", FAMILY,
      N_("After the combat, won or lost, the monster cards, their enhancers and the one-shot "
         "items used in it are discarded; a monster killed is discarded, its treasure drawn and "
         "its special instructions followed."),
      cite={ES: ("Ganes o pierdas, debes descartarlas después del combate.",
                 "Descarta la carta de monstruo, junto con cualquier mejora y objetos de un solo "
                 "uso que se hayan jugado, y roba el Tesoro.",
                 "Si alguien te ayuda y ganáis el combate, el monstruo es liquidado.",
                 "Descártalo, roba las cartas de Tesoro correspondientes y sigue las "
                 "instrucciones especiales que pueda haber en la carta del monstruo."),
            JA: "誰かが助勢してくれた結果モンスターが倒せたら、モンスターカードを破棄し、トレジャーカードを引き(詳細後述)、モンスターに何か特殊な事が書いて有ればそれに従います。",
            DE: ("Sobald der Kampf vorbei ist oder der Effekt der Karte eingetr […] wird sie "
                 "abgelegt.",
                 "Monsterkarte ab.")},
      overrides=("munchkin.items.no_discarding_at_will",),
      verbs=("keep", "discard"))
def discard_after_combat(s: Situation, rulebook: str):
    if s.verb not in ("keep", "discard") or s.source != "in_play" \
            or s.combat("result") not in _ENDED:
        return None
    if s.card_type in ("monster", "monster_enhancer"):
        return ALLOW if s.verb == "discard" else FORBID
    if s.one_shot:
        return depends(N_("you used it in this combat") if s.verb == "discard"
                       else N_("you did not use it in this combat"))
    return None
