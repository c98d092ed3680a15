"""How the command line shows the library's answers: one function per kind of result, echoing it.

Each function takes what a library function returned (plain dicts and lists) and prints it as
text: tables of rulebooks, cards and translation status, search hits, sections, cards, glossary
terms, rule verdicts, combat steps, edition differences, decision tables, and the progress and
summary lines of the build, site and translate commands (those go to standard error, like every
note that is not the answer). ``json_output`` prints a result as JSON instead. Columns are
measured in display columns (``textwidth``), so Japanese lines up; situations are said in words
(``situations``); a long list says how much it left out; a damaged section says so with its
quality. Only the standard library, click and those small modules of cardbase are imported
(wcwidth only when a table holds wide characters), so that rendering adds nothing heavy to a
lookup's start-up.
"""

from __future__ import annotations


import click

from .i18n import _, ngettext
from .textwidth import fit, ljust, table, width
from . import words
from .words import FLAGS

VERDICT_MARKS = {"allowed": "✓", "forbidden": "✗", "conditional": "?"}
DAMAGED_BELOW = 0.9       # a section scored below this is said to be damaged with its result
LIST_LIMIT = 10           # lines of a long list shown before "and 25 more"
#: the damage flags' labels (``cardbase.words``, shared with the site)
FLAG_WORDS = {name: label for name, (label, _meaning) in FLAGS.items() if name != "corrected"}


def json_output(data) -> None:
    """Any result as JSON on standard output, and nothing else there."""
    import json  # only for --json: a text answer does not pay for the module

    click.echo(json.dumps(data, ensure_ascii=False, indent=2))


def note(message: str) -> None:
    """A line for the user that is not the answer (progress, a warning): on standard error."""
    click.echo(message, err=True)


def _echo_table(rows: list[tuple[str, ...]], right: tuple[int, ...] = ()) -> None:
    for line in table(rows, right):
        click.echo(line)


def _more(shown: int, total: int, indent: str = "    ") -> None:
    """Says how many lines of a list cut for length were left out."""
    if total > shown:
        click.echo(indent + ngettext("… and {n} more", "… and {n} more", total - shown))


def _damage(item: dict) -> str | None:
    """"quality 42% · scrambled, truncated" for a section scored below ``DAMAGED_BELOW``; None
    for a sound one. ``flags`` are names or ``{"flag": name}`` records, when the result has
    them."""
    quality = item.get("quality")
    if quality is None or quality >= DAMAGED_BELOW:
        return None
    flags = [f["flag"] if isinstance(f, dict) else f for f in item.get("flags") or []]
    words = ", ".join(_(FLAG_WORDS[f]) if f in FLAG_WORDS else f.replace("_", " ")
                      for f in flags)
    text = _("quality {score:.0%}", score=quality)
    return f"{text} · {words}" if words else _("{quality} · damaged text", quality=text)


# --- the rules reference --------------------------------------------------------------------

def rulebooks(rows: list[dict]) -> None:
    """``cardbase rulebooks``: one aligned line per rulebook."""
    header = (_("id"), _("game"), _("lang"), _("edition"), _("sections"), _("quality"))
    _echo_table([header] + [(
        r["id"], r["game"], r["lang"], words.edition(r["edition"]), str(r["sections"]),
        _("{score:.0%} ({flagged} flagged, {corrected} corrected)", score=r["quality"],
          flagged=r["flagged_sections"], corrected=r["corrections"])) for r in rows],
        right=(4,))


def _hit(hit: dict) -> None:
    page = _(" p. {page}", page=hit["page"]) if hit.get("page") else ""
    click.echo(f"{hit['heading']}  ({hit['rulebook']}, {hit['lang']}{page})  {hit['ref']}")
    damage = _damage(hit)
    if damage:
        click.secho(f"    ! {damage}", fg="yellow")
    click.echo(f"    {hit['snippet']}")


def rule_hits(found: dict, all_languages: bool = False) -> bool:
    """``cardbase rule``: the sections found (with ``all_languages``, grouped by topic).

    Returns whether there was anything to show. When no section held every word of the query,
    a first line says that the sections shown hold only some of them.
    """
    if found.get("match") == "any" and found["results"]:
        click.echo(_("No section holds every word of the query; showing sections that hold "
                     "some of them."))
    if all_languages and found.get("topics"):
        for group in found["topics"]:
            click.secho(f"{group['title']} [{group['topic']}]", bold=True)
            for hit in group["sections"]:
                _hit(hit)
        return True
    for hit in found["results"]:
        _hit(hit)
    return bool(found["results"])


