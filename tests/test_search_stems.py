"""Game words that Snowball would stem onto another word are kept apart (lexicon/stems.toml), and the
irregular forms it cannot join are joined. Each pair below was checked in the documents: the first word
is a game word, the second what it used to meet."""

from __future__ import annotations

import pytest
from search_helpers import keys

from judge_app.search.analysis import fixed_stems, fold, term
from judge_app.search.lexicon import key, lexicon

# (language, game word, the word it stemmed onto)
APART = [
    ("en", "dies", "die"),  # put into a graveyard (700.4) / the die you roll (706)
    ("en", "died", "die"),
    ("en", "defender", "defending"),  # the keyword (702.3) / the defending player
    ("en", "enchant", "enchantment"),  # the keyword (702.5) / the card type
    ("en", "equip", "equipment"),  # the keyword (702.6) / the subtype
    ("en", "phasing", "phase"),  # the keyword (702.26) / the phases of a turn
    ("en", "phased", "phases"),
    ("en", "activate", "active"),  # activated abilities / the active player
    ("en", "convert", "converted"),  # the keyword action (701.28) / converted mana cost
    ("es", "dañar", "daño"),  # Dañar primero, Dañar dos veces / damage
    ("es", "encantar", "encantamiento"),
    ("es", "equipar", "equipo"),  # Equipar / Equipo (and a team)
    ("es", "vínculo", "vinculadas"),  # Vínculo vital / habilidades vinculadas (607)
    ("es", "mantenimiento", "mantener"),  # upkeep / keep
    ("es", "solar", "sólo"),
    ("es", "activar", "activo"),
    ("pt", "iniciativa", "inicia"),  # first strike in the 2019 translation / begins
    ("pt", "manto", "mantém"),  # shroud / keeps
    ("pt", "encantar", "encantamento"),
    ("pt", "equipar", "equipe"),  # Equipar / a team
    ("pt", "equipar", "equipamento"),
    ("pt", "comando", "como"),  # the command zone / how
    ("pt", "comando", "com"),
    ("pt", "fundir", "fundo"),  # fuse (702.101) / the bottom of a library
    ("pt", "totem", "totais"),  # Armadura de totem / totals
    ("pt", "ativar", "ativo"),
    ("pt", "jogar", "jogo"),  # play / the game
    # checked over every keyword, keyword-action and glossary word of the three documents (the fourth session)
    ("en", "initiative", "initial"),  # the designation (725) / initial
    ("en", "identity", "identical"),  # color identity (903.4)
    ("en", "successfully", "succession"),  # "successfully cast" (obsolete) / pass in succession
    ("en", "planeswalker", "planeswalk"),  # the card type / planeswalking (701.31)
    ("en", "unblockable", "unblocked"),  # can't be blocked (obsolete term) / not blocked this combat
    ("en", "countered", "counters"),  # a countered spell (701.6) / the markers (122)
    ("es", "objetivo", "objeto"),  # target / object
    ("es", "mano", "maná"),  # hand / mana
    ("es", "daño", "dan"),  # damage / they give
    ("es", "comida", "como"),  # the Food token / as, how
    ("es", "sala", "sale"),  # a Room / leaves
    ("es", "partida", "parte"),  # a game / a part
    ("es", "vacío", "vacía"),  # Devoid (702.114) / an empty library
    ("es", "iniciativa", "inicia"),  # the designation (725) / begins
    ("es", "identidad", "idéntica"),
    ("es", "bajo", "bajar"),  # bajo el control de (under) / players' "bajar" (play a card)
    ("es", "sac", "sacar"),  # players' sacrifice / take out
    ("pt", "mágica", "magic"),  # a spell / the game's name
    ("pt", "magia", "mago"),  # Resistência à magia (hexproof, 2019) / Wizard
    ("pt", "face", "faça"),  # face voltada para baixo / do
    ("pt", "voltada", "volta"),  # face voltada para baixo / returns
    ("pt", "fora", "for"),  # fora de fase / if it is
    ("pt", "virar", "vir"),  # tap (2019) / come
    ("pt", "partida", "parte"),
    ("pt", "identidade", "idêntica"),
    ("pt", "baixo", "baixar"),  # face voltada para baixo / players' "baixar" (play a card)
    ("pt", "some", "soma"),  # disappears (players' "a mana some") / a sum
    # the fifth session
    ("pt", "desaparece", "desaparecer"),  # a token or mana disappears / Desaparecer (Vanishing, 702.62)
    ("pt", "some", "sumir"),  # disappears / Sumir (Fading in the 2019 translation, 702.31)
    ("es", "desaparece", "desaparecer"),  # a token disappears / Desaparecer (the keyword, 702.32)
]

