"""Sueca Italiana (RULES.md §8): each for themselves. An auction (the dealer opens at 61 or
more, a pass is final, 120 ends it); the high bidder names trumps, may call a card whose holder
becomes a hidden partner, and leads or asks the partner to lead; then Sueca's card play.

Phases: bid -> trump -> call -> lead -> play -> score -> over. The partner is known to the
state (the called card's holder) but shown to nobody until ``partner_revealed``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .. import flow, trickplay, tricks
from ..errors import IllegalMove, InvalidDeal
from ..event_data import BID, PLAYED
from ..fairness import DealSecret, reveal
from ..family import Context
from ..messages import Command, Event, Move
from ..records import updater
from . import core
from .events import (
    CARD_CALLED,
    CONTRACT,
    LEAD_CHOSEN,
    PARTNER_REVEALED,
    PASS_EVENT,
    SCORED,
    TRUMP_CHOSEN,
    TricksScored,
)
from .rules import ItalianaRules

PASSED = -1
OPENING = 61
MAX_BID = 120


@dataclass(frozen=True)  # no slots: records.updater copies the instance dict
class ItalianaState:
    rules: ItalianaRules
    dealer: int
    hands: tuple[tuple[str, ...], ...]
    phase: str
    turn: int | None
    leader: int
    won: tuple[tuple[str, ...], ...]     # per seat
    tricks_won: tuple[int, ...]          # per seat
    bids: tuple[int | None, ...]         # None not yet, PASSED, or the bid
    trump: str | None = None
    trick: tuple[tuple[int, str], ...] = ()
    voids: tuple[tuple[str, ...], ...] = ()  # suits each seat has shown it lacks
    bidder: int | None = None
    bid: int = 0
    called: str | None = None
    partner: int | None = None           # hidden until revealed
    revealed: bool = False
    asked: bool = False                  # the bidder asked the partner to lead
    commitment: str | None = None
    result: dict[str, Any] | None = None


replace = updater(ItalianaState)


def dealt(rules: ItalianaRules, dealer: int, hands: list[list[str]], stock: list[str],
          trump_card: str | None, number: int) -> dict[str, Any]:
    if trump_card is not None:
        raise InvalidDeal("trump_card", "Sueca Italiana turns no trump card: it is bid")
    return {}


def start(rules: ItalianaRules, data: dict[str, Any]) -> ItalianaState:
    n, dealer = rules.players, data["dealer"]
    return ItalianaState(
        rules=rules, dealer=dealer, hands=tuple(tuple(h) for h in data["hands"]), phase="bid",
        turn=dealer, leader=dealer, won=((),) * n, tricks_won=(0,) * n, bids=(None,) * n,
        commitment=data.get("commitment"))


# -- deciding ------------------------------------------------------------------------------------

def legal_moves(state: ItalianaState, seat: int | None) -> list[dict[str, Any]]:
    if seat is None or seat != state.turn:
        return []
    phase = state.phase
    if phase == "bid":
        low = OPENING if state.bidder is None else state.bid + 1
        bids: list[dict[str, Any]] = [{"type": "bid", "value": v} for v in range(low, MAX_BID + 1)]
        opening = seat == state.dealer and state.bidder is None  # the dealer must open
        return bids if opening else [*bids, {"type": "pass"}]
    if phase == "trump":
        return [{"type": "trump", "suit": s} for s in "SHDC"]
    if phase == "call":
        return [*({"type": "call", "card": c} for c in state.rules.pack()),
                {"type": "call", "card": None}]
    if phase == "lead":
        return [{"type": "lead", "by": "self"}, {"type": "lead", "by": "partner"}]
    if phase == "play":
        cards = tricks.legal_cards(state.hands[seat], state.trick, state.trump)
        return [{"type": "play", "card": c} for c in cards]
    return []





def player_event(state: ItalianaState, command: Command) -> Event:
    seat, move = command.seat, command.move
    return trickplay.card_played(state, seat, move) or _checked(state, seat, move)


def _checked(state: ItalianaState, seat: int, move: Move) -> Event:
    """Every move but a legal card, checked against the list of legal moves."""
    legal = legal_moves(state, seat)
    flow.check_turn(state, seat, legal)
    wanted = move.to_dict()
    if wanted not in legal:
        raise IllegalMove(_rule(state, move.type, move.card), _why(state, move.type), legal)
    return _event(move, seat)


def _event(move: Move, seat: int) -> Event:
    """The event of a move ``_checked`` found among the legal moves (so its fields are set)."""
    if move.type == "bid" and move.value is not None:
        return BID({"value": move.value}, seat)
    if move.type == "pass":
        return PASS_EVENT({}, seat)
    if move.type == "trump" and move.suit is not None:
        return TRUMP_CHOSEN({"suit": move.suit}, seat)
    if move.type == "call":
        return CARD_CALLED({"card": move.card}, seat)
    if move.type == "lead":
        return LEAD_CHOSEN({"by": "self" if move.by == "self" else "partner"}, seat)
    if move.type == "play" and move.card is not None:
        return PLAYED({"card": move.card}, seat)
    raise ValueError(f"no event for the move {move.to_dict()}")


def _rule(state: ItalianaState, kind: str, card: str | None) -> str:
    if kind == "play" and state.phase == "play":
        return "card_not_held" if card not in state.hands[state.turn or 0] else "follow_suit"
    if kind == "bid" and state.phase == "bid":
        return "bid_too_low"
    if kind == "pass" and state.phase == "bid":
        return "dealer_must_open"
    return "move_type"


def _why(state: ItalianaState, kind: str) -> str:
    return {"play": "follow the led suit if you can", "bid": "bid more than the current bid "
            "(the dealer opens at 61 or more, at most 120)", "pass": "the dealer must open the "
            "auction"}.get(kind, f"a {kind!r} move is not allowed in phase {state.phase}")


def automatic(state: ItalianaState, secret: DealSecret | None) -> Event | None:
    if state.phase == "bid":
        return _auction_end(state)
    if state.phase == "play" and not state.revealed and state.called is not None and (
            state.asked or (state.trick and state.trick[-1][1] == state.called)):
        return PARTNER_REVEALED({"seat": state.partner})  # None: the bidder is alone
    if state.phase == "play" and len(state.trick) == state.rules.players:
        return core.take(state)
    if state.phase == "score":
        return SCORED(_score(state, secret))
    return None


def _auction_end(state: ItalianaState) -> Event | None:
    """§8.3: a bid of 120 passes everyone else at once; the last bidder standing wins."""
    if state.bidder is None:
        return None
    if state.bid == MAX_BID:
        n = state.rules.players
        waiting = [s for s in ((state.bidder + k) % n for k in range(1, n))
                   if state.bids[s] != PASSED]
        if waiting:
            return PASS_EVENT({"seat": waiting[0], "auto": True})
    if sum(1 for b in state.bids if b != PASSED) == 1:
        return CONTRACT({"seat": state.bidder, "bid": state.bid})
    return None


def _score(state: ItalianaState, secret: DealSecret | None) -> TricksScored:
    """§8.5: made, the bidder and partner each score the points taken; failed, each loses the
    bid and every opponent scores it."""
    bidder, bid = state.bidder, state.bid
    assert bidder is not None
    team = [bidder] + ([state.partner] if state.partner is not None else [])
    others = [s for s in range(state.rules.players) if s not in team]
    taken = core.card_points(state, team)
    made = taken >= bid
    net = [seat_score(taken, bid, s in team) for s in range(state.rules.players)]
    return {"sides": [team, others], "points": [taken, 120 - taken], "score": {
        "winner": 0 if made else 1, "winners": team if made else others, "bid": bid,
        "bidder": bidder, "partner": state.partner, "made": made, "match_points": net},
        "tricks": list(state.tricks_won), **reveal(state.commitment, secret)}


def seat_score(taken: int, bid: int, in_team: bool) -> int:
    """§8.5: a seat's score for the deal where the bidder's team took ``taken`` card points."""
    made = taken >= bid
    return (taken if made else -bid) if in_team else (0 if made else bid)


def match_winners(rules: ItalianaRules, totals: Sequence[float], deals: int,
                  carried: Sequence[Context]) -> list[int] | None:
    """§8.6: the highest total after the match's deals (2 × players by default)."""
    best = max(totals)
    return [s for s, t in enumerate(totals) if t == best] if deals >= rules.deals else None


