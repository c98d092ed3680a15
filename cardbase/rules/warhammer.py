"""Munchkin Warhammer Age of Sigmar: armies and Alliance in place of races and classes, the
backpack, and the tags that let monsters join a fight; cited from the German rulebook.

The rules it shares with the core game (items, selling, trading, curses, combat) are declared in
``munchkin`` with the German passages beside the Spanish and Japanese ones.
"""

from __future__ import annotations

from .model import ALLOW, FORBID, depends, partial, rule
from .query import Situation

DE = "munchkin-warhammer-aos-de"
GAME = ("munchkin-warhammer-aos",)
N_ = lambda message: message  # noqa: E731


@rule("warhammer.army.when_to_play", GAME,
      N_("Armies may be played only on your own turn, or the moment you get them."),
      cite={DE: "Armeen dürfen nur im eigenen Zug ausgespielt werden oder in dem Moment, in dem "
                "du sie nimmst."},
      verbs=("play",))
def army_timing(s: Situation, rulebook: str):
    if s.verb == "play" and s.card_type == "army":
        return ALLOW if s.my_turn or s.source == "just_acquired" else FORBID
    return None


@rule("warhammer.army.discard_any_time", GAME,
      N_("You may discard an army at any time, even in the middle of a combat."),
      cite={DE: "Du kannst eine Armee jederzeit ablegen, sogar mitten im Kampf"},
      verbs=("discard",))
def army_discard(s: Situation, rulebook: str):
    return ALLOW if s.verb == "discard" and s.card_type == "army" else None


@rule("warhammer.army.only_one", GAME,
      N_("You may belong to only one army at a time, unless you play the Alliance."),
      cite={DE: (partial("Du darfst maximal 1 Armee gleichzeitig angehören.",
                         lacks=N_("whether the army you belong to is kept or replaced")),
                 "Allianz: Diese Karte darfst du jederzeit ausspielen, wenn du schon eine Armee. "
                 "im Spiel hast, an die du die Allianz anlegen kannst.",
                 "Falls du Allianz spielst, wenn du zwei Armeen hast, erhältst du alle Vor- und "
                 "Nachteile beider Armeen.")},
      restriction=True,
      verbs=("play",))
def one_army(s: Situation, rulebook: str):
    if not (s.verb == "play" and s.card_type == "army"):
        return None
    count = s.state.get("armies", len(s.armies))
    if count == 0:
        return None
    if s.state.get("alliance") and count == 1:
        return ALLOW
    if count > 1:
        return FORBID
    if s.armies:
        return depends(N_("you first discard your army {army}"), army=s.armies[0])
    return depends(N_("you first discard the army you belong to"))


@rule("warhammer.army.no_two_copies", GAME,
      N_("You may never have two copies of the same army in play."),
      cite={DE: "Du darfst zu keinem Zeitpunkt mehr als 1 gleiche Armee im Spiel haben."},
      restriction=True,
      verbs=("play",))
def no_two_armies(s: Situation, rulebook: str):
    if s.verb != "play":
        return None
    card = s.card or {}
    if card.get("type") == "army" and card.get("id") in s.armies:
        return FORBID
    return None


@rule("warhammer.death.help_at_once", GAME,
      N_("A character who died comes back at once and may help in a combat straight away, with "
         "no cards yet."),
      cite={DE: ("Dein neuer Charakter nimmt sofort wieder am Spiel teil.",
                 "Du kannst ab sofort schon wieder im Kampf helfen, hast aber noch keine Karten.")},
      verbs=("help",))
def help_after_death(s: Situation, rulebook: str):
    if s.verb == "help" and s.state.get("died_since_my_last_turn") and not s.state.get("dead"):
        return depends(N_("the player in the combat asks you (or accepts your offer)"))
    return None


@rule("warhammer.alliance.any_time_with_an_army", GAME,
      N_("The Alliance may be played at any time, as long as you already have an army in play to "
         "attach it to."),
      cite={DE: "Allianz: Diese Karte darfst du jederzeit ausspielen, wenn du schon eine Armee. im "
                "Spiel hast, an die du die Allianz anlegen kannst."},
      verbs=("play",))
