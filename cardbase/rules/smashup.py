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
                "một lá bài yêu cầu bạn chơi một quái vật."},
      verbs=("play",))
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
      N_("A monster drawn and played because a Munchkin base came into play, or through The "
         "Gauntlet's ability, is not counted as your playing it: abilities that fire when you "
         "play a minion do not trigger."),
      cite={VI: ("NHƯNG người chơi đó không được ghi nhận vì đã chơi quái vật theo cách này.",
                 "Khi một quái vật được chơi vì khả năng của The Gauntlet, bạn không được ghi "
                 "nhận vì đã chơi quái vật.")},
      verbs=("trigger_ability",))
def not_minion_play(s: Situation, rulebook: str):
    placed_by = s.turn("monster_placed_by")
    if s.verb == "trigger_ability" and placed_by in ("new_base", "ability"):
        return FORBID
    return None


@rule("smashup.monster.card_instructed_counts", GAME,
      N_("When a minion or an action tells you to play a monster, you are counted as having "
         "played it, and it triggers abilities as if you had played an ordinary minion."),
      cite={VI: "Khi một tay sai hoặc hành động yêu cầu bạn chơi một quái vật, bạn sẽ được ghi "
                "nhận vì đã chơi quái vật và kích hoạt khả năng của các lá bài như thể bạn đã "
                "chơi một tay sai \"bình thường\"."},
      verbs=("trigger_ability",))
def card_instructed(s: Situation, rulebook: str):
    if s.verb == "trigger_ability" and s.turn("monster_placed_by") == "action_card":
        return ALLOW
    return None


@rule("smashup.monster.no_minion_play_used", GAME,
      N_("Playing a monster because a card tells you to does not use your minion play."),
      cite={VI: "Vì vậy, khi bạn chơi một lá bài yêu cầu bạn chơi một quái vật, nó không sử dụng "
                "lượt chơi tay sai của bạn."},
      verbs=("play",))
def no_minion_play_used(s: Situation, rulebook: str):
    if s.verb == "play" and s.card_type == "minion" and s.my_turn \
            and s.turn("monster_placed_by") in ("action_card", "new_base", "ability") \
            and s.state.get("minion_play_used") is not True:
        return ALLOW
    return None


@rule("smashup.monster.no_owner", GAME,
      N_("Monsters have no owner: cards that speak of an \"owner\" cannot affect them, and a "
         "monster that leaves play goes to the monster discard pile, never to a hand."),
      cite={VI: ("Họ không có chủ sở hữu. Vì vậy, họ không thể bị nhắm mục tiêu bởi các lá bài "
                 "đề cập đến một \"chủ sở hữu\".",
                 "Nếu một lá bài quái vật rời khỏi trò chơi, nó sẽ đi vào đống bài loại bỏ quái "
                 "vật, không phải vào bất kỳ đống bài loại bỏ, tay hoặc bộ bài nào khác.")},
      verbs=("return_to_hand",))
def no_owner(s: Situation, rulebook: str):
    if s.verb == "return_to_hand" and s.card_type in (None, "monster"):
        return FORBID
    return None


@rule("smashup.monster.uncontrolled_power", GAME,
      N_("An uncontrolled monster adds its power to the base's breakpoint, not to any player's "
         "total."),
      cite={VI: "Tăng sức mạnh của nó vào điểm vỡ của căn cứ thay vì góp phần phá vỡ căn cứ."},
      verbs=("count_power",))
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
                 "họ và góp phần phá vỡ nó.")},
      verbs=("count_power",))
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
    return None


@rule("smashup.monster.a_minion_still_targets", GAME,
      N_("Cards that speak only of \"a minion\" or \"all minions\" still affect a monster, "
         "controlled or not."),
      cite={VI: "Vẫn có thể bị tấn công bởi các lá bài chỉ đề cập đến \"một quân lính\" hoặc "
                "\"tất cả quân lính\"."})
def a_minion_targets(s: Situation, rulebook: str):
    if s.action.get("target_scope") in ("a_minion", "all_minions"):
        return ALLOW
    return None


@rule("smashup.monster.controlled_is_a_minion_of_its_controller", GAME,
      N_("A controlled monster counts as one of its controller's minions: cards aimed at "
         "\"another player's minion\" can affect it."),
      cite={VI: "Được coi là một trong những quân lính của người kiểm soát, vì vậy có thể bị tấn "
                "công bởi các lá bài nhắm vào \"quân lính của người chơi khác\""})
def controlled_targeting(s: Situation, rulebook: str):
    scope = s.action.get("target_scope")
    if scope is None or not s.state.get("monster_controlled"):
        return None
    controller = s.state.get("controller")
    if scope in ("another_players_minion", "a_specific_players_minion"):
        if controller == "self" and scope == "another_players_minion":
            return FORBID
        return ALLOW if controller == "other" else depends(
            N_("another player controls the monster"))
    if scope == "your_minion":
        return ALLOW if controller == "self" else FORBID
    return None


@rule("smashup.treasure.destroyer_draws", GAME,
      N_("When a monster is destroyed, the player whose card destroyed it draws its treasure."),
      cite={VI: "Nếu một quái vật bị phá hủy, thì người chơi phá hủy quái vật rút số lượng thẻ kho "
                "báu tương ứng vào tay từ bộ bài kho báu, mà không tiết lộ chúng."},
      verbs=("draw_treasure",))
def destroyer_draws(s: Situation, rulebook: str):
    if s.verb != "draw_treasure":
        return None
    reason = s.action.get("reason")
    if reason == "destroyed_monster":
        return ALLOW
    return None


@rule("smashup.treasure.removal_is_not_destruction", GAME,
      N_("Removing a monster from play is not destroying it: only abilities that destroy a "
         "monster earn its treasure."),
      cite={VI: "Gây ra việc một quái vật bị loại bỏ không giống như phá hủy quái vật, và chỉ "
                "những khả năng phá hủy quái vật mới có thể kiếm được phần thưởng kho báu."},
      restriction=True,
      verbs=("draw_treasure",))
def removal_not_destruction(s: Situation, rulebook: str):
    if s.verb == "draw_treasure" and s.action.get("reason") == "monster_removed_not_destroyed":
        return FORBID
    return None


@rule("smashup.treasure.base_scores_shared", GAME,
      N_("When a base with monsters scores, their treasures are revealed and every player with a "
         "minion there takes one in turn, the winner first; a controlled monster's treasure is "
         "shared too."),
      cite={VI: ("Mỗi người chơi có một quân lính tại căn cứ đó lần lượt đặt 1 trong các thẻ kho "
                 "báu được tiết lộ vào tay của họ cho đến khi tất cả các kho báu được tiết lộ đã "
                 "được lấy, bắt đầu từ người chiến thắng của căn cứ, sau đó là người về nhì, v.v.",
                 "Lưu ý rằng ngay cả khi bạn kiểm soát một quái vật khi căn cứ của nó ghi điểm, "
                 "kho báu của nó vẫn được cộng vào kho và chia sẻ giữa các người chơi.")},
      verbs=("draw_treasure",))
def base_scored(s: Situation, rulebook: str):
    if s.verb == "draw_treasure" and s.action.get("reason") == "base_scored":
        return depends(N_("you had a minion on the base, and take treasures in turn"))
    return None
