"""The grammar's vocabulary and cited rules come from the 2026 CR, and the package stays off the engine."""

from __future__ import annotations

import ast
from pathlib import Path

from judge_app.cardtext import read
from judge_app.cardtext import rules as R
from judge_app.cardtext.render import all_rules
from judge_app.cardtext.terms import extract, terms

PACKAGE = Path(__file__).resolve().parent.parent / "judge_app" / "cardtext"


def test_stored_terms_are_what_the_corpus_says(corpus):
    # if this fails after a corpus change: python -m judge_app.cardtext.terms
    assert extract(corpus) == terms()


def test_terms_cover_every_keyword_and_action(corpus):
    keywords = {e["name"] for e in terms()["keyword_abilities"]}
    actions = {e["name"] for e in terms()["keyword_actions"]}
    assert {"Flying", "Trample", "Ward", "Bushido", "Toxic", "Protection", "Landwalk"} <= keywords
    assert {"Scry", "Proliferate", "Investigate", "Amass", "Surveil"} <= actions
    assert len(keywords) == len([r for r in corpus.children("en-2026", "702") if r.title])
    assert "Elf" in terms()["subtypes"]["creature"] and "Equipment" in terms()["subtypes"]["artifact"]


def test_every_cited_rule_exists(corpus):
    cited = set(R.all_constants()) | set(R.keyword_rules().values())
    card = read("Flying\nWard {2}\nWhen this creature enters, target player draws a card.\n{T}: Add {G}.\n"
                "{2}, {T}: Destroy target artifact. Activate only as a sorcery.\n"
                "If a creature would die, exile it instead.\nCreatures you control get +1/+1.")
    assert card.ok, card.errors
    for ability in card.abilities:
        cited |= set(all_rules(ability))
    missing = sorted(n for n in cited if corpus.rule("en-2026", n) is None)
    assert missing == []


def test_every_keyword_of_702_is_recognised_with_its_rule():
    for entry in terms()["keyword_abilities"]:
        name = entry["name"]
        if name in ("Landwalk", "∞ (Infinity)", "Daybound and Nightbound", "Offering"):
            continue
        card = read(name)
        keywords = [a for a in card.abilities if getattr(a, "keyword", None)]
        assert keywords and keywords[0].rule == entry["rule"], (name, card.errors)


def test_the_package_imports_nothing_of_the_engine():
    for path in PACKAGE.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not node.module.startswith("judge_app.engine"), path.name
                assert not node.module.startswith("judge_app.scenarios"), path.name
            if isinstance(node, ast.Import):
                assert not any(a.name.startswith("judge_app.engine") for a in node.names), path.name
