"""``cardbase ask``: reading questions in five languages into check queries, and the command.

The question set (tests/ask/questions.yaml) is read at floors set from measured figures; every
question must read into one query in all five languages. The reader's parts are tested on
made-up input (typos, accents, widths, numbers with units, negation, compounds, names), the
lexicon loader on broken files, and the command on what it must refuse.
"""

from __future__ import annotations

import json


import pytest

from cardbase.ask import Asker, Unreadable, followup
from cardbase.ask.lexicon import Lexicon, load
from cardbase.ask.reader import Reader
from cardbase.cli import main
from cardbase.errors import DataErrors
from cardbase.storage.database import connect
from tests.ask import measure

# Floors from the measured figures (BENCHMARKS.md): a regression below them fails.
FLOORS = {"full": 0.95, "terse": 0.95, "no_accents": 0.95, "typo": 0.9, "full_width": 0.95}
JA_FLOORS = {"typo": 0.7}      # a doubled kana is not a typo the analyser can see through
LANG_VARIANTS = {"ja": ("typo", "full_width", "half_width_kana")}
# fresh.yaml (players' wording, written before reading the lexicons): floors per language and
# form (full, terse) from its measured figures
FRESH_FLOORS = {"en": (0.95, 0.95), "es": (0.95, 0.95), "de": (0.95, 0.95), "ja": (0.95, 0.95),
                "vi": (0.95, 0.95)}


@pytest.fixture(scope="module")
def asker(built_db):
    return Asker(connect(built_db))


@pytest.mark.parametrize("lang", measure.LANGS)
@pytest.mark.parametrize("form", ["full", "terse"])
def test_reading_accuracy_on_the_question_set(asker, lang, form):
    right, total, misses = measure.accuracy(asker, lang, 0 if form == "full" else 1)
    assert total >= 40
    assert right / total >= FLOORS[form], misses


@pytest.mark.parametrize("lang", measure.LANGS)
def test_reading_survives_accents_typos_and_widths(asker, lang):
    names = LANG_VARIANTS.get(lang, ("no_accents", "typo", "full_width"))
    for name in names:
        right, total, misses = measure.accuracy(asker, lang, 0, measure.VARIANTS[name])
        floor = JA_FLOORS.get(name, FLOORS.get(name, 0.95)) if lang == "ja" else FLOORS[name]
        assert right / total >= floor, (name, misses)


@pytest.mark.parametrize("name", measure.SETS)
@pytest.mark.parametrize("lang", measure.LANGS)
def test_reading_accuracy_on_the_later_sets(asker, name, lang):
    if name == "questions.yaml":
        return
    for form in (0, 1):
        right, total, misses = measure.accuracy(asker, lang, form, name=name)
        assert right / total >= 0.8, misses


@pytest.mark.parametrize("lang", measure.LANGS)
def test_reading_accuracy_on_the_fresh_set(asker, lang):
    for form in (0, 1):
        right, total, misses = measure.accuracy(asker, lang, form, name="fresh.yaml")
        assert total >= 20
        assert right / total >= FRESH_FLOORS[lang][form], misses


def test_the_five_languages_read_into_one_query(asker):
    for item in measure.questions():
        for form in (0, 1):
            queries = {lang: measure.read_query(asker, item[lang][form], lang)
                       for lang in measure.LANGS}
            assert len({json.dumps(q, sort_keys=True) for q in queries.values()}) == 1, \
                (item["id"], queries)


def test_language_is_detected_without_lang(asker):
    for lang in measure.LANGS:
        right, total, misses = measure.accuracy(asker, lang, 0, given_lang=False)
        assert right / total >= 0.95, misses


def test_the_question_set_is_large_enough_and_well_formed():
    items = measure.questions()
    assert len(items) >= 40
    games = {measure.expected(i)["game"] for i in items}
    assert games == {"munchkin", "munchkin-warhammer-aos", "dungeon-mayhem", "smashup-munchkin"}
    assert {i.get("rulebook") for i in items} >= {"munchkin-es", "munchkin-ja"}
    for item in items + [i for name in measure.SETS[1:] for i in measure.questions(name)]:
        assert item["verdict"] in ("allowed", "forbidden", "conditional")
        assert all(len(item[lang]) == 2 for lang in measure.LANGS)


# --- the reader on made-up input ------------------------------------------------------------

def _facts(asker, text, lang):
    return measure.read_query(asker, text, lang)


def test_numbers_with_units_and_thousands_separators(asker):
    assert _facts(asker, "vender 2.000 monedas nivel 3", "es")["action.gold"] == 2000
    assert _facts(asker, "verkaufen 3000 Goldstücke", "de")["action.gold"] == 3000
    assert _facts(asker, "sell 1,500 gold at level 7", "en")["state.level"] == 7
    assert _facts(asker, "レベル７で売却", "ja")["state.level"] == 7
    assert _facts(asker, "cấp 4 bán 2.000 vàng", "vi")["action.gold"] == 2000


