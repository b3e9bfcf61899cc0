"""A chaos run (issue 32): ``tricklog serve`` under faults while matches are played.

All-bot matches (the workers play them) and human-seat tables (a client thread plays both
seats, every move with an ``Idempotency-Key`` and sent again with the same key while its
outcome is unknown) play while faults come at random moments, each kind in every round in a
random order: kill -9 of Redis, of the RQ worker, of one API process and of the gunicorn
master, Redis paused (SIGSTOP) for a few seconds, and a crowd of event streams filling the
connection pools (scripts/chaos_faults.py says how each is timed). At the end:

- every acknowledged move is in its deal's log exactly once, at the seqs its answer gave, and
  every command in every log was appended once; every log's hash chain is whole;
- every match has finished or is still playable (a human table takes a move; a bot match
  moves on);
- every finished deal passes its audit;
- the service reports healthy, and SIGTERM stops it with status 0.

It prints each fault as it comes and the recovery time per kind of fault (p50, max), and
exits 1 if any check failed. ``make chaos`` runs the full size; the suite runs ``--size small``
(tests/e2e/test_chaos.py). docs/RELIABILITY.md has the last full run's numbers.

    .venv/bin/python scripts/chaos.py --size full --seed 7
"""

from __future__ import annotations

import argparse
import http.client
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from chaos_check import check_all  # noqa: E402
from chaos_faults import Faults  # noqa: E402
from chaos_play import Http, Table, bot_match  # noqa: E402
from chaos_serve import Serve  # noqa: E402

from events.config import connect  # noqa: E402
from events.redis_server import free_port  # noqa: E402
from events.referee import Referee  # noqa: E402
from events.store import EventStore  # noqa: E402

SIZES = {  # bot matches live at once, human tables, rounds of every fault, API processes, ...
    "small": {"bots": 2, "tables": 2, "rounds": 1, "gap": (0.3, 1.0), "pause": 2.0,
              "crowd": 60, "workers": 2, "settle": 25.0},
    "full": {"bots": 6, "tables": 8, "rounds": 5, "gap": (1.0, 5.0), "pause": 4.0,
             "crowd": 400, "workers": 4, "settle": 120.0},
}


class Run:
    """One chaos run: the service, the players and what they did."""

    def __init__(self, size: dict, data: Path, seed: int) -> None:
        self.size, self.rng, self.started = size, random.Random(seed), time.monotonic()
        self.serve = Serve(data, free_port(), size["workers"])
        self.web = Http(self.serve.port)
        self.stop = threading.Event()
        self.bots: list[str] = []
        self.tables = [Table(self.web, n, seed) for n in range(size["tables"])]
        self.threads: list[threading.Thread] = []
        self.recoveries: dict[str, list[float]] = {}

    def say(self, text: str) -> None:
        print(f"[{time.monotonic() - self.started:6.1f} s] {text}", flush=True)

    def live_bot_deals(self) -> list[str]:
        deals = []
        for match in list(self.bots):
            try:
                state = self.web.call("GET", f"/v1/matches/{match}")[1]
            except (OSError, http.client.HTTPException):
                continue
            if isinstance(state, dict) and state.get("status") == "playing":
                deals.append(state["deals"][-1]["id"])
        return deals

    def keep_bots_playing(self) -> None:
        """Start a new bot match whenever one is over, so the workers always have play."""
        while not self.stop.is_set():
            try:
                live = len(self.live_bot_deals())
                for _ in range(self.size["bots"] - live):
                    self.bots.append(bot_match(self.web, len(self.bots)))
            except (OSError, http.client.HTTPException, AssertionError, KeyError):
                pass  # a fault: try again in a moment
            self.stop.wait(1.0)

    def start_play(self) -> None:
        targets = [self.keep_bots_playing, *(lambda t=t: t.play(self.stop) for t in self.tables)]
        self.threads = [threading.Thread(target=target, daemon=True) for target in targets]
        for thread in self.threads:
            thread.start()

    def inject(self, faults: Faults) -> None:
        kinds = list(faults.all())
        for round_ in range(1, self.size["rounds"] + 1):
            self.rng.shuffle(kinds)
            for kind in kinds:
                faults.whole()
                time.sleep(self.rng.uniform(*self.size["gap"]))
                healed = faults.all()[kind]()
                self.recoveries.setdefault(kind, []).append(healed)
                self.say(f"round {round_}: {kind}: healed after {healed:.2f} s")

    def finish_play(self) -> list[str]:
        """Stop the clients; wait for the bot matches; what is not playable any more."""
        self.stop.set()
        for thread in self.threads:
            thread.join(120)
        self.serve.wait_healthy(60)
        deadline = time.monotonic() + self.size["settle"]
        while self.live_bot_deals() and time.monotonic() < deadline:
            time.sleep(0.5)
        stuck = []
        faults = Faults(self.serve, self.web, self.live_bot_deals, 0, 0)
        before = faults.bot_seqs()
        if before:  # still playing: they must move on (a lost turn is swept after 15 s)
            time.sleep(20)
            after = faults.bot_seqs()
            stuck += [d for d, seq in before.items() if d in after and after[d] <= seq]
        for table in self.tables:
            stuck += [m for m in table.matches if not table.playable(m)]
        return stuck

    def deals(self) -> list[str]:
        matches = self.bots + [m for t in self.tables for m in t.matches]
        return [d["id"] for m in matches for d in self.web.read(f"/v1/matches/{m}")["deals"]]


