"""Move clocks over HTTP (issue 28 items 1 and 2): a seat that never moves still lets its match
finish (``timed_out`` then the clock's bot's move), is away after ``away_after`` timeouts in a
row (its bot plays at once), and is back when its holder says so. The referee's clock is the
test's: time passes when the test says, and no test sleeps."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from events import keys
from events.envelope import render_at
from events.referee import audits
from tests.http import auth, create, move
from workers.clocks import ClockKeeper
from workers.sweeper import sweep

TWO = [{"name": "Ana"}, {"name": "Bo", "bot": "random"}]


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)

    def __call__(self) -> str:
        return render_at(self.now)

    def pass_(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock(app: Flask, monkeypatch: pytest.MonkeyPatch) -> Clock:
    monkeypatch.setenv("TRICKLOG_BOT_MIN_THINK", "0")
    fake = Clock()
    app.extensions["tricklog.referee"].clock = fake
    app.extensions["tricklog.stream_referee"].clock = fake
    return fake


def clocked(client: FlaskClient, **clock: Any) -> dict[str, Any]:
    return create(client, players=2, seats=TWO, creator_seat=0,
                  clock={"move_seconds": 1, **clock})


def deal_log(client: FlaskClient, deal: str) -> list[dict[str, Any]]:
    return client.get(f"/v1/deals/{deal}/events").get_json()["events"]  # type: ignore


def match_log(app: Flask, match: str) -> list[dict[str, Any]]:
    return app.extensions["tricklog.referee"].store.read("match", match)  # type: ignore


def run_until(client: FlaskClient, app: Flask, clock: Clock, worker: Callable[[], None],
              match: str, done: Callable[[dict[str, Any]], bool], rounds: int = 400
              ) -> dict[str, Any]:
    keeper = ClockKeeper(app.extensions["tricklog.referee"])
    for _ in range(rounds):
        worker()
        view = client.get(f"/v1/matches/{match}").get_json()
        if done(view):
            return view  # type: ignore[no-any-return]
        clock.pass_(1.5)
        keeper.tick()
    raise AssertionError("the match did not get there")


def test_a_seat_that_never_moves_times_out_goes_away_and_comes_back(
        client: FlaskClient, app: Flask, clock: Clock, worker: Callable[[], None]) -> None:
    created = clocked(client)
    match, token = created["id"], created["tokens"][0]["token"]
    assert created["clock"]["move_seconds"] == 1 and created["away"] == []
    view = run_until(client, app, clock, worker, match, lambda v: 0 in v["away"])
    types = [e["type"] for e in match_log(app, match)]
    assert types.count("seat_away") == 1
    deal = view["deals"][-1]["id"]
    log = [e for d in view["deals"] for e in deal_log(client, d["id"])]
    timeouts = [i for i, e in enumerate(log) if e["type"] == "timed_out"]
    assert len(timeouts) == 2
    for i in timeouts:  # the bot's move follows at once, in the same append
        assert log[i]["data"]["seat"] == 0 and log[i + 1]["seat"] == 0
        assert log[i]["at"] >= log[i]["data"]["deadline"]
    resp = move(client, deal, token, {"type": "play", "card": "7S"})
    assert resp.status_code == 409 and resp.get_json()["type"] == "/problems/seat-away"
    assert client.get(f"/v1/deals/{deal}", headers=auth(token)).get_json()["deadline"] is None
    back = client.post(f"/v1/matches/{match}/seats/0/back", headers=auth(token))
    assert back.status_code == 200, back.get_json()
    again = client.post(f"/v1/matches/{match}/seats/0/back", headers=auth(token))
    assert again.get_json()["type"] == "/problems/seat-not-away"
    assert "seat_back" in [e["type"] for e in match_log(app, match)]
    view = run_until(client, app, clock, worker, match, lambda v: v["status"] == "over")
    assert view["winners"]
    referee = app.extensions["tricklog.referee"]
    for d in view["deals"]:  # a log with timeouts audits as any other
        assert audits.audit_stored(referee, d["id"]).ok


def test_a_move_at_the_deadline_is_refused_and_the_timeout_lands(
        client: FlaskClient, app: Flask, clock: Clock) -> None:
    for _ in range(12):  # a deal seat 0 leads
        created = clocked(client)
        token, deal = created["tokens"][0]["token"], created["deal"]["id"]
        seen = client.get(f"/v1/deals/{deal}", headers=auth(token)).get_json()
        if seen["turn"] == 0:
            break
    assert seen["turn"] == 0 and seen["deadline"] is not None
    clock.now = datetime.fromisoformat(seen["deadline"])
    card = seen["legal_moves"][0]
    resp = move(client, deal, token, card, **{"Idempotency-Key": "k"})
    assert resp.status_code == 409 and resp.get_json()["type"] == "/problems/clock-expired"
    assert ClockKeeper(app.extensions["tricklog.referee"]).tick()
    log = deal_log(client, deal)
    assert [e["type"] for e in log].count("timed_out") == 1
    assert log[-1]["command_id"].startswith("timeout:")


def test_forfeit_ends_the_match_against_the_seat_that_timed_out(
        client: FlaskClient, app: Flask, clock: Clock, worker: Callable[[], None]) -> None:
    created = clocked(client, on_timeout="forfeit")
    view = run_until(client, app, clock, worker, created["id"],
                     lambda v: v["status"] == "over")
    assert view["winners"] == [1]
    ended = match_log(app, created["id"])[-1]
    assert ended["type"] == "ended" and ended["data"]["forfeit"]["seat"] == 0


def test_reads_append_nothing(client: FlaskClient, app: Flask) -> None:
    created = create(client, players=2, seats=TWO, creator_seat=0)
    store = app.extensions["tricklog.referee"].store
    before = store.head("match", created["id"]).seq, store.head("deal", created["deal"]["id"]).seq
    for _ in range(3):
        client.get(f"/v1/matches/{created['id']}")
        client.get("/v1/matches")
        client.get(f"/v1/deals/{created['deal']['id']}")
    after = store.head("match", created["id"]).seq, store.head("deal", created["deal"]["id"]).seq
    assert after == before


def test_a_move_racing_its_timeout_lands_or_is_refused_never_both(
        client: FlaskClient, app: Flask, clock: Clock) -> None:
    """The move is stamped just before the deadline, the workers' clock just after it: both
    append at the turn's expected seq at once, and one of them wins."""
    referee = app.extensions["tricklog.referee"]
    raced = []
    for _ in range(8):
        created = clocked(client)
        token, deal = created["tokens"][0]["token"], created["deal"]["id"]
        seen = client.get(f"/v1/deals/{deal}", headers=auth(token)).get_json()
        if seen["turn"] != 0:
            continue
        due = datetime.fromisoformat(seen["deadline"])
        clock.now = due - timedelta(milliseconds=50)
        after = render_at(due + timedelta(milliseconds=1))
        late = replace(referee, clock=lambda at=after: at)
        keeper = ClockKeeper(late)
        with ThreadPoolExecutor(2) as pool:
            moved = pool.submit(move, client, deal, token, seen["legal_moves"][0])
            ticked = pool.submit(keeper.tick)
            status, outcome = moved.result().status_code, ticked.result()
        raced.append(status)
        log = deal_log(client, deal)
        turn = [e for e in log if e["seq"] == seen["seq"] + 1]
        if status == 200:
            assert turn[0]["type"] != "timed_out" and not any(
                e["type"] == "timed_out" and e["data"]["deadline"] == seen["deadline"]
                for e in log)
        else:
            assert status == 409 and turn[0]["type"] == "timed_out"
            assert list(outcome.values()) == ["timed out"]
        assert [e["type"] for e in log].count("timed_out") <= 1
    assert raced, "seat 0 never led"


