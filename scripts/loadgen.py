"""The load generator, a process of its own beside the server it measures (asyncio, raw
sockets: scripts/loadgen_http.py). Commands, each reading a JSON spec and writing a JSON result:

``watch``   open the spec's SSE watchers; print ``ready {...}`` on stdout once all are open (or
            the open time-out passed), follow them until a line arrives on stdin, then write
            every watcher's frame arrival times (time.monotonic, one clock for the machine).
``drive``   play moves on the spec's deals (each with its seat tokens and whose turn it is) at
            a steady rate, one move at a time per deal, recording when each POST was sent and
            answered and the seq it reached; meanwhile sample GET /healthz at a steady rate on
            fresh connections.
``play``    C clients playing their own 4-player Sedma deals as fast as they can (each move:
            GET the mover's view, then POST the move), for S seconds.
``health``  C clients hammering GET /healthz for S seconds: the ceiling.
``posts``, ``openloop``: POST-only moves, flat out or at a fixed arrival rate
            (scripts/loadgen_moves.py).

``--cpu N`` pins the process to CPU N, ``--nice N`` lowers its priority, ``--loop`` picks the
event loop: uvloop (a libuv loop in C, in the ``test`` extra) where installed, else asyncio's
own; uvloop halves what the generator spends per request (scripts/bench_http.py
``--generators``). Every result carries the CPU seconds the generator itself spent (``cpu_s``).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import resource
import sys
import time
from typing import Any

import loadgen_moves
import orjson
from loadgen_http import Conn, HTTPError, get, sse

FAILURES = (OSError, asyncio.TimeoutError, HTTPError, ValueError, KeyError, TypeError)


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


async def watch(spec: dict[str, Any]) -> dict[str, Any]:
    port, plan = spec["port"], spec["watchers"]
    results: list[dict[str, Any]] = [
        {"deal": w["deal"], "seat": w["token"] is not None, "status": None, "events": {},
         "views": {}, "ended": False, "error": None} for w in plan]
    opened, counter = asyncio.Event(), [0, len(plan)]  # watchers with a view, all watchers
    tasks, start = [], time.monotonic()
    for i, (want, got) in enumerate(zip(plan, results, strict=True)):
        tasks.append(asyncio.create_task(_follow(port, want, got, opened, counter)))
        if i % spec.get("batch", 50) == 0:
            await asyncio.sleep(0.02)  # a ramp, not 1,000 SYNs in one burst
    try:
        await asyncio.wait_for(opened.wait(), spec["open_timeout"])
    except TimeoutError:
        pass
    connected = sum(1 for r in results if r["views"])
    print("ready " + orjson.dumps({"connected": connected, "watchers": len(plan),
                                   "open_s": time.monotonic() - start}).decode(), flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return {"watchers": results}


async def _follow(port: int, want: dict[str, Any], got: dict[str, Any], opened: asyncio.Event,
                  counter: list[int]) -> None:
    def on_frame(kind: bytes, seq: int) -> None:
        now = time.monotonic()
        if kind == b"event":
            got["events"].setdefault(seq, now)
        elif kind == b"view":
            if not got["views"]:
                counter[0] += 1
                if counter[0] == counter[1]:
                    opened.set()
            got["views"].setdefault(seq, now)
        elif kind == b"end":
            got["ended"] = True

    def on_open(status: int) -> None:
        got["status"] = status

    try:
        await sse(port, f"/v1/deals/{want['deal']}/stream", want["token"], on_frame, on_open)
        if not got["ended"]:
            got["error"] = f"closed by the server without event: end (status {got['status']})"
    except asyncio.CancelledError:
        raise
    except Exception as err:  # noqa: BLE001 - recorded: a dropped watcher is a result
        got["error"] = f"{type(err).__name__}: {err}"


async def drive(spec: dict[str, Any]) -> dict[str, Any]:
    """Moves at ``rate``/s until ``moves`` were started; moves still unanswered ``slack``
    seconds after the last one was due are given up (a stalled server makes a result)."""
    port, rate, total = spec["port"], spec["rate"], spec["moves"]
    deals = [dict(d, left=spec.get("per_deal", 31), lock=asyncio.Lock()) for d in spec["deals"]]
    moves: list[dict[str, Any]] = []
    health: list[tuple[int, float]] = []
    stop = asyncio.Event()
    sampler = asyncio.create_task(_sample_health(port, spec["health_rate"], health, stop))
    rng, start, tasks = random.Random(18), time.monotonic(), []
    for i in range(total):
        await asyncio.sleep(max(0.0, start + i / rate - time.monotonic()))
        deal = deals[i % len(deals)]
        if deal["left"] > 0 and deal["turn"] is not None:
            deal["left"] -= 1
            tasks.append(asyncio.create_task(_one_move(port, deal, rng, moves, spec)))
    if tasks:
        late = start + total / rate + spec.get("slack", 15.0) - time.monotonic()
        _, pending = await asyncio.wait(tasks, timeout=max(0.1, late))
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
    elapsed = time.monotonic() - start
    stop.set()
    await sampler
    return {"moves": moves, "health": health, "seconds": elapsed}


UNKNOWN = -1  # a deal's turn after a failed move: read again before the next one


async def _one_move(port: int, deal: dict[str, Any], rng: random.Random,
                    moves: list[dict[str, Any]], spec: dict[str, Any]) -> None:
    record: dict[str, Any] = {"deal": deal["deal"], "status": -1, "seq": None, "sent": None,
                              "returned": None, "error": "not started"}
    moves.append(record)
    path = f"/v1/deals/{deal['deal']}"
    async with deal["lock"]:
        conn = Conn(port, spec.get("timeout", 5.0))
        try:
            if deal["turn"] == UNKNOWN:
                deal["turn"] = (await conn.call("GET", path))[1]["turn"]
            if deal["turn"] is None:
                record["error"] = "the deal is over"
                return
            token = deal["tokens"][str(deal["turn"])]
            _, mine = await conn.call("GET", path, token=token)
            body = dict(rng.choice(mine["legal_moves"]), expected_seq=mine["seq"])
            record.update(sent=time.monotonic(), error=None)
            status, answer = await conn.call("POST", f"{path}/moves", body, token=token)
            record.update(returned=time.monotonic(), status=status)
            if status == 200:
                record["seq"], deal["turn"] = answer["view"]["seq"], answer["view"]["turn"]
            else:
                deal["turn"] = UNKNOWN
        except FAILURES as err:
            record["error"] = f"{type(err).__name__}: {err}"
            deal["turn"] = UNKNOWN
        finally:
            conn.close()


async def _sample_health(port: int, rate: float, out: list[tuple[int, float]],
                         stop: asyncio.Event) -> None:
    tasks, start, i = [], time.monotonic(), 0
    while not stop.is_set():
        tasks.append(asyncio.create_task(get(port, "/healthz", 5.0)))
        i += 1
        await asyncio.sleep(max(0.0, start + i / rate - time.monotonic()))
    out.extend(await asyncio.gather(*tasks))


async def play(spec: dict[str, Any]) -> dict[str, Any]:
    stop = time.monotonic() + spec["seconds"]
    out: dict[str, Any] = {"move": [], "view": [], "both": [], "errors": []}
    await asyncio.gather(*(_player(spec, i, stop, out) for i in range(spec["clients"])))
    return out


async def _player(spec: dict[str, Any], seed: int, stop: float, out: dict[str, Any]) -> None:
    conn, rng = Conn(spec["port"], spec.get("timeout", 10.0)), random.Random(seed)
    tag = f"{os.getpid()}-{seed}"
    while time.monotonic() < stop:
        try:
            await _one_deal(conn, rng, tag, stop, out)
        except FAILURES as err:
            out["errors"].append(f"{type(err).__name__}: {err}")
            conn.close()
            await asyncio.sleep(0.1)
    conn.close()


async def claim_seats(conn: Conn, created: dict[str, Any]) -> dict[int, str]:
    """Every person's seat token, by seat: the creator's, and each invite claimed."""
    tokens = {t["seat"]: t["token"] for t in created["tokens"]}
    for invite in created["invites"]:
        _, got = await conn.call("POST", f"/v1/matches/{created['id']}/seats/{invite['seat']}"
                                 "/claim", {"code": invite["code"]})
        tokens[invite["seat"]] = got["token"]
    return tokens


async def _one_deal(conn: Conn, rng: random.Random, tag: str, stop: float,
                    out: dict[str, Any]) -> None:
    _, created = await conn.call("POST", "/v1/matches", {
        "ruleset": "sedma", "players": 4, "seed": f"bench-{tag}-{rng.random()}-{'x' * 24}",
        "seats": [{"name": f"p{i}"} for i in range(4)]})
    tokens = await claim_seats(conn, created)
    deal = created["deal"]["id"]
    _, view = await conn.call("GET", f"/v1/deals/{deal}")
    while view["turn"] is not None and time.monotonic() < stop:
        token, start = tokens[view["turn"]], time.perf_counter()
        _, mine = await conn.call("GET", f"/v1/deals/{deal}", token=token)
        move = dict(rng.choice(mine["legal_moves"]), expected_seq=mine["seq"])
        sent = time.perf_counter()
        status, answer = await conn.call("POST", f"/v1/deals/{deal}/moves", move, token=token)
        done = time.perf_counter()
        if status != 200:
            out["errors"].append(f"{status} {answer}")
            return
        out["move"].append(done - sent)
        out["view"].append(sent - start)
        out["both"].append(done - start)
        view = answer["view"]


async def health(spec: dict[str, Any]) -> dict[str, Any]:
    stop = time.monotonic() + spec["seconds"]
    out: dict[str, Any] = {"health": [], "errors": []}

    async def client() -> None:
        conn = Conn(spec["port"], spec.get("timeout", 10.0))
        while time.monotonic() < stop:
            start = time.perf_counter()
            try:
                status, _ = await conn.call("GET", "/healthz")
            except FAILURES as err:
                status = -1
                out["errors"].append(f"{type(err).__name__}: {err}")
                conn.close()
            if status == 200:
                out["health"].append(time.perf_counter() - start)
        conn.close()
    await asyncio.gather(*(client() for _ in range(spec["clients"])))
    return out


def default_loop() -> str:
    try:
        import uvloop  # noqa: F401
    except ImportError:
        return "asyncio"
    return "uvloop"


COMMANDS = {"watch": watch, "drive": drive, "play": play, "health": health,
            "posts": loadgen_moves.posts, "openloop": loadgen_moves.openloop}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=sorted(COMMANDS))
    parser.add_argument("--spec", required=True, help="a JSON file: what to do")
    parser.add_argument("--out", required=True, help="a JSON file: the result")
    parser.add_argument("--cpu", type=int, help="pin this process to one CPU")
    parser.add_argument("--nice", type=int, default=0, help="lower this process' priority")
    parser.add_argument("--loop", choices=["uvloop", "asyncio"], default=default_loop())
    args = parser.parse_args()
    if args.cpu is not None:
        os.sched_setaffinity(0, {args.cpu})
    if args.nice:
        os.nice(args.nice)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    with open(args.spec, "rb") as f:
        spec = orjson.loads(f.read())
    cpu, wall = cpu_seconds(), time.monotonic()
    runner: Any = asyncio.run
    if args.loop == "uvloop":
        import uvloop
        runner = uvloop.run
    result = runner(COMMANDS[args.command](spec))
    result.update(cpu_s=cpu_seconds() - cpu, wall_s=time.monotonic() - wall, loop=args.loop)
    with open(args.out, "wb") as f:
        f.write(orjson.dumps(result, option=orjson.OPT_NON_STR_KEYS))
    return 0


if __name__ == "__main__":
    sys.exit(main())
