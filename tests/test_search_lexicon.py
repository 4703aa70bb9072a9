"""The players' vocabulary (judge_app/search/lexicon/*.toml) is data that holds: every wording it maps a
player's word to occurs in the document it is for, the CR glossary's obsolete terms are read from the
documents themselves, and each kind of entry changes what is found."""

from __future__ import annotations

import tomllib

import pytest
from search_helpers import keys

from judge_app.search.analysis import words
from judge_app.search.lexicon import CLAUSE, CONDITION, FOLDER, NEGATION, SHAPES, key, lexicon, obsolete_terms
from judge_app.search.refs import Ref

DOCUMENT = {"en": "en-2026", "pt": "pt-2019", "es": "es-2026"}


def data(lang: str) -> dict:
    with open(FOLDER / f"{lang}.toml", "rb") as handle:
        return tomllib.load(handle)


@pytest.mark.parametrize("lang", DOCUMENT)
def test_every_wording_occurs_in_its_document(engine, lang):
    """A wording the rules never use would find nothing: each of its words is in the document."""
    doc = DOCUMENT[lang]
    table = data(lang)
    wordings = [w for section in ("words", "instead") for found in table.get(section, {}).values() for w in found]
    wordings += list(table.get("translation-2019", {}).values())  # the 2019 side of each pair
    reader = engine.reader(doc)
    missing = [w for w in wordings for word in reader.content(w) if word.isalpha() and not engine.entries(word, doc)]
    assert missing == []


@pytest.mark.parametrize("lang", DOCUMENT)
def test_questions_section_is_well_formed(lang):
    questions = data(lang)["questions"]
    assert set(questions) == {"filler", CLAUSE, CONDITION, NEGATION, *SHAPES}
    filler = set(questions["filler"].split())
    assert len(filler) > 80
    # no game word is filler: a search for it must still find its rule
    assert not filler & {"trample", "atropelar", "arrollar", "creature", "criatura", "damage", "dano", "daño",
                         "each", "cada", "before", "antes", "stack", "pilha", "pila"}
    # a condition begins after what is asked about; a word that asks (a clause word) does not begin one
    assert questions[CONDITION].split() and not set(questions[CONDITION].split()) & set(questions[CLAUSE].split())


def test_obsolete_glossary_terms_map_to_today_s_words(corpus):
    found = {name: wordings for names, wordings in obsolete_terms(corpus, "en-2026") for name in names}
    assert "mana value" in found["Converted Mana Cost"]
    assert "exile" in found["Remove from the Game"]
    assert "Umbra Armor" in found["Totem Armor"]
    es = {name: wordings for names, wordings in obsolete_terms(corpus, "es-2026") for name in names}
    assert "valor de maná" in es["Coste de maná convertido"]
    assert len(found) >= 15 and len(es) >= 15


