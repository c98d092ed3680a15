"""Compiling the checker into decision diagrams, so that a page can answer without Python.

A form offers a closed list of values for each query key it has (``FormField``). For each game and
verb, every rule's judgement under every rulebook is explored over those values: the rule is run
on a situation whose fields are chosen only when the rule reads them, so each rule becomes a small
decision tree over the few fields it reads. The trees (with the state checks that refuse a
contradictory situation, and whether a card is named) are combined into one ordered, reduced
decision diagram whose leaves are the tuples of every rule's outcome. Each distinct leaf is then
answered once by the engine itself (``engine.answer`` on a situation that reaches it), in every
language asked for. Walking the diagram with a form's values therefore gives what ``check``
answers for the same query: the rules exist once, here in Python, and what is exported is their
table, never a second implementation.
"""

from __future__ import annotations

from typing import Callable, Iterable

from .. import games
from ..errors import CardbaseError, QueryError
from ..games.vocabulary import VERBS
from ..i18n import _
from .engine import Citer, answer, answer_from, judge
from .model import points_unstated, rules_judging
from .query import Situation, _contradictions

#: a field left empty: the key is not in the query
ABSENT = None
#: stands for the named card's name in an answer; the page writes the card the reader chose
CARD_MARK = "\u2063card\u2063"


class FormField:
    """One field of the form: the query key it sets (``state.level``) and the values it offers,
    empty first when the field may be left empty."""

    __slots__ = ("key", "values")

    def __init__(self, key: str, values: tuple):
        self.key = key
        self.values = values

    def __repr__(self) -> str:
        return f"FormField({self.key!r}, {len(self.values)} values)"


#: where the form stops offering numbers whose range is open (a hand of 100 cards is legal)
FORM_NUMBERS = {"state.hand_size": (0, 15), "state.big_items": (0, 5), "action.count": (1, 10),
                "action.gold": (0, 3000, 100), "state.armies": (0, 5),
                "state.cards_played": (0, 6), "state.play_again_pending": (0, 3),
                "action.damage": (0, 6)}
#: the order in which the diagram tests the keys the form offers (the page's order is its own):
#: the keys that change most of what the rules say come first, which keeps the diagram small; a
#: key a game's declaration adds that is not listed here is tested after these
FORM_KEYS = (
    "action.reason", "state.dead", "state.phase", "state.my_turn", "state.role", "action.from",
    "action.one_shot", "action.card_type", "action.card", "action.target", "action.big",
    "action.slot", "action.deck", "action.face", "state.race", "state.class",
    "state.half_breed", "state.super_munchkin", "state.lowest_level",
    "state.died_since_my_last_turn", "state.alliance", "state.armies", "state.level",
    "state.hand_size", "state.big_items", "action.gold", "action.count", "action.roll",
    "state.hit_points", "state.play_again_pending", "state.cards_played", "state.players_left",
    "state.monster_controlled", "state.controller", "state.minion_play_used",
    "state.munchkin_base_in_play", "action.damage", "action.target_scope", "action.toward",
    "action.trigger",
)


def form_keys(game: str) -> list[tuple[str, object]]:
    """The keys the form offers for ``game`` with what each accepts, in the diagram's order: the
    state keys its declaration asks (``form_state``) and the action keys of ``FORM_KEYS`` it has."""
    declared = games.get(game)
    actions = declared.action_keys()
    offered = {f"state.{key}": declared.state[key] for key in declared.form_state}
    offered.update((key, actions[key.split(".", 1)[1]]) for key in FORM_KEYS
                   if key.startswith("action.") and key.split(".", 1)[1] in actions)
    order = {key: number for number, key in enumerate(FORM_KEYS)}
    return sorted(offered.items(), key=lambda item: order.get(item[0], len(order)))


def form_fields(game: str, cards: Iterable[str] = ()) -> list[FormField]:
    """The fields the form offers for ``game``, with their values, read from the same
    declaration ``parse_query`` checks against."""
    fields = []
    for key, spec in form_keys(game):
        if key == "action.card":
            names = tuple(cards)
            if names:
                fields.append(FormField(key, (ABSENT,) + names))
        elif spec is bool:
            fields.append(FormField(key, (ABSENT, True, False)))
        elif isinstance(spec, tuple) and spec[0] == "int":
            low, high, *step = FORM_NUMBERS.get(key, (spec[1], spec[2]))
            low, high = max(low, spec[1]), min(high, spec[2])
            fields.append(FormField(key, (ABSENT,) + tuple(range(low, high + 1, *step))))
        elif isinstance(spec, tuple) and spec[0] in ("one of", "names") and spec[1]:
            fields.append(FormField(key, (ABSENT,) + tuple(spec[1])))
    return fields


