"""The ``tricklog`` command: ``serve``, ``api``, ``worker``, ``redis``, ``audit``, ``replay``,
``analyse``, ``fairplay``, ``arena`` (each with ``--help``).

Heavy imports happen inside the commands, so ``tricklog --help`` answers at once.
"""

from __future__ import annotations

import argparse
import logging
import os
import shutil
import signal
import sys
import time
from collections.abc import Sequence
from typing import Any, TypeAlias

from events import offline_commands
from events.logs import setup_logging

# the sub-command parsers argparse hands out (generic to the type checker only)
Commands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"

# gevent: an open event stream costs a greenlet and a socket, not a thread (api/hub.py); up to
# 10,000 connections per process. Keep-alive, as browsers and proxies use it: a kept connection
# is a greenlet, not a thread (under gthread it held a thread and halved the throughput,
# STACK.md). A kept connection stays with one process, so it is closed after
# TRICKLOG_REQUESTS_PER_CONNECTION answers and the client's next one is dealt again (issue 33,
# docs/PERFORMANCE.md: 6-13% less CPU a move, a third less a /healthz, the open loop's p99 about
# 1 ms higher, at its 10 ms target). An idle kept connection is closed after 75 s: longer than
# the pauses clients take (a bot's think time, a 5 or 10 s poll, the 5 s of our Retry-After), so
# that the client, not the server, closes an idle connection; a request sent just as the server
# closes its connection fails (with 5 s, a bot that waited 5 s between moves lost 4 moves in
# 40). A slow first request's headers are bound by TRICKLOG_HEADER_TIMEOUT instead. gunicorn's
# control socket defaults to ~/.gunicorn/gunicorn.ctl, one path for every instance on the
# machine (a second server deleted the first one's); nothing here uses it. gunicorn's error
# pages (414, 431, a broken request line) are problem+json, and its own log lines and the access
# log are JSON lines like every other (api/gunicorn_setup.py); a dead worker's gauges leave
# /metrics (api/gunicorn_hooks.py).
GUNICORN_ARGS = ("--config", "python:api.gunicorn_hooks",
                 "--worker-class", "api.gunicorn_setup.ProblemGeventWorker",
                 "--worker-connections", "10000",
                 "--keep-alive", "75", "--no-control-socket",
                 "--logger-class", "api.gunicorn_setup.JsonLogger", "--access-logfile", "-",
                 "--graceful-timeout", "5")


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if not getattr(args, "quiet", False):
        setup_logging()
    status = 128 + signal.SIGPIPE  # what a shell shows for a command a closed pipe stopped
    try:
        status = int(args.run(args) or 0)
        sys.stdout.flush()  # here, not at exit, where a closed pipe prints a traceback
    except BrokenPipeError:
        from events.audit_command import quiet_stdout

        quiet_stdout()
    return status


def parser() -> argparse.ArgumentParser:
    """The command line: one sub-command per job, each with its own ``--help``."""
    out = argparse.ArgumentParser(
        prog="tricklog", description="Tricklog, an event-sourced card-game referee.")
    sub = out.add_subparsers(dest="command", required=True)
    for add in (_serve_command, _api_command, _worker_command, _redis_command,
                offline_commands.add_audit, offline_commands.add_replay,
                offline_commands.add_analyse, offline_commands.add_fairplay, _arena_command):
        add(sub)
    return out


def _serve_command(sub: Commands) -> None:
    serve = sub.add_parser("serve", help="run the API under gunicorn, two RQ workers (one for "
                           "webhook bots) and, "
                           "unless TRICKLOG_REDIS_URL is set, an embedded redis-server",
                           description="Run the whole service until Ctrl-C or SIGTERM; a "
                           "child that dies is started again (after 0.5 s, doubling to 15 s) "
                           "with a log line. The embedded Redis has a random password kept in "
                           "<data dir>/redis.password. "
                           "Environment: TRICKLOG_REDIS_URL, TRICKLOG_QUEUE_URL, "
                           "TRICKLOG_DATA_DIR (./.tricklog), TRICKLOG_PORT (8000), "
                           "TRICKLOG_APPENDFSYNC (always|everysec), TRICKLOG_WORKERS (4).")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=None, help="default: TRICKLOG_PORT or 8000")
    serve.add_argument("--workers", type=int, default=None, help="gunicorn processes")
    serve.add_argument("--no-worker", action="store_true", help="start no RQ worker")
    serve.set_defaults(run=_serve)