@pytest.mark.parametrize(("query", "doc", "top", "why"), [
    ("converted mana cost", "en-2026", "202.3", "an obsolete term, from the glossary"),
    ("what's cmc", "en-2026", "202.3", "an abbreviation"),
    ("removed from the game", "en-2026", "406", "an obsolete term: exile"),
    ("o que é hexproof", "pt-2019", "702.11", "today's word for the 2019 'resistência à magia'"),
    ("como funciona o stack", "pt-2019", "405", "English slang in Portuguese"),
    ("qué es el mareo de invocación", "es-2026", "302.6", "slang with no rule title"),
    ("marchitar", "es-2026", "702.80", "an older Spanish name (today Debilitar)"),
    ("edh deck size", "en-2026", "903.5a", "EDH, the old name of Commander"),
    ("mana dork the turn it comes down", "en-2026", "302.6", "slang: a mana creature, summoning sickness"),
    ("counter war, which one resolves first", "en-2026", "405.5", "slang: the last added resolves first"),
    ("guerra de counter", "pt-2019", "405.5", "the same slang in Portuguese"),
    ("guerra de contrahechizos", "es-2026", "405.5", "the same slang in Spanish"),
    ("qué es millear", "es-2026", "701.17", "English slang in Spanish for Moler"),
    ("quanto dano de comandante pra perder", "pt-2019", "903.10", "commander damage: 21 from one commander"),
    ("my face down guy died, do i show it", "en-2026", "708.9", "show: the rules say reveal"),
    ("blink a creature with counters, does it keep them", "en-2026", "122.2", "counters are not retained"),
    ("what happens in the draw phase", "en-2026", "504", "players call a step a phase"),
    ("o que acontece na fase de compra", "pt-2019", "504", "players call a step a phase"),
    ("qué pasa en la fase de robo", "es-2026", "504", "players call a step a phase"),
    ("does combat damage still go on the stack", "en-2026", "510.2", "a rule players learned before it changed"),
    ("can my opponent respond to me tapping a land for mana", "en-2026", "605.3b", "tapping for mana: a mana ability"),
    ("me pueden responder cuando giro una tierra para maná?", "es-2026", "605.3b", "the same in Spanish"),
    ("can i attack a planeswalker", "en-2026", "508.1b", "which player, planeswalker or battle each attacks"),
    ("equipamento numa criatura com proteção contra artefatos", "pt-2019", "702.16d", "'contra' is the keyword's"),
    ("mi criatura gana protección contra el blanco y tiene un aura blanca", "es-2026", "702.16c", "the same, es"),
    ("qué significa 'morir' en una carta", "es-2026", "700.4", "morir is the rules' dies, not destroyed"),
    ("can i activate my planeswalker twice in one turn", "en-2026", "606.3", "a planeswalker's loyalty ability"),
    ("posso ativar o planeswalker duas vezes no mesmo turno", "pt-2019", "606.3", "the same in Portuguese"),
    ("do i have to discard at end of turn if i have 8 cards", "en-2026", "514.1", "the maximum hand size"),
    ("cuándo me tengo que descartar", "es-2026", "514.1", "the same in Spanish, asking when"),
    ("how much commander damage kills you", "en-2026", "903.10a", "killing a player: losing the game"),
    ("quantos terrenos dá pra jogar por turno", "pt-2019", "305.2", "per turn: during their turn"),
    ("cuántas cartas puede tener el banquillo", "es-2026", "100.4", "banquillo: the sideboard, in Spain"),
    ("can a creature i just played attack", "en-2026", "302.6", "just played: summoning sickness"),
    ("una criatura recién jugada puede bloquear?", "es-2026", "302.6", "the same in Spanish"),
    ("is there a window to cast something during the untap step", "en-2026", "502.4", "a window: priority"),
    ("tem alguma janela pra responder na etapa de desvirar?", "pt-2019", "502.3", "the same in Portuguese (2019)"),
    ("hay alguna ventana para responder en el paso de enderezar?", "es-2026", "502.4", "the same in Spanish"),
    ("can a creature jump in front of an attacker after blockers are declared", "en-2026", "509.1",
     "jumping in front: blocking"),
    ("posso entrar na frente do atacante depois dos bloqueios?", "pt-2019", "509.1", "the same in Portuguese"),
    ("puedo meterme delante del atacante después de los bloqueos?", "es-2026", "509.1", "the same in Spanish"),
    ("they plowed my creature, does its dies trigger happen", "en-2026", "700.4", "plowed: exiled, not dying"),
    ("how much does my general cost the second time", "en-2026", "903.8", "the general: the commander"),
    ("bicho que desceu esse turno pode atacar?", "pt-2019", "302.6", "came down this turn: summoning sickness"),
])
def test_players_words_find_the_rules(engine, query, doc, top, why):
    found = [k for k in keys(engine.search(query, doc=doc)) if not k.startswith("glossary:")][:3]
    assert any(k == top or k.startswith(top + ".") or (k.startswith(top) and k[len(top):].isalpha())
               for k in found), (why, found)


def test_dead_is_a_players_word_not_a_typo(engine):
    """"dead" is in no rule: it once became "deal" as a typo. A player who is dead has lost the game."""
    response = engine.search("am i dead if i have 0 life", doc="en-2026")
    assert response.did_you_mean is None
    assert keys(response)[0] == "704.5a"


def test_the_rules_wordings_keep_their_negations(engine):
    """"no" fills a question, but "a library with no cards" is not "a library with cards" (401.5, playing with the
    top card revealed, holds those words too)."""
    question = engine.reader("en-2026").read(words("what if i draw from a library with no cards"))
    assert any("no" in form for unit in question.units for form in unit.forms)
    assert set(keys(engine.search("what if i draw from a library with no cards", doc="en-2026"))[:2]) == {
        "121.4", "704.5b"}


def test_a_word_the_rules_use_for_something_else_reads_only_as_the_players_word(engine):
    """[instead]: es "infinito" is a loop (731), not the keyword ∞ (702.186, "∞ (Infinito)"), nor searched as typed."""
    unit = engine.reader("es-2026").read(["combo", "de", "maná", "infinito"]).units[-1]
    assert unit.typed == ("infinito",) and ("infinito",) not in unit.forms
    assert unit.named and not any(n.ref.key == "702.186" or "702.186" in n.rules for n in unit.named)
    found = keys(engine.search("tengo maná infinito, qué hago", doc="es-2026"))[:5]
    assert found[0].startswith("731") and not any(k.startswith("702.186") for k in found)