# --- exploring one judgement ----------------------------------------------------------------------

class _NotTraceable(Exception):
    """A judgement read its situation in a way that cannot be explored field by field."""


class _Chooser:
    """Gives each field a value the first time it is read: the next one of a forced path, else
    the field's first value; records the order of the reads (the path taken)."""

    __slots__ = ("fields", "forced", "trace", "values")

    def __init__(self, fields: dict[str, tuple[int, FormField]], forced: list[int]):
        self.fields = fields
        self.forced = forced
        self.trace: list[tuple[int, int, int]] = []  # (field number, value index, how many)
        self.values: dict[str, object] = {}

    def value(self, key: str):
        if key in self.values:
            return self.values[key]
        found = self.fields.get(key)
        if found is None:
            value = ABSENT
        else:
            number, field = found
            at = len(self.trace)
            index = self.forced[at] if at < len(self.forced) else 0
            self.trace.append((number, index, len(field.values)))
            value = field.values[index]
        self.values[key] = value
        return value


class _Fixed(_Chooser):
    """A chooser whose values are all given (a witness of a leaf)."""

    def __init__(self, values: dict[str, object]):
        super().__init__({}, [])
        self.values = dict(values)

    def value(self, key: str):
        return self.values.get(key, ABSENT)


class _Lazy(dict):
    """The ``state`` or ``action`` of an explored situation: each key is chosen when read."""

    __slots__ = ("_chooser", "_prefix")

    def __init__(self, chooser: _Chooser, prefix: str):
        super().__init__()
        self._chooser, self._prefix = chooser, prefix

    def get(self, key, default=None):
        value = self._chooser.value(self._prefix + key)
        return default if value is ABSENT else value

    def __getitem__(self, key):
        value = self._chooser.value(self._prefix + key)
        if value is ABSENT:
            raise KeyError(key)
        return value

    def __contains__(self, key) -> bool:
        return self._chooser.value(self._prefix + key) is not ABSENT

    def _whole(self, *args, **kwargs):
        raise _NotTraceable(f"a judgement reads the whole of {self._prefix.rstrip('.')}")

    __iter__ = keys = items = values = __len__ = __bool__ = copy = __eq__ = __hash__ = _whole


class _Explored(Situation):
    """A situation whose fields are chosen as they are read."""

    def __init__(self, game: str, rulebook: str | None, chooser: _Chooser,
                 cards: dict[str, dict], card_name: str | None = None):
        self.game, self.rulebook = game, rulebook
        self.state, self.action = _Lazy(chooser, "state."), _Lazy(chooser, "action.")
        self._chooser, self._cards, self._card_name = chooser, cards, card_name

    @property
    def verb(self) -> str:
        return self._chooser.value("action.verb")

    @property
    def card(self) -> dict | None:
        name = self._chooser.value("action.card")
        if name is ABSENT:
            return None
        card = self._cards[name]
        return card if self._card_name is None else dict(card, name=self._card_name)


# --- trees and diagrams -------------------------------------------------------------------------

class _Nodes:
    """Hash-consed nodes: a leaf ``("leaf", value)`` or ``(field number, children)``; a node whose
    children are all the same is that child (the field does not matter there)."""

    def __init__(self):
        self.nodes: list[tuple] = []
        self._ids: dict[tuple, int] = {}
        self._support: dict[int, frozenset] = {}

    def leaf(self, value) -> int:
        return self._intern(("leaf", value))

    def node(self, field: int, children: tuple[int, ...]) -> int:
        if all(child == children[0] for child in children):
            return children[0]
        return self._intern((field, children))

    def _intern(self, key: tuple) -> int:
        found = self._ids.get(key)
        if found is None:
            found = self._ids[key] = len(self.nodes)
            self.nodes.append(key)
        return found

    def is_leaf(self, n: int) -> bool:
        return self.nodes[n][0] == "leaf"

    def support(self, n: int) -> frozenset:
        """The fields tested anywhere under ``n``."""
        found = self._support.get(n)
        if found is None:
            field, children = self.nodes[n]
            found = frozenset() if field == "leaf" else frozenset({field}).union(
                *(self.support(c) for c in children))
            self._support[n] = found
        return found