# (language, form, the word it must meet)
JOINED = [
    ("es", "muere", "morir"), ("es", "murió", "morir"), ("es", "pierde", "perder"), ("es", "juega", "jugar"),
    ("es", "vuelve", "volver"),
    ("en", "dies", "dying"), ("en", "defender", "defenders"), ("en", "enchantment", "enchantments"),
    ("pt", "equipe", "equipes"),
    ("es", "resuelve", "resolver"), ("es", "resolvió", "resolver"), ("es", "resolución", "resolver"),
    ("es", "maná", "mana"), ("es", "daño", "dañado"), ("es", "sac", "sacrificar"),
    ("pt", "resolução", "resolver"), ("pt", "vir", "vindo"), ("pt", "voltada", "voltado"), ("pt", "some", "sumiu"),
    ("en", "resolution", "resolve"), ("en", "planeswalker", "planeswalkers"),
    ("pt", "desaparece", "desapareceu"), ("es", "desaparece", "desapareció"),
    # irregular forms players write (the fifth session)
    ("en", "drew", "draw"), ("en", "drawn", "draws"), ("en", "paid", "pay"),
    ("en", "fought", "fight"), ("en", "began", "begin"), ("en", "begun", "begins"),
    ("es", "hizo", "hacer"), ("es", "hicieron", "hace"), ("es", "puso", "poner"), ("es", "pusieron", "pone"),
    ("pt", "fez", "fazer"), ("pt", "fizeram", "faz"),
]


@pytest.mark.parametrize(("lang", "game_word", "other"), APART)
def test_game_words_keep_their_own_term(lang, game_word, other):
    for chain in ("sf", "fs"):
        assert term(game_word, lang, chain) != term(other, lang, chain)


@pytest.mark.parametrize(("lang", "form", "word"), JOINED)
def test_forms_of_one_word_still_meet(lang, form, word):
    for chain in ("sf", "fs"):
        assert term(form, lang, chain) == term(word, lang, chain)


def test_every_entry_of_the_table_is_checked_here():
    """A word added to stems.toml without a pair here is an untested claim."""
    listed = {(lang, fold(w)) for lang, a, b in APART + JOINED for w in (a, b)}
    for lang, table in fixed_stems().items():
        assert not {w for w in table if (lang, w) not in listed} - _SAME_AS_LISTED[lang], lang


# Forms in the table that are inflections of a listed word (checked through it).
_SAME_AS_LISTED = {
    "en": {"defenders", "enchantments", "dying", "identities", "countering", "resolutions"},
    "es": {"encantamientos", "equipos", "mantenimientos", "solo", "sola", "solos", "solas", "solamente", "activos",
           "mueren", "muera", "mueran", "murieron", "pierden", "pierda", "pierdan", "juegan", "juegue", "jueguen",
           "vuelven", "vuelva", "vuelvan", "objetivos", "manos", "manas", "danos", "danada", "danados", "danadas",
           "comidas", "salas", "partidas", "vacias", "identidades", "resuelven", "resuelva", "resuelvan",
           "resoluciones", "desaparecen", "desaparecieron", "hice", "hiciste", "puse"},
    "pt": {"encantamentos", "equipes", "equipamentos", "ativos", "jogos", "magicas", "magias", "faces", "voltadas",
           "voltados", "partidas", "identidades", "resolucoes", "somem", "sumiram", "desaparecem", "desapareceram",
           "fiz"},
}


