"""Problem types resolve, and the lists of them cannot drift: the catalogue in
``api/problem_types.py`` is the one source for the pages, the spec's enums and README's table,
and the illegal-move rules it lists are exactly the ones the domain's code raises."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from api import problem_types
from api.problems import HTTP_NAMES
from domain.errors import RULES

ROOT = Path(__file__).resolve().parents[2]


def _strings(node: ast.AST) -> set[str]:
    return {n.value for n in ast.walk(node) if isinstance(n, ast.Constant)
            and isinstance(n.value, str)}


def _calls_of(tree: ast.Module, name: str) -> list[tuple[ast.Call, ast.FunctionDef | None]]:
    """Every call of ``name`` in ``tree``, with the function it is in."""
    found: list[tuple[ast.Call, ast.FunctionDef | None]] = []

    def visit(node: ast.AST, fn: ast.FunctionDef | None) -> None:
        for child in ast.iter_child_nodes(node):
            inner = child if isinstance(child, ast.FunctionDef) else fn
            if isinstance(child, ast.Call):
                func = child.func
                called = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
                if called == name:
                    found.append((child, fn))
            visit(child, inner)

    visit(tree, None)
    return found


def _rule_values(arg: ast.expr, fn: ast.FunctionDef | None, tree: ast.Module, where: str
                 ) -> set[str]:
    """The strings a rule argument can be: a literal, a local variable assigned from literals,
    or a call of a module function that returns literals."""
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return {arg.value}
    if isinstance(arg, ast.Name) and fn is not None:
        return set().union(*(_strings(a.value) for a in ast.walk(fn) if isinstance(a, ast.Assign)
                             and any(getattr(t, "id", None) == arg.id for t in a.targets)))
    if isinstance(arg, ast.Call) and isinstance(arg.func, ast.Name):
        helper = next(f for f in tree.body if isinstance(f, ast.FunctionDef)
                      and f.name == arg.func.id)
        return set().union(*(_strings(r.value) for r in ast.walk(helper)
                             if isinstance(r, ast.Return) and r.value is not None))
    raise AssertionError(f"{where}: IllegalMove's rule is not a literal, a local or a helper "
                         "returning literals; write it so this test can collect it")


def rules_in_code() -> set[str]:
    rules: set[str] = set()
    for path in sorted((ROOT / "domain").rglob("*.py")):
        tree = ast.parse(path.read_text())
        for call, fn in _calls_of(tree, "IllegalMove"):
            assert call.args, f"{path.name}:{call.lineno}: IllegalMove without a rule"
            rules |= _rule_values(call.args[0], fn, tree, f"{path.name}:{call.lineno}")
    return rules


def test_the_rules_table_is_the_rules_the_code_raises() -> None:
    assert set(RULES) == rules_in_code()


def test_every_problem_the_api_builds_is_catalogued() -> None:
    """Literal names in ``Problem(...)`` calls, and the table of Werkzeug's errors."""
    used = set(HTTP_NAMES.values()) | {"http-error"}
    for path in sorted((ROOT / "api").rglob("*.py")):
        for call, _ in _calls_of(ast.parse(path.read_text()), "Problem"):
            if call.args and isinstance(call.args[0], ast.Constant):
                used.add(call.args[0].value)
    assert used <= set(problem_types.BY_NAME)


def test_spec_and_readme_are_generated_from_the_catalogue() -> None:
    for path, text in problem_types.documents(ROOT).items():
        assert path.read_text() == text, (
            f"{path.name} is out of step with api/problem_types.py: run "
            "`python -m api.problem_types`")


@pytest.mark.parametrize("name", list(problem_types.BY_NAME))
def test_every_problem_type_resolves_to_a_page(client: FlaskClient, name: str) -> None:
    kind = problem_types.BY_NAME[name]
    resp = client.get(kind.uri)
    assert resp.status_code == 200 and resp.mimetype == "text/html"
    page = resp.get_data(as_text=True)
    assert kind.title in page and "What to do" in page


def test_the_illegal_move_page_lists_every_rule(client: FlaskClient) -> None:
    page = client.get("/problems/illegal-move").get_data(as_text=True)
    assert all(f"<code>{rule}</code>" in page for rule in RULES)


def test_the_index_links_every_type_and_an_unknown_one_is_a_problem(client: FlaskClient
                                                                     ) -> None:
    index = client.get("/problems/").get_data(as_text=True)
    assert all(f'href="{t.uri}"' in index for t in problem_types.TYPES)
    resp = client.get("/problems/no-such-thing")
    assert resp.status_code == 404 and resp.get_json()["type"] == "/problems/not-found"
