"""The whole analysis of many random deals of one preset, each in its own process under a CPU
budget (``bench_solver_split.py``: a fresh heap each, and a tail deal killed rather than eating
the run), then the issue's figures: the median and the worst CPU seconds of the deals, a deal
killed by the budget counted as slower than every finished one.

    python scripts/bench_solver_hands.py serbian-whist:4 --deals 100 --budget 40
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

SPLIT = Path(__file__).resolve().parent / "bench_solver_split.py"
DONE = re.compile(r"total ([0-9.]+) CPU s, card play nodes (\d+)")


def one(preset: str, seed: int, budget: int, generic: bool) -> tuple[float | None, int | None]:
    """A deal's CPU seconds and card play nodes (None, None: killed by the budget)."""
    args = [sys.executable, str(SPLIT), preset, str(seed), "--budget", str(budget)]
    out = subprocess.run(args + (["--generic"] if generic else []), capture_output=True,
                         text=True).stdout
    found = DONE.search(out)
    return (float(found[1]), int(found[2])) if found else (None, None)


def summary(times: list[float | None], budget: int) -> dict[str, str]:
    """The median and the worst, a killed deal counted as over the budget."""
    done = sorted(t for t in times if t is not None)
    ranked = done + [float("inf")] * (len(times) - len(done))
    n = len(ranked)
    middle = (ranked[(n - 1) // 2] + ranked[n // 2]) / 2

    def shown(t: float) -> str:
        return f"> {budget}" if t == float("inf") else f"{t:.2f}"

    return {"deals": str(n), "median": shown(middle),
            "worst": shown(ranked[-1]) if ranked else "-",
            "worst finished": f"{done[-1]:.2f}" if done else "-",
            "over the budget": str(n - len(done)),
            "under 10 s": str(sum(t < 10 for t in done))}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("preset", help="preset:players, e.g. serbian-whist:4")
    parser.add_argument("--deals", type=int, default=100, help="seeds 0 .. deals - 1")
    parser.add_argument("--budget", type=int, default=40, help="CPU seconds a deal, then killed")
    parser.add_argument("--generic", action="store_true",
                        help="the core's build for any CPU, not the one for this CPU")
    args = parser.parse_args()
    times: list[float | None] = []
    for seed in range(args.deals):
        took, nodes = one(args.preset, seed, args.budget, args.generic)
        times.append(took)
        shown = "killed by the budget" if took is None else f"{took:.2f} s, {nodes} card nodes"
        print(f"  {args.preset} deal {seed} ({seed + 1}/{args.deals}): {shown}",
              file=sys.stderr, flush=True)
    rows = summary(times, args.budget)
    print(f"| {args.preset}, CPU s a deal | " + " | ".join(rows) + " |")
    print("|---|" + "---|" * len(rows))
    print("| | " + " | ".join(rows.values()) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
