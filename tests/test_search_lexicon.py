"""The players' vocabulary (judge_app/search/lexicon/*.toml) is data that holds: every wording it maps a
player's word to occurs in the document it is for, the CR glossary's obsolete terms are read from the
documents themselves, and each kind of entry changes what is found."""

from __future__ import annotations

import tomllib

import pytest
from search_helpers import keys

from judge_app.search.analysis import words
from judge_app.search.lexicon import CLAUSE, CONDITION, FOLDER, SHAPES, key, lexicon, obsolete_terms

DOCUMENT = {"en": "en-2026", "pt": "pt-2019", "es": "es-2026"}


def data(lang: str) -> dict:
    with open(FOLDER / f"{lang}.toml", "rb") as handle:
        return tomllib.load(handle)


@pytest.mark.parametrize("lang", DOCUMENT)
def test_every_wording_occurs_in_its_document(engine, lang):
    """A wording the rules never use would find nothing: each of its words is in the document."""
    doc = DOCUMENT[lang]
    table = data(lang)
    wordings = [w for found in table["words"].values() for w in found]
    wordings += list(table.get("translation-2019", {}).values())  # the 2019 side of each pair
    reader = engine.reader(doc)
    missing = [w for w in wordings for word in reader.content(w) if word.isalpha() and not engine.entries(word, doc)]
    assert missing == []


@pytest.mark.parametrize("lang", DOCUMENT)
def test_questions_section_is_well_formed(lang):
    questions = data(lang)["questions"]
    assert set(questions) == {"filler", CLAUSE, CONDITION, *SHAPES}
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
])
def test_players_words_find_the_rules(engine, query, doc, top, why):
    found = [k for k in keys(engine.search(query, doc=doc)) if not k.startswith("glossary:")][:3]
    assert any(k == top or k.startswith(top + ".") or (k.startswith(top) and k[len(top):].isalpha())
               for k in found), (why, found)


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
    assert lexicon("es").shape(words("cuántas tierras puedo jugar")) == "permission"  # the first shape found
    assert lexicon("es").shape(words("cuántas tierras hay")) == "count"
    assert lexicon("en").shape(words("trample")) is None


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
    chooses, other = (engine._coverage(f"en-2026|rule|{n}", question) for n in ("603.3b", "603.2"))
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
])
def test_table_words_reach_the_document_s_own_wording(engine, query, doc, top):
    found = [k for k in keys(engine.search(query, doc=doc)) if not k.startswith("glossary:")][:3]
    assert any(k == top or k.startswith(top + ".") for k in found), found
