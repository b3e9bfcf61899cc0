"""The solver core's two builds (``domain/solver/_trick.c`` for any CPU, and ``_trick_v3.c``,
the same source with the hardware's popcount and pext) search the same tree: on random
positions of every family the core plays, the same value for every move, the same answers to
the auction's trick-count questions, and the same number of nodes (a different table key or
bound would change the count long before it changed a value). And the faster one is the one
loaded where the CPU has what it needs."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.solver import native
from tests.unit.test_solver_native import FAMILIES, _games, _position

pytestmark = pytest.mark.skipif(not native.available(), reason="the C core is not built")

try:
    from domain.solver import _trick_v3
except ImportError:  # pragma: no cover - a build from before the second one
    _trick_v3 = None


def _cpu_flags() -> set[str]:
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("flags"):
            return set(line.split(":", 1)[1].split())
    return set()


@pytest.mark.skipif(not Path("/proc/cpuinfo").exists(), reason="no /proc/cpuinfo to ask")
def test_the_build_for_this_cpu_is_the_one_loaded() -> None:
    fits = {"popcnt", "bmi1", "bmi2", "abm"} <= _cpu_flags()  # abm: lzcnt, as Linux names it
    assert native.GENERIC.fits_v3() == fits
    assert native.CORE.__name__.endswith("_trick_v3" if fits else "_trick")
    assert native.GENERIC.TARGET == "generic"


@pytest.mark.skipif(_trick_v3 is None, reason="the second build is not there")
@pytest.mark.parametrize(("preset", "players"), FAMILIES)
def test_both_builds_value_every_move_alike_in_as_many_nodes(preset: str, players: int) -> None:
    checked = 0
    for seed in range(12):
        state = _position(preset, players, 50 + seed, 16 + seed % 4 * 4)
        if state is None:
            continue
        for side, (game, position) in enumerate(_games(state)):
            got = []
            for build in (native.GENERIC, _trick_v3):
                solver = native.NativeSolver(game, native.SMALL_TABLE_BITS, build=build)
                values = sorted(solver.move_values(position))
                got.append((values, solver.value(position), solver.nodes))
            assert got[0] == got[1], (seed, side)
            checked += 1
    assert checked >= 8


@pytest.mark.skipif(_trick_v3 is None, reason="the second build is not there")
@pytest.mark.parametrize("players", [4, 5])
def test_both_builds_answer_the_auctions_questions_alike(players: int) -> None:
    """``reach``: which sets of final trick counts the lone seat can force, level by level."""
    checked = 0
    for seed in range(8):
        state = _position("serbian-whist", players, 70 + seed, 20)
        if state is None:
            continue
        game, position = _games(state)[0]
        tricks = len(game.scores or ()) - 1
        sets = [sum(1 << t for t in range(tricks + 1) if t % k == r)
                for k in (2, 3) for r in range(k)] + [1 << tricks, 1]
        levels = [[5, 6], [2, 3, 4], [0, 1]]  # the exact counts, then thirds, then halves
        got = [native.NativeSolver(game, 4, build=build).core.reach(position, sets, levels, 16)
               for build in (native.GENERIC, _trick_v3)]
        assert got[0] == got[1], seed
        checked += 1
    assert checked >= 4



@pytest.mark.parametrize(("preset", "players", "cards"),
                         [("sueca", 4, 28), ("serbian-whist", 4, 40), ("briscola", 2, 20)])
@pytest.mark.parametrize("ranked", [True, False])
def test_a_table_that_grows_knows_what_one_that_never_did_knows(
        preset: str, players: int, cards: int, ranked: bool) -> None:
    """The table starts at 2^16 entries and doubles when half full, its entries moved. Begun
    at 2^4 here, it grows many times in one search and values every move as a table of 2^20
    from the start; and so does the auction's table of questions."""
    for seed in range(3):
        state = _position(preset, players, seed, cards)
        assert state is not None
        game, position = _games(state)[0]
        grown = native.NativeSolver(game, 20, ranked, first_bits=4)
        fixed = native.NativeSolver(game, 20, ranked, first_bits=20)
        assert sorted(grown.move_values(position)) == sorted(fixed.move_values(position))
        assert grown.value(position) == fixed.value(position)
        assert 1 << 4 < grown.core.entries < fixed.core.entries == 1 << 20
        if game.scores is None:
            continue
        tricks = len(game.scores) - 1
        sets = [sum(1 << t for t in range(tricks + 1) if t % 3 == r) for r in range(3)]
        levels = [[0], [1], [2]]
        assert (grown.core.reach(position, sets, levels, 20)
                == fixed.core.reach(position, sets, levels, 20)), seed
