"""Scoring a search engine against the query sets: the judges' development set
(`benchmarks/search_queries.toml`) and the player questions, in a development and a test half
(`benchmarks/search_questions_dev.toml` and `…_test.toml`); and the real questions people asked in public Q&A, in a
tune half and a blind half (`benchmarks/real_questions_tune.toml` and `…_blind.toml`), reported by language and length.

Shared by the benchmark script (which prints the figures) and the quality tests (which guard them).
A hit is `("rule", number)` or `("glossary", term)`; a query's `accept` list names rule numbers,
"702.19*" for a rule and everything below it, and "glossary:Term" for a glossary entry.
"""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from judge_app import paths
from judge_app.corpus import Corpus, numbers
from judge_app.corpus.glossary import term_key

QUERY_SET = paths.PROJECT_ROOT / "benchmarks" / "search_queries.toml"
QUESTIONS_DEV = paths.PROJECT_ROOT / "benchmarks" / "search_questions_dev.toml"
QUESTIONS_TEST = paths.PROJECT_ROOT / "benchmarks" / "search_questions_test.toml"  # written blind, never tuned on
REAL_TUNE = paths.PROJECT_ROOT / "benchmarks" / "real_questions_tune.toml"
REAL_BLIND = paths.PROJECT_ROOT / "benchmarks" / "real_questions_blind.toml"  # measured once, at the end of issue 30
KINDS = ("number", "keyword", "glossary", "interaction", "typo", "accent", "crosslang", "question")
QUESTION_KINDS = ("general", "mechanics", "situation")  # one thing; two mechanics or more; a short story
REAL_KINDS = ("real", "policy")  # a game-rules question; one tournament policy (MTR/IPG) decides, `accept` may be empty
SHORT_WORDS = 24  # a real question of at most this many words is "short" (today's reading cut), else "long"


@dataclass(frozen=True, slots=True)
class Case:
    q: str
    doc: str
    kind: str
    accept: tuple[str, ...]
    group: str = ""  # player questions: the topic, shared by its versions in other languages
    scenarios: tuple[str, ...] = ()  # player questions: library scenarios that show the answer happen

    def accepts(self, kind: str, key: str) -> bool:
        for wanted in self.accept:
            if wanted.startswith("glossary:"):
                if kind == "glossary" and term_key(wanted[len("glossary:"):]) == term_key(key):
                    return True
            elif kind == "rule":
                if wanted.endswith("*"):
                    root = wanted[:-1]
                    if key == root or _below(key, root):
                        return True
                elif key == wanted:
                    return True
        return False

    def rank(self, hits: Sequence[tuple[str, str]]) -> int | None:
        """1-based rank of the first accepted hit, or None."""
        for i, (kind, key) in enumerate(hits, 1):
            if self.accepts(kind, key):
                return i
        return None


@dataclass(frozen=True, slots=True)
class Quality:
    queries: int
    recall_at_1: float
    recall_at_5: float
    mrr: float


def load_cases(path: Path = QUERY_SET) -> list[Case]:
    with open(path, "rb") as handle:
        data = tomllib.load(handle)
    return [Case(item["q"], item["doc"], item["kind"], tuple(item["accept"]), item.get("group", ""),
                 tuple(item.get("scenarios", ())))
            for item in data["query"]]


def problems(cases: Sequence[Case], corpus: Corpus) -> list[str]:
    """Accepted answers that do not exist in their document (a typo in the query set)."""
    out = []
    for case in cases:
        if case.kind not in KINDS + QUESTION_KINDS + REAL_KINDS:
            out.append(f"{case.q!r}: unknown kind {case.kind!r}")
        if not case.accept and case.kind != "policy":
            out.append(f"{case.q!r}: no accepted answer")
        for wanted in case.accept:
            if wanted.startswith("glossary:"):
                if not corpus.glossary_entries(case.doc, wanted[len("glossary:"):]):
                    out.append(f"{case.q!r}: no glossary entry {wanted!r} in {case.doc}")
            elif wanted.rstrip("*") not in corpus.rules.get(case.doc, {}):
                out.append(f"{case.q!r}: no rule {wanted!r} in {case.doc}")
    return out


def quality(ranks: Sequence[int | None]) -> Quality:
    n = len(ranks) or 1
    return Quality(
        queries=len(ranks),
        recall_at_1=sum(1 for r in ranks if r == 1) / n,
        recall_at_5=sum(1 for r in ranks if r is not None and r <= 5) / n,
        mrr=sum(1 / r for r in ranks if r is not None) / n,
    )


@dataclass(frozen=True, slots=True)
class ScenarioQuality:
    questions: int  # questions a library scenario answers
    shown: float  # share of them showing one of their scenarios
    first: float  # … as the first scenario shown
    others: int  # questions with no scenario named
    shown_with_others: float  # scenarios shown per such question, on average: what a reader sees beside


def scenario_quality(cases: Sequence[Case], shown: Sequence[Sequence[str]]) -> ScenarioQuality:
    """How well searches show the scenarios that answer them: `shown`, per case, the scenario ids shown."""
    named = [(set(c.scenarios), found) for c, found in zip(cases, shown, strict=True) if c.scenarios]
    others = [len(found) for c, found in zip(cases, shown, strict=True) if not c.scenarios]
    n = len(named) or 1
    return ScenarioQuality(
        questions=len(named),
        shown=sum(1 for wanted, found in named if wanted & set(found)) / n,
        first=sum(1 for wanted, found in named if found and found[0] in wanted) / n,
        others=len(others),
        shown_with_others=sum(others) / (len(others) or 1),
    )


def by_kind(cases: Sequence[Case], ranks: Sequence[int | None]) -> dict[str, Quality]:
    """Quality per kind (in `KINDS`, then `QUESTION_KINDS` order) and "overall"."""
    out = {}
    for kind in KINDS + QUESTION_KINDS:
        selected = [r for c, r in zip(cases, ranks, strict=True) if c.kind == kind]
        if selected:
            out[kind] = quality(selected)
    out["overall"] = quality(ranks)
    return out


def half(q: str) -> str:
    """A real question's half, fixed by its own text: "tune" when the first byte of the SHA-256 of the text is even,
    else "blind" — so adding or removing questions never moves another one between the halves."""
    return "tune" if hashlib.sha256(q.encode()).digest()[0] % 2 == 0 else "blind"


def length(q: str) -> str:
    """A real question's length class: "short" (at most `SHORT_WORDS` words) or "long"."""
    return "short" if len(q.split()) <= SHORT_WORDS else "long"


def by_language_and_length(cases: Sequence[Case], ranks: Sequence[int | None], language: Callable[[str], str]
                           ) -> dict[str, Quality]:
    """Quality of the real questions a game rule answers (policy ones left out) per language ("en", "es", "pt"),
    per length ("short", "long"), per both ("en long") and "overall"; `language` maps a document to its language."""
    groups: dict[str, list[int | None]] = {}
    for case, rank in zip(cases, ranks, strict=True):
        if case.kind == "policy":
            continue
        lang, size = language(case.doc), length(case.q)
        for key in (lang, size, f"{lang} {size}", "overall"):
            groups.setdefault(key, []).append(rank)
    order = [f"{lang}{size}" for lang in ("en", "es", "pt") for size in ("", " short", " long")] + ["short", "long",
                                                                                                    "overall"]
    return {key: quality(groups[key]) for key in order if key in groups}


def _below(number: str, root: str) -> bool:
    parent = numbers.parent(number)
    while parent:
        if parent == root:
            return True
        parent = numbers.parent(parent)
    return False
