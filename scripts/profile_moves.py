"""Where a served move's CPU goes (issue 33): py-spy samples the API's processes (gunicorn as
``tricklog serve`` runs it, keep-alive on with ``--keep-alive``) while C clients post 4-player
Sedma moves flat out (scripts/loadgen_moves.py ``posts``). Writes a flame graph (SVG) and
prints each layer's share of the samples: a sample counts for the innermost frame of a known
layer, so a layer's share is its own work (with the stdlib and C calls it makes), not what it
calls in another layer. Needs py-spy (``pip install
py-spy``) and the right to trace the server's processes (root, or ptrace allowed).
"""

from __future__ import annotations

import argparse
import collections
import subprocess
import sys
import tempfile
from pathlib import Path

import loadgen_run
from bench_server import api_server, raise_fd_limit

LAYERS = (("gunicorn/", "gunicorn (HTTP parsing, the worker)"),
          ("gevent/", "gevent (the hub, sockets)"), ("greenlet", "gevent (the hub, sockets)"),
          ("werkzeug/", "Werkzeug + Flask"), ("flask/", "Werkzeug + Flask"),
          ("redis/", "redis-py"), ("marshmallow/", "marshmallow (body schema)"),
          ("prometheus_client/", "prometheus_client (metrics)"),
          ("domain/", "domain (rules, state, views)"),
          ("events/", "events (referee, store, envelopes, hash chain)"),
          ("api/", "api (routes, problems, logging)"), ("logging/", "logging (access log)"))


def layer(frames: list[str]) -> str:
    """The layer of the innermost frame that belongs to one (a stdlib or C call counts for
    the layer that made it)."""
    for frame in reversed(frames):
        for key, name in LAYERS:
            if key in frame:
                return name
    return "other (no layer on the stack)"


def shares(raw: Path) -> list[tuple[str, float]]:
    """Each layer's share of the samples of py-spy's collapsed stacks (``--format raw``)."""
    counts: collections.Counter[str] = collections.Counter()
    for line in raw.read_text().splitlines():
        stack, _, n = line.rpartition(" ")
        frames = [f for f in stack.split(";") if not f.startswith("process ")]
        if frames and n.isdigit():
            counts[layer(frames)] += int(n)
    total = sum(counts.values()) or 1
    return [(name, n / total) for name, n in counts.most_common()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--keep-alive", default="75", help="gunicorn --keep-alive (s)")
    parser.add_argument("--svg", default="docs/move-flamegraph.svg")
    parser.add_argument("--raw", help="also keep py-spy's collapsed stacks in this file")
    args = parser.parse_args(argv)
    spy = Path(sys.executable).with_name("py-spy")
    raise_fd_limit()
    with tempfile.TemporaryDirectory() as tmp, \
            api_server("gunicorn", 2, extra=("--keep-alive", args.keep_alive)) as server:
        raw = Path(args.raw or Path(tmp) / "stacks.txt")
        record = [str(spy), "record", "--pid", str(server.process.pid), "--subprocesses",
                  "--nonblocking", "--rate", "200", "--duration", str(int(args.seconds))]
        spies = [subprocess.Popen([*record, "--format", "raw", "-o", str(raw)]),
                 subprocess.Popen([*record, "--format", "flamegraph", "-o", args.svg])]
        loadgen_run.run("posts", {"port": server.port, "clients": args.clients,
                                  "seconds": args.seconds}, timeout=args.seconds + 120)
        for spy_process in spies:
            spy_process.wait(60)
        print(f"\nA served POST move's samples by layer (innermost frame), gunicorn keep-alive "
              f"{args.keep_alive} s, {args.clients} clients, {args.seconds:g} s; flame graph: "
              f"{args.svg}\n\n| layer | share of samples |\n|---|---|")
        for name, share in shares(raw):
            print(f"| {name} | {share:.0%} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
