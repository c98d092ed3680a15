"""Answering a question: every rule that applies, under every rulebook asked, combined.

For each rulebook of the game (or the one the query names) the engine asks each rule that the
rulebook states for its outcome, sets aside the rules that an applicable, more specific rule
overrides, and combines the rest: ``forbidden`` if any rule forbids (every such rule is listed),
else ``conditional`` if any rule makes it depend on something (with every condition), else
``allowed`` if a rule allows it. When no rule of a rulebook covers the action, its verdict is
``conditional`` and the answer says the rulebook is silent (``covered`` is false); a rulebook whose
rules both allow and forbid, neither overriding the other, contradicts itself: ``conditional``,
both passages quoted. Where the rulebooks disagree, the answer says so: the top
verdict is the named rulebook's (the others' verdicts are added where they differ), or
``conditional`` when none was named.

Each deciding rule comes with its statement in the asker's language and its citations, exact
quotes located in the ingested sections; quotes in the asker's language come first.
"""

from __future__ import annotations

import sqlite3

from .. import i18n
from ..errors import QueryError
from ..i18n import _
from ..storage import queries
from .model import (ALLOWED, CONDITIONAL, FORBIDDEN, PARAMETERS, Outcome, Rule, judges_of,
                    N_, encoded_rulebooks, load_rules, points_unstated)
from .query import Situation
from .recall import Recall



class RulebookVerdict:
    """The verdict of one rulebook, the rules that decide it, and the rules set aside."""

    __slots__ = ("rulebook", "verdict", "deciding", "conflicts", "set_aside")

    def __init__(self, rulebook: str, verdict: str,
                 deciding: list[tuple[Rule, Outcome]] | None = None,
                 conflicts: list[tuple[Rule, Rule]] | None = None,
                 set_aside: list[tuple[Rule, Outcome]] | None = None):
        self.rulebook = rulebook
        self.verdict = verdict
        self.deciding = deciding if deciding is not None else []
        self.conflicts = conflicts if conflicts is not None else []
        #: rules whose forbidding or condition a more specific rule set aside (cards over rules)
        self.set_aside = set_aside if set_aside is not None else []

    @property
    def covered(self) -> bool:
        return bool(self.deciding)


def judge(situation: Situation, rulebook: str, rules: list[Rule] | None = None) -> RulebookVerdict:
    """The verdict of one rulebook, with the rules that decide it.

    A rule that allows and another that forbids, neither a restriction of the other nor
    overriding it, mean the rulebook contradicts itself here: the verdict is ``conditional`` and
    both sides decide it, so both passages are quoted.
    """
    if rules is None:  # the rules the rulebook states, for this verb
        outcomes = [(rule, outcome) for rule, judge_ in
                    judges_of(situation.game, situation.verb, rulebook)
                    if (outcome := judge_(situation, rulebook)) is not None]
    else:
        outcomes = [(rule, outcome) for rule in rules if rulebook in rule.citations
                    and (outcome := rule.judge(situation, rulebook)) is not None]
    if not outcomes:
        return RulebookVerdict(rulebook, CONDITIONAL)
    if len(outcomes) == 1:  # one rule decides: nothing to set aside, nothing to contradict
        if outcomes[0][1].verdict == ALLOWED:
            unstated = _unstated_points(situation, rulebook)
            if unstated:
                return RulebookVerdict(rulebook, CONDITIONAL, outcomes + unstated, [], [])
        return RulebookVerdict(rulebook, outcomes[0][1].verdict, outcomes, [], [])
    set_aside = []
    overridden = {target for rule, _ in outcomes for target in rule.overrides}
    if overridden:
        if "*" in overridden:
            kept = [(r, o) for r, o in outcomes if "*" in r.overrides]
        else:
            kept = [(r, o) for r, o in outcomes if r.id not in overridden]
        set_aside = [(r, o) for r, o in outcomes if (r, o) not in kept and o.verdict != ALLOWED]
        outcomes = kept
    forbidding, depending, allowing = [], [], []
    by_verdict = {FORBIDDEN: forbidding, CONDITIONAL: depending, ALLOWED: allowing}
    for pair in outcomes:
        by_verdict[pair[1].verdict].append(pair)
    if allowing and forbidding:
        conflicts = [(a, f) for a, _ in allowing for f, _ in forbidding
                     if not f.restriction and not a.restriction]
        if conflicts:
            sides = {r.id for pair in conflicts for r in pair}
            deciding = [(r, o) for r, o in outcomes if r.id in sides]
            return RulebookVerdict(rulebook, CONDITIONAL, deciding, conflicts, set_aside)
    for verdict, pairs in ((FORBIDDEN, forbidding), (CONDITIONAL, depending),
                           (ALLOWED, allowing)):
        if pairs:
            if verdict == ALLOWED:
                unstated = _unstated_points(situation, rulebook)
                if unstated:
                    return RulebookVerdict(rulebook, CONDITIONAL, pairs + unstated, [], set_aside)
            return RulebookVerdict(rulebook, verdict, pairs, [], set_aside)
    return RulebookVerdict(rulebook, CONDITIONAL, [], [], set_aside)


