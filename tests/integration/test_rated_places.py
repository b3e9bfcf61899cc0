"""A rated each-for-themselves match, played by the workers, rates every seat by its place:
the ratings projection (``events.ratings.outcome_of``, from the match's log) finds the same
places as the finished match state, and a rebuild from the logs gives the same table."""

from __future__ import annotations

import redis
from rq import SimpleWorker

from events import ratings as model
from events.referee import Referee, matches, ratings
from events.store import EventStore
from workers import runtime

SEATS = [{"name": "r1", "bot": "random"}, {"name": "h", "bot": "heuristic"},
         {"name": "r2", "bot": "random"}]


def test_a_three_sided_rated_match_rates_each_seat_by_its_place(
        redis_client: redis.Redis) -> None:
    queue = runtime.queue_for(redis_client)
    referee = Referee(EventStore(redis_client), on_turn=runtime.turn_hook(queue))
    runtime.configure(referee)
    try:
        made = matches.create(referee, ruleset="sedma-3", players=3, seed="places",
                              seats=SEATS, rated=True)
        SimpleWorker([queue], connection=redis_client, serializer=queue.serializer).work(
            burst=True, max_jobs=20_000)
    finally:
        runtime.configure(None)
    final = matches.advance(referee, made["id"])
    assert final.status == "over"
    outcome = model.outcome_of(referee.store.read("match", made["id"]))
    assert outcome is not None and len(outcome.places) == 3
    assert outcome.places == model.places(final)
    assert {outcome.places[s] for s in final.winners} == {0}
    before = ratings.table(referee, outcome.pool)
    assert set(before) == {"bot:random", "bot:heuristic"}
    ratings.rebuild(referee)
    assert ratings.table(referee, outcome.pool) == before
