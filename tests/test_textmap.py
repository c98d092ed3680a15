from cardbase.normalise.textmap import Edit, MappedText, apply_edits, diff_edits


def test_unchanged_characters_keep_their_raw_offsets():
    mapped, changes = apply_edits(MappedText("ab cd"), [Edit(2, 3, "")], "join")
    assert mapped.text == "abcd"
    assert mapped.raw_span(2, 4) == (3, 5)
    assert changes[0].stage == "join" and changes[0].before == " " and changes[0].after == ""


def test_replacement_points_at_the_whole_span_it_replaced():
    mapped, _ = apply_edits(MappedText("x１６y"), [Edit(1, 3, "16")], "width")
    assert mapped.text == "x16y"
    assert mapped.raw_span(1, 2) == (1, 3)
    assert mapped.raw_span(3, 4) == (3, 4)


def test_mapping_composes_over_stages():
    first, _ = apply_edits(MappedText("a  b-\nc"), [Edit(1, 3, " ")], "spaces")
    second, changes = apply_edits(first, [Edit(3, 5, "")], "hyphen")
    assert second.text == "a bc"
    assert changes[0].raw_start == 4 and changes[0].raw_end == 6
    assert second.raw_span(0, len(second.text)) == (0, 7)


def test_identical_replacement_records_no_change():
    mapped, changes = apply_edits(MappedText("abc"), [Edit(0, 1, "a")], "noop")
    assert mapped.text == "abc" and changes == []


def test_diff_edits_reproduce_the_new_text():
    old, new = "Char akter und W enn", "Charakter und Wenn"
    mapped, _ = apply_edits(MappedText(old), diff_edits(old, new), "diff")
    assert mapped.text == new
