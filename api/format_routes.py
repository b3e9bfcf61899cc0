"""The other formats at paths of their own. A client generated from ``openapi.yaml`` reads
each operation's answer one way (JSON into models, or text), so the forms a request asks for
with ``Accept`` on the JSON paths (the sheet as CSV or text, an export as JSON Lines) each
have a path too, whose answer is typed as a string. Like ``routes.py``, each only translates."""

from __future__ import annotations

from flask import Blueprint, Response

from events.referee import deals, sheets

from .routes import referee, sheet_answer
from .wire import items_response

format_routes = Blueprint("formats", __name__, url_prefix="/v1")


@format_routes.get("/matches/<match_id>/sheet.csv")
def sheet_csv(match_id: str) -> Response:
    return sheet_answer(sheets.sheet(referee(), match_id), "text/csv")


@format_routes.get("/matches/<match_id>/sheet.txt")
def sheet_text(match_id: str) -> Response:
    return sheet_answer(sheets.sheet(referee(), match_id), "text/plain")


@format_routes.get("/deals/<deal_id>/export.jsonl")
def export_jsonl(deal_id: str) -> Response:
    return items_response(deals.export(referee(), deal_id), deal_id, lines=True)


@format_routes.get("/matches/<match_id>/export.jsonl")
def match_export_jsonl(match_id: str) -> Response:
    return items_response(deals.match_export(referee(), match_id), match_id, lines=True)
