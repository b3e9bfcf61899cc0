"""Third-party bots over real HTTP on loopback: the example SSE client, webhook bots (signed,
allow-listed, with a recorded fallback), stream resumption and replay jobs."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any

import pytest
import redis
from rq import SimpleWorker
from werkzeug.serving import make_server

from api.app import create_app
from events.config import Settings
from events.redis_server import free_port
from examples import sse_bot
from tests.http import claim_seats_at
from workers import runtime

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"


@pytest.fixture
def live(redis_client: redis.Redis, monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Any]]:
    monkeypatch.setenv("TRICKLOG_WEBHOOK_ALLOW", "127.0.0.1/32")
    monkeypatch.setenv("TRICKLOG_WEBHOOK_TIMEOUT", "5")
    monkeypatch.setenv("TRICKLOG_WEBHOOK_SUSPEND_AFTER", "0")  # every call made, none suspended
    app = create_app(Settings.from_env(redis_url="unused"), client=redis_client)
    runtime.configure(app.extensions["tricklog.referee"])
    port = free_port()
    server = make_server("127.0.0.1", port, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    queue = app.extensions["tricklog.queue"]
    webhooks = app.extensions["tricklog.referee"].on_turn.webhooks

    def work() -> None:
        SimpleWorker([queue, webhooks], connection=redis_client,
                     serializer=queue.serializer).work(burst=True, max_jobs=20_000)

    yield {"base": f"http://127.0.0.1:{port}", "app": app, "work": work}
    server.shutdown()
    runtime.configure(None)


def post(base: str, path: str, body: Any, token: str | None = None) -> Any:
    return sse_bot.call(base, "POST", path, token or "", body)


def test_the_example_sse_client_plays_whole_matches(live: dict[str, Any]) -> None:
    base = live["base"]
    created = post(base, "/v1/matches", {"ruleset": "sedma", "players": 2, "seed": "sse",
                                         "options": {"target_stakes": 2},
                                         "seats": [{"name": "a"}, {"name": "b"}]})
    tokens = {i["seat"]: sse_bot.claim(base, created["id"], i["seat"], i["code"])
              for i in created["invites"]}
    results: dict[int, Any] = {}
    threads = [threading.Thread(target=lambda s=s, t=t: results.__setitem__(
        s, sse_bot.play_match(base, created["id"], t, s))) for s, t in tokens.items()]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert results[0]["status"] == results[1]["status"] == "over"


def test_the_stream_resumes_from_last_event_id(live: dict[str, Any]) -> None:
    base = live["base"]
    created = post(base, "/v1/matches", {"ruleset": "sedma", "players": 2, "seed": "resume",
                                         "seats": [{"name": "a"}, {"name": "b"}],
                                         "creator_seat": 0})
    deal, token = created["deal"]["id"], created["tokens"][0]["token"]
    first = next(sse_bot.frames(base, deal, token, after=None))
    assert first[0] == "view" and first[1]["seq"] == 1 and first[1]["seat"] == 0
    import urllib.request

    req = urllib.request.Request(f"{base}/v1/deals/{deal}/stream?last_event_id=0",
                                 headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(req, timeout=10) as resp:
        head = [resp.readline().decode() for _ in range(3)]
    assert head[0] == "event: event\n" and head[1] == "id: 1\n"
    dealt = json.loads(head[2][6:])
    assert dealt["type"] == "dealt" and dealt["data"]["hands"][1] is None  # redacted


class Webhook(BaseHTTPRequestHandler):
    secret = ""
    mode = "first"
    seen: list[bool] = []

    def do_POST(self) -> None:  # noqa: N802 - the http.server API
        body = self.rfile.read(int(self.headers["Content-Length"]))
        expected = "sha256=" + hmac.new(self.secret.encode(), body, hashlib.sha256).hexdigest()
        Webhook.seen.append(hmac.compare_digest(expected, self.headers["X-Tricklog-Signature"]))
        legal = json.loads(body)["legal_moves"]
        answer = {"move": legal[0]} if self.mode == "first" else {"move": {"type": "bid",
                                                                           "value": 99}}
        self.send_response(200)
        self.end_headers()
        self.wfile.write(json.dumps(answer).encode())

    def log_message(self, *args: Any) -> None:
        return


@pytest.mark.parametrize("mode", ["first", "illegal"])
def test_a_webhook_bot_plays_a_match(live: dict[str, Any], mode: str) -> None:
    hook = HTTPServer(("127.0.0.1", free_port()), Webhook)
    threading.Thread(target=hook.serve_forever, daemon=True).start()
    try:
        bot = post(live["base"], "/v1/bots", {"name": "hooky",
                                              "url": f"http://127.0.0.1:{hook.server_port}/"})
        Webhook.secret, Webhook.mode, Webhook.seen = bot["secret"], mode, []
        created = post(live["base"], "/v1/matches", {
            "ruleset": "sedma", "players": 2, "seed": f"hook-{mode}",
            "options": {"target_stakes": 1},
            "seats": [{"name": "hook", "bot": bot["id"]}, {"name": "r", "bot": "random"}]})
        live["work"]()
        match = sse_bot.call(live["base"], "GET", f"/v1/matches/{created['id']}", "")
        assert match["status"] == "over" and Webhook.seen and all(Webhook.seen)
        events = sse_bot.call(live["base"], "GET", f"/v1/deals/{created['deal']['id']}/events",
                              "")["events"]
        mine = [e for e in events if e["seat"] == 0]
        fallbacks = [e for e in mine if e["command_id"].startswith("bot-fallback:")]
        if mode == "first":
            assert mine and not fallbacks
        else:
            assert fallbacks and all(e["command_id"].startswith("bot-fallback:illegal:")
                                     for e in fallbacks)
    finally:
        hook.shutdown()


def test_webhook_urls_outside_the_allowlist_are_refused(live: dict[str, Any]) -> None:
    import urllib.error

    for url, code in (("http://10.0.0.1/", 403), ("file:///etc/passwd", 422),
                      ("http://169.254.169.254/", 403)):
        with pytest.raises(urllib.error.HTTPError) as err:
            post(live["base"], "/v1/bots", {"name": "evil", "url": url})
        assert err.value.code == code


def test_a_replay_job_gives_every_event_with_the_state_after_it(live: dict[str, Any]) -> None:
    base = live["base"]
    created = post(base, "/v1/matches", {
        "ruleset": "sedma", "players": 2, "seed": "replay", "options": {"target_stakes": 1},
        "seats": [{"name": "a", "bot": "heuristic"}, {"name": "b", "bot": "random"}]})
    live["work"]()
    deal = created["deal"]["id"]
    job = post(base, f"/v1/deals/{deal}/replays", {})
    live["work"]()
    done = sse_bot.call(base, "GET", f"/v1/jobs/{job['id']}", "")
    steps = done["result"]["steps"]
    assert done["status"] == "finished" and done["progress"]["done"] == len(steps)
    assert done["result"]["omniscient"] and steps[-1]["state"]["phase"] == "over"
    assert [s["event"]["seq"] for s in steps] == list(range(1, len(steps) + 1))
    assert all(len(s["state"]["hands"]) == 2 for s in steps)


def test_the_readmes_trained_policy_commands_work_from_a_checkout(
        live: dict[str, Any], tmp_path: Path) -> None:
    """README's two commands, as a user runs them from the checkout's root (the project
    installed, ``examples`` not): train a policy, then let sse_bot play a seat with it."""
    block = README.read_text().split("does the whole trip", 1)[1].split("```sh", 1)[1]
    policy_arg = re.search(r"--policy (\S+)", block.split("```", 1)[0])
    assert policy_arg is not None
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # a user's shell
    env["TRICKLOG_POLICY"] = str(tmp_path / "policy.npz")
    trained = subprocess.run([sys.executable, "examples/pettingzoo_policy.py", "--preset",
                              "sedma", "--players", "2", "--episodes", "3", "--out",
                              env["TRICKLOG_POLICY"]], cwd=ROOT, env=env, capture_output=True,
                             text=True, timeout=300)
    assert trained.returncode == 0, trained.stderr
    base = live["base"]
    created = post(base, "/v1/matches", {"ruleset": "sedma", "players": 2, "seed": "policy",
                                         "options": {"target_stakes": 1},
                                         "seats": [{"name": "a"}, {"name": "b"}]})
    seated = claim_seats_at(base, created)
    other = threading.Thread(target=sse_bot.play_match, daemon=True,
                             args=(base, created["id"], seated[0]))
    other.start()
    played = subprocess.run([sys.executable, "examples/sse_bot.py", "--base", base, "--match",
                             created["id"], "--token", seated[1],
                             "--policy", policy_arg.group(1)], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=300)
    assert played.returncode == 0, played.stderr
    assert json.loads(played.stdout)["status"] == "over"
    other.join(60)


def test_the_end_frame_names_the_next_deal(live: dict[str, Any],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """``event: end`` carries ``{"next_deal": id}`` while the match goes on and
    ``{"next_deal": null}`` once it is over; the example bot follows it, asking for the match
    only at the start and the end, not once (or more) per deal."""
    base = live["base"]
    created = post(base, "/v1/matches", {"ruleset": "sedma", "players": 2, "seed": "ends",
                                         "options": {"target_stakes": 4},
                                         "seats": [{"name": "a"}, {"name": "b"}]})
    asked: dict[str, int] = {}
    plain_call = sse_bot.call

    def counting(base: str, method: str, path: str, token: str, body: Any = None) -> Any:
        if method == "GET" and path == f"/v1/matches/{created['id']}":
            asked[token] = asked.get(token, 0) + 1
        return plain_call(base, method, path, token, body)

    seated = claim_seats_at(base, created)
    monkeypatch.setattr(sse_bot, "call", counting)
    results: dict[int, Any] = {}
    threads = [threading.Thread(target=lambda s=s, t=t: results.__setitem__(
        s, sse_bot.play_match(base, created["id"], t, s))) for s, t in seated.items()]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    match = plain_call(base, "GET", f"/v1/matches/{created['id']}", "")
    assert match["status"] == "over" and results[0]["status"] == "over"
    ids = [d["id"] for d in match["deals"]]
    assert len(ids) >= 2, ids
    token = seated[0]
    for deal, following in zip(ids, [*ids[1:], None], strict=True):
        kind, data = list(sse_bot.frames(base, deal, token, after=None))[-1]
        assert (kind, data) == ("end", {"next_deal": following})
    assert max(asked.values()) <= 2, asked


def test_the_example_bot_retries_a_lost_move_with_its_key(live: dict[str, Any],
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """The example bot's moves carry an ``Idempotency-Key``; when a move's answer is lost
    (the server made it, the connection dropped) the bot posts it again with the same key and
    gets the move it made, not a 409 for its own move (issue 32 item 7)."""
    base = live["base"]
    created = post(base, "/v1/matches", {"ruleset": "sedma", "players": 2, "seed": "lost",
                                         "creator_seat": 0,
                                         "seats": [{"name": "a"}, {"name": "b"}]})
    deal, token = created["deal"]["id"], created["tokens"][0]["token"]
    view = sse_bot.call(base, "GET", f"/v1/deals/{deal}", token)
    if view["turn"] != 0:
        pytest.skip("seat 1 leads under this seed")  # the seed is fixed: never skipped
    keys: list[str | None] = []
    plain_send = sse_bot.send

    def losing(base: str, method: str, path: str, token: str, body: Any = None,
               extra: dict[str, str] | None = None) -> Any:
        answer = plain_send(base, method, path, token, body, extra)
        if path.endswith("/moves"):
            keys.append((extra or {}).get("Idempotency-Key"))
            if len(keys) == 1:
                raise ConnectionResetError("the answer was lost")
        return answer

    monkeypatch.setattr(sse_bot, "send", losing)
    monkeypatch.setattr(sse_bot.time, "sleep", lambda _: None)
    move = {**view["legal_moves"][0], "expected_seq": view["seq"]}
    answer = sse_bot.post_move(base, deal, token, move)
    assert len(keys) == 2 and keys[0] and keys[0] == keys[1]
    assert answer["view"]["seq"] == view["seq"] + 1
    assert sse_bot.call(base, "GET", f"/v1/deals/{deal}", "")["seq"] == view["seq"] + 1
