"""Smash Up: Munchkin's monsters: their own deck, when and by whom they come into play, what they
are not (owned, a faction, controlled by whoever played them), controlled against uncontrolled,
what counts toward a base, who counts as "another player", and who earns their treasure; cited
from the Vietnamese rules."""

from __future__ import annotations

from .model import ALLOW, FORBID, depends, partial, rule
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


@rule("smashup.monster.web_troll_fires", GAME,
      N_("Web Troll's own on-play ability fires however it comes into play (with a new base, or "
         "because a card tells you to play it), except when The Gauntlet's ability plays it."),
      cite={VI: ("Lưu ý rằng khả năng khi chơi của Web Troll được kích hoạt khi nó được chơi "
                 "theo cách đó và các quái vật bổ sung không được tính vào số lượng quái vật.",
                 "Lưu ý rằng khả năng khi chơi của Web Troll cũng được kích hoạt khi nó được chơi "
                 "theo cách này",
                 partial("Đây cũng là trường hợp duy nhất mà khả năng của Web Troll không kích "
                         "hoạt!",
                         lacks=N_("which card's ability played a monster (The Gauntlet's or "
                                  "another)")))},
      overrides=("smashup.monster.not_a_minion_play",),
      verbs=("trigger_ability",))
def web_troll_fires(s: Situation, rulebook: str):
    # the rulebook names Web Troll as the exception to "not counted as playing it"
    if s.verb != "trigger_ability" or not s.names("web-troll") or s.action.get("trigger"):
        return None
    placed_by = s.turn("monster_placed_by")
    if placed_by in (None, "ability"):
        # The Gauntlet is "the only case" it does not fire; an ability not named (or a way into
        # play not said) may be another
        return depends(N_("the ability that played the monster is not The Gauntlet's"))
    return ALLOW


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
      cite={VI: ("Chúng không được tính là tay sai bổ sung cho các lá bài như Eliza.",
                 "Vì vậy, khi bạn chơi một lá bài yêu cầu bạn chơi một quái vật, nó không sử "
                 "dụng lượt chơi tay sai của bạn.")},
      verbs=("play",))
def no_minion_play_used(s: Situation, rulebook: str):
    if s.verb == "play" and s.card_type == "monster" and s.state.get("minion_play_used") \
            and (s.action.get("reason") == "card_instructs"
                 or s.turn("monster_placed_by") == "action_card"):
        return ALLOW  # a used minion play does not stop a monster a card tells you to play
    if s.verb == "play" and s.card_type == "minion" and s.my_turn \
            and s.turn("monster_placed_by") in ("action_card", "new_base", "ability") \
            and s.state.get("minion_play_used") is not True:
        return ALLOW
    return None


#: the cards the rulebook names as speaking of an owner, which monsters do not have
SPEAK_OF_AN_OWNER = ("beam-up", "complete-the-ritual")


@rule("smashup.monster.no_owner", GAME,
      N_("Monsters have no owner: cards that speak of an \"owner\" cannot affect them, and a "
         "monster that leaves play goes to the monster discard pile, never to a hand."),
      cite={VI: ("Họ không có chủ sở hữu. Vì vậy, họ không thể bị nhắm mục tiêu bởi các lá bài "
                 "đề cập đến một \"chủ sở hữu\".",
                 "Nếu một lá bài quái vật rời khỏi trò chơi, nó sẽ đi vào đống bài loại bỏ quái "
                 "vật, không phải vào bất kỳ đống bài loại bỏ, tay hoặc bộ bài nào khác.",
                 "Khác với những quân lính bình thường, bất kỳ khả năng nào loại bỏ một quái vật "
                 "khỏi trò chơi (cho dù nó được kiểm soát hay không kiểm soát) đều gửi nó đến "
                 "đống bỏ quái vật, không phải nơi nào khác.",
                 "Chỉ những lá bài chỉ định rõ ràng quái vật là ngoại lệ.",
                 "Ví dụ: Beam Up sẽ không làm gì với một quái vật, vì không có \"tay của chủ sở "
                 "hữu\" để trả lại quái vật.",
                 "Tương tự như vậy, Complete the Ritual sẽ không thể ảnh hưởng đến chúng")},
      verbs=("return_to_hand", "play"))
