"""schemathesis over openapi.yaml against the app on a real Redis: zero 5xx, zero schema
violations. Seeded and derandomized so CI runs are repeatable.

Every check runs, with one exception: ``positive_data_acceptance`` on ``POST /v1/matches``.
A schema-valid body there can still be refused with 422 for what JSON Schema cannot say (the
number of seats must equal ``players``; a prearranged deal must be a deal of the pack), and that
422 is the answer a client needs.

The schema is read from ``openapi.yaml`` (the file ``/openapi.json`` serves) when the module is
imported, so each operation is a test of its own: ``make test`` spreads them over its processes
(pytest-xdist). Each test calls its own app, on the test's own Redis, through ``CURRENT``: the
schema's WSGI app, so that schemathesis' own probes (a request without the token, for one) go
to it as the cases do.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
import schemathesis
from flask import Flask
from hypothesis import HealthCheck, settings
from schemathesis.checks import CHECKS
from schemathesis.specs.openapi.checks import positive_data_acceptance

from api.app import create_app
from events.config import Settings
from tests.http import claim_seats

EXAMPLES = 150
LIVE: dict[str, Any] = {}


SPEC = Path(__file__).resolve().parents[2] / "openapi.yaml"


class CurrentApp:
    """The WSGI app the schema calls: the running test's (``api_app``)."""

    app: Flask | None = None

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        assert self.app is not None, "a case called outside a test"
        return self.app(environ, start_response)


CURRENT = CurrentApp()
contract = schemathesis.openapi.from_path(SPEC)
contract.app = CURRENT
# The event stream stays open while its deal runs: it has its own tests
# (tests/integration/test_third_party_bots.py).
schema = contract.exclude(operation_id="getStream")


@pytest.fixture
def api_app(redis_client: redis.Redis) -> Iterator[Flask]:
    CURRENT.app = create_app(Settings.from_env(redis_url="unused"), client=redis_client)
    yield CURRENT.app
    CURRENT.app = None


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_api_conforms_to_openapi(case: schemathesis.Case, api_app: Flask) -> None:
    excluded = []
    if case.operation.label == "POST /v1/matches":
        excluded.append(positive_data_acceptance)
    case.call_and_validate(excluded_checks=excluded)


def test_every_check_is_known() -> None:
    assert positive_data_acceptance in CHECKS.get_all()


@pytest.fixture
def live_app(api_app: Flask) -> Flask:
    """The same app, with a live 4-player deal that positive cases are pointed at."""
    test_client = api_app.test_client()
    created = test_client.post("/v1/matches", json={
        "ruleset": "sedma", "players": 4, "seed": "schemathesis",
        "seats": [{"name": f"P{i}"} for i in range(4)]}).get_json()
    LIVE.update(deal=created["deal"]["id"], tokens=claim_seats(test_client, created),
                app=api_app)
    return api_app


live = contract.include(path_regex="^/v1/deals/").exclude(operation_id="getStream")


@live.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_live_deal_conforms_to_openapi(case: schemathesis.Case, live_app: Flask) -> None:
    """Positive cases hit a real deal with the token of the seat to act, so moves are really
    decided: 200 for a legal one, 409 for the rest, and never a 5xx."""
    info = LIVE
    meta = case.meta
    if meta is not None and meta.generation.mode.is_positive:
        case.path_parameters = {**(case.path_parameters or {}), "deal_id": info["deal"]}
        client = info["app"].test_client()
        turn = client.get(f"/v1/deals/{info['deal']}").get_json()["turn"]
        if turn is not None:
            token = info["tokens"][turn]
            case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}
    case.call_and_validate()


@pytest.fixture
def stateful_app(redis_client: redis.Redis):  # type: ignore[no-untyped-def]
    app = create_app(Settings.from_env(redis_url="unused"), client=redis_client)
    return app, redis_client


def test_stateful_links_create_read_move(stateful_app) -> None:  # type: ignore[no-untyped-def]
    """A stateful run: create matches, then follow the OpenAPI links to their deals, moves and
    events, with zero 5xx and zero schema violations. Match ids come from a counter reset with
    the store before every scenario, so a replayed scenario sees the same ids."""
    app, client = stateful_app
    referee = app.extensions["tricklog.referee"]
    loaded = schemathesis.openapi.from_wsgi("/openapi.json", app).exclude(
        operation_id="getStream")

    class Machine(loaded.as_state_machine()):  # type: ignore[misc]
        def setup(self) -> None:
            client.flushdb()
            counter = iter(range(1, 10**9))
            referee.new_id = lambda: f"m{next(counter):016x}"

        def validate_response(self, response, case, additional_checks=None,  # type: ignore[no-untyped-def]
                              **kwargs):
            excluded = ([positive_data_acceptance]
                        if case.operation.label == "POST /v1/matches" else [])
            case.validate_response(response, additional_checks=additional_checks,
                                   excluded_checks=excluded, transport_kwargs=kwargs or None)

    Machine.TestCase.settings = settings(max_examples=30, stateful_step_count=6, deadline=None,
                                         derandomize=True, database=None,
                                         suppress_health_check=list(HealthCheck))
    Machine.TestCase().runTest()
