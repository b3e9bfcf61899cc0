"""``examples/sse_bot.post_move`` sends a move again with the same ``Idempotency-Key`` when
its answer is lost, however it is lost: the connection reset before an answer, or an answer cut
short in its body (issue 32 item 14: a gunicorn worker killed while it writes)."""

from __future__ import annotations

import http.server
import json
import threading
from collections.abc import Iterator

import pytest

from examples import sse_bot

ANSWER = json.dumps({"view": {"seq": 7}, "events": []}).encode()


class Flaky(http.server.BaseHTTPRequestHandler):
    """First POST: the connection dropped with no answer; second: an answer cut short in
    its body; then the whole answer. Every key it was sent is kept."""

    keys: list[str] = []

    def do_POST(self) -> None:  # noqa: N802 - http.server's name
        self.rfile.read(int(self.headers["Content-Length"]))
        self.keys.append(self.headers["Idempotency-Key"])
        if len(self.keys) == 1:
            self.close_connection = True
            return
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(ANSWER)))
        self.end_headers()
        self.wfile.write(ANSWER if len(self.keys) > 2 else ANSWER[:10])
        self.close_connection = True

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def base() -> Iterator[str]:
    Flaky.keys = []
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Flaky)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()


def test_a_lost_or_cut_answer_is_asked_again_with_the_same_key(
        base: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sse_bot.time, "sleep", lambda s: None)
    answer = sse_bot.post_move(base, "d1", "token", {"type": "play", "card": "AS"})
    assert answer["view"]["seq"] == 7
    assert len(Flaky.keys) == 3 and len(set(Flaky.keys)) == 1 and Flaky.keys[0]
