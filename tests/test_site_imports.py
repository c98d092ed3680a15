"""The site's modules import one another without circles, counting the imports inside functions
(a circle hidden in a function still ties its modules together)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "cardbase.site"


def _modules(root: Path, package: str) -> dict[str, tuple[Path, bool]]:
    """Every module of ``package`` under ``root``: name -> (file, whether it is a package)."""
    modules = {}
    for path in sorted((root / Path(*package.split("."))).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        modules[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return modules


def _imported(module: str, is_package: bool, node: ast.AST, known: set[str]) -> set[str]:
    """The modules of ``known`` an import statement of ``module`` names."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names} & known
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[:len(base) - node.level + 1] if node.level else []
    prefix = ".".join(base + ([node.module] if node.module else []))
    found = set()
    for alias in node.names:
        # `from . import pages` names a module; `from .pages import render_site` its module
        found.add(f"{prefix}.{alias.name}" if f"{prefix}.{alias.name}" in known else prefix)
    return found & known


def import_graph(root: Path, package: str) -> dict[str, set[str]]:
    modules = _modules(root, package)
    graph = {}
    for name, (path, is_package) in modules.items():
        graph[name] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                graph[name] |= _imported(name, is_package, node, set(modules))
        graph[name].discard(name)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Each group of modules that import one another, directly or through others."""
    reach = {name: set() for name in graph}
    for start in graph:
        todo = list(graph[start])
        while todo:
            name = todo.pop()
            if name not in reach[start]:
                reach[start].add(name)
                todo.extend(graph[name])
    groups = {frozenset({a} | {b for b in reach[a] if a in reach[b]}) for a in graph
              if a in reach[a]}
    return sorted(sorted(group) for group in groups)


def test_the_scan_finds_a_circle_through_an_import_inside_a_function(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from .b import x\n")
    (package / "b.py").write_text("def x():\n    from . import c\n")
    (package / "c.py").write_text("from .a import y\n")
    (package / "d.py").write_text("from pkg import a\n")
    assert circles(import_graph(tmp_path, "pkg")) == [["pkg.a", "pkg.b", "pkg.c"]]


def test_the_site_modules_import_one_another_without_circles():
    graph = import_graph(ROOT, PACKAGE)
    assert "cardbase.site.language" in graph["cardbase.site.parallel"]  # the scan reads them
    assert circles(graph) == []
