"""Reading accuracy on the question set of tests/ask/questions.yaml, for tests and the bench.

A question is read right when the query it reads into, flattened to dotted paths, is exactly its
expected facts (with ``game`` Munchkin unless said, and the rulebook an edition names). Variants
made from each question measure robustness: accents dropped, one letter typed twice in the
longest word, full-width forms. ``score`` measures a round written later (``round7.yaml``):
verdicts, queries, and the answers that were wrong while claiming a complete reading.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
LANGS = ("en", "es", "de", "ja", "vi")


SETS = ("questions.yaml", "heldout.yaml", "blind.yaml", "fresh.yaml")


def questions(name: str = "questions.yaml") -> list[dict]:
    """The questions of one set: ``questions.yaml`` (the main set), ``heldout.yaml``,
    ``blind.yaml`` and ``fresh.yaml`` (written after the lexicons, see BENCHMARKS.md)."""
    return yaml.safe_load((HERE / name).read_text(encoding="utf-8"))["questions"]


def flat(query: dict, prefix: str = "") -> dict:
    out = {}
    for key, value in query.items():
        if isinstance(value, dict):
            out.update(flat(value, f"{prefix}{key}."))
        else:
            out[prefix + key] = value
    return out


def expected(item: dict) -> dict:
    facts = {k: v for k, v in item["facts"].items() if k != "edition"}
    facts.setdefault("game", "munchkin")
    if "rulebook" in item:
        facts["rulebook"] = item["rulebook"]
    return facts


def read_query(asker, text: str, lang: str | None) -> dict | None:
    from cardbase.errors import CardbaseError

    try:
        return stated(asker.ask(text, lang))
    except CardbaseError:
        return None


def stated(answer: dict) -> dict:
    """The query an answer was given for, flattened, without what the question presupposes
    (listed apart from what it states, in ``assumed``)."""
    presupposed = {fact["key"] for fact in answer["assumed"] if fact["why"] != "default"}
    return {k: v for k, v in flat(answer["query"]).items() if k not in presupposed}


def strip_accents(text: str) -> str:
    out = "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))
    return out.replace("đ", "d").replace("Đ", "D")


def typo(text: str) -> str:
    """The longest word of ``text`` with its middle letter doubled (one-letter typo)."""
    words = text.split()
    longest = max(range(len(words)), key=lambda i: len(words[i]))
    w = words[longest]
    m = len(w) // 2
    words[longest] = w[:m] + w[m] + w[m:]
    return " ".join(words)


def full_width(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else ("\u3000" if c == " " else c)
                   for c in text)


def half_width_kana(text: str) -> str:
    """Katakana written in half-width forms (what some keyboards and old systems type)."""
    table = {}
    for code in range(0xFF66, 0xFF9E):
        table[unicodedata.normalize("NFKC", chr(code))] = chr(code)
    out = []
    for c in text:
        base = unicodedata.normalize("NFD", c)
        if base[0] in table:
            out.append(table[base[0]] + ("\uff9e" if "\u3099" in base else "\uff9f" if "\u309a"
                                         in base else ""))
        else:
            out.append(c)
    return "".join(out)


VARIANTS = {"no_accents": strip_accents, "typo": typo, "full_width": full_width,
            "half_width_kana": half_width_kana}


def accuracy(asker, lang: str, form: int, variant=None, given_lang: bool = True,
             name: str = "questions.yaml"):
    """(right, total, misses) over the set for ``lang``; ``form`` 0 = full, 1 = terse."""
    right, misses, items = 0, [], questions(name)
    for item in items:
        text = item[lang][form]
        if variant:
            text = variant(text)
        got = read_query(asker, text, lang if given_lang else None)
        if got == expected(item):
            right += 1
        else:
            misses.append((item["id"], text, got))
    return right, len(items), misses


def agreement(asker, form: int = 0, name: str = "questions.yaml") -> tuple[int, int]:
    """How many questions read into one query in all five languages."""
    same = 0
    items = questions(name)
    for item in items:
        queries = [read_query(asker, item[lang][form], lang) for lang in LANGS]
        same += all(q is not None and q == queries[0] for q in queries)
    return same, len(items)


def verdicts(asker, lang: str, name: str = "questions.yaml") -> tuple[int, int, list]:
    """How many full questions get the verdict the rulebooks give."""
    right, misses = 0, []
    for item in questions(name):
        try:
            verdict = asker.ask(item[lang][0], lang)["verdict"]
        except Exception as exc:  # noqa: BLE001 - a refused question counts as a miss
            verdict = f"error: {exc}"
        if verdict == item["verdict"]:
            right += 1
        else:
            misses.append((item["id"], item["verdict"], verdict))
    return right, len(questions(name)), misses


#: the forms of each question in a round: a full (narrative) question, then a terse one
FORMS = ("full", "terse")


def nested(facts: dict) -> dict:
    """The careful query from its flattened facts."""
    query: dict = {"state": {}, "action": {}}
    for path, value in facts.items():
        node = query
        parts = path.split(".")
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        node[parts[-1]] = value
    query.setdefault("game", "munchkin")
    return query


def score(conn, items: list[dict], langs=LANGS) -> dict:
    from cardbase.ask import Asker
    from cardbase.errors import CardbaseError
    from cardbase.rules.checker import check

    asker = Asker(conn)
    rows, verdicts_by_item, misses = {}, {}, []
    checked = {}     # the checker's verdict on each item's careful query, asked once
    for item in items:
        try:
            checked[item["id"]] = check(conn, nested(expected(item)))["verdict"]
        except CardbaseError:
            checked[item["id"]] = None
    for lang in langs:
        for form_index, form in enumerate(FORMS):
            row = {"n": 0, "verdict": 0, "query": 0, "facts": 0.0, "check": 0,
                   "wrong_complete": 0, "complete": 0, "refused": 0}
            for item in items:
                texts = item.get(lang) or []
                if form_index >= len(texts):
                    continue
                row["n"] += 1
                want = expected(item)
                try:
                    answer = asker.ask(texts[form_index], lang)
                except CardbaseError:
                    row["refused"] += 1
                    verdicts_by_item.setdefault(item["id"], {})[(lang, form)] = None
                    misses.append((item["id"], lang, form, "refused", None))
                    continue
                got = stated(answer)
                right = answer["verdict"] == item["verdict"]
                row["verdict"] += right
                row["query"] += got == want
                row["facts"] += sum(got.get(k) == v for k, v in want.items()) / len(want)
                row["check"] += answer["verdict"] == checked[item["id"]]
                row["complete"] += answer["complete"]
                row["wrong_complete"] += (not right) and answer["complete"]
                verdicts_by_item.setdefault(item["id"], {})[(lang, form)] = answer["verdict"]
                if not right:
                    misses.append((item["id"], lang, form, answer["verdict"],
                                   {"want": item["verdict"], "query": got,
                                    "unread": answer["unread"]}))
            if row["n"]:
                row["facts"] = round(row["facts"] / row["n"], 3)
            rows[f"{lang}-{form}"] = row
    same = {}
    for form in FORMS:
        same[form] = sum(
            1 for item_verdicts in verdicts_by_item.values()
            if len({v for (lang, f), v in item_verdicts.items() if f == form}) == 1
            and None not in item_verdicts.values())
    return {"questions": len(items), "rows": rows, "five_languages_same_verdict": same,
            "misses": misses}
