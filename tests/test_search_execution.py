"""Running queries over the kept postings (`execution`) scores exactly what Whoosh's own search scores."""

import math
from concurrent.futures import ThreadPoolExecutor

import pytest
from whoosh.query import DisjunctionMax, Or, Phrase, Term

from judge_app.search import evaluation, execution, understanding
from judge_app.search.queries import document_query
from judge_app.search.schema import field

CASES = evaluation.load_cases() + evaluation.load_cases(evaluation.QUESTIONS_DEV)[::4]


def _whoosh(engine, query) -> dict[int, float]:
    with engine._reading() as searcher:
        return dict(searcher.search(query, limit=None, optimize=False).items())


def _queries(engine):
    """Each case's query for its document, as `Engine._ranked` builds it (quoted phrases included)."""
    for case in CASES:
        parsed = understanding.parse(case.q)
        if parsed.number is not None or parsed.empty:
            continue
        built = document_query(engine.reader(case.doc).read(parsed.words), parsed.phrases)
        if built is not None:
            yield built


def _same(ours: dict[int, float], theirs: dict[int, float]) -> None:
    assert ours.keys() == theirs.keys()
    for n, score in theirs.items():
        assert math.isclose(ours[n], score, rel_tol=1e-9), n


def test_every_query_of_the_sets_scores_as_whoosh_scores_it(engine):
    checked = 0
    for query in _queries(engine):
        _same(engine.postings.scores(query), _whoosh(engine, query))
        checked += 1
    assert checked > 100


def test_phrases_and_a_compound_of_one_score_as_in_whoosh(engine):
    text = field("text", "fs", "en-2026")
    phrase = Phrase(text, ["combat", "damag"], boost=2.0)
    lone = Or([Term(text, "trampl", boost=2.0)], boost=5.0)  # Whoosh runs it as its term: the 5 is not applied
    for query in (phrase, lone, Or([phrase, lone]), Term(text, "no-such-term"), Term("no_such_field", "x")):
        _same(engine.postings.scores(query), _whoosh(engine, query))
    assert engine.postings.scores(phrase)


def test_disjunction_max_takes_each_entrys_best(engine):
    """Whoosh's own DisjunctionMax matcher takes the max with a subquery standing on another entry (its score
    leaks to entries lacking the term): checked against the definition instead."""
    parts = [Term(field(part, "fs", "en-2026"), "deathtouch") for part in ("text", "title")]
    either = engine.postings.scores(DisjunctionMax(parts, boost=3.0))
    each = [_whoosh(engine, q) for q in parts]
    assert set(either) == set(each[0]) | set(each[1]) and len(either) > len(each[1])
    for n, score in either.items():
        assert math.isclose(score, 3.0 * max(found.get(n, 0.0) for found in each), rel_tol=1e-9)


def test_top_keeps_the_allowed_best_first_and_counts_them(engine, corpus):
    query = Or([Term(field("text", "fs", "en-2026"), "damag"), Term(field("text", "fs", "en-2026"), "trampl")])
    scores = engine.postings.scores(query)
    allowed = engine._allowed(["en-2026"], "702")
    best, count = execution.top(scores, allowed, 10)
    inside = {n: s for n, s in scores.items() if n in allowed}
    assert count == len(inside) < len(scores)
    assert best == sorted(inside.items(), key=lambda item: (-item[1], item[0]))[:10]
    assert all(engine.refs[n].key.startswith("702.") for n, _ in best)
    with engine._reading() as searcher:
        theirs = searcher.search(query, limit=10, filter=allowed)
        assert [n for n, _ in best] == [n for n, _ in theirs.items()] and count == len(theirs)


def test_the_threads_share_one_searcher(engine):
    with ThreadPoolExecutor(max_workers=4) as pool:
        opened = set(pool.map(lambda _: id(engine.searcher()), range(16)))
    assert opened == {id(engine.searcher())}


@pytest.mark.parametrize("budget", [50, 5000])
def test_the_postings_kept_stay_within_their_budget(engine, budget):
    kept = execution.Postings(engine._reading, budget=budget)
    for word in ("damag", "creatur", "trampl", "deathtouch", "player", "spell", "hexproof"):
        ids, _ = kept.term(field("text", "fs", "en-2026"), word)
        assert kept._size <= max(budget, len(ids))
    assert kept.term(field("text", "fs", "en-2026"), "trampl") == engine.postings.term(field("text", "fs", "en-2026"),
                                                                                       "trampl")
