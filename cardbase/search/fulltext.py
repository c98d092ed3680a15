"""Full-text search over sections, in every language, with user input made safe and bounded.

A query is cut to ``MAX_QUERY_CHARS`` characters, folded and split into at most ``MAX_TERMS``
distinct terms exactly as the indexed text was (``textkeys``); each term becomes a quoted FTS5
expression with its alternatives (``analysis``: stems, lemmas, German spellings, Japanese words
and kana readings; a one-letter typo corrected through the index's own vocabulary; the glossary's words
for it in every language, looked up by its English stem too), so no character a user types reaches
the FTS syntax and no input makes the lookup slow. A word that matches nothing is first cut into
the words it is made of: two words of the index written as one (``handkarten``), or a Japanese
compound by the analyser (勝利条件). Latin-script words of three letters or more match as prefixes (``stufe`` finds
``Stufen``); a run of Chinese or Japanese characters matches as a phrase of its character pairs.
All terms must match, except the most frequent words of a language (``la``, ``dem``, ``của``:
stored at build time from wordfreq), which only count in the ranking; when that finds nothing,
sections with any of the terms are shown and the result says so (``match: "any"``). Accents typed narrow the match (``bại`` does not find
``bài``), accents left out are optional. Sections holding the words exactly rank above those
holding only longer words they begin, and sections that state no rule rank below rules.
"""

from __future__ import annotations

import re
import sqlite3
import unicodedata
from functools import lru_cache

from ..storage.queries import (RULE_KINDS, common_among, fts_sections, glossary_words,
                               index_matches, index_terms_among, lemmas_of,
                               rulebook_languages, word_stems)
from .textkeys import fold, fold_with_map, is_cjk_char, search_tokens

HEADING_WEIGHT = 8.0      # bm25 weight of a heading against its body's 1.0
OTHER_KINDS_WEIGHT = 0.3  # rank factor of sections that state no rule (adverts, credits...)
SNIPPET_CHARS = 180
PREFIX_MIN = 3
MAX_QUERY_CHARS = 200     # longer input is cut here: no one types a rule question this long
MAX_TERMS = 8             # distinct terms kept from a query, in the order typed
TYPO_MIN = 3              # shortest word corrected for a typo
TYPO_MAX = 24             # longest (its one-edit neighbours grow with its length)
TYPO_CHOICES = 3          # corrections kept per word, the most frequent in the index first
JAPANESE_SPLIT_MIN = 3    # shortest kanji or katakana run cut into words when nothing matches it
GLOSSARY_FORM_MIN = 4     # shortest English stem of a query word looked up in the glossary
EXACT_BONUS = 0.5         # rank factor gained by holding every term as an exact word
RANK_FETCH = 100          # rows fetched by bm25 and re-ranked here (the headings, exact words...)
NARROW_FETCH = 200        # rows fetched when typed accents narrow the match (checked in Python)


# Plain classes with __slots__, not dataclasses: building a dataclass runs generated code at
# import, and this module is on the query path of every lookup.
class Form:
    """One way a query term may match: index terms in order, the last one maybe a prefix."""

    __slots__ = ("tokens", "prefix", "glossary")

    def __init__(self, tokens: tuple[str, ...], prefix: bool, glossary: bool = False):
        self.tokens = tokens      # index terms, in order (several: a phrase)
        self.prefix = prefix      # the last token matches as a prefix
        self.glossary = glossary  # a word of another language the glossary gives for the term

    def __eq__(self, other) -> bool:
        return isinstance(other, Form) and (self.tokens, self.prefix, self.glossary) == (
            other.tokens, other.prefix, other.glossary)

    def __hash__(self) -> int:
        return hash((self.tokens, self.prefix, self.glossary))

    def __repr__(self) -> str:
        return f"Form({self.tokens!r}, prefix={self.prefix!r}, glossary={self.glossary!r})"

    @property
    def expression(self) -> str:
        return '"' + " ".join(self.tokens) + '"' + ("*" if self.prefix else "")

    def same(self, other: "Form") -> bool:
        return self.tokens == other.tokens and self.prefix == other.prefix


