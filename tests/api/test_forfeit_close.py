"""A forfeit on the clock closes the deal it happened in (issue 28's leftover): the match's
``ended``, then the deal's ``abandoned``; the deal is over with no result, every card public,
its export and its audit work (the audit is clean), its replay ends, and nothing moves after."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from events import fairplay
from events.audit import audit_export
from events.referee import clocks
from tests.api.test_clocks import Clock, clock, clocked, deal_log, match_log, run_until
from tests.http import auth, create, move, play_randomly
from workers.sweeper import sweep

__all__ = ["clock"]  # the fixture, used by name


def forfeited(client: FlaskClient, app: Flask, clock: Clock, worker: Callable[[], None]
              ) -> tuple[dict[str, Any], str]:
    """A match whose seat 0 never moves, ended on its forfeit; its last deal's id."""
    created = clocked(client, on_timeout="forfeit")
    view = run_until(client, app, clock, worker, created["id"],
                     lambda v: v["status"] == "over")
    assert view["winners"] == [1] and view["deals"][-1]["status"] == "abandoned"
    return created, view["deals"][-1]["id"]


def audited(client: FlaskClient, worker: Callable[[], None], deal: str) -> dict[str, Any]:
    resp = client.post("/v1/audits", json={"deal_id": deal})
    assert resp.status_code == 202, resp.get_json()
    worker()
    done = client.get(f"/v1/jobs/{resp.get_json()['id']}").get_json()
    assert done["status"] == "finished", done
    return done["result"]  # type: ignore[no-any-return]


def test_a_forfeit_closes_its_deal_which_exports_and_audits_clean(
        client: FlaskClient, app: Flask, clock: Clock, worker: Callable[[], None]) -> None:
    created, deal = forfeited(client, app, clock, worker)
    token = created["tokens"][0]["token"]
    log = deal_log(client, deal)
    assert log[-2]["type"] == "timed_out" and log[-2]["data"]["forfeit"]
    closing = log[-1]
    assert closing["type"] == "abandoned" and closing["seat"] is None
    assert {k: closing["data"][k] for k in ("reason", "seat", "side")} == {
        "reason": "forfeit", "seat": 0, "side": 0}
    assert closing["data"]["reveal"]["seed"] and closing["data"]["reveal"]["nonce"]
    ended = match_log(app, created["id"])[-1]
    assert ended["type"] == "ended" and ended["data"]["forfeit"]["side"] == 0
    assert closing["at"] >= ended["at"]  # the match ends first

    view = client.get(f"/v1/deals/{deal}", headers=auth(token)).get_json()
    assert view["phase"] == "over" and view["turn"] is None and view["abandoned"] is True
    assert "result" not in view and len(view["hands"]) == 2  # every hand public
    assert client.get(f"/v1/deals/{deal}/events").get_json()["complete"] is True
    refused = move(client, deal, token, {"type": "play", "card": "7S"})
    assert refused.status_code == 409

    export = client.get(f"/v1/deals/{deal}/export")
    assert export.status_code == 200, export.get_json()
    lines = export.get_json()
    assert lines[-1]["type"] == "abandoned" and lines[-1]["salts"]  # the reveal opened
    offline = audit_export(lines)
    assert offline.ok, offline.to_text()
    assert any("abandoned" in w for w in offline.warnings)
    report = audited(client, worker, deal)
    assert report["ok"], report["text"]
    assert "match score and totals" in report["checks"]
    assert "match commitment and the deal's seed" in report["checks"]
    whole = client.get(f"/v1/matches/{created['id']}/export")
    assert whole.status_code == 200
    assert whole.get_json()[-1][-1]["type"] == "abandoned"

    last = len(log)
    replayed = client.get(f"/v1/deals/{deal}/replay?at={last}").get_json()
    assert replayed["phase"] == "over" and replayed["event"]["type"] == "abandoned"


def test_a_forfeit_deal_left_open_by_a_cut_worker_is_closed_by_the_sweeper(
        client: FlaskClient, app: Flask, clock: Clock, worker: Callable[[], None],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker dies between the match's ``ended`` and the deal's ``abandoned``."""
    closer = clocks.close_forfeited
    monkeypatch.setattr(clocks, "close_forfeited", lambda *_: False)
    created, deal = forfeited(client, app, clock, worker)
    assert deal_log(client, deal)[-1]["type"] == "timed_out"
    assert client.get(f"/v1/deals/{deal}/export").status_code == 409  # still running
    monkeypatch.setattr(clocks, "close_forfeited", closer)
    sweep(app.extensions["tricklog.referee"], lambda *_: False)
    assert deal_log(client, deal)[-1]["type"] == "abandoned"
    assert client.get(f"/v1/deals/{deal}/export").status_code == 200
    assert audited(client, worker, deal)["ok"]
    assert not closer(app.extensions["tricklog.referee"], deal)  # once


def test_deals_forfeited_before_they_were_closed_are_closed_once_by_the_repair(
        client: FlaskClient, app: Flask, clock: Clock, worker: Callable[[], None],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """An older store: a forfeited match whose deal never closed, out of the sweeper's set."""
    referee = app.extensions["tricklog.referee"]
    closer = clocks.close_forfeited
    monkeypatch.setattr(clocks, "close_forfeited", lambda *_: False)
    _, deal = forfeited(client, app, clock, worker)
    finished = clocked(client)  # a match that is not forfeited is left alone
    monkeypatch.setattr(clocks, "close_forfeited", closer)
    assert deal_log(client, deal)[-1]["type"] == "timed_out"
    assert clocks.close_every_forfeited(referee) == [deal]
    assert clocks.close_every_forfeited(referee) == []
    assert audited(client, worker, deal)["ok"]
    assert deal_log(client, finished["deal"]["id"])[-1]["type"] != "abandoned"


def test_fair_play_judges_the_scored_deals_and_leaves_an_abandoned_one_out(
        client: FlaskClient, app: Flask, clock: Clock, worker: Callable[[], None],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """(With Sueca's calibration lent to Sedma, the game these clock tests play.)"""
    sueca = fairplay.calibration()["families"]["sueca"]
    monkeypatch.setattr(fairplay, "calibrated", lambda rules: sueca)
    created, deal = forfeited(client, app, clock, worker)
    alone = client.get(f"/v1/matches/{created['id']}/fairplay")  # no scored deal to judge
    assert alone.status_code == 422 and alone.get_json()["type"].endswith("-unsupported")
    abandoned = client.get(f"/v1/deals/{deal}/export").get_json()
    played = create(client, players=2, options={"target_stakes": 1}, seed="fair")
    play_randomly(client, played, random.Random(2))
    scored = client.get(f"/v1/matches/{played['id']}/export").get_json()
    report = fairplay.report([*scored, abandoned], cards=4, playouts=2)
    assert report["deals"] == len(scored)
    with pytest.raises(fairplay.NotJudged):
        fairplay.report([abandoned])