def test_negation_flips_the_fact_beside_it(asker):
    assert _facts(asker, "ayudar cuando no es mi turno", "es")["state.my_turn"] is False
    assert _facts(asker, "ayudar en mi turno", "es")["state.my_turn"] is True
    assert _facts(asker, "ヘルプ 自分のターンではない 呪い", "ja")["state.my_turn"] is False


def test_typos_accents_and_kana_spellings(asker):
    assert _facts(asker, "descartr mi raaza en conbate", "es") == {
        "game": "munchkin", "action.verb": "discard", "action.card_type": "race",
        "state.phase": "combat"}
    assert _facts(asker, "ban vat pham luot nguoi khac", "vi")["state.my_turn"] is False
    assert _facts(asker, "しゅぞくカードをすてる", "ja")["action.card_type"] == "race"


def test_german_compounds_are_split_into_known_words(asker):
    assert _facts(asker, "Klassenkarten abwerfen", "de")["action.card_type"] == "class"


def test_player_names_are_other_players(asker):
    assert _facts(asker, "can I give Zoltan an item", "en")["action.target"] == "other_player"
    assert _facts(asker, "maldición a Rocío", "es")["action.target"] == "other_player"


def test_unknown_words_are_listed_as_not_understood(asker):
    result = asker.ask("can I sell my flurbish items in combat", "en")
    assert "flurbish" in result["unread"] and result["query"]["action"]["verb"] == "sell"
    for reading in result["readings"]:
        assert reading["words"], reading


def test_card_names_from_the_database(asker):
    result = asker.ask("¿puedo jugar Enfurecido en el combate de otro jugador?", "es")
    assert result["query"]["action"]["card"] == "Enfurecido"
    assert {"key": "action.card", "value": "Enfurecido", "words": ["Enfurecido"]} \
        in result["readings"]


def test_game_and_edition_from_the_question(asker):
    assert asker.ask("reglas antiguas vender en combate", "es")["query"]["rulebook"] \
        == "munchkin-ja"
    assert asker.ask("dungeon mayhem: heal", "en")["query"]["game"] == "dungeon-mayhem"
    assert asker.ask("sell in combat", "en", rulebook="munchkin-es")["query"]["rulebook"] \
        == "munchkin-es"


@pytest.mark.parametrize("question", ["", "   ", "a" * 100_000, "ab\x00\x01cd", "x\udcff"])
def test_what_is_no_question_is_refused(asker, question):
    with pytest.raises(Unreadable):
        asker.ask(question, "en")


def test_a_question_without_an_action_says_so_in_its_language(asker):
    with pytest.raises(Unreadable) as info:
        asker.ask("hola, ¿qué tal el combate?", "es")
    assert "acción" in str(info.value) and info.value.missing == "action"


def test_conditional_names_the_missing_fact(asker):
    result = asker.ask("can I discard an item for charity?", "en")
    if result["verdict"] == "conditional":
        assert result["missing"] is None or result["missing"].startswith("state.")
    result = asker.ask("give cards to the lowest level player hand limit", "en")
    assert "verdict" in result


def test_follow_up_questions_and_replies_in_each_language():
    for lang, yes, no in (("es", "sí", "no"), ("de", "ja", "nein"), ("ja", "はい", "いいえ"),
                          ("vi", "có", "không"), ("en", "yes", "no")):
        text, choices = followup.prompt(lang, "state.my_turn")
        assert text and choices == []
        assert followup.reply(lang, "state.my_turn", yes) is True
        assert followup.reply(lang, "state.my_turn", no) is False
        assert followup.reply(lang, "state.my_turn", "banana") is None
    text, choices = followup.prompt("es", "state.phase")
    assert "combat" in choices
    assert followup.reply("es", "state.phase", str(choices.index("combat") + 1)) == "combat"


# --- the lexicon -----------------------------------------------------------------------------

def test_every_lexicon_loads():
    for lang in measure.LANGS:
        assert isinstance(load(lang), Lexicon)


def test_a_broken_lexicon_is_refused_with_file_and_line(tmp_path):
    bad = tmp_path / "xx.yaml"
    bad.write_text("lang: xx\nanalyser: snowball\nentries:\n"
                   "  - facts: {action.verb: fly}\n    words: [volar]\n"
                   "  - facts: {state.my_turn: true}\n    words: [no, turno]\n", encoding="utf-8")
    with pytest.raises(DataErrors) as info:
        load("xx", str(bad))
    text = str(info.value)
    assert "xx.yaml:4" in text and "'fly'" in text and "play" in text
    assert "quote it" in text


