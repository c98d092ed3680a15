"""``cardbase ask``: a rules question in plain words, read into a check query and answered.

``Asker`` holds what reading needs (a ``Reader`` per language, built on first use from the
lexicon in ``data/lexicon/`` and the card database's names) so that many questions can be asked
in one process; ``ask`` answers one. The answer follows ``spec/ask.md``: the question, its
language, the query, each fact read with its words, the checker's verdict, rules and conditions,
and the words not understood. A question that cannot be read raises ``Unreadable`` with the
message in the question's language.
"""

from __future__ import annotations

import copy
import sqlite3

from ..errors import QueryError

MAX_CHARS = 2000
N_ = lambda message: message  # noqa: E731  (marks a message id for extraction)


class Unreadable(QueryError):
    """The question cannot be read into a query (exit status 2)."""

    def __init__(self, message: str, lang: str | None = None, missing: str = ""):
        super().__init__(message)
        self.lang = lang
        self.missing = missing


def _message(in_lang: str | None, text: str, **values) -> str:
    """``text`` translated into ``in_lang`` (the question's language) when it is known."""
    from ..i18n import _, language

    if not in_lang:
        return _(text, **values)
    with language(in_lang):
        return _(text, **values)


class Asker:
    """Reads and answers questions against one database."""

    def __init__(self, conn: sqlite3.Connection):
        from ..storage import queries

        self.conn = conn
        self.readers: dict = {}
        self.rulebooks = [dict(r) for r in queries.rulebook_rows(conn)]
        self.books = queries.rulebook_games(conn)
        self._cards = None

    def cards(self):
        if self._cards is None:
            from ..storage import queries

            self._cards = [tuple(r) for r in queries.card_names_with_game(self.conn)]
        return self._cards

    def reader(self, lang: str):
        if lang not in self.readers:
            from .lexicon import load
            from .reader import Reader

            from ..storage import queries

            self.readers[lang] = Reader(load(lang), self.cards(),
                                        queries.term_words_with_games(self.conn, lang))
        return self.readers[lang]

    def detect(self, question: str) -> str:
        """The question's language: by its script, else by how many of its words each
        lexicon writes (see ``detect``)."""
        from .analyse import WORD
        from .detect import by_script, detect
        from .lexicon import languages, word_forms
        from .normalise import clean, fold

        script = by_script(question)
        if script:
            return script
        words = [fold(m.group()) for m in WORD.finditer(clean(question))]
        scores = {lang: sum(w in word_forms(lang) for w in words)
                  for lang in languages() if lang != "ja"}
        return detect(question, scores)

    def read(self, question: str, lang: str | None = None):
        """The language and the reading of ``question``; refuses what cannot be a question."""
        refused = _refusal(question)
        if refused:
            raise Unreadable(_message(lang, refused), lang, "question")
        lang = lang or self.detect(question)
        from .lexicon import languages

        if lang not in languages():
            raise Unreadable(_message(None, N_("no lexicon for the language {lang!r}; the "
                                               "languages are: {known}"), lang=lang,
                                      known=", ".join(languages())), None, "lang")
        return lang, self.reader(lang).read(question)

    def ask(self, question: str, lang: str | None = None, game: str | None = None,
            rulebook: str | None = None, extra: dict | None = None) -> dict:
        """Answer ``question``; ``extra`` adds facts (a dotted path -> value) given afterwards,
        such as the answer to a follow-up question."""
        from ..i18n import language
        from ..rules.checker import check
        from .answer import (build_query, choose_game, choose_rulebook, left_out, missing_fact,
                             settle)
        from .presuppose import defaults, presuppose
        from .facts import Fact

        lang, reading = self.read(question, lang)
        for key, value in (extra or {}).items():
            reading.facts.append(Fact(key, value, [], 10 ** 6, 10 ** 6, 10))
        if rulebook is not None and rulebook not in self.books:
            raise Unreadable(_message(lang, N_("no rulebook {rulebook!r}; the rulebooks are: "
                                               "{known}"), rulebook=rulebook,
                                      known=", ".join(sorted(self.books))), lang, "rulebook")
        chosen = choose_game(reading, game, self.books.get(rulebook) if rulebook else None)
        rulebook = rulebook or choose_rulebook(reading, chosen, self.rulebooks)
        query, used, dropped = build_query(reading, chosen, rulebook)
        if not reading.facts and not reading.card:
            raise Unreadable(_message(lang, N_("Nothing in the question is about the game: say "
                                               "what you want to do (play a curse, sell items, "
                                               "run away...) and when.")), lang, "game")
        if "verb" not in query["action"]:
            raise Unreadable(_message(lang, N_("I could not tell what you want to do (play, "
                                            "discard, sell, help, run away...): please say the "
                                               "action.")), lang, "action")
        verb_words = next((f.words for f in used if f.key == "action.verb"), [])
        stated = copy.deepcopy(query)
        assumed = presuppose(query, verb_words)
        # the answer (statements, conditions) in the question's language, as its quotes are,
        # whatever the interface's language
        with language(lang):
            run = lambda q: check(self.conn, q, lang, self.books)  # noqa: E731
            try:
                result = run(query)
            except QueryError:
                # what the act presupposes contradicts what the question states ("help on my
                # turn"): the question as stated is answered; facts read that the checker
                # refuses together are set aside, each listed as not read
                query, assumed = stated, []
                result, query, used, refused = settle(run, query, used)
                dropped += [w for w in refused if w not in dropped]
            missing = None
            if result["verdict"] == "conditional":
                missing = missing_fact(run, query)
            else:
                assumed += defaults(run, query, result["verdict"])
        readings = [{"key": f.key, "value": f.value, "words": f.words} for f in used]
        if "card" in query["action"] and reading.card:
            readings.append({"key": "action.card", "value": query["action"]["card"],
                             "words": reading.card["words"]})
        unread = list(dict.fromkeys(reading.unread + left_out(reading, chosen) + dropped))
        return {"question": question, "lang": lang, "query": query, "readings": readings,
                "verdict": result["verdict"], "because": result["because"],
                "conditions": result["conditions"], "by_rulebook": result["by_rulebook"],
                "covered": result.get("covered", bool(result["because"])),
                "missing": missing, "unread": unread, "complete": not unread,
                "assumed": assumed}


def _refusal(question) -> str | None:
    """Why ``question`` is no question at all (empty, huge, binary), or ``None``."""
    if not isinstance(question, str) or not question.strip():
        return N_("the question is empty: write what you want to do, and when")
    if len(question) > MAX_CHARS:
        return N_("the question is too long: ask one thing in a sentence or two")
    bad = sum(1 for ch in question if ch == "\ufffd" or "\ud800" <= ch <= "\udfff"
              or (ord(ch) < 32 and ch not in "\t\n\r"))
    if bad:
        return N_("the question is not text: it holds binary data")
    return None


def ask(conn: sqlite3.Connection, question: str, lang: str | None = None,
        game: str | None = None, rulebook: str | None = None) -> dict:
    """Answer one question (see ``Asker.ask``)."""
    return Asker(conn).ask(question, lang, game, rulebook)
