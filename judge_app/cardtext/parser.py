"""The grammar loaded once per process: `oracle.lark` compiled by lark, with our lexer; parsing runs our
Earley loop (earley.py) over lark's compiled rules.

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
from functools import cache
from pathlib import Path

from lark import Lark
from lark import __version__ as lark_version
from lark.parser_frontends import _wrap_lexer

from judge_app import datafiles, paths
from judge_app.cardtext import earley
from judge_app.cardtext.lexer import CardLexer, _plurals, tokens
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
    _use_our_earley(lark)
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


def _use_our_earley(lark: Lark) -> None:
    """Parse with our Earley loop (earley.py: one token of lookahead, indexed columns) over lark's grammar."""
    grammar = earley.grammar_of(lark.parser.parser)

    def parse(lexer, start):
        return earley.parse(grammar, list(lexer.lex(None)), start)

    lark.parser.parser.parse = parse
    lark.parser.parser.our_grammar = grammar


def expected_at(text: str, start: str, index: int) -> set[str]:
    """The terminals the grammar accepts after the first `index` tokens of `text` (for error messages: the
    lookahead leaves lark's own "expected" empty)."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput

    lark = parser()
    try:
        found = list(tokens(text, lark.parser.lexer.lexer.vocab))[:index]
    except UnexpectedCharacters:
        return set()
    try:
        earley.parse(lark.parser.parser.our_grammar, found, start, end=None)
    except UnexpectedEOF as exc:
        return set(exc.expected)
    except UnexpectedInput:
        return set()
    return set()


@cache
def literal_names() -> dict[str, str]:
    """Terminal name → the word it stands for ("DESTROY" → "destroy"), for error messages."""
    names = {t.name: t.pattern.value for t in parser().terminals if t.pattern.type == "str"}
    names.update({"KEYWORD": "a keyword", "SUBTYPE": "a subtype", "NUMBER": "a number", "MANA": "a mana symbol",
                  "PT": "power/toughness", "PTMOD": "+N/+N", "WORD": "a word", "ACTION": "a keyword action",
                  "TAP": "{T}", "UNTAP": "{Q}", "ENERGY": "{E}", "SIGNED": "+N"})
    return names