def test_a_new_language_is_only_a_lexicon(tmp_path, built_db):
    lex = tmp_path / "it.yaml"
    lex.write_text("lang: it\nanalyser: snowball\nstemmer: italian\nentries:\n"
                   "  - facts: {action.verb: sell}\n    words: [vendere]\n"
                   "  - facts: {state.phase: combat}\n    words: [combattimento]\n",
                   encoding="utf-8")
    reader = Reader(load("it", str(lex)), [])
    facts = {f.key: f.value for f in reader.read("posso vendere durante il combattimento?").facts}
    assert facts == {"action.verb": "sell", "state.phase": "combat"}


def _italian(tmp_path) -> Reader:
    lex = tmp_path / "it.yaml"
    lex.write_text("lang: it\nanalyser: snowball\nstemmer: italian\nentries:\n"
                   "  - facts: {action.verb: ask_help}\n    words: [chiedere aiuto]\n"
                   "  - facts: {action.verb: trade}\n    words: [scambiare]\n"
                   "  - facts: {state.phase: combat}\n    words: [combattimento]\n"
                   "ignore: [posso, a, qualcuno, nel, il]\n", encoding="utf-8")
    return Reader(load("it", str(lex)), [])


def _keys(reader, text):
    return {f.key: f.value for f in reader.read(text).facts}


def test_a_phrase_is_not_read_across_a_clause_break(tmp_path):
    reader = _italian(tmp_path)
    assert _keys(reader, "posso chiedere a qualcuno aiuto")["action.verb"] == "ask_help"
    assert "action.verb" not in _keys(reader, "posso chiedere a qualcuno, aiuto nel combattimento")


def test_typos_in_ignored_words_and_in_word_forms(tmp_path):
    reader = _italian(tmp_path)
    # a typo in a word of no meaning inside a phrase does not break the phrase
    assert _keys(reader, "posso chiedere a qualcunno aiuto")["action.verb"] == "ask_help"
    # a typo in an inflected form the lexicon does not write ("scambiamo" doubled a letter)
    reading = reader.read("scambiaamo nel combattimento")
    assert {f.key: f.value for f in reading.facts} == {"action.verb": "trade",
                                                        "state.phase": "combat"}
    assert reading.unread == []


def test_a_count_of_cards_with_ending_the_turn_is_the_hand(asker):
    for text, lang, n in (("end my turn holding 3 cards", "en", 3),
                          ("acabar el turno con 2 cartas", "es", 2),
                          ("kết thúc lượt, trên tay 9 lá", "vi", 9)):
        facts = _facts(asker, text, lang)
        assert facts["state.hand_size"] == n and "action.count" not in facts, facts
        assert "action.from" not in facts, facts
    assert _facts(asker, "discard 3 cards", "en")["action.count"] == 3


def test_what_a_verb_is_for_or_where_a_card_goes_is_no_card_fact(asker):
    facts = _facts(asker, "vender mis cosas para subir de nivel", "es")
    assert facts == {"game": "munchkin", "action.verb": "sell"}
    assert "action.card_type" not in _facts(asker, "bán đồ để lên cấp", "vi")
    assert "action.from" not in _facts(asker, "put an item in play on my turn", "en")
    assert _facts(asker, "use an item in play", "en")["action.from"] == "in_play"


def test_a_one_shot_item_without_a_verb_is_used(asker):
    assert _facts(asker, "potion during combat", "en")["action.verb"] == "use"
    assert _facts(asker, "Trank im Kampf", "de")["action.verb"] == "use"
    assert _facts(asker, "curse during combat", "en")["action.verb"] == "play"


# --- the command ----------------------------------------------------------------------------

def _ask(runner, db, *args):
    return runner.invoke(main, ["ask", *args, "--db", str(db)])


def test_ask_json_follows_the_spec(runner, built_db):
    result = _ask(runner, built_db, "¿puedo jugarle una maldición a Ana si no es mi turno?",
                  "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert {"question", "lang", "query", "readings", "verdict", "because", "conditions",
            "by_rulebook", "covered", "unread"} <= set(data)
    assert data["lang"] == "es" and data["verdict"] == "allowed"
    assert {"key": "state.my_turn", "value": False, "words": ["no", "es", "mi", "turno"]} \
        in data["readings"]


@pytest.mark.parametrize("question, statement", [
    ("¿puedo jugarle una maldición a Ana si no es mi turno?", "Una Maldición"),
    ("darf ich im Kampf verkaufen?", "Gegenstände"),
    ("có được bán vật phẩm khi chiến đấu không?", "vật phẩm")])
