"""Events: a story read as what happened in the game, each happening combined with others pointing to the rules
that decide it (`lexicon/events.toml`).

A story's single cue words ("in response", "dies") point to broad families of rules (`lexicon/situations.toml`);
an event is a combination ("a cast trigger" and "the spell was countered" → 601.2i), recognised when every one of
its cue groups holds a phrase found in the question, and so names the deciding rule itself.

    recognised(["i", "cast", "a", "spell", "and", "it", "got", "countered", ...], "en")
    # → ("cast-trigger-countered",) when a 'whenever you cast' phrase is there too
    all_events()["cast-trigger-countered"].rules  # ("601.2i", "603.2")
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache

from judge_app.search.analysis import LANGUAGES, POWER_TOUGHNESS_RE, fold, term, words
from judge_app.search.lexicon import FOLDER

GAP = 2  # at most this many other words between two words of a phrase ("gain life" in "gain 3 life")
ANY_CHANGE = "+x/+x"  # in a phrase: any change of power/toughness ("+3/+3", "-2/-2") …
ANY_VALUE = "x/x"  # … and any value ("1/1")

Word = tuple[str, str]  # ("term", index term) | ("prefix", folded beginning) | ("change", "") | ("value", "")
Phrase = tuple[Word, ...]


@dataclass(frozen=True, slots=True)
class Group:
    """Alternative phrases, compiled; `firsts`: their first words (a group none of them meets holds nothing)."""

    phrases: tuple[Phrase, ...]
    firsts: frozenset[Word]


@dataclass(frozen=True, slots=True)
class Event:
    """One happening (or a combination) and the rules that decide it (2026 numbers, the deciding rule first); per
    language, the cue groups that must all be found and the phrases that rule it out."""

    name: str
    rules: tuple[str, ...]
    cues: dict[str, tuple[tuple[str, ...], ...]]  # language → groups of alternative phrases, as written
    against: dict[str, tuple[str, ...]]  # language → phrases that rule the event out


@lru_cache(maxsize=1)
def all_events() -> dict[str, Event]:
    """`events.toml`, read once: name → Event."""
    with open(FOLDER / "events.toml", "rb") as handle:
        data = tomllib.load(handle)
    return {name: Event(name, tuple(found.get("rules", ())),
                        {lang: tuple(tuple(group) for group in found.get(lang, {}).get("all", ()))
                         for lang in LANGUAGES},
                        {lang: tuple(found.get(lang, {}).get("none", ())) for lang in LANGUAGES})
            for name, found in data.get("events", {}).items()}


def recognised(typed: list[str], lang: str) -> tuple[str, ...]:
    """The events of `typed` (a question's words) in `lang`: those every one of whose cue groups holds a phrase
    found in it, and none of whose ruling-out phrases is, in the file's order."""
    if not typed:
        return ()
    at = _positions(typed, lang)
    return tuple(name for name, groups, against in _compiled(lang)
                 if all(_holds(group, at) for group in groups) and not _holds(against, at))


def tells(name: str, word: str, lang: str) -> bool:
    """Whether a cue phrase of the event, in `lang`, uses the word ("trample" in trample-blocker-gone)."""
    return not _event_words(lang).get(name, frozenset()).isdisjoint(_positions([word], lang))


@lru_cache(maxsize=len(LANGUAGES))
def _event_words(lang: str) -> dict[str, frozenset[Word]]:
    """Per event, the words of its cue phrases in `lang` (index terms and prefixes, as `_positions` finds them)."""
    return {name: frozenset(word for group in groups for phrase in group.phrases for word in phrase)
            for name, groups, _ in _compiled(lang)}


def knows(word: str, lang: str) -> bool:
    """Whether the word is one a cue phrase of `lang` uses ("dead" in "am i dead"): a players' word, no typo."""
    return bool(_positions([word], lang))


def _positions(typed: list[str], lang: str) -> dict[Word, list[int]]:
    """Where each word of `lang`'s phrases meets a typed word: word → its positions, in order. A phrase is then
    found by its words' positions, without comparing each of its words with each typed word."""
    terms, prefixes, lengths = _cue_words(lang)
    at: dict[Word, list[int]] = {}
    for i, word in enumerate(typed):
        found: list[Word] = []
        index_term = term(word, lang, "fs")
        if index_term in terms:
            found.append(("term", index_term))
        folded = fold(word.lower())
        found += [("prefix", folded[:n]) for n in lengths if folded[:n] in prefixes]
        if POWER_TOUGHNESS_RE.fullmatch(word):
            found.append(("change" if word[0] in "+-−" else "value", ""))
        for meeting in found:
            at.setdefault(meeting, []).append(i)
    return at


def _holds(group: Group, at: dict[Word, list[int]]) -> bool:
    """Whether one of the group's phrases is found (most groups are ruled out by their first words alone)."""
    return not group.firsts.isdisjoint(at) and any(_found(phrase, at) for phrase in group.phrases)


def _found(phrase: Phrase, at: dict[Word, list[int]]) -> bool:
    """Whether the phrase's words occur in order, with at most `GAP` other words between two of them."""
    starts = at.get(phrase[0])
    if starts is None or len(phrase) == 1:
        return starts is not None
    places = [at.get(word) for word in phrase[1:]]
    if not all(places):
        return False
    for start in starts:
        last = start
        for following in places:
            last = next((i for i in following if last < i <= last + 1 + GAP), None)
            if last is None:
                break
        else:
            return True
    return False


@lru_cache(maxsize=len(LANGUAGES))
def _cue_words(lang: str) -> tuple[frozenset[str], frozenset[str], tuple[int, ...]]:
    """The index terms and the prefixes of every cue phrase of `lang`, and the prefixes' lengths."""
    found = [word for _, groups, against in _compiled(lang) for group in (*groups, against)
             for phrase in group.phrases for word in phrase]
    prefixes = frozenset(value for kind, value in found if kind == "prefix")
    return (frozenset(value for kind, value in found if kind == "term"), prefixes,
            tuple(sorted({len(p) for p in prefixes})))


@lru_cache(maxsize=len(LANGUAGES))
def _compiled(lang: str) -> tuple[tuple[str, tuple[Group, ...], Group], ...]:
    """Each event's cue groups and ruling-out phrases in `lang`, their phrases turned into words to find."""
    return tuple((event.name, tuple(_group(group, lang) for group in event.cues[lang]),
                  _group(event.against.get(lang, ()), lang))
                 for event in all_events().values() if event.cues.get(lang))


def _group(texts: tuple[str, ...], lang: str) -> Group:
    phrases = tuple(p for p in (_phrase(text, lang) for text in texts) if p)
    return Group(phrases, frozenset(p[0] for p in phrases))


def _phrase(text: str, lang: str) -> Phrase:
    out: list[Word] = []
    for raw in text.lower().split():
        if raw == ANY_CHANGE:
            out.append(("change", ""))
        elif raw == ANY_VALUE:
            out.append(("value", ""))
        elif raw.endswith("*"):
            out.append(("prefix", fold(raw[:-1])))
        else:
            out += [("term", term(w, lang, "fs")) for w in words(raw)]
    return tuple(out)
