"""Edge input over real HTTP (gunicorn as ``tricklog serve`` runs it, on a Redis the tests
start): each answer asserted, and the deal's log unchanged by every refused request."""

from __future__ import annotations

import gzip
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest

from events.redis_server import RedisServer, free_port
from tests.e2e.test_serve import ROOT
from tests.http import claim_seats_at
from tricklog_cli import GUNICORN_ARGS

pytestmark = pytest.mark.xdist_group("edge-input-server")  # its module-scoped fixture, set up once

PROBLEM = "application/problem+json"


@pytest.fixture(scope="module")
def server(redis_server: RedisServer) -> Iterator[tuple[str, int]]:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRICKLOG_")}
    env.update(TRICKLOG_REDIS_URL=redis_server.url, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "--bind", f"127.0.0.1:{port}",
                             "--workers", "1", *GUNICORN_ARGS, "api.wsgi:app"], cwd=ROOT,
                            env=env, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if request(("127.0.0.1", port), "GET", "/healthz")[0] == 200:
                    break
            except OSError:
                time.sleep(0.1)
        yield "127.0.0.1", port
    finally:  # a test server: no graceful stop (an open event stream would hold it 5 s)
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def request(addr: tuple[str, int], method: str, path: str, body: bytes | None = None,
            headers: dict[str, str] | None = None) -> tuple[int, str, Any]:
    conn = http.client.HTTPConnection(*addr, timeout=10)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        resp = conn.getresponse()
        data = resp.read()
        kind = resp.getheader("Content-Type", "")
        return resp.status, kind, json.loads(data) if "json" in kind else data
    finally:
        conn.close()


def raw(addr: tuple[str, int], data: bytes, half_close: bool = False
        ) -> tuple[int, str, dict[str, Any]]:
    """Send bytes as they are (then, with ``half_close``, close the sending half); the status
    line, Content-Type and JSON body of the answer."""
    with socket.create_connection(addr, timeout=10) as sock:
        sock.sendall(data)
        if half_close:
            sock.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    kind = next(v.strip() for k, _, v in (h.partition(":") for h in lines[1:])
                if k.lower() == "content-type")
    return int(lines[0].split()[1]), kind, json.loads(body)


@pytest.fixture
def deal(server: tuple[str, int]) -> dict[str, Any]:
    status, _, created = request(server, "POST", "/v1/matches", json.dumps({
        "ruleset": "sedma", "players": 2, "seed": f"edge-{time.monotonic_ns()}",
        "seats": [{"name": "a"}, {"name": "b"}]}).encode(), {"Content-Type": "application/json"})
    assert status == 201
    deal_id = created["deal"]["id"]
    view = request(server, "GET", f"/v1/deals/{deal_id}")[2]
    token = claim_seats_at(f"http://{server[0]}:{server[1]}", created)[view["turn"]]
    mine = request(server, "GET", f"/v1/deals/{deal_id}", headers=bearer(token))[2]
    return {"id": deal_id, "seq": view["seq"], "token": token, "hand": mine["hand"],
            "path": f"/v1/deals/{deal_id}/moves"}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def seq(server: tuple[str, int], deal: dict[str, Any]) -> int:
    return request(server, "GET", f"/v1/deals/{deal['id']}")[2]["seq"]  # type: ignore[no-any-return]


def assert_problem(answer: tuple[int, str, Any], status: int, slug: str) -> dict[str, Any]:
    code, kind, body = answer
    assert (code, kind) == (status, PROBLEM), body
    assert body["type"] == f"/problems/{slug}" and body["status"] == status and body["detail"]
    return body  # type: ignore[no-any-return]


def post_move(server: tuple[str, int], deal: dict[str, Any], body: bytes,
              **headers: str) -> tuple[int, str, Any]:
    return request(server, "POST", deal["path"], body, {
        "Content-Type": "application/json", **bearer(deal["token"]), **headers})


@pytest.mark.parametrize("header", [b"\xb2", b"\xc2\xb2", b"12a", b"-1", b"+1", b"1.0", b"0x1"])
def test_a_last_event_id_that_is_not_ascii_digits_is_422(server: tuple[str, int],
                                                          deal: dict[str, Any],
                                                          header: bytes) -> None:
    path = f"/v1/deals/{deal['id']}/stream".encode()
    answer = raw(server, b"GET " + path + b" HTTP/1.1\r\nHost: localhost\r\nLast-Event-ID: "
                 + header + b"\r\nConnection: close\r\n\r\n")
    assert assert_problem(answer, 422, "validation")["field"] == "Last-Event-ID"
    query = assert_problem(request(server, "GET", f"/v1/deals/{deal['id']}/stream"
                                   "?last_event_id=%C2%B2"), 422, "validation")
    assert query["field"] == "last_event_id"
    assert seq(server, deal) == deal["seq"]


