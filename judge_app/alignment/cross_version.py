"""Align two revisions of the English rules (2019 → 2026) by content, numbers only as a hint.

Numbering shifted a lot between the two (new sections 111, 123, 309, 310, 715–730, dozens of new
keywords), so nothing is paired for having the same number. Top down, each step writing down why:

1. anchors: chapters with the same number and title; then, inside aligned parents, sections and
   keyword rules with the same title (2019's 111 "Spells" is 2026's 112; 702.40 "Affinity" is 702.41);
2. the children of every aligned pair, in order: an order-keeping alignment of their unpaired
   children by text similarity (a rule inserted in 2026 shifts its siblings' numbers, not their order);
3. leftovers anywhere: an unpaired rule takes its most similar unpaired counterpart when the texts
   clearly agree, or agree well enough where the structure backs it (its siblings moved there too);
4. rules whose text was extended or cut down (nearly all of one is inside the other);
5. reworded in place: the only unpaired children left between the same two aligned siblings;
6. sections and rules merged into another (2019's 712 "Meld Cards" into 2026's 712 "Double-Faced
   Cards") or split off one (2026's 111 "Tokens" from 2019's 110 "Permanents"), from where the rules
   or subrules they hold went;
7. rules split or merged: a 2026 rule whose words come from a 2019 rule already paired elsewhere, or
   a 2019 rule whose words are inside a 2026 rule already paired with another.

Every pair must also be (nearly) the best either side could still have anywhere (`Matcher.plausible`).
What is left unpaired is removed (2019) or added (2026).
"""

from __future__ import annotations

from collections import Counter, deque
from itertools import pairwise

from judge_app.alignment.features import Entry, containment, is_heading, kind
from judge_app.alignment.matching import BEST_MARGIN, Matcher, Piece, ancestor, monotone
from judge_app.alignment.model import ADDED, CHANGED, MERGED, REMOVED, RENUMBERED, SAME, SPLIT, Link

IN_PARENT_MIN = 0.5  # similarity needed where the structure backs the pair (aligned parents, siblings)
ANYWHERE_MIN = 0.72  # similarity needed with no structural support
STRUCTURE_BONUS = 0.1  # what the structure backing a pair is worth against a better text elsewhere
CONTAINED_MIN = 0.9  # share of the shorter text found in the longer, for extended or cut-down rules
REWORDED_MIN = 0.35  # looser similarity, for the only candidates left in the same slot
PIECE_MIN = 0.85  # share of a split piece (or merged part) found in its source
PIECE_GAIN = 0.15  # how much more of the whole a split piece (or merged part) must account for
MIN_WORDS = 6  # shorter texts are too generic for containment to mean anything
MOVED_SHARE = 0.5  # share of a section's paired rules that must have gone to one place


Pairs = list[tuple[str, str]]


# --- 1. anchors ------------------------------------------------------------------------------------


def _anchor_chapters(m: Matcher) -> Pairs:
    made = []
    for number, entry in m.old.items():
        other = m.new.get(number)
        if entry.level == "chapter" and other is not None and other.title == entry.title:
            m.pair(number, number, 1.0, f"chapter {number}, same title")
            made.append((number, number))
    return made


def _anchor_titles(m: Matcher, parent_old: str, parent_new: str) -> Pairs:
    """Children of two aligned parents carrying the same title, once on each side."""
    def by_title(entries: dict[str, Entry], kids: list[str], free) -> dict[str, list[str]]:
        table: dict[str, list[str]] = {}
        for n in kids:
            if entries[n].title and free(n):
                table.setdefault(entries[n].title, []).append(n)
        return table

    olds = by_title(m.old, m.children_old.get(parent_old, []), m.free_old)
    news = by_title(m.new, m.children_new.get(parent_new, []), m.free_new)
    made = []
    for title, found in olds.items():
        if len(found) == 1 and len(news.get(title, [])) == 1:
            a, b = found[0], news[title][0]
            what = "section" if m.old[a].level == "section" else "rule"
            m.pair(a, b, 1.0, f"same {what} title in {parent_old}→{parent_new}")
            made.append((a, b))
    return made