def section(data: dict, raw: bool = False, lang: str | None = None) -> None:
    """``cardbase section``: the repaired text with what is known about it, or the raw text;
    with ``lang``, the section's community translation into it when there is one."""
    if raw:
        click.echo(data["raw"])
        return
    click.secho(data["heading"], bold=True)
    meta = [data["ref"], _("kind: {kind}", kind=words.section_kind(data["kind"]))]
    if data["page"]:
        meta.append(_("page {page}", page=data["page"]))
    if data["topic"]:
        meta.append(_("topic: {title} ({topic})", title=data["topic_title"], topic=data["topic"]))
    meta.append(_("raw characters {start}–{end}", start=data["raw_span"][0], end=data["raw_span"][1]))
    meta.append(_("quality {score:.0%}", score=data["quality"]))
    click.echo(" · ".join(meta))
    damage = _damage(data)
    if damage:
        click.secho("  ! " + _("{damage}: the text may be damaged; compare it with the raw "
                               "text (--raw)", damage=damage), fg="yellow")
    for flag in data["flags"]:
        click.echo(_("  ! {flag}: {detail}", flag=flag["flag"], detail=flag["detail"]))
    repairs = sum(data["repairs_by_stage"].values())
    if repairs:
        detail = ", ".join(f"{k} {v}" for k, v in data["repairs_by_stage"].items())
        click.echo("  " + ngettext("{n} repair ({detail})", "{n} repairs ({detail})", repairs,
                                   detail=detail))
    click.echo()
    click.echo(data["body"])
    translation = data["translations"].get(lang) if lang else None
    if translation:
        click.echo()
        click.secho(_("Community translation ({lang}), not a published text", lang=lang) +
                    (_(" — the source changed since; it may be out of date")
                     if translation["fuzzy"] else ""), bold=True)
        click.echo(translation["text"])


def sections(rows: list[dict]) -> None:
    """``cardbase sections``: one line per section, indented by level."""
    refs = max((width(row["ref"]) for row in rows), default=0)
    for row in rows:
        indent = "  " * (row["level"] - 1)
        marks = "" if row["kind"] == "rule" else f" [{words.section_kind(row['kind'])}]"
        damage = _damage(row)
        marks += f"  ! {damage}" if damage else ""
        click.echo(f"{ljust(row['ref'], refs)}  {indent}{row['heading']}{marks}")


# --- cards and the glossary -----------------------------------------------------------------

def _quote(source: dict) -> str:
    if source.get("ours"):
        return _("(ours)")
    quote = fit(" ".join((source.get("quote") or "").split()), 70)
    return f"{source.get('rulebook')}: “{quote}”"


def _card_title(names: dict[str, list[dict]]) -> str:
    """The English name of a card, else its first name (``search.cards.display_name(names,
    None)``, repeated here to keep the library's imports off the rendering path)."""
    for entry in names.get("en", []):
        if entry["kind"] == "name":
            return entry["name"]
    return next((e["name"] for entries in names.values() for e in entries), "?")


def card(found: dict) -> None:
    """``cardbase card``: each card found, with the sources of its names, stats and texts; a
    fuzzy match is said so on standard error."""
    if found["match"] == "fuzzy":
        note(_("no card is named {name!r}; the nearest is {match!r}", name=found["query"],
               match=found["matched_name"]))
    for index, detail in enumerate(found["cards"]):
        if index:
            click.echo()
        click.secho(f"{_card_title(detail['names'])}  [{detail['id']}]", bold=True)
        click.echo(_("{type} · {game}", type=words.card_type(detail["type"]),
                     game=detail["game"]))
        for lang, names in sorted(detail["names"].items()):
            for entry in names:
                alias = _(" (alias)") if entry["kind"] == "alias" else ""
                click.echo(f"  {lang}  {entry['name']}{alias}  {_quote(entry)}")
        for stat, entry in detail["stats"].items():
            value = words.stat_value(stat, entry["value"])
            click.echo(f"  {words.stat(stat)}: {value}  {_quote(entry)}")
        for lang, entry in detail["text"].items():
            click.echo(_("  text ({lang}): {text}", lang=lang, text=entry["value"]))
        if detail["counterparts"]:
            click.echo(_("  counterparts: {ids}", ids=", ".join(detail["counterparts"])))
        if detail["mentions"]:
            click.echo(_("  mentioned in:"))
            for mention in detail["mentions"]:
                click.echo(f"    {mention['ref']}  ({mention['heading']}, {mention['lang']})")


