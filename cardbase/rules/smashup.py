"""Smash Up: Munchkin's monsters: when they come into play, controlled against uncontrolled,
what counts toward a base, and who earns their treasure; cited from the Vietnamese rules."""

from __future__ import annotations

from .model import ALLOW, FORBID, depends, rule
from .query import Situation

VI = "smashup-munchkin-vi"
GAME = ("smashup-munchkin",)
N_ = lambda message: message  # noqa: E731


@rule("smashup.monster.when_played", GAME,
      N_("Monsters are played only after a Munchkin base comes into play, or when a card tells "
         "you to play one."),
      cite={VI: "Quái vật chỉ được chơi: Sau khi một căn cứ Munchkin được đưa vào trò chơi. Khi "
                "một lá bài yêu cầu bạn chơi một quái vật."})
def monster_when(s: Situation, rulebook: str):
    if not (s.verb == "play" and s.card_type == "monster"):
        return None
    placed_by = s.turn("monster_placed_by")
    if s.action.get("reason") in ("base_entered", "card_instructs") \
            or placed_by in ("new_base", "action_card", "ability"):
        return ALLOW
    if placed_by == "played" or s.state.get("munchkin_base_in_play") is False:
        return FORBID
    return depends(N_("a Munchkin base has just come into play, or a card tells you to play a "
                      "monster"))


@rule("smashup.monster.not_a_minion_play", GAME,
      N_("Playing a monster this way is not playing a minion: it does not trigger abilities that "
         "fire when you play a minion, and it does not use your minion play."),
      cite={VI: "NHƯNG người chơi đó không được ghi nhận vì đã chơi quái vật theo cách này."})
def not_minion_play(s: Situation, rulebook: str):
    placed_by = s.turn("monster_placed_by")
    if s.verb == "trigger_ability" and (s.card_type == "monster" or placed_by in (
            "new_base", "action_card", "ability")):
        return FORBID
    if s.verb == "play" and s.card_type == "minion" and placed_by in (
            "new_base", "action_card", "ability") and not s.state.get("minion_play_used"):
        return ALLOW  # placing the monster did not use the minion play
    return None


@rule("smashup.monster.uncontrolled_power", GAME,
      N_("An uncontrolled monster adds its power to the base's breakpoint, not to any player's "
         "total."),
      cite={VI: "Tăng sức mạnh của nó vào điểm vỡ của căn cứ thay vì góp phần phá vỡ căn cứ."})
def uncontrolled_power(s: Situation, rulebook: str):
    if s.verb != "count_power" or s.card_type not in (None, "monster"):
        return None
    controlled = s.state.get("monster_controlled")
    if controlled is None:
        return None
    toward = s.action.get("toward", "my_total")
    if controlled:
        return None
    return ALLOW if toward == "breakpoint" else FORBID  # neither a player's total nor breaking


@rule("smashup.monster.controlled_power", GAME,
      N_("A controlled monster counts toward its controller's total power on its base and does "
         "not add to the breakpoint."),
      cite={VI: ("Không cộng sức mạnh của chúng vào điểm vỡ của căn cứ khi đang bị một người "
                 "chơi kiểm soát.",
                 "Cộng sức mạnh của chúng vào tổng sức mạnh của người kiểm soát trên căn cứ của "
                 "họ và góp phần phá vỡ nó.")})
def controlled_power(s: Situation, rulebook: str):
    if s.verb != "count_power" or not s.state.get("monster_controlled"):
        return None
    toward = s.action.get("toward", "my_total")
    if toward == "breakpoint":
        return FORBID
    if s.state.get("controller") == "other" and toward == "my_total":
        return FORBID
    return ALLOW


@rule("smashup.monster.uncontrolled_targeting", GAME,
      N_("An uncontrolled monster is no player's minion: cards that target another player's "
         "minions cannot target it, but cards that target \"a minion\" can."),
      cite={VI: "Không phải là quân lính của bất kỳ người chơi nào, vì vậy chúng không thể bị tấn "
                "công bởi những lá bài nhắm vào \"quân lính của người chơi khác\""})
def uncontrolled_targeting(s: Situation, rulebook: str):
    scope = s.action.get("target_scope")
    if scope is None or s.state.get("monster_controlled", False):
        return None
    if scope in ("another_players_minion", "a_specific_players_minion", "your_minion"):
        return FORBID
    if scope in ("a_minion", "all_minions"):
        return ALLOW
    return None


@rule("smashup.treasure.destroyer_draws", GAME,
      N_("When a monster is destroyed, the player whose card destroyed it draws its treasure."),
      cite={VI: "Nếu một quái vật bị phá hủy, thì người chơi phá hủy quái vật rút số lượng thẻ kho "
                "báu tương ứng vào tay từ bộ bài kho báu, mà không tiết lộ chúng."})
def destroyer_draws(s: Situation, rulebook: str):
    if s.verb != "draw_treasure":
        return None
    reason = s.action.get("reason")
    if reason == "destroyed_monster":
        return ALLOW
    if reason in ("monster_removed_not_destroyed",):
        return FORBID
    if reason == "base_scored":
        return depends(N_("you had a minion on the base, and take treasures in turn"))
    return None
