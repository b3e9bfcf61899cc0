"""compose.yaml as an operator runs it (issue 34): the images built from this checkout
(deploy/build-images.sh, as ``make image``), the whole project started with podman-compose under
a project name of its own on a free port, a bot deal and a person's move played through the
proxy, the API container's process killed and the container seen to come back, everything
removed at the end.

Needs podman and podman-compose: where they are missing the test installs them as root with
apt-get (deploy/setup-podman.sh); otherwise it is skipped and says why."""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from events.redis_server import free_port
from tests.e2e.test_serve import wait_until

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.xdist_group("containers"),  # its module fixture, once
               pytest.mark.slow, pytest.mark.containers]


def podman_missing() -> str | None:
    """Why the test cannot run here, or None once podman is there (installed if need be)."""
    tools = ("podman", "podman-compose", "mmdebstrap")
    if all(shutil.which(t) for t in tools) and Path("/etc/containers/containers.conf").exists():
        return None
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        return "no podman/podman-compose/mmdebstrap, and not root with apt-get to install them"
    done = subprocess.run([ROOT / "deploy" / "setup-podman.sh"], capture_output=True, text=True,
                          timeout=900)
    return None if done.returncode == 0 else f"deploy/setup-podman.sh failed: {done.stderr}"


@pytest.fixture(scope="module")
def images() -> None:
    reason = podman_missing()
    if reason:
        pytest.skip(reason)
    subprocess.run([ROOT / "deploy" / "build-images.sh"], check=True, timeout=1200,
                   env={**os.environ, "PYTHON": sys.executable})


