"""A thousand watchers on one box (issue 18): event streams held open while the API plays on.

Each scenario runs on a fresh private redis-server and the API as ``tricklog serve`` runs it
(``tricklog_cli.GUNICORN_ARGS``, ``--workers`` processes). Scenario A: W watchers on one deal;
B: W watchers over W/4 deals, 4 each. A tenth of the watchers follow with a seat token (each
seat's stream is its own view), the rest as spectators. In this order, on one server:

1. 16 clients play their own deals flat out (the load generator of scripts/bench_http.py):
   moves/s and p99 *without* watchers.
2. The API processes' RSS (from /proc, summed over the workers) before and after a separate
   asyncio process (scripts/loadgen.py) opens the W streams: memory per watcher.
3. Another client plays moves on the watched deal(s) at a steady rate, while /healthz is
   sampled at 20/s on fresh connections: for every move, the delay from its POST being *sent*
   to the ``event`` frame with the seq the move reached arriving at every watcher (the POST's
   answer can come back after the frames, so the delay is taken from the send), p50 and p99
   over every (move, watcher); frames missed (every event of every watched deal, from its
   seq before the moves to its last, at every watcher: must be 0); /healthz p95.
4. The 16 clients again, the W streams still open (and idle): moves/s and p99 *with* them.

Every wait is bounded: a server that cannot hold the watchers yields a row (how many opened,
frames missed, /healthz failures), not a hang. Progress goes to stderr. What the harness adds
on its own (a stand-in server, no Tricklog): scripts/bench_watchers_floor.py, also a row of
``make bench``; about 10 ms p50 and 20-30 ms p99 at 1,000 streams on this machine.
"""

from __future__ import annotations

import argparse
import http.client
import json
import sys
import time
from typing import Any

import loadgen_run
from bench_server import ASGI, SERVERS, api_server, describe, raise_fd_limit
from loadgen_run import num, pct, to_json

SCENARIOS = {"A": "one deal", "B": "4 per deal"}
DRIVE_RATE = {"A": 3.0, "B": 25.0}  # moves/s on the watched deals: modest and steady
SEAT_EVERY = 10  # one watcher in ten follows with a seat token


def log(message: str) -> None:
    print(f"[watchers] {message}", file=sys.stderr, flush=True)


def create_deals(port: int, count: int) -> list[dict[str, Any]]:
    """``count`` new 4-player Sedma matches: each deal's id, seat tokens, seq and turn."""
    conn, out = http.client.HTTPConnection("127.0.0.1", port, timeout=30), []
    for i in range(count):
        body = json.dumps({"ruleset": "sedma", "players": 4,
                           "seed": f"watchers-{i}-{time.time_ns()}-{'s' * 24}",
                           "seats": [{"name": f"p{s}"} for s in range(4)]})
        conn.request("POST", "/v1/matches", body, {"Content-Type": "application/json"})
        created = json.loads(conn.getresponse().read())
        deal = created["deal"]["id"]
        conn.request("GET", f"/v1/deals/{deal}")
        view = json.loads(conn.getresponse().read())
        tokens = {}
        for invite in created["invites"]:  # each player claims its seat
            conn.request("POST", f"/v1/matches/{created['id']}/seats/{invite['seat']}/claim",
                         json.dumps({"code": invite["code"]}),
                         {"Content-Type": "application/json"})
            tokens[str(invite["seat"])] = json.loads(conn.getresponse().read())["token"]
        out.append({"deal": deal, "seq": view["seq"], "turn": view["turn"], "tokens": tokens})
    conn.close()
    return out