def test_a_last_event_id_above_the_seq_streams_from_the_current_view(
        server: tuple[str, int], deal: dict[str, Any]) -> None:
    conn = http.client.HTTPConnection(*server, timeout=10)
    conn.request("GET", f"/v1/deals/{deal['id']}/stream",
                 headers={**bearer(deal["token"]), "Last-Event-ID": "99999999999999999999999"})
    resp = conn.getresponse()
    assert resp.status == 200
    first = [resp.readline() for _ in range(3)]
    assert first[0] == b"event: view\n" and first[1] == f"id: {deal['seq']}\n".encode()
    card = deal["hand"][0]
    assert post_move(server, deal, json.dumps({"type": "play", "card": card}).encode())[0] == 200
    resp.readline()
    after = [resp.readline() for _ in range(2)]  # the stream is not silenced: the move arrives
    assert after == [b"event: event\n", f"id: {deal['seq'] + 1}\n".encode()]
    conn.close()


def test_duplicate_keys_are_400(server: tuple[str, int], deal: dict[str, Any]) -> None:
    card = deal["hand"][0]
    body = f'{{"type": "stop", "type": "play", "card": "{card}"}}'.encode()
    problem = assert_problem(post_move(server, deal, body), 400, "bad-json")
    assert "'type'" in problem["detail"]
    nested = b'{"ruleset": "sedma", "seats": [{"name": "a", "name": "b"}], "players": 2}'
    assert_problem(request(server, "POST", "/v1/matches", nested,
                           {"Content-Type": "application/json"}), 400, "bad-json")
    assert seq(server, deal) == deal["seq"]


def chunked(path: str, token: str, body: bytes) -> bytes:
    chunks = b"".join(b"%x\r\n" % len(body[i:i + 8192]) + body[i:i + 8192] + b"\r\n"
                      for i in range(0, len(body), 8192))
    return (f"POST {path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer {token}\r\n"
            "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n"
            "Connection: close\r\n\r\n").encode() + chunks + b"0\r\n\r\n"


def test_a_body_over_the_limit_is_413_with_a_length_or_chunked(server: tuple[str, int],
                                                               deal: dict[str, Any]) -> None:
    move = json.dumps({"type": "play", "card": deal["hand"][0]}).encode()
    padded = move + b" " * 70_000  # valid JSON in its first 64 KiB: it used to be played
    assert_problem(post_move(server, deal, padded), 413, "too-large")
    assert_problem(raw(server, chunked(deal["path"], deal["token"], padded)), 413, "too-large")
    assert seq(server, deal) == deal["seq"]
    small = raw(server, chunked(deal["path"], deal["token"], move))  # a chunked move is fine
    assert small[0] == 200 and seq(server, deal) == deal["seq"] + 1


def test_an_idempotency_key_reused_with_another_move_is_422(server: tuple[str, int],
                                                            deal: dict[str, Any]) -> None:
    first = json.dumps({"type": "play", "card": deal["hand"][0]}).encode()
    other = json.dumps({"type": "play", "card": deal["hand"][1]}).encode()
    done = post_move(server, deal, first, **{"Idempotency-Key": "k-1"})
    assert done[0] == 200
    problem = assert_problem(post_move(server, deal, other, **{"Idempotency-Key": "k-1"}), 422,
                             "idempotency-key-reused")
    assert problem["field"] == "Idempotency-Key"
    # the same move again (keys in another order, the same canonical body): the first answer
    again = post_move(server, deal, json.dumps({"card": deal["hand"][0], "type": "play"})
                      .encode(), **{"Idempotency-Key": "k-1"})
    assert again[0] == 200 and again[2] == done[2]
    assert seq(server, deal) == deal["seq"] + 1


@pytest.mark.parametrize("card", ["{}\n", "{}\r", "{}\x00", " {}", "{}{}", "{}S"])
def test_card_codes_are_matched_to_the_end(server: tuple[str, int], deal: dict[str, Any],
                                           card: str) -> None:
    body = json.dumps({"type": "play", "card": card.replace("{}", deal["hand"][0])}).encode()
    assert assert_problem(post_move(server, deal, body), 422, "validation")["field"] == "card"
    assert seq(server, deal) == deal["seq"]