def cards(rows: list[dict], lang: str | None = None) -> None:
    """``cardbase cards``: one line per card, its name in ``lang`` where it has one."""
    lines = []
    for row in rows:
        other = f" ({row['name_lang']})" if lang and row["name_lang"] != lang else ""
        lines.append((row["name"] + other, words.card_type(row["type"]), row["game"], row["id"]))
    _echo_table(lines)


def term(found: dict) -> None:
    """``cardbase term``: each term's words in every language and where it is defined."""
    for entry in found["terms"]:
        click.secho(entry["id"], bold=True)
        for lang, words in sorted(entry["words"].items()):
            shown = ", ".join(w["word"] + ("*" if w["ours"] else "") for w in words)
            click.echo(f"  {lang}  {shown}")
        for section in entry["defined_in"]:
            click.echo(_("  defined in {ref} ({heading}, {lang})", ref=section["ref"],
                         heading=section["heading"], lang=section["lang"]))
        click.echo(ngettext("  mentioned in {n} section", "  mentioned in {n} sections",
                            entry["mentioned_in_sections"]))
    if any(w["ours"] for e in found["terms"] for ws in e["words"].values() for w in ws):
        click.echo(_("  * a usual game term that no ingested rulebook prints"))


# --- the rules checker ----------------------------------------------------------------------

def answer(result: dict) -> None:
    """``cardbase check`` and ``can-play``: the verdict, each deciding rule with its quotes,
    the conditions, and the verdict per rulebook where there are several."""
    marks = VERDICT_MARKS
    click.secho(f"{marks.get(result['verdict'], '')} {_(result['verdict'])}", bold=True)
    if result.get("card"):
        click.echo(_("  card: {name} ({type})", name=result["card"]["name"],
                     type=result["card"]["type"]))
    for entry in result["because"]:
        click.echo(f"  {marks.get(entry['verdict'], '')} {entry['rule']}: {entry['says']}")
        if entry.get("condition"):
            click.echo(_("      if: {condition}", condition=entry["condition"]))
        if entry.get("overrides"):
            click.echo(_("      this rule sets aside: {rules}", rules=", ".join(entry["overrides"])))
        for citation in entry["citations"]:
            where = citation["section"] or citation["rulebook"]
            click.echo(f"      {where} ({citation['lang']}): “{citation['quote']}”")
    for condition in result["conditions"]:
        click.echo(_("  depends on: {condition}", condition=condition))
    if len(result["by_rulebook"]) > 1:
        click.echo(_("  by rulebook: {verdicts}", verdicts=" · ".join(
            f"{rb} {_(v)}" for rb, v in result["by_rulebook"].items())))
    left_out = [rb for rb in result.get("not_encoded", ()) if rb not in result["by_rulebook"]]
    if left_out:
        click.echo(_("  not encoded yet, no part in this answer: {rulebooks}",
                     rulebooks=", ".join(left_out)))


def asked(result: dict) -> None:
    """``cardbase ask``: first, when part of the question was not read, which words and that
    the answer is for the question as read; then how the question was read (each fact with its
    words), what the answer takes for granted, the answer, and the fact it depends on."""
    from .situations import describe_action, describe_state

    space = "" if result["lang"] in ("ja", "zh") else " "
    if result["unread"]:
        click.secho(_("Not read: {words}. The answer below is for the question as read.",
                      words=", ".join(f"“{w}”" for w in result["unread"])), bold=True)
    click.echo(_("Read as ({lang}):", lang=result["lang"]))
    for reading in result["readings"]:
        value = reading["value"]
        value = ("true" if value else "false") if isinstance(value, bool) else value
        click.echo(f"  {reading['key']} = {value}  ← “{space.join(reading['words'])}”")
    for fact in result.get("assumed", ()):
        section, _dot, path = fact["key"].partition(".")
        nested: dict = {}
        node = nested
        parts = path.split(".")
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        node[parts[-1]] = fact["value"]
        said = describe_state(nested) if section == "state" else describe_action(nested)
        why = _("the question does not say otherwise") if fact["why"] == "default" else \
            _("presupposed by “{words}”", words=fact["why"])
        click.echo(_("  assumed: {fact} ({why})", fact=said, why=why))
    answer(result)
    if result.get("missing"):
        click.echo(_("  missing fact: {fact}", fact=result["missing"]))


