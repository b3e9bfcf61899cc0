"""HTTP moves against the /healthz ceiling (issue 18, item 3): WSGI servers side by side, and
the load generator measured so that it does not pass for the server's cost.

The generator: scripts/loadgen.py, asyncio on raw sockets with uvloop's loop, in ONE process of
its own, not pinned. ``--generators`` measures the options on one gunicorn server in
interleaved rounds (moves/s, p99, and the CPU the generator and the server each spend per
move, from getrusage and /proc):

- ``threads``: 16 Python threads with http.client (scripts/bench_moves.py until issue 18);
- ``asyncio loop`` and ``uvloop``: scripts/loadgen.py on either loop;
- ``uvloop, 2 processes``: 8 clients each (is one generator process a bottleneck?);
- ``uvloop, pinned to CPU 1``: sched_setaffinity, as ``taskset -c 1`` would.

Measured on the 2-core machine (10 s, 3 rounds): threads and the asyncio loop spend 0.58 ms
of CPU per move, uvloop 0.34, against the server's 2.4-2.6 ms (API processes and Redis): the
chosen generator is about an eighth of the work on the machine. A second process or pinning
changed moves/s by less than the noise between rounds: a single-threaded generator takes at
most one core whether pinned or not, and pinning it does not keep the server's processes off
that core, it only adds the generator's waits for it to the latencies. A compiled generator
would save little more: about half of the generator's CPU was the kernel's (a TCP connection
per request, under the ``--keep-alive 0`` served until 2026-12-02), the same for any client;
Node's ``net`` spent more per /healthz than this one. So the server's own CPU per request is
reported beside every rate: a cost no generator on the same cores can distort.

Then, for gunicorn (``tricklog_cli.GUNICORN_ARGS``) and granian (``--interface wsgi``, keep-alive
on like gunicorn's), each on a fresh server: /healthz with 16 clients (the ceiling), and 16
clients playing 4-player Sedma: moves/s, p50 and p99 of the POST alone and of the move with
the GET of the mover's view (legal moves) before it, and moves/s over /healthz/s.
"""

from __future__ import annotations

import argparse
import resource
import sys
from collections.abc import Callable
from typing import Any

import loadgen_run
from bench_server import SERVERS, Server, api_server, available, describe, raise_fd_limit
from loadgen import default_loop
from loadgen_run import pct, to_json


def log(message: str) -> None:
    print(f"[http] {message}", file=sys.stderr, flush=True)