#: the condition of a move a rulebook's rules allow but on whose point it states nothing
UNSTATED = N_("{rulebook} has no sentence on this point, which other rulebooks of the game family "
             "decide")


def _unstated_points(situation: Situation, rulebook: str) -> list[tuple[Rule, Outcome]]:
    """The rules answering a point ``rulebook`` says nothing on that would deny the move (judged
    with the rulebook's own parameters): each makes the allowed move depend on that point."""
    found = []
    for rule in points_unstated(situation.game, situation.verb, rulebook):
        outcome = rule.judge(situation, rulebook)
        if outcome is not None and outcome.verdict != ALLOWED:
            found.append((rule, Outcome(CONDITIONAL, UNSTATED, (("rulebook", rulebook),))))
    return found


class Citer:
    """Every rule's quotes with the section that holds them, read once per database.

    The build locates each quote (``rule_citations``); a ``Citer`` answers from memory, so a
    question costs no database round trip for its citations. The quotes of the first few rules
    cited are read rule by rule (a command that answers one question cites a handful); past
    ``READ_RULE_BY_RULE`` rules, all the rest are read in one query.
    """

    _by_connection: dict[int, tuple[sqlite3.Connection, "Citer"]] = {}
    #: how many rules' quotes are read one rule at a time before all are read at once
    READ_RULE_BY_RULE = 8

    def __init__(self, conn: sqlite3.Connection | None):
        self.conn = conn
        self._cache: dict[tuple[str, str], dict] = {}
        self._langs: dict[str, str] = {}
        self._rules_read: set[str] | None = None  # None: every quote is read (or no database)
        self._explained: dict = {}
        # two generations of remembered answers (see ``remember``)
        self._answers: dict = {}
        self._older: dict = {}
        self._books: dict[str, str] | None = None
        self._of_game: dict[str, list[str]] = {}
        self._unaccounted: dict[str, tuple[int, int]] = {}
        if conn is not None:
            self._langs = queries.rulebook_langs(conn)
            self._rules_read = set()

    def read_quotes_of(self, rule_id: str) -> None:
        """Have the quotes of ``rule_id`` in memory (and every rule's, past a few rules)."""
        read = self._rules_read
        if read is None or rule_id in read:
            return
        if len(read) >= self.READ_RULE_BY_RULE:
            self._rules_read = None
            self._add(queries.rule_citation_rows(self.conn))
        else:
            read.add(rule_id)
            self._add(queries.rule_citation_rows_of(self.conn, rule_id))

    def _add(self, rows) -> None:
        for _rule, rulebook, quote, ref, heading, *_span in rows:
            self._cache.setdefault((rulebook, quote), {
                "rulebook": rulebook, "lang": self._langs.get(rulebook), "section": ref,
                "heading": heading, "quote": quote})

    @classmethod
    def of(cls, conn: sqlite3.Connection) -> "Citer":
        """The ``Citer`` of ``conn``, made on first use (connections cannot be weakly held: the
        connection is kept beside it so its id is not reused while it lives)."""
        held = cls._by_connection.get(id(conn))
        if held is None or held[0] is not conn:
            held = (conn, cls(conn))
            cls._by_connection[id(conn)] = held
        return held[1]

    #: how many answers a connection remembers at least (and at most twice as many; the oldest
    #: are forgotten first)
    ANSWERS_KEPT = 4096
    #: how many answers put together from verdicts a connection remembers (then forgets all)
    EXPLAINED_KEPT = 65536

    @property
    def explained(self) -> dict:
        """Answers by the verdicts they explain (see ``answer``)."""
        return self._explained

    def explain(self, key, result: dict) -> None:
        explained = self.explained
        if len(explained) >= self.EXPLAINED_KEPT:
            explained.clear()
        explained[key] = result

    def remembered(self, key) -> dict | None:
        """The answer remembered for ``key``, or ``None``."""
        found = self._answers.get(key)
        return found if found is not None else self._older.get(key)

    def remember(self, key, result: dict) -> None:
        # two generations: when the newer is full it becomes the older and the older is
        # forgotten (deleting the oldest entry one by one makes a dictionary scan its holes)
        if len(self._answers) >= self.ANSWERS_KEPT:
            self._older, self._answers = self._answers, {}
        self._answers[key] = result

    def books(self) -> dict[str, str]:
        """Rulebook id → game, read once."""
        if self._books is None:
            self._books = queries.rulebook_games(self.conn)
        return self._books

    def unaccounted(self, rulebook: str) -> tuple[int, int]:
        """How many of ``rulebook``'s rule sentences are unaccounted for, of how many (read once;
        (0, 0) without a database)."""
        found = self._unaccounted.get(rulebook)
        if found is None:
            found = (0, 0)
            if self.conn is not None:
                from .coverage import unaccounted

                found = unaccounted(self.conn, rulebook)
            self._unaccounted[rulebook] = found
        return found

    def rulebooks_of(self, game: str) -> list[str]:
        """The ids of the rulebooks of ``game`` (of ``books``), in their order there."""
        found = self._of_game.get(game)
        if found is None:
            found = self._of_game[game] = [rb for rb, g in self.books().items() if g == game]
        return found

    def lang(self, rulebook: str) -> str | None:
        return self._langs.get(rulebook)

    def cite(self, rulebook: str, quote: str) -> dict:
        key = (rulebook, quote)
        entry = self._cache.get(key)
        if entry is None and self._rules_read is not None:
            self._rules_read = None  # a quote not read with its rule: read them all
            self._add(queries.rule_citation_rows(self.conn))
            entry = self._cache.get(key)
        if entry is None:
            # a quote the build did not record (a database older than the rules): look it up
            entry = {"rulebook": rulebook, "lang": self._langs.get(rulebook), "section": None,
                     "heading": None, "quote": quote}
            if self.conn is not None:
                row = queries.section_quoting(self.conn, rulebook, quote)
                if row:
                    entry["section"], entry["heading"] = row[0], row[1]
            self._cache[key] = entry
        return dict(entry)


