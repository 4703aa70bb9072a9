"""Translations aligned with their English original by corrected number, and checked."""

from judge_app.alignment import same_date
from judge_app.alignment.model import TRANSLATION, TRANSLATION_ONLY, UNTRANSLATED


def _link(alignment, english, translation, number=None, new=None):
    return [link for link in alignment.links(english, translation)
            if (number is None or link.old == number) and (new is None or link.new == new)]


def test_every_spanish_rule_is_paired_with_the_english_rule_of_its_number(corpus, alignment):
    links = alignment.links("en-2026", "es-2026")
    assert len(links) == len(corpus.rules["en-2026"]) == len(corpus.rules["es-2026"])
    assert all(link.relation == TRANSLATION and link.old == link.new for link in links)


def test_corrected_numbers_pair_with_the_english_rule(alignment):
    (link,) = _link(alignment, "en-2019", "pt-2019", "702.52a")
    assert link.new == "702.52a" and link.relation == TRANSLATION
    assert "printed 502.48a" in link.reason


def test_a_rule_numbered_differently_alone_in_its_place_is_paired(alignment):
    (link,) = _link(alignment, "en-2019", "pt-2019", "401.7")
    assert link.new == "401.8" and link.relation == TRANSLATION and link.confidence < 1
    assert "between 401.6 and 402" in link.reason


def test_rules_only_one_side_has_are_marked(alignment):
    assert [x.relation for x in _link(alignment, "en-2019", "pt-2019", "106.4b")] == [UNTRANSLATED]
    only = _link(alignment, "en-2019", "pt-2019", new="711.3a")
    assert [(x.old, x.relation) for x in only] == [(None, TRANSLATION_ONLY)]


def test_keyword_titles_agree_through_the_glossary_term_pairs(corpus, alignment):
    terms = same_date.glossary_pairs(corpus, "en-2026", "es-2026")
    assert alignment.term_pairs("es-2026") == terms
    assert sorted(terms["Arrollar"]) == ["Trample", "Trample Over Planeswalkers"]  # both point to 702.19
    assert terms["Proliferar"] == ["Proliferate"]
    assert same_date.glossary_pairs(corpus, "en-2019", "pt-2019")["Atropelar"] == ["Trample"]
    (link,) = _link(alignment, "en-2026", "es-2026", "702.19")
    assert "“Arrollar” = “Trample”" in link.reason and link.confidence == 1.0
    for english, translation in (("en-2019", "pt-2019"), ("en-2026", "es-2026")):
        keywords = [x for x in alignment.links(english, translation)
                    if x.new and x.old and corpus.rules[english][x.old].level == "rule"
                    and x.old.startswith(("701.", "702."))]
        checked = [x for x in keywords if "title “" in x.reason]
        assert len(checked) > 0.8 * len(keywords), (translation, len(checked), len(keywords))


def test_cited_rules_that_disagree_are_reported_and_lower_confidence(alignment):
    found = {d.number: d for d in alignment.disagreements("pt-2019")}
    # pt-2019 504.2 is an older rule ("Segundo, quaisquer habilidades que desencadearam…"); en-2019 504.2
    # is "the active player gets priority (see rule 116)".
    assert found["504.2"].kind == "references" and "en-2019 cites 116" in found["504.2"].detail
    (link,) = _link(alignment, "en-2019", "pt-2019", "504.2")
    assert link.confidence < 1
    # A numbering shifted by one is named.
    assert "en-2019 800.4m cites exactly those" in found["800.4k"].detail
    spanish = {d.number: d for d in alignment.disagreements("es-2026")}
    assert "601.21" in spanish["406.4"].detail  # a typo for 601.2i in the Spanish text
    assert all(d.kind in ("title", "references") for d in found.values())
