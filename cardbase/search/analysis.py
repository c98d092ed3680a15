"""Word analysis for search: stems, German spellings and compounds, Japanese words and readings.

At build time ``index_extras`` adds to a text's search keys what a reader may type instead of the
printed word: its Snowball stem in the rulebook's language (PyStemmer: ``huyes`` and ``huir``,
``Stufen`` and ``Stufe`` meet), the parts of a German compound that are words of the corpus
(``Schatzkarten`` → ``schatz karten``), and for Japanese the dictionary form and the kana reading
of each word SudachiPy finds (so ``にげる`` finds 逃げる and ``しゅぞく`` finds 種族); the lemma of each
Spanish, German or English word (simplemma: ``mueres`` → ``morir``), and the inflected forms of
those lemmas (``word_forms``), which the database keeps so that a query's ``muero`` is looked up
there rather than by loading a lemmatiser at query time. At query time
``latin_variants`` gives the stems of a word in each language the index was stemmed in and its
German spellings (``ue`` → ``ü``), ``clitic_base`` a Spanish verb without the pronouns written
onto it (``curarse`` → ``curar``), ``split_compound`` a compound typed as one word cut into two
words of the index, and ``japanese_content`` cuts a Japanese phrase into the words
that carry its meaning, without particles and verb endings. PyStemmer is a C extension holding
every Snowball language, whose loading costs a lookup about a millisecond: the build stores the
stems of every word it meets (``stem_table``), and a query loads the stemmer only for a word
the rulebooks, their word forms and the glossary never use. SudachiPy loads a dictionary (about 150 ms) and is imported only for a
Japanese query that has hiragana in it, and at build time.
"""

from __future__ import annotations

from functools import lru_cache

from .textkeys import fold, is_cjk_char, search_tokens

#: the languages Snowball stems, by our language code
STEM_LANGUAGES = {"es": "spanish", "de": "german", "en": "english"}
#: the languages whose words are indexed with their lemma too (simplemma, at build time only)
LEMMA_LANGUAGES = ("es", "de", "en")
#: wordfreq's Zipf frequency from which a word is so common (la, dem, của, the...) that a query
#: does not require it: about once in every million words and more often
COMMON_ZIPF = 6.0
#: Vietnamese is written syllable by syllable and its syllables are frequent as such (điểm,
#: thưởng), so only its grammar words (của, và, các, là) pass this higher mark
COMMON_ZIPF_BY_LANG = {"vi": 6.9}
#: the shortest part of a compound worth indexing on its own
COMPOUND_PART_MIN = 4
#: Sudachi's parts of speech that carry meaning (not particles, auxiliaries, symbols)
CONTENT_POS = ("名詞", "動詞", "形容詞", "形状詞", "副詞", "代名詞")
_GERMAN_SPELLINGS = (("ae", "a"), ("oe", "o"), ("ue", "u"))


@lru_cache(maxsize=None)
def _stemmer(lang: str):
    import Stemmer  # PyStemmer

    return Stemmer.Stemmer(STEM_LANGUAGES[lang])


def stem(word: str, lang: str) -> str:
    """The Snowball stem of a folded word (the word itself in a language without a stemmer)."""
    if lang not in STEM_LANGUAGES or not word.isalpha():
        return word
    return _stemmer(lang).stemWord(word)


def stem_forms(word: str) -> list[str]:
    """The forms of a folded query word that are stemmed: the word, then its German spelling
    without ``e`` after a vowel (``gegenstaende`` → ``gegenstande``, as ``Gegenstände`` is
    folded) when that differs."""
    forms = [word]
    spelled = word
    for typed, folded in _GERMAN_SPELLINGS:
        spelled = spelled.replace(typed, folded)
    if spelled != word and len(spelled) >= 3:
        forms.append(spelled)
    return forms


def latin_variants(word: str, languages: tuple[str, ...] | None = None,
                   known: dict[tuple[str, str], str] | None = None) -> list[str]:
    """Forms of a folded query word the index may hold: its German spelling (``stem_forms``),
    then the stems of each form in each of ``languages`` that has a stemmer (all by default).
    The word itself is not included. ``known`` gives stems already at hand, by (form,
    language): the build stores those of every word it met (``word_stems``), so the stemmer is
    loaded only for a word the rulebooks never use."""
    variants: list[str] = []
    for form in stem_forms(word):
        for lang in [lang for lang in STEM_LANGUAGES if languages is None or lang in languages]:
            stemmed = known.get((form, lang)) if known else None
            for candidate in (form, stemmed or stem(form, lang)):
                if candidate != word and candidate not in variants and len(candidate) >= 2:
                    variants.append(candidate)
    return variants