def _explain(rule: Rule, outcome: Outcome, citer: Citer, rulebooks: list[str],
             lang: str | None) -> dict:
    citations = []
    citer.read_quotes_of(rule.id)
    for rulebook in rulebooks:
        for quote in rule.citations.get(rulebook, ()):
            citations.append(citer.cite(rulebook, quote))
    if len(citations) > 1:
        citations.sort(key=lambda c: (c["lang"] != lang, rulebooks.index(c["rulebook"])))
    entry = {"rule": rule.id, "says": _(rule.statement), "verdict": outcome.verdict,
             "citations": citations}
    if outcome.condition:
        entry["condition"] = _(outcome.condition, **outcome.condition_values())
    return entry


def _check_derived_level(situation: Situation, rulebooks: list[str]) -> None:
    """A ``to_level`` that disagrees with what follows from ``level`` and the action is a query
    that contradicts itself."""
    given = situation.action.get("to_level")
    if given is None:
        return
    load_rules(situation.game)  # the rates are the rulebooks' edition parameters
    for rulebook in rulebooks:
        rate = PARAMETERS.get(rulebook, {}).get("gold_per_level")
        derived = situation.derived_to_level(rate)
        if derived is not None and derived != given:
            raise QueryError(_("action.to_level: {given} contradicts the other facts, which lead "
                               "to level {derived} under {rulebook}", given=given,
                               derived=derived, rulebook=rulebook))


#: the verdicts of this process, remembered by the facts their rules read (the first question
#: of each kind is judged at once: a command that asks one question notes nothing)
RECALL = Recall(first_noted=2)


def _add_once(conditions: list[str], condition: str) -> None:
    """Two rules (or rulebooks) that make a move depend on the same thing say it once."""
    if condition not in conditions:
        conditions.append(condition)


def answer(situation: Situation, rulebooks: list[str], citer: Citer,
           lang: str | None = None) -> dict:
    """The answer in the public format: verdict, because, conditions, covered, by_rulebook.

    A question's verdicts come from ``RECALL`` (the rules run only for facts not met before),
    and the answer put together from the same verdicts, card, rulebooks and language is
    remembered by the ``citer``: a new question costs reading its facts. A situation of another
    kind (the decision diagrams' explored ones) is judged and explained afresh each time.
    """
    if type(situation) is not Situation:
        _check_derived_level(situation, rulebooks)
        return _answer(situation, rulebooks, {rb: judge(situation, rb) for rb in rulebooks},
                       citer, lang)
    return dict(shared_answer(situation, rulebooks, citer, lang))


def answer_from(situation: Situation, rulebooks: list[str], verdicts: dict, citer: Citer,
                lang: str | None = None) -> dict:
    """``answer`` from each rulebook's verdict already judged (``judge``): a caller putting the
    answer of one situation together for several languages, or for each rulebook asked, judges
    it once."""
    _check_derived_level(situation, rulebooks)
    return _answer(situation, rulebooks, verdicts, citer, lang)


