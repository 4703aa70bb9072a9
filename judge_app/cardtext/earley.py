"""Our Earley recogniser over lark's compiled grammar, with one token of lookahead.

Why not lark's own loop: it was 90% of reading a card (~1.5 ms per token). It finds the items waiting
for a completed symbol by scanning the whole earlier column, compares grammar symbols with Python-level
`__eq__`, and keeps every item even when the next token already rules it out. Here each column indexes its
items by the symbol they wait for, items are plain tuples keyed by small integers, and an item is kept only
if the next token can continue it (its terminal is that token, or the symbol it waits for can begin with
that token or derive nothing). The result is the same shared packed parse forest lark builds (lark's
SymbolNode/PackedNode/TokenNode), handed to lark's own forest-to-tree step, so ambiguity is resolved as
lark resolves it (by priority, then rule order).

With `end=None`, nothing is pruned at the end of the tokens: used to ask what the grammar expects there
(error messages).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from lark.exceptions import UnexpectedEOF, UnexpectedToken

END = "$END"


class _Dot:
    """A rule with a dot in it (lark's LR0 item), with everything the loop asks of it ready."""

    __slots__ = ("complete", "expect", "id", "is_term", "next", "node_id", "origin_name", "rule")

    def __init__(self, index: int, rule: Any, ptr: int) -> None:
        self.id = index
        self.rule = rule  # a _Rule
        self.origin_name = rule.origin_name
        self.complete = ptr == rule.length
        self.expect = None if self.complete else rule.names[ptr]
        self.is_term = not self.complete and rule.terminal[ptr]
        self.next: _Dot | None = None
        self.node_id = index  # completed dots of one symbol share one node id (set by grammar_of)


@dataclass(frozen=True, slots=True)
class _Rule:
    """A grammar rule as the loop uses it: names instead of lark Symbols; its order among its symbol's
    rules, priority and tree callback for building the tree; its first dot."""

    index: int
    origin_name: str
    names: tuple[str, ...]  # the expansion's symbol names
    terminal: tuple[bool, ...]
    length: int
    order: int
    priority: int
    callback: Any
    dot: Any = None


class _Node:
    """A node of the shared packed parse forest: a symbol (or a rule's prefix, `intermediate`) over a span,
    with its derivations (rule, left, right) in the order found."""

    __slots__ = ("families", "intermediate", "priorities", "priority")

    def __init__(self, intermediate: bool) -> None:
        self.intermediate = intermediate
        self.families: list[tuple] = []
        # self.priorities and self.priority are set by _sum_priorities on the nodes the parse reaches

    def add(self, rule: _Rule, left: Any, right: Any) -> None:
        for family in self.families:
            if family[1] is left and family[2] is right:
                return
        self.families.append((rule, left, right))


class _Leaf:
    """A token in the forest."""

    __slots__ = ("token",)
    priority = 0

    def __init__(self, token: Any) -> None:
        self.token = token


@dataclass(slots=True)
class Grammar:
    """What the loop needs from lark's Earley parser, in the loop's terms."""

    rules: dict[str, list[_Rule]]  # nonterminal → the rules predicting it adds (lark's closure), in order
    starts: dict[int, tuple[frozenset, bool]]  # rule index → (terminals it can begin with, can be empty)
    first: dict[str, frozenset]  # nonterminal → terminals it can begin with
    nullable: frozenset
    reached: dict[str, frozenset]  # nonterminal → the nonterminals whose rules its prediction adds
    dots: int  # how many dots and completed symbols: node ids are below this
    terminals: dict[str, Any]  # terminal name → lark TerminalDef (for errors)
    filtered: dict = field(default_factory=dict)  # (nonterminal, next token) → its viable rules
    buckets: dict = field(default_factory=dict)  # nonterminal → (token → rule positions, empty rules)


def grammar_of(earley) -> Grammar:
    """Our tables from lark's Earley parser (its rules, their closure under prediction, FIRST and NULLABLE
    sets, priorities and tree callbacks)."""
    infos: dict[Any, _Rule] = {}
    dots: list[_Dot] = []
    symbol_ids: dict[str, int] = {}
    for rule in earley.parser_conf.rules:
        expansion = rule.expansion
        info = _Rule(len(infos), rule.origin.name, tuple(s.name for s in expansion),
                     tuple(s.is_term for s in expansion), len(expansion), rule.order, rule.options.priority or 0,
                     earley.callbacks[rule])
        chain = [_Dot(len(dots) + ptr, info, ptr) for ptr in range(len(expansion) + 1)]
        dots.extend(chain)
        for before, after in pairwise(chain):
            before.next = after
        object.__setattr__(info, "dot", chain[0])
        chain[-1].node_id = -1 - symbol_ids.setdefault(info.origin_name, len(symbol_ids))
        infos[rule] = info
    for dot in dots:
        if dot.node_id < 0:
            dot.node_id = len(dots) - 1 - dot.node_id
    rules = {symbol.name: [infos[r] for r in predicted] for symbol, predicted in earley.predictions.items()}
    first = {symbol.name: frozenset(t.name for t in terms) for symbol, terms in earley.FIRST.items()}
    nullable = frozenset(symbol.name for symbol in earley.NULLABLE)
    starts = {}
    for info in infos.values():
        names: set[str] = set()
        empty = True
        for name, is_term in zip(info.names, info.terminal, strict=True):
            if is_term:
                names.add(name)
                empty = False
                break
            names |= first.get(name, frozenset())
            if name not in nullable:
                empty = False
                break
        starts[info.index] = (frozenset(names), empty)
    reached = {name: frozenset(r.origin_name for r in predicted) | {name} for name, predicted in rules.items()}
    return Grammar(rules, starts, first, nullable, reached, len(dots) + len(symbol_ids),
                   earley.lexer_conf.terminals_by_name)


def _predicted(grammar: Grammar, symbol: str, following: str | None) -> list[_Dot]:
    """The first dots of the rules predicting `symbol` adds that can begin with the next token (or derive
    nothing)."""
    key = (symbol, following)
    found = grammar.filtered.get(key)
    if found is None:
        every = grammar.rules.get(symbol, [])
        if following is None:
            found = [r.dot for r in every]
        else:
            buckets = grammar.buckets.get(symbol)
            if buckets is None:  # built once per symbol: positions of its rules by the token they begin with
                by_token: dict[str, list[int]] = {}
                empty: list[int] = []
                for position, rule in enumerate(every):
                    names, can_be_empty = grammar.starts[rule.index]
                    if can_be_empty:
                        empty.append(position)
                    for name in names:
                        by_token.setdefault(name, []).append(position)
                buckets = grammar.buckets[symbol] = (by_token, empty)
            by_token, empty = buckets
            positions = by_token.get(following, [])
            if empty:
                positions = sorted({*positions, *empty})
            found = [every[p].dot for p in positions]
        grammar.filtered[key] = found
    return found


def parse(grammar: Grammar, tokens: list, start: str, end: str | None = END) -> Any:
    """The parse tree of `tokens` from `start`, as lark's Earley parser with ambiguity="resolve" gives it.
    Raises lark's UnexpectedToken / UnexpectedEOF as lark does. `end` is what follows the last token: the
    end of the text, or None for anything (to ask what the grammar expects there)."""
    first = grammar.first
    nullable = grammar.nullable
    reached = grammar.reached
    count = len(tokens)
    stride = count + 1  # item and node keys: id * stride + where the item started

    # The current column: keys of its items, its items by the symbol they wait for, its forest nodes,
    # its completed symbols; the items that scan the next token.
    seen: set[int] = set()
    waiting: dict[str, list] = {}
    nodes: dict[int, _Node] = {}
    done: dict[tuple[str, int], _Node] = {}
    columns: list[dict[str, list]] = [waiting]
    to_scan: list = []
    agenda: list = []
    i = 0
    nxt = tokens[0].type if count else end

    def add(dot: _Dot, origin: int, node: _Node | None) -> None:
        if dot.is_term:
            if nxt is None or dot.expect == nxt:
                key = dot.id * stride + origin
                if key not in seen:
                    seen.add(key)
                    to_scan.append((dot, origin, node))
            return
        expect = dot.expect
        if expect is not None and nxt is not None and nxt not in first.get(expect, ()) and expect not in nullable:
            return  # waits for a symbol that cannot begin with the next token
        key = dot.id * stride + origin
        if key not in seen:
            seen.add(key)
            if expect is not None:
                waiting.setdefault(expect, []).append((dot, origin, node))
            agenda.append((dot, origin, node))

    def node_of(dot: _Dot, origin: int) -> _Node:
        key = dot.node_id * stride + origin
        found = nodes.get(key)
        if found is None:
            found = nodes[key] = _Node(not dot.complete)
        return found

    def close() -> None:
        """The predictor and completer over column i, until nothing new."""
        held: dict[str, _Node] = {}  # symbols completed empty in this column, with their node
        predicted: set[str] = set()
        while agenda:
            dot, origin, node = agenda.pop()
            if dot.complete:
                name = dot.origin_name
                if node is None:  # an empty rule, predicted here
                    node = node_of(dot, origin)
                    node.add(dot.rule, None, None)
                done.setdefault((name, origin), node)
                if origin == i:
                    held[name] = node
                for wdot, worigin, wnode in list(columns[origin].get(name, ())):
                    advanced = node_of(wdot.next, worigin)
                    advanced.add(wdot.rule, wnode, node)
                    add(wdot.next, worigin, advanced)
                continue
            name = dot.expect
            if name not in predicted:
                # lark's prediction of a symbol adds the rules of every symbol that can begin it: those
                # symbols need no prediction of their own in this column
                predicted |= reached[name]
                for new in _predicted(grammar, name, nxt):  # each can begin with the next token
                    key = new.id * stride + i
                    if key not in seen:
                        seen.add(key)
                        if new.is_term:
                            to_scan.append((new, i, None))
                        else:
                            if new.expect is not None:
                                waiting.setdefault(new.expect, []).append((new, i, None))
                            agenda.append((new, i, None))
            if name in held:
                advanced = node_of(dot.next, origin)
                advanced.add(dot.rule, node, held[name])
                add(dot.next, origin, advanced)

    for dot in _predicted(grammar, start, nxt):
        add(dot, 0, None)
    for token in tokens:
        close()
        scanning = to_scan
        i += 1
        seen, waiting, nodes, done, to_scan = set(), {}, {}, {}, []
        columns.append(waiting)
        nxt = tokens[i].type if i < count else end
        leaf = _Leaf(token)
        matched = False
        for dot, origin, node in scanning:
            if dot.expect != token.type:
                continue
            matched = True
            advanced = node_of(dot.next, origin)
            advanced.add(dot.rule, node, leaf)
            add(dot.next, origin, advanced)
        if not matched:
            raise UnexpectedToken(token, {dot.expect for dot, _, _ in scanning}, terminals_by_name=grammar.terminals)
    close()
    solution = done.get((start, 0))
    if solution is None:
        raise UnexpectedEOF([dot.expect for dot, _, _ in to_scan])
    _sum_priorities(solution)
    return _tree(solution)


def _sum_priorities(root: _Node) -> None:
    """A derivation's priority is its rule's plus its children's; a symbol's, its best derivation's (what
    lark's ForestSumVisitor computes, as one memoised walk of the forest)."""
    done: set[int] = set()

    def visit(node: _Node) -> None:
        done.add(id(node))
        node.priority = float("-inf")  # while it is being summed (a cycle back to it adds nothing)
        best = float("-inf")
        priorities = node.priorities = []
        for rule, left, right in node.families:
            priority = 0 if node.intermediate else rule.priority
            for child in (left, right):
                if child is None:
                    continue
                if type(child) is _Node and id(child) not in done:
                    visit(child)
                priority += child.priority
            priorities.append(priority)
            best = max(best, priority)
        node.priority = best

    visit(root)


_FAILED = object()


def _tree(root: _Node) -> Any:
    """The parse tree of a forest, each ambiguity resolved as lark's `ambiguity="resolve"` does: a symbol's
    derivations are tried in lark's order (non-empty first, then higher priority, then the rule's order in
    the grammar, then as found) and the first that can be built wins; a derivation that leads back into a
    symbol being built is a cycle and fails."""
    building: set[int] = set()

    def symbol(node: _Node) -> Any:
        key = id(node)
        if key in building:
            return _FAILED
        building.add(key)
        try:
            families = node.families
            if len(families) > 1:
                order = sorted(range(len(families)), key=lambda k: (
                    families[k][1] is None and families[k][2] is None, -node.priorities[k], families[k][0].order))
                families = [families[k] for k in order]
            for family in families:
                value = derivation(node, family)
                if value is not _FAILED:
                    return value
            return _FAILED
        finally:
            building.discard(key)

    def derivation(node: _Node, family: tuple) -> Any:
        rule, left, right = family
        children: list = []
        if left is not None:
            value = symbol(left)
            if value is _FAILED:
                return _FAILED
            if left.intermediate:
                children.extend(value)
            else:
                children.append(value)
        if right is not None:
            value = right.token if type(right) is _Leaf else symbol(right)
            if value is _FAILED:
                return _FAILED
            children.append(value)
        return children if node.intermediate else rule.callback(children)

    tree = symbol(root)
    if tree is _FAILED:  # every derivation is a cycle: cannot happen for a completed parse of a finite text
        raise ValueError("no derivation without a cycle")
    return tree
