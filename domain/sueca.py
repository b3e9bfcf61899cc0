"""Sueca and Sueca Italiana as one ruleset module (RULES.md §7-§8).

Sueca: the dealer's last card is turned for trumps; follow suit, trumping optional; team game
points. Italiana: an auction (the dealer opens at 61 or more, a pass is final, 120 ends it), the
high bidder names trumps, may call a card whose holder becomes a hidden partner, and leads or
asks the partner to lead. Phases: bid -> trump -> call -> lead -> play -> score -> over.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import flow, tricks
from .cards import suit
from .errors import IllegalMove, InvalidDeal
from .fairness import DealSecret
from .messages import Command, Event
from .records import updater
from .sueca_rules import POINTS, WEAK_HAND, SuecaRules
from .sueca_scoring import score

PASSED = -1
OPENING = 61
MAX_BID = 120


@dataclass(frozen=True, slots=True)
class SuecaState:
    rules: SuecaRules
    dealer: int
    hands: tuple[tuple[str, ...], ...]
    phase: str
    turn: int | None
    leader: int
    won: tuple[tuple[str, ...], ...]     # per seat
    tricks_won: tuple[int, ...]          # per seat
    trump: str | None = None
    trump_card: str | None = None        # Sueca: public until played
    trick: tuple[tuple[int, str], ...] = ()
    bids: tuple[int | None, ...] = ()    # Italiana: None not yet, PASSED, or the bid
    bidder: int | None = None
    bid: int = 0
    called: str | None = None
    partner: int | None = None           # hidden until revealed
    revealed: bool = False
    asked: bool = False                  # the bidder asked the partner to lead
    voids: tuple[tuple[str, ...], ...] = ()  # suits each seat has shown it lacks
    carry: int = 0
    redeal: int | None = None            # the seat that asked for a redeal (§7.7, Brazil)
    commitment: str | None = None
    result: dict[str, Any] | None = None


replace = updater(SuecaState)


# -- dealing -------------------------------------------------------------------------------------

def deal_layout(rules: SuecaRules, deck: list[str], dealer: int, number: int = 1
                ) -> tuple[list[list[str]], list[str]]:
    """§7.2/§8.2: one packet per player from the dealer's right (``next``), dealer last."""
    n, size = rules.players, rules.hand_size
    hands: list[list[str]] = [[] for _ in range(n)]
    for k in range(n):
        hands[(dealer + 1 + k) % n] = deck[k * size : (k + 1) * size]
    return hands, []


def check_prearranged(rules: SuecaRules, hands: list[list[str]], stock: list[str],
                      number: int = 1) -> None:
    if len(hands) != rules.players or any(len(h) != rules.hand_size for h in hands):
        raise InvalidDeal("hands", f"need {rules.players} hands of {rules.hand_size} cards")
    if stock:
        raise InvalidDeal("stock", "every card is dealt: the stock must be empty")
    if sorted(c for h in hands for c in h) != sorted(rules.pack()):
        raise InvalidDeal("hands", "the hands together must be the pack, each card once")


def dealt(rules: SuecaRules, dealer: int, hands: list[list[str]], trump_card: str | None,
          number: int) -> dict[str, Any]:
    """Sueca's ``dealt`` adds the turned trump (§7.2: the dealer's tenth card, face up)."""
    if rules.italiana:
        if trump_card is not None:
            raise InvalidDeal("trump_card", "Sueca Italiana turns no trump card: it is bid")
        return {}
    card = trump_card or hands[dealer][-1]
    if card not in hands[dealer]:
        raise InvalidDeal("trump_card", "the trump card must be one of the dealer's cards")
    return {"trump_card": card}


def start(rules: SuecaRules, data: dict[str, Any]) -> SuecaState:
    n = rules.players
    common: dict[str, Any] = {
        "rules": rules, "dealer": data["dealer"], "hands": tuple(tuple(h) for h in data["hands"]),
        "won": ((),) * n, "tricks_won": (0,) * n, "commitment": data.get("commitment"),
        "carry": data.get("carry", 0)}
    if rules.italiana:
        return SuecaState(**common, phase="bid", turn=data["dealer"], leader=data["dealer"],
                          bids=(None,) * n)
    card = data["trump_card"]
    return SuecaState(**common, phase="play", turn=data["leader"], leader=data["leader"],
                      trump=suit(card), trump_card=card)


# -- deciding ------------------------------------------------------------------------------------

def legal_moves(state: SuecaState, seat: int | None) -> list[dict[str, Any]]:
    redeal = [{"type": "redeal"}] if seat is not None and _may_redeal(state, seat) else []
    if seat is None or seat != state.turn:
        return redeal
    return _turn_moves(state, seat) + redeal


