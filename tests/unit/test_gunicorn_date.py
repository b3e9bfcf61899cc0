"""The API workers' ``Date`` header, formatted once a second, is gunicorn's (issue 33)."""

from __future__ import annotations

import random

from gunicorn import util

from api.gunicorn_setup import http_date


def test_http_date_is_gunicorns() -> None:
    rng = random.Random(33)
    for _ in range(5000):
        moment = rng.uniform(0, 4e9)
        assert http_date(moment) == util.http_date(moment)
        assert http_date(moment + 0.0001) == util.http_date(moment + 0.0001)
    assert http_date() in {util.http_date(), http_date()}  # a second may turn between the two
