"""JSON on the wire: orjson for speed, one place for the options."""

from __future__ import annotations

from typing import Any

import orjson
from flask import Response


def dumps(value: Any) -> bytes:
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)


def json_response(value: Any, status: int = 200, headers: dict[str, str] | None = None
                  ) -> Response:
    return Response(orjson.dumps(value), status=status, mimetype="application/json",
                    headers=headers)
