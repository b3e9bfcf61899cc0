"""The solver core's profile-guided build (``profiled_build.py``): the checkout's core for this
CPU was built from a profile where GCC builds it, and a build whose training fails still leaves
a working module, plainly built (a profile is speed, never a reason for ``make run`` to fail).
That the profiled core searches exactly as the generic one does is
``test_solver_builds.py``'s."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from setuptools import Distribution, Extension

import profiled_build
from domain.solver import native

GCC = "Free Software Foundation" in subprocess.run(
    ["gcc", "--version"], capture_output=True, text=True).stdout
V3 = "domain.solver._trick_v3"


@pytest.mark.skipif(not GCC or native.CORE is None or native.CORE.__name__ != V3,
                    reason="no GCC, or the core for this CPU is not the x86-64 one")
def test_the_core_this_cpu_loads_was_built_from_a_profile() -> None:
    # GCC records its switches in the debug information (-g is in Python's flags)
    built = Path(native.CORE.__file__).read_bytes()
    assert b"-fprofile-use" in built and b"-fprofile-generate" not in built


def _build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A one-function module under the profiled name, built by ``ProfiledBuildExt``."""
    source = tmp_path / "tiny.c"
    source.write_text(
        "#include <Python.h>\n"
        "static struct PyModuleDef m = {PyModuleDef_HEAD_INIT, \"_trick_v3\", 0, -1, 0};\n"
        "PyMODINIT_FUNC PyInit__trick_v3(void) { return PyModule_Create(&m); }\n")
    monkeypatch.chdir(tmp_path)
    dist = Distribution({"name": "tiny", "ext_modules": [Extension(V3, ["tiny.c"])]})
    command = profiled_build.ProfiledBuildExt(dist)
    command.build_lib, command.build_temp = str(tmp_path / "lib"), str(tmp_path / "temp")
    command.ensure_finalized()
    command.run()
    return Path(command.get_ext_fullpath(V3))


@pytest.mark.skipif(not GCC, reason="no GCC: the build is plain anyway")
def test_a_failed_training_leaves_a_plain_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capfd: pytest.CaptureFixture[str]) -> None:
    trained: list[str] = []

    def fails(module: Path, name: str) -> None:
        trained.append(name)
        raise OSError("the training failed: on purpose")

    monkeypatch.setattr(profiled_build, "train_in_subprocess", fails)
    built = _build(tmp_path, monkeypatch)
    assert trained == [V3]
    assert "no profile-guided build of domain.solver._trick_v3" in capfd.readouterr().err
    data = built.read_bytes()
    assert b"-fprofile-generate" not in data and b"-fprofile-use" not in data
    loaded = subprocess.run([sys.executable, "-c", (
        "import importlib.util as u, sys; s = u.spec_from_file_location(sys.argv[1], sys.argv[2]);"
        " m = u.module_from_spec(s); s.loader.exec_module(m); print(m.__name__)"),
        V3, str(built)], capture_output=True, text=True, timeout=60)
    assert loaded.stdout.strip() == V3, loaded.stderr


@pytest.mark.skipif(not GCC, reason="no GCC: the build is plain anyway")
def test_the_switch_turns_the_profile_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                          ) -> None:
    monkeypatch.setenv("TRICKLOG_PROFILED_BUILD", "0")
    monkeypatch.setattr(profiled_build, "train_in_subprocess",
                        lambda module, name: pytest.fail("trained with the switch off"))
    assert b"-fprofile" not in _build(tmp_path, monkeypatch).read_bytes()
