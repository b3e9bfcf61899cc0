"""``tricklog replay FILE``: an export told offline, event by event, each with the table as it
stood after it (every hand shown: an export is the whole log). Text for people, JSON Lines
(``--json``) for programs. It re-runs the events through the rules but checks nothing:
``tricklog audit`` does that."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

import orjson

from domain import game

from .audit import parse_export
from .audit_command import say
from .envelope import to_event
from .exports import deal_exports, read

BULKY = ("hands", "stock", "commitment", "client_seeds", "options", "ruleset", "players",
         "shuffle")  # what a dealt event's line leaves to the state after it


def command(path: str, as_json: bool) -> int:
    text = read(path, "replay")
    if text is None:
        return 2
    try:
        found = deal_exports(text)
        deals: list[Any] = [text] if found is None else found
        steps = [step for items in deals for step in _steps(items)]
    except Exception as exc:  # noqa: BLE001 - whatever the file holds, a sentence
        print(f"tricklog replay: not a replayable export ({exc!r}); "
              "`tricklog audit` says what is wrong", file=sys.stderr)
        return 2
    for step in steps:
        say(orjson.dumps(step).decode() if as_json else _text(step))
    return 0


def _steps(export: Any) -> Iterator[dict[str, Any]]:
    """Each event of one deal with the state after it: ``{deal_id, event, state}``."""
    header, envelopes = parse_export(export)
    states = list(game.states(to_event(e) for e in envelopes))
    for envelope, state in zip(envelopes, states, strict=True):
        view = game.view(state, None)
        view["hands"] = [list(hand) for hand in state.hands]
        yield {"deal_id": header.get("deal_id"), "event": envelope, "state": view}


def _text(step: dict[str, Any]) -> str:
    env, view = step["event"], step["state"]
    who = "" if env["seat"] is None else f" seat {env['seat']}"
    data = {k: v for k, v in env["data"].items() if k not in BULKY}
    head = f"{step['deal_id']} #{env['seq']} {env['type']}{who}"
    if data:
        head += " " + orjson.dumps(data).decode()
    table = " ".join(f"{t['seat']}:{t['card']}" for t in view.get("table") or [])
    hands = "  ".join(f"{seat}: {' '.join(hand)}" for seat, hand in enumerate(view["hands"]))
    facts = [f"table [{table}]", f"turn {view.get('turn')}",
             f"stock {view.get('stock_size')}", f"captures {view.get('captures')}"]
    if view.get("trump") is not None:
        facts.append(f"trump {view['trump']}")
    return f"{head}\n    {'  '.join(facts)}\n    hands {hands}"