def test_a_2019_word_takes_no_rare_form(engine):
    """[translation-2019] goes both ways, so today's word becomes a form of the 2019 word. A today's word that
    pt-2019 uses only rarely ("spell" in a card name) would then be the rare form that finds the candidates of
    every question with the common 2019 word ("mágica"): such pairs belong in [words], one way."""
    rarest = {}
    for phrase in [w for pair in data("pt")["translation-2019"].items() for w in pair]:
        rarest[phrase] = min(engine.entries(w, "pt-2019") for w in words(phrase) if w.isalpha())
    rare = [(today, old) for today, old in data("pt")["translation-2019"].items()
            if 0 < rarest[today] < rarest[old] / 2]
    assert rare == []
    assert "405.5" in keys(engine.search("numa guerra de counter qual mágica resolve primeiro", doc="pt-2019"))[:3]


def test_a_players_word_is_no_typo(engine):
    """"scoop" is one letter from "scope": the vocabulary knows it means "concede"."""
    response = engine.search("can my opponent scoop at any time", doc="en-2026")
    assert response.did_you_mean is None
    assert "104.3a" in keys(response)[:5]


def test_shapes_of_questions():
    assert lexicon("en").shape(words("who chooses the order of triggers")) == "chooser"
    assert lexicon("pt").shape(words("o que acontece se eu sacrificar")) == "outcome"
    assert lexicon("es").shape(words("cuántas tierras puedo jugar")) == "count"  # the first found: "how many" asks more
    assert lexicon("es").shape(words("cuántas tierras hay")) == "count"
    assert lexicon("en").shape(words("trample")) is None
    assert lexicon("en").shape(words("when do i draw my card")) == "time"
    assert lexicon("en").shape(words("what happens when it dies")) == "outcome"
    assert lexicon("es").shape(words("cuándo puedo lanzar un instantáneo")) == "time"
    assert lexicon("es").shape(words("cuándo robo")) == "time"
    assert lexicon("es").shape(words("cuando robo una carta se dispara")) is None  # without its accent: a condition
    assert lexicon("pt").shape(words("quando posso atacar")) == "time"
    assert lexicon("en").shape(words("i pumped and they bolted it, which happens first")) == "order"
    assert lexicon("pt").shape(words("conjurei e ele respondeu, qual resolve primeiro")) == "order"
    assert lexicon("es").shape(words("lancé y me respondieron, cuál se resuelve antes")) == "order"
    assert lexicon("en").shape(words("who decides which order the triggers go in")) == "chooser"  # asks who
    assert lexicon("en").shape(words("is there a window to respond in the untap step")) == "time"
    # a filler word inside a phrasing of several words ("what counts as", "quem escolhe") …
    assert lexicon("en").shape(words("what exactly counts as a permanent")) == "definition"
    assert lexicon("es").shape(words("qué exactamente cuenta como permanente")) == "definition"
    assert lexicon("pt").shape(words("quem realmente escolhe a ordem")) == "chooser"
    assert lexicon("en").shape(words("when it does, do i draw")) is None  # … but a condition stays one


@pytest.mark.parametrize(("query", "doc", "rule"), [
    ("when do I draw my card", "en-2026", "504.1"),  # the draw step, not how drawing a card works (121)
    ("cuándo robo una carta", "es-2026", "504.1"),
    ("when can i cast an instant", "en-2026", "117.1a"),
    ("quando posso conjurar uma mágica instantânea", "pt-2019", "116.1a"),  # Timing and Priority is 116 in 2019
])
def test_a_question_asking_when_prefers_timing_and_the_turn_s_steps(engine, query, doc, rule):
    question = engine.reader(doc).read(words(query))
    assert question.shape == "time"
    plain = engine.reader(doc).read([w for w in words(query) if not lexicon(question.lang).filler(w)])
    assert plain.shape is None  # the same words, not asking when
    ref = Ref.rule(doc, rule)
    assert engine.ranker.coverage(ref, question) > engine.ranker.coverage(ref, plain)
    assert rule in keys(engine.search(query, doc=doc))[:5]


@pytest.mark.parametrize("lang", DOCUMENT)
def test_hints_are_words_of_their_document(engine, lang):
    """Each shape's hints are words the document uses (else they could lift nothing)."""
    hints = lexicon(lang).hints
    assert {"chooser", "count"} <= set(hints)
    assert [w for found in hints.values() for w in found if not engine.entries(w, DOCUMENT[lang])] == []


def test_the_shape_of_a_question_lifts_entries_that_answer_it(engine):
    """"who chooses …" prefers the rule that says who chooses (603.3b) over ones that only name triggers."""
    question = engine.reader("en-2026").read(words("who chooses the order of triggers when both players have one"))
    assert question.shape == "chooser"
    chooses, other = (engine.ranker.coverage(Ref.rule("en-2026", n), question) for n in ("603.3b", "603.2"))
    assert chooses > other
    assert "603.3b" in keys(engine.search("who chooses the order of triggers when both players have one"))[:1]


