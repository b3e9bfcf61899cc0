"""``api.gunicorn_setup.OneSendResponse``: an answer whose body is framed by length goes out
in one send, head and body, as gunicorn would write them in two; a chunked body and a
body-less answer are written as gunicorn writes them (issue 33)."""

from __future__ import annotations

import socket
from typing import Any

import pytest
from gunicorn.config import Config
from gunicorn.http import RequestParser, wsgi

from api.gunicorn_setup import OneSendResponse


class Recorder:
    """A client socket that keeps what each send wrote."""

    def __init__(self) -> None:
        self.sends: list[bytes] = []

    def sendall(self, data: bytes) -> None:
        self.sends.append(bytes(data))


def answer(response_class: Any, request: bytes, headers: list[tuple[str, str]],
           body: list[bytes]) -> list[bytes]:
    """The sends of one answer to ``request`` (the ``Date`` header blanked)."""
    cfg = Config()
    ours, theirs = socket.socketpair()
    with ours, theirs:
        theirs.sendall(request)
        req = next(iter(RequestParser(cfg, ours, ("127.0.0.1", 9))))
        out = Recorder()
        resp = response_class(req, out, cfg)
        resp.start_response("200 OK", headers)
        for piece in body:
            resp.write(piece)
        resp.close()
    return [b"\r\n".join(line for line in send.split(b"\r\n") if not line.startswith(b"Date:"))
            for send in out.sends]


GET = b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
CASES = [
    (GET, [("Content-Type", "application/json"), ("Content-Length", "2")], [b"{}"]),
    (GET, [("Content-Type", "application/json")], [b"{", b"}"]),  # chunked
    (b"HEAD /healthz HTTP/1.1\r\nHost: x\r\n\r\n", [("Content-Length", "2")], [b"{}"]),
    (GET, [("Content-Length", "0")], []),
    (GET, [("Content-Length", "4")], [b"ab", b"cd"]),
]


@pytest.mark.parametrize(("request_bytes", "headers", "body"), CASES)
def test_the_same_bytes_as_gunicorn(request_bytes: bytes, headers: list[tuple[str, str]],
                                    body: list[bytes]) -> None:
    ours = answer(OneSendResponse, request_bytes, headers, body)
    theirs = answer(wsgi.Response, request_bytes, headers, body)
    assert b"".join(ours) == b"".join(theirs)


def test_a_body_framed_by_length_is_one_send() -> None:
    headers = [("Content-Type", "application/json"), ("Content-Length", "2")]
    assert len(answer(wsgi.Response, GET, headers, [b"{}"])) == 2
    sends = answer(OneSendResponse, GET, headers, [b"{}"])
    assert len(sends) == 1 and sends[0].startswith(b"HTTP/1.1 200 OK") and sends[0].endswith(
        b"\r\n\r\n{}")
