"""Two code trees side by side: ``scripts/bench.py``'s figures for a base tree (e.g. main,
``git archive main | tar -x -C /tmp/base``) and for this one, in interleaved rounds (base,
this, this, base, ...), one process per round and tree; prints each figure's median (and
range) for both and their ratio. The same measuring code runs against both trees (what the
base lacks falls back to what its service did). Run: ``.venv/bin/python scripts/bench_ab.py
--help``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def one(tree: Path, only: str, seconds: float) -> dict[str, float]:
    env = {**os.environ, "TRICKLOG_BENCH_ROOT": str(tree)}
    out = subprocess.run([sys.executable, str(HERE / "bench.py"), "--only", only, "--runs", "1",
                          "--seconds", str(seconds), "--json"], env=env, cwd=tree,
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, type=Path, help="the tree to compare with")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per tree (median)")
    parser.add_argument("--seconds", type=float, default=2.0, help="length of a timed run")
    parser.add_argument("--only", default="domain,replay", help="bench.py's sections")
    args = parser.parse_args()
    runs: dict[str, list[dict[str, float]]] = {"base": [], "this": []}
    for k in range(args.rounds):
        order = ("base", "this") if k % 2 == 0 else ("this", "base")
        for name in order:
            tree = args.base.resolve() if name == "base" else ROOT
            runs[name].append(one(tree, args.only, args.seconds))
            print(f"round {k + 1}: {name} done", file=sys.stderr, flush=True)
    print("| figure | base | this | this / base |")
    print("|---|---|---|---|")
    for what in runs["this"][0]:
        values = {n: [r[what] for r in runs[n] if what in r] for n in runs}
        if not values["base"]:
            print(f"| {what} | - | {statistics.median(values['this']):,.2f} | - |")
            continue
        base, this = (statistics.median(values[n]) for n in ("base", "this"))
        spread = {n: f"{min(values[n]):,.2f}-{max(values[n]):,.2f}" for n in values}
        print(f"| {what} | {base:,.2f} ({spread['base']}) | {this:,.2f} ({spread['this']}) "
              f"| {this / base:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
