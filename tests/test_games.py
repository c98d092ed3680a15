"""Games as data: each game declared once (``cardbase.games``), and every part reading it.

A made-up game, declared in a module of its own with its rules in another, is enough for the
query reader, the decision table, the words of the situations and the "Can I play this?" form to
know it; the four real games' declarations are held to what their rules read.
"""

import sys
import textwrap

import pytest

from cardbase import games
from cardbase.errors import QueryError
from cardbase.rules import model

DECLARATION = '''
"""A made-up garden game."""
from cardbase.games.vocabulary import N_, Game, int_range, one_of, this_turn

PHASES = {"setup": N_("setup"), "harvest": N_("harvest time")}
GAME = Game(
    "tiny-garden",
    rules=("tiny_garden_rules.rules",),
    phases=PHASES, default_phase="harvest",
    card_types={"seed": "a seed", "weed": "a weed"},
    state={"phase": one_of(PHASES), "my_turn": bool, "water": int_range(0, 5),
           "this_turn": this_turn(watered=bool)},
    table_actions=(("play", "seed", "hand"), ("play", "weed", "hand")),
    table_variants={("play", "seed"): [{}, {"water": 0}]},
    form_state=("phase", "my_turn", "water"),
)
'''
RULES = '''
from cardbase.rules.model import ALLOW, FORBID, rule

@rule("garden.seed.needs_water", "tiny-garden", "A seed is planted only in watered soil.",
      cite={"tiny-garden-en": "Plant a seed only where there is water."}, verbs=("play",))
def needs_water(s, rulebook):
    if s.card_type != "seed":
        return None
    return FORBID if s.state.get("water", 1) == 0 else ALLOW
'''


