"""What the ``translate`` commands do: init, export, import and status.

``init`` creates both catalogs of a new language; ``export`` brings them up to date with the
current sources (nothing lost: changed sources make fuzzy entries, removed ones obsolete entries)
and can copy them out for Poedit, Weblate or Crowdin; ``import_files`` checks a translator's
files and merges them only when every file is clean; ``status`` counts, per language and kind,
what is translated, fuzzy or missing, and which rule topics each language has in a published
rulebook, in a community translation, or not at all.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog
from babel.messages.plurals import get_plural

from ..errors import DataErrors, QueryError
from ..i18n import _
from ..paths import Locales, as_locales
from ..storage import queries
from .catalogs import CONTENT, DOMAINS, INTERFACE, merge_content, merge_interface, read, write
from .checks import check_file, plural_header
from . import content
from .content import content_template

SHIPPED = ("en", "es", "de", "ja", "vi")


def _check_language(lang: str) -> str:
    try:
        Locale.parse(lang.replace("-", "_"))
    except (UnknownLocaleError, ValueError) as exc:
        raise QueryError(_("unknown language code {lang!r}", lang=lang)) from exc
    return lang.replace("-", "_")


def templates(conn: sqlite3.Connection, locales: Locales | Path, lang: str | None = None
              ) -> dict[str, Catalog]:
    from babel.messages.pofile import read_po

    template = as_locales(locales).template()
    if template is None:
        raise QueryError(_("no interface template cardbase.pot in {folders}", folders=", ".join(
            str(layer) for layer in as_locales(locales).layers)))
    with template.open("rb") as handle:
        interface = read_po(handle)
    return {INTERFACE: interface, CONTENT: content_template(conn, lang)}


def languages(locales: Locales | Path) -> list[str]:
    """Every language with catalogs (the shipped ones first)."""
    found = as_locales(locales).languages()
    return ([lang for lang in SHIPPED if lang in found or lang == "en"]
            + [lang for lang in found if lang not in SHIPPED])


def _merged(conn, locales: Locales, lang: str) -> dict[str, Catalog]:
    current = templates(conn, locales, lang)
    out = {}
    for domain in DOMAINS:
        path = locales.catalog(lang, domain)
        existing = read(path, lang) if path is not None else None
        merge = merge_content if domain == CONTENT else merge_interface
        out[domain] = merge(existing, current[domain], lang)
    return out


def init(conn, locales: Locales | Path, lang: str) -> list[Path]:
    lang = _check_language(lang)
    locales = as_locales(locales)
    paths = [locales.target(lang, domain) for domain in DOMAINS]
    existing = [p for p in (locales.catalog(lang, domain) for domain in DOMAINS) if p]
    if existing:
        raise QueryError(_("{path} exists already; `cardbase translate export {lang}` updates it",
                           path=existing[0], lang=lang))
    for domain, catalog in _merged(conn, locales, lang).items():
        write(locales.target(lang, domain), catalog)
    return paths


def export(conn, locales: Locales | Path, lang: str, out: Path | None = None) -> list[Path]:
    lang = _check_language(lang)
    locales = as_locales(locales)
    if locales.catalog(lang, INTERFACE) is None:
        raise QueryError(_("no catalogs for {lang}; start with `cardbase translate init {lang}`",
                           lang=lang))
    written = []
    for domain, catalog in _merged(conn, locales, lang).items():
        path = locales.target(lang, domain)
        write(path, catalog)
        if out is not None:
            target = Path(out) / f"{lang}-{domain}.po"
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, target)
            written.append(target)
        else:
            written.append(path)
    return written


def _adopt_plural_forms(catalog: Catalog, count: int, expression: str) -> None:
    """Give ``catalog`` the translator's Plural-Forms; plural entries get as many forms."""
    headers = [(k, v) for k, v in catalog.mime_headers if k.lower() != "plural-forms"]
    catalog.mime_headers = [*headers, ("Plural-Forms", f"nplurals={count}; plural={expression};")]
    for message in catalog:
        if message.id and isinstance(message.id, tuple):
            forms = list(message.string) if isinstance(message.string, (list, tuple)) else [
                message.string]
            message.string = tuple((forms + [""] * count)[:count])


def import_files(conn, locales: Locales | Path, lang: str, files: list[Path]) -> dict:
    """Check every file; import all of them, or (on any problem) none.

    Returns the number of translations imported per catalog and, under ``plural_forms``, each
    translator's Plural-Forms header that differed from the catalog's and was adopted (with the
    plural entries given that many forms), so the caller can say so.
    """
    lang = _check_language(lang)
    locales = as_locales(locales)
    current = templates(conn, locales, lang)
    checked, errors = [], []
    for path in files:
        catalog, domain, problems = check_file(Path(path), lang, current)
        errors.extend(problems)
        if catalog is not None:
            checked.append((Path(path), catalog, domain))
    if errors:
        raise DataErrors(errors)
    merged = _merged(conn, locales, lang)
    counts: dict = {INTERFACE: 0, CONTENT: 0, "plural_forms": []}
    for path, catalog, domain in checked:
        header = plural_header(catalog)
        if header and (header[0], header[1]) != (merged[domain].num_plurals,
                                                 merged[domain].plural_expr):
            counts["plural_forms"].append({
                "file": str(path), "lang": lang, "header": f"nplurals={header[0]}; "
                f"plural={header[1]};", "was": merged[domain].plural_forms,
                "cldr_forms": get_plural(lang).num_plurals})
            for target in merged.values():
                _adopt_plural_forms(target, *header)
        target = merged[domain]
        for message in catalog:
            if not message.id:
                continue
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if not any(strings):
                continue
            entry = target.get(message.id, message.context)
            if entry is None:
                continue
            entry.string = message.string
            if message.fuzzy:
                entry.flags.add("fuzzy")
            else:
                entry.flags.discard("fuzzy")
                entry.previous_id = []
            counts[domain] += 1
    for domain, catalog in merged.items():
        write(locales.target(lang, domain), catalog)
    return counts