class Project:
    """One compose project: its name, port and environment, and podman-compose run on it."""

    def __init__(self, directory: Path) -> None:
        self.name = f"tle2e{os.getpid()}"
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        # a copy of compose.yaml in a directory of its own: podman-compose 1.0 lets a .env next
        # to the file override the environment, and an operator's .env may be in the checkout
        shutil.copy(ROOT / "compose.yaml", directory / "compose.yaml")
        self.directory = directory
        self.env = {**os.environ, "TRICKLOG_HTTP_PORT": str(self.port),
                    "TRICKLOG_REDIS_PASSWORD": secrets.token_hex(16),
                    "TRICKLOG_BOT_MIN_THINK": "0"}

    def compose(self, *args: str) -> str:
        done = subprocess.run(["podman-compose", "-p", self.name, *args], cwd=self.directory,
                              env=self.env, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stdout + done.stderr
        return done.stdout

    def container(self, service: str) -> str:
        return f"{self.name}_{service}_1"


@pytest.fixture
def project(images: None, tmp_path: Path) -> Iterator[Project]:
    project = Project(tmp_path)
    try:
        project.compose("up", "-d", "--no-build")
        yield project
    finally:
        logs = subprocess.run(["podman", "logs", "--tail", "30", project.container("api")],
                              capture_output=True, text=True).stdout
        project.compose("down", "-v")
        # podman-compose 1.0 leaves the project's network behind
        subprocess.run(["podman", "network", "rm", "-f", f"{project.name}_default"],
                       capture_output=True)
        print(logs)  # shown when the test failed


def call(base: str, method: str, path: str, body: Any = None, token: str = "") -> Any:
    req = urllib.request.Request(base + path, method=method,
                                 data=None if body is None else json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.loads(resp.read())


def healthy(base: str) -> bool:
    try:
        return bool(call(base, "GET", "/healthz")["status"] == "ok")
    except urllib.error.HTTPError:  # 502 from the proxy while the API starts
        return False


def state(name: str) -> dict[str, Any]:
    out = subprocess.run(["podman", "inspect", name, "--format", "{{json .State}}"],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)  # type: ignore[no-any-return]


def bot_deal_and_a_move(base: str, seed: str) -> None:
    """A match of four bots plays by itself to its end; in a match with a person's seat, that
    person's move is accepted through the proxy and the bots answer it."""
    bots = call(base, "POST", "/v1/matches", {
        "ruleset": "sedma", "players": 4, "options": {"target_stakes": 1}, "seed": seed,
        "seats": [{"name": f"bot{i}", "bot": "random"} for i in range(4)]})
    over = wait_until(lambda: (m := call(base, "GET", f"/v1/matches/{bots['id']}"))
                      ["status"] == "over" and m, 120)
    assert max(over["totals"]) >= 1
    created = call(base, "POST", "/v1/matches", {
        "ruleset": "sedma", "players": 4, "seed": seed, "creator_seat": 0,
        "seats": [{"name": "Ana"}, *({"name": f"bot{i}", "bot": "random"} for i in (1, 2, 3))]})
    token = created["tokens"][0]["token"]
    deal = wait_until(lambda: call(base, "GET", f"/v1/matches/{created['id']}")["deals"], 30)
    mine = wait_until(lambda: (v := call(base, "GET", f"/v1/deals/{deal[-1]['id']}",
                                         token=token))["turn"] == 0 and v, 60)
    stream = urllib.request.urlopen(urllib.request.Request(
        f"{base}/v1/deals/{deal[-1]['id']}/stream", headers={
            "Authorization": f"Bearer {token}", "Last-Event-ID": str(mine["seq"])}), timeout=30)
    with stream:
        moved = call(base, "POST", f"/v1/deals/{deal[-1]['id']}/moves", mine["legal_moves"][0],
                     token=token)
        assert moved["view"]["turn"] != 0
        # the move's frame comes through the proxy at once, not when a buffer fills
        assert next_frame_id(stream, "event") == mine["seq"] + 1
    wait_until(lambda: call(base, "GET", f"/v1/deals/{deal[-1]['id']}", token=token)
               ["turn"] == 0, 60)  # the three bots played after it


def next_frame_id(stream: Any, kind: str) -> int:
    """The ``id:`` of the next Server-Sent Events frame of that kind on an open stream."""
    frame: dict[str, str] = {}
    for raw in stream:
        line = raw.decode().rstrip("\n")
        if line:
            name, _, value = line.partition(":")
            frame[name] = value.strip()
        elif frame.get("event") == kind:
            return int(frame["id"])
        else:
            frame = {}
    raise AssertionError("the stream ended")


def test_compose_serves_through_the_proxy_and_the_api_comes_back(project: Project) -> None:
    base = project.base
    assert wait_until(lambda: healthy(base), 90)
    bot_deal_and_a_move(base, "containers-1")
    api = project.container("api")
    # the API's main process dies as in a crash or at the OOM killer's hand (`podman kill` would
    # not do: podman 4 counts it as a stop by the operator, which no restart policy undoes)
    before = state(api)
    os.kill(before["Pid"], signal.SIGKILL)
    wait_until(lambda: (now := state(api))["Running"] and now["Pid"] != before["Pid"], 60)
    assert wait_until(lambda: healthy(base), 90)
    bot_deal_and_a_move(base, "containers-2")
    redis_keeps_its_log_behind_a_password(project, base)
    # the proxy answers with a request-header timeout: a client that never ends its head is
    # dropped, not held
    with socket.create_connection(("127.0.0.1", project.port), timeout=30) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        answer = sock.recv(100)  # nginx's default would hold it for 60 s: a timeout here
    assert answer == b"" or answer.startswith(b"HTTP/1.1 408")


def redis_keeps_its_log_behind_a_password(project: Project, base: str) -> None:
    """Redis answers no one without the password, appends to its AOF, and a Redis that dies
    comes back with every match (the named volume)."""
    redis = project.container("redis")
    cli = ["podman", "exec", redis, "redis-cli", "--no-auth-warning"]
    refused = subprocess.run([*cli, "DBSIZE"], capture_output=True, text=True).stdout
    assert "NOAUTH" in refused
    authed = [*cli, "-a", project.env["TRICKLOG_REDIS_PASSWORD"]]
    aof = subprocess.run([*authed, "CONFIG", "GET", "appendonly"], capture_output=True,
                         text=True).stdout.split()
    assert aof == ["appendonly", "yes"]
    matches = call(base, "GET", "/v1/matches")
    before = state(redis)
    os.kill(before["Pid"], signal.SIGKILL)
    wait_until(lambda: (now := state(redis))["Running"] and now["Pid"] != before["Pid"], 60)
    assert wait_until(lambda: healthy(base), 60)
    assert call(base, "GET", "/v1/matches") == matches


def test_podman_stop_is_clean(images: None) -> None:
    """SIGTERM stops ``serve`` (gunicorn, a worker, the embedded Redis) within podman's 10 s,
    with exit status 0."""
    name = f"tlstop{os.getpid()}"
    subprocess.run(["podman", "run", "-d", "--name", name, "localhost/tricklog"], check=True,
                   capture_output=True)
    try:
        wait_until(lambda: subprocess.run(
            ["podman", "exec", name, "python3", "-c", "import urllib.request; urllib.request."
             "urlopen('http://127.0.0.1:8000/healthz', timeout=2)"],
            capture_output=True).returncode == 0, 60)
        subprocess.run(["podman", "stop", "--time", "10", name], check=True, capture_output=True)
        assert state(name)["ExitCode"] == 0  # 137 had podman needed SIGKILL after the 10 s
    finally:
        subprocess.run(["podman", "rm", "-f", name], capture_output=True)
