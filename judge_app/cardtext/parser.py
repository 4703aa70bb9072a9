"""The grammar loaded once per process: the Earley parser of `oracle.lark` with our lexer.

The grammar's `subtype` rule is completed here: SUBTYPE, plus every subtype (singular or plural) that
the grammar also spells as a word ("Equipment", "Aura", "Plains"), which the lexer gives as that word.

Building the parser takes seconds (lark analyses ~3,000 rule expansions), so the built parser is
pickled into the data directory (`$JUDGE_DATA_DIR/cardtext/`), keyed by the grammar, the CR terms, this
package's lexer and parser code and lark's version, and written as the other data files are
(`judge_app.datafiles`: atomically, with a checksum verified before it is unpickled), so concurrent
processes never read half a file and a damaged one is built again. lark's own `cache=True` covers LALR only.
"""

from __future__ import annotations

import hashlib
import pickle
import re
import sys
import threading
from functools import cache
from pathlib import Path

from lark import Lark
from lark import __version__ as lark_version
from lark.parser_frontends import _wrap_lexer

from judge_app import datafiles, paths
from judge_app.cardtext.lexer import CardLexer, _plurals
from judge_app.cardtext.terms import terms

GRAMMAR_FILE = Path(__file__).with_name("oracle.lark")
STARTS = ["first", "next", "mode", "spree_mode"]
KIND = "cardtext-parser"  # the data file's kind (`judge_app.datafiles`)


def grammar_text() -> str:
    text = GRAMMAR_FILE.read_text(encoding="utf-8")
    literals = set(re.findall(r'"((?:[^"\\]|\\.)+)"', text))
    colliding = set()
    for names in terms()["subtypes"].values():
        for name in names:
            colliding |= {form for form in _plurals(name) if form in literals}
    alternatives = ["SUBTYPE", *(f'"{w}"' for w in sorted(colliding))]
    return text + "\nsubtype: " + " | ".join(alternatives) + "\n"


@cache
def parser() -> Lark:
    text = grammar_text()
    path = _cache_path(text)
    lark = _load(path)
    if lark is None:
        lark = Lark(text, parser="earley", lexer=CardLexer, start=STARTS, ambiguity="resolve",
                    propagate_positions=True, maybe_placeholders=False, keep_all_tokens=True)
        _save(lark, path)
    _predict_with_lookahead(lark.parser.parser)
    return lark


def _cache_path(text: str) -> Path:
    digest = hashlib.sha256()
    digest.update(text.encode())
    digest.update(lark_version.encode())
    digest.update(sys.version.encode())
    for module in ("lexer.py", "parser.py", "cr_terms.json"):
        digest.update(Path(__file__).with_name(module).read_bytes())
    return paths.data_dir() / "cardtext" / f"parser-{digest.hexdigest()[:20]}.pickle"


def _lexer_confs(lark: Lark) -> list:
    return [lark.lexer_conf, lark.parser.lexer_conf, lark.parser.parser.lexer_conf]


def _save(lark: Lark, path: Path) -> None:
    """Pickle the parser without what cannot be pickled (the `re` module lark keeps, lark's local wrapper
    class around our lexer), then put those back."""
    confs = _lexer_confs(lark)
    modules = [c.re_module for c in confs]
    lexer = lark.parser.lexer
    try:
        for conf in confs:
            conf.re_module = None
        lark.parser.lexer = None
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 20000))
        try:
            data = pickle.dumps(lark, protocol=pickle.HIGHEST_PROTOCOL)
        finally:
            sys.setrecursionlimit(limit)
    finally:
        for conf, module in zip(confs, modules, strict=True):
            conf.re_module = module
        lark.parser.lexer = lexer
    try:
        datafiles.write(path, KIND, data)
        for old in path.parent.glob("parser-*.pickle"):  # earlier grammars of this data directory
            if old != path:
                old.unlink(missing_ok=True)
    except OSError as error:  # a read-only or full data directory only costs the next process the build
        datafiles.warn("card text parser", path.parent, error, "each command builds it again (a few seconds)")


def _load(path: Path) -> Lark | None:
    data = datafiles.read(path, KIND)
    if data is None:  # missing, damaged, or framed by older code
        return None
    try:
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 20000))
        try:
            lark = pickle.loads(data)
        finally:
            sys.setrecursionlimit(limit)
    except Exception:  # a file from code that no longer has its classes: build again
        return None
    for conf in _lexer_confs(lark):
        conf.re_module = re
    lark.parser.lexer = _wrap_lexer(CardLexer)(lark.parser.lexer_conf)
    return lark


ANY = "*"  # the "next token" when asking what the grammar expects at a point