class Term:
    """A term of the query: the word as typed (folded) and the forms that may match it."""

    __slots__ = ("needle", "forms", "typed")

    def __init__(self, needle: str, forms: list[Form], typed: str | None = None):
        self.needle = needle  # the folded word or run as typed
        self.forms = forms    # what may match it, the typed form first
        self.typed = typed    # the word as typed, when it carries accents

    def __repr__(self) -> str:
        return f"Term({self.needle!r}, {self.forms!r}, typed={self.typed!r})"

    @property
    def expression(self) -> str:
        parts = list(dict.fromkeys(f.expression for f in self.forms))
        return parts[0] if len(parts) == 1 else "(" + " OR ".join(parts) + ")"

    def add(self, form: Form) -> None:
        if form.tokens and not any(form.same(known) for known in self.forms):
            self.forms.append(form)


class QueryTerms:
    """A parsed query: its terms, and whether the input was cut."""

    __slots__ = ("terms", "truncated")

    def __init__(self, terms: list[Term] | None = None, truncated: bool = False):
        self.terms = terms if terms is not None else []
        self.truncated = truncated  # the input was longer than MAX_QUERY_CHARS or MAX_TERMS terms

    @property
    def expressions(self) -> list[str]:
        return [t.expression for t in self.terms]

    @property
    def needles(self) -> list[str]:
        return [t.needle for t in self.terms]


def _runs(folded: str) -> list[tuple[str, bool]]:
    """Split folded text into runs of CJK characters and runs of other word characters."""
    runs: list[tuple[str, bool]] = []
    current, current_cjk = "", False
    for ch in folded:
        cjk = is_cjk_char(ch) or (ch in "ー々" and current_cjk)
        word = cjk or ch.isalnum()
        if not word:
            if current:
                runs.append((current, current_cjk))
            current = ""
            continue
        if current and cjk != current_cjk:
            runs.append((current, current_cjk))
            current = ""
        current += ch
        current_cjk = cjk
    if current:
        runs.append((current, current_cjk))
    return runs


def _latin_form(word: str) -> Form:
    return Form((word,), len(word) >= PREFIX_MIN)


def _cjk_form(text: str) -> Form:
    tokens = search_tokens(text)
    return Form(tuple(tokens), len(text) == 1)


def _has_hiragana(text: str) -> bool:
    return any("\u3040" <= ch <= "\u309f" for ch in text)


def _japanese_terms(run: str) -> list[Term]:
    """Terms for a Japanese run: the run as a phrase when it has no hiragana; otherwise its
    meaningful words (particles and verb endings left out), and for a run typed in kana also
    its katakana spelling, which matches the readings indexed for words written in kanji."""
    from .analysis import japanese_content, katakana

    if not _has_hiragana(run) or len(run) == 1:
        return [Term(run, [_cjk_form(run)])]
    try:
        words = japanese_content(run)
    except ImportError:  # no analyser installed: the phrase as typed
        words = []
    all_kana = all("\u3040" <= ch <= "\u30ff" or ch == "ー" for ch in run)
    if all_kana:
        term = Term(run, [_cjk_form(run), _cjk_form(katakana(run))])
        for word, _reading in words:
            term.add(_cjk_form(fold(word)))
        return [term]
    terms = [Term(fold(word), [_cjk_form(fold(word))]) for word, _reading in words
             if any(is_cjk_char(ch) for ch in word)]
    return terms or [Term(run, [_cjk_form(run)])]


def _accented_words(query: str) -> dict[str, str]:
    """Folded word → the word as typed (lower case), for the words typed with accents."""
    accented = {}
    word = []
    for ch in unicodedata.normalize("NFC", query).lower() + " ":
        if ch.isalnum() and not is_cjk_char(ch):
            word.append(ch)
            continue
        if word:
            typed = "".join(word)
            if any(unicodedata.combining(c) for c in unicodedata.normalize("NFD", typed)) or \
                    any(c in "đðøłħ" for c in typed):
                accented.setdefault(fold(typed), typed)
            word = []
    return accented