def _api_command(sub: Commands) -> None:
    api = sub.add_parser("api", help="run only the API under gunicorn, on TRICKLOG_REDIS_URL",
                         description="The API alone (no worker, no embedded Redis), restarted if "
                         "it dies, until SIGTERM. Environment: TRICKLOG_REDIS_URL (required), "
                         "TRICKLOG_PORT (8000), TRICKLOG_WORKERS (4), TRICKLOG_DATA_DIR.")
    api.add_argument("--host", default="127.0.0.1", help="0.0.0.0 in a container")
    api.add_argument("--port", type=int, default=None, help="default: TRICKLOG_PORT or 8000")
    api.add_argument("--workers", type=int, default=None, help="gunicorn processes")
    api.set_defaults(run=_serve, no_worker=True)


def _worker_command(sub: Commands) -> None:
    worker = sub.add_parser("worker", help="run an RQ worker for bot moves, audits, replays",
                            description="Run one RQ worker on TRICKLOG_QUEUE_URL (default: "
                            "TRICKLOG_REDIS_URL) until stopped. It also sweeps for bot turns "
                            "that no job will play (a lost enqueue, a dead worker) every "
                            "2 s and enqueues them. Webhook bots' turns are on a queue of "
                            "their own: run at least one worker with --webhooks too.")
    worker.add_argument("--burst", action="store_true", help="stop when the queue is empty")
    worker.add_argument("--webhooks", action="store_true",
                        help="take only webhook bots' turns (queue tricklog-webhooks), so a "
                             "slow bot never holds the workers of the built-in bots")
    worker.add_argument("--analyses", action="store_true", help="serve only the deal "
                        "analyses' queue (long jobs that no bot turn should wait behind)")
    worker.set_defaults(run=_worker)


def _redis_command(sub: Commands) -> None:
    redis_cmd = sub.add_parser("redis", help="run only the embedded redis-server",
                               description="Start a private redis-server with AOF on under "
                               "TRICKLOG_DATA_DIR and print its URL; stop on Ctrl-C.")
    redis_cmd.add_argument("--port", type=int, default=None)
    redis_cmd.set_defaults(run=_redis)


def _arena_command(sub: Commands) -> None:
    arena = sub.add_parser(
        "arena", help="bots against bots: win rates with 95%% CI",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
        description="Play whole matches between two bots and print the hero's win rate with "
        "its 95% Wilson interval, card-point share, mean and slowest time per move. In "
        "partnerships the hero holds one side, sides swapped every match; where each seat "
        "plays for itself the hero holds one seat, moving round the table. Bots: "
        "random, heuristic, search, and ismcts (OpenSpiel's ISMCTSBot on the registered "
        "OpenSpiel game; needs the test extras), or a third-party policy as module:function "
        "(found on the path or from the working directory, like examples/sse_bot.py "
        "--policy: a function from a seat's view to one of its legal_moves).")
    arena.add_argument("--preset", default="sedma", help="a preset of GET /v1/rulesets")
    arena.add_argument("--players", type=int, default=2, help="a player count the preset has")
    arena.add_argument("--hero", default="heuristic", help="the bot measured (or module:function)")
    arena.add_argument("--villain", default="random", help="its opponent (or module:function)")
    arena.add_argument("--matches", type=int, default=40, help="whole matches to play")
    arena.add_argument("--ms", type=float, default=None,
                       help="wall time per move for every bot that searches (search, ismcts); "
                       "unset: search plays 320 playouts a move and ismcts gets 100 ms")
    arena.add_argument("--cheat-rate", type=float, default=0.25,
                       help="omniscient (the cheater, an arena player only): the share of its "
                       "decisions where it plays the perfect-information best move (the "
                       "solver over the real deal, in its last 24 cards); else it plays like "
                       "search")
    arena.add_argument("--json", action="store_true", help="print JSON rows, not a table")
    arena.set_defaults(run=_arena, quiet=True)


def _arena(args: argparse.Namespace) -> int:
    from workers.arena import command

    return command(args.preset, args.players, args.hero, args.villain, args.matches, args.ms,
                   args.json, args.cheat_rate)


