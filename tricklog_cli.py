"""The ``tricklog`` command: ``serve``, ``worker``, ``redis`` (each with ``--help``).

Heavy imports happen inside the commands, so ``tricklog --help`` answers at once.
"""

from __future__ import annotations

import argparse
import logging
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Sequence

from events.logs import setup_logging

# Threads, so that open event streams do not hold whole processes; no keep-alive, so one
# client's connection is not pinned to one process (STACK.md). gunicorn's control socket
# defaults to ~/.gunicorn/gunicorn.ctl, one path for every instance on the machine (a second
# server deleted the first one's); nothing here uses it.
GUNICORN_CLASS = ("--worker-class", "gthread", "--threads", "8", "--keep-alive", "0",
                  "--no-control-socket")
ACCESS_LOG = ('{"at": "%(t)s", "logger": "access", "method": "%(m)s", "path": "%(U)s", '
              '"status": %(s)s, "ms": %(M)s, "bytes": "%(B)s"}')


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="tricklog", description="Tricklog, an event-sourced card-game referee.")
    sub = parser.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", help="run the API under gunicorn, one RQ worker and, "
                           "unless TRICKLOG_REDIS_URL is set, an embedded redis-server",
                           description="Run the whole service until Ctrl-C or SIGTERM. "
                           "Environment: TRICKLOG_REDIS_URL, TRICKLOG_QUEUE_URL, "
                           "TRICKLOG_DATA_DIR (./.tricklog), TRICKLOG_PORT (8000), "
                           "TRICKLOG_APPENDFSYNC (always|everysec), TRICKLOG_WORKERS (4).")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=None, help="default: TRICKLOG_PORT or 8000")
    serve.add_argument("--workers", type=int, default=None, help="gunicorn processes")
    serve.add_argument("--no-worker", action="store_true", help="start no RQ worker")
    serve.set_defaults(run=_serve)

    worker = sub.add_parser("worker", help="run an RQ worker for bot moves",
                            description="Run one RQ worker on TRICKLOG_QUEUE_URL (default: "
                            "TRICKLOG_REDIS_URL) until stopped.")
    worker.add_argument("--burst", action="store_true", help="stop when the queue is empty")
    worker.set_defaults(run=_worker)

    redis_cmd = sub.add_parser("redis", help="run only the embedded redis-server",
                               description="Start a private redis-server with AOF on under "
                               "TRICKLOG_DATA_DIR and print its URL; stop on Ctrl-C.")
    redis_cmd.add_argument("--port", type=int, default=None)
    redis_cmd.set_defaults(run=_redis)

    audit = sub.add_parser("audit", help="verify an exported deal offline (no Redis needed)",
                           description="Check an export's hash chain, the fairness commitment "
                           "and re-shuffle, and re-run every event through the rules. Exit "
                           "status 0 only for a clean log; 1 names the first event that "
                           "differs; 2 for a file that cannot be read.")
    audit.add_argument("file", help="a JSON Lines export (GET /v1/deals/{id}/export); - for stdin")
    audit.add_argument("--json", action="store_true", help="print the report as JSON")
    audit.set_defaults(run=_audit, quiet=True)

    arena = sub.add_parser(
        "arena", help="bots against bots: win rates with 95%% CI",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
        description="Play whole matches between two bots and print the hero's win rate with "
        "its 95% Wilson interval, card-point share, mean and slowest time per move. In "
        "partnerships the hero holds one side, sides swapped every match; where each seat "
        "plays for itself the hero holds one seat, moving round the table. Bots: "
        "random, heuristic, search, and ismcts (OpenSpiel's ISMCTSBot on the registered "
        "OpenSpiel game; needs the test extras).")
    arena.add_argument("--preset", default="sedma", help="a preset of GET /v1/rulesets")
    arena.add_argument("--players", type=int, default=2, help="a player count the preset has")
    arena.add_argument("--hero", default="heuristic", help="the bot measured")
    arena.add_argument("--villain", default="random", help="its opponent")
    arena.add_argument("--matches", type=int, default=40, help="whole matches to play")
    arena.add_argument("--ms", type=float, default=None,
                       help="wall time per move for every bot that searches (search, ismcts); "
                       "unset: search plays 320 playouts a move and ismcts gets 100 ms")
    arena.add_argument("--json", action="store_true", help="print JSON rows, not a table")
    arena.set_defaults(run=_arena, quiet=True)

    args = parser.parse_args(argv)
    if not getattr(args, "quiet", False):
        setup_logging()
    return int(args.run(args) or 0)