def test_leaving_after_the_first_move_hands_the_seat_to_a_bot(
        client: FlaskClient, app: Flask, clock: Clock, worker: Callable[[], None]) -> None:
    early = create(client, players=2, seats=[{"name": "A"}, {"name": "B"}], creator_seat=0)
    token = early["tokens"][0]["token"]
    left = client.post(f"/v1/matches/{early['id']}/seats/0/leave", headers=auth(token))
    assert left.get_json() == {"seat": 0}  # no card yet: free for a new invite
    created = clocked(client)
    match, token = created["id"], created["tokens"][0]["token"]
    run_until(client, app, clock, worker, match, lambda v: any(
        e["type"] == "timed_out" for e in deal_log(client, v["deals"][0]["id"])))
    left = client.post(f"/v1/matches/{match}/seats/0/leave", headers=auth(token))
    assert left.get_json() == {"seat": 0, "bot": "heuristic"}
    view = run_until(client, app, clock, worker, match, lambda v: v["status"] == "over")
    assert view["away"] == [0] and view["seated"] == []
    last = [e["type"] for e in match_log(app, match)]
    assert "seat_left" in last and last[-1] == "ended"


def test_a_rematch_has_the_same_table_and_links_both_ways(
        client: FlaskClient, app: Flask, clock: Clock, worker: Callable[[], None]) -> None:
    created = clocked(client, on_timeout="forfeit")
    match, token = created["id"], created["tokens"][0]["token"]
    early = client.post(f"/v1/matches/{match}/rematch", headers=auth(token))
    assert early.status_code == 409 and early.get_json()["type"] == "/problems/match-running"
    run_until(client, app, clock, worker, match, lambda v: v["status"] == "over")
    resp = client.post(f"/v1/matches/{match}/rematch", headers=auth(token))
    assert resp.status_code == 201, resp.get_json()
    again = resp.get_json()
    assert again["rematch_of"] == match and again["clock"] == created["clock"]
    assert [s["name"] for s in again["seats"]] == ["Ana", "Bo"]
    assert [i["seat"] for i in again["invites"]] == [0] and again["creator_key"]
    assert client.get(f"/v1/matches/{match}").get_json()["rematch"] == again["id"]
    twice = client.post(f"/v1/matches/{match}/rematch", headers=auth(created["creator_key"]))
    assert twice.status_code == 409 and twice.get_json()["type"] == "/problems/rematch-exists"
    stranger = client.post(f"/v1/matches/{match}/rematch", headers=auth("not-a-token"))
    assert stranger.status_code == 403


