"""``cardbase ask`` 1.1: an answer says what it did not read (``complete``, ``unread``) and what
it takes for granted (``assumed``), in every language; the follow-up question asks again when
a reply cannot be read.

Each case is a word that would change the verdict if read: the reading must either read it into
the query or list it as not read, never claim a complete reading without it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardbase.ask import Asker
from cardbase.cli import main
from cardbase.storage.database import connect


@pytest.fixture(scope="module")
def asker(built_db):
    return Asker(connect(built_db))


def _ask(runner, db, *args, **kwargs):
    return runner.invoke(main, ["ask", *args, "--db", str(db)], **kwargs)


# (question, lang, a word that must be among the words not read)
NOT_READ = [
    # the act asked is not the one the question's other verb names
    ("can I sell the boots he just traded me?", "en", "traded"),
    # a negation the query cannot hold the opposite of
    ("I'm not a Dwarf, can I carry two Big items?", "en", "Dwarf"),
    ("no soy Enano, ¿puedo llevar dos objetos Grandes?", "es", "Enano"),
    ("ich bin kein Zwerg, darf ich zwei große Gegenstände tragen?", "de", "Zwerg"),
    # time and sequence
    ("can I play a curse before the fight starts?", "en", "before"),
    ("¿puedo jugar una maldición antes del combate?", "es", "antes"),
    ("darf ich einen Fluch spielen, bevor der Kampf beginnt?", "de", "bevor"),
    ("戦闘の前に呪いを使える？", "ja", "前"),
    ("tôi có thể chơi lời nguyền trước khi chiến đấu không?", "vi", "trước"),
    # counts and order
    ("can I carry a second Big item?", "en", "second"),
    ("¿puedo llevar un segundo objeto Grande?", "es", "segundo"),
    # who acts
    ("can she help me in my combat?", "en", "she"),
]


@pytest.mark.parametrize("question, lang, word", NOT_READ)
def test_a_word_that_could_change_the_verdict_is_never_silently_dropped(asker, question, lang,
                                                                         word):
    answer = asker.ask(question, lang)
    read = [w for r in answer["readings"] for w in r["words"]]
    assert word in answer["unread"] or word in read, answer["unread"]
    if word in answer["unread"]:
        assert answer["complete"] is False


@pytest.mark.parametrize("question, lang", [
    ("can I play a curse when it is not my turn?", "en"),
    ("¿puedo jugar una maldición si no es mi turno?", "es"),
    ("darf ich einen Fluch spielen, wenn nicht mein Zug ist?", "de"),
    ("自分のターンじゃないけど呪いを使える？", "ja"),
    ("không phải lượt tôi, tôi chơi lời nguyền được không?", "vi"),
])
def test_a_question_read_whole_is_complete(asker, question, lang):
    answer = asker.ask(question, lang)
    assert answer["complete"] is True and answer["unread"] == []
    assert answer["query"]["state"]["my_turn"] is False


def test_a_negation_with_a_clause_between_does_not_flip_the_other_clause(asker):
    answer = asker.ask("no, it is my turn: can I sell items?", "en")
    assert answer["query"]["state"].get("my_turn") is not False


@pytest.mark.parametrize("question, lang", [
    ("can I run away?", "en"), ("¿puedo huir?", "es"), ("darf ich weglaufen?", "de"),
    ("逃げてもいい？", "ja")])
def test_running_away_presupposes_a_lost_combat(asker, question, lang):
    answer = asker.ask(question, lang)
    assumed = {a["key"]: a for a in answer["assumed"]}
    assert assumed["state.phase"]["value"] == "combat"
    assert assumed["state.combat.result"]["value"] == "lost"
    assert assumed["state.phase"]["why"] != "default"
    assert answer["verdict"] == "allowed"


def test_helping_presupposes_someone_elses_combat(asker):
    answer = asker.ask("can I help?", "en")
    assumed = {a["key"]: a["value"] for a in answer["assumed"]}
    assert assumed == {"state.phase": "combat", "state.my_turn": False, "state.role": "bystander"}


def test_a_presupposition_never_contradicts_what_the_question_states(asker):
    # on your own turn there is no one else's combat to help in: the question as stated
    answer = asker.ask("ayudar en mi turno", "es")
    assert answer["query"]["state"]["my_turn"] is True
    assert all(a["key"] != "state.my_turn" for a in answer["assumed"])


def test_a_default_the_verdict_rests_on_is_listed(asker):
    answer = asker.ask("can I sell items?", "en")
    assert answer["verdict"] == "allowed"
    keys = {a["key"]: a for a in answer["assumed"]}
    assert keys["state.my_turn"] == {"key": "state.my_turn", "value": True, "why": "default"}


def test_a_default_the_verdict_does_not_rest_on_is_not_listed(asker):
    answer = asker.ask("can I play a curse on someone else's turn?", "en")
    assert all(a["why"] != "default" or a["key"] != "state.my_turn" for a in answer["assumed"])


def test_json_has_complete_and_assumed(runner, built_db):
    result = _ask(runner, built_db, "can I sell the boots before my turn?", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["complete"] is False and "before" in data["unread"]
    assert isinstance(data["assumed"], list)
    assert all(set(a) == {"key", "value", "why"} for a in data["assumed"])


@pytest.mark.parametrize("question, lang, opening", [
    ("can I sell the boots before my turn?", "en", "Not read:"),
    ("¿puedo jugar una maldición antes del combate?", "es", "No leído:"),
    ("darf ich einen Fluch spielen, bevor der Kampf beginnt?", "de", "Nicht gelesen:"),
    ("戦闘の前に呪いを使える？", "ja", "読めなかった語:"),
    ("tôi có thể chơi lời nguyền trước khi chiến đấu không?", "vi", "Chưa đọc được:"),
])
def test_the_text_answer_opens_with_what_was_not_read_in_the_questions_language(
        runner, built_db, question, lang, opening):
    result = _ask(runner, built_db, question, "--lang", lang)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[0].startswith(opening), result.stdout


@pytest.mark.parametrize("question, lang, word", [
    ("¿puedo huir?", "es", "se supone"), ("darf ich weglaufen?", "de", "angenommen"),
    ("逃げてもいい？", "ja", "前提"), ("can I run away?", "en", "assumed")])
def test_the_text_answer_says_what_it_assumed(runner, built_db, question, lang, word):
    result = _ask(runner, built_db, question, "--lang", lang)
    assert word in result.stdout
    if lang != "en":
        assert "assumed" not in result.stdout and "presupposed" not in result.stdout


def test_a_follow_up_reply_not_understood_is_asked_again(runner, built_db, monkeypatch):
    monkeypatch.setattr("cardbase.cli.rulings._interactive", lambda: True)
    result = _ask(runner, built_db, "¿puedo descartar cartas en la caridad?",
                  input="yes\nquizás\nsí\n")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert out.count("¿Eres el jugador de nivel más bajo?") == 3
    assert "«yes» no es una respuesta que pueda leer" in out
    # the whole answer is shown once before the prompt and once after the reply read
    assert out.count("Entendido así (es):") == 2
    assert "state.lowest_level = true" in out


def test_an_empty_follow_up_reply_stops_without_repeating_the_answer(runner, built_db,
                                                                     monkeypatch):
    monkeypatch.setattr("cardbase.cli.rulings._interactive", lambda: True)
    result = _ask(runner, built_db, "¿puedo descartar cartas en la caridad?", input="\n")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.count("Entendido así (es):") == 1


def test_a_number_reply_is_read_for_a_number_fact():
    from cardbase.ask import followup

    assert followup.reply("en", "state.level", "7") == 7
    assert followup.reply("es", "state.level", "siete") == 7
    assert followup.reply("en", "state.level", "yes") is None


@pytest.mark.parametrize("question, lang", [
    ("can I swap my helmet mid-fight?", "en"), ("¿puedo cambiar mi casco en combate?", "es"),
    ("darf ich meinen Helm im Kampf wechseln?", "de"), ("戦闘中にヘルメットを付け替えられる？", "ja"),
    ("tôi có thể đổi mũ khi đang chiến đấu không?", "vi")])
def test_an_item_named_by_its_noun_is_an_item_of_its_slot(asker, question, lang):
    answer = asker.ask(question, lang)
    assert answer["query"]["action"].get("slot") == "headgear", answer["query"]
    assert answer["query"]["action"]["verb"] == "equip"


def test_a_glossary_word_is_read_without_code(asker):
    from cardbase.ask.lexicon import load
    from cardbase.ask.reader import Reader

    reader = Reader(load("en"), [], [("slot-footgear", "galoshes", "munchkin")])
    facts = {f.key: f.value for f in reader.read("can I sell my galoshes?").facts}
    assert facts["action.slot"] == "footgear"


@pytest.mark.parametrize("question, lang, game", [
    ("tôi chơi quân lính lên căn cứ được không?", "vi", "smashup-munchkin"),
    ("can I play a minion on a base on someone else's turn?", "en", "smashup-munchkin"),
    ("¿puedo curarme si me quedan 0 puntos de vida?", "es", "dungeon-mayhem"),
    ("can I use my Class power on someone else's turn?", "en", "munchkin"),
])
def test_the_game_is_the_one_whose_words_the_question_uses(asker, question, lang, game):
    assert asker.ask(question, lang)["query"]["game"] == game


@pytest.mark.parametrize("question, lang", [
    ("he is dead, can I give him my extra cards at charity?", "en"),
    ("Ana está muerta, ¿puedo darle cartas en la caridad?", "es"),
    ("anh ấy đã chết, tôi có thể cho anh ấy bài không?", "vi")])
def test_a_death_in_a_clause_about_another_player_is_that_players(asker, question, lang):
    answer = asker.ask(question, lang)
    assert answer["query"]["state"].get("target_state", {}).get("dead") is True
    assert "dead" not in answer["query"]["state"]


def test_a_death_of_ones_own_stays_ones_own(asker):
    answer = asker.ask("I just died, can I help in the fight?", "en")
    assert answer["query"]["state"].get("dead") is True


def test_a_name_that_is_the_subject_is_not_the_target(asker):
    answer = asker.ask("Bob is fighting. Can I play a monster enhancer?", "en")
    assert answer["query"]["action"].get("target") != "other_player"
    answer = asker.ask("can I play a curse on Bob?", "en")
    assert answer["query"]["action"]["target"] == "other_player"


def test_a_yaml_boolean_in_a_word_list_is_refused(tmp_path):
    from cardbase.ask.lexicon import load
    from cardbase.errors import DataErrors

    source = (Path(__file__).resolve().parent.parent / "data" / "lexicon" / "en.yaml")
    text = source.read_text(encoding="utf-8").replace('"on", against', "on, against")
    bad = tmp_path / "en.yaml"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(DataErrors, match="name_markers"):
        load("en", str(bad))


@pytest.mark.parametrize("question, lang, kind", [
    ("smash up: an action made me play a monster. Can I still play my minion?", "en", "minion"),
    ("I drew a monster. Can I play a curse now?", "en", "curse"),
    ("darf ich im Kampf einen Gegenstand einsetzen, der nur einmal einsetzbar ist?", "de",
     "one_shot_item")])
def test_the_card_asked_about_is_the_one_in_the_questions_sentence(asker, question, lang, kind):
    assert asker.ask(question, lang)["query"]["action"].get("card_type") == kind


def test_a_fact_the_checker_refuses_is_set_aside_and_listed_as_not_read(asker):
    # level 12 is no level a Munchkin character has: the rest of the question is answered
    answer = asker.ask("I'm level 12, can I sell items on my turn?", "en")
    assert answer["query"]["action"]["verb"] == "sell"
    assert "level" not in answer["query"]["state"]
    assert "12" in answer["unread"] and answer["complete"] is False


@pytest.mark.parametrize("question, lang", [
    ("I traded the boots with Ana. Can I sell them now?", "en"),
    ("Ich habe die Stiefel mit Ana getauscht. Darf ich sie jetzt verkaufen?", "de")])
def test_the_verb_the_modal_governs_is_the_act_asked(asker, question, lang):
    answer = asker.ask(question, lang)
    assert answer["query"]["action"]["verb"] == "sell"
    assert answer["complete"] is False     # the trade was read, and is not what is asked


def test_a_glossary_noun_is_no_typo_target(asker):
    answer = asker.ask("the card shows two treasures, can I sell it?", "en")
    assert answer["query"]["action"].get("slot") is None


def test_a_number_word_for_one_is_the_article_when_no_unit_takes_it(asker):
    # Vietnamese "một" is both "one" and "a"; a count no unit took is otherwise listed unread
    answer = asker.ask("tôi chơi một lời nguyền được không?", "vi")
    assert "một" not in answer["unread"]
    assert "2" in asker.ask("tôi chơi 2 lời nguyền được không?", "vi")["unread"]


@pytest.mark.parametrize("question, lang", [
    ("Jetzt ist Jana am Zug. Darf ich einen Fluch spielen?", "de"),
    ("今はボブのターンです。呪いを使えますか？", "ja")])
def test_a_name_beside_a_word_for_turn_makes_it_another_players_turn(asker, question, lang):
    assert asker.ask(question, lang)["query"]["state"]["my_turn"] is False


def test_where_every_noun_is_capitalised_a_capital_makes_no_name(asker):
    # de.yaml says capitalised_nouns: "Krone", a word no lexicon has, is no player: it is listed unread
    answer = asker.ask("darf ich im Kampf die Krone verkaufen?", "de")
    assert answer["query"]["action"].get("target") is None and "Krone" in answer["unread"]
