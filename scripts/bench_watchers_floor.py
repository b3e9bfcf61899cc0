"""The watchers' harness alone: what scripts/bench_watchers.py's own machinery adds to a
move-to-frame delay, with no Tricklog in the way.

A stand-in SSE server (one asyncio process, uvloop where installed: the least a Python server
can do) holds W streams; on each tick it writes one ``event`` frame (about the size of a real
one) to every stream, noting when it started. The same watchers' process as the benchmark's
(scripts/loadgen.py ``watch``) follows them. The delay from a tick to its frame at each
watcher is the floor under the benchmark's figures on this machine: the fan-out of a perfect
server plus the generator's reading of W sockets. Run: ``scripts/bench_watchers_floor.py
--watchers 1000``.
"""

from __future__ import annotations

import argparse
import asyncio
import subprocess
import sys
import time
from typing import Any

import loadgen_run
import orjson
from bench_server import raise_fd_limit
from loadgen import default_loop
from loadgen_run import num, pct

from events.redis_server import free_port

HEAD = (b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n")
PAYLOAD = orjson.dumps({"seq": 0, "type": "card_played", "data": {"card": "AS", "pad": "x" * 500}})


def chunk(kind: bytes, seq: int) -> bytes:
    body = b"event: " + kind + b"\nid: %d\ndata: " % seq + PAYLOAD + b"\n\n"
    return b"%x\r\n" % len(body) + body + b"\r\n"


async def serve(port: int) -> None:
    """Hold every stream; a line on stdin is a tick; EOF prints the ticks' times and ends."""
    writers: list[asyncio.StreamWriter] = []

    async def accept(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readuntil(b"\r\n\r\n")
        writer.write(HEAD + chunk(b"view", 0))
        writers.append(writer)

    server = await asyncio.start_server(accept, "127.0.0.1", port, backlog=4096)
    loop, ticks = asyncio.get_running_loop(), []
    print("listening", flush=True)
    while await loop.run_in_executor(None, sys.stdin.readline):
        ticks.append(time.monotonic())
        frame = chunk(b"event", len(ticks))
        for writer in writers:
            writer.write(frame)
        await asyncio.gather(*(w.drain() for w in writers), return_exceptions=True)
    print(orjson.dumps({"ticks": ticks, "streams": len(writers)}).decode(), flush=True)
    server.close()


def measure(args: argparse.Namespace) -> dict[str, Any]:
    port = free_port()
    server = subprocess.Popen([sys.executable, __file__, "--serve", str(port)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert server.stdin is not None and server.stdout is not None
    try:
        server.stdout.readline()  # listening
        plan = [{"deal": "d", "token": None} for _ in range(args.watchers)]
        with loadgen_run.watchers({"port": port, "watchers": plan, "open_timeout": 30}) as held:
            ready = held.wait_ready(90)
            for _ in range(args.ticks):
                server.stdin.write(b"tick\n")
                server.stdin.flush()
                time.sleep(1 / args.rate)
            time.sleep(2)
            server.stdin.close()
            sent = orjson.loads(server.stdout.readline())
            frames = held.stop()
    finally:
        server.kill()
        server.wait()
    delays, missed = [], 0
    for w in frames["watchers"]:
        for seq, at in enumerate(sent["ticks"], start=1):
            got = w["events"].get(str(seq))
            if got is None:
                missed += 1
            else:
                delays.append(got - at)
    return {"watchers": args.watchers, "open": ready["connected"], "ticks": len(sent["ticks"]),
            "missed": missed, "p50_ms": pct(delays, .5), "p99_ms": pct(delays, .99),
            "max_ms": pct(delays, 1.0), "watchers_cpu_s": frames["cpu_s"]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--watchers", type=int, default=1000)
    parser.add_argument("--ticks", type=int, default=30, help="frames sent to every stream")
    parser.add_argument("--rate", type=float, default=3.0, help="ticks per second")
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    raise_fd_limit()
    if args.serve:
        runner: Any = asyncio.run
        if default_loop() == "uvloop":
            import uvloop
            runner = uvloop.run
        runner(serve(args.serve))
        return 0
    r = measure(args)
    print(f"\nHarness floor: {r['watchers']} streams held by a stand-in asyncio server, "
          f"{r['ticks']} frames at {args.rate:g}/s; delay = the server starts writing -> the "
          "frame read by the watchers' process\n")
    print("| streams open | frames missed | p50 ms | p99 ms | max ms | watchers' process CPU s |")
    print("|---|---|---|---|---|---|")
    print(f"| {r['open']} of {r['watchers']} | {r['missed']} | {num(r['p50_ms'], 1)} | "
          f"{num(r['p99_ms'], 1)} | {num(r['max_ms'], 1)} | {r['watchers_cpu_s']:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
