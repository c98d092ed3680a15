"""What a rule is: an id, a statement, citations per rulebook, and a judgement.

A rule's ``judge`` looks at a ``Situation`` (and at the parameters of the rulebook's edition) and
returns an ``Outcome``: the rule allows the action, forbids it, makes it depend on something the
query does not say (``conditional``, with the condition), or has nothing to say (``None``). A rule
applies under a rulebook only when that rulebook states it: the citations are the rule's
jurisdiction, so every verdict rests on text a reader can check. ``overrides`` names the general
rules a specific one sets aside (one-shot items are the exception to "no items in combat"); a
``restriction`` (a prerequisite or a limit) narrows what other rules allow rather than
contradicting them. ``counterparts`` names, for a rule some editions state and others do not,
the rules in which those others say something else on the same point (for ``cardbase diff``).
``point`` names the question a rule answers where a game's rulebook may have lost its sentence on
it (how the winning level may be reached): a rulebook that states no rule on a point its game's
rules answer says nothing there, so what its other rules allow is not the whole answer. A quote
the rule decides only in part is written ``partial(quote, lacks=...)``: ``lacks`` names the fact
of the sentence the rule cannot see (combat strengths, how long a curse lasts), and coverage
counts that sentence ``partial``, not ``encoded``.
"""

from __future__ import annotations

from typing import Callable

ALLOWED, FORBIDDEN, CONDITIONAL = "allowed", "forbidden", "conditional"
N_ = lambda message: message  # noqa: E731  (marks a message id for extraction)
#: the verdicts as words shown to players (extracted for translation)
VERDICT_WORDS = {ALLOWED: N_("allowed"), FORBIDDEN: N_("forbidden"), CONDITIONAL: N_("conditional")}


# Outcome and Rule are plain classes with __slots__, not dataclasses: building a dataclass runs
# generated code at import, and every ``cardbase check`` imports this module.
class Outcome:
    """What one rule says about a situation: a verdict, and for ``conditional`` its condition."""

    __slots__ = ("verdict", "condition", "values")

    def __init__(self, verdict: str, condition: str | None = None, values: tuple = ()):
        self.verdict = verdict
        self.condition = condition  # message id of the condition, for ``conditional``
        self.values = values        # placeholder values for the condition's message

    def _key(self) -> tuple:
        return self.verdict, self.condition, self.values

    def __eq__(self, other) -> bool:
        return isinstance(other, Outcome) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Outcome({self.verdict!r}, {self.condition!r}, {self.values!r})"

    def condition_values(self) -> dict:
        return dict(self.values)


ALLOW = Outcome(ALLOWED)
FORBID = Outcome(FORBIDDEN)


class Partial(str):
    """A quote its rule decides only in part; ``lacks`` (a message id) names the fact of the
    sentence the rule cannot see. It is the quote itself everywhere a quote is read."""

    def __new__(cls, quote: str, lacks: str):
        made = super().__new__(cls, quote)
        made.lacks = lacks
        return made

    def __reduce__(self):
        return Partial, (str(self), self.lacks)


def partial(quote: str, *, lacks: str) -> Partial:
    """A citation decided only in part: ``lacks`` is the missing fact, in a few words (``N_``)."""
    if not lacks or not lacks.strip():
        raise ValueError(f"a partial citation names the fact its rule lacks: {quote!r}")
    return Partial(quote, lacks)


def lacks(quote: str) -> str | None:
    """The fact a citation's rule cannot see, or ``None`` for a citation decided whole."""
    return getattr(quote, "lacks", None)


def depends(condition: str, **values) -> Outcome:
    return Outcome(CONDITIONAL, condition, tuple(sorted(values.items())))


class Rule:
    """A rule: its id, games, statement, the quotes of each rulebook stating it, its judgement."""

    __slots__ = ("id", "games", "statement", "citations", "judge", "overrides", "restriction",
                 "verbs", "counterparts", "point")

    def __init__(self, id: str, games: tuple[str, ...], statement: str,  # noqa: A002
                 citations: dict[str, tuple[str, ...]], judge: Callable,
                 overrides: tuple[str, ...] = (), restriction: bool = False,
                 verbs: tuple[str, ...] | None = None, counterparts: tuple[str, ...] = (),
                 point: str | None = None):
        self.id = id
        self.games = games
        self.statement = statement    # English message id, translated through gettext
        self.citations = citations    # rulebook id -> exact quotes of its repaired text
        self.judge = judge
        self.overrides = overrides
        #: a restriction adds a condition to whatever allows a move (a prerequisite, a limit);
        #: its "forbidden" does not contradict a permission, it narrows it
        self.restriction = restriction
        #: the verbs the rule judges (``None``: any verb; ``()``: none, the rule decides fights)
        self.verbs = verbs
        #: where another edition says otherwise on this point: the rules that state its version
        self.counterparts = counterparts
        #: the question the rule answers, for a rulebook of its game that states nothing on it
        self.point = point

    def __repr__(self) -> str:
        return f"Rule({self.id!r})"

    def applies_to(self, rulebook_id: str) -> bool:
        return rulebook_id in self.citations


