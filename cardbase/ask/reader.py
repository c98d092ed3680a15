"""Reading a question into facts of a check query, each with the words it came from.

A ``Reader`` is built once per language from its lexicon and the card database's names; reading
a question then finds, left to right, the longest lexicon phrase (within a clause) or card name
at each place (one-letter typos of longer words forgiven, German compounds split into known
parts), reads numbers with the unit beside them (``nivel 9``, ``レベル9``, ``1.000 monedas``),
lets a negation flip the true/false fact next to it (``no es mi turno``, ``自分のターンじゃない``),
takes an unknown capitalised name (``Ana``, ``Kenji``) for another player, and lists the words
that carry meaning but matched nothing. Facts are kept as dotted paths with their value and words; turning
them into a query is ``answer.build_query``'s job.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .analyse import Token, analyser
from .lexicon import Entry, Lexicon
from .normalise import NUMBER, clean, fold, katakana, number_value
from .vocabulary import term_facts


@dataclass
class Fact:
    key: str
    value: object
    words: list[str]
    start: int = 0          # token span, for negation and ordering
    end: int = 0
    priority: int = 0
    #: for a verb or a card kind: how many words after (or before) the question's modal it
    #: stands ("can I *sell* the boots he *traded* me": sell 0, trade 4), ``None`` outside the
    #: modal's clause
    asked: int | None = None


@dataclass
class Reading:
    lang: str
    facts: list[Fact] = field(default_factory=list)
    unread: list[str] = field(default_factory=list)
    card: dict | None = None        # {"name", "game", "type", "words"}
    players: list[str] = field(default_factory=list)
    #: game -> the words of the question that only that game's glossary terms use
    game_words: dict[str, list[str]] = field(default_factory=dict)

    def get(self, key: str):
        for fact in self.facts:
            if fact.key == key:
                return fact.value
        return None


@dataclass
class _Hit:
    kind: str          # entry, unit, negation, card, player
    payload: object
    start: int         # token span [start, end)
    end: int


#: the facts of which a question's modal governs one: the act asked and the kind of card
#: ("an action made me play a monster; can I still play my minion?": the minion)
ASKED_KEYS = ("action.verb", "action.card_type")

#: a word written in katakana only
KATAKANA = re.compile(r"[\u30a0-\u30ffー]+")
#: punctuation that ends a sentence
SENTENCE_BREAK = re.compile(r"[.!?。！？]")
#: punctuation that ends a clause: a lexicon phrase is not matched across it
CLAUSE_BREAK = re.compile(r"[,;:.!?、。，；：！？]")


def _deletions(word: str) -> set[str]:
    return {word[:i] + word[i + 1:] for i in range(len(word))}


class Reader:
    """Reads questions of one language. ``cards``: (name, game, type) of every card name."""

    FUZZY_MIN = 5

    def __init__(self, lexicon: Lexicon, cards: list[tuple[str, str, str]],
                 terms: list[tuple[str, str, str]] = ()):
        self.lex = lexicon
        self.analyser = analyser(lexicon.analyser, lexicon.stemmer)
        self.japanese = lexicon.analyser == "sudachi"
        self.numbers = {self._form(k): v for k, v in lexicon.numbers.items()}
        self.ignore = {self._form(w) for w in lexicon.ignore}
        # Vietnamese syllables that differ only by their tones (bán "sell", bạn "you") are told
        # apart when the question writes its tones and the spelling is one the lexicon knows;
        # a question without tones, or with a tone the lexicon never writes, matches folded
        self.tones = lexicon.analyser == "syllables"
        self.written: set[str] = set()    # every spelling (with tones) the lexicon writes
        self.players = {self._form(p) for p in lexicon.players}
        self.markers = {self._form(w) for w in lexicon.name_markers}
        self.turn_words = {self._form(w) for w in lexicon.turn_words}
        self.patterns: dict = {}          # first key -> [(keys, spellings, kind, payload)]
        self.ja_patterns: list = []       # (reading, surface, kind, payload)
        self.forms: dict[str, str] = {}   # folded word -> key, for typos and compounds
        self.fuzzy: dict[str, set[str]] = {}
        for entry in lexicon.entries:
            for word in entry.words:
                self._add(word, "entry", entry)
        for unit in lexicon.units:
            for word in unit.words:
                self._add(word, "unit", unit)
        for word in lexicon.negation:
            self._add(word, "negation", None)
        for name, game, card_type in cards:
            self._add(name, "card", {"name": name, "game": game, "type": card_type})
        # the glossary's words for card kinds and item slots, after the lexicon's own (a
        # lexicon phrase of the same length wins); and each game's words: those of the terms
        # its rulebooks define, which say which game a question is about
        game_words: dict[str, list[str]] = {}
        for term_id, word, term_games in terms:
            facts = term_facts(term_id)
            if facts:
                self._add(word, "entry", Entry(facts, [word], 0), typos=False)
            for game in filter(None, term_games.split(",")):
                game_words.setdefault(game, []).append(word)
        self.game_words = {game: self._sequences(words) for game, words in game_words.items()}
        for form in self.forms:
            if len(form) >= self.FUZZY_MIN - 1:
                for d in _deletions(form) | {form}:
                    self.fuzzy.setdefault(d, set()).add(form)
        self.known_keys = set(self.forms.values())
        # words that may change a verdict, as sequences of token keys (a Japanese word may be
        # several morphemes)
        self.sensitive = self._sequences(lexicon.sensitive)
        self.modal = self._sequences(lexicon.modal)
        self.self_words = self._sequences(lexicon.self_words)
        self.others = self._sequences(lexicon.others)
        self.subject_markers = {self._form(w) for w in lexicon.subject_markers}
        # words of no meaning, one typo away (``someeone`` inside ``ask someone for help``)
        self.ignore_fuzzy: dict[str, set[str]] = {}
        for form in self.ignore:
            if len(form) >= self.FUZZY_MIN - 1:
                for d in _deletions(form) | {form}:
                    self.ignore_fuzzy.setdefault(d, set()).add(form)
        # Japanese phrases indexed by their first character, in the written form and the reading
        self.ja_surface: dict = {}
        self.ja_reading: dict = {}
        for order, (reading, surface, kind, payload) in enumerate(self.ja_patterns):
            if surface:
                self.ja_surface.setdefault(surface[0], []).append((surface, kind, payload, order))
            # a reading of one or two kana is too ambiguous to match on its own
            if len(reading) >= 3:
                self.ja_reading.setdefault(reading[0], []).append((reading, kind, payload, order))

    def _sequences(self, phrases: list[str]) -> dict[str, list[tuple[str, ...]]]:
        """Phrases as sequences of token keys, by their first key (a Japanese word may be
        several morphemes)."""
        out: dict[str, list[tuple[str, ...]]] = {}
        for phrase in phrases:
            keys = tuple(t.key for t in self.analyser.tokens(clean(phrase)))
            if keys:
                out.setdefault(keys[0], []).append(keys)
        return out

    def _places(self, sequences, tokens: list[Token], covered: list[bool] | None = None):
        """The token spans [start, end) where one of ``sequences`` stands (uncovered ones only,
        when ``covered`` is given)."""
        for i, token in enumerate(tokens):
            for keys in sequences.get(token.key, ()):
                end = i + len(keys)
                if end <= len(tokens) and (covered is None or not any(covered[i:end])) and \
                        all(t.key == k for t, k in zip(tokens[i:end], keys)):
                    yield i, end

    def _form(self, word: str) -> str:
        return katakana(fold(clean(word))) if self.japanese else fold(clean(word))

    def _add(self, phrase: str, kind: str, payload, typos: bool = True) -> None:
        """Index ``phrase``; with ``typos``, a word one letter away from its words is read as
        them (the lexicon's words and card names; not the glossary's everyday nouns: "shows"
        is no typo of "shoes")."""
        if self.japanese:
            surface = self._form(phrase)
            reading = self.analyser.phrase(phrase)
            self.ja_patterns.append((reading, surface, kind, payload))
            return
        tokens = self.analyser.tokens(clean(phrase))
        if not tokens:
            return
        keys = tuple(t.key for t in tokens)
        exacts = tuple(t.exact for t in tokens)
        for t in tokens:
            if typos:
                self.forms.setdefault(t.form, t.key)
            self.written.add(t.exact)
        self.patterns.setdefault(keys[0], []).append((keys, exacts, kind, payload))

    # --- tokens -----------------------------------------------------------------------------
    def _corrected(self, token: Token) -> str:
        """The key of ``token``, or of the lexicon word one typo away from it."""
        if token.key in self.patterns or token.form in self.ignore or \
                len(token.form) < self.FUZZY_MIN or token.form.isdigit() or \
                (token.key,) in self.sensitive.get(token.key, ()):
            return token.key     # a known word is no typo of another ("trước" is not "thuốc")
        near = set()
        for d in _deletions(token.form) | {token.form}:
            near |= self.fuzzy.get(d, set())
        keys = {self.forms[form] for form in near}
        if not keys:
            # a typo in an inflected form (``intercaambios``): one letter less, it stems to a
            # word the lexicon knows
            keys = {key for key in map(self.analyser.key, _deletions(token.form))
                    if key in self.known_keys}
        if len(keys) == 1:
            token.corrected = True
            if len(near) == 1:     # the word as the lexicon writes it: an ignored word stays so
                token.form = near.pop()
            return keys.pop()
        if not keys:
            blanks = set()
            for d in _deletions(token.form) | {token.form}:
                blanks |= self.ignore_fuzzy.get(d, set())
            if len(blanks) == 1:
                token.form = blanks.pop()
                token.corrected = True
        return token.key

    def _split_compound(self, token: Token) -> list[Token]:
        """A German compound of two known words (``Rassenkarte``) as its two parts."""
        form = token.form
        if self.lex.lang != "de" or len(form) < 8 or token.key in self.patterns:
            return [token]
        for i in range(len(form) - 4, 3, -1):
            head, tail = form[:i], form[i:]
            for h in (head, head[:-1] if head.endswith("s") else None):
                if h and h in self.forms and tail in self.forms:
                    return [Token(token.surface, token.start, token.end, self.forms[h], h),
                            Token(token.surface, token.start, token.end, self.forms[tail],
                                  tail, capital=False)]
        return [token]

    def tokens(self, text: str) -> list[Token]:
        if self.japanese:
            return self.analyser.tokens(text)
        out = []
        for token in self.analyser.tokens(text):
            for part in self._split_compound(token):
                part.key = self._corrected(part)
                out.append(part)
        return out

    # --- matching ---------------------------------------------------------------------------
    def _hits(self, tokens: list[Token], text: str = "") -> list[_Hit]:
        if self.japanese:
            return self._ja_hits(tokens)
        # tokens that open a new clause ("không phải lượt tôi, người khác ...")
        breaks = {i for i in range(1, len(tokens))
                  if CLAUSE_BREAK.search(text, tokens[i - 1].end, tokens[i].start)}
        hits, i = [], 0
        while i < len(tokens):
            best = None
            for keys, exacts, kind, payload in self.patterns.get(tokens[i].key, ()):
                if len(keys) == 1 and tokens[i].form in self.ignore and \
                        tokens[i].form != fold(exacts[0]):
                    continue   # a word of no meaning that only stems like one (Spieler, spielen)
                end = self._match(tokens, i, keys, exacts, kind != "card")
                if end is not None and (kind == "card"
                                        or not breaks.intersection(range(i + 1, end))):
                    # the phrase of more words wins, then the one written without gaps
                    rank = (len(keys), -(end - i), kind != "card")
                    if best is None or rank > best[0]:
                        best = (rank, _Hit(kind, payload, i, end))
            if best:
                hits.append(best[1])
                i = best[1].end
            else:
                i += 1
        return hits

    MAX_GAP = 2

    def _same(self, token: Token, key: str, exact: str) -> bool:
        if token.key != key:
            return False
        if self.tones and token.exact != token.form and exact != key \
                and token.exact in self.written:
            return token.exact == exact
        return True

    def _match(self, tokens: list[Token], i: int, keys: tuple, exacts: tuple,
               gaps_allowed: bool) -> int | None:
        """Where the phrase ``keys`` ends if it starts at token ``i``; up to ``MAX_GAP`` words
        of no meaning may stand inside a lexicon phrase (``ask someone for help``, ``cards in
        my hand``); a card's name is matched whole."""
        j, gaps = i, 0
        for n, (key, exact) in enumerate(zip(keys, exacts)):
            while j < len(tokens) and not self._same(tokens[j], key, exact):
                if n == 0 or not gaps_allowed or gaps >= self.MAX_GAP or \
                        tokens[j].form not in self.ignore:
                    return None
                gaps += 1
                j += 1
            if j >= len(tokens):
                return None
            j += 1
        return j

    def _ja_hits(self, tokens: list[Token]) -> list[_Hit]:
        surface = "".join(t.form for t in tokens)
        reading = "".join(t.key for t in tokens)
        s_owner, r_owner = [], []
        for i, t in enumerate(tokens):
            s_owner += [i] * len(t.form)
            r_owner += [i] * len(t.key)
        found = []   # (length, order, start token, end token, kind, payload)
        for text, owner, index in ((surface, s_owner, self.ja_surface),
                                   (reading, r_owner, self.ja_reading)):
            for start, ch in enumerate(text):
                for pattern, kind, payload, order in index.get(ch, ()):
                    if text.startswith(pattern, start):
                        a, b = owner[start], owner[start + len(pattern) - 1] + 1
                        found.append((-len(pattern), order, a, b, kind, payload))
        # the longest phrase wins where two overlap
        taken = [False] * len(tokens)
        hits = []
        for _length, _order, a, b, kind, payload in sorted(found, key=lambda f: f[:2]):
            if not any(taken[a:b]):
                taken[a:b] = [True] * (b - a)
                hits.append(_Hit(kind, payload, a, b))
        return sorted(hits, key=lambda h: h.start)

    # --- reading ----------------------------------------------------------------------------
    def _number(self, token: Token) -> int | None:
        if NUMBER.fullmatch(token.surface):
            return number_value(token.surface)
        return self.numbers.get(token.form)

    def read(self, question: str) -> Reading:
        text = clean(question)
        tokens = self.tokens(text)
        hits = self._hits(tokens, text)
        covered = [False] * len(tokens)
        for hit in hits:
            covered[hit.start:hit.end] = [True] * (hit.end - hit.start)
        reading = Reading(self.lex.lang)
        words = lambda a, b: [t.surface for t in tokens[a:b]]  # noqa: E731
        numbers = {i: self._number(t) for i, t in enumerate(tokens)
                   if not covered[i] and self._number(t) is not None}
        negations = []
        for hit in hits:
            if hit.kind == "entry":
                entry: Entry = hit.payload
                for key, value in entry.facts.items():
                    reading.facts.append(Fact(key, value, words(hit.start, hit.end), hit.start,
                                              hit.end, entry.priority))
            elif hit.kind == "unit":
                n = self._unit_number(hit, numbers, tokens)
                if n is not None:
                    i, value = n
                    covered[i] = True
                    a, b = min(i, hit.start), max(i + 1, hit.end)
                    reading.facts.append(Fact(hit.payload.fact, value, words(a, b), a, b))
            elif hit.kind == "negation":
                negations.append(hit)
            elif hit.kind == "card":
                if reading.card is None:
                    reading.card = dict(hit.payload, words=words(hit.start, hit.end))
        breaks = {i for i in range(1, len(tokens))
                  if CLAUSE_BREAK.search(text, tokens[i - 1].end, tokens[i].start)}
        self._negate(reading, negations, tokens, breaks)
        sentences = {i for i in range(1, len(tokens))
                     if SENTENCE_BREAK.search(text, tokens[i - 1].end, tokens[i].start)}
        self._mark_asked(reading, tokens, breaks, sentences)
        for game, sequences in self.game_words.items():
            for a, b in self._places(sequences, tokens):
                reading.game_words.setdefault(game, []).append(
                    "".join(t.surface for t in tokens[a:b]) if self.japanese
                    else " ".join(t.surface for t in tokens[a:b]))
        names = self._players(reading, tokens, covered)
        self._attribute(reading, tokens, covered, breaks, names)
        for a, b in self._places(self.modal, tokens, covered):
            covered[a:b] = [True] * (b - a)    # "can I", "có thể": the question's form, read
        sensitive = self._sensitive(tokens, covered)
        for i, t in enumerate(tokens):
            if covered[i]:
                continue
            # a number no unit took ("draw two cards"; a number word for one is the article
            # "un", "ein", "một"), a word that may change the verdict, or a word of meaning the
            # lexicon does not know
            counted = i in numbers and (t.form.isdigit() or numbers[i] != 1)
            if counted or i in sensitive or (
                    t.content and t.form not in self.ignore and not t.form.isdigit()):
                reading.unread.append(t.surface)
        reading.facts.sort(key=lambda f: f.start)
        return reading

    def _sensitive(self, tokens: list[Token], covered: list[bool]) -> set[int]:
        """The places of words no fact read that may change a verdict (``sensitive``)."""
        return {i for a, b in self._places(self.sensitive, tokens, covered) for i in range(a, b)}

    def _mark_asked(self, reading: Reading, tokens: list[Token], breaks: set[int],
                    sentences: set[int]) -> None:
        """Give each verb its distance from the question's modal ("can I", "darf ich",
        "できる", "được không") within the modal's clause, on the side the lexicon says: of
        several verbs in a question, the one asked is the one the modal governs. A card kind
        is asked about within the modal's sentence (a relative clause after a comma still
        describes the card: "einen Gegenstand, der nur einmal einsetzbar ist")."""
        scope = self.lex.modal_scope
        modals = list(self._places(self.modal, tokens))
        for fact in reading.facts:
            if fact.key not in ASKED_KEYS or fact.end <= fact.start:
                continue
            for a, b in modals:
                if scope in ("next", "both") and fact.start >= b:
                    gap = (b, fact.start)
                elif scope in ("previous", "both") and fact.end <= a:
                    gap = (fact.end, a)
                else:
                    continue
                bounds = breaks if fact.key == "action.verb" else sentences
                if bounds.intersection(range(gap[0], gap[1] + 1)):
                    continue
                distance = gap[1] - gap[0]
                if fact.asked is None or distance < fact.asked:
                    fact.asked = distance

    def _unit_number(self, hit: _Hit, numbers: dict, tokens: list[Token]):
        """The number written beside a unit: right after it, or right before it (one
        meaningless word between them is allowed: ``nivel de 9``)."""
        for i in (hit.end, hit.start - 1, hit.end + 1, hit.start - 2):
            if i in numbers:
                between = range(min(i, hit.end), max(i, hit.start))
                if all(tokens[j].form in self.ignore or not tokens[j].content
                       for j in between if j != i and not (hit.start <= j < hit.end)):
                    return i, numbers.pop(i)
        return None

    def _negate(self, reading: Reading, negations: list[_Hit], tokens, breaks) -> None:
        """Each negation applies to the nearest fact on its side, within its window and its
        clause. A true/false fact is flipped (``no es mi turno``); the words of a negated fact
        the query cannot hold the opposite of (``not a Dwarf``: no race is "not Dwarf") are
        dropped and listed as not read, as is a negation with no fact to apply to, so that the
        answer never claims to have read them."""
        window = self.lex.negation_window
        scope = self.lex.negation_scope
        for neg in negations:
            best = None
            for fact in reading.facts:
                if fact.end <= fact.start:       # a fact given afterwards has no words
                    continue
                after = 0 <= fact.start - neg.end < window
                before = 0 <= neg.start - fact.end < window
                if not ((scope in ("next", "both") and after)
                        or (scope in ("previous", "both") and before)):
                    continue
                a, b = (neg.end, fact.start) if after else (fact.end, neg.start)
                if breaks.intersection(range(a, b + 1)):   # a clause break between them
                    continue
                distance = b - a
                rank = (distance, not isinstance(fact.value, bool))
                if best is None or rank < best[0]:
                    best = (rank, fact)
            negation_words = [t.surface for t in tokens[neg.start:neg.end]]
            if best is None:
                if self._scope_has_words(neg, tokens, breaks):
                    reading.unread.extend(negation_words)
                # else it negates nothing: a question tag (``... được không?``)
                continue
            fact = best[1]
            span = [f for f in reading.facts if (f.start, f.end) == (fact.start, fact.end)]
            a, b = min(neg.start, fact.start), max(neg.end, fact.end)
            if all(isinstance(f.value, bool) for f in span):
                for f in span:
                    f.value = not f.value
                    f.words = [t.surface for t in tokens[a:b]]
            elif fact.key == "action.verb":
                # "can't I sell it?": the act asked stays, its negation is not read
                reading.unread.extend(negation_words)
            else:
                for f in span:
                    reading.facts.remove(f)
                reading.unread.extend(tokens[k].surface for k in range(a, b)
                                      if neg.start <= k < neg.end
                                      or tokens[k].form not in self.ignore)

    def _scope_has_words(self, neg: _Hit, tokens: list[Token], breaks: set[int]) -> bool:
        """Whether a word of meaning stands where ``neg`` could apply, within its clause."""
        window, scope = self.lex.negation_window, self.lex.negation_scope
        places = []
        if scope in ("next", "both"):
            for i in range(neg.end, min(len(tokens), neg.end + window)):
                if i in breaks:
                    break
                places.append(i)
        if scope in ("previous", "both"):
            for i in range(neg.start - 1, max(-1, neg.start - 1 - window), -1):
                if i + 1 in breaks:
                    break
                places.append(i)
        return any(tokens[i].content and tokens[i].form not in self.ignore for i in places)

    def _players(self, reading: Reading, tokens: list[Token], covered: list[bool]) -> None:
        """Other players by name: a name the lexicon lists, or an unknown capitalised word
        (in German, where every noun is capitalised, only after a word such as ``mit``). A
        name beside a word for "turn" (``Paco's turn``, ``turno de Ana``, ``パコのターン``)
        says it is not the asker's turn. Returns the places of the names."""
        names: set[int] = set()
        for i, t in enumerate(tokens):
            if covered[i] or not t.content or t.corrected:
                continue
            form = t.form.removesuffix("'s")
            known = form in self.players and form not in self.ignore
            # German capitalises every noun: a capitalised word there is a name after a word
            # such as "mit", or just before a word for "turn" ("Jetzt ist Jana am Zug")
            turn_after = any(tokens[k].form in self.turn_words
                             for k in range(i + 1, min(len(tokens), i + 4)))
            # Japanese writes foreign names in katakana, which Sudachi seldom knows as names:
            # a katakana word just before a word for "turn" is one ("ボブのターン")
            katakana_name = self.japanese and turn_after and KATAKANA.fullmatch(t.surface)
            named = form not in self.ignore and (katakana_name or t.capital and (
                (i > 0 and (self.japanese or self.lex.lang != "de"
                            or tokens[i - 1].form in self.markers))
                or (self.lex.lang == "de" and turn_after)))
            if not (known or named):
                continue
            covered[i] = True
            names.add(i)
            reading.players.append(t.surface)
            reading.facts.append(Fact("action.target", "other_player", [t.surface], i, i + 1, -1))
            near = [j for j in range(max(0, i - 3), min(len(tokens), i + 4))
                    if not covered[j] and tokens[j].form in self.turn_words]
            if near or (t.form.endswith("'s") and i + 1 < len(tokens)
                        and tokens[i + 1].form in self.turn_words):
                j = near[0] if near else i + 1
                covered[j] = True
                a, b = min(i, j), max(i, j) + 1
                reading.facts.append(Fact("state.my_turn", False,
                                          [x.surface for x in tokens[a:b]], a, b))
        return names

    def _attribute(self, reading: Reading, tokens: list[Token], covered: list[bool],
                   breaks: set[int], names: set[int]) -> None:
        """Facts of a clause about another player are about that player: the first person a
        clause names (a name, "he", "sie", "彼" against "I", "ich", "私") is its subject. In
        such a clause a turn said without a word of the asker's ("Carla ist am Zug", not "my
        turn") is not the asker's, and a death is the other player's ("he's dead": the
        target's). The subject words of a clause read that way count as read."""
        selves = {i for a, b in self._places(self.self_words, tokens) for i in range(a, b)}
        # a name after a word such as "to", "a", "mit" is whom the act aims at, never a subject
        objects = {i for i in names if i > 0 and tokens[i - 1].form in self.markers}
        if self.subject_markers:
            objects |= {i for i in names if i + 1 >= len(tokens)
                        or tokens[i + 1].form not in self.subject_markers}
        others = {i for a, b in self._places(self.others, tokens) for i in range(a, b)} | \
            (names - objects)
        clause, clauses = 0, []
        for i in range(len(tokens)):
            clause += i in breaks
            clauses.append(clause)
        subjects: dict[int, tuple[str, int]] = {}
        for i in range(len(tokens)):
            if clauses[i] not in subjects and (i in selves or i in others):
                subjects[clauses[i]] = ("self" if i in selves else "other", i)
        spans = {a: b for a, b in self._places(self.others, tokens)}
        # a name that is its clause's subject ("Bob helped me") is who acts, not whom the act
        # aims at; a word for another player that is not ("give him", "ihm geben") is whom
        subject_names = {where for who, where in subjects.values() if where in names}
        subject_places = {where for who, where in subjects.values()}
        verbs = {i for f in reading.facts if f.key == "action.verb" for i in (f.start - 1, f.end)}
        for a, b in self._places(self.others, tokens, covered):
            aimed = a in verbs or (a > 0 and tokens[a - 1].form in self.markers)
            if a not in subject_places and aimed:
                covered[a:b] = [True] * (b - a)
                reading.facts.append(Fact("action.target", "other_player",
                                          [t.surface for t in tokens[a:b]], a, b, -1))
        reading.facts[:] = [f for f in reading.facts if not (
            f.key == "action.target" and f.priority < 0 and f.start in subject_names)]
        for fact in reading.facts:
            if fact.end <= fact.start or fact.value is not True:
                continue
            who, where = subjects.get(clauses[fact.start], ("self", -1))
            if who != "other" or selves.intersection(range(fact.start, fact.end)):
                continue
            if fact.key == "state.my_turn":
                fact.value = False
            elif fact.key == "state.dead":
                fact.key = "state.target_state.dead"
            else:
                continue
            end = spans.get(where, where + 1)
            covered[where:end] = [True] * (end - where)
