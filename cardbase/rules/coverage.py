"""How much of each rulebook the checker encodes, sentence by sentence.

Every section that states rules is split into sentences by its language's rules (Japanese at 。,
the others at a full stop, question or exclamation mark followed by a capital, and at line
breaks; a colon introducing an example or a list does not end a sentence). A sentence is
``encoded`` when some rule's citation, or the quote of an edition parameter the rules read,
overlaps it, even in part; ``partial`` when a citation overlapping it is declared decided only in
part (``model.partial``), each such citation naming the fact its rule lacks; ``unaccounted``
otherwise. The ``not_executable`` statuses
(flavour, examples, components...) are read from ``coverage/<rulebook>.json`` beside this
module, each entry quoting its sentence exactly (and, optionally, naming its section, so that a
short fragment of a damaged section accounts for that fragment only); an entry whose quote no
longer occurs is an error, as for rule citations.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from ..errors import DataError
from ..i18n import _
from ..storage import queries

#: a sentence's statuses: cited by a rule deciding it whole, cited by rules of which one decides
#: it only in part, stating no rule, neither
STATUSES = ("encoded", "partial", "not_executable", "unaccounted")
#: the reasons a sentence may be ``not_executable`` (rules-coverage spec)
REASONS = ("flavour", "example", "advice", "component", "cross_reference", "credits", "advert",
           "card_text", "table_talk", "damaged")
_DATA = Path(__file__).with_name("coverage")
_BREAK = re.compile(r"(?<=[.!?…])[\"”»)]*\s+(?=[\"“«(¿¡]*[A-ZÁÉÍÓÚÑÄÖÜÀ-Ỹ0-9•–-])|\n+|(?<=[•])")
_NUMBER = re.compile(r"\d{1,2}[.)]")
_JA_BREAK = re.compile(r"(?<=[。！？])|\n+")


def sentences(body: str, lang: str) -> list[tuple[int, int]]:
    """The spans of ``body``'s sentences (stripped, empty ones left out)."""
    pattern = _JA_BREAK if lang == "ja" else _BREAK
    spans, start = [], 0
    for match in pattern.finditer(body):
        spans.append((start, match.start()))
        start = match.end()
    spans.append((start, len(body)))
    merged: list[tuple[int, int]] = []
    for a, b in spans:
        # a list number ("1.", "2)") belongs to the sentence after it
        if merged and _NUMBER.fullmatch(body[merged[-1][0]:merged[-1][1]].strip()):
            a = merged.pop()[0]
        merged.append((a, b))
    out = []
    for a, b in merged:
        text = body[a:b]
        lead = len(text) - len(text.lstrip())
        a, b = a + lead, a + len(text.rstrip())
        if b > a and any(ch.isalnum() for ch in body[a:b]):
            out.append((a, b))
    return out


def _not_executable(rulebook: str) -> list[dict]:
    path = _DATA / f"{rulebook}.json"
    if not path.exists():
        return []
    entries = json.loads(path.read_text(encoding="utf-8"))
    for entry in entries:
        if entry.get("reason") not in REASONS:
            raise DataError(_("{path}: unknown reason {reason!r}; valid: {valid}", path=path,
                              reason=entry.get("reason"), valid=", ".join(REASONS)))
    return entries


def _matching(note: dict, items: list[dict]) -> list[dict]:
    """The sentences a ``not_executable`` entry accounts for: those holding its quote. An entry
    naming its ``section`` is kept to that section, and there a quote that is a whole sentence
    (a fragment of a damaged section, such as "hat,") names only the sentences equal to it."""
    quote, section = note["quote"], note.get("section")
    if section is None:
        return [i for i in items if quote in i["sentence"]]
    scope = [i for i in items if i["section"] == section]
    whole = [i for i in scope if i["sentence"] == quote]
    return whole or [i for i in scope if quote in i["sentence"]]