@pytest.mark.parametrize(("data", "status", "slug"), [
    (b"GET /" + b"a" * 5000 + b" HTTP/1.1\r\nHost: localhost\r\n\r\n", 414, "uri-too-long"),
    (b"GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: " + b"b" * 9000 + b"\r\n\r\n", 431,
     "headers-too-large"),
    (b"GET / HTTP/1.1\r\nHost: localhost\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(150))
     + b"\r\n", 431, "headers-too-large"),
    (b"GARBAGE\r\n\r\n", 400, "bad-request"),
    (b"GET / HTTP/9.9\r\nHost: localhost\r\n\r\n", 400, "bad-request"),
    (b"GET / HTTP/1.1\r\nHost: localhost\r\nBad Header: x\r\n\r\n", 400, "bad-request"),
    (b"POST /v1/matches HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: gzip\r\n\r\n", 501,
     "not-implemented"),
    (b"POST /v1/matches HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: deflate\r\n"
     b"Content-Length: 2\r\n\r\n{}", 501, "not-implemented"),
    (b"POST /v1/matches HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: x-foo\r\n\r\n", 501,
     "not-implemented"),
], ids=["long-request-line", "long-header", "many-headers", "garbage-line", "http-9.9",
        "space-in-header-name", "gzip-transfer-coding", "deflate-transfer-coding",
        "unknown-transfer-coding"])
def test_the_http_servers_own_errors_are_problems(server: tuple[str, int], deal: dict[str, Any],
                                                  data: bytes, status: int, slug: str) -> None:
    problem = assert_problem(raw(server, data), status, slug)
    # ``instance`` like every other problem: the path when the request line was read, else a
    # URN naming this occurrence
    assert problem["instance"].startswith(("/", "urn:uuid:"))
    if b"gzip" in data:  # refused once its request line and headers were read
        assert problem["instance"] == "/v1/matches"
    assert seq(server, deal) == deal["seq"]


def test_a_gzip_coded_chunked_move_is_501(server: tuple[str, int], deal: dict[str, Any]) -> None:
    """``gzip, chunked`` passes the HTTP server, which does not decode gzip: the documented 501,
    not the compressed bytes read as a (broken) JSON body."""
    move = chunked(deal["path"], deal["token"], gzip.compress(json.dumps(
        {"type": "play", "card": deal["hand"][0]}).encode()))
    move = move.replace(b"Transfer-Encoding: chunked", b"Transfer-Encoding: gzip, chunked")
    assert_problem(raw(server, move), 501, "not-implemented")
    assert seq(server, deal) == deal["seq"]


def test_a_body_shorter_than_its_content_length_is_400(server: tuple[str, int],
                                                       deal: dict[str, Any]) -> None:
    """The client sends part of the body and stops sending (its half of the connection
    closed): what arrived is not a move, even when it parses."""
    move = json.dumps({"type": "play", "card": deal["hand"][0]}).encode()
    head = (f"POST {deal['path']} HTTP/1.1\r\nHost: localhost\r\n"
            f"Authorization: Bearer {deal['token']}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(move) + 10}\r\nConnection: close\r\n\r\n").encode()
    problem = assert_problem(raw(server, head + move, half_close=True), 400, "bad-request")
    assert "Content-Length" in problem["detail"]
    assert seq(server, deal) == deal["seq"]


def test_a_text_plain_move_is_415_over_http(server: tuple[str, int],
                                            deal: dict[str, Any]) -> None:
    move = json.dumps({"type": "play", "card": deal["hand"][0]}).encode()
    assert_problem(post_move(server, deal, move, **{"Content-Type": "text/plain"}), 415,
                   "unsupported-media-type")
    assert seq(server, deal) == deal["seq"]


BROKEN_CHUNKS = {
    "bad-chunk-size": b"zz\r\n{}\r\n0\r\n\r\n",
    "missing-crlf": b"2\r\n{}XX0\r\n\r\n",
    "huge-chunk-size": b"fffffffffffffffffffffff\r\n{}\r\n0\r\n\r\n",
    "negative-chunk-size": b"-2\r\n{}\r\n0\r\n\r\n",
    "truncated": b"40\r\n{\"type\": \"stop\"}",
    "no-last-chunk": b"2\r\n{}\r\n",
}


@pytest.mark.parametrize("framing", BROKEN_CHUNKS.values(), ids=BROKEN_CHUNKS.keys())
@pytest.mark.parametrize("route", ["match", "move"])
def test_a_malformed_chunked_body_is_400(server: tuple[str, int], deal: dict[str, Any],
                                         framing: bytes, route: str) -> None:
    """issue 32, item 11: these were 500s (the body's framing broke while the app read it)."""
    path, auth = ("/v1/matches", "") if route == "match" else (
        deal["path"], f"Authorization: Bearer {deal['token']}\r\n")
    head = (f"POST {path} HTTP/1.1\r\nHost: x\r\n{auth}Content-Type: application/json\r\n"
            "Transfer-Encoding: chunked\r\n\r\n").encode()
    problem = assert_problem(raw(server, head + framing, half_close=True), 400, "bad-request")
    assert "chunk" in problem["detail"] or "body" in problem["detail"]
    assert seq(server, deal) == deal["seq"]
    assert request(server, "GET", "/healthz")[0] == 200