def no_owner(s: Situation, rulebook: str):
    if s.verb == "play" and s.target == "monster" and any(map(s.names, SPEAK_OF_AN_OWNER)):
        return FORBID  # a card the rulebook names as speaking of an owner does nothing to one
    if s.verb == "return_to_hand" and s.card_type in (None, "monster"):
        # only a card that names monsters explicitly sends one elsewhere
        return ALLOW if s.action.get("reason") == "card_allows" else FORBID
    return None


@rule("smashup.monster.uncontrolled_power", GAME,
      N_("An uncontrolled monster adds its power to the base's breakpoint, not to any player's "
         "total."),
      cite={VI: ("Tăng sức mạnh của nó vào điểm vỡ của căn cứ thay vì góp phần phá vỡ căn cứ.",
                 "Lưu ý rằng khi một khả năng giảm điểm vỡ của một căn cứ (ví dụ: Phát triển "
                 "quá mức), nó giảm sức mạnh in trên thẻ (hoặc sức mạnh ban đầu) trước, sau đó "
                 "sức mạnh của quái vật không kiểm soát trên căn cứ đó được cộng vào điểm vỡ đã "
                 "được sửa đổi.")},
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
         "controlled or not; you may even play on it an action that is played on a minion."),
      cite={VI: ("Vẫn có thể bị tấn công bởi các lá bài chỉ đề cập đến \"một quân lính\" hoặc "
                 "\"tất cả quân lính\".",
                 "Bạn thậm chí có thể chơi các hành động \"chơi trên một quân lính\" lên chúng.")})
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
      N_("When a monster is destroyed, the player whose card destroyed it draws its treasure, "
         "unseen, at once: it is an on-destroy reaction, even on another player's turn (the "
         "current player orders reactions that happen together)."),
      cite={VI: ("Nếu một quái vật bị phá hủy, thì người chơi phá hủy quái vật rút số lượng thẻ "
                 "kho báu tương ứng vào tay từ bộ bài kho báu, mà không tiết lộ chúng.",
                 "Rút thẻ kho báu do phá hủy một quái vật là một phản ứng khi phá hủy tương tự "
                 "như Nukebot, Cơ hội, và Hang động lấp lánh, vì vậy Người chơi hiện tại quyết "
                 "định thứ tự các sự kiện trong trường hợp nhiều phản ứng khi phá hủy xảy ra "
                 "đồng thời")},
      restriction=True,  # its "unseen" limits every way of earning the treasure by destroying
      verbs=("draw_treasure",))
def destroyer_draws(s: Situation, rulebook: str):
    if s.verb != "draw_treasure":
        return None
    reason = s.action.get("reason")
    if reason == "destroyed_monster":
        # "mà không tiết lộ chúng": drawn unseen, never face up
        return FORBID if s.action.get("face") == "up" else ALLOW
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
      N_("When a base with monsters scores, the treasures of all its monsters, controlled or "
         "not, are revealed and every player with a minion there takes one in turn, the winner "
         "first and ties clockwise from the current player, until none is left (even fourth "
         "place, if at least four were revealed)."),
      cite={VI: ("Sau khi một căn cứ ghi điểm, cộng tổng tất cả các số kho báu cho các quái vật "
                 "ở đó (cho dù được kiểm soát hay không kiểm soát), và tiết lộ số lượng thẻ kho "
                 "báu đó từ bộ bài kho báu.",
                 partial("Nếu người chơi hòa nhau cho người chiến thắng hoặc bất kỳ vị trí nào "
                         "khác, giải quyết hòa theo chiều kim đồng hồ bắt đầu từ Người chơi hiện "
                         "tại hoặc bất kỳ người chơi nào bên trái người chơi hiện tại.",
                         lacks=N_("the other players on a scoring base: their places and ties")),
                 partial("Ngay cả một người chơi ở vị trí thứ tư trên một căn cứ cũng được tham "
                         "gia vào việc phân phối chiến lợi phẩm (miễn là có ít nhất 4 kho báu "
                         "được tiết lộ).",
                         lacks=N_("the other players on a scoring base: their places and ties")),
                 partial("Mỗi người chơi có một quân lính tại căn cứ đó lần lượt đặt 1 trong các "
                         "thẻ kho báu được tiết lộ vào tay của họ cho đến khi tất cả các kho báu "
                         "được tiết lộ đã được lấy, bắt đầu từ người chiến thắng của căn cứ, sau "
                         "đó là người về nhì, v.v.",
                         lacks=N_("the other players on a scoring base: their places and ties")),
                 "Lưu ý rằng ngay cả khi bạn kiểm soát một quái vật khi căn cứ của nó ghi điểm, "
                 "kho báu của nó vẫn được cộng vào kho và chia sẻ giữa các người chơi.")},
      verbs=("draw_treasure",))
