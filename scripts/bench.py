"""``make bench``: one table. Each figure is the median of repeated runs next to its ceiling (or
target) measured or stated in the same run, as a ratio; figures compared as a ratio run in
interleaved rounds. Sections: domain (one core, in-process, every move validated: the playout
kernel, the reducers, ``tricklog audit``), replay (a replay job over a whole Serbian whist
match), store (Lua append against raw XADD on the same Redis; the cost of a move at event 10
and at event 500 of one stream), HTTP (16 clients, moves against /healthz under gunicorn as
``tricklog serve`` runs it and under granian; the move's CPU with keep-alive, an open loop) and
watchers (1,000 event streams on one deal and over 250 deals: frames at every watcher, /healthz,
memory, moves/s with them open). ``--only`` picks sections, ``--json`` prints JSON."""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

# TRICKLOG_BENCH_ROOT: the code tree to measure (scripts/bench_ab.py sets it); this one's
# by default.
ROOT = Path(os.environ.get("TRICKLOG_BENCH_ROOT") or Path(__file__).resolve().parents[1])
sys.path.insert(0, str(ROOT))
sys.path.insert(1, str(Path(__file__).resolve().parent))

import bench_card_play  # noqa: E402
import bench_referee as ref  # noqa: E402
import redis  # noqa: E402

from domain import game, registry  # noqa: E402
from domain.messages import Command, Event, Move  # noqa: E402
from events import keys  # noqa: E402
from events.envelope import GENESIS, seal  # noqa: E402
from events.redis_server import RedisServer  # noqa: E402
from events.referee import Referee, deals, matches, moves  # noqa: E402
from events.store import EventStore  # noqa: E402
from workers.runtime import settle_heap  # noqa: E402

ROWS: list[tuple[str, str, str, str]] = []
FIGURES: dict[str, float] = {}


def row(what: str, value: float, unit: str, ceiling: float | None, ceiling_what: str) -> None:
    ratio = f"{value / ceiling:.2f}" if ceiling and value == value else "-"  # NaN: no samples
    FIGURES[what] = value
    ROWS.append((what, f"{shown(value)} {unit}".strip(),
                 f"{shown(ceiling)} ({ceiling_what})" if ceiling else ceiling_what, ratio))
    print(f"  {what}: {value:,.2f} {unit}", file=sys.stderr, flush=True)


def shown(value: float) -> str:
    """A figure for the table: whole numbers and those over 100 without decimals; "-" for
    NaN (a figure with no samples, as from a server that answered nothing)."""
    if value != value:
        return "-"
    return f"{value:,.0f}" if value >= 100 or value == int(value) else f"{value:,.2f}"


def median_of(runs: int, fn: Any) -> float:
    return statistics.median(fn() for _ in range(runs))


def interleaved(runs: int, fns: dict[str, Any]) -> dict[str, float]:
    """Each of ``fns`` once a round, in turn, for ``runs`` rounds; the median of each. Figures
    compared as a ratio are measured so, so that a change in the machine's load between two
    figures does not pass for a ratio."""
    results: dict[str, list[float]] = {name: [] for name in fns}
    for _ in range(runs):
        for name, fn in fns.items():
            results[name].append(fn())
    return {name: statistics.median(values) for name, values in results.items()}


KERNEL = "domain: random {} {}p deals (playout kernel)"
STEPPED = "domain: random {} {}p deals (reducers: step, each event folded once)"
TWICE = "domain: random {} {}p deals (reducers: decide, then fold again)"
AUDITED = "audit: {} {}p exports audited"
WHIST = "domain: random Serbian whist matches, 28 hands ({})"


def domain_section(runs: int, seconds: float) -> None:
    """The fold rate, the kernel alone for a few presets, then for 4p Sedma and Sueca the
    kernel, the reducers (step, and decide then fold as the service does before step) and
    ``tricklog audit`` of finished deals' exports, in interleaved rounds. The audit's target:
    half the rate of whole deals through the reducers: it re-runs every move through the same
    reducers, and on top parses the export, checks the hash chain and every commitment
    (SHA-256 each) and re-shuffles the deck, together worth about as much again as the re-run."""
    from tests.helpers import random_deal
    log: list[Event] = random_deal("hola", 6, 3)[0]
    def fold_rate() -> float:
        start = time.perf_counter()
        for _ in range(200):
            game.fold(log)
        return 200 * len(log) / (time.perf_counter() - start)
    row("domain: events folded", median_of(runs, fold_rate), "/s", None, "no target")
    for preset, players in (("sedma", 2), ("hola", 4)):
        row(KERNEL.format(preset, players), median_of(
            runs, lambda p=preset, n=players: ref.kernel_deals(p, n, seconds)), "/s", None,
            "no target")
    targets = {"sedma": (2000, "target"), "sueca": (None, "peer: PERFORMANCE.md")}
    for preset, players in (("sedma", 4), ("sueca", 4)):
        texts = ref.exports(preset, players, 40)
        got = interleaved(runs, {
            "kernel": lambda p=preset, n=players: ref.kernel_deals(p, n, seconds),
            "step": lambda p=preset, n=players: ref.random_deals(p, n, seconds),
            "twice": lambda p=preset, n=players: ref.random_deals(p, n, seconds, "decide+fold"),
            "audit": lambda t=texts: ref.audits(t, seconds)})
        row(KERNEL.format(preset, players), got["kernel"], "/s", *targets[preset])
        row(STEPPED.format(preset, players), got["step"], "/s", got["kernel"],
            "kernel; target 0.50")
        row(TWICE.format(preset, players), got["twice"], "/s", got["kernel"], "kernel")
        row(AUDITED.format(preset, players), got["audit"], "deals/s", got["step"] / 2,
            "target: 0.5 x reducers")
    bench_card_play.section(row, runs, seconds)  # the card play alone, C against Python
    for kernel_play, how in ((True, "bids by the reducers, cards by the playout kernel"),
                             (False, "reducers")):
        row(WHIST.format(how), median_of(runs, lambda k=kernel_play: ref.whist_matches(
            seconds, k)), "/s", None, "no target")
    row("domain: one move through the reducers (4p Sedma, step)",
        median_of(runs, one_move_us), "us", None, "lower is better")


