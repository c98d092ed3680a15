"""The rules checker's coverage on the rulebook pages: encoded sentences marked, each linking to
its rule and to the "Can I play this?" page with a situation that rule decides; a summary."""

import re
from html import unescape
from urllib.parse import parse_qsl, urlsplit

import pytest

from cardbase.site import coverage
from cardbase.site.markup import block


def test_a_check_query_spells_nested_keys_booleans_and_lists():
    query = coverage.check_query(
        "munchkin", "munchkin-es", {"phase": "combat", "my_turn": False,
                                    "race": ["elf", "dwarf"], "combat": {"result": "won"}},
        {"verb": "play", "card_type": "curse", "from": "hand"})
    assert parse_qsl(query) == [
        ("game", "munchkin"), ("rulebook", "munchkin-es"), ("state.phase", "combat"),
        ("state.my_turn", "false"), ("state.race", "elf,dwarf"),
        ("state.combat.result", "won"), ("action.verb", "play"),
        ("action.card_type", "curse"), ("action.from", "hand")]


def test_the_plainest_situation_a_rule_decides_is_chosen():
    rows = [
        {"state": {"phase": "combat", "my_turn": True, "combat": {"result": "won"}},
         "action": {"verb": "gain_level"}, "rules": {"book-x": ["g.level.win"]}},
        {"state": {"phase": "combat", "my_turn": True}, "action": {"verb": "gain_level"},
         "rules": {"book-x": ["g.level.win", "g.other"]}},
        {"state": {"phase": "charity", "my_turn": True}, "action": {"verb": "give"},
         "rules": {"book-x": []}},
    ]
    found = coverage.decided_situations({"g": {"rows": rows}})
    assert set(found) == {("book-x", "g.level.win"), ("book-x", "g.other")}
    assert dict(parse_qsl(found[("book-x", "g.level.win")])) == {
        "game": "g", "rulebook": "book-x", "state.phase": "combat", "state.my_turn": "true",
        "action.verb": "gain_level"}


def test_marking_finds_each_encoded_sentence_in_the_escaped_text():
    body = ("Intro line.\nFight <monsters> & win. Then take 2 treasures.\n"
            "Run away on a 5 or 6.")
    shown = {"x.fight": {"says": "You fight <them>", "anchor": "x-fight"},
             "x.run": {"says": "Roll to run", "anchor": "x-run"}}
    encoded = [{"sentence": "Fight <monsters> & win.", "rules": ["x.fight", "x.unknown"]},
               {"sentence": "Run away on a 5 or 6.", "rules": ["x.run"]},
               {"sentence": "Not in the text at all.", "rules": ["x.run"]}]
    situations = {("book-x", "x.run"): "game=x&rulebook=book-x&action.verb=run_away"}
    html = str(coverage.mark_body(str(block(body)), encoded, "book-x", "x", shown, situations,
                                  "ja"))
    assert '<span class="cb-encoded">Fight &lt;monsters&gt; &amp; win.</span>' in html
    assert '<span class="cb-encoded">Run away on a 5 or 6.</span>' in html
    assert "Intro line." in html and "Then take 2 treasures." in html
    assert html.count('class="cb-encoded"') == 2
    links = re.findall(r'<a class="([^"]*)" data-rule="([^"]*)" href="([^"]*)" title="([^"]*)"',
                       html)
    assert [(c, r, h) for c, r, h, _t in links] == [
        ("cb-mark", "x.fight", "../../rules/x/#x-fight"),
        ("cb-mark", "x.run", "../../rules/x/#x-run"),
        ("cb-mark cb-mark-try", "x.run",
         "../../check/?game=x&amp;rulebook=book-x&amp;action.verb=run_away")]
    assert "You fight &lt;them&gt;" in links[0][3]  # the statement, escaped, as its title
    # each mark's accessible name is its words and its rule's statement, told apart by it
    names = re.findall(r'aria-label="([^"]*)"', html)
    assert names == ["§ rule: You fight &lt;them&gt;", "§ rule: Roll to run", "try it: Roll to run"]
    assert 'class="cb-marks" lang="ja"' in html
    assert "<script" not in html and "<monsters>" not in html


