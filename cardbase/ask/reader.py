"""Reading a question into facts of a check query, each with the words it came from.

A ``Reader`` is built once per language from its lexicon and the card database's names; reading
a question then finds, left to right, the longest lexicon phrase (within a clause) or card name
at each place (one-letter typos of longer words forgiven, German compounds split into known
parts), reads numbers with the unit beside them (``nivel 9``, ``レベル9``, ``1.000 monedas``),
takes an unknown capitalised name (``Ana``, ``Kenji``) for another player, reads the clauses
(``clauses.ClauseReading``: negation, the question's modal, who a clause speaks of), and lists
the words that carry meaning but were not read. Facts (``facts.py``) are kept as dotted paths
with their value and words; turning them into a query is ``answer.build_query``'s job.
"""

from __future__ import annotations

import re

from .analyse import Token, analyser
from .clauses import CLAUSE_BREAK, SENTENCE_BREAK, ClauseReading, breaks
from .facts import Fact, Hit, Reading
from .lexicon import Entry, Lexicon
from .normalise import NUMBER, clean, fold, katakana, number_value
from .vocabulary import term_facts


#: a word written in katakana only
KATAKANA = re.compile(r"[\u30a0-\u30ffー]+")


def _deletions(word: str) -> set[str]:
    return {word[:i] + word[i + 1:] for i in range(len(word))}


class Reader(ClauseReading):
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
    def _hits(self, tokens: list[Token], text: str = "") -> list[Hit]:
        if self.japanese:
            return self._ja_hits(tokens)
        # tokens that open a new clause ("không phải lượt tôi, người khác ...")
        clause_breaks = breaks(CLAUSE_BREAK, text, tokens)
        hits, i = [], 0
        while i < len(tokens):
            best = None
            for keys, exacts, kind, payload in self.patterns.get(tokens[i].key, ()):
                if len(keys) == 1 and tokens[i].form in self.ignore and \
                        tokens[i].form != fold(exacts[0]):
                    continue   # a word of no meaning that only stems like one (Spieler, spielen)
                end = self._match(tokens, i, keys, exacts, kind != "card")
                if end is not None and (kind == "card"
                                        or not clause_breaks.intersection(range(i + 1, end))):
                    # the phrase of more words wins, then the one written without gaps
                    rank = (len(keys), -(end - i), kind != "card")
                    if best is None or rank > best[0]:
                        best = (rank, Hit(kind, payload, i, end))
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

    def _ja_hits(self, tokens: list[Token]) -> list[Hit]:
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
                hits.append(Hit(kind, payload, a, b))
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
        clause_breaks = breaks(CLAUSE_BREAK, text, tokens)
        self._negate(reading, negations, tokens, clause_breaks)
        self._mark_asked(reading, tokens, clause_breaks, breaks(SENTENCE_BREAK, text, tokens))
        for game, sequences in self.game_words.items():
            for a, b in self._places(sequences, tokens):
                reading.game_words.setdefault(game, []).append(
                    "".join(t.surface for t in tokens[a:b]) if self.japanese
                    else " ".join(t.surface for t in tokens[a:b]))
        names = self._players(reading, tokens, covered)
        self._attribute(reading, tokens, covered, clause_breaks, names)
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

    def _unit_number(self, hit: Hit, numbers: dict, tokens: list[Token]):
        """The number written beside a unit: right after it, or right before it (one
        meaningless word between them is allowed: ``nivel de 9``)."""
        for i in (hit.end, hit.start - 1, hit.end + 1, hit.start - 2):
            if i in numbers:
                between = range(min(i, hit.end), max(i, hit.start))
                if all(tokens[j].form in self.ignore or not tokens[j].content
                       for j in between if j != i and not (hit.start <= j < hit.end)):
                    return i, numbers.pop(i)
        return None

    def _players(self, reading: Reading, tokens: list[Token], covered: list[bool]) -> None:
        """Other players by name: a name the lexicon lists, or an unknown capitalised word (in
        German, where every noun is capitalised, only after a word such as ``mit`` or just
        before a word for "turn"; in Japanese also a katakana word before a word for turn). A
        name beside a word for "turn" (``Paco's turn``, ``turno de Ana``, ``パコのターン``)
        says it is not the asker's turn. Returns the places of the names."""
        names: set[int] = set()
        for i, t in enumerate(tokens):
            if covered[i] or not t.content or t.corrected:
                continue
            form = t.form.removesuffix("'s")
            known = form in self.players and form not in self.ignore
            # where every noun is capitalised (German), a capitalised word is a name after a word
            # such as "mit", or just before a word for "turn" ("Jetzt ist Jana am Zug")
            turn_after = any(tokens[k].form in self.turn_words
                             for k in range(i + 1, min(len(tokens), i + 4)))
            # Japanese writes foreign names in katakana, which Sudachi seldom knows as names:
            # a katakana word just before a word for "turn" is one ("ボブのターン")
            katakana_name = self.japanese and turn_after and KATAKANA.fullmatch(t.surface)
            nouns = self.lex.capitalised_nouns
            named = form not in self.ignore and (katakana_name or t.capital and (
                (i > 0 and (not nouns or tokens[i - 1].form in self.markers))
                or (nouns and turn_after)))
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

