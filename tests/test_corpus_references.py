"""Reference extraction in the three languages, on sentences from the documents."""

from judge_app.corpus.references import expand, find


def _numbers(text, language):
    return [[n for first, last in f.items for n in expand(first, last)] for f in find(text, language)]


def test_english_forms():
    text = "as described in rule 702.19b, with one exception. See rule 702.19, “Trample.”"
    assert _numbers(text, "en") == [["702.19b"], ["702.19"]]
    assert _numbers("(see rules 603.7d–f.)", "en") == [["603.7d", "603.7e", "603.7f"]]
    assert _numbers("See section 6, “Spells, Abilities, and Effects.”", "en") == [["6"]]
    assert _numbers("rules 702.19b and 702.19c apply", "en") == [["702.19b", "702.19c"]]
    assert _numbers("See rules 119.7–8.", "en") == [["119.7", "119.8"]]
    assert _numbers("rule 702, “Keyword Abilities”", "en") == [["702"]]


def test_portuguese_forms():
    assert _numbers("(consulte a regra 104.3a).", "pt") == [["104.3a"]]
    assert _numbers("Veja regra 504.1", "pt") == [["504.1"]]
    assert _numbers("Ver seção 8, “Regras para multijogador”.", "pt") == [["8"]]
    assert _numbers("consulte as regras 603.7d–f.", "pt") == [["603.7d", "603.7e", "603.7f"]]
    assert _numbers("702.19b e 702.19c", "pt") == [["702.19b", "702.19c"]]


def test_spanish_forms():
    assert _numbers("ver la regla 510.1c", "es") == [["510.1c"]]
    assert _numbers("Ver la sección 8, “Reglas para varios jugadores”.", "es") == [["8"]]
    assert _numbers("ver las reglas 119.7–8).", "es") == [["119.7", "119.8"]]
    assert _numbers("las reglas 702.19b y 702.19c", "es") == [["702.19b", "702.19c"]]


def test_numbers_that_are_not_references():
    assert find("Each player begins the game with a starting life total of 20.", "en") == []
    assert find("a minimum deck size of 100 cards", "en") == []
    assert find("the rule 5 players", "en") == []


def test_full_ranges_expand_against_the_document_order():
    order = ["903.5", "903.6", "903.7", "903.7a", "903.8", "903.9", "903.10", "903.11", "903.12"]
    assert expand("903.6", "903.11", order) == ["903.6", "903.7", "903.8", "903.9", "903.10", "903.11"]
