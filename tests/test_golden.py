"""Golden snapshots of the pipeline's output: the repaired text and the outline of every rulebook.

Any change to normalisation or segmentation shows up here as a readable diff. When a change is
intended, regenerate with ``pytest tests/test_golden.py --update-golden`` and review the diff.
"""

import json
from pathlib import Path

import pytest

GOLDEN = Path(__file__).resolve().parent / "golden"
RULEBOOKS = ["munchkin-es", "munchkin-warhammer-aos-de", "dungeon-mayhem-es",
             "smashup-munchkin-vi", "munchkin-ja"]


def outline(item) -> list[dict]:
    return [{
        "ref": f"{s.rulebook_id}/{s.slug}", "heading": s.heading, "level": s.level,
        "kind": s.kind, "topic": s.topic_id, "page": s.page, "quality": s.quality,
        "flags": sorted(f["flag"] for f in s.flags), "raw_span": [s.raw_start, s.raw_end],
        "body_start": s.body[:60],
    } for s in item.sections]


def check(path: Path, actual: str, update: bool) -> None:
    if update or not path.exists():
        path.write_text(actual, encoding="utf-8")
        if not update:
            pytest.fail(f"{path.name} did not exist; written, review and commit it")
    assert actual == path.read_text(encoding="utf-8"), (
        f"{path.name} changed; if intended, rerun with --update-golden and review the diff")


@pytest.mark.parametrize("rulebook_id", RULEBOOKS)
def test_repaired_text_matches_snapshot(corpus, rulebook_id, update_golden):
    item = next(i for i in corpus.rulebooks if i.rulebook.id == rulebook_id)
    check(GOLDEN / f"{rulebook_id}.txt", item.normalised.text, update_golden)


@pytest.mark.parametrize("rulebook_id", RULEBOOKS)
def test_sections_match_snapshot(corpus, rulebook_id, update_golden):
    item = next(i for i in corpus.rulebooks if i.rulebook.id == rulebook_id)
    actual = json.dumps(outline(item), ensure_ascii=False, indent=1) + "\n"
    check(GOLDEN / f"{rulebook_id}.sections.json", actual, update_golden)
