"""Processes as the kernel knows them, read from ``/proc``: pid, process group, parent and the
whole command line. Never from ``ps``, which cuts a command line to the terminal's width (80
columns under pytest), so a marker at the end of a long path falls off (issue 32)."""

from __future__ import annotations

import contextlib
import os
import signal
from pathlib import Path
from typing import NamedTuple

PROC = Path("/proc")


class Proc(NamedTuple):
    pid: int
    pgid: int
    ppid: int
    sid: int
    args: str  # the whole command line, arguments joined by spaces


def command_line(pid: int) -> str:
    """The whole command line of ``pid`` ('' for a zombie or a process that is gone)."""
    try:
        raw = (PROC / str(pid) / "cmdline").read_bytes()
    except OSError:
        return ""
    return " ".join(part.decode(errors="replace") for part in raw.split(b"\0") if part)


def process(pid: int) -> Proc | None:
    """One process, or None when it is gone."""
    try:
        stat = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    fields = stat[stat.rindex(")") + 2:].split()  # the name in parentheses may hold spaces
    return Proc(pid, int(fields[2]), int(fields[1]), int(fields[3]), command_line(pid))


def processes() -> list[Proc]:
    """Every process on the machine."""
    found = (process(int(entry)) for entry in os.listdir(PROC) if entry.isdigit())
    return [proc for proc in found if proc is not None]


def alive(pid: int) -> bool:
    """Running (a zombie, dead but not yet reaped by its parent, does not count)."""
    try:
        stat = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2:].split()[0] != "Z"


def descendants(root: int, rows: list[Proc] | None = None) -> list[Proc]:
    """Every process below ``root`` (children, their children, ...), by the parent chain."""
    rows = processes() if rows is None else rows
    found: list[Proc] = []
    frontier = {root}
    while frontier:
        level = [row for row in rows if row.ppid in frontier]
        found += level
        frontier = {row.pid for row in level}
    return found


def kill_tree(pid: int) -> None:
    """SIGKILL ``pid``, its group and every process below it, each in its own group too: an RQ
    work horse calls ``setpgrp``, so killing a worker's group alone leaves its horse running
    (it would then finish its job against whatever the store holds by then)."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGSTOP)  # it forks nothing more while its tree is read
    below = descendants(pid)
    for group in {pid, *(p.pgid for p in below)} - {os.getpgrp()}:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(group, signal.SIGKILL)
    for proc in below:
        with contextlib.suppress(ProcessLookupError):
            os.kill(proc.pid, signal.SIGKILL)