@pytest.mark.parametrize(("query", "doc", "rule", "entry"), [
    ("what does in play mean", "en-2026", "403", "In Play (Obsolete)"),
    ("o que significa em jogo", "pt-2019", "403", "Em Jogo (Obsoleto)"),
    ("qué significa en juego", "es-2026", "403", "En juego (Obsoleto)"),
    ("what is mana burn", "en-2026", "106.4", "Mana Burn (Obsolete)"),
])
def test_an_obsolete_term_reads_as_today_s_and_reaches_its_entry(engine, query, doc, rule, entry):
    """An old term is read as today's wording (the rule first) and names its own "(Obsolete)" glossary entry."""
    found = keys(engine.search(query, doc=doc))[:5]
    assert any(k == rule or k.startswith(rule + ".") for k in found[:2]), found
    assert f"glossary:{entry}" in found, found


def test_obsolete_names_that_are_everyday_words_stay_words(engine):
    """"During (Obsolete)", "Removed", "Placed": the [obsolete] everyday list keeps them plain words, so "removed
    from combat" is not read as exile nor "during combat" as an old card's phrase."""
    en = engine.lexicons["en-2026"]
    for word in ("during", "removed", "placed", "mana source"):
        assert not [w for w in en.wordings(key(word, "en")) if "Obsolete" in w or w == "Counters"], word
    assert "In Play (Obsolete)" in en.wordings(key("in play", "en"))
    assert engine.lexicons["pt-2019"].wordings(key("durante", "pt")) == []


@pytest.mark.parametrize(("query", "doc", "top"), [
    ("como funciona o timestamp", "pt-2019", "613"),  # "selo temporal" in the 2019 translation
    ("cómo funciona el timestamp", "es-2026", "613"),  # "orden de llegada" in es-2026
    ("what happens if i deck out", "en-2026", "704.5b"),
    ("is commander singleton", "en-2026", "903.5b"),  # one copy of each card: "a different English name"
    ("what is lki", "en-2026", "113.7a"),  # last known information
    ("which graveyard does a stolen creature go to", "en-2026", "400.3"),  # the owner's corresponding zone
    ("puedo tener 4 copias de una carta en el mazo", "es-2026", "100.2a"),  # "no más de cuatro"
    ("quantas cópias de um card posso ter, 4 cópias?", "pt-2019", "100.2a"),  # "não mais que quatro"
])
def test_table_words_reach_the_document_s_own_wording(engine, query, doc, top):
    found = [k for k in keys(engine.search(query, doc=doc)) if not k.startswith("glossary:")][:3]
    assert any(k == top or k.startswith(top + ".") for k in found), found


def test_a_power_toughness_reads_as_the_rules_words_for_it():
    """A "2/2" typed alone is a value of power and toughness; a "+3/+3" a change of them (layer 7c's words)."""
    assert lexicon("en").wordings(("2/2",)) == ["power and toughness"]
    assert "modify power and/or toughness" in lexicon("en").wordings(("+3/+3",))
    assert "alteram o poder e/ou resistência" in lexicon("pt").wordings(("-1/-1",))
    assert lexicon("es").wordings(("x/x",)) == ["fuerza y resistencia"]
    assert lexicon("en").wordings(("2/2x",)) == []


@pytest.mark.parametrize(("query", "doc", "top"), [
    ("em que camada entra um +2/+2", "pt-2019", "613.3c"),  # layer 7c in the 2019 numbering
    ("en qué capa se aplica un +2/+2", "es-2026", "613.4c"),
    ("cuándo termina un +2/+2 hasta el final del turno", "es-2026", "514.2"),
])
def test_a_change_of_power_and_toughness_finds_its_rule(engine, query, doc, top):
    assert top in keys(engine.search(query, doc=doc))[:3]


@pytest.mark.parametrize(("query", "doc"), [
    ("duda: cómo funciona arrollar, gracias", "es-2026"),  # "duda" is not a typo of "dada"
    ("noob question, need help: how does trample work", "en-2026"),
])
def test_table_chatter_is_filler_not_a_typo(engine, query, doc):
    response = engine.search(query, doc=doc)
    assert response.did_you_mean is None
    assert keys(response)[0].startswith("702.19")


@pytest.mark.parametrize(("query", "first"), [
    ("a cuántos contadores de veneno se pierde", "704.5c"),  # a player loses the game …
    ("el maná que no usé se pierde al cambiar de paso?", "106.4"),  # … or unused mana empties
])
def test_a_phrase_of_two_meanings_is_read_both_ways(engine, query, first):
    """es "se pierde" is said of mana emptying and of a player losing: its wordings hold both."""
    assert keys(engine.search(query, doc="es-2026"))[0] == first