def alliance(s: Situation, rulebook: str):
    if not (s.verb == "play" and s.card_type == "alliance"):
        return None
    has_army = s.state.get("armies", len(s.armies)) > 0
    return ALLOW if has_army else FORBID


@rule("warhammer.items.big_one", GAME,
      N_("You may carry any number of small items but at most one Big item."),
      cite={DE: ("Du darfst eine beliebige Anzahl an kleinen Gegenständen tragen, aber maximal "
                 "einen Großen.",
                 "(Als klein gelten alle Gegenstände, die nicht als Groß bezeichnet werden.")},
      restriction=True,
      verbs=("play", "equip"))
def one_big_item(s: Situation, rulebook: str):
    if s.verb in ("play", "equip") and s.is_item and s.card_stat("big", False):
        return ALLOW if s.state.get("big_items", 0) == 0 else FORBID
    return None


@rule("warhammer.items.get_rid_by_trading_or_discarding", GAME,
      N_("An item you have in play cannot go back to your hand; to get rid of it you trade it "
         "or discard it."),
      cite={DE: ("Einmal ausgelegte Karten kannst du nicht wieder auf die Hand nehmen.",
                 "Um sie loszuwerden, musst du sie handeln (siehe unten) oder ablegen.")},
      verbs=("discard",))
def get_rid_of_items(s: Situation, rulebook: str):
    if s.verb == "discard" and s.source == "in_play" and s.is_item:
        return ALLOW
    return None


@rule("warhammer.backpack.own_turn_out_of_combat", GAME,
      N_("Items in the backpack may be taken out only on your own turn, not in combat and not "
         "while running away."),
      cite={DE: ("Du kannst Gegenstände nur in deinem eigenen Zug aus dem Rucksack holen",
                 "da bei darfst du weder gerade im Kampf sein noch Weglaufen.")},
      restriction=True,
      verbs=("backpack_out",))
def backpack(s: Situation, rulebook: str):
    if s.verb != "backpack_out":
        return None
    return ALLOW if s.my_turn and not s.in_combat else FORBID


@rule("warhammer.cards.chaotic_not_on_a_chaos_monster", GAME,
      N_("Chaotisch, as its card printed in the rulebook says, is played in combat on a monster "
         "that is not already a Chaos monster, and makes it one."),
      cite={DE: ("Im Kampf auf ein beliebiges Monster spielen, das nicht bereits ein "
                 "Chaos-Monster ist.",
                 "Das Monster zählt nun für alle Zwecke als Chaos-Monster.")},
      restriction=True,
      verbs=("play",))
def chaotic(s: Situation, rulebook: str):
    # the card's own text, printed in the rulebook, is a rule about that card only
    if s.verb != "play" or not s.names("chaotic"):
        return None
    tags = {str(tag).lower() for tag in s.combat("monster_tags", []) or []}
    if tags & CHAOS:
        return FORBID
    return None


#: a monster's Chaos tag, as a query may give it
CHAOS = {"chaos", "chaotisch"}


@rule("warhammer.monsters.same_tag_joins", GAME,
      N_("Undead or Chaos monsters from your hand may join a fight in which a monster with the "
         "same tag is already fighting."),
      cite={DE: "Spiele weitere Untote oder Chaos-Monster aus deiner Hand, wenn sich bereits ein "
                "Monster mit dem gleichen V"},
      overrides=("munchkin.monster.from_hand",),
      verbs=("play",))
def same_tag(s: Situation, rulebook: str):
    if not (s.verb == "play" and s.card_type == "monster" and s.source == "hand" and s.in_combat):
        return None
    tags = set(s.action.get("monster_tags") or s.card_stat("tags", []) or [])
    in_fight = set(s.combat("monster_tags", []) or [])
    if tags & in_fight & {"undead", "chaos", "untote", "chaotisch"}:
        return ALLOW
    return None
