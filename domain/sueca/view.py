"""What one seat of a Sueca or Sueca Italiana deal may see. Italiana's hidden partner appears
in no view and no feed until the called card is played (or the bidder asks the partner to
lead)."""

from __future__ import annotations

from typing import Any

from ..family import Page
from ..redaction import deal_only, with_ending
from . import core, italiana, sueca
from .italiana import ItalianaState
from .rules import ITALIANA_SIX_RANKS, ItalianaRules, SuecaRules
from .sueca import SuecaState


def sueca_view(state: SuecaState, seat: int | None) -> dict[str, Any]:
    out = core.view(state, seat, sueca.legal_moves(state, seat), {})
    out.update(trump_card=state.trump_card, carry=state.carry)
    return with_ending(out, state)


def italiana_view(state: ItalianaState, seat: int | None) -> dict[str, Any]:
    out = core.view(state, seat, italiana.legal_moves(state, seat),
                    {"revealed": state.revealed, "asked": state.asked})
    out.update(trump_card=None, called=state.called, bidder=state.bidder, bid=state.bid,
               bids=[None if b is None else ("pass" if b < 0 else b) for b in state.bids],
               partner=state.partner if state.revealed else None)
    return with_ending(out, state)


hidden = deal_only


def sueca_page(rules: SuecaRules) -> Page:
    """§7: follow suit, the dealer's card turned for trumps, a rubber of game points; played
    counter-clockwise but in Brazil (§1.2)."""
    return Page(ranks=ITALIANA_SIX_RANKS, clockwise=rules.preset == "sueca-brazil",
                target_unit="game point")


def italiana_page(rules: ItalianaRules) -> Page:
    """§8: an auction in card points, trumps named by its winner, counter-clockwise."""
    return Page(ranks=ITALIANA_SIX_RANKS, clockwise=False, trumps="named", bids="points")