def report(run: Run) -> None:
    print("\nrecovery per kind of fault (seconds):")
    print(f"{'fault':<18}{'n':>4}{'p50':>9}{'max':>9}")
    for kind, times in sorted(run.recoveries.items()):
        print(f"{kind:<18}{len(times):>4}{statistics.median(times):>9.2f}{max(times):>9.2f}")


def verify(run: Run, notes: list[str]) -> list[str]:
    wrong = list(notes)
    stuck = run.finish_play()
    wrong += [f"{m}: neither finished nor playable" for m in stuck]
    acked = [a for t in run.tables for a in t.acked]
    deals = run.deals()
    referee = Referee(EventStore(connect(run.serve.store_url())))
    found, audited = check_all(referee, deals, acked)
    wrong += found + [e for t in run.tables for e in t.errors]
    if not acked or not run.bots:
        wrong.append("nothing was played: no acknowledged move or no bot match")
    if not run.serve.healthy():
        wrong.append("the service does not report healthy at the end")
    lost = [m for t in run.tables for m in t.lost_claims]
    if lost:  # not a check of this run: a known gap, reported
        run.say(f"note: {len(lost)} seat claims landed with their answer lost (a claim takes "
                f"no Idempotency-Key, so its retry is 409 invite-used): {lost}")
    retried = sum(t.retried for t in run.tables)
    unknown = sum(t.unknown for t in run.tables)
    run.say(f"{len(acked)} acknowledged human moves ({retried} sent again with their key, "
            f"{unknown} given up unknown), {len(run.bots)} bot matches, {len(deals)} deals; "
            f"{audited} finished deals audit clean; stuck: {len(stuck)}")
    return wrong


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=(
        "Exit status 0 when every check holds, 1 otherwise. Sizes: " + "; ".join(
            f"{k}: {v['bots']} bot matches, {v['tables']} human tables, {v['rounds']} "
            f"round(s) of the 6 faults" for k, v in SIZES.items())))
    parser.add_argument("--size", choices=sorted(SIZES), default="full",
                        help="full (the default: about 5 minutes) or small (about 40 s, what "
                        "the suite runs)")
    parser.add_argument("--seed", type=int, default=1, help="the faults' order and moments")
    parser.add_argument("--data", type=Path, help="where serve keeps its data and log "
                        "(default: a temporary directory, removed at the end)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="tricklog-chaos-") as tmp:
        return chaos(SIZES[args.size], args.data or Path(tmp), args.seed)


def chaos(size: dict, data: Path, seed: int) -> int:
    run = Run(size, data, seed)
    code: int | None = None
    try:
        run.say(f"tricklog serve on port {run.serve.port}: healthy after "
                f"{run.serve.wait_healthy(120):.1f} s")
        run.start_play()
        time.sleep(2.0)
        faults = Faults(run.serve, run.web, run.live_bot_deals, size["pause"], size["crowd"])
        run.inject(faults)
        wrong = verify(run, faults.notes)
        report(run)
    finally:
        run.stop.set()
        code = run.serve.stop()
    if code != 0:
        wrong.append(f"SIGTERM: tricklog serve exited with {code}")
    for line in wrong:
        print("FAIL", line)
    print("chaos: " + ("every check held" if not wrong else f"{len(wrong)} checks failed"))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