def base_scored(s: Situation, rulebook: str):
    if s.verb == "draw_treasure" and s.action.get("reason") == "base_scored":
        minion = s.state.get("minion_on_base")
        if minion is False:
            return FORBID  # "Mỗi người chơi có một quân lính tại căn cứ đó": only they take one
        if minion:
            return ALLOW
        return depends(N_("you had a minion on the base, and take treasures in turn"))
    return None


@rule("smashup.monster.new_base_draws", GAME,
      N_("Monsters come from their own face-down monster deck (its discard pile is reshuffled "
         "like the main deck's): when a Munchkin base comes into play, the current player (the "
         "first player during setup) draws as many monsters as the new base shows and plays "
         "them there."),
      cite={VI: ("Tập hợp tất cả các lá bài quái vật lại để tạo thành bộ bài quái vật.",
                 "Xáo trộn chúng và đặt bộ bài này úp xuống sang một bên trong tầm với.",
                 "Bộ bài có một đống bài loại bỏ với các quy tắc xáo trộn theo yêu cầu tương tự "
                 "như bộ bài chính.",
                 "Trong quá trình thiết lập, khi một căn cứ Munchkin được rút ra, người chơi đầu "
                 "tiên rút nhiều quái vật từ bộ bài quái vật bằng với số quái vật được hiển thị "
                 "trên căn cứ mới và chơi chúng ở đó.",
                 "Khi một căn cứ Munchkin được đưa vào trò chơi, người chơi hiện tại (hoặc người "
                 "chơi đầu tiên trong quá trình thiết lập) rút nhiều quái vật từ bộ bài quái vật "
                 "bằng với số quái vật được hiển thị trên căn cứ mới và chơi chúng ở đó.")},
      restriction=True,
      verbs=("draw", "play"))
def new_base_draws(s: Situation, rulebook: str):
    if s.verb not in ("draw", "play") or s.card_type != "monster":
        return None
    if not (s.turn("monster_placed_by") == "new_base"
            or s.action.get("reason") == "base_entered"):
        return None
    if s.phase == "setup":
        first = s.state.get("first_player")
        if first is None:
            return depends(N_("you are the first player"))
        if not first:
            return FORBID  # the first player draws and plays the setup base's monsters
        return depends(N_("you draw as many monsters as the new base shows")) \
            if s.verb == "draw" else ALLOW
    if not s.my_turn:
        return FORBID  # the current player draws and plays the new base's monsters
    if s.verb == "draw":
        return depends(N_("you draw as many monsters as the new base shows"))
    return ALLOW  # the current player plays them there


@rule("smashup.monster.not_a_faction", GAME,
      N_("Monsters are not a faction: a card that makes you name a faction cannot name "
         "\"monsters\"."),
      cite={VI: ("Họ không phải là một phe.",
                 "Vì vậy, khi một lá bài yêu cầu bạn đặt tên cho một phe, bạn không thể nói "
                 "\"quái vật\".")},
      restriction=True)
def not_a_faction(s: Situation, rulebook: str):
    if s.action.get("target_scope") == "a_named_faction":
        return FORBID
    return None


@rule("smashup.monster.uncontrolled_once_played", GAME,
      N_("Playing a monster does not give you control of it: once on a base it belongs to no "
         "player, so its power counts toward no player's total but adds to the breakpoint."),
      cite={VI: ("Chúng không được kiểm soát bởi người chơi chơi chúng và do đó chúng không đối "
                 "mặt với bất kỳ hướng nào cụ thể khi chúng đang chơi.",
                 "Khác với việc chơi những quân lính \"bình thường\", người chơi không kiểm soát "
                 "được quái vật khi chơi chúng ra.",
                 "Thay vào đó, sau khi chơi một quái vật lên một căn cứ, quái vật đó không thuộc "
                 "về bất kỳ người chơi nào.")},
      verbs=("count_power",))
def uncontrolled_once_played(s: Situation, rulebook: str):
    # only when the query does not say who controls the monster: it was played, so nobody does
    if s.verb != "count_power" or s.card_type != "monster" or "monster_controlled" in s.state \
            or s.state.get("controller") in ("self", "other"):
        return None
    return ALLOW if s.action.get("toward") == "breakpoint" else FORBID