def _may_redeal(state: SuecaState, seat: int) -> bool:
    """§7.7 (Brazil, ``weak_hand_redeal``): before the first card, the player to lead with
    fewer than 10 card points in hand, or any other player with fewer than 5, may ask for a
    redeal, in turn or not."""
    if not state.rules.weak_hand_redeal or state.phase != "play" or state.trick or any(
            state.tricks_won):
        return False
    weak = WEAK_HAND["leader" if seat == state.leader else "other"]
    return tricks.points(state.hands[seat], POINTS) < weak


def _turn_moves(state: SuecaState, seat: int) -> list[dict[str, Any]]:
    phase = state.phase
    if phase == "bid":
        low = OPENING if state.bidder is None else state.bid + 1
        moves: list[dict[str, Any]] = [{"type": "bid", "value": v} for v in range(low, MAX_BID + 1)]
        return moves if seat == state.dealer and state.bidder is None else moves + [
            {"type": "pass"}]
    if phase == "trump":
        return [{"type": "trump", "suit": s} for s in "SHDC"]
    if phase == "call":
        return [{"type": "call", "card": c} for c in state.rules.pack()] + [
            {"type": "call", "card": None}]
    if phase == "lead":
        return [{"type": "lead", "by": "self"}, {"type": "lead", "by": "partner"}]
    if phase == "play":
        cards = tricks.legal_cards(state.hands[seat], state.trick, state.trump)
        return [{"type": "play", "card": c} for c in cards]
    return []


def decide(state: SuecaState, command: Command) -> list[Event]:
    return flow.decide(state, command, _player_event, _automatic, evolve)


def settle(state: SuecaState, secret: DealSecret | None) -> list[Event]:
    return flow.settle(state, secret, _automatic, evolve)


def _player_event(state: SuecaState, command: Command) -> Event:
    seat, move = command.seat, command.move
    legal = legal_moves(state, seat)
    if move.type == "redeal":
        if not _may_redeal(state, seat):
            raise IllegalMove("redeal", "a redeal may be asked only before the first card, by "
                              "the player to lead holding fewer than 10 card points or another "
                              "player holding fewer than 5", legal)
        return Event("redeal_asked", {}, seat)
    flow.check_turn(state, seat, legal)
    wanted = move.to_dict()
    if wanted not in legal:
        raise IllegalMove(_rule(state, move.type, move.card), _why(state, move.type), legal)
    kind = {"bid": "bid", "pass": "passed", "trump": "trump_chosen", "call": "card_called",
            "lead": "lead_chosen", "play": "played"}[move.type]
    data = {k: v for k, v in wanted.items() if k != "type"}
    if move.type == "call":
        data = {"card": move.card}
    return Event(kind, data, seat)


def _rule(state: SuecaState, kind: str, card: str | None) -> str:
    if kind == "play" and state.phase == "play":
        return "card_not_held" if card not in state.hands[state.turn or 0] else "follow_suit"
    if kind == "bid" and state.phase == "bid":
        return "bid_too_low"
    if kind == "pass" and state.phase == "bid":
        return "dealer_must_open"
    return "move_type"


def _why(state: SuecaState, kind: str) -> str:
    return {"play": "follow the led suit if you can", "bid": "bid more than the current bid "
            "(the dealer opens at 61 or more, at most 120)", "pass": "the dealer must open the "
            "auction"}.get(kind, f"a {kind!r} move is not allowed in phase {state.phase}")


def _automatic(state: SuecaState, secret: DealSecret | None) -> Event | None:
    phase = state.phase
    if phase == "bid":
        if state.bid == MAX_BID and state.bidder is not None:  # §8.3: 120 ends the auction
            n = state.rules.players
            waiting = [s for s in ((state.bidder + k) % n for k in range(1, n))
                       if state.bids[s] != PASSED]
            if waiting:
                return Event("passed", {"seat": waiting[0], "auto": True})
        if sum(1 for b in state.bids if b != PASSED) == 1 and state.bidder is not None:
            return Event("contract", {"seat": state.bidder, "bid": state.bid})
    if phase == "play" and not state.revealed and state.called is not None and (
            state.asked or (state.trick and state.trick[-1][1] == state.called)):
        return Event("partner_revealed", {"seat": state.partner})  # None: the bidder is alone
    if phase == "play" and state.trick and len(state.trick) == state.rules.players:
        return _take(state)
    if phase == "score":
        return Event("scored", score(state, secret))
    return None


def _take(state: SuecaState) -> Event:
    seat = tricks.trick_winner(state.trick, state.trump, state.rules.order)
    cards = [c for _, c in state.trick]
    return Event("trick_taken", {"seat": seat, "cards": cards,
                                 "points": tricks.points(cards, POINTS)})