class _Predictions(dict):
    """lark's Earley predictor adds every rule a nonterminal can start with; this mapping gives only those
    that can begin with the next token (or derive nothing). Same parses, a fraction of the work: the
    classic one-token lookahead on prediction. The next token is per thread."""

    def __init__(self, full: dict, starts: dict):
        super().__init__(full)
        self.starts = starts  # rule → (terminal names it can begin with, whether it can be empty)
        self.filtered: dict = {}
        self.buckets: dict = {}  # symbol → (next token → its rules, the rules that can be empty)
        self.local = threading.local()

    def __getitem__(self, symbol):
        local = self.local
        if local.next == ANY:  # asked what may come here: no filter
            return dict.__getitem__(self, symbol)
        if symbol in local.predicted:  # already predicted in this column: the same items again
            return ()
        local.predicted.add(symbol)
        key = (symbol, local.next)
        found = self.filtered.get(key)
        if found is None:
            found = self.filtered[key] = self._filter(symbol, key[1])
        return found

    def _filter(self, symbol, following: str) -> list:
        """The rules of `symbol`'s prediction that can begin with `following`, in the grammar's order.

        The buckets hold rule positions (small ints), not (position, rule) pairs: building them allocates
        almost nothing the garbage collector tracks, which on a first parse cost a second in collections."""
        full = dict.__getitem__(self, symbol)
        buckets = self.buckets.get(symbol)
        if buckets is None:
            by_token: dict[str, list[int]] = {}
            empty: list[int] = []
            for index, rule in enumerate(full):
                names, nullable = self.starts[rule]
                if nullable:
                    empty.append(index)
                for name in names:
                    by_token.setdefault(name, []).append(index)
            buckets = self.buckets[symbol] = (by_token, empty)
        by_token, empty = buckets
        chosen = by_token.get(following, [])
        if empty:
            chosen = sorted(set(chosen).union(empty))  # one each, in order
        return [full[index] for index in chosen]


def _rule_starts(rule, first: dict, nullable: set) -> tuple[frozenset, bool]:
    names: set[str] = set()
    for symbol in rule.expansion:
        if symbol.is_term:
            names.add(symbol.name)
            return frozenset(names), False
        names |= {t.name for t in first.get(symbol, ())}
        if symbol not in nullable:
            return frozenset(names), False
    return frozenset(names), True


def _predict_with_lookahead(earley) -> None:
    full = earley.predictions
    starts = {rule: _rule_starts(rule, earley.FIRST, earley.NULLABLE) for rules in full.values() for rule in rules}
    predictions = _Predictions(full, starts)
    earley.predictions = predictions
    parse = earley.parse

    def parse_with_lookahead(lexer, start):
        found = list(lexer.lex(None))
        local = predictions.local
        cut = getattr(local, "cut", None)
        if cut is not None:  # expected_at: the first `cut` tokens, then everything the grammar allows
            found = found[:cut]
        local.next = found[0].type if found else (ANY if cut is not None else "$END")
        local.predicted = set()
        return parse(_Replay(found, predictions, ANY if cut is not None else "$END"), start)

    earley.parse = parse_with_lookahead


def expected_at(text: str, start: str, index: int) -> set[str]:
    """The terminals the grammar accepts after the first `index` tokens of `text` (for error messages: the
    lookahead filter leaves lark's own "expected" empty)."""
    from lark.exceptions import UnexpectedEOF, UnexpectedInput

    local = parser().parser.parser.predictions.local
    local.cut = index
    try:
        parser().parse(text, start=start)
    except UnexpectedEOF as exc:
        return set(exc.expected)
    except UnexpectedInput:
        return set()
    finally:
        local.cut = None
    return set()


class _Replay:
    """The tokens again, saying which one comes next as the parser takes each."""

    def __init__(self, found: list, predictions: _Predictions, end: str):
        self.found = found
        self.predictions = predictions
        self.end = end

    def lex(self, expects):
        local = self.predictions.local
        for index, token in enumerate(self.found):
            local.next = token.type
            if index:
                local.predicted = set()
            yield token
        local.next = self.end
        local.predicted = set()


@cache
def literal_names() -> dict[str, str]:
    """Terminal name → the word it stands for ("DESTROY" → "destroy"), for error messages."""
    names = {t.name: t.pattern.value for t in parser().terminals if t.pattern.type == "str"}
    names.update({"KEYWORD": "a keyword", "SUBTYPE": "a subtype", "NUMBER": "a number", "MANA": "a mana symbol",
                  "PT": "power/toughness", "PTMOD": "+N/+N", "WORD": "a word", "ACTION": "a keyword action",
                  "TAP": "{T}", "UNTAP": "{Q}", "ENERGY": "{E}", "SIGNED": "+N"})
    return names
