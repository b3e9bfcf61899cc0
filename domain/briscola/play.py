"""Briscola's deal and card play (RULES.md §13): three cards each, the next card turned for
trumps and put under the stock; any card may be played; the highest trump, else the highest
card of the suit led, takes the trick; its winner draws first and leads."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import drawing, flow, trickplay, tricks
from ..errors import IllegalMove, InvalidDeal
from ..event_data import DREW
from ..fairness import DealSecret, reveal
from ..family import Context, DealResult
from ..messages import Command, Event
from .events import SCORED, TRICK_TAKEN
from .rules import CARD_POINTS, WIN, BriscolaRules
from .state import BriscolaState


def deal_layout(rules: BriscolaRules, deck: list[str], dealer: int, number: int = 1
                ) -> tuple[list[list[str]], list[str]]:
    """§13.2: one card at a time from the dealer's right (the next seat in play), three each;
    the next card is turned and put under the stock: the stock's last card, drawn last."""
    n, size = rules.players, rules.hand_size
    hands: list[list[str]] = [[] for _ in range(n)]
    for k in range(n * size):
        hands[(dealer + 1 + k) % n].append(deck[k])
    turned = deck[n * size]
    return hands, [*deck[n * size + 1 :], turned]


def check_prearranged(rules: BriscolaRules, hands: list[list[str]], stock: list[str],
                      number: int = 1) -> None:
    if len(hands) != rules.players or any(len(h) != rules.hand_size for h in hands):
        raise InvalidDeal("hands", f"need {rules.players} hands of {rules.hand_size} cards")
    if sorted([c for h in hands for c in h] + list(stock)) != sorted(rules.pack()):
        raise InvalidDeal("hands", "hands and stock together must be the pack, each card once")


def dealt(rules: BriscolaRules, dealer: int, hands: list[list[str]], stock: list[str],
          trump_card: str | None, number: int) -> dict[str, Any]:
    """The turned card, public: the stock's last card (§13.2)."""
    if not stock:
        raise InvalidDeal("stock", "the stock holds the turned card: it cannot be empty")
    if trump_card is not None and trump_card != stock[-1]:
        raise InvalidDeal("trump_card", "the turned card is the stock's last card")
    return {"trump_card": stock[-1]}


def legal_moves(state: BriscolaState, seat: int | None) -> list[dict[str, Any]]:
    """§13.3: any card of the hand, in turn."""
    if seat is None or seat != state.turn or state.phase != "play":
        return []
    return [{"type": "play", "card": c} for c in state.hands[seat]]


def player_event(state: BriscolaState, command: Command) -> Event:
    seat, move = command.seat, command.move
    event = trickplay.card_played(state, seat, move, must_follow=False)
    if event is not None:
        return event
    legal = legal_moves(state, seat)
    flow.check_turn(state, seat, legal)
    if move.type != "play":
        raise IllegalMove("move_type", f"a {move.type!r} move is not a move of this game",
                          legal)
    raise IllegalMove("card_not_held", f"seat {seat} does not hold {move.card}", legal)


def automatic(state: BriscolaState, secret: DealSecret | None) -> Event | None:
    if state.phase == "play" and len(state.trick) == state.rules.players:
        seat = tricks.trick_winner(state.trick, state.trump, state.rules.order)
        cards = [c for _, c in state.trick]
        return TRICK_TAKEN({"seat": seat, "cards": cards,
                            "points": sum(map(CARD_POINTS.__getitem__, cards))})
    if state.phase == "draw":
        draws = drawing.draws([len(h) for h in state.hands], state.stock, state.leader,
                              state.rules.hand_size)
        return DREW({"draws": [{"seat": s, "card": c} for s, c in draws]})
    if state.phase == "score":
        result = score(state)
        return SCORED({"sides": result["sides"], "points": result["points"],
                       "score": result["score"], "tricks": list(state.tricks_won),
                       **reveal(state.commitment, secret)})
    return None


def side_points(state: BriscolaState) -> list[int]:
    value = CARD_POINTS.__getitem__
    return [sum(sum(map(value, state.won[s])) for s in side) for side in state.rules.sides]


def score(state: BriscolaState) -> dict[str, Any]:
    """§13.4: 61 or more of the 120 card points win the deal (one match point); 60-60 is a
    draw, worth nothing to either side."""
    sides = state.rules.sides
    points = side_points(state)
    win = next((i for i, p in enumerate(points) if p >= WIN), None)
    return {"sides": sides, "points": points, "score": {
        "winner": win, "winners": [] if win is None else sides[win],
        "match_points": [int(i == win) for i in range(len(sides))]}}


def next_dealer(rules: BriscolaRules, dealer: int, result: DealResult) -> int:
    """§13.2: the deal passes to the next seat in play (the dealer's right)."""
    return (dealer + 1) % rules.players


def match_winners(rules: BriscolaRules, totals: Sequence[float], deals: int,
                  carried: Sequence[Context]) -> list[int] | None:
    """§13.5: a match of one deal (``target`` 1) ends after it, both sides sharing a drawn one;
    otherwise the first side to ``target`` deal wins."""
    best = max(totals)
    if rules.target == 1 or best >= rules.target:
        return [s for s, t in enumerate(totals) if t == best]
    return None