def play(port: int, clients: int, seconds: float, timeout: float = 10.0, processes: int = 1,
         cpu: int | None = None, loop: str | None = None) -> dict[str, Any]:
    """``clients`` playing flat out for ``seconds`` from the load generator; the figures."""
    share = [clients // processes + (i < clients % processes) for i in range(processes)]
    results = loadgen_run.run_many("play", [
        {"port": port, "clients": n, "seconds": seconds, "timeout": timeout} for n in share],
        timeout=seconds + timeout + 60, cpu=cpu, loop=loop)
    merged: dict[str, Any] = {key: sum((r[key] for r in results), [])
                              for key in ("move", "view", "both", "errors")}
    merged["cpu_s"] = sum(r["cpu_s"] for r in results)
    return summarize_moves(merged, seconds)


def summarize_moves(raw: dict[str, Any], seconds: float) -> dict[str, Any]:
    count = len(raw["move"])
    return {"moves_per_s": count / seconds, "move_p50_ms": pct(raw["move"], .5),
            "move_p99_ms": pct(raw["move"], .99), "both_p50_ms": pct(raw.get("both", []), .5),
            "both_p99_ms": pct(raw.get("both", []), .99), "errors": len(raw["errors"]),
            "first_errors": raw["errors"][:3],
            "gen_cpu_ms_per_move": raw["cpu_s"] * 1000 / count if count else float("nan")}


def health(port: int, clients: int, seconds: float) -> dict[str, Any]:
    raw = loadgen_run.run("health", {"port": port, "clients": clients, "seconds": seconds},
                          timeout=seconds + 60)
    count = len(raw["health"])
    return {"per_s": count / seconds, "p50_ms": pct(raw["health"], .5),
            "p99_ms": pct(raw["health"], .99), "errors": len(raw["errors"]),
            "gen_cpu_ms_per_request": raw["cpu_s"] * 1000 / count if count else float("nan")}


def threads_play(port: int, clients: int, seconds: float) -> dict[str, Any]:
    """bench_moves' generator: Python threads with http.client, in this process."""
    import bench_moves
    before = resource.getrusage(resource.RUSAGE_SELF)
    moves, errors = bench_moves.run(bench_moves.player, clients, seconds, port)
    after = resource.getrusage(resource.RUSAGE_SELF)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return summarize_moves({"move": moves, "errors": errors, "cpu_s": cpu}, seconds)


GENERATORS: dict[str, Callable[[int, int, float], dict[str, Any]]] = {
    "threads, http.client (bench_moves.py)": lambda port, c, s: threads_play(port, c, s),
    "asyncio loop, 1 process": lambda port, c, s: play(port, c, s, loop="asyncio"),
    "uvloop, 1 process (chosen)": lambda port, c, s: play(port, c, s, loop="uvloop"),
    "uvloop, 2 processes": lambda port, c, s: play(port, c, s, processes=2, loop="uvloop"),
    "uvloop, 1 process pinned to CPU 1": lambda port, c, s: play(port, c, s, cpu=1,
                                                                  loop="uvloop"),
}


def generators(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Each generator option in turn on one gunicorn server, ``--runs`` interleaved rounds;
    each row the median round by moves/s."""
    rounds: dict[str, list[dict[str, Any]]] = {name: [] for name in GENERATORS}
    with api_server("gunicorn", args.workers) as server:
        for _ in range(args.runs):
            for name, fn in GENERATORS.items():
                log(f"generator: {name}")
                rounds[name].append(with_server_cpu(server, "moves_per_s", fn, args))
    return [dict(median_by(runs, "moves_per_s"), generator=name)
            for name, runs in rounds.items()]


def median_by(runs: list[dict[str, Any]], key: str) -> dict[str, Any]:
    return sorted(runs, key=lambda r: r[key])[len(runs) // 2]


def servers(args: argparse.Namespace) -> list[dict[str, Any]]:
    """/healthz and moves under each WSGI server, ``--runs`` interleaved rounds."""
    rounds: dict[str, list[dict[str, Any]]] = {kind: [] for kind in args.servers}
    for _ in range(args.runs):
        for kind in args.servers:
            with api_server(kind, args.workers) as server:
                log(f"{kind}: /healthz, {args.clients} clients")
                ceiling = with_server_cpu(server, "per_s", health, args)
                log(f"{kind}: moves, {args.clients} clients")
                moves = with_server_cpu(server, "moves_per_s", play, args)
                rounds[kind].append({"server": describe(kind, args.workers), "kind": kind,
                                     "health": ceiling, "moves": moves,
                                     "ratio": moves["moves_per_s"] / max(ceiling["per_s"], 1e-9)})
    return [median_by(runs, "ratio") for runs in rounds.values()]


def with_server_cpu(server: Server, rate: str, fn: Callable[..., dict[str, Any]],
                    args: argparse.Namespace) -> dict[str, Any]:
    """``fn``'s figures, with the CPU the server (API processes and Redis) spent per request:
    a cost no load generator on the same cores can distort."""
    before = server.cpu_s()
    got = fn(server.port, args.clients, args.seconds)
    count = got[rate] * args.seconds
    got["server_cpu_ms"] = (server.cpu_s() - before) * 1000 / count if count else float("nan")
    return got


def print_generators(rows: list[dict[str, Any]], args: argparse.Namespace) -> None:
    print(f"\nLoad generators: {args.clients} clients playing 4p Sedma on one gunicorn server "
          f"({args.workers} processes), {args.seconds:g} s, median of {args.runs} rounds\n")
    print("| generator | moves/s | move p50 ms | move p99 ms | generator CPU ms/move "
          "| server CPU ms/move | errors |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['generator']} | {r['moves_per_s']:.0f} | {r['move_p50_ms']:.1f} | "
              f"{r['move_p99_ms']:.1f} | {r['gen_cpu_ms_per_move']:.2f} | "
              f"{r['server_cpu_ms']:.2f} | {r['errors']} |")


def print_servers(rows: list[dict[str, Any]], args: argparse.Namespace) -> None:
    print(f"\nWSGI servers: {args.clients} clients, {args.seconds:g} s each, median of "
          f"{args.runs} rounds; generator: scripts/loadgen.py, {default_loop()}, 1 process, "
          "unpinned; server CPU: the API's processes and Redis, from /proc\n")
    print("| server | /healthz/s | /healthz p99 ms | moves/s | move p50 ms | move p99 ms "
          "| move+view p50 ms | move+view p99 ms | moves / healthz | server CPU ms: /healthz, "
          "move | errors |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        h, m = r["health"], r["moves"]
        print(f"| {r['server']} | {h['per_s']:.0f} | {h['p99_ms']:.1f} | {m['moves_per_s']:.0f} "
              f"| {m['move_p50_ms']:.1f} | {m['move_p99_ms']:.1f} | {m['both_p50_ms']:.1f} | "
              f"{m['both_p99_ms']:.1f} | {r['ratio']:.2f} | {h['server_cpu_ms']:.2f}, "
              f"{m['server_cpu_ms']:.2f} | {h['errors'] + m['errors']} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=10.0, help="length of each timed run")
    parser.add_argument("--runs", type=int, default=1, help="interleaved rounds (median)")
    parser.add_argument("--workers", type=int, default=2, help="server processes (2 cores)")
    parser.add_argument("--servers", default=",".join(SERVERS),
                        help=f"comma-separated, of: {', '.join(SERVERS)}")
    parser.add_argument("--generators", action="store_true",
                        help="also compare the load-generator options (first)")
    parser.add_argument("--json", action="store_true", help="print one JSON object, no table")
    args = parser.parse_args(argv)
    args.servers = [s for s in args.servers.split(",") if s and available(s)]
    for missing in {*SERVERS} - {*args.servers}:
        log(f"{missing}: not installed, skipped (make install)")
    raise_fd_limit()
    out: dict[str, Any] = {}
    if args.generators:
        out["generators"] = generators(args)
    out["servers"] = servers(args)
    if args.json:
        print(to_json(out))
        return 0
    if args.generators:
        print_generators(out["generators"], args)
    print_servers(out["servers"], args)
    return 0


if __name__ == "__main__":
    sys.exit(main())


Row = Callable[..., None]  # scripts/bench.py's row(what, value, unit, ceiling, ceiling_what)


def section(row: Row, seconds: float, clients: int, runs: int, workers: int = 2) -> None:
    """``make bench --only http``: the rows of each WSGI server (scripts/bench.py's ``row``)."""
    args = argparse.Namespace(seconds=seconds, clients=clients, runs=runs, workers=workers,
                              servers=[s for s in SERVERS if available(s)])
    for r in servers(args):
        name, h, m = r["kind"], r["health"], r["moves"]
        row(f"HTTP {name}: moves, {clients} clients ({r['server']})", m["moves_per_s"], "/s",
            h["per_s"], "/healthz ceiling; target 0.50")
        row(f"HTTP {name}: move p50 latency", m["move_p50_ms"], "ms", None, "")
        row(f"HTTP {name}: move p99 latency", m["move_p99_ms"], "ms", 25, "target 25 ms")
        row(f"HTTP {name}: move + GET of the mover's view, p99", m["both_p99_ms"], "ms", None,
            "")
        row(f"HTTP {name}: load generator CPU per move (uvloop, 1 process)",
            m["gen_cpu_ms_per_move"], "ms", m["server_cpu_ms"],
            "server's CPU per move (API + Redis)")
