"""A story read as events (judge_app/search/lexicon/events.toml): a combination of happenings ("a cast trigger" and
"the spell was countered") names the rules that decide it, in the three languages, and lifts them in the ranking.
The stories below are worded apart from the benchmark's questions."""

from __future__ import annotations

import pytest
from search_helpers import keys

from judge_app.search import ranking, understanding
from judge_app.search.events import LANGUAGES, _compiled, all_events, recognised

DOCUMENT = {"en": "en-2026", "pt": "pt-2019", "es": "es-2026"}


def test_every_event_rule_exists_in_both_2026_documents(corpus):
    assert 40 <= len(all_events()) <= 100
    for doc in ("en-2026", "es-2026"):
        missing = [(e.name, n) for e in all_events().values() for n in e.rules if n not in corpus.rules[doc]]
        assert missing == []
    assert all(e.rules for e in all_events().values())


def test_pt_2019_gets_every_rule_the_2019_rules_had(engine, alignment):
    """Through the alignment (613.4b is 613.3b in 2019); only rules added since have none (the Adventure)."""
    for event in all_events().values():
        for number in event.rules:
            there = alignment.counterpart("en-2026", number, "pt-2019")
            relation = next(e.relation for e in alignment.equivalents("en-2026", number) if e.doc == "pt-2019")
            assert there is not None or relation == "added", (event.name, number)
            if there is not None:
                assert there.number in engine.event_rules("pt-2019")[event.name]
    assert engine.event_rules("pt-2019")["pt-set-and-modified"][0] == "613.3b"
    assert engine.event_rules("pt-2019")["token-leaves"][:2] == ("110.5g", "110.5f")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_event_has_cues_in_every_language(lang):
    compiled = dict((name, groups) for name, groups, _ in _compiled(lang))
    assert set(compiled) == set(all_events())
    for name, groups in compiled.items():
        written = all_events()[name].cues[lang]
        assert groups, name
        assert [len(g.phrases) for g in groups] == [len(g) for g in written], f"{name}: a phrase reads as no word"
        assert all(group.phrases for group in groups), name
        prefixes = [value for group in groups for phrase in group.phrases for kind, value in phrase if kind == "prefix"]
        assert all(len(p) >= 3 for p in prefixes), f"{name}: a prefix that short meets too many words"


@pytest.mark.parametrize(("lang", "typed", "wanted"), [
    ("en", "my opponent countered my creature spell, do i still get the prowess trigger", "cast-trigger-countered"),
    ("pt", "o oponente anulou minha mágica, o gatilho de 'sempre que você conjurar' ainda acontece?",
     "cast-trigger-countered"),
    ("es", "el rival contrarrestó mi hechizo, se dispara igual mi 'siempre que lances'?", "cast-trigger-countered"),
    ("en", "they made my 4/4 a 0/1 and then i pumped it +2/+2", "pt-set-and-modified"),  # a value and a change
    ("en", "my lifelink guy hits for 3 while i'm at 1 life against their trample, do i survive", "lifelink-lethal"),
    ("es", "giré mi criatura de maná para maná en respuesta al removal", "mana-ability-response"),
])
def test_an_event_is_every_one_of_its_groups(lang, typed, wanted):
    assert wanted in recognised(understanding.parse(typed).words, lang)


@pytest.mark.parametrize(("lang", "typed", "absent"), [
    ("en", "my spell got countered", "cast-trigger-countered"),  # one happening is no combination
    ("en", "what is a cast trigger", "cast-trigger-countered"),
    ("en", "can my opponent respond to me tapping a land for mana", "land-no-stack"),  # ruled out: a land tapped
    ("pt", "o que é o enjoo de invocação", "control-summoning-sick"),
    ("es", "cómo funciona la regla de leyendas", "legend-rule"),
])
def test_one_happening_alone_is_no_event(lang, typed, absent):
    assert absent not in recognised(understanding.parse(typed).words, lang)


STORIES = [
    ("my opponent countered my creature spell, do i still get the prowess trigger", "en-2026", "601.2i"),
    ("i was at 2 life and took 5 combat damage, my 'whenever you gain life' guy had a trigger waiting. am i dead?",
     "en-2026", "704.5a"),
    ("they made my 4/4 a 0/1 with a spell and then i pumped it +2/+2, what size is it", "en-2026", "613.4b"),
    ("i played a second world enchantment while another world was out", "en-2026", "704.5k"),
    ("o oponente anulou minha mágica, o gatilho de 'sempre que você conjurar' ainda acontece?", "pt-2019", "601.2i"),
    ("tomei dano letal mas tinha um gatilho de ganhar vida na pilha, perco o jogo?", "pt-2019", "704.5a"),
    ("meu oponente transformou minha 3/3 com marcador +1/+1 em uma 1/1, qual o poder dela?", "pt-2019", "613.3b"),
    ("el rival contrarrestó mi hechizo, se dispara igual mi habilidad de 'siempre que lances'?", "es-2026", "601.2i"),
    ("giré mi criatura de maná para maná en respuesta al removal, me quedo con el maná?", "es-2026", "605.3b"),
    ("bajé un encantamiento de mundo y mi rival ya tenía otro", "es-2026", "704.5k"),
    ("entran dos criaturas a la vez, se dispara lo de siempre que otra criatura entre?", "es-2026", "603.6a"),
    ("my creature took lethal damage, can i sacrifice it to my outlet before it dies", "en-2026", "704.3"),
]


@pytest.mark.parametrize(("query", "doc", "wanted"), STORIES)
def test_a_story_finds_its_deciding_rule_through_its_event(engine, monkeypatch, query, doc, wanted):
    assert wanted in keys(engine.search(query, doc=doc))[:5]
    monkeypatch.setattr(ranking, "EVENT_WEIGHT", 0.0)
    assert wanted not in keys(engine.search(query, doc=doc))[:5]  # the family cues alone did not find it


@pytest.mark.parametrize(("query", "doc"), [
    ("what happens when a spell is countered", "en-2026"),
    ("what is the world rule", "en-2026"),
    ("o que é uma habilidade de mana", "pt-2019"),
    ("qué es la capa 7b", "es-2026"),
])
def test_a_question_telling_no_story_gets_no_lift(engine, monkeypatch, query, doc):
    question = engine.reader(doc).read(understanding.parse(query).words)
    assert question.events == ()
    ranked = keys(engine.search(query, doc=doc))
    monkeypatch.setattr(ranking, "EVENT_WEIGHT", 0.0)
    assert keys(engine.search(query, doc=doc)) == ranked


def test_a_word_of_a_cue_phrase_is_no_typo(engine):
    """"dead" (in "am i dead") is a players' word: it is not corrected to "deal"."""
    response = engine.search("i took lethal damage with a lifegain trigger on the stack, am i dead", doc="en-2026")
    assert response.did_you_mean is None
