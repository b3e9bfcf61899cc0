"""A test run stops on SIGTERM and SIGINT, and its fixtures clean up (issue 32, item 3).

Python's default SIGTERM ends pytest at once: no fixture runs its clean-up, so the servers and
workers the tests started live on. And an RQ worker run in the test process installed its own
handlers (a "warm shutdown": one test failed, the run went on). So, for the whole run:

- SIGTERM and SIGINT raise KeyboardInterrupt, which pytest turns into an interrupted run after
  tearing every fixture down. A second SIGTERM while that clean-up runs is ignored (``make``
  passes its SIGTERM on to pytest, and ``timeout`` signals the whole group: the run may get
  two); a second SIGINT interrupts the clean-up too, as in any Python program.
- In-process RQ workers install no signal handlers.
- RQ swallows any exception in its work loop, KeyboardInterrupt too; the run is interrupted
  anyway once the current test's phase ends (``stop_if_signalled``)."""

from __future__ import annotations

import signal
from types import FrameType
from typing import Any

from rq.worker.base import BaseWorker

_state: dict[str, Any] = {"signalled": None, "before": {}, "rq": None}


def _on_signal(signum: int, frame: FrameType | None) -> None:
    first = _state["signalled"] is None
    _state["signalled"] = _state["signalled"] or signal.Signals(signum).name
    if signum == signal.SIGTERM and not first:
        return  # cleaning up after the first one
    raise KeyboardInterrupt(f"{signal.Signals(signum).name}: stopping the test run")


def install() -> None:
    """Called once, in pytest's main thread, before anything runs."""
    for sig in (signal.SIGTERM, signal.SIGINT):
        _state["before"][sig] = signal.signal(sig, _on_signal)
    _state["rq"] = BaseWorker._install_signal_handlers
    BaseWorker._install_signal_handlers = lambda self: None  # type: ignore[method-assign]


def uninstall() -> None:
    for sig, handler in _state["before"].items():
        signal.signal(sig, handler)
    if _state["rq"] is not None:
        BaseWorker._install_signal_handlers = _state["rq"]  # type: ignore[method-assign]


def stop_if_signalled() -> None:
    """A signal whose KeyboardInterrupt something swallowed still stops the run."""
    if _state["signalled"] is not None:
        raise KeyboardInterrupt(f"{_state['signalled']}: stopping the test run")
