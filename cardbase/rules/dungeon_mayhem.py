"""Dungeon Mayhem: the turn, Play Again chains, Defense cards, healing, drawing and the end of
the game, cited from the Spanish rules."""

from __future__ import annotations

from .model import ALLOW, FORBID, depends, rule
from .query import Situation

ES = "dungeon-mayhem-es"
GAME = ("dungeon-mayhem",)
N_ = lambda message: message  # noqa: E731


@rule("dungeon_mayhem.setup.three_cards", GAME,
      N_("Everyone draws three cards to start, and starts with 10 hit points."),
      cite={ES: ("Todos roban tres cartas y el jugador más joven va primero.",
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
      verbs=("draw",))
def draw_first(s: Situation, rulebook: str):
    if s.verb == "draw" and s.phase in ("draw", "play_cards") and not s.state.get("play_again_pending"):
        if not s.my_turn:
            return FORBID
        return ALLOW if s.phase == "draw" else depends(N_("you have not drawn this turn yet"))
    return None


@rule("dungeon_mayhem.turn.play_on_your_turn", GAME,
      N_("You play cards from your hand on your own turn; you must play at least one."),
      cite={ES: "Juega una carta de tu mano colocándola sobre la mesa frente a ti. A veces puedes "
                "jugar más de una carta en un turno, pero tienes que jugar al menos una."},
      verbs=("play", "end_turn", "pass"))
def play_on_turn(s: Situation, rulebook: str):
    if s.verb == "play":
        if not s.my_turn or s.phase not in ("play_cards",):
            return FORBID
        played = s.state.get("cards_played", 0)
        if played >= 1 and not s.state.get("play_again_pending"):
            return FORBID
        return ALLOW
    if s.verb in ("end_turn", "pass"):
        if s.state.get("cards_played", 0) < 1:
            return FORBID
        return FORBID if s.state.get("play_again_pending") else ALLOW
    return None


@rule("dungeon_mayhem.play_again.extra_card", GAME,
      N_("A Play Again symbol lets you play one more card; your turn does not end until every "
         "such card is played, and with an empty hand you draw two cards and go on."),
      cite={ES: ("Cuando juegas una carta Play Again, puedes jugar una carta extra por cada símbolo",
                 "Tu turno no terminará hasta que hayas jugado una carta por cada símbolo en las "
                 "cartas que has usado ese turno.",
                 "roba dos cartas más de tu mazo y continúa hasta que termines.",
                 "Recuerde, las cartas adicionales que juega para cada símbolo también pueden ser "
                 "cartas de Jugar de nuevo.")},
      overrides=("dungeon_mayhem.turn.play_on_your_turn",),
      verbs=("play", "end_turn", "pass", "draw"))
def play_again(s: Situation, rulebook: str):
    pending = s.state.get("play_again_pending", 0)
    if not pending:
        return None
    if s.verb == "play":
        return ALLOW if s.my_turn else FORBID
    if s.verb in ("end_turn", "pass"):
        return FORBID
    if s.verb == "draw":
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
                 "puntos de golpe (a menos que tenga una carta con un símbolo).",
                 "Ese jugador pierde un punto de golpe por cada símbolo en la carta (a menos que "
                 "tenga una Carta de Defensa en juego - ver ejemplos a continuación).",
                 "El número de símbolos en una carta de Defensa es la cantidad de daño que puede "
                 "recibir esa carta.",
                 "Si una carta de ataque hace un daño más que suficiente para destruir una de tus "
                 "cartas de Defensa, cualquier daño adicional pasa a tus otras cartas de Defensa.",
                 "Una vez que se destruye tu última carta de Defensa, cualquier daño adicional "
                 "pasa a ti.")},
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
      cite={ES: "Cuando juegas una carta de Ataque, elige un jugador (o carta de Defensa) como "
                "objetivo de ese ataque."},
      restriction=True,
      verbs=("play",))
def attack_target(s: Situation, rulebook: str):
    if s.verb != "play" or s.card_type != "attack" or s.target is None:
        return None
    if s.target == "defense_card":
        return FORBID if s.state.get("target_defense") == [] else None
    return None if s.target in ("player", "other_player") else FORBID


@rule("dungeon_mayhem.heal.one_per_symbol", GAME,
      N_("A Heal card gives you one hit point for each heal symbol on it."),
      cite={ES: "Cuando juegas una carta de Curación, obtienes un punto de golpe por cada símbolo"},
      restriction=True,
      verbs=("play",))
def heal(s: Situation, rulebook: str):
    if s.verb == "play" and s.card_type == "heal":
        if s.state.get("hit_points", 10) <= 0:
            return FORBID
        return None
    return None


@rule("dungeon_mayhem.end.out_at_zero", GAME,
      N_("A player whose hit points drop to zero is out of the game; the last player standing "
         "wins, and if nobody is left it is a draw."),
      cite={ES: ("Si tus puntos de golpe bajan a cero (el símbolo), estás fuera de combate.",
                 "El juego termina cuando solo hay un jugador en el juego.",
                 "Si no quedan jugadores en el juego, entonces es un empate")},
      restriction=True,
      verbs=("play", "draw", "end_turn", "pass"))
def out_at_zero(s: Situation, rulebook: str):
    if s.state.get("hit_points", 10) <= 0 and s.verb in ("play", "draw", "end_turn", "pass"):
        return FORBID
    return None