def shared_answer(situation: Situation, rulebooks: list[str], citer: Citer,
                  lang: str | None = None) -> dict:
    """``answer`` for a ``Situation``, as the object the ``citer`` remembers: a caller that
    changes it copies it first."""
    _check_derived_level(situation, rulebooks)
    verdict = RECALL.verdict
    verdicts = tuple([verdict(situation, rb, judge) for rb in rulebooks])
    card = situation.card
    key = (situation.rulebook, verdicts,
           (card["id"], card["name"], card["type"]) if card else None, lang,
           i18n._translations())
    found = citer.explained.get(key)
    if found is None:
        found = _answer(situation, rulebooks, dict(zip(rulebooks, verdicts)), citer, lang)
        citer.explain(key, found)
    return found


def _answer(situation: Situation, rulebooks: list[str], verdicts: dict, citer: Citer,
            lang: str | None) -> dict:
    encoded = encoded_rulebooks(situation.game)
    # a rulebook no rule cites is not encoded: it takes no part in a verdict over several
    not_encoded = [rb for rb in rulebooks if rb not in encoded]
    asked = [situation.rulebook] if situation.rulebook else (
        [rb for rb in rulebooks if rb in encoded] or rulebooks)
    unknown = False  # a rulebook's silence that is only the checker's not reading it
    by_rulebook = {rb: verdicts[rb].verdict for rb in asked}
    if situation.rulebook:
        top = by_rulebook[situation.rulebook]
    else:
        distinct = set(by_rulebook.values())
        top = distinct.pop() if len(distinct) == 1 else CONDITIONAL
    because, conditions, seen = [], [], set()
    for rb in asked:
        verdict = verdicts[rb]
        if verdict.conflicts:
            conditions.append(_("{rulebook} contradicts itself here: {rules}", rulebook=rb,
                                rules=", ".join(sorted({r.id for pair in verdict.conflicts
                                                        for r in pair}))))
        for rule, outcome in verdict.deciding:
            if rule.id in seen:
                continue
            seen.add(rule.id)
            # a question about one rulebook rests on that rulebook's passages: another edition's
            # may state another number (a Dwarf's hand limit) and contradict the verdict
            citing = [r for r in ([situation.rulebook] if situation.rulebook else rulebooks)
                      if r in rule.citations]
            entry = _explain(rule, outcome, citer, citing, lang)
            set_aside = [r.id for r, _o in verdict.set_aside]
            if set_aside:
                entry["overrides"] = set_aside
            because.append(entry)
            if outcome.condition:
                _add_once(conditions, _(outcome.condition, **outcome.condition_values()))
        if not verdict.deciding:
            missing, sentences = ((None, None) if rb not in encoded
                                  else citer.unaccounted(rb))
            if rb not in encoded:
                unknown = True
                conditions.append(_("{rulebook}: no rule of the checker reads this rulebook yet; "
                                    "what it says here is not known", rulebook=rb))
            elif missing:
                unknown = True
                conditions.append(_("{rulebook}: no rule decides this situation, but {missing} of "
                                    "its {sentences} sentences are not accounted for yet; the "
                                    "rulebook is not known to be silent", rulebook=rb,
                                    missing=missing, sentences=sentences))
            else:
                conditions.append(_("{rulebook}: no rule of this rulebook says anything about "
                                    "this situation; the rulebook is silent", rulebook=rb))
            if situation.card:
                _add_once(conditions, _("the text of {card} may decide it",
                                        card=situation.card["name"]))
    if not situation.rulebook and len(set(by_rulebook.values())) > 1:
        conditions.insert(0, _("the rulebooks disagree: {verdicts}", verdicts=", ".join(
            f"{rb} {v}" for rb, v in by_rulebook.items())))
    result = {"verdict": top, "covered": all(verdicts[rb].covered for rb in asked),
              "because": because, "conditions": conditions, "by_rulebook": by_rulebook}
    if not result["covered"]:
        result["reason"] = "not_encoded" if unknown else "silent"
    if not_encoded:
        result["not_encoded"] = not_encoded
    others = {rb: v.verdict for rb, v in verdicts.items()
              if rb not in asked and rb not in not_encoded}
    if situation.rulebook and any(v != top for v in others.values()):
        # the named rulebook decides; the other editions' answers are shown, not hidden
        result["other_rulebooks"] = others
    if situation.card:
        result["card"] = {"id": situation.card["id"], "name": situation.card["name"],
                          "type": situation.card["type"]}
    return result
