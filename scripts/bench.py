"""``make bench``: one table. Each figure is the median of repeated runs next to its ceiling (or
target) measured or stated in the same run, as a ratio. Sections: domain (one core,
in-process, every move validated), store (Lua append against raw XADD on the same Redis), the
cost of a move at event 10 and at event 500 of one stream, and HTTP (16 clients, moves against
/healthz under the same gunicorn configuration)."""

from __future__ import annotations

import argparse
import hashlib
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import redis  # noqa: E402

from domain import game, playout, registry  # noqa: E402
from domain.fairness import DealSecret  # noqa: E402
from domain.messages import Command, Event, Move  # noqa: E402
from events import keys  # noqa: E402
from events.envelope import GENESIS, seal  # noqa: E402
from events.redis_server import RedisServer  # noqa: E402
from events.referee import Referee, deals, matches, moves  # noqa: E402
from events.store import EventStore  # noqa: E402

ROWS: list[tuple[str, str, str, str]] = []


def row(what: str, value: float, unit: str, ceiling: float | None, ceiling_what: str) -> None:
    ratio = f"{value / ceiling:.2f}" if ceiling else "-"
    ROWS.append((what, f"{value:,.0f} {unit}" if value >= 100 else f"{value:,.2f} {unit}",
                 f"{ceiling:,.0f} ({ceiling_what})" if ceiling else ceiling_what, ratio))
    print(f"  {what}: {value:,.2f} {unit}", file=sys.stderr, flush=True)


def bench_secret(text: str) -> DealSecret:
    return DealSecret(text, hashlib.sha256(text.encode()).hexdigest())


def median_of(runs: int, fn: Any) -> float:
    return statistics.median(fn() for _ in range(runs))


def random_deals(preset: str, players: int, seconds: float) -> float:
    rules = registry.rules_for(preset, players, {})
    family = game.family_of(rules)
    rng = random.Random(1)
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        secret = bench_secret(f"b{done}")
        state = game.fold(game.new_deal(rules, 1 + done % 20, done % players, secret))
        while state.phase != "over":
            move = Move.from_dict(rng.choice(family.legal_moves(state, state.turn)))
            for event in family.decide(state, Command(state.turn, move, secret)):
                state = family.evolve(state, event)
        done += 1
    return done / (time.perf_counter() - start)


def kernel_deals(preset: str, players: int, seconds: float) -> float:
    """Whole random deals: the fair deal (commitment and shuffle), the card play by the playout
    kernel (each card drawn from the legal moves of the shared engine), the family's scoring
    with the seed revealed."""
    rules = registry.rules_for(preset, players, {})
    family = game.family_of(rules)
    rng = random.Random(1)
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        seed = bench_secret(f"b{done}")
        state = game.fold(game.new_deal(rules, 1 + done % 20, done % players, seed))
        fast = playout.play_out(state, rng)
        state = game.fold(family.settle(fast, seed), fast)
        assert state.phase == "over"
        done += 1
    return done / (time.perf_counter() - start)


def whist_matches(seconds: float, kernel: bool) -> float:
    """Whole 28-hand matches: the bidding by the reducers, the card play by the playout kernel
    (``kernel``) or by the reducers too."""
    rules = registry.rules_for("serbian-whist", 4, {})
    family = game.family_of(rules)
    rng = random.Random(2)
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        seed = bench_secret(f"w{done}")
        for number in range(1, 29):
            state = game.fold(game.new_deal(rules, number, number % 4, seed))
            while state.phase != "over":
                fast = playout.play_out(state, rng) if kernel else None
                if fast is not None:
                    state = game.fold(family.settle(fast, seed), fast)
                    continue
                move = Move.from_dict(rng.choice(family.legal_moves(state, state.turn)))
                for event in family.decide(state, Command(state.turn, move, seed)):
                    state = family.evolve(state, event)
        done += 1
    return done / (time.perf_counter() - start)


def domain_section(runs: int, seconds: float) -> None:
    log = _long_log()
    def fold_rate() -> float:
        start = time.perf_counter()
        for _ in range(200):
            game.fold(log)
        return 200 * len(log) / (time.perf_counter() - start)
    row("domain: events folded", median_of(runs, fold_rate), "/s", None, "no target")
    targets = {("sedma", 4): 2000, ("sueca", 4): 6600}
    for preset, players in (("sedma", 2), ("sedma", 4), ("hola", 4), ("sueca", 4)):
        rate = median_of(runs, lambda p=preset, n=players: kernel_deals(p, n, seconds))
        target = targets.get((preset, players))
        row(f"domain: random {preset} {players}p deals (playout kernel)", rate, "/s", target,
            "target" if target else "no target")
    for preset, players in (("sedma", 4), ("sueca", 4)):
        rate = median_of(runs, lambda p=preset, n=players: random_deals(p, n, seconds))
        row(f"domain: random {preset} {players}p deals (reducers, an event per step)", rate,
            "/s", None, "no target")
    for kernel, how in ((True, "bids by the reducers, cards by the playout kernel"),
                        (False, "reducers")):
        row(f"domain: random Serbian whist matches, 28 hands ({how})", median_of(
            runs, lambda k=kernel: whist_matches(seconds, k)), "/s", None, "no target")
    rules = registry.rules_for("sedma", 4, {})
    state = game.fold(game.new_deal(rules, 1, 0, bench_secret("m")))
    move = Move.from_dict(game.legal_moves(state, state.turn)[0])
    def per_move() -> float:
        start = time.perf_counter()
        for _ in range(2000):
            for event in game.decide(state, Command(state.turn, move, bench_secret("m"))):
                game.evolve(state, event)
        return (time.perf_counter() - start) / 2000 * 1e6
    row("domain: decide + evolve per move (4p Sedma)", median_of(runs, per_move), "us", None,
        "lower is better")