def _explore(judgement: Callable[[_Chooser], object], fields: dict[str, tuple[int, FormField]],
             nodes: _Nodes) -> tuple[int, set[int]]:
    """The decision tree of ``judgement`` (every path of reads, depth first) and the numbers of
    the fields it read on some path."""
    paths: list[tuple[list[tuple[int, int, int]], object]] = []
    forced: list[int] = []
    while True:
        chooser = _Chooser(fields, forced)
        paths.append((chooser.trace, judgement(chooser)))
        trace = chooser.trace
        forced = [index for _field, index, _n in trace]
        while forced and forced[-1] + 1 >= trace[len(forced) - 1][2]:
            forced.pop()
        if not forced:
            break
        forced[-1] += 1

    def build(depth: int, start: int, end: int) -> int:
        trace, value = paths[start]
        if len(trace) == depth:
            return nodes.leaf(value)
        field, _index, count = trace[depth]
        children, at = [], start
        for index in range(count):
            stop = at
            while stop < end and paths[stop][0][depth][1] == index:
                stop += 1
            children.append(build(depth + 1, at, stop))
            at = stop
        return nodes.node(field, tuple(children))

    read = {field for trace, _value in paths for field, _index, _n in trace}
    return build(0, 0, len(paths)), read


class _Combiner:
    """The ordered diagram of several trees at once, whose leaves are the tuples of their leaves;
    remembers for each leaf tuple the first assignment of values that reaches it. The first tree
    is the state's contradictions: where it has found one, the others are not asked."""

    def __init__(self, nodes: _Nodes, fields: list[FormField]):
        self.nodes = nodes
        self.fields = fields
        self.out = _Nodes()
        self.witness: dict[int, dict[int, int]] = {}
        self._restricted: dict[tuple[int, int, int], int] = {}
        self._built: dict[tuple[int, ...], int] = {}

    def restrict(self, n: int, field: int, index: int) -> int:
        key = (n, field, index)
        found = self._restricted.get(key)
        if found is None:
            if field not in self.nodes.support(n):
                found = n
            else:
                tested, children = self.nodes.nodes[n]
                if tested == field:
                    found = self.restrict(children[index], field, index)
                else:
                    found = self.nodes.node(tested, tuple(
                        self.restrict(c, field, index) for c in children))
            self._restricted[key] = found
        return found

    def combine(self, trees: tuple[int, ...], chosen: dict[int, int] | None = None) -> int:
        chosen = {} if chosen is None else chosen
        found = self._built.get(trees)
        if found is not None:
            return found
        support = self.nodes.support
        first = self.nodes.nodes[trees[0]]
        if first[0] == "leaf" and first[1]:
            # the state contradicts itself: the query is refused before any rule is asked
            leaf = self.out.leaf((first[1],))
            self.witness.setdefault(leaf, dict(chosen))
            self._built[trees] = leaf
            return leaf
        fields = [min(s) for s in map(support, trees) if s]
        if not fields:
            leaf = self.out.leaf(tuple(self.nodes.nodes[t][1] for t in trees))
            self.witness.setdefault(leaf, dict(chosen))
            found = leaf
        else:
            field = min(fields)
            testing = [i for i, t in enumerate(trees) if field in support(t)]
            children = []
            for index in range(len(self.fields[field].values)):
                chosen[field] = index
                branch = list(trees)
                for i in testing:
                    branch[i] = self.restrict(trees[i], field, index)
                children.append(self.combine(tuple(branch), chosen))
            del chosen[field]
            found = self.out.node(field, tuple(children))
        self._built[trees] = found
        return found


# --- compiling a game ---------------------------------------------------------------------------

def _outcome_key(outcome) -> tuple | None:
    return None if outcome is None else (outcome.verdict, outcome.condition, outcome.values)


