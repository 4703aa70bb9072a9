"""Whoosh queries built from a question's units (see `questions`), for one document at a time.

User text never reaches Whoosh's query parser: each word becomes Term queries on the document's
fields, so there is no syntax to get wrong and no wildcard or fuzzy expansion to run away with.
A unit is an Or of its forms, each by its rarest word ("enters the battlefield" by "enters").
"""

from __future__ import annotations

from whoosh.query import And, AndMaybe, DisjunctionMax, Or, Phrase, Query, Term

from judge_app.search.analysis import CHAINS, fold, term
from judge_app.search.questions import Question, Unit
from judge_app.search.schema import PARTS, field
from judge_app.search.understanding import number_token

PART_WEIGHT = {"title": 2.0, "text": 1.0, "more": 1.0}
PHRASE_WEIGHT = 2.0
NUMBER_WEIGHT = 6.0
BACKGROUND_SHARE = 0.15  # a unit in more entries is left to the ranking's coverage (when others remain)
OPTIONAL_PARTS = ("title", "text", "more")  # where the commoner units of a query still count
RARE_SHARE = 0.01  # a unit in fewer than this share of the entries always finds candidates
FINDING_SHARE = 0.1  # a form whose words are all commoner than this finds no candidates (when others do)
FINDING_PARTS = PARTS  # where the heavier units find candidates
MAX_FINDING = 3  # at most this many units find candidates …
MAX_OPTIONAL = 6  # … and this many others add to their scores (the rarest): Whoosh's cost grows with both
MAX_FORMS = 3  # a unit finds or adds through its rarest forms only, this many ("use": play, activate, cast)


def document_query(question: Question, phrases: list[list[str]]) -> Query | None:
    """The query for one document; heavy units find the candidates, light ones only add to their score.

    Whoosh's matching cost grows with the documents it visits, so the commoner units of a query
    ("damage", "combat") are scored inside what its heavier units found (see `finders`) rather than
    enumerated; an entry lacking every heavy unit would be pushed down by the ranking's coverage
    anyway. Units in more than `BACKGROUND_SHARE` of the entries ("creature", "player") carry little
    BM25 weight and are left to the coordination alone. Quoted phrases are required.
    """
    doc, lang = question.doc, question.lang
    units = question.counted
    units = [u for u in units if _rarest_form(u) <= BACKGROUND_SHARE] or units
    if phrases:
        required: Query | None = _any([phrase_query(doc, lang, p) for p in phrases], And)
        optional = [unit_query(doc, lang, u) for u in units]
    else:
        rare = finders(units)
        required = _any([unit_query(doc, lang, u, FINDING_PARTS, FINDING_SHARE) for u in rare])
        common = sorted((u for u in units if u not in rare), key=_rarest_form)[:MAX_OPTIONAL]
        optional = [unit_query(doc, lang, u, OPTIONAL_PARTS, BACKGROUND_SHARE) for u in common]
    if required is None or not optional:
        return required
    return AndMaybe(required, _any(optional))


def finders(units: list[Unit]) -> list[Unit]:
    """The units that find candidates: the heavier half of the query (at least one), plus any unit in
    fewer than `RARE_SHARE` of the entries. The others only add to the score of what these found. Heavier,
    not rarer: a unit's weight is its rarity as the reading stresses it, so a story's rare word finds less
    than the mechanic asked about ("protection from white": protection finds, not only white)."""
    ranked = sorted(units, key=lambda unit: -unit.weight)
    keep = min(max(1, (len(ranked) + 1) // 2), MAX_FINDING)
    return [u for i, u in enumerate(ranked) if i < keep or _rarest_form(u) <= RARE_SHARE]


def _rarest_form(unit: Unit) -> float:
    """The share of entries holding the unit's rarest form (numbers: none; they are looked up directly)."""
    return unit.keys[0][1] if unit.keys else 0.0


def unit_query(doc: str, lang: str, unit: Unit, parts: tuple[str, ...] = PARTS, share: float = 1.0) -> Query:
    """Any one form of the unit, each form by its rarest word: whether an entry holds the whole form is
    `ranking`'s business (Whoosh's nested And matchers cost more than they tell). Forms whose rarest word
    is in more than `share` of the entries are left out, unless all are (then the rarest form counts), and
    only the `MAX_FORMS` rarest count: more common words cost Whoosh time and tell little. Its score is scaled
    by the unit's emphasis: the question's reading weighs the full text as it weighs coverage."""
    if unit.source == "number":
        number = unit.forms[0][0]
        return Or([Term("number", number, boost=NUMBER_WEIGHT), Term("cites", number)])
    kept = [word for word, found in unit.keys if found <= share][:MAX_FORMS] or [unit.keys[0][0]]
    forms = [word_query(doc, lang, w, parts) for w in kept]
    query = forms[0] if len(forms) == 1 else Or(forms)
    query.boost *= unit.emphasis  # a story's word scores less, one of two mechanics more (`Unit.stress`)
    return query


def word_query(doc: str, lang: str, word: str, parts: tuple[str, ...] = PARTS) -> Query:
    """One word in every part (title, text, more), in the chain that fits how it was typed.

    A word typed without accents is looked up in the fold-then-stem fields only: for such a word both
    chains give the same term, and only the folded fields hold accented text folded ("mao" finds
    "mão"). A word typed with accents is looked up in both, keeping the better.
    """
    number = number_token(word)
    if number:
        return Or([Term("number", number, boost=NUMBER_WEIGHT), Term("cites", number)])
    chains = ("sf",) if fold(word) != word.lower() else ("fs",)
    queries = []
    for part in parts:
        alternatives = [Term(field(part, chain, doc), term(word, lang, chain)) for chain in chains]
        queries.append(_best(alternatives, PART_WEIGHT[part]))
    return queries[0] if len(queries) == 1 else Or(queries)


def phrase_query(doc: str, lang: str, phrase: list[str]) -> Query:
    chains = CHAINS if any(fold(w) != w.lower() for w in phrase) else ("fs",)
    alternatives = [
        Phrase(field(part, chain, doc), [term(w, lang, chain) for w in phrase], boost=PART_WEIGHT[part])
        for part in PARTS for chain in chains
    ]
    return DisjunctionMax(alternatives, boost=PHRASE_WEIGHT)


def _any(queries: list[Query], combine=Or) -> Query | None:
    if not queries:
        return None
    return queries[0] if len(queries) == 1 else combine(queries)


def _best(queries: list[Query], boost: float) -> Query:
    if len(queries) == 1:
        queries[0].boost = boost
        return queries[0]
    return DisjunctionMax(queries, boost=boost)
