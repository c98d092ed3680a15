"""Dungeon Mayhem: setting up, the turn and its clean-up, Play Again chains, Defense cards that
stay in play until destroyed, healing, Draw cards, cards with several symbols and the end of the
game, cited from the Spanish rules."""

from __future__ import annotations

from .model import ALLOW, FORBID, depends, partial, rule
from .query import Situation

ES = "dungeon-mayhem-es"
GAME = ("dungeon-mayhem",)
N_ = lambda message: message  # noqa: E731


@rule("dungeon_mayhem.setup.three_cards", GAME,
      N_("Each player takes one character deck, shuffles it face down and sets their tracker to "
         "10 hit points; then everyone draws three cards from their own deck."),
      cite={ES: ("Juega como uno de los cuatro personajes diferentes.",
                 "1. Elige uno de los cuatro mazos de personajes.",
                 "3. Pon una ficha en el número de tu contador de puntos de vida.",
                 "4. Baraja el resto de tu mazo y colócalo en la mesa boca abajo.",
                 "Todos roban tres cartas y el jugador más joven va primero.",
                 "Cada jugador comienza el juego con 10 puntos de golpe.")},
      verbs=("draw", "deal"))
def three_cards(s: Situation, rulebook: str):
    if s.verb not in ("draw", "deal") or s.phase != "setup":
        return None
    count = s.action.get("count")
    if count is None:
        return depends(N_("draw {n} cards"), n=3)
    return ALLOW if count == 3 else FORBID


@rule("dungeon_mayhem.turn.draw_first", GAME,
      N_("Your turn begins by drawing one card from your deck."),
      cite={ES: "1. Roba una carta de tu mazo."},
      verbs=("draw", "play"))
def draw_first(s: Situation, rulebook: str):
    if s.verb == "play":
        # the draw is step 1 of the turn: nothing is played before it
        return FORBID if s.my_turn and not drawn(s) else None
    if s.verb == "draw" and s.phase in ("draw", "play_cards") and not s.state.get("play_again_pending"):
        if not s.my_turn:
            return FORBID
        count = s.action.get("count")
        if count is not None and count != 1:
            return FORBID  # the step draws one card: "Roba una carta"
        drew = s.turn("drew")
        if drew is not None:
            return FORBID if drew else ALLOW
        return ALLOW if s.phase == "draw" else depends(N_("you have not drawn this turn yet"))
    return None


def drawn(s: Situation) -> bool:
    """Whether this turn's draw is done: said in ``this_turn.drew``, else implied by the phase
    or by cards already played (or owed to a Play Again) this turn."""
    drew = s.turn("drew")
    if drew is not None:
        return drew
    return s.phase != "draw" or cards_played(s) >= 1 or bool(s.state.get("play_again_pending"))


def cards_played(s: Situation) -> int:
    """The cards played this turn, given as ``cards_played`` or ``this_turn.cards_played``."""
    return s.state.get("cards_played", s.turn("cards_played", 0))


@rule("dungeon_mayhem.turn.play_on_your_turn", GAME,
      N_("You play cards from your hand on your own turn; you must play at least one."),
      cite={ES: ("Esto es lo que debe hacer en su turno:",
                 "Juega una carta de tu mano colocándola sobre la mesa frente a ti. A veces puedes "
                 "jugar más de una carta en un turno, pero tienes que jugar al menos una.")},
      verbs=("play", "end_turn", "pass", "draw"))
def play_on_turn(s: Situation, rulebook: str):
    if s.verb == "draw" and s.card_type == "draw":
        # playing a Draw card is playing a card: on your own turn only
        return None if s.my_turn else FORBID
    if s.verb == "play":
        if s.my_turn and not drawn(s):
            return None  # dungeon_mayhem.turn.draw_first decides: the draw comes first
        if not s.my_turn or s.phase not in ("play_cards", "draw"):
            return FORBID
        # a second card needs a Play Again symbol: dungeon_mayhem.play_again.extra_card decides
        return ALLOW if cards_played(s) < 1 else None
    if s.verb in ("end_turn", "pass"):
        if cards_played(s) < 1:
            return FORBID
        return FORBID if s.state.get("play_again_pending") else ALLOW
    return None


