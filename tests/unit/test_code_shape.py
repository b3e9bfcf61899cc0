"""The code keeps the shape a newcomer can find their way in: no import circle between our
modules, no module over 300 lines and no function over 40 outside the tests (scripts and
examples included), and ``domain/`` free of I/O, clocks, global randomness and third-party
imports. Exceptions are listed here,
each with its reason."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("api", "domain", "events", "workers", "integrations")
MAX_MODULE, MAX_FUNCTION = 300, 40
LONG_FUNCTIONS: dict[str, str] = {
    # name: why it stays long
}
LONG_MODULES: dict[str, str] = {}
PURE_ALLOWED = set(sys.stdlib_module_names) - {
    "os", "time", "datetime", "socket", "subprocess", "threading", "asyncio", "io", "sys",
    "pathlib", "shutil", "tempfile", "urllib", "http", "sqlite3", "signal"}


def sources() -> dict[str, Path]:
    """Our modules by dotted name (the scripts and examples too: they are read as much)."""
    out = {"tricklog_cli": ROOT / "tricklog_cli.py"}
    for package in (*PACKAGES, "scripts", "examples"):
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            out[name] = path
    return out


MODULES = sources()


def imports(name: str, path: Path) -> set[str]:
    """The modules of ours that ``name`` imports at module level (not inside functions)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            found |= {f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base
                      for a in node.names}
    return {m for m in found if m in MODULES and m != name}


def cycles() -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    graph = {name: imports(name, path) for name, path in MODULES.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for name in graph:
        if name not in index:
            visit(name)
    return out


def test_no_import_circle() -> None:
    assert cycles() == []


@pytest.mark.parametrize("name", sorted(MODULES))
def test_modules_and_functions_stay_small(name: str) -> None:
    source = MODULES[name].read_text()
    lines = len(source.splitlines())
    assert lines <= MAX_MODULE or name in LONG_MODULES, f"{name}: {lines} lines"
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            where = f"{name}.{node.name}"
            assert length <= MAX_FUNCTION or where in LONG_FUNCTIONS, f"{where}: {length} lines"


@pytest.mark.parametrize("name", sorted(m for m in MODULES if m.split(".")[0] == "domain"))
def test_the_domain_imports_nothing_but_the_standard_library_and_itself(name: str) -> None:
    for node in ast.walk(ast.parse(MODULES[name].read_text())):
        if isinstance(node, ast.Import):
            roots = {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level:
            roots = {(node.module or "").split(".")[0]}
        else:
            continue
        assert roots <= PURE_ALLOWED | {"domain", "__future__"}, (name, roots)
