"""A small HTTP/1.1 client on asyncio streams, for the load generator: just enough of the
protocol for the API (Content-Length or chunked bodies, keep-alive when the server allows it)
and for Server-Sent Events. No aiohttp: the generator shares two cores with the server it
measures, and a few lines of parsing cost far less CPU per request than a general client
(scripts/bench_http.py measures what the generator costs).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import orjson

HOST = "127.0.0.1"


class HTTPError(Exception):
    pass


class Conn:
    """One connection, opened on demand and reopened after the server closes it."""

    def __init__(self, port: int, timeout: float = 10.0) -> None:
        self.port, self.timeout = port, timeout
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def call(self, method: str, path: str, body: Any = None, token: str | None = None
                   ) -> tuple[int, Any]:
        """One request; the answer's status and its body parsed as JSON (None if empty)."""
        status, raw = await asyncio.wait_for(self._call(method, path, body, token),
                                             self.timeout)
        return status, orjson.loads(raw) if raw else None

    async def _call(self, method: str, path: str, body: Any, token: str | None
                    ) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(HOST, self.port)
        assert self.reader is not None
        self.writer.write(request_bytes(method, path, body, token, self.port))
        try:
            status, headers = await read_head(self.reader)
            raw = await read_body(self.reader, headers)
        except BaseException:
            self.close()
            raise
        if headers.get(b"connection", b"").lower() == b"close":
            self.close()
        return status, raw

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


def request_bytes(method: str, path: str, body: Any, token: str | None, port: int,
                  accept: bytes = b"application/json") -> bytes:
    data = orjson.dumps(body) if body is not None else b""
    head = [f"{method} {path} HTTP/1.1".encode(), b"Host: " + f"{HOST}:{port}".encode(),
            b"Accept: " + accept]
    if token:
        head.append(b"Authorization: Bearer " + token.encode())
    if body is not None:
        head += [b"Content-Type: application/json", b"Content-Length: %d" % len(data)]
    return b"\r\n".join(head) + b"\r\n\r\n" + data


async def read_head(reader: asyncio.StreamReader) -> tuple[int, dict[bytes, bytes]]:
    try:
        raw = await reader.readuntil(b"\r\n\r\n")
    except asyncio.IncompleteReadError as err:
        raise HTTPError("the server closed the connection before answering") from err
    lines = raw.split(b"\r\n")
    status = int(lines[0].split(None, 2)[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        if name:
            headers[name.strip().lower()] = value.strip()
    return status, headers


async def read_body(reader: asyncio.StreamReader, headers: dict[bytes, bytes]) -> bytes:
    if b"content-length" in headers:
        return await reader.readexactly(int(headers[b"content-length"]))
    if headers.get(b"transfer-encoding", b"").lower() == b"chunked":
        parts = []
        while chunk := await read_chunk(reader):
            parts.append(chunk)
        return b"".join(parts)
    return await reader.read()


async def read_chunk(reader: asyncio.StreamReader) -> bytes:
    """One chunk of a chunked body; b"" at the last one."""
    size = int((await reader.readuntil(b"\r\n")).split(b";", 1)[0], 16)
    data = await reader.readexactly(size + 2)
    return data[:-2]


async def get(port: int, path: str, timeout: float) -> tuple[int, float]:
    """One GET on a fresh connection: its status and its seconds (-1 status on a failure)."""
    conn, start = Conn(port, timeout), time.perf_counter()
    try:
        status, _ = await conn.call("GET", path)
    except (TimeoutError, OSError, HTTPError, ValueError):
        status = -1
    finally:
        conn.close()
    return status, time.perf_counter() - start


async def sse(port: int, path: str, token: str | None, on_frame: Callable[[bytes, int], None],
              on_open: Callable[[int], None]) -> None:
    """Follow one event stream until the server ends it; ``on_frame(kind, id)`` for each frame
    with an ``id:``, ``on_open(status)`` once the answer's head has arrived. Cancel the task to
    close the stream."""
    reader, writer = await asyncio.open_connection(HOST, port)
    try:
        writer.write(request_bytes("GET", path, None, token, port, b"text/event-stream"))
        status, headers = await read_head(reader)
        on_open(status)
        if status != 200:
            return
        chunked = headers.get(b"transfer-encoding", b"").lower() == b"chunked"
        buffer = b""
        while data := (await read_chunk(reader) if chunked else await reader.read(65536)):
            frames = (buffer + data).split(b"\n\n")
            buffer = frames.pop()
            for text in frames:
                kind, seq = parse_frame(text)
                if seq >= 0 or kind == b"end":
                    on_frame(kind, seq)
    finally:
        writer.close()


def parse_frame(text: bytes) -> tuple[bytes, int]:
    """The ``event:`` and ``id:`` of one SSE frame (id -1 when it has none, as keep-alive
    comments and ``event: end``)."""
    kind, seq = b"message", -1
    for line in text.split(b"\n", 3)[:3]:
        if line.startswith(b"event: "):
            kind = line[7:]
        elif line.startswith(b"id: "):
            seq = int(line[4:])
    return kind, seq
