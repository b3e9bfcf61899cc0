"""Disputes: a seat disputes a finished deal, an audit job fills in the report, and anyone
reads them (like the deal's export)."""

from __future__ import annotations

import secrets
from typing import Any

from . import deals
from .context import Referee
from .errors import DealRunning, NotFound, Unauthorized


def open_dispute(ref: Referee, deal_id: str, token: str | None, message: str) -> dict[str, Any]:
    if token is None:
        raise Unauthorized("a dispute needs the seat's token")
    deal = deals.load(ref, deal_id)
    seat = deal.meta.seat_of(token)
    if not deals.disclosed(ref, deal):  # its audit reads the whole log
        raise DealRunning(f"deal {deal_id} is still being played (here, or at a table dealt "
                          "the same cards)")
    dispute = {"id": "d" + secrets.token_hex(8), "deal_id": deal_id, "seat": seat,
               "message": message, "at": ref.clock(), "status": "auditing", "report": None}
    ref.store.save_dispute(deal_id, dispute)
    return dispute


def settle(ref: Referee, deal_id: str, dispute_id: str, report: dict[str, Any]) -> None:
    dispute = ref.store.dispute(deal_id, dispute_id)
    if dispute is None:
        raise NotFound("dispute", dispute_id)
    ref.store.save_dispute(deal_id, {**dispute, "status": "audited", "report": report})


def listing(ref: Referee, deal_id: str, token: str | None) -> list[dict[str, Any]]:
    """A deal's disputes with their audit reports. A dispute is opened only once its deal is
    ``disclosed``, and its report is made from the export, which is public then: so is the
    list, for a club's arbiter or any spectator with no seat (issue 31 item 9). Before that
    (there can be no dispute yet) only the match's seats may ask."""
    deal = deals.load(ref, deal_id)
    if not deals.disclosed(ref, deal):
        if token is None:
            raise Unauthorized("until the deal is over, its disputes are shown to the "
                               "match's seats")
        deal.meta.seat_of(token)
    return sorted(ref.store.disputes(deal_id), key=lambda d: d["at"])