def prompt(text: str, choices: list[str]) -> str:
    """Ask the player for a missing fact on the terminal; the reply as typed."""
    for number, choice in enumerate(choices, 1):
        click.echo(f"  {number}. {choice}")
    return click.prompt(text, default="", show_default=False)


def not_understood(reply: str, expected: str) -> None:
    """A follow-up reply that could not be read, and what is expected instead."""
    click.echo(_("“{reply}” is not an answer I can read: please answer {expected}, or press "
                 "Enter to stop.", reply=reply, expected=expected))


def fight(result: dict) -> None:
    """``cardbase combat``: every step of the fight with its rule, then who wins."""
    for step in result["steps"]:
        click.echo(f"  {step['step']}    [{step['rule']}]")
    click.secho(_("the players win") if result["winner"] == "players" else
                _("the monsters win"), bold=True)


def differences(result: dict) -> None:
    """``cardbase diff``: each difference once (the numbers, then the rules stated in one rulebook
    only, with what the other says instead or its silence, and how many decision-table cells each
    changes), then the cells no listed difference explains, and examples of differing cells."""
    from .situations import describe

    first, second = result["rulebooks"]

    def situations(entry: dict, indent: str) -> None:
        for group in entry.get("situations", ()):
            sides = " · ".join(f"{rb} {_(group['verdicts'][rb])} "
                               f"[{', '.join(group['rules'][rb]) or entry.get('silent', {}).get(rb, '')}]"
                               for rb in (first, second))
            click.echo(indent + ngettext("  {cells} situation: {sides}",
                                         "  {cells} situations: {sides}", group["cells"],
                                         cells=group["cells"], sides=sides))

    for entry in result["differences"]:
        if entry["kind"] == "parameter":
            parameter = words.parameter(entry["parameter"])
            # a rulebook that does not state the number has none (null in --json)
            values = [_("not stated") if entry[rb] is None else entry[rb]
                      for rb in (first, second)]
            click.secho(f"{parameter}: {first} {values[0]} · {second} {values[1]}", bold=True)
            for rulebook in (first, second):
                for quote in entry["quotes"][rulebook]:
                    click.echo(f"    {rulebook}: “{quote['quote']}”")
                if rulebook in entry.get("silent", {}):
                    click.echo(f"    {entry['silent'][rulebook]}")
        elif entry["kind"] == "only_in":
            click.secho(_("only in {rulebook}: {rule}", rulebook=entry["rulebook"],
                          rule=entry["rule"]), bold=True)
            click.echo(f"    {entry['says']}")
            for quote in entry["quotes"]:
                click.echo(f"    “{quote['quote']}”")
            for rulebook, said in entry.get("otherwise", {}).items():
                click.echo("    " + _("{rulebook} says otherwise:", rulebook=rulebook))
                for statement in said["says"]:
                    click.echo(f"      {statement}")
                for quote in said["quotes"]:
                    click.echo(f"      “{quote['quote']}”")
            for silence in entry.get("silent", {}).values():
                click.echo(f"    {silence}")
        else:
            continue
        situations(entry, "  ")
    click.echo(_("{n} of {total} decision-table cells are answered differently",
                 n=result["differing_cells"], total=result["table_cells"]))
    for entry in result["differences"]:
        if entry["kind"] != "verdict":
            continue
        sides = " · ".join(f"{rb} {_(entry['verdicts'][rb])} "
                           f"[{', '.join(entry['rules'][rb]) or entry['silent'][rb]}]"
                           for rb in (first, second))
        click.echo(ngettext("  {cells} situation: {sides}", "  {cells} situations: {sides}",
                            entry["cells"], cells=entry["cells"], sides=sides))
    for row in result["examples"][:LIST_LIMIT]:
        verdicts = ", ".join(f"{rulebook} {_(row['by_rulebook'][rulebook])}"
                             for rulebook in (first, second))
        click.echo(f"    {describe(row['state'], row['action'])} → {verdicts}")
    _more(min(len(result["examples"]), LIST_LIMIT),
          max(result["differing_cells"], len(result["examples"])))