def _redis(args: argparse.Namespace) -> int:
    from events.config import Settings
    from events.redis_server import RedisServer, stored_password

    settings = Settings.from_env()
    with RedisServer(os.path.join(settings.data_dir, "redis"), port=args.port,
                     appendfsync=settings.appendfsync, maxmemory=settings.redis_maxmemory,
                     password=stored_password(_password_path(settings.data_dir))) as server:
        print(server.url, flush=True)
        _wait_for_signal()
    return 0


def _worker(args: argparse.Namespace) -> int:
    from events.config import Settings
    from workers.main import run

    settings = Settings.from_env()
    if not settings.redis_url:
        print("tricklog worker: set TRICKLOG_REDIS_URL", file=sys.stderr)
        return 2
    run(settings, burst=args.burst, webhooks=args.webhooks, analyses=args.analyses)
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
    from events.supervisor import Supervisor

    settings = Settings.from_env()
    if args.command == "api" and not settings.redis_url:
        print("tricklog api: set TRICKLOG_REDIS_URL", file=sys.stderr)
        return 2
    log = logging.getLogger("tricklog.serve")
    _more_open_files()
    stop = _stop_on_signal()
    children, redis_child = _children(args, settings)
    supervisor = Supervisor(children)
    try:
        supervisor.start()
        if redis_child is not None:
            log.info("embedded redis started", extra={
                "url": redis_child.server.public_url, "dir": settings.data_dir,
                "password_file": _password_path(settings.data_dir)})
        log.info("serving", extra={"url": f"http://{args.host}:{args.port or settings.port}/"})
        supervisor.run(stop)
    finally:
        supervisor.stop()
        log.info("stopped")
    return 0


def _more_open_files() -> None:
    """Every open event stream is a socket: raise this process' (and so its children's) soft
    limit on open files to the hard one, as far as 65,536."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 65_536 if hard == resource.RLIM_INFINITY else min(hard, 65_536)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def _password_path(data_dir: str) -> str:
    return os.path.abspath(os.path.join(data_dir, "redis.password"))


def _children(args: argparse.Namespace, settings: Any) -> tuple[list[Any], Any]:
    """The supervised children, in start order: the embedded Redis (unless
    TRICKLOG_REDIS_URL is set), the API under gunicorn, the RQ worker, the webhook bots' RQ
    worker, the analyses' worker."""
    from events.redis_server import RedisServer, stored_password
    from events.supervisor import ProcessChild, RedisChild

    env = dict(os.environ)
    redis_child = None
    if not settings.redis_url:
        server = RedisServer(os.path.join(settings.data_dir, "redis"),
                             appendfsync=settings.appendfsync, maxmemory=settings.redis_maxmemory,
                             password=stored_password(_password_path(settings.data_dir)))
        redis_child = RedisChild(server)

    def child_env() -> dict[str, str]:
        if redis_child is None:
            return env
        return {**env, "TRICKLOG_REDIS_URL": redis_child.server.url}

    api_env = {"PROMETHEUS_MULTIPROC_DIR": _metrics_dir(settings.data_dir)}
    if args.host not in ("0.0.0.0", "::", ""):
        api_env["TRICKLOG_HOST"] = args.host
    children: list[Any] = [] if redis_child is None else [redis_child]
    children.append(ProcessChild("api", [
        sys.executable, "-m", "gunicorn", "--bind", f"{args.host}:{args.port or settings.port}",
        "--workers", str(args.workers or settings.web_concurrency), *GUNICORN_ARGS,
        "api.wsgi:app"], lambda: {**child_env(), **api_env}))
    if not args.no_worker:
        children.append(ProcessChild("worker", [sys.executable, "-m", "tricklog_cli", "worker"],
                                     child_env))
        children.append(ProcessChild("webhook-worker", [
            sys.executable, "-m", "tricklog_cli", "worker", "--webhooks"], child_env))
        children.append(ProcessChild("analyses", [sys.executable, "-m", "tricklog_cli", "worker",
                                                  "--analyses"], child_env))
    return children, redis_child


def _stop_on_signal() -> Any:
    """A flag that SIGINT or SIGTERM raises; returns the function that reads it."""
    stopping = False

    def _stop(signum: int, frame: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, _stop)
    signal.signal(signal.SIGTERM, _stop)
    return lambda: stopping


def _wait_for_signal() -> None:
    """Block until SIGINT or SIGTERM."""
    stopped = _stop_on_signal()
    while not stopped():
        time.sleep(0.2)


if __name__ == "__main__":
    sys.exit(main())