class Compiled:
    """A game's diagram: its fields, its nodes (shared by every root), a root per rulebook
    choice and verb, and the answers its leaves stand for, per language."""

    def __init__(self, game: str, fields: list[FormField]):
        self.game = game
        self.fields = fields
        self.nodes = _Nodes()
        self.roots: dict[str, dict[str, int]] = {}  # rulebook ("" for all) -> verb -> node
        self.answers: dict[str, list[dict]] = {}    # language -> answers, by leaf number
        self._answer_ids: dict[str, int] = {}

    def add_answer(self, by_language: dict[str, dict]) -> int:
        import json

        key = json.dumps(by_language, sort_keys=True, ensure_ascii=False)
        found = self._answer_ids.get(key)
        if found is None:
            found = self._answer_ids[key] = len(self._answer_ids)
            for lang, one in by_language.items():
                self.answers.setdefault(lang, []).append(one)
        return found

    def merge(self, other: "Compiled") -> None:
        """Add the roots and answers of ``other``, a diagram of the same game and form compiled
        for other verbs (answers both hold become one; shared subtrees become one)."""
        if [(f.key, f.values) for f in other.fields] != [(f.key, f.values) for f in self.fields]:
            raise ValueError(f"{other.game}: diagrams of different forms cannot be merged")
        langs = list(other.answers)
        count = len(other.answers[langs[0]]) if langs else 0
        renumbered = [self.add_answer({lang: other.answers[lang][i] for lang in langs})
                      for i in range(count)]
        # the nodes also hold the rules' own trees, whose leaves are outcomes: only the leaves
        # under a root are answers
        answer_of = {n: renumbered[other.nodes.nodes[n][1]]
                     for n in other.leaves_under_roots()}
        for choice, by_verb in other.roots.items():
            for verb, top in by_verb.items():
                self.roots.setdefault(choice, {})[verb] = _relabel(other.nodes, top, answer_of,
                                                                   self.nodes)

    def leaves_under_roots(self) -> set[int]:
        """The leaves a walk from some root can reach (each stands for an answer)."""
        seen, leaves = set(), set()
        stack = [top for by_verb in self.roots.values() for top in by_verb.values()]
        while stack:
            n = stack.pop()
            if n in seen:
                continue
            seen.add(n)
            field, children = self.nodes.nodes[n]
            if field == "leaf":
                leaves.add(n)
            else:
                stack.extend(children)
        return leaves

    def walk(self, rulebook: str, verb: str, values: dict[str, object]) -> int | None:
        """The answer number for a form's values (``None`` for a verb with no root)."""
        n = self.roots.get(rulebook or "", {}).get(verb)
        if n is None:
            return None
        while not self.nodes.is_leaf(n):
            field, children = self.nodes.nodes[n]
            spec = self.fields[field]
            n = children[spec.values.index(values.get(spec.key, ABSENT))]
        return self.nodes.nodes[n][1]


def verb_parts(game: str, rulebooks: list[str], parts: int = 2) -> list[tuple[str, ...]]:
    """The verbs split into ``parts`` groups of about the same work, each in ``VERBS`` order:
    compiled apart (in other processes) and merged in this order, they give the same diagram
    however many processes compiled them. A verb's work is counted in the rules that judge it
    under each rulebook."""
    work = {verb: 1 + sum(len(rules_judging(game, verb, rb)) for rb in rulebooks)
            for verb in VERBS}
    groups: list[set[str]] = [set() for _ in range(parts)]
    loads = [0] * parts
    for verb in sorted(VERBS, key=lambda v: -work[v]):  # stable: ties keep VERBS order
        lightest = loads.index(min(loads))
        groups[lightest].add(verb)
        loads[lightest] += work[verb]
    return [tuple(v for v in VERBS if v in group) for group in groups]