def parse_query(query: str, analyse_japanese: bool = True,
                stem_languages: tuple[str, ...] | None = None,
                stems: dict[tuple[str, str], str] | None = None) -> QueryTerms:
    """The distinct terms of ``query`` with their alternatives (no database needed).

    Without ``analyse_japanese`` a Japanese run stays one phrase: the glossary's words, already
    written as the rulebooks print them, need no analyser (which takes a while to load). Words
    are stemmed in ``stem_languages`` (by default every language with a stemmer); ``stems``
    gives the stems known already, by (word, language)."""
    from .analysis import clitic_base, latin_variants

    truncated = len(query) > MAX_QUERY_CHARS
    query = query[:MAX_QUERY_CHARS]
    accented = _accented_words(query)
    terms: list[Term] = []
    seen: set[str] = set()
    for run, cjk in _runs(fold(query)):
        if run in seen:
            continue
        seen.add(run)
        if cjk:
            new = _japanese_terms(run) if analyse_japanese else [Term(run, [_cjk_form(run)])]
        else:
            term = Term(run, [_latin_form(run)], accented.get(run))
            if run.isalpha() and len(run) >= PREFIX_MIN:
                for variant in latin_variants(run, stem_languages, stems):
                    term.add(Form((variant,), len(variant) >= 4))
                base = clitic_base(run)
                if base:
                    term.add(Form((base,), False))
                    for variant in latin_variants(base, stem_languages, stems):
                        term.add(Form((variant,), len(variant) >= 4))
            new = [term]
        for term in new:
            if term.forms[0].tokens and all(t.expression != term.expression for t in terms):
                terms.append(term)
    if len(terms) > MAX_TERMS:
        terms, truncated = terms[:MAX_TERMS], True
    return QueryTerms(terms, truncated)


def _stemmed_forms(text: str) -> list[str]:
    """The forms of the words of ``text`` that ``parse_query`` stems."""
    from .analysis import stem_forms

    return [form for run, cjk in _runs(fold(text[:MAX_QUERY_CHARS]))
            if not cjk and run.isalpha() and len(run) >= PREFIX_MIN for form in stem_forms(run)]


