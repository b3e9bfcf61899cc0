"""Bots draw their randomness from the deal's secret nonce (issue 26, item 4): nobody can
replay a bot's choices while the deal runs, and an auditor re-derives every one of them from
the export once the nonce is revealed (in ``scored``, or for a prearranged deal from the match
nonce in ``ended``), with the formula the README gives."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator
from typing import Any

import orjson
import pytest
import redis
from rq import SimpleWorker

from domain import game
from domain.bots import BOTS
from domain.fairness import DealSecret
from domain.messages import Command, Move
from events.envelope import to_event
from events.referee import Referee, deals, matches
from events.store import EventStore
from workers import runtime

BOTS_2 = [{"name": "a", "bot": "random"}, {"name": "b", "bot": "random"}]
PREARRANGED = {"dealer": 1, "hands": [["AS", "KS", "QS", "JS"], ["AH", "KH", "QH", "JH"]],
               "stock": ["10S", "9S", "8S", "7S", "10H", "9H", "8H", "7H", "AD", "KD", "QD",
                         "JD", "10D", "9D", "8D", "7D", "AC", "KC", "QC", "JC", "10C", "9C",
                         "8C", "7C"]}


@pytest.fixture
def bot_referee(store: EventStore, redis_client: redis.Redis) -> Iterator[Referee]:
    queue = runtime.queue_for(redis_client)
    referee = Referee(store, on_turn=runtime.turn_hook(queue))
    runtime.configure(referee)
    yield referee
    runtime.configure(None)


def work(redis_client: redis.Redis, jobs: int = 5000) -> None:
    queue = runtime.queue_for(redis_client)
    SimpleWorker([queue], connection=redis_client, serializer=queue.serializer).work(
        burst=True, max_jobs=jobs)


def bot_rng(nonce_n: str, deal_id: str, seq: int) -> random.Random:
    """The README's formula, written out independently of the server's code."""
    digest = hashlib.sha256(bytes.fromhex(nonce_n) + b"bot\x00" + deal_id.encode() + b"\x00"
                            + str(seq).encode()).digest()
    return random.Random(int.from_bytes(digest, "big"))


def bot_turns(log: list[dict[str, Any]]) -> Iterator[tuple[Any, dict[str, Any], dict[str, Any]]]:
    """(the state at the bot's turn, the seat's view, the first event of its move)."""
    for env in log:
        seq = env["seq"] - 1
        if env["command_id"] == f"bot:{seq}":
            state = game.fold(to_event(e) for e in log[:seq])
            yield state, game.view(state, env["seat"]), env


def rederive(deal_id: str, log: list[dict[str, Any]], nonce_n: str,
             secret: DealSecret | None) -> list[bool]:
    """For each bot move of the log: does the bot, seeded as documented, choose it again?"""
    out = []
    for state, view, env in bot_turns(log):
        move = BOTS["random"](view, bot_rng(nonce_n, deal_id, env["seq"] - 1))
        first = game.step(state, Command(env["seat"], Move.from_dict(move), secret))[0][0]
        out.append((first.type, first.data) == (env["type"], env["data"]))
    return out


def test_bot_choices_are_secret_while_the_deal_runs_and_auditable_after(
        bot_referee: Referee, redis_client: redis.Redis) -> None:
    created = matches.create(bot_referee, ruleset="sedma", players=2, seed="bot-rng",
                             options={"target_stakes": 1}, seats=BOTS_2)
    deal = created["deal"]["id"]
    work(redis_client, jobs=8)
    assert not deals.is_over(bot_referee, deal)
    nonce_n = deals.load(bot_referee, deal).meta.fairness.deal(1).nonce
    assert nonce_n is not None
    public = orjson.dumps([deals.view(bot_referee, deal, None),
                           deals.events(bot_referee, deal, None),
                           matches.get(bot_referee, created["id"])]).decode()
    assert nonce_n not in public  # the bots' secret is nowhere a spectator can read
    work(redis_client)
    log = bot_referee.store.read("deal", deal)
    scored = next(e["data"] for e in log if e["type"] == "scored")
    assert scored["reveal"]["nonce"] == nonce_n  # revealed with the deal's score
    assert all(rederive(deal, log, scored["reveal"]["nonce"],
                        DealSecret(scored["reveal"]["seed"], scored["reveal"]["nonce"])))
    # the public `deal_id:seq` seed of old no longer replays the bots' choices
    old = [BOTS["random"](view, random.Random(f"{deal}:{env['seq'] - 1}"))
           for _, view, env in bot_turns(log) if len(view["legal_moves"]) > 1]
    new = [BOTS["random"](view, bot_rng(nonce_n, deal, env["seq"] - 1))
           for _, view, env in bot_turns(log) if len(view["legal_moves"]) > 1]
    assert len(new) >= 10 and old != new


def test_a_prearranged_deals_bots_are_audited_with_the_match_nonce(
        bot_referee: Referee, redis_client: redis.Redis) -> None:
    """A prearranged deal has no commitment, so ``scored`` reveals no nonce: its bots' nonce
    is derived from the match nonce ``N`` that ``ended`` reveals."""
    created = matches.create(bot_referee, ruleset="sedma", players=2, deal=PREARRANGED,
                             options={"target_stakes": 1}, seats=BOTS_2)
    deal = created["deal"]["id"]
    work(redis_client)
    match = matches.get(bot_referee, created["id"])
    assert match["status"] == "over" and len(match["deals"]) == 1
    log = bot_referee.store.read("deal", deal)
    assert "nonce" not in next(e["data"] for e in log if e["type"] == "scored")
    nonce_1 = hashlib.sha256(bytes.fromhex(match["nonce"]) + b"\x02" + b"1").hexdigest()
    checked = rederive(deal, log, nonce_1, None)
    assert len(checked) > 10 and all(checked)