KINDS = ("interface", "content")
#: What ``status`` counts, said in the JSON output so a CI script knows what a percentage means
COUNTING = {
    "interface": "every message of cardbase.pot",
    "content": "every entry of the content template the language does not have from a published "
               "source, except the entries no one is meant to translate (see not_counted)",
    "not_counted": {
        content.OWN_RULEBOOK: "a whole rule section of a game the language has a published "
                              "rulebook of",
        content.OTHER_PRINTING: "a card's printed text in a further language (one printing of "
                                "each card is counted: English, else the first)",
        "no-catalog": "a catalog the language does not have: it has not started that kind",
    },
    "percent": "translated (not fuzzy) / counted entries",
}


def _state(message) -> str:
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    if not all(strings):
        return "missing"
    return "fuzzy" if message.fuzzy else "translated"


def _tally(messages) -> dict[str, int | float]:
    counts = {"translated": 0, "fuzzy": 0, "missing": 0}
    for message in messages:
        counts[_state(message)] += 1
    total = sum(counts.values())
    return {**counts, "total": total,
            "percent": round(100.0 * counts["translated"] / total, 1) if total else 100.0}


def _counts(catalog: Catalog, optional: dict[str, str] | None = None) -> dict:
    """Translated, fuzzy and missing among the entries meant to be translated; the others
    (``optional``: context → reason) counted apart; content also per part."""
    optional = optional or {}
    entries = [m for m in catalog if m.id]
    counted = [m for m in entries if m.context not in optional]
    row = dict(_tally(counted))
    if optional:
        extra = [m for m in entries if m.context in optional]
        reasons: dict[str, int] = {}
        for message in extra:
            reasons[optional[message.context]] = reasons.get(optional[message.context], 0) + 1
        row["optional"] = {**_tally(extra), "reasons": dict(sorted(reasons.items()))}
    if any(m.context for m in entries):
        row["parts"] = {part: _tally([m for m in counted if content.part_of(m.context) == part])
                        for part in content.PARTS}
    return row


def status(conn, locales: Locales | Path) -> dict:
    """Per language and kind, what is translated, fuzzy or missing among what is meant to be
    translated (see ``COUNTING``); then per topic, which languages have it and how."""
    locales = as_locales(locales)
    rows = []
    for lang in languages(locales):
        if lang == "en":
            continue
        merged = _merged(conn, locales, lang)
        optional = content.not_meant(conn, lang)
        for domain in DOMAINS:
            kind = "interface" if domain == INTERFACE else "content"
            started = locales.catalog(lang, domain) is not None
            row = {"lang": lang, "kind": kind, "counted": started,
                   **_counts(merged[domain], optional if domain == CONTENT else None)}
            if not started:
                row["why_not_counted"] = "no-catalog"
            rows.append(row)
    published: dict[str, set[str]] = {}
    for topic_id, lang in queries.published_topic_langs(conn):
        published.setdefault(topic_id, set()).add(lang)
    community: dict[str, set[str]] = {}
    for topic_id, lang in queries.community_topic_langs(conn):
        community.setdefault(topic_id, set()).add(lang)
    all_langs = sorted({l for ls in published.values() for l in ls} | set(languages(locales)))
    topics = []
    for topic_id in queries.topic_ids(conn):
        if topic_id not in published and topic_id not in community:
            continue
        topics.append({"topic": topic_id, "languages": {
            lang: "published" if lang in published.get(topic_id, ()) else
            "community" if lang in community.get(topic_id, ()) else "none"
            for lang in all_langs}})
    return {"catalogs": rows, "topics": topics, "languages": all_langs, "counting": COUNTING}


def parse_minimum(value: str) -> tuple[str | None, float]:
    """``90`` (every kind) or ``interface=90`` / ``content=50`` (one kind) as (kind, percent)."""
    kind, _sep, number = value.rpartition("=")
    kind = kind.strip() or None
    if kind is not None and kind not in KINDS:
        raise QueryError(_("unknown catalog kind {kind!r} in --min {value}; use {kinds}",
                           kind=kind, value=value, kinds=", ".join(KINDS)))
    try:
        percent = float(number)
    except ValueError:
        percent = -1.0
    if not 0 <= percent <= 100:
        raise QueryError(_("--min {value}: expected a percentage from 0 to 100, optionally after "
                           "a kind (interface=90, content=50)", value=value))
    return kind, percent


def below(report: dict, minimums) -> list[dict]:
    """The counted catalogs below their minimum: ``minimums`` is a number (every kind), or a
    list of ``(kind or None, percent)``; a kind's own minimum wins over one for every kind."""
    if isinstance(minimums, (int, float)):
        minimums = [(None, float(minimums))]
    wanted: dict[str, float] = {}
    for kind, percent in sorted(minimums, key=lambda item: item[0] is not None):
        for each in ([kind] if kind else KINDS):
            wanted[each] = percent
    return [{**row, "minimum": wanted[row["kind"]]} for row in report["catalogs"]
            if row.get("counted", True) and row["kind"] in wanted
            and row["percent"] < wanted[row["kind"]]]