@rule("dungeon_mayhem.play_again.extra_card", GAME,
      N_("A Play Again symbol lets you play one more card; your turn does not end until every "
         "such card is played, and with an empty hand you draw two cards and go on."),
      cite={ES: ("Las cartas Play Again te permiten jugar más cartas en tu turno.",
                 "Cuando juegas una carta Play Again, puedes jugar una carta extra por cada símbolo",
                 "Tu turno no terminará hasta que hayas jugado una carta por cada símbolo [□] en las "
                 "cartas que has usado ese turno.",
                 "roba dos cartas más de tu mazo y continúa hasta que termines.",
                 "Recuerde, las cartas adicionales que juega para cada símbolo [□] también pueden ser "
                 "cartas de Jugar de nuevo.")},
      overrides=("dungeon_mayhem.turn.play_on_your_turn",),
      verbs=("play", "end_turn", "pass", "draw"))
def play_again(s: Situation, rulebook: str):
    pending = s.state.get("play_again_pending", 0)
    if not pending:
        # without a Play Again symbol left, the one card of the turn is all you play
        if s.verb == "play" and s.my_turn and drawn(s) and cards_played(s) >= 1:
            return FORBID
        # the two-card refill of an empty hand belongs to a Play Again action not yet finished
        if s.verb == "draw" and s.card_type != "draw" and s.my_turn and drawn(s) \
                and s.state.get("hand_size") == 0 and s.action.get("count") == 2:
            return FORBID
        return None
    if s.verb == "play":
        return ALLOW if s.my_turn else FORBID
    if s.verb in ("end_turn", "pass"):
        return FORBID
    if s.verb == "draw" and s.card_type != "draw":  # a Draw card's own draws are its rule's
        if s.state.get("hand_size", 1) == 0:
            count = s.action.get("count")
            return ALLOW if count in (None, 2) else FORBID
        return FORBID
    return None


@rule("dungeon_mayhem.defense.absorbs_damage", GAME,
      N_("Attacks cannot hurt you while you have Defense cards: damage goes to them first, and "
         "only what destroys your last one passes to you."),
      cite={ES: ("las cartas de Ataque no pueden hacerte daño hasta que todas tus cartas de "
                 "Defensa sean destruidas.",
                 "Siempre que juegues una carta que inflige daño a otro jugador, este pierde "
                 "puntos de golpe (a menos que tenga una carta con un símbolo [□]).",
                 "Ese jugador pierde un punto de golpe por cada símbolo [□] en la carta (a menos que "
                 "tenga una Carta de Defensa en juego - ver ejemplos a continuación).",
                 "El número de símbolos en una carta de Defensa es la cantidad de daño que puede "
                 "recibir esa carta.",
                 "Si una carta de ataque hace un daño más que suficiente para destruir una de tus "
                 "cartas de Defensa, cualquier daño adicional pasa a tus otras cartas de Defensa.",
                 "Una vez que se destruye tu última carta de Defensa, cualquier daño adicional "
                 "pasa a ti.",
                 "Pon una ficha de daño en uno de los símbolos por cada punto de daño que reciba.",
                 "Las cartas de defensa te protegen al recibir daño por ti.",
                 "Las cartas de ataque hacen daño a tus oponentes",
                 "Cuando sufras daño, mueve la ficha en tu rastreador de puntos de golpe para "
                 "mostrar cuántos puntos de golpe te quedan.")},
      verbs=("lose_hit_points", "play"))
def defense(s: Situation, rulebook: str):
    if s.verb == "lose_hit_points":
        # an attack on me: my own Defense cards (state.defense) take the damage first
        shields = sum(s.state.get("defense") or [])
        damage = s.action.get("damage")
        if not shields:
            return ALLOW if damage is None or damage > 0 else FORBID
        if damage is None:
            return depends(N_("the attack does more damage than your Defense cards absorb "
                              "({shields})"), shields=shields)
        return ALLOW if damage > shields else FORBID
    if not (s.verb == "play" and s.card_type == "attack"):
        return None
    shields = s.state.get("target_defense")
    if s.target in ("player", "other_player") and shields:
        damage = s.action.get("damage")
        if damage is None:
            return depends(N_("the attack does more damage than the target's Defense cards "
                              "absorb ({shields})"), shields=sum(shields))
        return ALLOW if damage > sum(shields) else depends(
            N_("the damage reaches the Defense cards only; the player loses no hit points"))
    return None


@rule("dungeon_mayhem.attack.choose_a_target", GAME,
      N_("An Attack card targets a player or one of their Defense cards, chosen when you play it."),
      cite={ES: (partial("Dungeon Mayhem es una batalla todos contra todos para dos a cuatro "
                         "jugadores.",
                         lacks=N_("how many players a game has")),
                 "Las cartas de ataque hacen daño a tus oponentes",
                 "Cuando juegas una carta de Ataque, elige un jugador (o carta de Defensa) como "
                 "objetivo de ese ataque.")},
      restriction=True,
      verbs=("play",))