# --- 2. children of aligned pairs --------------------------------------------------------------------


def _align_children(m: Matcher, parent_old: str, parent_new: str) -> Pairs:
    made = _anchor_titles(m, parent_old, parent_new)
    kids_old = [n for n in m.children_old.get(parent_old, []) if m.free_old(n)]
    kids_new = [n for n in m.children_new.get(parent_new, []) if m.free_new(n)]
    if not kids_old or not kids_new:
        return made

    def allowed(a: str, b: str) -> float | None:
        if kind(m.old[a]) != kind(m.new[b]):
            return None
        value = m.score(a, b)
        return value if value >= IN_PARENT_MIN and m.plausible(a, b, value + STRUCTURE_BONUS) else None

    for a, b, value in monotone(kids_old, kids_new, allowed):
        m.pair(a, b, min(1.0, value + 0.1), f"in order among the children of {parent_old}→{parent_new}, "
                                            f"text similarity {value:.2f}")
        made.append((a, b))
    return made


def _descend(m: Matcher, start: Pairs) -> None:
    queue = deque(start)
    while queue:
        queue.extend(_align_children(m, *queue.popleft()))


# --- 3. leftovers anywhere ---------------------------------------------------------------------------


def _leftovers(m: Matcher) -> Pairs:
    offers = []
    for a, entry in m.old.items():
        if not m.free_old(a) or entry.level == "chapter":
            continue
        for b in m.candidates_old[a]:
            if not m.free_new(b):
                continue
            value = m.score(a, b)
            backed = m.support(a, b)
            if value >= (IN_PARENT_MIN if backed else ANYWHERE_MIN):
                why = f"most similar text, similarity {value:.2f}" + (f"; {backed}" if backed else "")
                offers.append((value + (STRUCTURE_BONUS if backed else 0.0), a, b, why))
    made = []
    for total, a, b, why in sorted(offers, reverse=True):
        if m.free_old(a) and m.free_new(b) and m.plausible(a, b, total):
            m.pair(a, b, min(total, 1.0), why)
            made.append((a, b))
    return made


# --- 4. extended or cut-down text ---------------------------------------------------------------------


def _contained(m: Matcher) -> Pairs:
    offers = []
    for a, entry in m.old.items():
        if not m.free_old(a) or is_heading(entry):
            continue
        for b in m.candidates_old[a]:
            if not m.free_new(b) or is_heading(m.new[b]):
                continue
            short, long_ = sorted((entry.words, m.new[b].words), key=len)
            backed = m.support(a, b)
            if len(short) < (MIN_WORDS if backed else 2 * MIN_WORDS):
                continue
            share = containment(short, long_)
            if share >= CONTAINED_MIN:
                grew = "extended" if len(m.new[b].words) > len(entry.words) else "cut down"
                why = f"text {grew}: {share:.0%} of the shorter text is in the longer"
                why += f"; {backed}" if backed else ""
                offers.append((share, a, b, why))
    made = []
    for share, a, b, why in sorted(offers, reverse=True):
        if m.free_old(a) and m.free_new(b):
            m.pair(a, b, 0.75 * share, why)
            made.append((a, b))
    return made


def _settle(m: Matcher) -> None:
    """Align the children of every pair, then rules anywhere, until nothing more pairs."""
    while True:
        count = len(m.fwd)
        _descend(m, [(a, p.new) for a, p in list(m.fwd.items())] + [(p.old, p.new) for p in m.pieces])
        _descend(m, _leftovers(m))
        _descend(m, _contained(m))
        if len(m.fwd) == count:
            return


# --- 5. reworded in place -----------------------------------------------------------------------------