REGISTRY: list[Rule] = []
#: each rulebook's edition parameters (starting cards, hand limits, rates), filled by the game
#: modules; a rule reads its rulebook's own values, never another rulebook's
PARAMETERS: dict[str, dict] = {}


def rule(rule_id: str, games: tuple[str, ...] | str, statement: str, *,
         cite: dict[str, str | tuple[str, ...]], overrides: tuple[str, ...] = (),
         restriction: bool = False, verbs: tuple[str, ...] | None = None,
         counterparts: tuple[str, ...] = (), point: str | None = None):
    """Declare a rule: the decorated function is its judgement."""
    if isinstance(games, str):
        games = (games,)

    def register(judge: Callable) -> Callable:
        citations = {rb: (q,) if isinstance(q, str) else tuple(q) for rb, q in cite.items()}
        REGISTRY.append(Rule(rule_id, tuple(games), statement, citations, judge, overrides,
                             restriction, None if verbs is None else tuple(verbs),
                             tuple(counterparts), point))
        return judge

    return register


_LOADED: set[str] = set()


def rules_for(game: str) -> list[Rule]:
    """The rules of ``game``: importing the rule modules its declaration names registers them (a
    question about one game imports that game's rules only)."""
    load_rules(game)
    return [r for r in REGISTRY if game in r.games]


def load_rules(game: str) -> None:
    """Import the rule modules of ``game`` (once): its rules and its rulebooks' edition
    ``PARAMETERS`` are registered."""
    if game not in _LOADED:
        import importlib

        from .. import games

        declared = games.known(game)
        for module in declared.rules if declared is not None else ():
            # a plain name is a module of this package; a dotted one is imported as written
            importlib.import_module(module if "." in module else f"{__package__}.{module}")
        _LOADED.add(game)


_BY_VERB: dict[tuple[str, str, str], list[Rule]] = {}


def rules_judging(game: str, verb: str, rulebook: str) -> list[Rule]:
    """The rules of ``game`` that ``rulebook`` states and that judge ``verb`` (declared for it or
    for any verb), in declaration order; computed once per (game, verb, rulebook)."""
    key = (game, verb, rulebook)
    found = _BY_VERB.get(key)
    if found is None:
        found = [r for r in rules_for(game)
                 if rulebook in r.citations and (r.verbs is None or verb in r.verbs)]
        _BY_VERB[key] = found
    return found


_JUDGES: dict[tuple[str, str, str], tuple[tuple[Rule, Callable], ...]] = {}


def judges_of(game: str, verb: str, rulebook: str) -> tuple[tuple[Rule, Callable], ...]:
    """``rules_judging`` as (rule, its judgement) pairs, for the engine's loop."""
    key = (game, verb, rulebook)
    found = _JUDGES.get(key)
    if found is None:
        found = _JUDGES[key] = tuple((r, r.judge) for r in rules_judging(game, verb, rulebook))
    return found


_UNSTATED: dict[tuple[str, str, str], tuple[Rule, ...]] = {}


def points_unstated(game: str, verb: str, rulebook: str) -> tuple[Rule, ...]:
    """The rules of ``game`` judging ``verb`` that answer a ``point`` on which ``rulebook``
    states no rule: where one of them would deny what the rulebook's own rules allow, the
    rulebook does not settle the question. Computed once per (game, verb, rulebook)."""
    key = (game, verb, rulebook)
    found = _UNSTATED.get(key)
    if found is None:
        every = rules_for(game)
        stated = {r.point for r in every if r.point and rulebook in r.citations}
        found = _UNSTATED[key] = tuple(
            r for r in every if r.point and r.point not in stated
            and (r.verbs is None or verb in r.verbs))
    return found


_ENCODED: dict[str, frozenset] = {}


def encoded_rulebooks(game: str) -> frozenset:
    """The rulebooks some rule of ``game`` cites: a rulebook of the game that none cites is not
    encoded (its sentences are read by no rule), which is not the same as saying nothing."""
    found = _ENCODED.get(game)
    if found is None:
        found = _ENCODED[game] = frozenset(rb for r in rules_for(game) for rb in r.citations)
    return found
