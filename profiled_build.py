"""A profile-guided build of the solver's core (issue 30's 13-card whist hand under 10 s).

``domain.solver._trick_v3`` (the build ``native.CORE`` loads on x86-64 CPUs of the last ten
years) is compiled three steps at a time by GCC:

1. with ``-fprofile-generate``: the module counts its branches and calls as it runs;
2. trained: a subprocess loads that module and analyses a few random deals (three whist hands
   with their bids, three Sueca deals: :func:`train`, about 5 CPU seconds), and its counts are
   written beside the object file when it exits;
3. with ``-fprofile-use``: GCC lays out the hot paths of the search (the zero-window tests,
   ``reach``, the key, the bounds) from the counts. ``-fprofile-partial-training`` keeps the
   code the training never ran optimized as before, not for size.

It saves about a tenth of the CPU of a whist hand's analysis on this machine (the values, and the
nodes searched, are the same: ``tests/unit/test_solver_builds.py`` compares this build with
the generic ``_trick``, which is built plainly and stays the reference). The training is
deterministic (a fixed hash seed and fixed deals), so a wheel of the same sources gets the same
counts.

Only where it can work: GCC (the compiler setuptools calls says so), and
``TRICKLOG_PROFILED_BUILD`` not ``0``. Anything that fails on the way (another compiler's
flags, the training's subprocess, a CPU the module cannot run on) leaves the plain build, with a
warning: a profile is speed, never a reason for ``make run`` to fail.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
PROFILED = ("domain.solver._trick_v3",)
GENERATE = ["-fprofile-generate", "-fprofile-update=single"]
USE = ["-fprofile-use", "-fprofile-partial-training", "-Wno-missing-profile"]
WHIST_SEEDS = (13, 16, 21)  # 0.6 to 2 CPU s each, bids and cards (3 of the bench's 100:
# docs/PERFORMANCE.md gives the median of the other 97 too)
SUECA_SEEDS = (100, 101, 102)


class ProfiledBuildExt(build_ext):  # type: ignore[misc]
    """setuptools' ``build_ext``, with the modules of :data:`PROFILED` built profile-guided."""

    def build_extension(self, ext: Any) -> None:
        if ext.name not in PROFILED or not self._gcc() \
                or os.environ.get("TRICKLOG_PROFILED_BUILD") == "0":
            super().build_extension(ext)
            return
        try:
            self._profiled(ext)
        except Exception as exc:  # noqa: BLE001 - any failure leaves the plain build
            print(f"warning: no profile-guided build of {ext.name} ({exc}); a plain one",
                  file=sys.stderr)
            self._with(ext, [], [])

    def _gcc(self) -> bool:
        """Whether the C compiler setuptools calls is GCC (clang also names itself gcc)."""
        cc = getattr(self.compiler, "compiler_so", None) or ["cc"]
        try:
            out = subprocess.run([cc[0], "--version"], capture_output=True, text=True,
                                 timeout=60).stdout
        except (OSError, subprocess.SubprocessError):
            return False
        return "Free Software Foundation" in out and "clang" not in out

    def _profiled(self, ext: Any) -> None:
        obj = Path(self.compiler.object_filenames(ext.sources[:1], output_dir=self.build_temp)[0])
        for old in obj.parent.glob("*.gcda"):
            old.unlink()
        self._with(ext, GENERATE, ["-fprofile-generate"])
        train_in_subprocess(Path(self.get_ext_fullpath(ext.name)), ext.name)
        if not list(obj.parent.glob("*.gcda")):
            raise OSError(f"the training wrote no profile beside {obj}")
        self._with(ext, USE, [])

    def _with(self, ext: Any, compile_args: list[str], link_args: list[str]) -> None:
        """The extension built again with these flags added. The module already built goes
        first: older setuptools compare whole seconds and would not link again a module whose
        object is from the same second (an instrumented module left after a training that
        failed at once)."""
        Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)
        saved: tuple[list[str], list[str], Any] = (ext.extra_compile_args, ext.extra_link_args,
                                                   getattr(self, "force", False))
        ext.extra_compile_args = [*saved[0], *compile_args]
        ext.extra_link_args = [*saved[1], *link_args]
        self.force = True
        try:
            super().build_extension(ext)
        finally:
            ext.extra_compile_args, ext.extra_link_args, self.force = saved


def train_in_subprocess(module: Path, name: str) -> None:
    """:func:`train` on the built ``module`` in a fresh interpreter, which writes the counts
    when it exits (a fixed hash seed: the same sources give the same counts)."""
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": str(ROOT)}
    code = "import sys, profiled_build; profiled_build.train(sys.argv[1], sys.argv[2])"
    done = subprocess.run([sys.executable, "-c", code, str(module), name], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=900)
    if done.returncode != 0:
        raise OSError(f"the training failed: {(done.stderr or done.stdout)[-500:]}")


def train(module: str, name: str) -> None:
    """Analyse the training deals with the core at ``module`` loaded as the checkout's
    ``domain.solver`` core (both builds' names: the analysis then runs on it alone)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, module)
    assert spec is not None and spec.loader is not None
    core = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(core)
    sys.modules[name] = sys.modules["domain.solver._trick"] = core
    from domain.solver import analysis, native

    native.CORE = core
    for preset, seeds in (("serbian-whist", WHIST_SEEDS), ("sueca", SUECA_SEEDS)):
        for seed in seeds:
            events = random_deal(preset, 4, seed)
            analysis.analyse(events, list(range(len(events))), str(seed), first=1)


def random_deal(preset: str, players: int, seed: int) -> list[Any]:
    """A deal played to its end by random legal moves (``scripts/bench_solver.py``'s deals)."""
    import random

    from domain import game, registry
    from domain.fairness import DealSecret
    from domain.messages import Command, Move

    rules = registry.rules_for(preset, players, {})
    rng, secret = random.Random(seed), DealSecret(f"bench-solver-{seed}", "ab" * 16)
    events = list(game.new_deal(rules, 1, seed % players, secret))
    state = game.fold(events)
    while state.phase != "over" and state.turn is not None:
        move = Move.from_dict(rng.choice(game.legal_moves(state, state.turn)))
        new, state = game.step(state, Command(state.turn, move, secret))
        events += new
    return events
