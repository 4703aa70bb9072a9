"""A short story told in a question finds the rules that decide it: the cues of each language
(judge_app/search/lexicon/*.toml [situations]) point to families of rules (lexicon/situations.toml: the
stack, look-back, state-based actions …), read in en-2026 and mapped to each document's own numbers."""

from __future__ import annotations

import tomllib

import pytest
from search_helpers import keys

from judge_app.search import understanding
from judge_app.search.lexicon import FOLDER, families, lexicon

DOCUMENT = {"en": "en-2026", "pt": "pt-2019", "es": "es-2026"}


def test_every_family_rule_exists_in_the_2026_rules(corpus):
    rules = corpus.rules["en-2026"]
    missing = [n for family in families().values() for n in family.rules if n.rstrip("*") not in rules]
    assert missing == []
    assert all(family.rules or family.says for family in families().values())


@pytest.mark.parametrize("lang", DOCUMENT)
def test_every_cue_names_a_family(lang):
    with open(FOLDER / f"{lang}.toml", "rb") as handle:
        cues = tomllib.load(handle)["situations"]
    assert len(cues) >= 40
    assert {f for named in cues.values() for f in named} <= set(families())


@pytest.mark.parametrize(("lang", "typed", "wanted"), [
    ("en", "I sacrifice it in response, does the Aura's ability still resolve?", {"lookback": 3, "resolution": 2}),
    ("en", "opponent flickers my attacking creature, is it still attacking", {"newobject": 1, "combat": 1}),
    ("pt", "ganhei o controle da criatura atacante do oponente", {"control": 1}),
    ("es", "mi criatura y otra mueren a la vez", {"sba": 2, "lookback": 2, "triggers": 1}),
    ("en", "what does trample do", {}),  # no story, no cue
])
def test_cues_are_read_longest_first(lang, typed, wanted):
    assert lexicon(lang).situation(typed.lower().replace(",", "").replace("?", "").split()) == wanted


@pytest.mark.parametrize(("query", "doc", "story"), [
    ("I sacrifice it in response, does the Aura's ability still resolve?", "en-2026", True),  # told, then asked
    ("my blocker got bounced before damage, does the attacker hit me", "en-2026", True),
    ("what happens to my commander when it dies", "en-2026", False),  # one cue word in a plain question
    ("qué pasa si mi criatura muere", "es-2026", False),
    ("mataram minha criatura em resposta, o gatilho resolve?", "pt-2019", True),
])
def test_a_story_is_told_by_several_cues_or_words_before_the_question(engine, query, doc, story):
    """A lone cue ("dies") in a plain question lifts its families only half as much (`Ranker.LONE_CUE`)."""
    question = engine.reader(doc).read(understanding.parse(query).words)
    assert question.story is story
    assert question.situation  # the cues are read either way


def test_families_follow_each_document_s_numbers(engine):
    """608.2h (look-back at a gone object) is 608.2g in 2019; the control family is found by what rules say."""
    assert "608.2h" in engine.numbering.families("en-2026")["lookback"]
    assert "608.2g" in engine.numbering.families("pt-2019")["lookback"]
    assert "608.2h" not in engine.numbering.families("pt-2019")["lookback"]
    assert {"506.4", "301.5d"} <= set(engine.numbering.families("es-2026")["control"])


@pytest.mark.parametrize(("query", "doc", "wanted"), [
    ("my opponent destroyed the creature in response to my pump spell, what happens to the pump spell",
     "en-2026", "608.2b"),
    ("destruíram a criatura em resposta à minha mágica, ela ainda resolve?", "pt-2019", "608.2b"),
    ("destruyeron la criatura en respuesta a mi hechizo, se resuelve igual?", "es-2026", "608.2b"),
    ("i blocked with a creature and it got exiled, is the attacker still blocked", "en-2026", "509.1h"),
])
def test_stories_find_the_deciding_rule(engine, query, doc, wanted):
    assert wanted in keys(engine.search(query, doc=doc))[:5]


@pytest.mark.parametrize(("lang", "typed", "wanted"), [
    ("en", "my opponent sacrificed the creature", {"lookback": 1}),  # "sacrificed" stems apart from "sacrifice"
    ("pt", "o oponente sacrificou a criatura", {"lookback": 1}),
    ("es", "el rival sacrificó la criatura", {"lookback": 1}),
    ("en", "what does diet mean", {}),  # a short cue ("die") begins no other word
])
def test_a_cue_is_read_in_every_inflection(lang, typed, wanted):
    assert lexicon(lang).situation(typed.split()) == wanted


@pytest.mark.parametrize(("query", "doc", "wanted", "within"), [
    ("my blocker got bounced before damage, does the attacker hit me", "en-2026", {"509.1h", "510.1c", "506.4"}, 1),
    ("sacrifiqué la criatura objetivo de su removal, qué pasa con su hechizo", "es-2026", {"608.2b"}, 5),
])
def test_a_story_meets_the_rules_examples_fully(engine, query, doc, wanted, within):
    """The rules' examples are stories: for a question telling one, a word the entry holds only in its examples
    counts fully (`STORY_AROUND`), not 0.7 of one as for a plain question."""
    from judge_app.search import fitting

    question = engine.reader(doc).read(understanding.parse(query).words)
    assert question.story and engine.ranker.fitting(question).around == fitting.STORY_AROUND > fitting.AROUND
    assert wanted & set(keys(engine.search(query, doc=doc))[:within])