def _slots(m: Matcher, parent_old: str, parent_new: str) -> list[tuple[str, list[str], list[str]]]:
    """The children of two aligned parents cut at their children paired with each other (in order):
    for each gap, where it is ("first", "after 702.19b→702.19b"), and the old and new children in it."""
    kids_old, kids_new = m.children_old.get(parent_old, []), m.children_new.get(parent_new, [])
    if not kids_old or not kids_new:
        return []
    position = {n: i for i, n in enumerate(kids_new)}
    anchors = [(-1, -1)]
    for i, n in enumerate(kids_old):
        q = m.fwd.get(n)
        if q is not None and q.new in position and position[q.new] > anchors[-1][1]:
            anchors.append((i, position[q.new]))
    anchors.append((len(kids_old), len(kids_new)))
    return [(f"after {kids_old[i0]}→{kids_new[j0]}" if i0 >= 0 else "first", kids_old[i0 + 1:i1],
             kids_new[j0 + 1:j1]) for (i0, j0), (i1, j1) in pairwise(anchors)]


def _in_place(m: Matcher, x: str, y: str) -> float | None:
    """The loose similarity of two children sharing a slot, if it is enough and neither reads
    clearly more like some other rule (paired or not)."""
    if kind(m.old[x]) != kind(m.new[y]):
        return None
    value = m.loose(x, y)
    if value < REWORDED_MIN:
        return None
    elsewhere = max([m.loose(x, n) for n in m.candidates_old[x]] + [m.loose(n, y) for n in m.candidates_new[y]])
    return value if value >= elsewhere - BEST_MARGIN else None


def _reworded(m: Matcher) -> Pairs:
    """Children left unpaired between the same two aligned siblings, on both sides: the same slot,
    reworded. Paired on a looser similarity, with lower confidence."""
    made = []
    for a, p in list(m.fwd.items()):
        for where, kids_old, kids_new in _slots(m, a, p.new):
            olds = [n for n in kids_old if m.free_old(n)]
            news = [n for n in kids_new if m.free_new(n)]

            def allowed(x: str, y: str) -> float | None:
                value = _in_place(m, x, y)
                return value if value is not None and m.plausible(x, y, value) else None

            for x, y, value in monotone(olds, news, allowed) if olds and news else []:
                m.pair(x, y, 0.4 + 0.4 * value, f"reworded in the same place among the children of {a}→{p.new} "
                                                 f"({where}), similarity {value:.2f}")
                made.append((x, y))
    return made


def _left_in_place(m: Matcher) -> None:
    """A 2019 child whose text went elsewhere, while an unpaired 2026 child took its place (2019's
    701.35a "Investigate" definition became the Clue token rule 111.10f; 701.16a is its place)."""
    for a, p in list(m.fwd.items()):
        for where, kids_old, kids_new in _slots(m, a, p.new):
            olds = [n for n in kids_old if not m.free_old(n) and m.fwd[n].new not in kids_new]
            news = [n for n in kids_new if m.free_new(n)]
            for x, y, value in monotone(olds, news, lambda x, y: _in_place(m, x, y)) if olds and news else []:
                m.pieces.append(Piece(x, y, SPLIT, 0.4 + 0.4 * value,
                                      f"split: its text went to {m.fwd[x].new}, and {y} took its place among the "
                                      f"children of {a}→{p.new} ({where}), similarity {value:.2f}"))


# --- 6. sections and rules merged or split, by their contents ----------------------------------------


def _where_contents_went(m: Matcher, number: str, forward: bool) -> tuple[str, int, int] | None:
    """For a 2019 (`forward`) or 2026 section or rule: the one place on the other side holding most
    of the counterparts of what it holds, with how many and out of how many paired; None if no place
    holds at least two and half of them."""
    mine, theirs = (m.old, m.new) if forward else (m.new, m.old)
    held = m.descendants_old(number) if forward else m.descendants_new(number)
    partners = [m.fwd[d].new for d in held if d in m.fwd] if forward else [m.back[d] for d in held if d in m.back]
    places = Counter(ancestor(theirs, p, mine[number].level) for p in partners)
    places.pop(None, None)
    if not places:
        return None
    place, count = places.most_common(1)[0]
    return (place, count, len(partners)) if count >= 2 and count >= MOVED_SHARE * len(partners) else None