def attack_target(s: Situation, rulebook: str):
    if s.verb != "play" or s.card_type != "attack" or s.target is None:
        return None
    if s.target == "defense_card":
        # a Defense card may be chosen only where one is in play
        return FORBID if s.state.get("target_defense") == [] else ALLOW
    return ALLOW if s.target in ("player", "other_player") else FORBID


@rule("dungeon_mayhem.mighty_power.do_what_it_says", GAME,
      N_("A Mighty Power card is played like any other card, and does what its own text says."),
      cite={ES: ("Cada personaje tiene algunas habilidades especiales que son únicas para ese "
                 "personaje.",
                 "Cuando juegue una de estas cartas, ¡haga lo que dice la carta!")},
      restriction=True,
      verbs=("play", "use"))
def mighty_power(s: Situation, rulebook: str):
    # when it may be played is the turn's rule; what it then does is the card's own text
    if s.verb in ("play", "use") and s.card_type == "mighty_power":
        if s.target is not None:
            return depends(N_("the Mighty Power card's own text lets it affect that target"))
        return ALLOW
    return None


def for_yourself(s: Situation):
    """A card that acts on the player who plays it, aimed at anyone or anything else: refused.
    "player" leaves open whose, so it decides nothing."""
    return FORBID if s.target not in (None, "self", "player") else None


@rule("dungeon_mayhem.heal.one_per_symbol", GAME,
      N_("A Heal card gives you one hit point for each heal symbol on it."),
      cite={ES: ("Las cartas de sanación te permiten recuperarte del daño.",
                 partial("Cuando juegas una carta de Curación, obtienes un punto de golpe por "
                         "cada símbolo",
                         lacks=N_("the symbols a Dungeon Mayhem card shows")),
                 # the end of that sentence, cut off from it by a lost symbol and an artifact
                 "en esa carta.")},
      restriction=True,
      verbs=("play",))
def heal(s: Situation, rulebook: str):
    if s.verb == "play" and s.card_type == "heal":
        if s.state.get("hit_points", 10) <= 0:
            return FORBID
        # "te permiten recuperarte", "obtienes": the hit points are the player's own
        return for_yourself(s)
    return None


@rule("dungeon_mayhem.end.out_at_zero", GAME,
      N_("A player whose hit points drop to zero is out of the game; the last player standing "
         "wins, and if nobody is left it is a draw."),
      cite={ES: ("Si tus puntos de golpe bajan a cero (el símbolo [□]), estás fuera de combate.",
                 "El juego termina cuando solo hay un jugador en el juego.",
                 "¡Ese jugador es el ganador!",
                 "¡Sé el último jugador que queda en pie y gana!",
                 "Si no quedan jugadores en el juego, entonces es un empate")},
      restriction=True,
      verbs=("play", "use", "draw", "discard", "keep", "end_turn", "pass", "win"))
def out_at_zero(s: Situation, rulebook: str):
    if s.verb == "win":
        # the game ends when one player is left, and that player wins; none left is a draw
        if s.state.get("hit_points", 10) <= 0:
            return FORBID
        left = s.state.get("players_left")
        if left is None:
            return depends(N_("every other player is out of the game"))
        return ALLOW if left == 1 else FORBID
    if s.verb not in ("play", "use", "draw", "discard", "keep", "end_turn", "pass"):
        return None
    if s.state.get("hit_points", 10) <= 0:
        return FORBID
    # one player left (the winner) or none (a draw): the game is over, nobody plays on
    if s.state.get("players_left", 2) <= 1:
        return FORBID
    return None


@rule("dungeon_mayhem.turn.clean_up", GAME,
      N_("At the end of your turn the cards you played go to your discard pile, except Defense "
         "cards, which stay on the table until destroyed; then the turn passes to the player on "
         "your left."),
      cite={ES: ("3. Pon todas las cartas que jugaste este turno en tu pila de descarte a menos "
                 "que tengan el símbolo [□] en ellas.",
                 "Las cartas con el símbolo [□] permanecen en la mesa frente a usted hasta que se "
                 "destruyen, luego también van a la pila de descarte.",
                 "4. Pase el turno al jugador de su izquierda.")},
      restriction=True,
      verbs=("discard", "keep", "end_turn", "pass"))