#: Spanish pronouns written onto an infinitive or a gerund (curarse, dámelo, huyendole)
_CLITICS = ("selos", "selas", "sela", "selo", "nos", "los", "las", "les", "se", "me", "te", "os",
            "lo", "la", "le")
_CLITIC_HOSTS = ("ar", "er", "ir", "ando", "iendo", "yendo")


def clitic_base(word: str) -> str | None:
    """A folded Spanish infinitive or gerund without the pronouns written onto it (``curarse`` →
    ``curar``, ``huyendole`` → ``huyendo``), which the rulebooks print without them; ``None``
    when the word does not end that way."""
    for clitic in _CLITICS:
        if word.endswith(clitic):
            base = word[: -len(clitic)]
            if len(base) >= 4 and base.endswith(_CLITIC_HOSTS):
                return base
            # two pronouns (dárselo): one more round
            for inner in ("se", "me", "te", "nos", "os"):
                if base.endswith(inner) and len(base) - len(inner) >= 4 \
                        and base[: -len(inner)].endswith(_CLITIC_HOSTS):
                    return base[: -len(inner)]
    return None


def split_compound(word: str, known) -> list[str]:
    """A folded compound typed as one word cut into two parts that ``known`` (a function from
    candidate words to those that are index terms) says the rulebooks use (``tauschhandel`` →
    ``tausch handel``, ``handkarten`` → ``hand karten``), with or without a linking
    ``s``/``n``/``en``/``e``; the longest head first; nothing when no cut gives two known words."""
    cuts = []
    for cut in range(len(word) - COMPOUND_PART_MIN, COMPOUND_PART_MIN - 1, -1):
        head, tail = word[:cut], word[cut:]
        for link in ("", "s", "n", "en", "e"):
            if link and not head.endswith(link):
                continue
            base = head[: len(head) - len(link)] if link else head
            if len(base) >= COMPOUND_PART_MIN:
                cuts.append((base, tail))
    if not cuts:
        return []
    present = set(known(sorted({part for cut in cuts for part in cut})))
    for base, tail in cuts:
        if base in present and tail in present:
            return [base, tail]
    return []


def stem_table(words: set[str]) -> list[dict]:
    """Rows of the ``word_stems`` table for folded ``words``: each word and each of its
    ``stem_forms``, with its stem in every language that has a stemmer (``None`` where the stem
    is the word itself, which keeps the table small)."""
    forms = sorted({form for word in words for form in stem_forms(word)})
    return [{"word": form, **{lang: (stemmed if (stemmed := stem(form, lang)) != form else None)
                              for lang in STEM_LANGUAGES}}
            for form in forms]


def compound_parts(word: str, vocabulary: set[str]) -> list[str]:
    """The two parts of a folded compound that are both words of ``vocabulary`` (with or
    without a linking ``s``/``n``/``en``/``e``), longest head first; nothing if none is."""
    for cut in range(len(word) - COMPOUND_PART_MIN, COMPOUND_PART_MIN - 1, -1):
        head, tail = word[:cut], word[cut:]
        if tail not in vocabulary:
            continue
        for link in ("", "s", "n", "en", "e"):
            if link and not head.endswith(link):
                continue
            base = head[: len(head) - len(link)] if link else head
            if len(base) >= COMPOUND_PART_MIN and base in vocabulary:
                return [base, tail]
    return []


@lru_cache(maxsize=200_000)
def lemma(word: str, lang: str) -> str:
    """The folded lemma of a word as printed (``mueres`` → ``morir``, ``Flüche`` → ``fluch``);
    simplemma loads its dictionary for the language (seconds): build time only."""
    import simplemma

    return fold(simplemma.lemmatize(word, lang=lang))