def _edits(word: str) -> set[str]:
    """Every string one edit away from ``word``: a letter dropped, doubled, swapped, replaced
    or added (the letters tried are those of the word and the Latin alphabet)."""
    letters = set("abcdefghijklmnopqrstuvwxyz") | set(word)
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    out = {a + b[1:] for a, b in splits if b}
    out |= {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    out |= {a + c + b[1:] for a, b in splits if b for c in letters}
    out |= {a + c + b for a, b in splits for c in letters}
    out.discard(word)
    return out


def _add_lemmas(conn: sqlite3.Connection, terms: QueryTerms) -> None:
    """Give each Latin word the lemmas it is an inflection of (``muero`` → ``morir``), from the
    forms the build stored for the rulebooks' words."""
    for term in terms.terms:
        if term.needle.isalpha() and not is_cjk_char(term.needle[0]):
            for base in lemmas_of(conn, term.needle):
                term.add(Form((base,), False))


def _split_compounds(conn: sqlite3.Connection, terms: QueryTerms,
                     stems: dict[tuple[str, str], str]) -> bool:
    """Cut each Latin word that nothing matches and that is two words of the index written as
    one (``tauschhandel``, ``handkarten``) into two terms, both required, and each Japanese run
    that nothing matches into its words; return whether any term was cut."""
    from .analysis import split_compound

    cut = False
    for position in range(len(terms.terms) - 1, -1, -1):
        term = terms.terms[position]
        word = term.needle
        if not word.isalpha() or index_matches(conn, term.expression):
            continue
        if is_cjk_char(word[0]):
            # a Japanese compound typed in kanji or katakana alone (勝利条件) was asked as one
            # phrase: its words, as the analyser cuts it, are asked instead
            if len(word) < JAPANESE_SPLIT_MIN or _has_hiragana(word):
                continue
            from .analysis import japanese_content

            try:
                words = [fold(w) for w, _reading in japanese_content(word)]
            except ImportError:
                continue
            if len(words) > 1:
                terms.terms[position:position + 1] = [Term(w, [_cjk_form(w)]) for w in words]
                cut = True
            continue
        parts = split_compound(word, lambda words: [w for w, _ in index_terms_among(conn, words)])
        if parts:
            terms.terms[position:position + 1] = parse_query(" ".join(parts), stems=stems).terms
            cut = True
    return cut


def _correct_typos(conn: sqlite3.Connection, terms: QueryTerms) -> bool:
    """Give each Latin word that no indexed word begins with (nor any of its forms) the index's
    words one edit away from it; return whether any word got one."""
    corrected = False
    for term in terms.terms:
        word = term.needle
        if not TYPO_MIN <= len(word) <= TYPO_MAX or not word.isalpha() or is_cjk_char(word[0]):
            continue
        if index_matches(conn, term.expression):
            continue
        for candidate, _count in index_terms_among(conn, sorted(_edits(word)))[:TYPO_CHOICES]:
            term.add(Form((candidate,), False))
            corrected = True
    return corrected


def glossary_key(text: str) -> str:
    """The key glossary words are stored under (as ``cards.matching.name_key``)."""
    return " ".join(fold(text).split())


def _add_glossary(conn: sqlite3.Connection, terms: QueryTerms,
                  stems: dict[tuple[str, str], str] | None = None) -> None:
    """Give each term the glossary's words for it in every language (``curse`` → Maldición,
    Fluch, 呪い...), so that a query reaches every rulebook. ``stems`` are those the build
    stored (see ``search_sections``), which spare loading the stemmer."""
    from .analysis import clitic_base, stem

    for term in terms.terms:
        words = glossary_words(conn, glossary_key(term.needle))
        if not words and term.needle.isalpha() and not is_cjk_char(term.needle[0]):
            # the glossary gives English words in their base form, players type them inflected
            # (``healing``, ``fleeing``): the English stem is looked up too, and a Spanish verb
            # without the pronouns written onto it (``curarse``)
            known = stems.get((term.needle, "en")) if stems else None
            for base in (known or stem(term.needle, "en"), clitic_base(term.needle)):
                if base and base != term.needle and len(base) >= GLOSSARY_FORM_MIN:
                    words = words or glossary_words(conn, glossary_key(base))
        for word in words:
            folded = fold(word)
            if folded == term.needle:
                continue
            runs = _runs(folded)
            if len(runs) == 1 and runs[0][1]:
                term.add(Form(tuple(search_tokens(runs[0][0])), len(runs[0][0]) == 1, True))
            elif runs and not any(cjk for _, cjk in runs):
                tokens = tuple(run for run, _ in runs)
                term.add(Form(tokens, len(tokens[-1]) >= PREFIX_MIN, True))


def _matches(form: Form, keys: str) -> tuple[bool, bool]:
    """(matched at all, matched exactly) of one form against a section's search keys, given
    with a space at each end so that a term is found as `` term `` and a prefix as `` term``."""
    text = " " + " ".join(form.tokens)
    if text + " " in keys:
        return True, True
    if (form.prefix or len(form.tokens) > 1) and text in keys:
        return True, False
    return False, False


#: Vietnamese tone marks (grave, acute, tilde, hook, dot below), whose place in a syllable has
#: two spellings (``huỷ`` and ``hủy``, ``hoà`` and ``hòa``) and which players misplace
_TONES = frozenset("\u0300\u0301\u0303\u0309\u0323")


def _tones_apart(word: str) -> tuple[str, list[str]]:
    """The word without its tone marks, and those marks in order."""
    decomposed = unicodedata.normalize("NFD", word)
    return (unicodedata.normalize("NFC", "".join(c for c in decomposed if c not in _TONES)),
            [c for c in decomposed if c in _TONES])


def _accent_agrees(typed: str, word: str) -> bool:
    """Whether a word of the text carries the accents typed where both have the same letter:
    ``tür`` agrees with ``Türen`` but not with ``turno``, ``bại`` not with ``bài``. A tone mark
    typed on another vowel of the same word agrees (``huỷ`` with ``hủy``)."""
    if not _letters_agree(typed, word):
        bare_typed, typed_tones = _tones_apart(typed)
        bare_word, word_tones = _tones_apart(word[:len(typed)])
        return bool(typed_tones) and typed_tones == word_tones and \
            _letters_agree(bare_typed, bare_word)
    return True


def _letters_agree(typed: str, word: str) -> bool:
    for a, b in zip(typed, word):
        if a == b:
            continue
        if fold(a) == fold(b):
            if a != fold(a):  # an accent typed that the text does not have (or another one)
                return False
            continue
        break
    return True


_WORD = re.compile(r"[^\W\d_]+")


@lru_cache(maxsize=65536)
def _folded_word(word: str) -> str:
    return fold(word)


def _keeps_accents(row, terms: list[Term]) -> bool:
    """Whether the section, where it spells an accented query word, spells it with the accents
    typed."""
    accented = [t for t in terms if t.typed]
    if not accented:
        return True
    words = set(_WORD.findall(unicodedata.normalize("NFC", row["heading"] + " " + row["body"])
                              .lower()))
    for term in accented:
        head = term.needle[:max(PREFIX_MIN, len(term.needle) - 2)]
        spelled = [w for w in words if _folded_word(w).startswith(head)]
        # a section found through the term's glossary words in another language is kept
        if spelled and not any(_accent_agrees(term.typed, w) or _same_german_word(term.typed, w)
                               for w in spelled):
            return False
    return True


def _same_german_word(typed: str, word: str) -> bool:
    """Whether two spellings are forms of one German word whose umlaut comes and goes with the
    inflection (``Gegenstände`` and ``Gegenstand``, ``Flüche`` and ``Fluch``), which the accents
    typed must not tell apart; ``Tür`` and ``turno`` are not."""
    from .analysis import stem

    if not any(ch in "äöü" for ch in typed):
        return False
    return stem(_folded_word(typed), "de") == stem(_folded_word(word), "de")


def snippet(body: str, needles: list[str], width: int = SNIPPET_CHARS) -> str:
    """A window of ``body`` around the first place a query term occurs, cut between words (in
    Chinese and Japanese, between characters) with an ellipsis where text was left out."""
    from .excerpt import excerpt

    lowered = body.lower()
    hits = [lowered.find(n) for n in needles if n] if len(lowered) == len(body) else []
    hits = [h for h in hits if h >= 0]
    index = None
    if not hits:  # the query was typed without the text's accents: fold the whole body
        folded, index = fold_with_map(body)
        hits = [h for h in (folded.find(n) for n in needles if n) if h >= 0]
    if not hits:
        return excerpt(body, 0, width)
    centre = index[min(hits)] if index else min(hits)
    start = max(0, centre - width // 3)
    return excerpt(body, start, start + width, keep=centre)



def search_sections(conn: sqlite3.Connection, query: str, *, lang: str | None = None,
                    rulebook: str | None = None, game: str | None = None, limit: int = 10,
                    also: list[str] = (), glossary: bool = True,
                    prefer_typed: bool = True) -> dict:
    """Sections matching ``query`` (or any of the phrases ``also``), best first, with snippets.

    Returns ``results``, ``match`` (``"all"`` when every term matched, ``"any"`` when no section
    held them all and the sections holding some are shown, ``None`` when nothing matched) and
    ``truncated`` (the query was cut to its first characters or terms). With ``prefer_typed``
    sections holding the words as typed come before those found through the glossary's words
    in other languages; without it, every language ranks alike.
    """
    # the stems the build stored for the words of the query and its phrases (the stemmer is
    # loaded only for the others); the index holds stems in the rulebooks' languages only
    stems = word_stems(conn, sorted({form for text in (query, *also) if text
                                     for form in _stemmed_forms(text)}))
    terms = parse_query(query, stem_languages=tuple(rulebook_languages(conn)), stems=stems)
    _add_lemmas(conn, terms)
    if glossary:
        _add_glossary(conn, terms, stems)
    alternatives = [parse_query(phrase, analyse_japanese=False, stems=stems)
                    for phrase in also if phrase]
    alternatives = [a for a in alternatives if a.terms]
    answer = {"results": [], "match": None, "truncated": terms.truncated}
    if not terms.terms and not alternatives:
        return answer
    narrowing = any(t.typed for t in terms.terms)
    fetch = max(NARROW_FETCH if narrowing else RANK_FETCH, limit * 3)  # re-ranked, then cut

    def sections_matching(expression: str) -> list:
        rows = fts_sections(conn, expression, lang=lang, rulebook=rulebook, game=game,
                            limit=fetch, heading_weight=HEADING_WEIGHT,
                            other_kinds_weight=OTHER_KINDS_WEIGHT)
        return [row for row in rows if _keeps_accents(row, terms.terms)]

    # the most frequent words of a language (la, dem, của...) are not required, only counted
    common = common_among(conn, [t.needle for t in terms.terms])
    required = [t.expression for t in terms.terms if t.needle not in common] or terms.expressions
    groups = [t for t in [terms, *alternatives] if t.terms]
    rows = sections_matching(" OR ".join(
        [f"({' AND '.join(required)})", *(f"({' AND '.join(t.expressions)})" for t in alternatives)]
        if terms.terms else [f"({' AND '.join(t.expressions)})" for t in alternatives]))
    match = "all"
    if not rows and _split_compounds(conn, terms, stems):
        _add_lemmas(conn, terms)
        if glossary:
            _add_glossary(conn, terms, stems)
        required = [t.expression for t in terms.terms if t.needle not in common] or \
            terms.expressions
        rows = sections_matching(" OR ".join(
            [f"({' AND '.join(required)})",
             *(f"({' AND '.join(t.expressions)})" for t in alternatives)]))
    if not rows and _correct_typos(conn, terms):  # only a query that finds nothing is corrected
        required = [t.expression for t in terms.terms if t.needle not in common] or \
            terms.expressions
        rows = sections_matching(" OR ".join(
            [f"({' AND '.join(required)})",
             *(f"({' AND '.join(t.expressions)})" for t in alternatives)]))
    if not rows and len(required) > 1:
        rows = sections_matching(" OR ".join([*terms.expressions,
                                              *(f"({' AND '.join(t.expressions)})"
                                                for t in alternatives)]))
        match = "any"
    if not rows:
        return answer
    needles = [n for t in groups for n in t.needles]
    counted = [t for t in terms.terms if t.needle not in common] or terms.terms
    # a heading that begins with the query is the section about it: it comes first, the
    # shortest such heading (the closest to the query) before longer ones
    asked = fold(query[:MAX_QUERY_CHARS]).strip()

    def order(row):
        heading = fold(row["heading"])
        about = bool(asked) and heading.startswith(asked)
        keys = f" {row['search_heading']} {row['search_body']} "
        matched = typed = exact = 0
        for term in counted:
            results = [(form, *_matches(form, keys)) for form in term.forms]
            matched += any(found for _, found, _ in results)
            typed += any(found and not form.glossary for form, found, _ in results)
            exact += any(whole for _, _, whole in results)
        share = exact / len(counted) if counted else 0
        # the words as typed (in the reader's language) before their glossary translations
        # sections that state no rule (adverts, credits) come after the rules, unless about it
        return (not about, len(heading) if about else 0, row["kind"] not in RULE_KINDS, -matched,
                -typed if prefer_typed else 0,
                row["rank"] * (1 + EXACT_BONUS * share))

    rows = sorted(rows, key=order)[:limit]
    answer["match"] = match
    answer["results"] = [{
        "ref": row["ref"], "rulebook": row["rulebook_id"], "lang": row["lang"],
        "game": row["game_id"], "heading": row["heading"], "kind": row["kind"],
        "topic": row["topic_id"], "page": row["page"], "quality": row["quality"],
        "score": round(-row["rank"], 3), "snippet": snippet(row["body"], needles),
    } for row in rows]
    return answer


def search(conn: sqlite3.Connection, query: str, **options) -> list[dict]:
    """The sections of ``search_sections`` alone."""
    return search_sections(conn, query, **options)["results"]
