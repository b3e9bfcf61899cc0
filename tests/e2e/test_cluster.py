"""Scale-out on a real local Redis Cluster: three masters hold the events, a separate plain
Redis holds the RQ queue, two API processes and two workers share the work; every log is then
audited."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from events.config import connect
from events.redis_cluster import LocalCluster
from events.redis_server import RedisServer, free_port
from events.referee import Referee, audits, matches
from events.store import EventStore
from examples.sse_bot import call
from tests.e2e.test_serve import wait_until
from tests.http import claim_seats_at
from tricklog_cli import GUNICORN_ARGS

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_two_apis_and_two_workers_on_a_cluster(tmp_path: Path) -> None:
    with LocalCluster(tmp_path / "cluster") as cluster, RedisServer(tmp_path / "queue") as queue:
        env = {k: v for k, v in os.environ.items() if not k.startswith("TRICKLOG_")}
        env.update(TRICKLOG_REDIS_URL=cluster.url, TRICKLOG_QUEUE_URL=queue.url,
                   TRICKLOG_BOT_MIN_THINK="0", PYTHONPATH=str(ROOT))
        ports = [free_port(), free_port()]
        procs = [subprocess.Popen([sys.executable, "-m", "gunicorn", "-b", f"127.0.0.1:{p}",
                                   "-w", "1", *GUNICORN_ARGS, "api.wsgi:app"], cwd=ROOT,
                                  env=env, stderr=subprocess.DEVNULL) for p in ports]
        procs += [subprocess.Popen([sys.executable, "-m", "tricklog_cli", "worker"], cwd=ROOT,
                                   env=env, stderr=subprocess.DEVNULL) for _ in range(2)]
        apis = [f"http://127.0.0.1:{p}" for p in ports]
        try:
            for api in apis:
                wait_until(lambda a=api: call(a, "GET", "/healthz", "")["status"] == "ok", 30)
            bot_matches = [call(apis[i % 2], "POST", "/v1/matches", "", {
                "ruleset": preset, "players": 4, "seed": f"cluster-{i}",
                "options": options, "seats": [{"name": f"b{s}", "bot": "random"}
                                              for s in range(4)]})
                for i, (preset, options) in enumerate([
                    ("sedma", {"target_stakes": 2}), ("sueca", {"target": 2}),
                    ("sedmice", {"target": 60}), ("hola", {"target": 60})])]
            human = call(apis[0], "POST", "/v1/matches", "", {
                "ruleset": "sedma", "players": 2, "seed": "cluster-human",
                "options": {"target_stakes": 1}, "seats": [{"name": "a"}, {"name": "b"}]})
            tokens = claim_seats_at(apis[1], human)
            rng, n = random.Random(0), 0
            deal = human["deal"]["id"]
            while (view := call(apis[n % 2], "GET", f"/v1/deals/{deal}", ""))["turn"] is not None:
                token = tokens[view["turn"]]
                mine = call(apis[(n + 1) % 2], "GET", f"/v1/deals/{deal}", token)
                call(apis[n % 2], "POST", f"/v1/deals/{deal}/moves", token,
                     rng.choice(mine["legal_moves"]))
                n += 1
            for match in [*bot_matches, human]:
                wait_until(lambda m=match: call(apis[0], "GET", f"/v1/matches/{m['id']}", "")
                           ["status"] == "over", 120)
            referee = Referee(EventStore(connect(cluster.url)))
            audited = 0
            for match in [*bot_matches, human]:
                for summary in matches.get(referee, match["id"])["deals"]:
                    report = audits.audit_stored(referee, summary["id"])
                    assert report.ok, report.to_text()
                    audited += 1
            assert audited >= 5
        finally:
            for proc in procs:
                proc.send_signal(signal.SIGTERM)
            for proc in procs:
                try:
                    proc.wait(15)
                except subprocess.TimeoutExpired:
                    proc.kill()
            time.sleep(0.1)
