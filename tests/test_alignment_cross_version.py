"""en-2019 → en-2026 alignment on the real documents: a hand-checked sample and full coverage.

Every pair in HAND_CHECKED was checked by reading both texts: it is what a judge would name as the
2026 successor of the 2019 rule (None: the rule is gone), with the relation a judge would give.
"""

import pytest

from judge_app.alignment.model import ADDED, CHANGED, MERGED, REMOVED, RENUMBERED, SAME, SPLIT

# (2019 number, 2026 number or None, relation)
HAND_CHECKED = [
    # 1. Game Concepts
    ("1", "1", SAME),
    ("103.2", "103.1", RENUMBERED),  # choosing the starting player now comes first
    ("103.1", "103.3", SPLIT),  # shuffling comes after it ("After the starting player has been determined")
    ("103.1", "103.2", SPLIT),  # and what was done before shuffling (103.1a–c) is now 103.2's "additional steps"
    ("103.1a", "103.2a", RENUMBERED),  # sideboards / checklist → substitute cards, moved under the new 103.2
    ("103.4c", "103.5c", RENUMBERED),  # the multiplayer free mulligan, reworded for the London mulligan
    ("110", "110", SPLIT),  # Permanents: its token rules became section 111
    ("110", "111", SPLIT),
    ("110.5", "111.1", RENUMBERED),  # "Some effects put tokens onto the battlefield" → section 111 Tokens
    ("110.5a", "111.2", RENUMBERED),
    ("110.5c", "111.4", RENUMBERED),  # token names, now "plus the word Token"
    ("111", "112", RENUMBERED),  # Spells
    ("111.1", "112.1", RENUMBERED),
    ("117.9b", "118.9b", RENUMBERED),  # alternative costs "always" → "generally" optional
    ("121.5", "122.5", RENUMBERED),  # moving a counter
    ("201.2b", "201.2a", RENUMBERED),  # same name if one name in common
    # 2. Parts of a Card
    ("202.3", "202.3", CHANGED),  # converted mana cost → mana value
    ("210", "211", RENUMBERED),  # Hand Modifier, after the new 210 Defense
    ("210.1", "211.1", RENUMBERED),
    # 3. Card Types
    ("306.5b", "306.5b", CHANGED),  # planeswalkers' intrinsic loyalty ability
    ("308", "308", CHANGED),  # Tribals → Kindreds
    ("308.1", "308.1", CHANGED),
    # 4. Zones
    ("406.3", "406.3", SPLIT),  # exiled face down: the rest went to 406.3a
    ("406.3", "406.3a", SPLIT),
    # 5. Turn Structure
    ("500.4", "500.5", RENUMBERED),  # mana empties as a step ends
    ("500.5", "500.5a", SPLIT),  # "until end of combat" and "until end of turn" got their own subrules
    ("500.5", "500.5b", SPLIT),
    ("509.2", None, REMOVED),  # damage assignment order, gone since 2024
    ("510.1c", "510.1c", CHANGED),
    # 6. Spells, Abilities, and Effects
    ("601.2h", "601.2h", CHANGED),  # paying costs in two passes
    ("601.3", "601.3", SPLIT),  # "can't begin to cast unless…" (with its subrules) stays,
    ("601.3", "601.5", SPLIT),  # "no longer allowed … after completing its proposal" got its own rule
    ("608.3a", "608.3c", RENUMBERED),  # resolving an Aura spell
    ("613.3", "613.4", RENUMBERED),  # layer 7 sublayers, after the new layer 1 sublayers
    ("613.6a", "613.7a", RENUMBERED),  # timestamps of static abilities
    # 7. Additional Rules: keyword actions and abilities renumbered
    ("701.4", "701.5", RENUMBERED),  # Cast
    ("701.4a", "701.5a", RENUMBERED),
    ("701.35", "701.16", RENUMBERED),  # Investigate, now alphabetical
    ("701.35a", "701.16a", SPLIT),  # its Clue token went to 111.10f
    ("701.35a", "111.10f", SPLIT),
    ("701.41a", "701.25a", RENUMBERED),  # Surveil
    ("702.19", "702.19", SAME),  # Trample
    ("702.40", "702.41", RENUMBERED),  # Affinity, after the new 702.21 Ward
    ("702.40a", "702.41a", RENUMBERED),
    ("702.88", "702.89", RENUMBERED),  # Totem Armor → Umbra Armor
    ("702.88a", "702.89a", RENUMBERED),
    ("702.102a", "702.103a", RENUMBERED),  # Bestow, rewritten
    ("702.110a", "702.111a", RENUMBERED),  # Menace
    ("702.15c", "702.15c", CHANGED),  # lifelink: "leaves the battlefield" → "changes zones"
    ("700.8", "206.3", MERGED),  # names originally printed in a set: now beside the expansion symbol rule
    ("700.8a", "206.3a", RENUMBERED),
    ("711", "712", MERGED),  # Double-Faced Cards and Meld Cards became one section
    ("712", "712", MERGED),
    ("711.4", "712.8", MERGED),  # the two "own set of characteristics" rules, now one
    ("712.3", "712.8", MERGED),
    ("712.1a", "712.5a", SPLIT),  # the three meld pairs, one subrule each
    ("712.1a", "712.5b", SPLIT),
    ("712.1a", "712.5c", SPLIT),
    ("713", "713", CHANGED),  # Checklist Cards → Substitute Cards
    ("716", "723", RENUMBERED),  # Ending the Turn → Ending Turns and Phases
    ("719", "728", RENUMBERED),  # Subgames
    ("719.1", "728.1", RENUMBERED),
    # 8. Multiplayer Rules
    ("800.5", "800.6", RENUMBERED),  # the multiplayer free mulligan
    ("802.5", None, REMOVED),  # damage assignment order
    ("805.10f", None, REMOVED),
    ("809.3c", "809.3c", CHANGED),  # attacking planeswalkers and battles next to you
    # 9. Casual Variants
    ("901.9b", "901.9b", CHANGED),  # chaos ensues
    ("903.5b", "903.5b", CHANGED),
    ("903.11", "903.12", RENUMBERED),  # Brawl Option
    ("903.11a", "903.12a", RENUMBERED),
    ("904.4", "904.4", CHANGED),  # the shuffling moved out; the command zone sentence stays
]