@pytest.fixture(scope="module")
def rendered(built_db, tmp_path_factory):
    from cardbase.site.pages import render_site
    from cardbase.storage.database import connect

    root = tmp_path_factory.mktemp("pages")
    conn = connect(built_db)
    render_site(conn, "en", root)
    yield root, conn
    conn.close()


def _query(string: str) -> dict:
    """The check page's fields back into a query (as the page builds one)."""
    data: dict = {}
    for key, value in parse_qsl(string):
        typed = {"true": True, "false": False}.get(value, value)
        if isinstance(typed, str) and typed.isdigit():
            typed = int(typed)
        elif isinstance(typed, str) and "," in typed:
            typed = typed.split(",")
        *path, last = key.split(".")
        target = data
        for part in path:
            target = target.setdefault(part, {})
        target[last] = typed
    return data


def test_a_rulebook_page_marks_encoded_sentences_with_the_right_links(rendered):
    from cardbase.rules.engine import judge
    from cardbase.rules.query import parse_query

    root, conn = rendered
    page = (root / "rulebooks" / "munchkin-es.md").read_text(encoding="utf-8")
    rules_page = (root / "rules" / "munchkin.md").read_text(encoding="utf-8")
    marked = re.findall(r'<span class="cb-encoded">(.*?)</span><span class="cb-marks" '
                        r'lang="en">(.*?)</span>', page)
    assert len(marked) > 20
    tried = 0
    for sentence, marks in marked:
        for rule, href in re.findall(r'data-rule="([^"]*)" href="([^"]*)"', marks):
            href = unescape(href)
            if href.startswith("../../rules/"):
                anchor = href.split("#", 1)[1]
                assert href.startswith("../../rules/munchkin/#")
                assert f"{{ #{anchor} }}" in rules_page, (rule, anchor)
            else:
                assert href.startswith("../../check/?")
                data = _query(urlsplit(href).query)
                assert data["game"] == "munchkin" and data["rulebook"] == "munchkin-es"
                result = judge(parse_query(data, conn), "munchkin-es")
                assert rule in [r.id for r, _quote in result.deciding], (sentence, href)
                tried += 1
    assert tried > 5
    # every sentence of the rulebook a rule cites (whole or in part) is marked
    from cardbase.rules.coverage import coverage as rules_coverage

    encoded = [i for i in rules_coverage(conn, "munchkin-es")["rulebooks"][0]["items"]
               if i["status"] in ("encoded", "partial")]
    assert len(marked) == len(encoded)


def test_a_rulebook_page_opens_with_its_coverage(rendered):
    from cardbase.rules.coverage import coverage as rules_coverage

    root, conn = rendered
    entry = rules_coverage(conn, "munchkin-es")["rulebooks"][0]
    page = (root / "rulebooks" / "munchkin-es.md").read_text(encoding="utf-8")
    head = page.split("\n## ", 1)[0]
    assert (f'??? info "What the rules checker encodes: {entry["encoded"]} of '
            f'{entry["sentences"]} sentences"') in head
    assert f"| {entry['unaccounted']} |" in head
    for reason, n in entry["by_reason"].items():
        word = coverage.REASON_WORDS[reason].replace("-", "\\-")
        assert f"| — {word} | {n} |" in head
    # the sentences decided only in part are counted apart, with the facts their rules lack
    assert entry["partial"] > 0
    assert (f"| Partial: the checker applies them only in part; it cannot see | "
            f"{entry['partial']} |") in head
    for fact in {lack["fact"] for item in entry["items"] for lack in item["lacks"]}:
        assert f"| — {fact} | |" in head