def _arena(args: argparse.Namespace) -> int:
    import orjson

    from workers.arena import ArenaError, check, duel, table

    tty = sys.stderr.isatty()

    def progress(done: int, total: int) -> None:
        if tty:  # one line redrawn in a terminal; plain lines in a log or a pipe
            print(f"\r{done}/{total} matches", end="", file=sys.stderr, flush=True)
        else:
            print(f"{done}/{total} matches", file=sys.stderr, flush=True)

    try:
        check(args.preset, args.players, (args.hero, args.villain))
        if args.matches < 1 or (args.ms is not None and args.ms <= 0):
            raise ArenaError("--matches and --ms must be positive")
        if "ismcts" in (args.hero, args.villain):
            import integrations.ismcts  # noqa: F401  (fail here, in one line, without it)
    except ArenaError as exc:
        print(f"tricklog arena: {exc}", file=sys.stderr)
        return 2
    except ImportError as exc:
        print(f"tricklog arena: ismcts needs OpenSpiel (pip install -e '.[test]'): {exc}",
              file=sys.stderr)
        return 2
    row = duel(args.preset, args.players, args.hero, args.villain, args.matches,
               progress=progress, budget_ms=args.ms)
    if tty:
        print(file=sys.stderr)
    print(orjson.dumps(row).decode() if args.json else table([row]))
    return 0


def _audit(args: argparse.Namespace) -> int:
    from events.audit import audit_export

    try:
        text = sys.stdin.read() if args.file == "-" else open(args.file, encoding="utf-8").read()
    except OSError as exc:
        print(f"tricklog audit: {exc}", file=sys.stderr)
        return 2
    report = audit_export(text)
    if args.json:
        import orjson

        print(orjson.dumps(report.to_dict(), option=orjson.OPT_INDENT_2).decode())
    else:
        print(report.to_text())
    return 0 if report.ok else 1


def _redis(args: argparse.Namespace) -> int:
    from events.config import Settings
    from events.redis_server import RedisServer

    settings = Settings.from_env()
    with RedisServer(os.path.join(settings.data_dir, "redis"), port=args.port,
                     appendfsync=settings.appendfsync) as server:
        print(server.url, flush=True)
        _wait_for_signal()
    return 0


def _worker(args: argparse.Namespace) -> int:
    from rq import Worker

    from events.config import Settings, connect
    from workers.runtime import queue_for

    settings = Settings.from_env()
    url = settings.queue_url or settings.redis_url
    if not url:
        print("tricklog worker: set TRICKLOG_REDIS_URL (or TRICKLOG_QUEUE_URL)", file=sys.stderr)
        return 2
    queue = queue_for(connect(url))
    worker = Worker([queue], connection=queue.connection, serializer=queue.serializer)
    worker.work(burst=args.burst, with_scheduler=False)
    return 0


def _metrics_dir(data_dir: str) -> str:
    """Where the API processes keep their /metrics counters (prometheus_client's multiprocess
    mode): wiped at every start, as a counter left by an earlier run would be counted again."""
    path = os.path.join(data_dir, "metrics")
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


def _serve(args: argparse.Namespace) -> int:
    from events.config import Settings
    from events.redis_server import RedisServer

    settings = Settings.from_env()
    port = args.port or settings.port
    log = logging.getLogger("tricklog.serve")
    server = None
    env = dict(os.environ)
    if not settings.redis_url:
        server = RedisServer(os.path.join(settings.data_dir, "redis"),
                             appendfsync=settings.appendfsync).start()
        env["TRICKLOG_REDIS_URL"] = server.url
        log.info("embedded redis started", extra={"url": server.url, "dir": settings.data_dir})
    api_env = {**env, "PROMETHEUS_MULTIPROC_DIR": _metrics_dir(settings.data_dir)}
    children: list[subprocess.Popen[bytes]] = []
    try:
        children.append(subprocess.Popen([
            sys.executable, "-m", "gunicorn", "--bind", f"{args.host}:{port}",
            "--workers", str(args.workers or settings.web_concurrency),
            *GUNICORN_CLASS,
            "--access-logfile", "-", "--access-logformat", ACCESS_LOG, "--graceful-timeout", "5",
            "api.wsgi:app"], env=api_env))
        if not args.no_worker:
            children.append(subprocess.Popen([sys.executable, "-m", "tricklog_cli", "worker"],
                                             env=env))
        log.info("serving", extra={"url": f"http://{args.host}:{port}/"})
        _wait_for_signal(children)
    finally:
        for child in children:
            if child.poll() is None:
                child.terminate()
        for child in children:
            try:
                child.wait(10)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()
        if server is not None:
            server.stop()
        log.info("stopped")
    return 0


def _wait_for_signal(children: Sequence[subprocess.Popen[bytes]] = ()) -> None:
    """Block until SIGINT or SIGTERM, or until a child dies."""
    stop = False

    def _stop(signum: int, frame: object) -> None:
        nonlocal stop
        stop = True

    signal.signal(signal.SIGINT, _stop)
    signal.signal(signal.SIGTERM, _stop)
    while not stop:
        if any(child.poll() is not None for child in children):
            logging.getLogger("tricklog.serve").error("a child process exited; stopping")
            return
        time.sleep(0.2)


if __name__ == "__main__":
    sys.exit(main())