@pytest.fixture
def garden(tmp_path, monkeypatch):
    """The made-up game, found through the games package; everything it registers is removed
    afterwards."""
    (tmp_path / "tiny_garden.py").write_text(textwrap.dedent(DECLARATION), encoding="utf-8")
    package = tmp_path / "tiny_garden_rules"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "rules.py").write_text(textwrap.dedent(RULES), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(games, "__path__", [*games.__path__, str(tmp_path)])
    monkeypatch.setattr(games, "_IDS", [])
    registry = list(model.REGISTRY)
    yield games.get("tiny-garden")
    model.REGISTRY[:] = registry
    model._LOADED.discard("tiny-garden")
    for key in [k for k in model._BY_VERB if k[0] == "tiny-garden"]:
        del model._BY_VERB[key]
    games._LOADED.pop("tiny-garden", None)
    for name in ("cardbase.games.tiny_garden", "tiny_garden_rules", "tiny_garden_rules.rules"):
        sys.modules.pop(name, None)


def test_the_real_games_are_found_by_reading_the_package():
    assert games.ids() == ("dungeon-mayhem", "munchkin", "munchkin-warhammer-aos",
                           "smashup-munchkin")
    assert [g.id for g in games.all_games() if g.combat] == ["munchkin", "munchkin-warhammer-aos"]


@pytest.mark.parametrize("name", ["chess", "vocabulary", "../munchkin", "Munchkin", "", None, 3,
                                  "munchkin_warhammer_aos", "__init__"])
def test_a_name_no_module_declares_is_not_a_game(name):
    assert games.known(name) is None
    with pytest.raises(KeyError):
        games.get(name)


def test_a_made_up_game_is_listed_and_its_questions_are_read(garden):
    from cardbase.rules.query import parse_query

    assert "tiny-garden" in games.ids()
    situation = parse_query({"game": "tiny-garden", "state": {"water": 2},
                             "action": {"verb": "play", "card_type": "seed"}})
    assert situation.phase == "harvest"  # the declared default phase
    assert situation.role == "bystander"  # no combats in this game
    with pytest.raises(QueryError) as caught:
        parse_query({"game": "tiny-garden", "state": {"water": 9, "phase": "combat"},
                     "action": {"verb": "play", "card_type": "curse"}})
    message = str(caught.value)
    assert "state.water: 9 is out of range; expected 0 to 5" in message
    assert "valid values: setup, harvest" in message
    assert "valid values: seed, weed" in message
    with pytest.raises(QueryError, match="state.role: unknown key"):
        parse_query({"game": "tiny-garden", "state": {"role": "helper"},
                     "action": {"verb": "play"}})


def test_a_made_up_game_has_a_decision_table_judged_by_its_own_rules(garden):
    from cardbase.rules.table import decision_table

    table = decision_table("tiny-garden", ["tiny-garden-en"])
    rows = {(r["state"]["phase"], r["state"]["my_turn"], r["action"]["card_type"],
             r["state"].get("water")): r for r in table["rows"]}
    # 2 phases x 2 turns x (seed in 2 states + weed in 1)
    assert len(rows) == 12
    dry = rows[("harvest", True, "seed", 0)]
    assert dry["by_rulebook"] == {"tiny-garden-en": "forbidden"}
    assert dry["rules"] == {"tiny-garden-en": ["garden.seed.needs_water"]}
    assert rows[("harvest", True, "seed", None)]["by_rulebook"] == {"tiny-garden-en": "allowed"}
    # no rule of the game speaks of weeds: silence, not a verdict made up
    assert rows[("setup", False, "weed", None)]["rules"] == {"tiny-garden-en": []}


def test_a_made_up_game_is_said_in_words_and_offered_by_the_form(garden):
    from cardbase import situations
    from cardbase.rules.diagram import form_fields

    situations._GAME_WORDS.clear()
    try:
        assert situations.describe_state({"phase": "harvest", "water": 3}) == \
            "harvest time · water: 3"
    finally:
        situations._GAME_WORDS.clear()
    fields = {f.key: f.values for f in form_fields("tiny-garden")}
    assert fields["state.water"][1:] == (0, 1, 2, 3, 4, 5)
    assert fields["state.phase"][1:] == ("setup", "harvest")
    assert "state.role" not in fields and "action.roll" not in fields


def test_a_declaration_that_contradicts_itself_is_refused():
    from cardbase.games.vocabulary import Game, one_of

    with pytest.raises(ValueError, match="default phase"):
        Game("x", rules=(), phases={"a": "a"}, default_phase="b", card_types={},
             state={"phase": one_of(("a",))})
    with pytest.raises(ValueError, match="undeclared state keys"):
        Game("x", rules=(), phases={"a": "a"}, default_phase="a", card_types={},
             state={"phase": one_of(("a",))}, form_state=("water",))


@pytest.mark.parametrize("game_id", ["dungeon-mayhem", "munchkin", "munchkin-warhammer-aos",
                                     "smashup-munchkin"])
def test_each_declaration_covers_what_its_table_asks(game_id):
    """Every card type, state key and phase a game's table uses is one its declaration has, so
    the table never asks what a player could not."""
    from cardbase.rules.table import situations

    game = games.get(game_id)
    cells = list(situations(game_id))
    assert cells
    for cell in cells:
        state, action = dict(cell.state), dict(cell.action)
        assert state["phase"] in game.phases
        assert set(state) <= set(game.state), set(state) - set(game.state)
        assert "card_type" not in action or action["card_type"] in game.card_types


class _Reads(dict):
    """A state that notes every key (dotted when nested) a rule reads from it."""

    def __init__(self, data: dict, seen: set, prefix: str = ""):
        super().__init__({k: _Reads(v, seen, f"{prefix}{k}.") if isinstance(v, dict) else v
                          for k, v in data.items()})
        self._seen, self._prefix = seen, prefix

    def get(self, key, default=None):
        self._seen.add(self._prefix + key)
        if dict.__contains__(self, key):
            return dict.__getitem__(self, key)
        # an absent object read for one of its keys (``state.get("combat", {})``) notes them too
        return _Reads({}, self._seen, f"{self._prefix}{key}.") if default == {} else default

    def __getitem__(self, key):
        self._seen.add(self._prefix + key)
        return dict.__getitem__(self, key)

    def __contains__(self, key):
        self._seen.add(self._prefix + key)
        return dict.__contains__(self, key)


def _value_at(state: dict, path: str) -> str:
    for part in path.split("."):
        if not isinstance(state, dict) or part not in state:
            return "absent"
        state = state[part]
    return repr(state)


@pytest.mark.parametrize("game_id", ["dungeon-mayhem", "munchkin", "munchkin-warhammer-aos",
                                     "smashup-munchkin"])
def test_the_table_varies_every_state_key_a_rule_reads(game_id):
    """Each state key (or nested key) some rule of the game reads while judging a cell of the
    table takes at least two values over the table's cells, unless the game declares it unused."""
    from cardbase.rules.model import rules_for, rules_judging
    from cardbase.rules.query import Situation
    from cardbase.rules.table import _thawed, situations

    game = games.get(game_id)
    rulebooks = sorted({rb for rule in rules_for(game_id) for rb in rule.citations})
    cells = [(_thawed(cell.state), _thawed(cell.action)) for cell in situations(game_id)]
    read: set[str] = set()
    for state, action in cells:
        for rulebook in rulebooks:
            situation = Situation(game_id, rulebook, action["verb"], _Reads(state, read), action)
            for rule in rules_judging(game_id, action["verb"], rulebook):
                rule.judge(situation, rulebook)
    read = {key for key in read if key.split(".")[0] in game.state}
    assert len(read) >= 8
    unvaried = sorted(key for key in read if key.split(".")[0] not in game.unused_state
                      and len({_value_at(state, key) for state, _action in cells}) < 2)
    assert unvaried == []


def test_the_command_line_offers_the_declared_games(garden):
    from click.testing import CliRunner

    from cardbase.cli import main

    runner = CliRunner()
    help_text = runner.invoke(main, ["ask", "--help"]).output
    assert "tiny-garden" in help_text and "dungeon-mayhem" in help_text
    refused = runner.invoke(main, ["ask", "is this a question?", "--game", "chess"])
    assert refused.exit_code == 2
    assert "'chess' is not one of" in refused.output and "'tiny-garden'" in refused.output