def _add_parameter_quotes(conn, rulebook: str | None, quotes: dict) -> None:
    """An edition's parameters are encoded too: each value's sentence drives the rules using
    it. The games' rule modules state the parameters; only those of the rulebooks covered are
    loaded, so a question about one game's rulebook imports no other game's rules."""
    from .model import PARAMETERS, load_rules

    games = queries.rulebook_games(conn)
    for game in {g for b, g in games.items() if rulebook is None or b == rulebook}:
        load_rules(game)
    if not any(b in PARAMETERS for b in games if rulebook is None or b == rulebook):
        return
    from .munchkin import EDITION_QUOTES, PARAMETER_RULES

    for book, named in EDITION_QUOTES.items():
        for name, quote in named.items():
            quotes.setdefault(book, {}).setdefault(quote, set()).update(
                PARAMETER_RULES.get(name, ()))


def unaccounted(conn, rulebook: str) -> tuple[int, int]:
    """How many of ``rulebook``'s rule sentences no rule cites and no note accounts for, and how
    many it has (0 and 0 for a rulebook without rule sections)."""
    try:
        book = coverage(conn, rulebook)["rulebooks"][0]
    except DataError:
        return 0, 0
    return book["unaccounted"], book["sentences"]


def coverage(conn, rulebook: str | None = None) -> dict:
    """Per rulebook: how many sentences, how many encoded, partial, not executable (by reason)
    and unaccounted, and every sentence with its status (a ``partial`` one with ``lacks``: each
    rule deciding it only in part and the fact that rule cannot see)."""
    quotes: dict[str, dict[str, set]] = {}
    for rule_id, book, quote, *_rest in queries.rule_citation_rows(conn):
        quotes.setdefault(book, {}).setdefault(quote, set()).add(rule_id)
    # per rulebook and quote: (rule, the fact it lacks) of each citation decided only in part
    lacking: dict[str, dict[str, set]] = {}
    for rule_id, book, quote, fact in queries.partial_citation_rows(conn):
        lacking.setdefault(book, {}).setdefault(quote, set()).add((rule_id, fact))
    _add_parameter_quotes(conn, rulebook, quotes)
    books: dict[str, dict] = {}
    for ref, _heading, body, lang in queries.rule_sections_with_lang(conn):
        book = ref.split("/", 1)[0]
        if rulebook is not None and book != rulebook:
            continue
        entry = books.setdefault(book, {"rulebook": book, "sentences": 0, "encoded": 0,
                                        "partial": 0, "not_executable": 0, "by_reason": {},
                                        "unaccounted": 0, "items": []})
        cited = []
        for quote, rules in quotes.get(book, {}).items():
            partly = lacking.get(book, {}).get(quote, set())
            at = body.find(quote)
            while at >= 0:
                cited.append((at, at + len(quote), rules, partly))
                at = body.find(quote, at + 1)
        for a, b in sentences(body, lang):
            text = body[a:b]
            over = [(rs, ps) for qa, qb, rs, ps in cited if qa < b and qb > a]
            rules = sorted({r for rs, _ps in over for r in rs})
            lacks = [{"rule": r, "fact": f} for r, f in sorted({p for _rs, ps in over for p in ps})]
            status = "partial" if lacks else "encoded" if rules else "unaccounted"
            item = {"section": ref, "sentence": text, "status": status, "rules": rules,
                    "reason": None, "lacks": lacks}
            entry["items"].append(item)
    if rulebook is not None and rulebook not in books:
        raise DataError(_("no rulebook {rulebook!r} with rule sections", rulebook=rulebook))
    known = {rule_id for rule_id, *_rest in queries.rule_citation_rows(conn)}
    for book, entry in books.items():
        for note in _not_executable(book):
            if note["reason"] == "example" and note.get("rule") not in known:
                raise DataError(_("coverage/{rulebook}.json: an example names the rule it "
                                  "illustrates; {rule!r} is no rule", rulebook=book,
                                  rule=note.get("rule")))
            matched = _matching(note, entry["items"])
            if not matched:
                raise DataError(_("coverage/{rulebook}.json: the quote {quote!r} no longer "
                                  "occurs", rulebook=book, quote=note["quote"]))
            for item in matched:
                if item["status"] == "unaccounted":
                    item["status"], item["reason"] = "not_executable", note["reason"]
                    if note.get("rule"):
                        item["rules"] = [note["rule"]]
        for item in entry["items"]:
            entry["sentences"] += 1
            entry[item["status"]] += 1
            if item["reason"]:
                entry["by_reason"][item["reason"]] = entry["by_reason"].get(item["reason"], 0) + 1
    return {"rulebooks": [books[b] for b in sorted(books)]}