def word_forms(lang: str, lemmas: set[str]) -> list[tuple[str, str]]:
    """Every (form, lemma) of simplemma's dictionary for ``lang`` whose lemma is in ``lemmas``,
    both folded: the inflections a reader may type of the words a rulebook uses."""
    from simplemma.strategies.dictionaries import DefaultDictionaryFactory

    pairs = set()
    for form, base in DefaultDictionaryFactory().get_dictionary(lang).items():
        base = fold(base.decode() if isinstance(base, bytes) else base)
        if base in lemmas:
            folded = fold(form)
            if folded != base and folded.isalpha():
                pairs.add((folded, base))
    return sorted(pairs)


def common_words(lang: str, words: set[str]) -> list[str]:
    """The folded ``words`` (as printed, lower case) that are among the most frequent of
    ``lang``; none for a language wordfreq does not know or that is not written with spaces."""
    if lang == "ja":
        return []
    from wordfreq import available_languages, zipf_frequency

    if lang not in available_languages():
        return []
    mark = COMMON_ZIPF_BY_LANG.get(lang, COMMON_ZIPF)
    return sorted({fold(w) for w in words if zipf_frequency(w, lang) >= mark})


def printed_words(text: str) -> list[str]:
    """The words of a text as printed, in lower case (for the lemmatiser, which needs accents)."""
    out, word = [], []
    for ch in text.lower() + " ":
        if ch.isalpha() and not is_cjk_char(ch):
            word.append(ch)
        elif word:
            out.append("".join(word))
            word = []
    return out


@lru_cache(maxsize=1)
def _japanese_tokenizer():
    from sudachipy import Dictionary, SplitMode

    return Dictionary().tokenizer(mode=SplitMode.C)


def japanese_words(text: str) -> list[tuple[str, str, str, str]]:
    """Sudachi's words of ``text`` as (surface, dictionary form, part of speech, reading)."""
    tokenizer = _japanese_tokenizer()
    return [(m.surface(), m.normalized_form(), m.part_of_speech()[0], m.reading_form())
            for m in tokenizer.tokenize(text[:20000])]


def katakana(text: str) -> str:
    """Hiragana turned into katakana (the readings Sudachi gives are in katakana)."""
    return "".join(chr(ord(ch) + 0x60) if "ぁ" <= ch <= "ゖ" else ch for ch in text)


def _content_stem(dictionary_form: str, pos: str) -> str:
    """A verb or adjective without its last kana (逃げる → 逃げ, 売る → 売), which every
    inflection of it shares; other words whole."""
    if pos in ("動詞", "形容詞") and len(dictionary_form) > 1 and not is_kanji(dictionary_form[-1]):
        return dictionary_form[:-1]
    return dictionary_form


def is_kanji(ch: str) -> bool:
    return is_cjk_char(ch) and not ("\u3040" <= ch <= "\u30ff")


def japanese_content(phrase: str) -> list[tuple[str, str | None]]:
    """The words of a Japanese query phrase that carry meaning, each as (what the text prints,
    its reading in katakana when the phrase was typed in kana)."""
    words = []
    for surface, normal, pos, reading in japanese_words(phrase):
        if pos not in CONTENT_POS:
            continue
        kana_typed = all("\u3040" <= ch <= "\u309f" for ch in surface)
        words.append((_content_stem(normal, pos), katakana(surface) if kana_typed else None))
    return words


def index_extras(text: str, lang: str, vocabulary: set[str] | None = None) -> list[str]:
    """The keys a text gets beside its folded words (see the module docstring)."""
    extras: list[str] = []
    seen: set[str] = set()

    def add(token: str) -> None:
        if token and token not in seen:
            seen.add(token)
            extras.append(token)

    if lang == "ja":
        if any(is_cjk_char(ch) for ch in text):
            for surface, normal, pos, reading in japanese_words(text):
                if pos not in CONTENT_POS:
                    continue
                if normal != surface:
                    for token in search_tokens(fold(_content_stem(normal, pos))):
                        add(token)
                if any(is_kanji(ch) for ch in surface) and reading:
                    for token in search_tokens(fold(reading)):
                        add(token)
        return extras
    for printed in printed_words(text):
        word = fold(printed)
        if not word.isalpha():
            continue
        if lang in STEM_LANGUAGES:
            stemmed = stem(word, lang)
            if stemmed != word:
                add(stemmed)
        if lang in LEMMA_LANGUAGES:
            base = lemma(printed, lang)
            if base != word and base.isalpha():
                add(base)
        if lang == "de" and vocabulary:
            for part in compound_parts(word, vocabulary):
                add(part)
                add(stem(part, lang))
    return extras