def coverage(result: dict, unaccounted: bool = False, partial: bool = False) -> None:
    """``cardbase rules coverage``: a line per rulebook, then (asked for) the sentences decided
    only in part, each with the facts its rules lack, and the sentences left."""
    for book in result["rulebooks"]:
        reasons = ", ".join(f"{words.coverage_reason(reason)} {n}"
                            for reason, n in sorted(book["by_reason"].items()))
        click.echo(_("{rulebook}: {sentences} sentences, {encoded} encoded, {partial} partial, "
                     "{not_executable} not executable ({reasons}), {unaccounted} unaccounted",
                     rulebook=book["rulebook"], sentences=book["sentences"],
                     encoded=book["encoded"], partial=book["partial"],
                     not_executable=book["not_executable"], reasons=reasons or "-",
                     unaccounted=book["unaccounted"]))
        for item in book["items"]:
            if partial and item["status"] == "partial":
                click.echo(f"    {item['section']}: {item['sentence']}")
                for lack in item["lacks"]:
                    click.echo("      " + _("partial: the rule {rule} cannot see {fact}",
                                            rule=lack["rule"], fact=_(lack["fact"])))
            elif unaccounted and item["status"] == "unaccounted":
                click.echo(f"    {item['section']}: {item['sentence']}")


def decision_table(result: dict) -> None:
    """``cardbase table``: a count, the rulebooks as column heads, then one line per situation
    in words with each rulebook's verdict as a mark, the conflicts, and what the marks mean."""
    from .situations import describe

    click.echo(_("{n} situations, {conflicts} conflicts", n=len(result["rows"]),
                 conflicts=len(result["conflicts"])))
    rulebooks = list(result["rows"][0]["by_rulebook"]) if result["rows"] else []
    for index, rulebook in enumerate(rulebooks):
        click.echo("  " * index + "↓ " + rulebook)
    for row in result["rows"]:
        verdicts = " ".join(VERDICT_MARKS.get(v, "·") for v in row["by_rulebook"].values())
        click.echo(f"{verdicts}  {describe(row['state'], row['action'])}")
    for conflict in result["conflicts"][:LIST_LIMIT]:
        click.secho(_("conflict under {rulebook}: {situation} ({allows} allows it, {forbids} "
                      "forbids it)", rulebook=conflict["rulebook"], allows=conflict["allows"],
                      forbids=conflict["forbids"],
                      situation=describe(conflict["state"], conflict["action"])), fg="red")
    _more(min(len(result["conflicts"]), LIST_LIMIT), len(result["conflicts"]), indent="")
    click.echo(_("✓ allowed · ✗ forbidden · ? conditional"))


# --- building, the site, export ---------------------------------------------------------------

def build_progress(rulebook_id: str) -> None:
    note(_("ingesting {rulebook}", rulebook=rulebook_id))


def built(path, corpus) -> None:
    """The summary of ``cardbase build``: the database written, its rulebooks and sections."""
    sections = sum(len(item.sections) for item in corpus.rulebooks)
    note(_("built {path}: {rulebooks} rulebooks, {sections} sections", path=path,
           rulebooks=len(corpus.rulebooks), sections=sections))


def build_warnings(gaps) -> None:
    """What each rulebook language lacks in the shared data, one line each, with what to add
    where (``sources.gaps``)."""
    from .i18n import interface_language
    from .languages import language_name

    reader = interface_language()
    for gap in gaps:
        values = {"language": language_name(gap.lang, reader), "code": gap.lang,
                  "rulebooks": ", ".join(gap.rulebooks), "path": gap.path}
        if gap.kind == "topics":
            note(_("warning: {language} ({rulebooks}) has no topic keywords: add `{code}:` "
                   "keywords to the topics in {path}, so that its sections find their topics",
                   **values))
        elif gap.kind == "glossary":
            note(_("warning: {language} ({rulebooks}) has no glossary words: add `{code}:` words "
                   "to the terms in {path}, so that searches in other languages reach its rules",
                   **values))
        else:
            note(_("warning: {language} ({rulebooks}) has no card grammar: write {path} (like "
                   "de.yaml beside it), so that the card faces its rulebooks print are read",
                   **values))