def test_the_answer_speaks_the_questions_language_whatever_the_interface(
        runner, built_db, monkeypatch, question, statement):
    """Rule statements and conditions come in the question's language, as its quotes do, under
    an English interface as under any other."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    data = json.loads(_ask(runner, built_db, question, "--json").stdout)
    said = " ".join(entry["says"] for entry in data["because"])
    assert statement in said, said


@pytest.mark.parametrize("question, lang", [
    ("darf ich im Kampf verkaufen?", "de"), ("他人のターンでも種族カードを捨てられる？", "ja"),
    ("có được bán vật phẩm khi chiến đấu không?", "vi")])
def test_ask_text_shows_the_reading_and_the_quotes(runner, built_db, question, lang):
    result = _ask(runner, built_db, question)
    assert result.exit_code == 0, result.stderr
    assert f"({lang})" in result.stdout and "←" in result.stdout and "“" in result.stdout


@pytest.mark.parametrize("question, word", [
    ("", "empty"), ("a" * 100_000, "long"), ("ab\x01cd", "binary"),
    ("ab\udcff\udcfecd", "binary"), ("hola que tal", "juego"), ("こんにちは", "ゲーム"),
    ("¿qué tal el combate?", "acción")])
def test_ask_refuses_with_exit_2_and_no_traceback(runner, built_db, question, word):
    result = _ask(runner, built_db, question)
    assert result.exit_code == 2
    assert word in result.stderr and "Traceback" not in result.stderr + result.stdout
    assert result.stdout == ""


def test_conditional_on_a_terminal_asks_for_the_fact_and_answers_again(runner, built_db,
                                                                      monkeypatch):
    monkeypatch.setattr("cardbase.cli.rulings._interactive", lambda: True)
    result = runner.invoke(main, ["ask", "¿puedo descartar cartas en la caridad?", "--db",
                                  str(built_db)], input="sí\n")
    assert result.exit_code == 0, result.stderr
    assert "¿Eres el jugador de nivel más bajo?" in result.stdout
    assert "state.lowest_level = true" in result.stdout
    assert "✓" in result.stdout.split("¿Eres")[1]


def test_conditional_without_a_terminal_names_the_missing_fact(runner, built_db):
    result = _ask(runner, built_db, "施しで手札を捨ててもいい？", "--json")
    data = json.loads(result.stdout)
    assert data["verdict"] == "conditional" and data["missing"] == "state.lowest_level"


def test_vietnamese_tones_tell_words_apart_when_written(asker):
    with pytest.raises(Unreadable) as info:
        asker.ask("xin chào các bạn", "vi")          # bạn "you", not bán "sell"
    assert info.value.missing == "game"
    assert _facts(asker, "bạn ơi, bán đồ khi chiến đấu được không", "vi")["action.verb"] == "sell"
    assert _facts(asker, "ban do khi chien dau duoc khong", "vi")["action.verb"] == "sell"


def test_a_question_about_nothing_in_the_game_says_so(runner, built_db):
    result = _ask(runner, built_db, "こんにちは、元気？")
    assert result.exit_code == 2 and "ゲーム" in result.stderr


def test_lingua_breaks_a_tie_between_lexicons():
    from cardbase.ask.detect import detect

    assert detect("¿dónde está la biblioteca de la ciudad?", {"es": 1, "en": 1}) == "es"
    assert detect("wo ist die Bibliothek der Stadt?", {}) == "de"


def test_an_unknown_language_is_refused_with_the_known_ones(runner, built_db):
    result = _ask(runner, built_db, "puis-je vendre", "--lang", "fr")
    assert result.exit_code == 2 and "'fr'" in result.stderr and "es" in result.stderr


def test_every_fact_the_reader_may_write_is_one_the_checker_accepts():
    """The reader's vocabulary cannot drift from the query format: each fact path is a key of
    the checker's declared state or action for some game, and each closed value is one the
    checker accepts there."""
    from cardbase.ask.vocabulary import FACTS, META
    from cardbase.rules import query

    def spec_of(path: str, game: str):
        kind, _, rest = path.partition(".")
        spec = query.STATE_KEYS[game] if kind == "state" else query.ACTION_SPECS[game]
        for key in rest.split("."):
            if not isinstance(spec, dict) or key not in spec:
                return None
            spec = spec[key]
        return spec

    for path, values in FACTS.items():
        if path in META:
            continue
        specs = [s for s in (spec_of(path, game) for game in query.GAMES) if s is not None]
        assert specs, f"{path} is no key of the check query"
        if isinstance(values, tuple):
            if any(isinstance(s, tuple) and s[0] == "names" and s[1] is None for s in specs):
                continue  # free names (a race, a class), normalised by the checker itself
            accepted = {v for s in specs if isinstance(s, tuple) and s[0] in ("one of", "names")
                        for v in s[1] or ()}
            assert set(values) <= accepted, (path, sorted(set(values) - accepted))
