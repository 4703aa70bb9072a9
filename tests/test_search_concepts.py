"""Where two mechanics meet (judge_app/search/lexicon/concepts.toml): a rule naming one mechanic and the concept
another acts through meets both; the players' names for mechanics; a targeting keyword against a spell that does
not target. The questions below are worded apart from the benchmark's questions."""

from __future__ import annotations

import pytest
from search_helpers import keys

from judge_app.search import understanding
from judge_app.search.analysis import terms
from judge_app.search.lexicon import concepts
from judge_app.search.ranking import Ranker
from judge_app.search.refs import Ref

DOCUMENTS = {"en-2026": "en", "pt-2019": "pt", "es-2026": "es"}


def read(engine, query: str, doc: str):
    return engine.reader(doc).read(understanding.parse(query).words)


def test_every_mechanic_names_known_concepts_worded_in_every_language():
    table = concepts()
    assert 10 <= len(table.mechanics) <= 60
    for number, names in table.mechanics.items():
        assert names and all(name in table.wordings for name in names), number
    for name, wordings in table.wordings.items():
        assert set(wordings) == set(DOCUMENTS.values()) and all(wordings.values()), name


def test_each_concept_is_worded_in_its_mechanic_s_own_rule_in_every_document(corpus, alignment):
    """The concept a mechanic acts through is what its own rule says it works with (702.11b: hexproof, "target";
    pt-2019 702.78a: Persistir, "marcador -1/-1"), in each document that has the rule."""
    table = concepts()
    checked = 0
    for number in table.mechanics:
        base = corpus.rules["en-2026"][number]
        assert base.level == "rule" and number.startswith(("701.", "702.")) and base.title, number
        for doc, lang in DOCUMENTS.items():
            found = alignment.counterpart("en-2026", number, doc) if doc != "en-2026" else None
            there = number if doc == "en-2026" else found.number if found else None
            if there is None:
                assert (number, doc) == ("702.21", "pt-2019")  # Ward came after 2019
                continue
            rules = corpus.rules[doc]
            below = [there]
            for n in below:
                below += rules[n].children
            held = {t for n in below for t in terms(rules[n].text, lang, "fs")}
            for wording in table.of(number, lang):
                assert set(terms(wording, lang, "fs")) <= held, (number, doc, wording)
                checked += 1
    assert checked >= 3 * len(table.mechanics) - 2


@pytest.mark.parametrize(("query", "doc", "meeting", "own"), [
    ("deathtouch and trample, how much damage do i have to assign to the blocker", "en-2026", "702.19b", "702.19a"),
    ("toque mortífero e atropelar, quanto dano tenho que atribuir ao bloqueador", "pt-2019", "702.19b", "702.19a"),
    ("daño de marchitar a una criatura con persistir, vuelve?", "es-2026", "702.79a", "702.80c"),
])
def test_a_rule_holding_one_mechanic_and_what_the_other_acts_through_meets_both(engine, query, doc, meeting, own):
    """702.19b (trample) assigns "lethal damage", what deathtouch acts through; 702.79a (persist) returns a permanent
    with no -1/-1 counters, what wither deals. 702.19a and 702.80c hold one mechanic alone."""
    question = read(engine, query, doc)
    assert len(question.mechanics) == 2 and all(u.concepts for u in question.mechanics)
    assert engine.ranker.fit(Ref.rule(doc, meeting), question)[1] == 1.0
    assert engine.ranker.fit(Ref.rule(doc, own), question)[1] == 0.0


@pytest.mark.parametrize(("query", "doc", "wanted"), [
    ("toque mortífero e atropelar, quanto dano tenho que atribuir ao bloqueador", "pt-2019", "702.2c"),
    ("daño de marchitar a una criatura con persistir, vuelve?", "es-2026", "702.79a"),
])
def test_the_meeting_rule_comes_first(engine, monkeypatch, query, doc, wanted):
    assert keys(engine.search(query, doc=doc))[0] == wanted
    reader = engine.reader(doc)  # read again without the concepts: another rule comes first
    monkeypatch.setattr(reader, "concepts", {})
    monkeypatch.setattr(reader, "_read", {})
    assert keys(engine.search(query, doc=doc))[0] != wanted