@pytest.mark.parametrize(("query", "doc", "top"), [
    ("dies", "en-2026", "700.4"),  # not 706 (rolling a die)
    ("defender", "en-2026", "702.3"),
    ("phasing", "en-2026", "702.26"),
    ("dañar primero", "es-2026", "702.7"),
    ("manto", "pt-2019", "702.18"),
])
def test_the_game_word_finds_its_own_rule(engine, query, doc, top):
    found = keys(engine.search(query, doc=doc))
    assert found[0] == top
    assert not any(k.startswith("706") for k in found[:5]) or query != "dies"


# One word, two meanings, the same term (no stem can split them): the players' phrases around it decide
# (lexicon/*.toml [words]). (document, query, the rule meant, the rule of the other meaning)
SAME_WORD = [
    ("en-2026", "how do i counter a spell", "701.6", "122"),  # counter: the action / the marker
    ("en-2026", "+1/+1 counter", "122", "701.6"),
    ("en-2026", "can the game end in a draw", "104.4", "121"),  # draw: a game's result / a card
    ("en-2026", "draw a card", "121", "104.4"),
    ("pt-2019", "como funciona explore", "701.39", "702.109"),  # Explorar: Explore (701.39) / Exploit (702.109)
    ("pt-2019", "como funciona exploit", "702.109", "701.39"),
    ("pt-2019", "o que é alcance", "702.17", "801"),  # Alcance: Reach / alcance de influência (801)
    ("pt-2019", "alcance de influência", "801", "702.17"),
    ("pt-2019", "marcador +1/+1 e marcador -1/-1 se anulam", "704.5q", "701.5"),  # anular: cancel out / counter
    ("pt-2019", "anular uma mágica", "701.5", "704.5q"),
    ("es-2026", "qué pasa con el dado", "706", "608"),  # dado: a die (706) / given (a spell's instructions)
    ("pt-2019", "a ficha desaparece quando volta pra mão?", "110.5", "702.62"),  # disappears / Vanishing (stems)
    ("es-2026", "la ficha desaparece si vuelve a la mano?", "111.8", "702.32"),
    ("en-2026", "what happens when the game is a draw", "104.4", "121"),
    ("pt-2019", "o efeito de +3/+3 passa no fim do turno?", "514", "116"),  # passa: wears off / passes priority
    ("pt-2019", "passar a prioridade com a pilha vazia", "116", "514"),
    ("pt-2019", "criatura com defensor pode atacar?", "702.3", "509"),  # Defensor / the defending player
    ("pt-2019", "o defensor pode bloquear com uma criatura virada?", "509", "702.3"),
    ("es-2026", "el defensor puede bloquear con una criatura girada", "509", "702.3"),
    ("es-2026", "qué pasa con un combo infinito", "731", "702.186"),  # a loop / the keyword ∞ (Infinito)
]


@pytest.mark.parametrize(("doc", "query", "meant", "other"), SAME_WORD)
def test_a_word_of_two_meanings_finds_the_one_meant(engine, doc, query, meant, other):
    found = [k for k in keys(engine.search(query, doc=doc)) if not k.startswith("glossary:")]
    assert any(_under(k, meant) for k in found[:3]), found[:3]
    assert not _under(found[0], other), found[:3]


def _under(number: str, rule: str) -> bool:
    """`number` is `rule` or one of its subrules ("701.6a", "704.5q" under "704.5")."""
    rest = number[len(rule):]
    return number.startswith(rule) and (not rest or rest[0] == "." or rest.isalpha())


def test_a_players_deck_is_not_the_rules_shuffle():
    """es "baraja": players' deck (in Spain) / "baraja" in es-2026, always the verb (shuffles, Barajar 701.24). The
    single word stays the rules' verb; "mi baraja", "la baraja" read as the deck."""
    assert lexicon("es").wordings(key("baraja", "es")) == []
    assert lexicon("es").wordings(key("mi baraja", "es")) == ["mazo"]


def test_a_stolen_creature_is_not_a_card_drawn():
    """es "robar": to draw a card (the word alone, as the rules say) / to steal ("criatura robada", "me robaron")."""
    assert lexicon("es").wordings(key("robar", "es")) == []
    for phrase in ("criatura robada", "me robaron", "le robé"):
        assert lexicon("es").wordings(key(phrase, "es")) == ["gana el control"], phrase
