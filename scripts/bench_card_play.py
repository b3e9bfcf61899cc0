"""Issue 33's compiled playout core against the Python kernel it replaces: the card play
alone of fairly dealt random 4-player Sedma and Sueca deals (dealt before the clock starts),
from the first card to the state at scoring, by the C kernel and by the Python one in
interleaved rounds. The measure of a kernel's game logic, without the fair deal (commitment,
shuffle) and the scoring around it that ``make bench``'s whole-deal rows include. Used by
``scripts/bench.py``; alone: ``python scripts/bench_card_play.py``."""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

# The tree under test: scripts/bench.py's (TRICKLOG_BENCH_ROOT, which scripts/bench_ab.py sets),
# else this one. Putting this one first regardless made bench_ab.py measure this tree twice.
sys.path.insert(0, os.environ.get("TRICKLOG_BENCH_ROOT")
                or str(Path(__file__).resolve().parents[1]))

from domain import game, playout, registry, trickplay  # noqa: E402
from domain.fairness import DealSecret  # noqa: E402
from domain.sedma import playout as capture_playout  # noqa: E402

NAME = "domain: random {} {}p card play alone ({} playout kernel)"
# Issue 33's targets: the TypeScript Sedma peer's game logic alone (V8) and 1.5 x the Python
# Sueca peer, as the issue measured them beside our kernels on this machine.
TARGETS = {"sedma": (69000.0, "target: the TS peer's game logic"),
           "sueca": (11900.0, "target: 1.5 x the Python peer")}
Row = Callable[[str, float, str, "float | None", str], None]


def card_play(preset: str, players: int, seconds: float, compiled: bool) -> float:
    """Card plays a second over 200 dealt deals, by the C kernel or the Python one."""
    rules = registry.rules_for(preset, players, {})
    secret = DealSecret("card-play", "ab" * 16)
    states = [game.fold(game.new_deal(rules, 1 + i % 20, i % players, secret))
              for i in range(200)]
    cores = trickplay._core, capture_playout._core
    if not compiled:
        trickplay._core = capture_playout._core = None
    rng, play_out = random.Random(3), playout.play_out
    done, start = 0, time.perf_counter()
    try:
        while time.perf_counter() - start < seconds:
            for state in states:
                play_out(state, rng)
            done += len(states)
    finally:
        trickplay._core, capture_playout._core = cores
    return done / (time.perf_counter() - start)


def section(row: Row, runs: int, seconds: float) -> None:
    for preset, players in (("sedma", 4), ("sueca", 4)):
        got: dict[str, list[float]] = {"C": [], "Python": []}
        for _ in range(runs):  # interleaved rounds
            for name in got:
                got[name].append(card_play(preset, players, seconds, name == "C"))
        c, py = statistics.median(got["C"]), statistics.median(got["Python"])
        row(NAME.format(preset, players, "C"), c, "/s", *TARGETS[preset])
        row(NAME.format(preset, players, "Python"), py, "/s", c, "the C kernel, same rounds")


if __name__ == "__main__":
    def show(what: str, value: float, unit: str, ceiling: float | None, of: str) -> None:
        ratio = f" = {value / ceiling:.2f} x {ceiling:,.0f} ({of})" if ceiling else ""
        print(f"{what}: {value:,.0f} {unit}{ratio}")
    section(show, 3, 2.0)
