"""The "Can I play this?" page in a real browser, compared with ``cardbase check``.

Random situations are set on each language's page, half through a shared address and half by
choosing in the form as a reader does; the page's verdict and deciding rules must be those of
``cardbase check --json`` for the same query, in the same language.
"""

from __future__ import annotations

import json
import random
from urllib.parse import urlencode

import pytest

from cardbase.cli import main as cli

LANGUAGES = ("en", "es", "de", "ja", "vi")
GAMES = ("munchkin", "munchkin-warhammer-aos", "dungeon-mayhem", "smashup-munchkin")


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors


def _choices(page, name: str) -> list[str]:
    """The values a reader can choose in a field now (shown, not empty)."""
    return page.eval_on_selector(
        f'select[name="{name}"]',
        "s => s.disabled ? [] : Array.from(s.options).filter(o => o.value && !o.hidden)"
        ".map(o => o.value)")


def _visible_fields(page) -> list[str]:
    return page.eval_on_selector_all(
        "#cb-check select", "ss => ss.filter(s => !s.disabled).map(s => s.name)")


def _query(values: dict[str, str]) -> dict:
    """The query the form's values make, as the CLI takes it."""
    query: dict = {"game": values["game"], "state": {}, "action": {}}
    for name, text in values.items():
        if name in ("game", "rulebook"):
            if name == "rulebook":
                query["rulebook"] = text
            continue
        where, key = name.split(".", 1)
        value: object = text
        if text in ("true", "false"):
            value = text == "true"
        elif text.isdigit():
            value = int(text)
        query[where][key] = value
    return query


def _cli_answer(runner, built_db, query: dict, lang: str) -> dict:
    result = runner.invoke(cli, ["check", "-", "--json", "--lang", lang, "--db", str(built_db)],
                           input=json.dumps(query), env={"LANG": lang})
    if result.exit_code == 2:
        return {"verdict": "", "rules": []}
    assert result.exit_code == 0, result.output
    answer = json.loads(result.output)
    return {"verdict": answer["verdict"], "rules": [b["rule"] for b in answer["because"]]}


def _page_answer(page) -> dict:
    box = page.locator("#cb-verdict")
    return {"verdict": box.get_attribute("data-verdict"),
            "rules": page.eval_on_selector_all(".cb-because > li",
                                               "items => items.map(i => i.dataset.rule)")}


def _random_values(page, rnd: random.Random) -> dict[str, str]:
    """Choose a game, a verb and some other fields in the form, as a reader would."""
    game = rnd.choice(GAMES)
    page.select_option('select[name="game"]', game)
    values = {"game": game}
    for name in _visible_fields(page):
        if name == "game":
            continue
        if name == "action.verb" or rnd.random() < 0.3:
            choices = _choices(page, name)
            if choices:
                values[name] = rnd.choice(choices)
                page.select_option(f'select[name="{name}"]', values[name])
    return values


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_answers_as_the_cli(page, site_url, built_db, runner, lang):
    rnd = random.Random(f"check-page-{lang}")
    page.goto(f"{site_url}/{lang}/check/")
    assert page.locator("#cb-verdict").get_attribute("data-verdict") == ""
    seen = set()
    for round_ in range(12):
        page.goto(f"{site_url}/{lang}/check/")
        values = _random_values(page, rnd)
        if round_ % 2:
            # the address holds the situation: opening it again fills the form the same way
            shared = page.url
            assert "game=" in shared and "action.verb=" in shared
            page.goto(f"{site_url}/{lang}/check/")
            page.goto(shared)
        want = _cli_answer(runner, built_db, _query(values), lang)
        assert _page_answer(page) == want, values
        seen.add(want["verdict"])
    assert len(seen) >= 2


def test_a_shared_address_fills_the_form_and_shows_the_verdict(page, site_url, built_db, runner):
    values = {"game": "munchkin", "rulebook": "munchkin-es", "action.verb": "play",
              "action.card_type": "curse", "state.phase": "combat", "state.my_turn": "false"}
    page.goto(f"{site_url}/es/check/?{urlencode(values)}")
    for name, value in values.items():
        assert page.eval_on_selector(f'select[name="{name}"]', "s => s.value") == value
    want = _cli_answer(runner, built_db, _query(values), "es")
    assert _page_answer(page) == want
    assert want["verdict"] == "allowed"
    # the rulebook's own words, in its language, linked to their section
    quote = page.locator(".cb-citations q").first
    assert quote.get_attribute("lang") == "es"
    link = page.locator(".cb-citations a").first
    assert "/rulebooks/munchkin-es/#" in link.get_attribute("href")


def test_fields_of_another_game_are_hidden(page, site_url):
    page.goto(f"{site_url}/en/check/?game=dungeon-mayhem")
    fields = _visible_fields(page)
    assert "state.hit_points" in fields and "state.race" not in fields
    assert "attack" in _choices(page, "action.card_type")
    assert "curse" not in _choices(page, "action.card_type")
    page.select_option('select[name="game"]', "munchkin")
    assert "state.race" in _visible_fields(page)


def test_an_incomplete_form_has_no_verdict_and_a_contradiction_is_named(page, site_url):
    page.goto(f"{site_url}/ja/check/?game=munchkin")
    assert page.locator("#cb-verdict").get_attribute("data-verdict") == ""
    page.select_option('select[name="action.verb"]', "play")
    assert page.locator("#cb-verdict").get_attribute("data-verdict") != ""
    # a helper on their own turn cannot be: no verdict, the problem said
    page.goto(f"{site_url}/ja/check/?game=munchkin&action.verb=help&state.phase=combat"
              "&state.my_turn=true&state.role=helper")
    assert page.locator("#cb-verdict").get_attribute("data-verdict") == ""
    assert page.locator("#cb-verdict li").count() >= 1


def test_the_page_fits_a_phone(browser, site_url):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    page.goto(f"{site_url}/vi/check/?game=munchkin&action.verb=discard&action.reason=hand_limit")
    # nothing of the form or of the answer reaches past the screen's edge
    wide = page.evaluate("""() => Array.from(document.querySelectorAll(
        '#cb-check, #cb-check *, #cb-verdict, #cb-verdict *')).filter(
        e => e.getBoundingClientRect().right > innerWidth + 0.5).map(e => e.outerHTML.slice(0, 80))""")
    assert wide == []
    assert page.locator("#cb-verdict").get_attribute("data-verdict") != ""
    context.close()


def test_the_check_page_is_in_the_navigation(page, site_url):
    page.goto(f"{site_url}/de/")
    assert page.locator('a[href$="check/"]').count() >= 1
