"""docs/RULES.md is the rules' home inside the repository: it names every preset and option the
catalogue (``GET /v1/rulesets``) lists, every test it ties a worked example to exists, and the
README points to it rather than to a file outside the clone."""

from __future__ import annotations

import ast
import pathlib
import re

import pytest

from domain.registry import PRESETS

ROOT = pathlib.Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "RULES.md"
CITED = re.compile(r"(tests/[\w/]+\.py)::(\w+)")


def doc() -> str:
    return DOC.read_text(encoding="utf-8")


@pytest.mark.parametrize("preset_id", sorted(PRESETS))
def test_every_preset_and_its_options_are_named(preset_id: str) -> None:
    """The preset id, each option's name and each of its named choices, written as code."""
    text = doc()
    preset = PRESETS[preset_id]
    wanted = [preset_id] + [o.name for o in preset.options] + [
        c for o in preset.options for c in (o.choices or ()) if isinstance(c, str)]
    assert [w for w in wanted if f"`{w}`" not in text] == []


def cited() -> list[tuple[str, str]]:
    """(file, function) of every test the doc names as ``tests/...py::name``."""
    return sorted(set(CITED.findall(doc()))) if DOC.is_file() else []


def test_the_doc_ties_examples_to_tests() -> None:
    assert len(cited()) >= 40


@pytest.mark.parametrize(("path", "name"), cited())
def test_every_cited_test_exists(path: str, name: str) -> None:
    source = ROOT / path
    assert source.is_file(), f"{path} does not exist"
    tree = ast.parse(source.read_text(encoding="utf-8"))
    functions = {node.name for node in ast.walk(tree)
                 if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)}
    assert name in functions, f"{path} has no test {name}"


def test_the_readme_links_the_rules_in_the_repository() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/RULES.md" in readme
    assert "../shared" not in readme