def _followed_children(m: Matcher) -> Pairs:
    """An unpaired section or rule whose rules or subrules mostly went to one place: merged into it,
    or (if that place is unpaired too) the same section or rule, reworded. An unpaired 2026 section or
    rule whose contents mostly came from one 2019 section or rule paired elsewhere: split off it
    (2019's 601.3 became 2026's 601.3, holding its subrules, and 601.5)."""
    made = []
    for a, entry in m.old.items():
        found = None if not m.free_old(a) or entry.level == "chapter" else _where_contents_went(m, a, True)
        if found:
            b, count, total = found
            why = f"{count} of the {total} rules it held that were paired are in {b}"
            if m.free_new(b):
                m.pair(a, b, 0.5 + 0.5 * count / total, why)
            else:
                m.pieces.append(Piece(a, b, MERGED, 0.5 + 0.4 * count / total, f"merged into {b}: {why}"))
            made.append((a, b))
    for b, entry in m.new.items():
        found = None if not m.free_new(b) or entry.level == "chapter" else _where_contents_went(m, b, False)
        if found:
            a, count, total = found
            why = f"{count} of the {total} rules it holds that were paired come from {a}"
            if m.free_old(a):
                m.pair(a, b, 0.5 + 0.5 * count / total, why)
            else:
                m.pieces.append(Piece(a, b, SPLIT, 0.5 + 0.4 * count / total, f"split off {a}: {why}"))
            made.append((a, b))
    return made


# --- 7. rules split or merged -------------------------------------------------------------------------


def _adds(whole: list[str], main: list[str], piece: list[str]) -> bool:
    """Does `piece` account for a good part of `whole` that `main` does not?"""
    alone = containment(whole, main)
    together = max(containment(whole, main + piece), containment(whole, piece + main))
    return together - alone >= PIECE_GAIN


def _piece_of(part: list[str], whole: tuple[str, list[str]], main: tuple[str, list[str]]) -> tuple[float, str] | None:
    """Evidence that `part` (a rule left unpaired) is a piece of `whole` (a rule paired with `main`):
    its words are in `whole` and account for what `main` does not. A score and a reason, or None."""
    share = containment(part, whole[1])
    if len(part) >= MIN_WORDS and share >= PIECE_MIN and _adds(whole[1], main[1], part):
        return share, f"{share:.0%} of its text is in {whole[0]}, beside what {main[0]} holds"
    return None


def _split_and_merged(m: Matcher) -> None:
    for b, entry in m.new.items():
        if not m.free_new(b) or is_heading(entry):
            continue
        for a in m.candidates_new[b]:
            if m.free_old(a) or is_heading(m.old[a]):
                continue
            main = m.fwd[a].new
            found = _piece_of(entry.words, (a, m.old[a].words), (main, m.new[main].words))
            if found:
                m.pieces.append(Piece(a, b, SPLIT, 0.8 * found[0], f"split off {a}: {found[1]}"))
                break
    split_new = {p.new for p in m.pieces if p.relation == SPLIT}
    for a, entry in m.old.items():
        if not m.free_old(a) or is_heading(entry):
            continue
        for b in m.candidates_old[a]:
            if m.free_new(b) or b in split_new or is_heading(m.new[b]):
                continue
            main = m.back[b]
            found = _piece_of(entry.words, (b, m.new[b].words), (main, m.old[main].words))
            value, backed = m.score(a, b), m.support(a, b)
            if found is None and backed and value >= ANYWHERE_MIN:
                # Two 2019 rules saying the same for two kinds of card, one 2026 rule for both.
                found = value, f"reads like {b} (similarity {value:.2f}) as {main} does; {backed}"
            if found:
                m.pieces.append(Piece(a, b, MERGED, 0.8 * found[0], f"merged into {b}: {found[1]}"))
                break


