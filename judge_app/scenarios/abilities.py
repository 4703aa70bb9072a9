"""Keyword abilities as a scenario's `has` and `lacks` name them: whole abilities — "protection from black", "ward
{2}", "mountainwalk", "bushido 1" — compared by what they are (the kind, its quality, its N, its cost), not by the
word alone. A bare "protection" or "ward" names any ability of that kind."""

from __future__ import annotations

from judge_app.engine.ability import Ability
from judge_app.engine.interpret import CardTextError, Unplayable, read_card

# keywords whose whole ability says more than the word: the word alone names any ability of the kind
BARE = ("protection", "landwalk", "enchant", "ward", "kicker", "toxic", "flashback", "morph")
SPELLED_OUT = ("triggered", "activated", "static", "mana")  # keywords the engine plays as the ability they mean


def key(ability: Ability) -> str:
    """What an ability is, for comparing: "protection color=black", "ward {2}", "toxic 2", "flying"; a keyword
    played as the ability it stands for (bushido, equip) by its words."""
    if ability.kind in SPELLED_OUT:
        return " ".join(ability.text.lower().split())
    parts = [ability.kind]
    if ability.quality is not None:
        q = ability.quality
        parts.append(f"{q.kind}={q.value.lower()}" + (f"/{q.modifier}" if q.modifier else ""))
    if ability.value:
        parts.append(str(ability.value))
    if ability.cost is not None and ability.cost.mana:
        parts.append(ability.cost.mana)
    return " ".join(parts)


def named(words: list[str]) -> list[str]:
    """The keys of the keyword abilities a list names ("protection from black and from red" is two); a bare word of
    `BARE` is "kind:<word>". `ValueError` with what is wrong for words that aren't keyword abilities."""
    out: list[str] = []
    for word in words:
        bare = " ".join(word.lower().split())
        try:
            abilities = read_card(word.replace(", ", "\n"))
        except (CardTextError, Unplayable) as exc:
            if bare in BARE:
                out.append(f"kind:{bare}")
                continue
            raise ValueError(f"{word!r}: {exc}") from None
        if not abilities and bare in BARE:
            out.append(f"kind:{bare}")
            continue
        if not abilities or any(a.node is None or type(a.node).__name__ != "KeywordAbility" for a in abilities):
            raise ValueError(f"{word!r} isn't a keyword ability")
        out += [key(a) for a in abilities]
    return out


def has(expected: str, abilities: tuple[Ability, ...] | list[Ability]) -> bool:
    """Whether an object with `abilities` has the one `expected` names (a key of `named`)."""
    if expected.startswith("kind:"):
        return any(a.kind == expected.removeprefix("kind:") for a in abilities)
    return any(key(a) == expected for a in abilities)