def test_a_mechanic_alone_has_no_meeting_to_make(engine):
    question = read(engine, "how does persist work", "en-2026")
    assert [u.concepts for u in question.mechanics] == [[("-1/-1", "counter")]]
    assert keys(engine.search("how does persist work", doc="en-2026"))[0] == "702.79a"


@pytest.mark.parametrize(("query", "doc", "rule"), [
    ("ds", "en-2026", "702.4"),
    ("fs", "en-2026", "702.7"),
    ("dt", "en-2026", "702.2"),
    ("ll", "en-2026", "702.15"),
    ("kicked", "en-2026", "702.33"),
    ("pro vermelho", "pt-2019", "702.16"),
    ("ds", "pt-2019", "702.4"),
    ("ll", "es-2026", "702.15"),
    ("regen", "pt-2019", "701.14"),
    ("pro rojo", "es-2026", "702.16"),
    ("regen", "es-2026", "701.19"),
])
def test_players_names_for_mechanics_read_as_the_mechanic(engine, query, doc, rule):
    """Beside another mechanic, so the reading weighs them as two mechanics ("ds and trample")."""
    other = {"en": "trample", "pt": "atropelar", "es": "arrollar"}[DOCUMENTS[doc]]
    question = read(engine, f"{query} {other}", doc)
    unit = question.counted[0]
    assert unit.mechanic and Ref.rule(doc, rule) in [n.ref for n in unit.named]
    assert len(question.mechanics) == 2


@pytest.mark.parametrize(("query", "doc", "wanted"), [
    ("is a creature with hexproof safe from damnation", "en-2026", {"115.10a", "702.11b"}),
    ("um limpa mesa mata meu bicho com manto?", "pt-2019", {"114.10a", "702.18a"}),
    ("el velo protege de un destruye todas las criaturas?", "es-2026", {"115.10a", "702.18a"}),
])
def test_a_targeting_keyword_against_a_spell_that_does_not_target(engine, monkeypatch, query, doc, wanted):
    """Hexproof and shroud stop targeting only (115.10a: affected is not targeted): the event
    untargeted-effect-hexproof puts that first."""
    assert "untargeted-effect-hexproof" in read(engine, query, doc).events
    assert keys(engine.search(query, doc=doc))[0] in wanted
    monkeypatch.setattr(Ranker, "EVENT_WEIGHT", 0.0)
    assert keys(engine.search(query, doc=doc))[0] not in wanted


@pytest.mark.parametrize(("query", "doc", "wanted"), [
    ("double strike and lifelink, do i gain life twice", "en-2026", {"702.4b", "702.15b"}),
    ("ds com ll, ganho vida duas vezes?", "pt-2019", {"702.4b", "702.15b"}),
    ("criatura con dañar dos veces y vínculo vital, cuántas vidas gano", "es-2026", {"702.4b", "702.15b"}),
])
def test_double_strike_with_lifelink_gains_life_in_both_damage_steps(engine, monkeypatch, query, doc, wanted):
    """The event double-strike-lifelink: 702.4b (damage in both steps) and 702.15b (life for damage dealt) before
    702.15e (several lifelink sources at once), which holds the question's words as well."""
    assert "double-strike-lifelink" in read(engine, query, doc).events
    assert keys(engine.search(query, doc=doc))[0] in wanted
    monkeypatch.setattr(Ranker, "EVENT_WEIGHT", 0.0)
    assert keys(engine.search(query, doc=doc))[0] not in wanted


@pytest.mark.parametrize(("query", "doc", "within"), [
    ("can i target my own hexproof creature with my pump spell", "en-2026", 1),
    ("posso colocar minha aura na minha criatura com resistencia a magia?", "pt-2019", 3),
    ("puedo lanzar mi hechizo sobre mi propia criatura con antimaleficio?", "es-2026", 1),
])
def test_hexproof_does_not_stop_its_controller(engine, monkeypatch, query, doc, within):
    """The event hexproof-own-spells lifts 702.11b ("… your opponents control") over the other hexproof rules
    (the Aura spell's own rules may still come first: 303.4a)."""
    assert "hexproof-own-spells" in read(engine, query, doc).events
    assert "702.11b" in keys(engine.search(query, doc=doc))[:within]
    monkeypatch.setattr(Ranker, "EVENT_WEIGHT", 0.0)
    assert "702.11b" not in keys(engine.search(query, doc=doc))[:within]