def plan(deals: list[dict[str, Any]], watchers: int) -> list[dict[str, Any]]:
    """``watchers`` streams spread evenly over ``deals``; every SEAT_EVERY-th with a token."""
    out = []
    for i in range(watchers):
        deal = deals[i % len(deals)]
        token = deal["tokens"][str(i // len(deals) % 4)] if i % SEAT_EVERY == SEAT_EVERY - 1 \
            else None
        out.append({"deal": deal["deal"], "token": token})
    return out


def play_load(port: int, args: argparse.Namespace) -> dict[str, Any]:
    """16 clients flat out, with the generator set up as bench_http.py chose."""
    from bench_http import play
    return play(port, args.clients, args.load_seconds, timeout=10.0)


def scenario(name: str, args: argparse.Namespace) -> dict[str, Any]:
    per_deal = args.watchers if name == "A" else 4
    count = max(1, args.watchers // per_deal)
    with api_server(args.server, args.workers) as server:
        log(f"{name}: creating {count} deal(s)")
        deals = create_deals(server.port, count)
        out: dict[str, Any] = {"scenario": name, "watchers": args.watchers, "deals": count}
        if args.load_seconds:
            log(f"{name}: {args.clients} clients playing, no watchers")
            out["without"] = play_load(server.port, args)
        rss_before = server.rss_kib()
        spec = {"port": server.port, "watchers": plan(deals, args.watchers),
                "open_timeout": args.open_timeout}
        with loadgen_run.watchers(spec) as held:
            ready = held.wait_ready(args.open_timeout + 60)
            log(f"{name}: {ready['connected']} of {args.watchers} watchers open "
                f"in {ready['open_s']:.1f} s")
            time.sleep(1.0)
            out.update(ready=ready, rss_before_kib=rss_before, rss_after_kib=server.rss_kib())
            out["drive"] = drive(name, server.port, deals, args)
            time.sleep(args.grace)  # the last move's frames still on their way
            if args.load_seconds:
                log(f"{name}: {args.clients} clients playing, {ready['connected']} watchers open")
                out["with"] = play_load(server.port, args)
            frames = held.stop()
        out["frames"] = frames_summary(deals, out["drive"]["moves"], frames["watchers"])
        out["watchers_cpu_s"] = frames["cpu_s"]  # the watchers' process: is it keeping up?
        out["server"] = describe(args.server, args.workers)
        out["server_log_tail"] = server.log_tail()
    return out


def drive(name: str, port: int, deals: list[dict[str, Any]], args: argparse.Namespace
          ) -> dict[str, Any]:
    rate = DRIVE_RATE[name]
    moves = int(rate * args.seconds)
    if name == "A":
        moves = min(moves, 30)  # a 4-player Sedma deal is 32 moves: the streams stay open
    log(f"{name}: playing {moves} moves at {rate:g}/s, sampling /healthz at 20/s")
    spec = {"port": port, "deals": deals, "rate": rate, "moves": moves, "health_rate": 20.0,
            "timeout": 5.0, "per_deal": 30}
    return loadgen_run.run("drive", spec, timeout=moves / rate + 120)


def frames_summary(deals: list[dict[str, Any]], moves: list[dict[str, Any]],
                   watchers: list[dict[str, Any]]) -> dict[str, Any]:
    """Delays from each move's POST sent to its frame at each watcher; every frame missed."""
    start = {d["deal"]: d["seq"] for d in deals}
    last = dict(start)
    for move in moves:
        if move["seq"] is not None:
            last[move["deal"]] = max(last[move["deal"]], move["seq"])
    by_deal: dict[str, list[dict[str, Any]]] = {}
    for w in watchers:
        by_deal.setdefault(w["deal"], []).append(w)
    delays, after_answer, missed, expected = [], [], 0, 0
    for w in watchers:
        got = {int(k): v for k, v in w["events"].items()}
        wanted = range(start[w["deal"]] + 1, last[w["deal"]] + 1)
        expected += len(wanted)
        missed += sum(1 for seq in wanted if seq not in got)
    for move in moves:
        if move["seq"] is None:
            continue
        for w in by_deal.get(move["deal"], []):
            at = w["events"].get(str(move["seq"]))
            if at is not None:
                delays.append(at - move["sent"])
                after_answer.append(at - move["returned"])
    return {"expected": expected, "missed": missed, "delay_p50_ms": pct(delays, .5),
            "delay_p99_ms": pct(delays, .99), "delay_max_ms": pct(delays, 1.0),
            "after_answer_p50_ms": pct(after_answer, .5),
            "after_answer_p99_ms": pct(after_answer, .99), "delivered": len(delays),
            "errors": sorted({w["error"] for w in watchers if w["error"]})[:5],
            "dropped": sum(1 for w in watchers if w["views"] and w["error"]),
            "statuses": sorted({str(w["status"]) for w in watchers})}


def summary(out: dict[str, Any]) -> dict[str, Any]:
    """One scenario's figures, flat (for the table and ``--json``)."""
    frames, drive = out["frames"], out["drive"]
    health = [seconds for status, seconds in drive["health"]]
    connected = out["ready"]["connected"]
    grown = out["rss_after_kib"] - out["rss_before_kib"]
    ok = [m for m in drive["moves"] if m["status"] == 200]
    row = {"scenario": out["scenario"], "watchers": out["watchers"], "deals": out["deals"],
           "connected": connected, "open_s": out["ready"]["open_s"],
           "dropped": frames["dropped"],
           "frames_expected": frames["expected"], "frames_missed": frames["missed"],
           "delay_p50_ms": frames["delay_p50_ms"], "delay_p99_ms": frames["delay_p99_ms"],
           "delay_max_ms": frames["delay_max_ms"],
           "after_answer_p99_ms": frames["after_answer_p99_ms"],
           "health_p95_ms": pct(health, .95), "health_failed": sum(
               1 for status, _ in drive["health"] if status != 200), "health_samples": len(health),
           "rss_before_mib": out["rss_before_kib"] / 1024,
           "rss_after_mib": out["rss_after_kib"] / 1024,
           "kib_per_watcher": grown / connected if connected else float("nan"),
           "moves_ok": len(ok), "moves_tried": len(drive["moves"]),
           "drive_moves_per_s": len(ok) / drive["seconds"] if drive["seconds"] else 0.0,
           "watcher_errors": frames["errors"], "watcher_statuses": frames["statuses"],
           "server": out["server"],
           "watchers_cpu_s": out["watchers_cpu_s"]}
    for when in ("without", "with"):
        if when in out:
            row[f"moves_per_s_{when}"] = out[when]["moves_per_s"]
            row[f"move_p99_ms_{when}"] = out[when]["move_p99_ms"]
            row[f"move_errors_{when}"] = out[when]["errors"]
    if row.get("moves_per_s_without"):
        row["moves_ratio"] = row["moves_per_s_with"] / row["moves_per_s_without"]
    return row


def print_table(rows: list[dict[str, Any]], args: argparse.Namespace) -> None:
    print(f"\nWatchers: {rows[0]['server'] if rows else ''}; moves on the watched deals at "
          f"{DRIVE_RATE['A']:g}/s (A) and {DRIVE_RATE['B']:g}/s (B); delay = POST sent -> the "
          "move's `event` frame at a watcher, over every (move, watcher); /healthz sampled at "
          "20/s on fresh connections\n")
    print("| scenario | watchers open (dropped) | frames missed | move->frame p50 ms | p99 ms "
          "| max ms | /healthz p95 ms (failed) | RSS before -> after MiB | KiB per watcher "
          "| watched moves ok |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        missed = f"{r['frames_missed']} of {r['frames_expected']}" if r["frames_expected"] \
            else "- (no move went through)"
        print(f"| {r['scenario']}: {r['watchers']} on {r['deals']} deal(s) | {r['connected']} "
              f"of {r['watchers']} ({r['dropped']}) | {missed} | {num(r['delay_p50_ms'])} | "
              f"{num(r['delay_p99_ms'])} | {num(r['delay_max_ms'])} | "
              f"{num(r['health_p95_ms'])} ({r['health_failed']} of {r['health_samples']}) | "
              f"{r['rss_before_mib']:.0f} -> {r['rss_after_mib']:.0f} | "
              f"{num(r['kib_per_watcher'])} | {r['moves_ok']} of {r['moves_tried']} |")
    if not any("moves_ratio" in r for r in rows):
        return
    print(f"\n{args.clients} clients playing their own deals flat out ({args.load_seconds:g} s; "
          "scripts/loadgen.py, uvloop, 1 process), the watched streams open and idle\n")
    print("| scenario | moves/s without | p99 ms | moves/s with watchers | p99 ms | with / "
          "without (target 0.8) | errors |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        if "moves_ratio" in r:
            print(f"| {r['scenario']} | {r['moves_per_s_without']:.0f} | "
                  f"{num(r['move_p99_ms_without'])} | {r['moves_per_s_with']:.0f} | "
                  f"{num(r['move_p99_ms_with'])} | {r['moves_ratio']:.2f} | "
                  f"{r['move_errors_without'] + r['move_errors_with']} |")


def section(row: Any, watchers: int = 1000, clients: int = 16, workers: int = 2) -> None:
    """``make bench --only watchers``: scenarios A and B as rows of scripts/bench.py."""
    args = parser().parse_args(["--watchers", str(watchers), "--clients", str(clients),
                                "--workers", str(workers)])
    import bench_watchers_floor
    floor = bench_watchers_floor.measure(argparse.Namespace(watchers=watchers, ticks=30, rate=3))
    row(f"watchers: the harness alone ({watchers} streams of a stand-in server), frame p99",
        floor["p99_ms"], "ms", None, f"{floor['missed']} missed; the floor under A and B")
    for name in ("A", "B"):
        r = summary(scenario(name, args))
        what = f"watchers {name} ({r['watchers']} on {r['deals']} deal(s))"
        row(f"{what}: streams open at once", r["connected"], "", r["watchers"], "asked for")
        row(f"{what}: streams the server closed early", r["dropped"], "", None, "target 0")
        row(f"{what}: frames missed", r["frames_missed"], "frames", None,
            f"target 0 of {r['frames_expected']:,}" if r["frames_expected"]
            else "no move went through")
        row(f"{what}: move -> frame p50", r["delay_p50_ms"], "ms", None, "POST sent -> frame")
        row(f"{what}: move -> frame p99", r["delay_p99_ms"], "ms", 250, "target 250 ms")
        row(f"{what}: /healthz p95", r["health_p95_ms"], "ms", 50, "target 50 ms")
        row(f"{what}: memory per watcher (API RSS)", r["kib_per_watcher"], "KiB", None, "")
        row(f"{what}: moves/s, {clients} clients, streams open", r["moves_per_s_with"], "/s",
            r["moves_per_s_without"], "no streams; target 0.80")
        row(f"{what}: move p99, {clients} clients, streams open", r["move_p99_ms_with"], "ms",
            r["move_p99_ms_without"], "no streams")


def parser() -> argparse.ArgumentParser:
    out = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    out.add_argument("--watchers", type=int, default=1000, help="streams held open (W)")
    out.add_argument("--scenarios", default="A,B", help="A: all on one deal; B: 4 per deal")
    out.add_argument("--workers", type=int, default=2, help="API processes (2 cores)")
    out.add_argument("--server", default="gunicorn", choices=SERVERS + ASGI,
                     help="gunicorn as served; the others for issue 33's comparison")
    out.add_argument("--seconds", type=float, default=10.0,
                     help="how long moves are played on the watched deals")
    out.add_argument("--clients", type=int, default=16, help="clients of the moves/s rows")
    out.add_argument("--load-seconds", type=float, default=10.0,
                     help="length of each moves/s run (0: no moves/s rows)")
    out.add_argument("--open-timeout", type=float, default=30.0,
                     help="seconds to wait for every watcher's first frame")
    out.add_argument("--grace", type=float, default=3.0,
                     help="seconds after the last move for its frames to arrive")
    out.add_argument("--json", action="store_true", help="print one JSON object, no table")
    return out


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    raise_fd_limit()
    rows = []
    for name in args.scenarios.split(","):
        rows.append(summary(scenario(name.strip().upper(), args)))
        log(f"{name}: {to_json(rows[-1])}")
    if args.json:
        print(to_json({"watchers": rows}))
    else:
        print_table(rows, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
