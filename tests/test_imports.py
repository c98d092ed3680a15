"""No import circles among cardbase's modules: the imports are read from the source (``ast``),
those inside functions included (a lazy import is still an import, made later), and the
modules that import one another in a ring are reported by name."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "cardbase"

def module_name(path: Path, root: Path = PACKAGE) -> str:
    parts = [root.name, *path.relative_to(root).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _import_nodes(tree: ast.AST):
    """Every import statement, at any depth (functions, classes, ``try``), but those under
    ``if TYPE_CHECKING:``, which never run."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _type_checking_only(node):
            stack.extend(node.orelse)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def _with_parents(name: str) -> list[str]:
    """``a.b.c`` and the packages importing it runs first: ``a``, ``a.b``."""
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts) + 1)]


def imports_of(module: str, is_package: bool, tree: ast.AST, known: set[str]) -> set[str]:
    """The modules of ``known`` that ``module`` imports (with the packages each import runs,
    but its own: a module is imported after the packages it is in have started)."""
    package = module if is_package else module.rpartition(".")[0]
    own = set(_with_parents(module))
    found: set[str] = set()
    for node in _import_nodes(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            # ``from x import y``: y is a submodule, or a name x defines
            targets = [source] + [f"{source}.{alias.name}" for alias in node.names]
        for target in targets:
            found.update(name for name in _with_parents(target)
                         if name in known and name not in own)
    return found


def import_graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    files = {module_name(path, root): path for path in sorted(root.rglob("*.py"))}
    known = set(files)
    return {module: imports_of(module, path.name == "__init__.py",
                               ast.parse(path.read_text(encoding="utf-8")), known)
            for module, path in files.items()}


def circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The rings of ``graph``: each set of two or more modules that all reach one another
    (strongly connected components, found without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                ring = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    ring.add(member)
                    if member == node:
                        break
                if len(ring) > 1:
                    found.append(frozenset(ring))
    return found


def _said(ring) -> str:
    return " <-> ".join(sorted(ring))


def test_no_module_of_cardbase_is_in_an_import_circle():
    found = circles(import_graph())
    assert not found, "import circles: " + "; ".join(_said(ring) for ring in found)


def test_function_level_and_relative_imports_are_read(tmp_path):
    root = tmp_path / "pkg"
    (root / "sub").mkdir(parents=True)
    (root / "__init__.py").write_text("")
    (root / "sub" / "__init__.py").write_text("")
    (root / "a.py").write_text("from .sub import b\n")
    (root / "sub" / "b.py").write_text("def f():\n    from ..a import g\n")
    (root / "c.py").write_text("from typing import TYPE_CHECKING\n"
                               "if TYPE_CHECKING:\n    from . import d\n")
    (root / "d.py").write_text("import pkg.c\n")
    (root / "e.py").write_text("from . import f\n")
    (root / "f.py").write_text("try:\n    from pkg.e import x\nexcept ImportError:\n    pass\n")
    graph = import_graph(root)
    assert graph["pkg.a"] == {"pkg.sub", "pkg.sub.b"}
    assert graph["pkg.sub.b"] == {"pkg.a"}  # not its own packages
    assert graph["pkg.c"] == set()  # what only a type checker reads
    assert set(circles(graph)) == {frozenset({"pkg.a", "pkg.sub.b"}),
                                   frozenset({"pkg.e", "pkg.f"})}
