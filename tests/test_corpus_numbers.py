from judge_app.corpus import numbers


def test_any_usual_spelling_normalises():
    assert numbers.normalise("702.19c") == "702.19c"
    assert numbers.normalise("702.19C") == "702.19c"
    assert numbers.normalise("CR 702.19c") == "702.19c"
    assert numbers.normalise("rule 702.19.") == "702.19"
    assert numbers.normalise("regra 704.5k") == "704.5k"
    assert numbers.normalise("regla 510") == "510"
    assert numbers.normalise("702") == "702"
    assert numbers.normalise("section 5") == "5"
    assert numbers.normalise("reglas 613.7") == "613.7"  # plurals: "regla" must not match first
    assert numbers.normalise("rules 702.19") == "702.19"
    assert numbers.normalise("r. 509.1") == numbers.normalise("r.509.1") == "509.1"
    assert numbers.normalise("cr702.19") == "702.19"


def test_not_numbers_are_refused():
    for text in ("trample", "7020", "702.19l", "702.19o", "99.1", "", "702.19bb"):
        assert numbers.normalise(text) is None, text


def test_subrule_letters_skip_l_and_o():
    assert "l" not in numbers.SUBRULE_LETTERS and "o" not in numbers.SUBRULE_LETTERS
    assert numbers.sort_key("704.5k") < numbers.sort_key("704.5m") < numbers.sort_key("704.5n")
    assert numbers.sort_key("704.5n") < numbers.sort_key("704.5p")


def test_parents_and_document_order():
    assert numbers.parent("702.19b") == "702.19"
    assert numbers.parent("702.19") == "702"
    assert numbers.parent("702") == "7"
    assert numbers.parent("7") is None
    ordered = ["7", "700", "700.1", "700.1a", "700.2", "701", "702", "702.2", "702.10", "702.10a"]
    assert sorted(reversed(ordered), key=numbers.sort_key) == ordered
