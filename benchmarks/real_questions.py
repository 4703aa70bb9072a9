"""Search quality on real questions people asked in public Q&A, in their own words (issue 30, item 6).

    python benchmarks/real_questions.py [--verbose] [--blind]

The questions (`benchmarks/real_questions_tune.toml` and `…_blind.toml`) come from Q&A sites, forums, Reddit rules
threads and judge columns with their Spanish and Portuguese translations, each with its source address and the rules
its answer cites or implies, checked in the document's own numbering (en-2026, es-2026, pt-2019). Each question's half
is fixed by the SHA-256 of its own text (`evaluation.half`), so adding questions never moves another: the tune half is
measured and may be tuned on; the blind half is measured once, at the end of issue 30's work (`--blind`), and never
looked into.

Prints recall@1, recall@5 and MRR by language, by length (short: at most 24 words; long) and both, with the server's
engine as the app opens it (the index under $JUDGE_DATA_DIR). Questions a tournament policy decides (kind "policy")
are counted apart. `--verbose` lists the tune questions not answered first, with the rank of their deciding rule.
"""

from __future__ import annotations

import argparse

from judge_app import search
from judge_app.corpus import load_corpus
from judge_app.search import evaluation as ev
from judge_app.search.entries import RULE

LIMIT = 10


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--blind", action="store_true", help="measure the blind half instead (once, at the end)")
    parser.add_argument("--verbose", action="store_true", help="list the tune questions not answered first")
    args = parser.parse_args()

    corpus = load_corpus()
    path = ev.REAL_BLIND if args.blind else ev.REAL_TUNE
    cases = ev.load_cases(path)
    problems = ev.problems(cases, corpus)
    if problems:
        raise SystemExit("real questions: " + "; ".join(problems))

    def language(doc: str) -> str:
        return corpus.documents[doc].language

    search.ensure_index()
    engine = search.engine()
    ranks = []
    for case in cases:
        hits = engine.search(case.q, doc=case.doc, limit=LIMIT).hits
        ranks.append(case.rank([(h.kind, h.number if h.kind == RULE else h.term or "") for h in hits]))

    policy = sum(1 for c in cases if c.kind == "policy")
    print(f"real questions, {'blind' if args.blind else 'tune'} half: {len(cases)} ({policy} decided by tournament "
          "policy, counted apart)")
    print(f"{'group':12} {'n':>4}   {'r@1':>6} {'r@5':>6} {'MRR':>6}")
    for key, got in ev.by_language_and_length(cases, ranks, language).items():
        print(f"{key:12} {got.queries:4}   {got.recall_at_1:6.3f} {got.recall_at_5:6.3f} {got.mrr:6.3f}")
    if args.verbose and not args.blind:
        print()
        for case, rank in zip(cases, ranks, strict=True):
            if rank != 1 and case.kind != "policy":
                print(f"  rank {rank}, wanted {case.accept[0]} on {case.doc} ({ev.length(case.q)}): {case.q[:100]!r}")


if __name__ == "__main__":
    main()
