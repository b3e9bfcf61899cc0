"""Webhook bots: registered by the operator; read, rotated, resumed and deleted by the
operator or the bot's owner (``Authorization: Bearer <bot key>``, the key its registration
returned). Like ``routes.py``, each route only translates."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, request

from events.referee import bots
from workers.webhooks import NotAllowed, check_url

from . import schemas
from .operator import require_operator
from .problems import Problem
from .routes import bearer, body, referee
from .wire import json_response

bot_routes = Blueprint("bots", __name__, url_prefix="/v1/bots")


@bot_routes.post("")
def post_bot() -> Response:
    require_operator()
    data = schemas.BotIn().load(body())
    try:
        check_url(data["url"], current_app.extensions["tricklog.settings"].webhook_allow)
    except NotAllowed as exc:  # the operator's allowlist, not the body's shape
        raise Problem("forbidden", f"webhook URL not allowed: {exc}") from None
    return json_response(bots.register(referee(), data["name"], data["url"]), 201)


@bot_routes.get("")
def list_bots() -> Response:
    require_operator()
    return json_response({"bots": bots.listed(referee())})


def managed(bot_id: str) -> dict[str, Any]:
    """The bot, for its owner (its key as the bearer) or the operator; 404 only to them, so
    nobody else learns which ids exist."""
    bot = bots.webhook(referee(), bot_id)
    if bot is None or not bots.is_owner(bot, bearer()):
        require_operator()
    return bots.get(referee(), bot_id)


@bot_routes.get("/<bot_id>")
def get_bot(bot_id: str) -> Response:
    return json_response(bots.public(referee(), managed(bot_id)))


@bot_routes.delete("/<bot_id>")
def delete_bot(bot_id: str) -> Response:
    managed(bot_id)
    bots.delete(referee(), bot_id)
    return Response(status=204)


@bot_routes.post("/<bot_id>/secret")
def rotate_secret(bot_id: str) -> Response:
    """No body: the old secret signs nothing more; ``{"previous_valid_for": seconds}``: it
    signs beside the new one that long."""
    managed(bot_id)
    sent = request.content_length or "Transfer-Encoding" in request.headers
    data = schemas.RotateIn().load(body()) if sent else {}
    return json_response(bots.rotate(referee(), bot_id, data.get("previous_valid_for", 0)))


@bot_routes.post("/<bot_id>/resume")
def resume_bot(bot_id: str) -> Response:
    managed(bot_id)
    return json_response(bots.resume(referee(), bot_id))
