"""The whole ability texts quoted in the Examples of a Comprehensive Rules document: a measure of how
much card text the grammar reads (benchmarks/cardtext_coverage.py, tests)."""

from __future__ import annotations

import re
from typing import Any

_QUOTED = re.compile(r"[“\"]([^”\"]+)[”\"]")
_SMALL_WORDS = {"of", "the", "that", "a", "an", "and", "to", "in"}


def quoted_abilities(corpus: Any, doc: str = "en-2026") -> list[str]:
    """Distinct quoted texts of the document's examples that are whole abilities: they start like an
    ability (a capital letter, "{", "+" or "−") and are not a name or a type line (every word capitalised)
    nor a player's words ("I'd like …"), nor a trigger condition with no effect ("Whenever this creature
    becomes blocked")."""
    found: dict[str, None] = {}
    for rule in corpus.rules[doc].values():
        for example in rule.examples:
            for match in _QUOTED.finditer(example):
                text = match.group(1).strip().rstrip(",").strip()
                if not re.match(r"[A-Z{+−]", text) or text.startswith("I’"):
                    continue
                words = text.rstrip(".").split()
                if all(w[:1].isupper() or w in _SMALL_WORDS or w == "—" for w in words):
                    continue
                if re.match(r"(When|Whenever|At) ", text) and "," not in text:
                    continue
                found.setdefault(text)
    return list(found)