def clean_up(s: Situation, rulebook: str):
    if s.verb in ("end_turn", "pass"):
        # only the player whose turn it is hands it on, to the left
        return None if s.my_turn else FORBID
    if s.verb not in ("discard", "keep") or s.card_type is None or s.source != "in_play":
        return None
    if s.card_type == "defense":
        return None  # dungeon_mayhem.defense.stays_until_destroyed decides
    if not s.my_turn or s.phase not in ("play_cards", "end_of_turn"):
        return None
    # a card without the Defense symbol played this turn goes to the discard pile
    return ALLOW if s.verb == "discard" else FORBID


@rule("dungeon_mayhem.defense.stays_until_destroyed", GAME,
      N_("A Defense card is played face up in front of you and stays there until it has no "
         "shield symbol left; only then is it destroyed and discarded."),
      cite={ES: ("Cuando juegue una carta de Defensa, colóquela boca arriba en la mesa frente a "
                 "usted.",
                 "Las cartas de defensa te protegen al recibir daño por ti.",
                 "Puedes tener más de una carta de Defensa protegiéndote",
                 "Permanece allí hasta que se destruye.",
                 "Cuando no quedan símbolos, esa carta se destruye y va a la pila de descarte.",
                 "Las cartas con el símbolo [□] permanecen en la mesa frente a usted hasta que se "
                 "destruyen, luego también van a la pila de descarte.")},
      restriction=True,
      verbs=("play", "discard", "keep", "return_to_hand"))
def stays_until_destroyed(s: Situation, rulebook: str):
    if s.card_type != "defense":
        return None
    if s.verb == "play":
        if s.action.get("face") == "down":
            return FORBID
        # "en la mesa frente a usted": it protects the player who plays it
        if for_yourself(s):
            return FORBID
        # "más de una carta de Defensa": one already in play does not stop another
        return ALLOW if s.state.get("defense") else None
    if s.verb not in ("discard", "keep", "return_to_hand") or s.source != "in_play":
        return None
    if s.verb == "return_to_hand":
        return FORBID
    shields = s.state.get("defense")
    damage = s.action.get("damage")
    if s.verb == "keep":
        if shields is not None and len(shields) == 1 and damage is not None:
            return ALLOW if damage < shields[0] else FORBID
        return depends(N_("the Defense card still has a shield symbol without a damage token"))
    # discard: only a destroyed Defense card leaves the table
    if shields is not None and len(shields) == 1 and damage is not None:
        return ALLOW if damage >= shields[0] else FORBID
    if shields is not None and shields and min(shields) > 0 and damage is None:
        return FORBID
    return depends(N_("the Defense card has no shield symbol left: it is destroyed"))


@rule("dungeon_mayhem.draw_card.one_per_symbol", GAME,
      N_("A Draw card lets you draw, on your turn, one card into your hand for each draw symbol "
         "on it."),
      cite={ES: ("Jugar cartas de Robar te permite robar cartas adicionales.",
                 partial("Cuando juegue una carta de Robar, ponga una carta en su mano por cada "
                         "[□] n símbolo de esa carta.",
                         lacks=N_("the symbols a Dungeon Mayhem card shows")))},
      overrides=("dungeon_mayhem.turn.draw_first",),
      verbs=("draw",))
def draw_card(s: Situation, rulebook: str):
    if s.verb != "draw" or s.card_type != "draw":
        return None
    if not s.my_turn or s.phase != "play_cards":
        return FORBID
    count = s.action.get("count")
    if count == 0:
        return FORBID
    if for_yourself(s):
        return FORBID  # "ponga una carta en su mano": your own hand
    return depends(N_("the Draw card shows one draw symbol for each card you draw"))


@rule("dungeon_mayhem.symbols.use_every_symbol", GAME,
      N_("A card with more than one kind of symbol does everything its symbols say: you use all "
         "of them when you play it."),
      cite={ES: (partial("Algunas cartas tienen más de un tipo de símbolo.",
                         lacks=N_("the symbols a Dungeon Mayhem card shows")),
                 partial("Cuando juegas una de esas cartas, ¡puedes usar todos los símbolos "
                         "diferentes!",
                         lacks=N_("the symbols a Dungeon Mayhem card shows")))},
      verbs=("use",))
def every_symbol(s: Situation, rulebook: str):
    if s.verb != "use":
        return None
    if not s.my_turn or s.phase != "play_cards":
        return FORBID
    if s.state.get("cards_played", s.turn("cards_played", 1)) < 1:
        return depends(N_("you have played the card that shows the symbol"))
    return ALLOW