@rule("smashup.monster.other_players", GAME,
      N_("For abilities that speak of \"other players\", every player is another player to an "
         "uncontrolled monster, and every player but its controller to a controlled one."),
      cite={VI: ("Coi tất cả người chơi là \"người chơi khác\" đối với một số khả năng, như Địa "
                 "ngục, hoặc Không gian trung lập.",
                 "Coi tất cả người chơi, ngoại trừ người kiểm soát, là \"người chơi khác\" đối "
                 "với một số khả năng, như Lỗ hổng người giúp việc, Địa ngục, hoặc Không gian "
                 "trung lập.")})
def other_players(s: Situation, rulebook: str):
    if s.action.get("target_scope") != "other_players":
        return None
    controlled = s.state.get("monster_controlled")
    controller = s.state.get("controller")
    if not controlled or controller == "none":
        return ALLOW  # uncontrolled: I am "another player" too
    if controller == "self":
        return FORBID
    if controller == "other":
        return ALLOW
    return depends(N_("another player controls the monster"))


_DESTRUCTION = ("destroyed_monster", "named_destroyer", "destroyed_by_other",
                "uncontrolled_monster_destroyed")


@rule("smashup.treasure.two_ways", GAME,
      N_("Every monster has a printed number of treasures (it may be 0), awarded in two ways "
         "only: when the monster is destroyed, and when the base it is on scores."),
      cite={VI: ("Tất cả quái vật đều có một số kho báu được in trên chúng (có thể là 0).",
                 "Cho dù chúng được kiểm soát hay không kiểm soát, quái vật đều trao thưởng theo "
                 "một trong hai cách:",
                 "Khi chúng bị phá hủy.",
                 "Khi căn cứ mà chúng đang ở ghi điểm.")},
      restriction=True,
      verbs=("draw_treasure",))
def two_ways(s: Situation, rulebook: str):
    if s.verb != "draw_treasure":
        return None
    reason = s.action.get("reason")
    if reason in _DESTRUCTION or reason in ("base_scored", "card_allows"):
        return None  # (a card's own text awarding treasure is the card's business)
    if reason is None:
        return depends(N_("a monster was destroyed, or the base it was on scored"))
    return FORBID


@rule("smashup.treasure.who_destroyed", GAME,
      N_("The player who destroyed a monster is the controller of the card whose ability says "
         "\"destroy\", unless that card names another player as the one who destroys it: only "
         "that player draws the treasure."),
      cite={VI: ("Để xác định ai đã phá hủy nó, hãy xem lá bài gây ra sự phá hủy khi nó được kích "
                 "hoạt (tức là lá bài có từ \"phá hủy\").",
                 "Thông thường, lá bài yêu cầu người kiểm soát nó phá hủy quân lính.",
                 "Trong trường hợp đó, người kiểm soát lá bài được ghi nhận là người phá hủy.",
                 "Nếu lá bài đề cập rằng một người chơi cụ thể phá hủy nó (ví dụ: Ôm chặt, Ninja "
                 "Dojo), thì người chơi được chỉ định được ghi nhận là người phá hủy và nhận phần "
                 "thưởng.")},
      verbs=("draw_treasure",))
def who_destroyed(s: Situation, rulebook: str):
    if s.verb != "draw_treasure":
        return None
    reason = s.action.get("reason")
    if reason in ("destroyed_monster", "named_destroyer"):
        return ALLOW
    if reason == "destroyed_by_other":
        return FORBID
    return None


@rule("smashup.treasure.uncontrolled_destroyer_discards", GAME,
      N_("When an uncontrolled monster's ability destroys a monster, nobody draws its treasure: "
         "that many treasures are revealed from the top of the treasure deck and discarded."),
      cite={VI: "Nếu sự phá hủy đến từ một Rồng Plutonium không kiểm soát, thì hãy tiết lộ số "
                "lượng thẻ kho báu tương ứng từ đỉnh bộ bài kho báu và loại bỏ chúng."},
      verbs=("draw_treasure",))
def uncontrolled_destroyer(s: Situation, rulebook: str):
    if s.verb == "draw_treasure" and s.action.get("reason") == "uncontrolled_monster_destroyed":
        return FORBID
    return None
