"""The replay job (``POST /v1/deals/{id}/replays``, ``workers/replays.py``) gives, byte for byte
as JSON, what it gave when it built each step's view afresh with ``deals.view_of``: for a
spectator and every seat, for a deal being played and for one over, of every family."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from events.referee import Referee, deals, matches, moves
from tests.helpers import claim_all
from workers import runtime
from workers.replays import replay_job

PRESETS = [("sedma", 4), ("sedma-tricks", 3), ("hola", 2), ("sueca", 4), ("sueca-italiana", 5),
           ("serbian-whist", 4), ("serbian-whist", 6), ("briscola", 2)]


@pytest.fixture
def configured(referee: Referee) -> Iterator[Referee]:
    runtime.configure(referee)
    yield referee
    runtime.configure(None)


def replay_afresh(referee: Referee, deal_id: str, seat: int | None) -> dict[str, Any]:
    """The job as it was: ``view_of`` for each state, everyone's cards once disclosed."""
    deal, envelopes, states = deals.load_whole(referee, deal_id)
    over = deals.disclosed(referee, deal)
    served = deals.served_envelopes(deal.state.rules, envelopes, seat, over)
    steps = []
    for env, event, state in zip(envelopes, served, states, strict=True):
        view = deals.view_of(deal, state, env["seq"], seat, over)
        if over:
            view["hands"] = [list(h) for h in state.hands]
        steps.append({"event": event, "state": view})
    return {"deal_id": deal_id, "seat": seat, "omniscient": over, "steps": steps}


def play(referee: Referee, preset: str, players: int, moves_left: int | None) -> str:
    """The first deal of a new match, played at random to its end or until ``moves_left``."""
    created = matches.create(referee, ruleset=preset, players=players, seed=preset,
                             seats=[{"name": f"p{i}"} for i in range(players)])
    deal, tokens, rng = created["deal"]["id"], claim_all(referee, created), random.Random(5)
    while (view := deals.view(referee, deal, None))["turn"] is not None and moves_left != 0:
        legal = deals.view(referee, deal, tokens[view["turn"]])["legal_moves"]
        moves.move(referee, deal, tokens[view["turn"]], rng.choice(legal))
        moves_left = None if moves_left is None else moves_left - 1
    return str(deal)


@pytest.mark.parametrize(("preset", "players"), PRESETS)
@pytest.mark.parametrize("moves_left", [None, 9], ids=["over", "running"])
def test_the_job_gives_what_views_built_afresh_gave(
        configured: Referee, preset: str, players: int, moves_left: int | None) -> None:
    deal = play(configured, preset, players, moves_left)
    for seat in [None, *range(players)]:
        got = replay_job(deal, seat)
        assert got["omniscient"] is (moves_left is None)
        assert json.dumps(got) == json.dumps(replay_afresh(configured, deal, seat)), seat
