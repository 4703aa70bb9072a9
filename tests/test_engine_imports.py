"""The engine's modules stand on floors: the import graph of `judge_app.engine` and `judge_app.cardtext`,
computed from the source (every import statement, `TYPE_CHECKING` blocks included), has no circle;
the card-text reader imports nothing of the engine; nothing in the engine imports the facade."""

from __future__ import annotations

import ast
from pathlib import Path

import judge_app

ROOT = Path(judge_app.__file__).parent
PACKAGES = ("judge_app.engine", "judge_app.cardtext")


def module_files() -> dict[str, Path]:
    """Module name → file, for every module of the packages checked (a package's `__init__` is the package)."""
    out = {}
    for package in PACKAGES:
        folder = ROOT / package.split(".", 1)[1]
        for path in sorted(folder.rglob("*.py")):
            parts = path.relative_to(ROOT.parent).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            out[name] = path
    return out


def imported(tree: ast.AST, module: str, is_package: bool, known: set[str]) -> dict[str, int]:
    """The modules of `known` that `tree` imports, anywhere in the file, with the first line doing so."""
    out: dict[str, int] = {}
    here = module if is_package else module.rsplit(".", 1)[0]
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = here.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, *([base] if base else [])])
            names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
        for name in names:
            while name and name not in known:  # `import judge_app.engine.x.y` reaches the known module above
                name = name.rpartition(".")[0]
            if name and name != module:
                out.setdefault(name, node.lineno)
    return out


def import_graph() -> dict[str, dict[str, int]]:
    files = module_files()
    known = set(files)
    return {name: imported(ast.parse(path.read_text(encoding="utf-8")), name, path.name == "__init__.py", known)
            for name, path in files.items()}


def circles(graph: dict[str, dict[str, int]] | dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of two or more modules (Tarjan), each as a sorted list."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in graph.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_circles_are_found_where_there_are_some():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set(), "c": {"a", "b"}}) == []


def test_the_graph_sees_every_kind_of_import():
    known = {"judge_app.engine", "judge_app.engine.game", "judge_app.engine.rules", "judge_app.engine.state"}
    source = ("from typing import TYPE_CHECKING\nfrom judge_app.engine import rules\nif TYPE_CHECKING:\n"
              "    from judge_app.engine.game import Game\ndef f():\n    from . import state\n")
    found = imported(ast.parse(source), "judge_app.engine.view", False, known)
    assert found == {"judge_app.engine.rules": 2, "judge_app.engine.game": 4, "judge_app.engine.state": 6}


def test_the_engine_and_the_card_text_reader_have_no_import_circle():
    graph = import_graph()
    assert "judge_app.engine.game" in graph and len(graph) > 20
    found = circles(graph)
    described = ["; ".join(f"{m} → {', '.join(sorted(n for n in graph[m] if n in group))}" for m in group)
                 for group in found]
    assert not found, "import circles:\n" + "\n".join(described)


def test_the_card_text_reader_imports_nothing_of_the_engine():
    graph = import_graph()
    offenders = [f"{module} imports {target} (line {line})" for module, targets in graph.items()
                 if module.startswith("judge_app.cardtext") for target, line in targets.items()
                 if target.startswith("judge_app.engine")]
    assert not offenders, "\n".join(offenders)


def test_only_the_package_imports_the_facade():
    """Rules take a `View` or a `Play`; the facade `Game` sits on the top floor, above everything."""
    graph = import_graph()
    offenders = [f"{module} (line {targets['judge_app.engine.game']})" for module, targets in graph.items()
                 if "judge_app.engine.game" in targets and module != "judge_app.engine"]
    assert not offenders, "only judge_app/engine/__init__.py may import game.py: " + ", ".join(offenders)


def test_engine_modules_import_at_the_top():
    """An import inside a function hides a dependency (it was how the old circles were dodged)."""
    offenders = []
    for name, path in module_files().items():
        if not name.startswith("judge_app.engine"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                offenders += [f"{path.name}:{inner.lineno}" for inner in ast.walk(node)
                              if isinstance(inner, ast.Import | ast.ImportFrom)]
    assert not offenders, "imports inside functions: " + ", ".join(offenders)