def test_a_bank_gives_time_past_the_move_clock_once(
        client: FlaskClient, app: Flask, clock: Clock, worker: Callable[[], None]) -> None:
    for _ in range(12):  # a deal seat 0 leads
        created = clocked(client, bank_seconds=3)
        token, deal = created["tokens"][0]["token"], created["deal"]["id"]
        seen = client.get(f"/v1/deals/{deal}", headers=auth(token)).get_json()
        if seen["turn"] == 0:
            break
    began = datetime.fromisoformat(deal_log(client, deal)[-1]["at"])
    assert datetime.fromisoformat(seen["deadline"]) == began + timedelta(seconds=4)
    clock.now = began + timedelta(seconds=2.5)  # past move_seconds, inside the bank
    resp = move(client, deal, token, seen["legal_moves"][0])
    assert resp.status_code == 200, resp.get_json()
    worker()
    later = client.get(f"/v1/deals/{deal}", headers=auth(token)).get_json()
    if later["turn"] == 0:  # 1.5 s of the bank is spent
        turn = datetime.fromisoformat(deal_log(client, deal)[-1]["at"])
        assert datetime.fromisoformat(later["deadline"]) == turn + timedelta(seconds=2.5)
    facts = app.extensions["tricklog.referee"].store.match_facts(created["id"])
    assert facts[b"bank:0"] == b"1500"


def test_a_lost_deadline_is_given_back_by_the_sweeper(
        client: FlaskClient, app: Flask, clock: Clock, worker: Callable[[], None]) -> None:
    """A Redis restart without its data loses the deadlines' set: the sweeper adds back the
    deadline of every person's clocked turn, and the keeper then enforces it."""
    referee = app.extensions["tricklog.referee"]
    created = clocked(client)
    worker()
    assert referee.store.deadlines.pending() == 1
    referee.store._redis.delete(keys.deadlines_key())
    sweep(referee, lambda *_: False)
    assert referee.store.deadlines.pending() == 1
    clock.pass_(5)
    assert list(ClockKeeper(referee).tick().values()) == ["timed out"]
    log = deal_log(client, created["deal"]["id"])
    assert [e["type"] for e in log].count("timed_out") == 1


def test_the_match_view_has_the_current_turns_deadline(
        client: FlaskClient, clock: Clock, worker: Callable[[], None]) -> None:
    created = clocked(client)
    worker()
    token, deal = created["tokens"][0]["token"], created["deal"]["id"]
    seen = client.get(f"/v1/deals/{deal}", headers=auth(token)).get_json()
    assert client.get(f"/v1/matches/{created['id']}").get_json()["deadline"] == seen["deadline"]
    assert seen["deadline"] is not None
