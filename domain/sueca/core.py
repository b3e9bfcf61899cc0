"""What Sueca and Sueca Italiana share: the deal (one packet a player from the dealer's right,
the dealer last), tricks worth their card points (A 11, 7 10, K 4, J 3, Q 2), the cards each
seat has won, the deal passing to the right, and the common part of a seat's view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from .. import trickplay, tricks
from ..errors import InvalidDeal
from ..family import DealResult
from ..messages import Event
from ..trickplay import TrickState
from .events import TRICK_TAKEN
from .rules import CARD_POINTS


class SuecaLike(TrickState, Protocol):
    @property
    def dealer(self) -> int: ...
    @property
    def won(self) -> tuple[tuple[str, ...], ...]: ...


def deal_layout(rules: Any, deck: list[str], dealer: int, number: int = 1
                ) -> tuple[list[list[str]], list[str]]:
    """§7.2/§8.2: one packet per player from the dealer's right (``next``), dealer last."""
    n, size = rules.players, rules.hand_size
    hands: list[list[str]] = [[] for _ in range(n)]
    for k in range(n):
        hands[(dealer + 1 + k) % n] = deck[k * size : (k + 1) * size]
    return hands, []


def check_prearranged(rules: Any, hands: list[list[str]], stock: list[str],
                      number: int = 1) -> None:
    if len(hands) != rules.players or any(len(h) != rules.hand_size for h in hands):
        raise InvalidDeal("hands", f"need {rules.players} hands of {rules.hand_size} cards")
    if stock:
        raise InvalidDeal("stock", "every card is dealt: the stock must be empty")
    if sorted(c for h in hands for c in h) != sorted(rules.pack()):
        raise InvalidDeal("hands", "the hands together must be the pack, each card once")


def take(state: SuecaLike) -> Event:
    """A full trick is taken by its winner, with its card points."""
    seat = tricks.trick_winner(state.trick, state.trump, state.rules.order)
    cards = [c for _, c in state.trick]
    return TRICK_TAKEN({"seat": seat, "cards": cards,
                        "points": sum(map(CARD_POINTS.__getitem__, cards))})


def taken(state: SuecaLike, event: Event) -> dict[str, Any]:
    """The fields a trick taken changes, the winner's won cards included."""
    seat = event.data["seat"]
    won = list(state.won)
    won[seat] = won[seat] + tuple(event.data["cards"])
    return {**trickplay.taken(state, seat), "won": tuple(won)}


def card_points(state: SuecaLike, seats: list[int]) -> int:
    value = CARD_POINTS.__getitem__
    return sum(sum(map(value, state.won[s])) for s in seats)


def result_of(event: Event) -> dict[str, Any]:
    return {k: event.data[k] for k in ("sides", "points", "score")}


def next_dealer(rules: Any, dealer: int, result: DealResult) -> int:
    """§7.2, §8.2 [choice]: the deal passes to the dealer's right, the next seat in play;
    after a redeal (§7.7) the same dealer deals again."""
    score: Mapping[str, object] = result.get("score") or {}
    if score.get("redeal") is not None:
        return dealer
    return (dealer + 1) % int(rules.players)


def view(state: SuecaLike, seat: int | None, legal: list[dict[str, Any]],
         public: dict[str, Any]) -> dict[str, Any]:
    """The view both games share; each adds its own fields."""
    return {
        "phase": state.phase, "dealer": state.dealer, "leader": state.leader,
        "turn": state.turn, "seat": seat,
        "hand": list(state.hands[seat]) if seat is not None else [],
        "hand_sizes": list(map(len, state.hands)), "stock_size": 0,
        **trickplay.table(state), "trump": state.trump, "sides": state.rules.sides,
        "tricks": list(state.tricks_won), "legal_moves": legal,
        "public": {"won": list(map(list, state.won)),
                   "voids": list(map(list, state.voids)), **public},
    }
