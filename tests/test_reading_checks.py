"""The build measured against a reader's map of the rulebooks (tests/checks/reading.yaml).

``measure`` returns the figures (sections found as printed, card-face stats read right, aligned
topics, sections with a topic); the tests require each to be complete. Run this module's
``python -m tests.test_reading_checks`` to print the figures.
"""

from __future__ import annotations

from pathlib import Path

import yaml

CHECKS = Path(__file__).resolve().parent / "checks" / "reading.yaml"


def _ancestors(vocabulary, topic_id):
    seen = []
    while topic_id:
        seen.append(topic_id)
        topic = vocabulary.topics.get(topic_id)
        topic_id = topic.parent if topic else None
    return seen


def _aligned(vocabulary, topics):
    """Same topic, or every topic on one line of descent (one the ancestor of the others)."""
    chains = [_ancestors(vocabulary, t) for t in topics]
    return all(a in chains[j] or b in chains[i]
               for i, a in enumerate(topics) for j, b in enumerate(topics))


def measure(corpus) -> dict:
    checks = yaml.safe_load(CHECKS.read_text(encoding="utf-8"))
    figures = {}
    by_book = {item.rulebook.id: item for item in corpus.rulebooks}
    for rulebook_id, expected in checks["sections"].items():
        actual = [(s.heading, s.kind, s.topic_id) for s in by_book[rulebook_id].sections
                  if s.kind != "card_faces" and s.kind != "front"]
        wanted = [tuple(e) for e in expected]
        heading_hits = sum(1 for e in wanted if any(a[:2] == e[:2] for a in actual))
        exact = sum(1 for e in wanted if e in actual)
        figures[f"sections {rulebook_id}"] = {
            "expected": len(wanted), "found": len(actual), "heading_and_kind": heading_hits,
            "with_topic_too": exact, "extra": len([a for a in actual
                                                   if a[:2] not in {e[:2] for e in wanted}]),
            "missing": [e for e in wanted if not any(a[:2] == e[:2] for a in actual)]}
    cards = corpus.catalog.by_id()
    stats_total = stats_right = 0
    wrong = []
    for game, faces in checks["faces"].items():
        for card_id, expected in faces.items():
            card = cards[card_id]
            read = {f.field: f.value for f in card.facts
                    if f.origin == "card_face" and f.field not in ("name", "text")}
            for stat, value in expected.items():
                stats_total += 1
                got = card.type if stat == "type" else read.get(stat)
                if got == value:
                    stats_right += 1
                else:
                    wrong.append((card_id, stat, value, got))
    figures["card-face stats"] = {"expected": stats_total, "right": stats_right, "wrong": wrong}
    refs = {f"{s.rulebook_id}/{s.slug}": s for item in corpus.rulebooks for s in item.sections}
    groups = checks["aligned"]
    misaligned = [g for g in groups if not _aligned(corpus.vocabulary,
                                                    [refs[r].topic_id for r in g])]
    figures["aligned topics"] = {"groups": len(groups), "aligned": len(groups) - len(misaligned),
                                 "misaligned": misaligned}
    every = [s for item in corpus.rulebooks for s in item.sections]
    figures["sections with a topic"] = {"sections": len(every),
                                        "with_topic": sum(1 for s in every if s.topic_id)}
    return figures


def test_german_sections_as_a_reader_sees_them(corpus):
    figures = measure(corpus)["sections munchkin-warhammer-aos-de"]
    assert figures["missing"] == []
    assert figures["with_topic_too"] == figures["expected"]
    assert figures["extra"] <= 2  # the editorial continuations of "Gegenstände"


def test_every_printed_card_face_stat_is_read(corpus):
    figures = measure(corpus)["card-face stats"]
    assert figures["wrong"] == []


def test_the_same_rule_has_aligned_topics_in_every_rulebook(corpus):
    figures = measure(corpus)["aligned topics"]
    assert figures["misaligned"] == []


def test_every_section_has_a_topic(corpus):
    figures = measure(corpus)["sections with a topic"]
    assert figures["with_topic"] == figures["sections"]


def test_alignment_follows_parents():
    from cardbase.segment.topics import load_topics

    vocabulary = load_topics(Path(__file__).resolve().parent.parent / "data" / "topics.yaml")
    assert _aligned(vocabulary, ["monster-deck-setup", "setup"])
    assert _aligned(vocabulary, ["monster-treasure", "treasure"])
    assert not _aligned(vocabulary, ["running-away", "trading"])


if __name__ == "__main__":
    import json

    from cardbase.ingest import ingest

    print(json.dumps(measure(ingest(Path(__file__).resolve().parent.parent / "data")),
                     ensure_ascii=False, indent=1))
