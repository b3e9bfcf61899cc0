"""Bot seats are played by RQ jobs on a real Redis, run by an in-process SimpleWorker."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import redis
from rq import SimpleWorker

from events.referee import Referee, audits, deals, matches, moves
from events.store import EventStore
from workers import runtime
from workers.bots import play_bot_turn


@pytest.fixture
def bot_referee(store: EventStore, redis_client: redis.Redis) -> Iterator[Referee]:
    queue = runtime.queue_for(redis_client)
    referee = Referee(store, on_turn=runtime.turn_hook(queue))
    runtime.configure(referee)
    yield referee
    runtime.configure(None)


def drain(redis_client: redis.Redis) -> None:
    queue = runtime.queue_for(redis_client)
    worker = SimpleWorker([queue], connection=redis_client, serializer=queue.serializer)
    worker.work(burst=True, max_jobs=5000)


def test_a_match_of_four_bots_plays_itself_to_the_end(bot_referee: Referee,
                                                      redis_client: redis.Redis) -> None:
    created = matches.create(bot_referee, ruleset="sedma", players=4, options={"target_stakes": 2},
                                       seed="bots", seats=[{"name": f"b{i}", "bot": "random"}
                                                           for i in range(4)])
    drain(redis_client)
    match = matches.get(bot_referee, created["id"])
    assert match["status"] == "over" and max(match["totals"]) >= 2


def test_a_repeated_or_stale_bot_job_never_moves_twice(bot_referee: Referee,
                                                       store: EventStore) -> None:
    bots = [{"name": "bot", "bot": "random"}, {"name": "bot", "bot": "random"}]
    created = matches.create(bot_referee, ruleset="sedma", players=2, seed="dup", seats=bots)
    deal = created["deal"]["id"]
    view = deals.view(bot_referee, deal, None)
    assert play_bot_turn(deal, view["seq"], view["turn"]) == "moved"
    after = store.head("deal", deal).seq
    assert play_bot_turn(deal, view["seq"], view["turn"]) == "stale"
    assert store.head("deal", deal).seq == after


def test_a_best_of_three_sueca_match_plays_to_the_end_and_audits_clean(
        bot_referee: Referee, redis_client: redis.Redis) -> None:
    created = matches.create(bot_referee, ruleset="sueca", players=4, options={"rubbers": 3},
                                       seed="rubbers", seats=[{"name": f"b{i}", "bot": "random"}
                                                              for i in range(4)])
    drain(redis_client)
    match = matches.get(bot_referee, created["id"])
    rubbers = match["rubbers"]
    assert match["status"] == "over" and max(rubbers["won"]) == 2 and sum(rubbers["won"]) <= 3
    assert rubbers["ends"][-1] == match["deals"][-1]["number"]
    first_of_last = (rubbers["ends"][-2] if len(rubbers["ends"]) > 1 else 0) + 1
    assert audits.audit_stored(bot_referee, match["deals"][-1]["id"]).ok
    assert audits.audit_stored(bot_referee, match["deals"][first_of_last - 1]["id"]).ok


def test_a_partners_call_during_a_bots_turn_leaves_the_bot_to_move(
        bot_referee: Referee, redis_client: redis.Redis) -> None:
    """Table talk moves the log on while a bot is to act: the bot's queued job goes stale and
    the bot is asked again at the new seq, so the deal still plays to its end."""
    created = matches.create(bot_referee,
        ruleset="sedmice", players=4, options={"table_talk": True}, seed="talk",
        seats=[{"name": "b0", "bot": "random"}, {"name": "me"},
               {"name": "b2", "bot": "random"}, {"name": "b3", "bot": "random"}],
        creator_seat=1)
    deal, token = created["deal"]["id"], created["tokens"][0]["token"]
    for _ in range(200):
        view = deals.view(bot_referee, deal, token)
        if view["phase"] == "over":
            break
        if view["turn"] != 1:
            # while a bot acts
            moves.move(bot_referee, deal, token, {"type": "hint", "word": "ubij"})
            drain(redis_client)
            continue
        moves.move(bot_referee, deal, token, view["legal_moves"][0], expected_seq=view["seq"])
    assert view["phase"] == "over"
    log = deals.events(bot_referee, deal, token)["events"]
    assert any(e["type"] == "hinted" for e in log)
    assert audits.audit_stored(bot_referee, deal).ok