def compile_game(game: str, rulebooks: list[str], conn, languages: Iterable[str] = ("en",),
                 verbs: Iterable[str] | None = None, catalogs=None) -> Compiled:
    """Compile ``game``'s checker, as judged under ``rulebooks``, into a ``Compiled`` diagram
    answered in each of ``languages`` (with the interface ``catalogs``, else the usual ones)."""
    from .. import i18n, paths

    catalogs = paths.as_locales(catalogs) if catalogs is not None else None
    cards = {name: card for name, card in _cards(conn, game)}
    fields = form_fields(game, sorted(cards))
    by_key = {f.key: (number, f) for number, f in enumerate(fields)}
    compiled = Compiled(game, fields)
    citer = Citer.of(conn)
    languages = tuple(languages)
    verbs = tuple(verbs) if verbs is not None else VERBS
    # the verb is the one field fixed per diagram (number -1): a judgement that never reads it
    # has the same tree for every verb, explored once
    verb_free: dict[object, int] = {}

    def explore(key, judgement) -> int:
        tree = verb_free.get(key)
        if tree is None:
            tree, read = _explore(judgement, fixed, compiled.nodes)
            if -1 not in read:
                verb_free[key] = tree
        return tree

    for verb in verbs:
        fixed = dict(by_key, **{"action.verb": (-1, FormField("action.verb", (verb,)))})
        nodes = compiled.nodes

        def contradictions(chooser):
            situation = _Explored(game, None, chooser, cards)
            return tuple(_contradictions(situation))

        trees = [explore("contradictions", contradictions),
                 explore("card", lambda chooser: chooser.value("action.card") is not ABSENT)]
        for rulebook in rulebooks:
            # a point the rulebook states nothing on is read as its rules are
            for rule in rules_judging(game, verb, rulebook) + list(
                    points_unstated(game, verb, rulebook)):
                def judgement(chooser, rule=rule, rulebook=rulebook):
                    return _outcome_key(rule.judge(_Explored(game, rulebook, chooser, cards),
                                                   rulebook))
                try:
                    trees.append(explore((rule.id, rulebook), judgement))
                except _NotTraceable as exc:
                    raise CardbaseError(_("rule {rule} cannot be compiled for the site: {why}",
                                          rule=rule.id, why=exc), stage="site") from None
        combiner = _Combiner(nodes, fields)
        top = combiner.combine(tuple(trees))
        # a leaf's verdicts are the same whichever rulebook is asked and in every language:
        # each is judged once, and only its answer is put together per rulebook and language
        leaves = {}
        for leaf, chosen in combiner.witness.items():
            values = {fields[f].key: fields[f].values[i] for f, i in chosen.items()}
            values["action.verb"] = verb
            contradictory = bool(combiner.out.nodes[leaf][1][0])
            leaves[leaf] = (values, contradictory,
                            None if contradictory else _judged(game, rulebooks, values, cards))
        for choice in [""] + list(rulebooks):
            answers: dict[int, dict[str, dict]] = {leaf: {} for leaf in combiner.witness}
            for lang in languages:
                with i18n.language(lang, catalogs):
                    for leaf, (values, contradictory, verdicts) in leaves.items():
                        answers[leaf][lang] = _answer(game, choice or None, rulebooks, values,
                                                      cards, citer, lang, contradictory,
                                                      verdicts)
            answer_of = {leaf: compiled.add_answer(by_language)
                         for leaf, by_language in answers.items()}
            compiled.roots.setdefault(choice, {})[verb] = _relabel(
                combiner.out, top, answer_of, compiled.nodes)
    return compiled


def _relabel(diagram: _Nodes, top: int, answer_of: dict[int, int], into: _Nodes) -> int:
    """Copy ``diagram`` into ``into`` with each leaf replaced by its answer number (nodes whose
    children now lead to the same answers merge)."""
    done: dict[int, int] = {}

    def copy(n: int) -> int:
        found = done.get(n)
        if found is None:
            field, children = diagram.nodes[n]
            if field == "leaf":
                found = into.leaf(answer_of[n])
            else:
                found = into.node(field, tuple(copy(c) for c in children))
            done[n] = found
        return found

    return copy(top)


def _judged(game: str, rulebooks: list[str], values: dict, cards: dict) -> dict | None:
    """Each rulebook's verdict on the situation ``values`` describe, as ``engine.answer`` judges
    it (``None`` where judging refuses it: the answer then says why, in its language)."""
    situation = _Explored(game, None, _Fixed(values), cards, CARD_MARK)
    try:
        return {rulebook: judge(situation, rulebook) for rulebook in rulebooks}
    except QueryError:
        return None


def _answer(game: str, rulebook: str | None, rulebooks: list[str], values: dict, cards: dict,
            citer: Citer, lang: str, contradictory: bool, verdicts: dict | None) -> dict:
    """The engine's answer for the situation ``values`` describe, in ``lang``, from the
    rulebooks' ``verdicts`` (``_judged``)."""
    situation = _Explored(game, rulebook, _Fixed(values), cards, CARD_MARK)
    if contradictory:
        return {"problems": _contradictions(situation)}
    try:
        result = answer(situation, rulebooks, citer, lang) if verdicts is None else \
            answer_from(situation, rulebooks, verdicts, citer, lang)
    except QueryError as exc:
        return {"problems": str(exc).split("\n")}
    result.pop("card", None)
    return result


