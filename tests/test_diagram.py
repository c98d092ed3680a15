"""The checker compiled into decision diagrams (``cardbase.rules.diagram``) answers as ``check``.

The exploration is tested on made-up judgements (a tree per path of reads, reduced where a field
does not matter); the compiled games are compared with ``check`` on random queries of the form's
values, in every language, contradictions and named cards included.
"""

from __future__ import annotations

import json
import random

import pytest

from cardbase import i18n
from cardbase.errors import QueryError
from cardbase.rules import diagram
from cardbase.rules.checker import check
from cardbase.rules.query import Situation

LANGUAGES = ("en", "es", "de", "ja", "vi")


def _fields(*specs):
    return {key: (number, diagram.FormField(key, values))
            for number, (key, values) in enumerate(specs)}


def test_a_judgement_becomes_a_tree_of_the_fields_it_reads():
    fields = _fields(("state.phase", (None, "combat", "setup")), ("state.level", (None, 1, 9)))
    nodes = diagram._Nodes()

    def judgement(chooser):
        if chooser.value("state.phase") != "combat":
            return "no"
        return "yes" if (chooser.value("state.level") or 1) < 9 else "late"

    root, read = diagram._explore(judgement, fields, nodes)
    assert read == {0, 1}
    phase, children = nodes.nodes[root]
    assert phase == 0
    # absent and setup lead to the same leaf without asking the level
    assert children[0] == children[2] == nodes.leaf("no")
    level, by_level = nodes.nodes[children[1]]
    assert level == 1
    assert [nodes.nodes[c][1] for c in by_level] == ["yes", "yes", "late"]


def test_a_field_that_never_matters_is_not_in_the_tree():
    fields = _fields(("state.phase", (None, "combat")), ("state.level", (None, 1, 2)))
    nodes = diagram._Nodes()
    root, _read = diagram._explore(lambda chooser: chooser.value("state.level") and "x",
                                   fields, nodes)
    assert nodes.support(root) == {1}


def test_combining_trees_keeps_every_pair_of_leaves_that_can_happen():
    fields = _fields(("state.phase", (None, "combat")), ("state.level", (None, 1, 2)))
    nodes = diagram._Nodes()
    first, _ = diagram._explore(lambda c: (), fields, nodes)  # no contradiction
    a, _ = diagram._explore(lambda c: c.value("state.phase"), fields, nodes)
    b, _ = diagram._explore(lambda c: c.value("state.level"), fields, nodes)
    combiner = diagram._Combiner(nodes, [f for _n, f in fields.values()])
    combiner.combine((first, a, b))
    leaves = sorted(map(repr, (combiner.out.nodes[leaf][1] for leaf in combiner.witness)))
    assert len(leaves) == 6
    for leaf, chosen in combiner.witness.items():
        # each leaf's witness leads to it
        _empty, phase, level = combiner.out.nodes[leaf][1]
        assert (fields["state.phase"][1].values[chosen.get(0, 0)], fields["state.level"][1].values[
            chosen.get(1, 0)]) == (phase, level)


def test_a_judgement_that_reads_the_whole_state_is_refused():
    fields = _fields(("state.phase", (None, "combat")))
    chooser = diagram._Chooser(fields, [])
    situation = diagram._Explored("munchkin", None, chooser, {})
    with pytest.raises(diagram._NotTraceable):
        list(situation.state.items())
    assert isinstance(situation, Situation)


def test_the_form_offers_the_vocabulary_of_each_game():
    munchkin = {f.key: f.values for f in diagram.form_fields("munchkin", ["Duck of Doom"])}
    assert munchkin["state.phase"][0] is None and "combat" in munchkin["state.phase"]
    assert munchkin["state.level"] == (None,) + tuple(range(1, 11))
    assert munchkin["action.card"] == (None, "Duck of Doom")
    mayhem = {f.key for f in diagram.form_fields("dungeon-mayhem")}
    assert "state.hit_points" in mayhem and "state.race" not in mayhem


@pytest.fixture(scope="module")
def compiled(built_db):
    from cardbase.site.checkpage import compile_all
    from cardbase.storage.database import connect

    return compile_all(connect(built_db), LANGUAGES)


def _random_query(data: dict, rulebooks: list[str], rnd: random.Random) -> dict:
    query = {"game": data["game"], "state": {},
             "action": {"verb": rnd.choice(sorted(data["roots"][""]))}}
    if rnd.random() < 0.5:
        query["rulebook"] = rnd.choice(rulebooks)
    for field in data["fields"]:
        if rnd.random() < 0.3:
            value = rnd.choice(field["values"])
            if value is not None:
                where, key = field["key"].split(".", 1)
                query[where][key] = value
    return query


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_diagrams_answer_as_check_does(compiled, conn, lang):
    from cardbase.storage import queries

    rnd = random.Random(f"diagram-{lang}")
    compared = {"answers": 0, "refused": 0}
    for game, one in compiled.items():
        data = json.loads(json.dumps(diagram.export(one, lang), ensure_ascii=False))
        rulebooks = queries.rulebooks_of_game(conn, game)
        for _ in range(250):
            query = _random_query(data, rulebooks, rnd)
            got = diagram.walk(data, query)
            card = query["action"].get("card")
            if card:
                got = json.loads(json.dumps(got, ensure_ascii=False).replace(
                    diagram.CARD_MARK, card))
            with i18n.language(lang):
                try:
                    want = check(conn, query, lang)
                    want.pop("card", None)
                    compared["answers"] += 1
                except QueryError as exc:
                    want = {"problems": str(exc).split("\n")}
                    compared["refused"] += 1
            assert got == want, query
    # the random queries reach both kinds of answer
    assert compared["answers"] > 500 and compared["refused"] > 20


def test_the_verbs_are_split_into_parts_of_about_the_same_work():
    from cardbase.games.vocabulary import VERBS
    from cardbase.rules.model import rules_judging

    rulebooks = ["munchkin-es", "munchkin-ja"]
    parts = diagram.verb_parts("munchkin", rulebooks)
    assert sorted(v for part in parts for v in part) == sorted(VERBS)
    assert all(list(part) == [v for v in VERBS if v in part] for part in parts)
    work = [sum(1 + sum(len(rules_judging("munchkin", v, rb)) for rb in rulebooks)
                for v in part) for part in parts]
    assert max(work) <= 1.25 * min(work), work


def test_a_part_compiled_by_a_worker_gives_the_diagram_compiled_here(built_db):
    """``compile_all`` with part of each game compiled "elsewhere" (here by the worker's own
    function, in this process) exports exactly what it exports compiling everything itself."""
    from cardbase.site import parallel
    from cardbase.site.checkpage import compile_all
    from cardbase.storage.database import connect

    class Done:  # a finished future
        def __init__(self, value):
            self.value = value

        def result(self):
            return self.value

    def elsewhere(game, rulebooks, verbs, languages, catalogs):
        return parallel._Part(Done(parallel._compile_part(
            str(built_db), game, rulebooks, verbs, languages, catalogs, None)), game)

    conn = connect(built_db)
    here = compile_all(conn, ("ja",))
    apart = compile_all(conn, ("ja",), elsewhere=elsewhere)
    assert sorted(here) == sorted(apart)
    for game in here:
        assert diagram.export(apart[game], "ja") == diagram.export(here[game], "ja")