ADDED_IN_2026 = ["123", "123.1", "309", "310", "701.4", "702.21"]  # Stickers, Dungeons, Battles, Behold, Ward


@pytest.fixture(scope="module")
def links(alignment):
    return alignment.links("en-2019", "en-2026")


@pytest.mark.parametrize(("old", "new", "relation"), HAND_CHECKED)
def test_hand_checked_pair(links, old, new, relation):
    found = [link for link in links if link.old == old and link.new == new]
    assert found, f"{old} → {new} not paired; {old} has {[(x.new, x.relation) for x in links if x.old == old]}"
    assert found[0].relation == relation
    assert found[0].reason and 0 < found[0].confidence <= 1


def test_the_hand_checked_sample_spans_every_chapter_and_relation():
    assert len(HAND_CHECKED) >= 40
    assert {old[0] for old, _, _ in HAND_CHECKED} == set("123456789")
    assert {relation for _, _, relation in HAND_CHECKED} == {SAME, CHANGED, RENUMBERED, SPLIT, MERGED, REMOVED}


@pytest.mark.parametrize("new", ADDED_IN_2026)
def test_new_2026_rules_are_added(links, new):
    assert [link.relation for link in links if link.new == new] == [ADDED]


def test_every_rule_of_both_versions_is_paired_or_marked(corpus, links):
    for doc, side, unpaired in (("en-2019", "old", REMOVED), ("en-2026", "new", ADDED)):
        relations: dict[str, set[str]] = {}
        for link in links:
            number = getattr(link, side)
            if number is not None:
                relations.setdefault(number, set()).add(link.relation)
        assert set(relations) == set(corpus.rules[doc]), doc
        marked = [n for n, r in relations.items() if unpaired in r]
        assert all(relations[n] == {unpaired} for n in marked), "a rule both paired and marked unpaired"
        assert len(marked) < 0.4 * len(relations)


def test_every_2019_keyword_is_paired_with_the_2026_keyword_of_that_name(corpus, links):
    """Keyword actions and abilities were renumbered wholesale; only Totem Armor was renamed."""
    titles_2026 = {r.title: r.number for r in corpus.rules["en-2026"].values()
                   if r.level == "rule" and r.number.startswith(("701.", "702."))}
    successor = {link.old: link.new for link in links if link.old and link.new}
    moved = 0
    for rule in corpus.rules["en-2019"].values():
        if rule.level == "rule" and rule.number.startswith(("701.", "702.")) and rule.title:
            expected = titles_2026.get(rule.title, titles_2026["Umbra Armor"] if rule.title == "Totem Armor" else None)
            assert successor.get(rule.number) == expected, rule.title
            moved += expected != rule.number
    assert moved > 120


def test_pairs_keep_the_level_of_what_they_pair(corpus, links):
    for link in links:
        if link.old and link.new:
            old, new = corpus.rules["en-2019"][link.old], corpus.rules["en-2026"][link.new]
            levels = {old.level, new.level}
            assert levels <= {"rule", "subrule"} or len(levels) == 1, (link.old, link.new)


def test_same_and_changed_mean_the_same_number(links):
    for link in links:
        if link.relation in (SAME, CHANGED):
            assert link.old == link.new
        if link.relation == SAME:
            assert not link.text_changed
        if link.relation == RENUMBERED:
            assert link.old != link.new


def test_an_unpaired_rule_says_how_close_the_nearest_text_in_its_place_is(links):
    """Damage assignment order is gone for good; 2019's 705.2 coin flip rule was folded into 2026's
    705.2 (a known miss): the second is flagged for a person to look at, the first is not."""
    (gone,) = [x for x in links if x.old == "509.2"]
    (missed,) = [x for x in links if x.old == "705.2"]
    assert gone.relation == missed.relation == REMOVED
    assert gone.confidence > 0.6 > 0.4 > missed.confidence
    assert "the closest in its place, 705.2, reads" in missed.reason
