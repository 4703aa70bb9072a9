"""Every rule number the engine can cite exists in en-2026 and sits under the title the code expects."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from judge_app.engine import keywords, rules
from judge_app.scenarios import load, run

ENGINE = Path(rules.__file__).parent
CITES = rules.all_cites()
RULE_LITERAL = re.compile(r"""["'](\d{3}\.\d+[a-z]?)["']""")


def titled(corpus, number):
    rule = corpus.rule("en-2026", number)
    while rule is not None and not rule.title:
        rule = corpus.parent("en-2026", rule.number)
    return rule


def test_there_are_citations():
    assert len(CITES) > 100
    assert len(set(CITES.values())) == len(CITES), "two constants name the same rule"


@pytest.mark.parametrize("name", sorted(CITES))
def test_cited_rule_exists_with_expected_title(corpus, name):
    cite = CITES[name]
    rule = corpus.rule("en-2026", cite)
    assert rule is not None, f"{name} = {cite} is not a rule of en-2026"
    assert rule.number == cite
    owner = titled(corpus, cite)
    assert owner is not None and owner.title == cite.topic, (
        f"{name} = {cite}: expected it under {cite.topic!r}, found {owner.title if owner else None!r}")


@pytest.mark.parametrize("keyword", sorted(keywords.SIMPLE_KEYWORDS))
def test_keyword_rules_carry_the_keyword_title(corpus, keyword):
    owner = titled(corpus, keywords.SIMPLE_KEYWORDS[keyword])
    assert owner.title.lower() == keyword


def test_no_rule_number_is_written_outside_the_constants_module():
    offenders = []
    for path in ENGINE.glob("*.py"):
        if path.name == "rules.py":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if RULE_LITERAL.search(line):
                offenders.append(f"{path.name}:{number}: {line.strip()}")
    assert not offenders, "rule numbers must come from judge_app.engine.rules:\n" + "\n".join(offenders)


def test_every_number_cited_by_a_replay_exists(corpus, scenario_files):
    cited = set()
    for path in scenario_files:
        outcome = run(load(path))
        cited.update(outcome.trace.cited())
    assert cited
    assert cited <= set(CITES.values())
    assert all(corpus.rule("en-2026", n) is not None for n in cited)


def test_2026_numbering_facts(corpus):
    """The numbering the engine relies on: 111 Tokens, 117 priority, 120 Damage, no damage assignment order."""
    assert corpus.rule("en-2026", "111").title == "Tokens"
    assert corpus.rule("en-2026", "117").title == "Timing and Priority"
    assert corpus.rule("en-2026", "120").title == "Damage"
    assert "order" not in corpus.rule("en-2026", rules.BLOCKED_ASSIGNS_TO_BLOCKERS).text.split("Example")[0]
    assert "divided as its controller chooses" in corpus.rule("en-2026", rules.BLOCKED_ASSIGNS_TO_BLOCKERS).text