# -- evolving ------------------------------------------------------------------------------------

def _on_bid(state: ItalianaState, event: Event) -> ItalianaState:
    seat = event.seat
    assert seat is not None
    bids = list(state.bids)
    bids[seat] = event.data["value"]
    return _next_bidder(replace(state, bids=tuple(bids), bidder=seat, bid=event.data["value"]),
                        seat)


def _on_passed(state: ItalianaState, event: Event) -> ItalianaState:
    seat = event.seat if event.seat is not None else event.data["seat"]
    bids = list(state.bids)
    bids[seat] = PASSED
    return _next_bidder(replace(state, bids=tuple(bids)), seat)


def _next_bidder(state: ItalianaState, seat: int) -> ItalianaState:
    for k in range(1, state.rules.players + 1):
        nxt = (seat + k) % state.rules.players
        if state.bids[nxt] != PASSED and nxt != state.bidder:
            return replace(state, turn=nxt)
    return replace(state, turn=None)


def _on_contract(state: ItalianaState, event: Event) -> ItalianaState:
    return replace(state, phase="trump", turn=event.data["seat"], leader=event.data["seat"])


def _on_trump(state: ItalianaState, event: Event) -> ItalianaState:
    return replace(state, trump=event.data["suit"], phase="call")


def _on_called(state: ItalianaState, event: Event) -> ItalianaState:
    card = event.data["card"]
    if card is None:
        return replace(state, called=None, phase="play", turn=state.bidder, revealed=True)
    holder = next((s for s, h in enumerate(state.hands) if card in h), None)
    partner = holder if holder != state.bidder else None
    return replace(state, called=card, partner=partner, phase="lead")


def _on_lead(state: ItalianaState, event: Event) -> ItalianaState:
    assert state.bidder is not None
    asked = event.data["by"] == "partner"
    leader = state.partner if asked and state.partner is not None else state.bidder
    return replace(state, phase="play", leader=leader, turn=leader, asked=asked)


def _on_revealed(state: ItalianaState, event: Event) -> ItalianaState:
    return replace(state, revealed=True)


def _on_played(state: ItalianaState, event: Event) -> ItalianaState:
    assert event.seat is not None
    return replace(state, trickplay.played(state, event.seat, event.data["card"]))


def _on_taken(state: ItalianaState, event: Event) -> ItalianaState:
    return replace(state, core.taken(state, event))


def _on_scored(state: ItalianaState, event: Event) -> ItalianaState:
    return replace(state, phase="over", turn=None, result=core.result_of(event), revealed=True)


MUTATORS = {
    "bid": _on_bid, "passed": _on_passed, "contract": _on_contract, "trump_chosen": _on_trump,
    "card_called": _on_called, "lead_chosen": _on_lead, "partner_revealed": _on_revealed,
    "played": _on_played, "trick_taken": _on_taken, "scored": _on_scored,
}


def evolve(state: ItalianaState, event: Event) -> ItalianaState:
    return MUTATORS[event.type](state, event)
