"""What a move costs the server, and what the machine can do (issue 33), on gunicorn as
``tricklog serve`` runs it (``tricklog_cli.GUNICORN_ARGS``) and with keep-alive on, fresh
servers in interleaved rounds, medians:

- ``/healthz``: C clients flat out on keep-alive connections (the client keeps its connection
  whenever the server allows it): requests/s and the server's CPU per request;
- POST moves: the same C clients playing 4-player Sedma as a bot does, posting each move and
  reading the answer (scripts/loadgen_moves.py ``posts``; a GET only where the last answers
  cannot tell a legal move, counted): moves/s over /healthz/s, the server's CPU per move;
- GET + POST: the mover's view, then the move (scripts/loadgen.py ``play``), the old row;
- open loop: moves at a fixed arrival rate, half the saturating POST rate of the same round,
  over ``--deals`` deals on keep-alive connections: p50, p99, p99.9 from each move's due time.

The server's CPU is the API processes' and Redis' together, from /proc: the generator's own
CPU (it shares the cores) never counts, and a busy machine slows the rates but not the CPU a
request costs. Each flat-out CPU figure includes the matches the clients create (one per
33-odd moves); the open loop's setup (its deals created first) is in no figure.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable
from typing import Any

import loadgen_run
from bench_server import api_server, available, raise_fd_limit
from loadgen_run import pct, to_json

CONFIGS = {"keep-alive (serve today)": ("gunicorn", ()),
           "keep-alive 0 (served until 2026-12-02)": ("gunicorn", ("--keep-alive", "0")),
           "granian keep-alive": ("granian", ("--http1-keep-alive",)),
           "granian ASGI keep-alive": ("granian-asgi", ("--http1-keep-alive",)),
           "uvicorn keep-alive": ("uvicorn", ("--http1-keep-alive",))}
DEFAULT = "keep-alive (serve today),keep-alive 0 (served until 2026-12-02)"


def compared() -> list[str]:
    """Every configuration whose server is installed: ``make bench`` shows them side by side
    (issue 33: choose the server by measurement)."""
    return [name for name, (kind, _) in CONFIGS.items() if available(kind)]


def log(message: str) -> None:
    print(f"[move-cost] {message}", file=sys.stderr, flush=True)


def timed(server: Any, command: str, spec: dict[str, Any], key: str) -> dict[str, Any]:
    """One loadgen command against ``server``: its samples, the rate, the server's CPU per
    sample."""
    before = server.cpu_s()
    raw = loadgen_run.run(command, dict(spec, port=server.port),
                          timeout=spec["seconds"] + 120)
    cpu = server.cpu_s() - before
    samples = raw[key]
    seconds = raw.get("seconds", spec["seconds"])
    return {"per_s": len(samples) / seconds, "p50": pct(samples, .5), "p99": pct(samples, .99),
            "p999": pct(samples, .999), "n": len(samples), "errors": len(raw["errors"]),
            "first_errors": raw["errors"][:3], "gets": raw.get("gets", 0),
            "refused": raw.get("refused", 0), "reconnects": raw.get("reconnects", 0),
            "cpu_ms": cpu * 1000 / len(samples) if samples else float("nan")}


def one_round(config: tuple[str, tuple[str, ...]], args: argparse.Namespace
              ) -> dict[str, Any]:
    spec = {"clients": args.clients, "seconds": args.seconds}
    kind, extra = config
    with api_server(kind, args.workers, extra=extra) as server:
        out = {"health": timed(server, "health", spec, "health"),
               "posts": timed(server, "posts", spec, "move"),
               "pairs": timed(server, "play", spec, "move")}
        rate = max(1.0, out["posts"]["per_s"] / 2)
        out["open"] = timed(server, "openloop", dict(spec, rate=rate, deals=args.deals), "move")
        out["open"]["rate"] = rate
    return out


def measure(args: argparse.Namespace) -> dict[str, list[dict[str, Any]]]:
    rounds: dict[str, list[dict[str, Any]]] = {name: [] for name in args.configs}
    for i in range(args.runs):
        for name in args.configs:
            log(f"round {i + 1}: {name}")
            rounds[name].append(one_round(CONFIGS[name], args))
    return rounds


def med(runs: list[dict[str, Any]], part: str, key: str) -> float:
    return statistics.median(r[part][key] for r in runs)


ROWS: list[tuple[str, Callable[[list[dict[str, Any]]], float], str]] = [
    ("/healthz/s", lambda r: med(r, "health", "per_s"), "{:,.0f}"),
    ("server CPU ms per /healthz", lambda r: med(r, "health", "cpu_ms"), "{:.3f}"),
    ("POST moves/s", lambda r: med(r, "posts", "per_s"), "{:,.0f}"),
    ("POST moves / healthz (target 0.50)",
     lambda r: statistics.median(x["posts"]["per_s"] / x["health"]["per_s"] for x in r),
     "{:.2f}"),
    ("server CPU ms per POST move (target 0.5)", lambda r: med(r, "posts", "cpu_ms"), "{:.3f}"),
    ("GETs per POST move (where the answers cannot tell a legal move)",
     lambda r: statistics.median(x["posts"]["gets"] / max(1, x["posts"]["n"]) for x in r),
     "{:.2f}"),
    ("refused guesses per POST move (each then a GET)",
     lambda r: statistics.median(x["posts"]["refused"] / max(1, x["posts"]["n"]) for x in r),
     "{:.2f}"),
    ("POST move p50 ms (closed loop, flat out)", lambda r: med(r, "posts", "p50"), "{:.1f}"),
    ("POST move p99 ms (closed loop, flat out)", lambda r: med(r, "posts", "p99"), "{:.1f}"),
    ("GET + POST pairs/s", lambda r: med(r, "pairs", "per_s"), "{:,.0f}"),
    ("server CPU ms per GET + POST pair", lambda r: med(r, "pairs", "cpu_ms"), "{:.3f}"),
    ("open loop: arrival rate (half the POST rate) /s", lambda r: med(r, "open", "rate"),
     "{:,.0f}"),
    ("open loop: p50 ms", lambda r: med(r, "open", "p50"), "{:.1f}"),
    ("open loop: p99 ms (target 10)", lambda r: med(r, "open", "p99"), "{:.1f}"),
    ("open loop: p99.9 ms", lambda r: med(r, "open", "p999"), "{:.1f}"),
    ("open loop: connections the server had closed, reopened",
     lambda r: med(r, "open", "reconnects"), "{:.0f}"),
    ("errors (all parts)", lambda r: max(sum(x[p]["errors"] for p in x) for x in r), "{:.0f}"),
]


def print_table(rounds: dict[str, list[dict[str, Any]]], args: argparse.Namespace) -> None:
    names = list(rounds)
    print(f"\nThe move's cost: gunicorn as served (granian where named), {args.workers} "
          f"processes, {args.clients} clients, {args.seconds:g} s a part, median of "
          f"{args.runs} interleaved rounds; "
          "server CPU = API processes + Redis, from /proc\n")
    print("| figure | " + " | ".join(names) + " |")
    print("|---|" + "---|" * len(names))
    for label, fn, fmt in ROWS:
        print(f"| {label} | " + " | ".join(fmt.format(fn(rounds[n])) for n in names) + " |")
    for name in names:
        for part in ("health", "posts", "pairs", "open"):
            for err in rounds[name][-1][part]["first_errors"]:
                log(f"{name} {part}: {err}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=8.0, help="length of each part")
    parser.add_argument("--runs", type=int, default=3, help="interleaved rounds (median)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--deals", type=int, default=64, help="open loop: deals (connections)")
    parser.add_argument("--configs", default=DEFAULT,
                        help=f"comma-separated, of: {', '.join(CONFIGS)}")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    args.configs = [c for c in args.configs.split(",") if c in CONFIGS]
    raise_fd_limit()
    rounds = measure(args)
    if args.json:
        print(to_json(rounds))
    else:
        print_table(rounds, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())


def section(row: Any, seconds: float, clients: int, runs: int, workers: int = 2) -> None:
    """``make bench --only http``: the move's cost rows (scripts/bench.py's ``row``)."""
    args = argparse.Namespace(clients=clients, seconds=seconds, runs=runs, workers=workers,
                              deals=64, configs=compared())
    rounds = measure(args)
    for name in args.configs:
        r = rounds[name]
        row(f"moves ({name}): server CPU per POST move (API + Redis)",
            med(r, "posts", "cpu_ms"), "ms", 0.5, "target 0.5 ms")
        row(f"moves ({name}): POST moves, {clients} clients", med(r, "posts", "per_s"), "/s",
            med(r, "health", "per_s"), "/healthz, same round; target 0.50")
        row(f"moves ({name}): GET + POST pairs", med(r, "pairs", "per_s"), "/s",
            med(r, "health", "per_s"), "/healthz")
        row(f"moves ({name}): open loop at half the POST rate, p99", med(r, "open", "p99"),
            "ms", 10, "target 10 ms")
        row(f"moves ({name}): open loop p99.9", med(r, "open", "p999"), "ms", None,
            f"at {med(r, 'open', 'rate'):.0f} moves/s")