def next_dealer(rules: SuecaRules, dealer: int, result: dict[str, Any]) -> int:
    """§7.2, §8.2 [choice]: the deal passes to the dealer's right, the next seat in play; after
    a redeal (§7.7) the same dealer deals again."""
    if result.get("score", {}).get("redeal") is not None:
        return dealer
    return (dealer + 1) % rules.players


def match_winner(rules: SuecaRules, totals: list[int], deals: int,
                 tiebreak: list[int] | None = None) -> int | None:
    """Sueca: the first team to 4 game points. Italiana: the highest total after N deals."""
    if rules.italiana:
        return totals.index(max(totals)) if deals >= rules.target else None
    best = max(totals)
    return totals.index(best) if best >= rules.target else None


# -- evolving ------------------------------------------------------------------------------------

def _next(state: SuecaState, seat: int) -> int:
    return (seat + 1) % state.rules.players


def _on_bid(state: SuecaState, event: Event) -> SuecaState:
    seat = event.seat
    assert seat is not None
    bids = list(state.bids)
    bids[seat] = event.data["value"]
    return _next_bidder(replace(state, bids=tuple(bids), bidder=seat, bid=event.data["value"]),
                        seat)


def _on_passed(state: SuecaState, event: Event) -> SuecaState:
    seat = event.seat if event.seat is not None else event.data["seat"]
    bids = list(state.bids)
    bids[seat] = PASSED
    return _next_bidder(replace(state, bids=tuple(bids)), seat)


def _next_bidder(state: SuecaState, seat: int) -> SuecaState:
    for k in range(1, state.rules.players + 1):
        nxt = (seat + k) % state.rules.players
        if state.bids[nxt] != PASSED and nxt != state.bidder:
            return replace(state, turn=nxt)
    return replace(state, turn=None)


def _on_contract(state: SuecaState, event: Event) -> SuecaState:
    return replace(state, phase="trump", turn=event.data["seat"], leader=event.data["seat"])


def _on_trump(state: SuecaState, event: Event) -> SuecaState:
    return replace(state, trump=event.data["suit"], phase="call")


def _on_called(state: SuecaState, event: Event) -> SuecaState:
    card = event.data["card"]
    holder = next((s for s, h in enumerate(state.hands) if card in h), None)
    partner = holder if holder != state.bidder else None
    if card is None:
        return replace(state, called=None, phase="play", turn=state.bidder, revealed=True)
    return replace(state, called=card, partner=partner, phase="lead")


def _on_lead(state: SuecaState, event: Event) -> SuecaState:
    assert state.bidder is not None
    asked = event.data["by"] == "partner"
    leader = state.partner if asked and state.partner is not None else state.bidder
    return replace(state, phase="play", leader=leader, turn=leader, asked=asked)


def _on_revealed(state: SuecaState, event: Event) -> SuecaState:
    return replace(state, revealed=True)


def _on_played(state: SuecaState, event: Event) -> SuecaState:
    seat, card = event.seat, event.data["card"]
    assert seat is not None
    hand = list(state.hands[seat])
    hand.remove(card)
    hands = state.hands[:seat] + (tuple(hand),) + state.hands[seat + 1 :]
    trick = state.trick + ((seat, card),)
    trump_card = None if card == state.trump_card else state.trump_card
    turn = None if len(trick) == state.rules.players else _next(state, seat)
    voids = tricks.note_void(state.voids, state.trick, seat, card, state.rules.players)
    return replace(state, hands=hands, trick=trick, turn=turn, trump_card=trump_card,
                   voids=voids)


def _on_taken(state: SuecaState, event: Event) -> SuecaState:
    seat = event.data["seat"]
    won = list(state.won)
    won[seat] = won[seat] + tuple(event.data["cards"])
    counts = list(state.tricks_won)
    counts[seat] += 1
    state = replace(state, won=tuple(won), tricks_won=tuple(counts), trick=(), leader=seat)
    if not any(state.hands):
        return replace(state, phase="score", turn=None)
    return replace(state, turn=seat)


def _on_redeal(state: SuecaState, event: Event) -> SuecaState:
    return replace(state, redeal=event.seat, phase="score", turn=None)


def _on_scored(state: SuecaState, event: Event) -> SuecaState:
    result = {k: event.data[k] for k in ("sides", "points", "score")}
    return replace(state, phase="over", turn=None, result=result, revealed=True)


MUTATORS = {
    "bid": _on_bid, "passed": _on_passed, "contract": _on_contract, "trump_chosen": _on_trump,
    "card_called": _on_called, "lead_chosen": _on_lead, "partner_revealed": _on_revealed,
    "played": _on_played, "trick_taken": _on_taken, "redeal_asked": _on_redeal,
    "scored": _on_scored,
}


def evolve(state: SuecaState, event: Event) -> SuecaState:
    return MUTATORS[event.type](state, event)