def _long_log() -> list[Event]:
    from tests.helpers import random_deal
    return random_deal("hola", 6, 3)[0]


def store_section(client: redis.Redis, runs: int, n: int) -> None:
    store = EventStore(client)
    payload = [Event("played", {"card": "AS"}, 0)]

    def lua() -> float:
        sid = f"bench-{random.random()}"
        prev, start = GENESIS, time.perf_counter()
        for seq in range(n):
            envs = seal(payload, after_seq=seq, prev=prev, at="t", command_id="c")
            store.append("deal", sid, envs, expected_seq=seq)
            prev = envs[-1]["hash"]
        return n / (time.perf_counter() - start)

    def raw() -> float:
        key, start = f"raw-{random.random()}", time.perf_counter()
        envs = seal(payload, after_seq=0, prev=GENESIS, at="t", command_id="c")
        import orjson
        body = orjson.dumps(envs[0])
        for seq in range(1, n + 1):
            client.xadd(key, {"e": body}, id=f"{seq}-0")
        return n / (time.perf_counter() - start)

    ceiling = median_of(runs, raw)
    row("store: appends through append.lua", median_of(runs, lua), "/s", ceiling, "raw XADD")


def move_cost_section(client: redis.Redis, runs: int) -> None:
    """A move's cost at event ~10 and at event ~500 of one stream: the stream is padded with
    490 envelopes behind the same snapshot, so only the length of the log differs."""
    referee = Referee(EventStore(client))

    def one(pad: int) -> float:
        created = matches.create(referee, ruleset="sedma", players=4, seed=f"cost{random.random()}",
                                       seats=[{"name": f"p{i}"} for i in range(4)])
        deal, tokens = created["deal"]["id"], {t["seat"]: t["token"] for t in created["tokens"]}
        rng = random.Random(4)
        for _ in range(6):
            view = deals.view(referee, deal, None)
            mine = deals.view(referee, deal, tokens[view["turn"]])
            moves.move(referee, deal, tokens[view["turn"]], rng.choice(mine["legal_moves"]))
        if pad:
            _pad(client, deal, pad)
        samples = []
        for _ in range(15):
            view = deals.view(referee, deal, None)
            token = tokens[view["turn"]]
            move = deals.view(referee, deal, token)["legal_moves"][0]
            start = time.perf_counter()
            moves.move(referee, deal, token, move)
            samples.append(time.perf_counter() - start)
            if deals.view(referee, deal, None)["phase"] == "over":
                break
        return statistics.median(samples) * 1000

    at10 = median_of(runs, lambda: one(0))
    at500 = median_of(runs, lambda: one(490))
    row("move at event ~10 (service, real Redis)", at10, "ms", None, "baseline")
    row("move at event ~500 of the same stream", at500, "ms", at10 * 1.3, "1.3 x event 10")


def _pad(client: redis.Redis, deal: str, count: int) -> None:
    """Move the deal's events up by ``count`` seqs behind its snapshot (a stand-in for a long
    log: no real deal is 500 events long)."""
    import orjson
    head = client.hgetall(keys.head_key("deal", deal))
    seq = int(head[b"seq"])
    key = keys.stream_key("deal", deal)
    filler = orjson.dumps({"seq": 0, "type": "padding", "data": {}})
    pipe = client.pipeline(transaction=False)
    for k in range(seq + 1, seq + count + 1):
        pipe.xadd(key, {"e": filler}, id=f"{k}-0")
    pipe.hset(keys.head_key("deal", deal), mapping={"seq": seq + count, "snap_seq": seq + count})
    pipe.execute()
    # later envelopes chain on from the stored head hash; only the numbering moved on


def http_section(seconds: float, clients: int) -> None:
    import subprocess
    out = subprocess.run([sys.executable, str(ROOT / "scripts" / "bench_moves.py"), "--seconds",
                          str(seconds), "--clients", str(clients), "--json"],
                         capture_output=True, text=True, cwd=ROOT, check=True)
    import json
    data = json.loads(out.stdout.strip().splitlines()[-1])
    row(f"HTTP: moves ({clients} clients)", data["moves_per_s"], "/s", data["health_per_s"],
        "/healthz ceiling")
    row("HTTP: move p50 latency", data["move_p50_ms"], "ms", None, "")
    row("HTTP: move p99 latency", data["move_p99_ms"], "ms", 25, "target 25 ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="repeats per figure (median)")
    parser.add_argument("--seconds", type=float, default=3.0, help="length of a timed run")
    parser.add_argument("--appends", type=int, default=3000)
    parser.add_argument("--clients", type=int, default=16)
    args = parser.parse_args()
    print("domain ...", file=sys.stderr)
    domain_section(args.runs, args.seconds)
    with tempfile.TemporaryDirectory() as tmp, RedisServer(tmp) as server:
        client = redis.Redis.from_url(server.url)
        print("store ...", file=sys.stderr)
        store_section(client, args.runs, args.appends)
        move_cost_section(client, args.runs)
    print("HTTP ...", file=sys.stderr)
    http_section(args.seconds * 3, args.clients)
    print("\n| figure | median | ceiling or target | ratio |")
    print("|---|---|---|---|")
    for what, value, ceiling, ratio in ROWS:
        print(f"| {what} | {value} | {ceiling} | {ratio} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