def one_move_us() -> float:
    """Microseconds for one move of a fresh 4p Sedma deal through ``step``."""
    rules = registry.rules_for("sedma", 4, {})
    secret = ref.bench_secret("m")
    state = game.fold(game.new_deal(rules, 1, 0, secret))
    move = Move.from_dict(game.legal_moves(state, state.turn)[0])
    start = time.perf_counter()
    for _ in range(2000):
        ref.STEP(state, Command(state.turn, move, secret))
    return (time.perf_counter() - start) / 2000 * 1e6


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
        deal, tokens = created["deal"]["id"], ref.seat_tokens(referee, created)
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


def replay_section(client: redis.Redis, runs: int, seconds: float) -> None:
    """A replay job (``POST /v1/deals/{id}/replays``, as a worker runs it) for every deal of a
    finished 28-hand Serbian whist match: read the log, fold it event by event, build the
    state after each event for the viewer. Its target: half the rate of whole matches through
    the reducers, measured in the same rounds: the job folds the same events (without deciding
    them) and on top builds a view per event, which costs about what deciding a move costs."""
    referee = Referee(EventStore(client))
    deal_ids = ref.whist_match(referee, "replay-bench")
    settle_heap()  # as a worker does before its first job (both rows run after it)
    events = 0
    def replayed() -> float:
        nonlocal events
        matches_per_s, events = ref.replays(referee, deal_ids, seconds)
        return matches_per_s
    got = interleaved(runs, {"replay": replayed,
                             "reducers": lambda: ref.whist_matches(seconds, False)})
    row(f"replay jobs: a 28-hand Serbian whist match ({events:,} events)", got["replay"],
        "matches/s", got["reducers"] / 2, "target: 0.5 x reducers (same rounds)")


def http_section(seconds: float, clients: int, runs: int) -> None:
    """Moves against /healthz under each WSGI server (scripts/bench_http.py), then the move's
    cost and the open loop, keep-alive off and on (scripts/bench_move_cost.py)."""
    import bench_http
    import bench_move_cost
    bench_http.section(row, seconds, clients, runs)
    bench_move_cost.section(row, seconds, clients, runs)


def watchers_section(watchers: int, clients: int) -> None:
    """Event streams held open, scenarios A and B (scripts/bench_watchers.py)."""
    import bench_watchers
    bench_watchers.section(row, watchers, clients)


SECTIONS = ("domain", "replay", "store", "http", "watchers")


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="repeats per figure (median)")
    parser.add_argument("--seconds", type=float, default=3.0, help="length of a timed run")
    parser.add_argument("--appends", type=int, default=3000)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--watchers", type=int, default=1000, help="streams held open")
    parser.add_argument("--only", default=",".join(SECTIONS),
                        help=f"comma-separated sections, of: {', '.join(SECTIONS)}")
    parser.add_argument("--json", action="store_true",
                        help="print the figures as one JSON object instead of the table")
    return parser


def main() -> int:
    args = parser().parse_args()
    only = set(args.only.split(","))
    if "domain" in only:
        print("domain ...", file=sys.stderr)
        domain_section(args.runs, args.seconds)
    if only & {"store", "replay"}:
        with tempfile.TemporaryDirectory() as tmp, RedisServer(tmp) as server:
            client = redis.Redis.from_url(server.url)
            if "replay" in only:
                print("replay ...", file=sys.stderr)
                replay_section(client, args.runs, args.seconds)
            if "store" in only:
                print("store ...", file=sys.stderr)
                store_section(client, args.runs, args.appends)
                move_cost_section(client, args.runs)
    if "http" in only:
        print("HTTP ...", file=sys.stderr)
        http_section(args.seconds * 3, args.clients, args.runs)
    if "watchers" in only:
        print("watchers ...", file=sys.stderr)
        watchers_section(args.watchers, args.clients)
    if args.json:
        import orjson
        print(orjson.dumps(FIGURES).decode())  # a figure with no samples (NaN) as null
        return 0
    print("\n| figure | median | ceiling or target | ratio |")
    print("|---|---|---|---|")
    for what, value, ceiling, ratio in ROWS:
        print(f"| {what} | {value} | {ceiling} | {ratio} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