def _cards(conn, game: str) -> list[tuple[str, dict]]:
    """Each card of ``game`` by the name the form offers (its English name, else its first), with
    the record ``parse_query`` would find for it."""
    from .query import _lookup_card
    from ..storage import queries

    out = []
    for card_id, name in queries.card_form_names(conn, game):
        card = _lookup_card(conn, name, game, [])
        if card is not None:
            out.append((name, card))
    return out


def export(compiled: Compiled, lang: str) -> dict:
    """``compiled`` as plain data for a page in ``lang``: its fields and values, its nodes (a
    child ``c >= 0`` is a node, ``c < 0`` the answer ``-c - 1``), its roots, its answers, and each
    deciding rule's statement and citations once (an answer's ``because`` entry keeps what
    depends on the situation: the rule, its verdict, its condition, what it set aside, and, in an
    answer about one rulebook, ``cited_in``: that rulebook, whose citations alone it shows)."""
    given = compiled.answers.get(lang, [])
    rules: dict[str, dict] = {}
    for one in given:  # each rule's citations under every rulebook: the longest list given
        for entry in one.get("because", ()):
            known = rules.get(entry["rule"])
            if known is None or len(entry["citations"]) > len(known["citations"]):
                rules[entry["rule"]] = {"says": entry["says"], "citations": entry["citations"]}
    answers = []
    for one in given:
        one = dict(one)
        because = []
        for entry in one.get("because", ()):
            constant = rules[entry["rule"]]
            kept = {k: v for k, v in entry.items() if k not in constant}
            if entry["citations"] != constant["citations"]:
                books = {c["rulebook"] for c in entry["citations"]}
                book = books.pop() if len(books) == 1 else None
                if book is None or _cited_in(constant["citations"], book) != entry["citations"]:
                    raise ValueError(f"rule {entry['rule']} is cited differently in two answers")
                kept["cited_in"] = book
            if entry["says"] != constant["says"]:
                raise ValueError(f"rule {entry['rule']} is stated differently in two answers")
            because.append(kept)
        if "because" in one:
            one["because"] = because
        answers.append(one)
    numbers: dict[int, int] = {}
    nodes: list[list] = []

    def number(n: int) -> int:
        tested, children = compiled.nodes.nodes[n]
        if tested == "leaf":
            return -children - 1
        found = numbers.get(n)
        if found is None:
            found = numbers[n] = len(nodes)
            nodes.append([])
            nodes[found] = [tested, [number(c) for c in children]]
        return found

    roots = {choice: {verb: number(n) for verb, n in by_verb.items()}
             for choice, by_verb in compiled.roots.items()}
    return {"game": compiled.game, "card_mark": CARD_MARK,
            "fields": [{"key": f.key, "values": list(f.values)} for f in compiled.fields],
            "nodes": nodes, "roots": roots, "answers": answers, "rules": rules}


def walk(data: dict, query: dict) -> dict | None:
    """What an exported diagram answers for ``query`` (a query in the public format whose
    values are all offered by the form), put back together as ``check`` gives it; ``None`` for
    a query the form cannot express. The page's script does the same walk."""
    verb = (query.get("action") or {}).get("verb")
    n = data["roots"].get(query.get("rulebook") or "", {}).get(verb)
    if n is None:
        return None
    while n >= 0:
        field, children = data["nodes"][n]
        spec = data["fields"][field]
        where, key = spec["key"].split(".", 1)
        value = (query.get(where) or {}).get(key, ABSENT)
        if value not in spec["values"]:
            return None
        n = children[spec["values"].index(value)]
    one = dict(data["answers"][-n - 1])
    if "because" in one:
        because = []
        for entry in one["because"]:
            full = dict(entry, **data["rules"][entry["rule"]])
            book = full.pop("cited_in", None)
            if book is not None:
                full["citations"] = _cited_in(full["citations"], book)
            because.append(full)
        one["because"] = because
    return one


def _cited_in(citations: list[dict], rulebook: str) -> list[dict]:
    """The citations of ``rulebook``, in their order among all of a rule's."""
    return [c for c in citations if c["rulebook"] == rulebook]
