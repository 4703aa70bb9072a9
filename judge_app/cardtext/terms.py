"""The words of the rules that card text is built from, taken from the 2026 Comprehensive Rules.

Keyword abilities are the titled rules of 702, keyword actions those of 701, the types and subtypes
come from 205, the ability words from 207.2c. `extract(corpus)` reads them; the result is kept in
`cr_terms.json` beside this module so that reading card text never needs the corpus at run time
(tests check that the file still says what the corpus says; `python -m judge_app.cardtext.terms`
rewrites it).
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

TERMS_FILE = Path(__file__).with_name("cr_terms.json")
DOC = "en-2026"

# 205.3x: which list of subtypes each rule gives
_SUBTYPE_RULES = {"artifact": "205.3g", "enchantment": "205.3h", "land": "205.3i", "planeswalker": "205.3j",
                  "spell": "205.3k", "creature": "205.3m", "battle": "205.3q"}


def _listed(text: str) -> list[str]:
    """"The artifact types are Attraction (see rule 717), Blood, …, and Vehicle." → the names."""
    text = text.replace("’", "'")
    match = re.search(r"(?:\b(?:The|That) [a-z ]*types? (?:is|are)|one word long:)\s+(.+?)\.(?:\s|$)", text)
    if not match:
        return []
    body = re.sub(r"\s*\(see rules? [^)]*\)", "", match.group(1))
    items = re.split(r",\s*(?:and\s+)?|\s+and\s+", body)
    return [item.strip() for item in items if item.strip()]


def _rule_forms(corpus: Any, number: str) -> list[str]:
    """The written forms a keyword rule gives: “Bushido N” means …  → "Bushido N"."""
    texts = [r.text for r in corpus.descendants(DOC, number)]
    forms = re.findall(r"“([^”]{1,60})” means", " ".join(texts))
    return sorted({f.replace("’", "'") for f in forms})


def extract(corpus: Any) -> dict[str, Any]:
    """Every term the grammar takes from the corpus, as plain data."""
    def titled(section: str) -> list[dict[str, Any]]:
        out = []
        for rule in corpus.children(DOC, section):
            if rule.title:
                out.append({"name": rule.title.replace("’", "'"), "rule": rule.number,
                            "forms": _rule_forms(corpus, rule.number)})
        return out

    subtypes = {kind: _listed(corpus.rule(DOC, number).text) for kind, number in _SUBTYPE_RULES.items()}
    creature_text = corpus.rule(DOC, "205.3m").text
    two_words = re.findall(r"two words long: ([^.]+)\.", creature_text)
    subtypes["creature"] = [t.strip() for t in two_words] + subtypes["creature"]
    card_types = _listed(corpus.rule(DOC, "205.2a").text)
    supertypes = _listed(corpus.rule(DOC, "205.4a").text)
    words_text = corpus.rule(DOC, "207.2c").text.replace("’", "'")
    ability_words = re.split(r",\s*(?:and\s+)?", re.search(r"The ability words are (.+?)\.$", words_text).group(1))
    return {
        "source": DOC,
        "keyword_abilities": titled("702"),
        "keyword_actions": titled("701"),
        "card_types": card_types,
        "supertypes": supertypes,
        "subtypes": subtypes,
        "ability_words": [w.strip() for w in ability_words],
    }


@cache
def terms() -> dict[str, Any]:
    """The stored terms (`cr_terms.json`)."""
    return json.loads(TERMS_FILE.read_text(encoding="utf-8"))


def write(corpus: Any) -> None:
    TERMS_FILE.write_text(json.dumps(extract(corpus), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":  # python -m judge_app.cardtext.terms
    from judge_app.corpus import load_corpus

    write(load_corpus())
    print(f"wrote {TERMS_FILE}")