# --- relations ------------------------------------------------------------------------------------------


def _relation(a: str, b: str, old: Entry, new: Entry) -> str:
    if a != b:
        return RENUMBERED
    return SAME if old.norm == new.norm else CHANGED


def _confidence(m: Matcher, a: str, b: str, score: float) -> float:
    """The pairing's evidence, raised when the rules the two cite are paired with each other too,
    lowered when they cite different rules."""
    cites_old, cites_new = m.old[a].cites, m.new[b].cites
    if cites_old or cites_new:
        mapped = {m.fwd[c].new for c in cites_old if c in m.fwd}
        union = mapped | cites_new
        agree = len(mapped & cites_new) / len(union) if union else 1.0
        score = score + (1 - score) * 0.5 * agree if agree >= 0.5 else score * (0.85 + 0.15 * agree)
    return round(min(score, 1.0), 3)


def align(old: dict[str, Entry], new: dict[str, Entry]) -> list[Link]:
    """Every rule of `old` and of `new` in at least one link (the unpaired as removed or added)."""
    m = Matcher(old, new)
    _descend(m, _anchor_chapters(m))
    _settle(m)
    _descend(m, _reworded(m))
    _settle(m)
    _descend(m, _followed_children(m))
    _settle(m)
    _left_in_place(m)
    _split_and_merged(m)

    split_old = {p.old for p in m.pieces if p.relation == SPLIT}
    merged_new = {p.new for p in m.pieces if p.relation == MERGED}
    links: list[Link] = []
    for a, p in m.fwd.items():
        relation = SPLIT if a in split_old else MERGED if p.new in merged_new else _relation(a, p.new, old[a],
                                                                                              new[p.new])
        links.append(Link(a, p.new, relation, _confidence(m, a, p.new, p.score), p.why,
                          old[a].norm != new[p.new].norm))
    links += [Link(p.old, p.new, p.relation, _confidence(m, p.old, p.new, p.score), p.why,
                   old[p.old].norm != new[p.new].norm) for p in m.pieces]
    successors: dict[str, list[str]] = {}
    predecessors: dict[str, list[str]] = {}
    for link in links:
        successors.setdefault(link.old, []).append(link.new)
        predecessors.setdefault(link.new, []).append(link.old)
    for a in old:
        if a not in successors:
            links.append(_unpaired(m, a, None, successors))
    for b in new:
        if b not in predecessors:
            links.append(_unpaired(m, None, b, predecessors))
    return links


def _unpaired(m: Matcher, a: str | None, b: str | None, partners: dict[str, list[str]]) -> Link:
    """A rule with no counterpart. Its confidence is 1 minus the similarity of the closest rule in
    the place it would be expected (among the children of its parent's counterparts), named in
    the reason: a close one there is worth a person's look."""
    number = a if a is not None else b
    mine, theirs = (m.old, m.new) if a is not None else (m.new, m.old)
    children = m.children_new if a is not None else m.children_old
    parent = mine[number].parent
    places = [q for q in partners.get(parent, []) if q is not None] if parent else []
    candidates = [n for q in places for n in children.get(q, []) if kind(theirs[n]) == kind(mine[number])]
    alike = [((m.loose(number, n) if a is not None else m.loose(n, number)), n) for n in candidates]
    value, closest = max(alike, default=(0.0, None))
    later = "later" if a is not None else "earlier"
    reason = f"no counterpart found in the {later} rules"
    if closest is not None:
        reason += f"; the closest in its place, {closest}, reads {value:.0%} alike"
    return Link(a, b, REMOVED if a is not None else ADDED, round(1 - value, 3), reason, True)
