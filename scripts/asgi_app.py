"""The Flask app behind an ASGI adapter, for issue 33's side-by-side rows only (never served).

``a2wsgi.WSGIMiddleware`` runs each request's WSGI call on a thread of its pool and hands the
answer back to the event loop, which is how a Flask app runs under an ASGI server (granian's
``--interface asgi``, uvicorn). It measures what such a server costs a move when the app stays
as it is; the event streams would need an ASGI endpoint of their own to be held without a
thread each (docs/PERFORMANCE.md, "ASGI servers").
"""

from a2wsgi import WSGIMiddleware

from api.wsgi import app as wsgi_app

# Threads per process: at least the benchmark's 16 clients and 64 open-loop deals, so that no
# request waits for a thread while its server process has a core.
THREADS = 64

_adapted = WSGIMiddleware(wsgi_app, workers=THREADS)  # type: ignore[arg-type]


async def app(scope, receive, send):  # type: ignore[no-untyped-def]
    """The adapter, its ``receive`` made a coroutine: a2wsgi hands it to
    ``asyncio.run_coroutine_threadsafe``, which refuses granian's awaitable (not a coroutine)."""
    async def receive_coroutine():  # type: ignore[no-untyped-def]
        return await receive()

    await _adapted(scope, receive_coroutine, send)
