"""Whoosh queries built from analysed words, for one document at a time.

User text never reaches Whoosh's query parser: each word becomes Term queries on the document's
fields, so there is no syntax to get wrong and no wildcard or fuzzy expansion to run away with.
"""

from __future__ import annotations

from whoosh.query import And, AndMaybe, DisjunctionMax, Or, Phrase, Query, Term

from judge_app.corpus import numbers
from judge_app.search.analysis import CHAINS, fold, term
from judge_app.search.schema import PARTS, field
from judge_app.search.vocabulary import Vocabulary

PART_WEIGHT = {"title": 2.0, "text": 1.0, "more": 1.0}
PHRASE_WEIGHT = 2.0
NUMBER_WEIGHT = 6.0
STOP_SHARE = 0.3  # a word in more than this share of a document's entries is dropped ("the", "de")
BACKGROUND_SHARE = 0.1  # a word in more of them is left to `ranking.coordination` (when others remain)
OPTIONAL_PARTS = ("title", "more")  # where the commoner words of a query still count
RARE_SHARE = 0.01  # a word in fewer than this share of the entries always finds candidates

# Words that ask rather than name ("what happens when…", "o que acontece se…", "¿qué pasa si…"): dropped
# from a query that has other words, and ignored when matching titles. Only question words, pronouns
# and articles: game words ("each", "before", "own", "estado") are never dropped.
QUESTION_WORDS = {lang: {fold(w) for w in ws.split()} for lang, ws in {
    "en": "what whats which who how many much when where why does do did is are can could may should would i you "
          "me my it happens happen mean means work works rule rules the a an of if",
    "pt": "o a os as que qual quais quanto quantos quanta quantas como quando onde porque por e é são eu posso "
          "pode acontece significa funciona regra regras um uma se de do da",
    "es": "que qué cual cuál cuales cuáles cuanto cuánto cuantos cuántos cuanta cuánta cuantas cuántas como cómo "
          "cuando cuándo donde dónde por es son yo puedo puede pasa sucede significa funciona regla reglas un una si "
          "el la los las de del y",
}.items()}


def number_token(word: str) -> str | None:
    """A rule or section number written inside a longer query ("702.19c", "704")."""
    if not word[:1].isdigit():
        return None
    number = numbers.normalise(word)
    return number if number and not numbers.CHAPTER_RE.match(number) else None


def asks(word: str, lang: str) -> bool:
    return fold(word) in QUESTION_WORDS.get(lang, ())


def incidental(word: str, doc: str, lang: str, vocabulary: Vocabulary) -> bool:
    """A question word, or a word in most entries ("the", "de"): no use telling entries apart."""
    return asks(word, lang) or vocabulary.share(word, doc) > STOP_SHARE


def content_words(words: list[str], doc: str, lang: str, vocabulary: Vocabulary) -> list[str]:
    """The words that can tell entries apart (falling back to all of them when none can)."""
    content = [w for w in words if not incidental(w, doc, lang, vocabulary)]
    return content or [w for w in words if not asks(w, lang)] or list(words)


def document_query(doc: str, lang: str, words: list[str], phrases: list[list[str]],
                   vocabulary: Vocabulary) -> Query | None:
    """The query for one document; rare words find the candidates, common ones only add to their score.

    Whoosh's matching cost grows with the documents it visits, so the commoner words of a query
    ("damage", "combat") are scored inside what its rarer words found (see `rarest`) rather than
    enumerated; an entry lacking every rare word would be pushed down by `ranking.coordination`
    anyway. Words in more than `BACKGROUND_SHARE` of the entries ("creature", "player", "with")
    carry little BM25 weight and are left to the coordination alone. Quoted phrases are required.
    """
    content = content_words(words, doc, lang, vocabulary)
    content = [w for w in content if vocabulary.share(w, doc) <= BACKGROUND_SHARE] or content
    if phrases:
        required: Query | None = _any([phrase_query(doc, lang, p) for p in phrases], And)
        optional = [word_query(doc, lang, w) for w in content]
    else:
        rare = rarest(content, doc, vocabulary)
        common = [w for w in content if w not in rare]
        required = _any([word_query(doc, lang, w) for w in rare])
        optional = [word_query(doc, lang, w, OPTIONAL_PARTS) for w in common]
    if required is None or not optional:
        return required
    return AndMaybe(required, _any(optional))


def rarest(words: list[str], doc: str, vocabulary: Vocabulary) -> list[str]:
    """The words that find candidates: the rarer half of the query (at least one), plus any word in
    fewer than `RARE_SHARE` of the entries. The others only add to the score of what these found."""
    ranked = sorted(words, key=lambda w: (0.0 if number_token(w) else vocabulary.share(w, doc)))
    keep = max(1, (len(ranked) + 1) // 2)
    return [w for i, w in enumerate(ranked) if i < keep or vocabulary.share(w, doc) <= RARE_SHARE]


def word_query(doc: str, lang: str, word: str, parts: tuple[str, ...] = PARTS) -> Query:
    """One word in every part (title, text, more), in the chain that fits how it was typed.

    A word typed without accents is looked up in the fold-then-stem fields only: for such a word both
    chains give the same term, and only the folded fields hold accented text folded ("mao" finds
    "mão"). A word typed with accents is looked up in both, keeping the better.
    """
    number = number_token(word)
    if number:
        return Or([Term("number", number, boost=NUMBER_WEIGHT), Term("cites", number)])
    chains = CHAINS if fold(word) != word.lower() else ("fs",)
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