def site_progress(lang: str) -> None:
    note(_("building the {lang} site", lang=lang))


def site_built(path, report: dict) -> None:
    """The summary of ``cardbase site build``: pages and languages written, and every link mkdocs
    could not resolve."""
    note(_("built {path}: {pages} pages in {n} languages", path=path, pages=report["pages"],
           n=len(report["languages"])))
    for lang, built_language in report["languages"].items():
        for detail in built_language.get("unresolved_links") or ():
            note(_("the {lang} site has a link that leads nowhere: {detail}", lang=lang,
                   detail=detail))
    if not report.get("site_url"):
        note(_("no sitemaps: they need the site's address (--site-url); the 404 pages expect "
               "the site at the server's root"))


def document(text: str) -> None:
    """A whole document (``cardbase export`` without ``--out``) on standard output, as is."""
    click.echo(text, nl=False)


def wrote(path) -> None:
    note(_("wrote {path}", path=path))


# --- translation ------------------------------------------------------------------------------

def created(paths) -> None:
    """``cardbase translate init``: the catalogs created."""
    for path in paths:
        note(_("created {path}", path=path))


def paths(paths) -> None:
    """One path per line on standard output (``translate export``: the catalogs written)."""
    for path in paths:
        click.echo(str(path))


def imported(counts: dict) -> None:
    """``cardbase translate import``: how many translations came in, per catalog, and each
    translator's Plural-Forms header that was adopted for the language."""
    for change in counts.get("plural_forms", ()):
        note(_("{file}: the language now uses this file's Plural-Forms \"{header}\" (it had "
               "\"{was}\"; CLDR counts {cldr} forms); plural entries converted to match",
               file=change["file"], header=change["header"], was=change["was"],
               cldr=change["cldr_forms"]))
    note(_("imported {interface} interface and {content} content translations; rebuild "
           "with `cardbase build` to use the content", interface=counts["cardbase"],
           content=counts["content"]))


def extracted(report: dict) -> None:
    """``cardbase translate extract``: the files written, what came and went."""
    note(_("cardbase.pot: {added} messages added, {removed} removed",
           added=report["added"], removed=report["removed"]))
    for path in report["written"]:
        click.echo(path)


def translation_status(report: dict) -> None:
    """``cardbase translate status``: per language and catalog, translated, fuzzy and missing
    among what is meant to be translated, and apart what is optional; a catalog a language does
    not have is shown as not started; then per topic, whether each language has it published,
    translated, or not at all."""
    header = (_("language"), _("catalog"), _("translated"), _("fuzzy"), _("missing"), "%",
              _("optional"))
    kinds = {"interface": _("interface"), "content": _("content")}
    rows = []
    for row in report["catalogs"]:
        optional = row.get("optional")
        extra = (f"{optional['translated']}/{optional['total']}"
                 if optional and optional["total"] else "—")
        percent = str(row["percent"]) if row.get("counted", True) else _("not started")
        rows.append((row["lang"], kinds.get(row["kind"], row["kind"]), str(row["translated"]),
                     str(row["fuzzy"]), str(row["missing"]), percent, extra))
    _echo_table([header] + rows, right=(2, 3, 4, 5, 6))
    click.echo()
    click.echo(_("Percentages count what is meant to be translated; optional: whole rule "
                 "sections of a game the language has its own rulebook of, and further printings "
                 "of a card's text (translated/all). A catalog not started is not held to --min."))
    click.echo()
    marks = {"published": "P", "community": "c", "none": "·"}
    _echo_table([(_("topic"), *report["languages"])] + [
        (topic["topic"], *(marks.get(topic["languages"][l], "?") for l in report["languages"]))
        for topic in report["topics"]], right=tuple(range(1, len(report["languages"]) + 1)))
    click.echo(_("P published rulebook · c community translation · · nothing"))
