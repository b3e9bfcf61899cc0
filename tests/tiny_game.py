"""A tiny trick game defined outside ``domain/``, through the family contract alone.

Two players, six cards (A K Q of spades and hearts), three each; follow suit, the highest card
of the led suit takes the trick; a deal is worth its tricks; the match is one deal. It uses the
shared machinery any family may (the command flow, redaction, fairness, the trick engine) and
nothing of the API, the store or the workers: ``test_conformance.py`` registers it and plays it
over HTTP to show that a new game needs nothing else.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from domain import event_data, flow, tricks
from domain.errors import IllegalMove, InvalidDeal
from domain.fairness import DealSecret, reveal
from domain.family import Page
from domain.messages import Command, Event
from domain.options import Option
from domain.redaction import deal_only, with_ending
from domain.sampling import deal, unseen

PACK = ("AS", "KS", "QS", "AH", "KH", "QH")
ORDER = {"A": 3, "K": 2, "Q": 1}


@dataclass(frozen=True, slots=True)
class TinyRules:
    preset: str
    players: int
    options: dict[str, Any]
    order: dict[str, int]

    @property
    def sides(self) -> list[list[int]]:
        return [[0], [1]]

    def side_of(self, seat: int) -> int:
        return seat

    def pack(self) -> tuple[str, ...]:
        return PACK


@dataclass(frozen=True, slots=True)
class TinyState:
    rules: TinyRules
    dealer: int
    hands: tuple[tuple[str, ...], ...]
    phase: str
    turn: int | None
    leader: int
    tricks_won: tuple[int, ...] = (0, 0)
    trick: tuple[tuple[int, str], ...] = ()
    played: tuple[str, ...] = ()  # the cards of the tricks taken (public)
    commitment: str | None = None
    result: dict[str, Any] | None = None


def deal_layout(rules: TinyRules, deck: list[str], dealer: int, number: int = 1
                ) -> tuple[list[list[str]], list[str]]:
    first = (dealer + 1) % 2
    hands: list[list[str]] = [[], []]
    for i, card in enumerate(deck):
        hands[(first + i) % 2].append(card)
    return hands, []


def check_prearranged(rules: TinyRules, hands: list[list[str]], stock: list[str],
                      number: int = 1) -> None:
    if sorted(c for h in hands for c in h) != sorted(PACK) or stock or len(hands) != 2:
        raise InvalidDeal("hands", "two hands of three, the six cards once each")


def dealt(rules: TinyRules, dealer: int, hands: list[list[str]], stock: list[str],
          trump_card: str | None, number: int) -> dict[str, Any]:
    return {}


def start(rules: TinyRules, data: dict[str, Any]) -> TinyState:
    return TinyState(rules, data["dealer"], tuple(tuple(h) for h in data["hands"]), "play",
                     data["leader"], data["leader"], commitment=data.get("commitment"))


def legal_moves(state: TinyState, seat: int | None) -> list[dict[str, Any]]:
    if seat is None or seat != state.turn:
        return []
    return [{"type": "play", "card": c}
            for c in tricks.legal_cards(state.hands[seat], state.trick, None)]


def player_event(state: TinyState, command: Command) -> Event:
    legal = legal_moves(state, command.seat)
    flow.check_turn(state, command.seat, legal)
    if command.move.to_dict() not in legal:
        raise IllegalMove("follow_suit", "follow the led suit with a card you hold", legal)
    return Event("played", {"card": command.move.card}, command.seat)


def automatic(state: TinyState, secret: DealSecret | None) -> Event | None:
    if len(state.trick) == 2:
        winner = tricks.trick_winner(state.trick, None, ORDER)
        return Event("trick_taken", {"seat": winner, "cards": [c for _, c in state.trick]})
    if state.phase == "score":
        won = list(state.tricks_won)
        return Event("scored", {"sides": [[0], [1]], "points": won, "score": {
            "winners": [s for s in (0, 1) if won[s] == max(won)], "match_points": won},
            **reveal(state.commitment, secret)})
    return None


def evolve(state: TinyState, event: Event) -> TinyState:
    if event.type == "played":
        seat = event.seat
        assert seat is not None
        hands = list(state.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != event.data["card"])
        trick = state.trick + ((seat, event.data["card"]),)
        return replace(state, hands=tuple(hands), trick=trick,
                       turn=None if len(trick) == 2 else 1 - seat)
    if event.type == "trick_taken":
        seat = event.data["seat"]
        won = tuple(n + (s == seat) for s, n in enumerate(state.tricks_won))
        done = not any(state.hands)
        return replace(state, tricks_won=won, trick=(), leader=seat,
                       played=state.played + tuple(event.data["cards"]),
                       turn=None if done else seat, phase="score" if done else "play")
    return replace(state, phase="over", turn=None, result={
        k: event.data[k] for k in ("sides", "points", "score")})


def view(state: TinyState, seat: int | None) -> dict[str, Any]:
    return with_ending({
        "phase": state.phase, "dealer": state.dealer, "leader": state.leader,
        "turn": state.turn, "seat": seat,
        "hand": list(state.hands[seat]) if seat is not None else [],
        "hand_sizes": [len(h) for h in state.hands], "stock_size": 0,
        "table": [{"seat": s, "card": c} for s, c in state.trick], "trump": None,
        "sides": state.rules.sides, "tricks": list(state.tricks_won),
        "public": {"played": list(state.played)}, "legal_moves": legal_moves(state, seat)},
        state)


def resample(view: dict[str, Any], rules: TinyRules, rng: random.Random) -> TinyState:
    """The other hand: the cards this seat has not seen, at random."""
    me = view["seat"]
    seen = list(view["hand"]) + [t["card"] for t in view["table"]] + view["public"]["played"]
    other = 1 - me
    dealt_out = deal(unseen(PACK, seen), {other: view["hand_sizes"][other]}, {}, rng)
    hands = [tuple(view["hand"]), tuple(dealt_out[other])]
    if me == 1:
        hands.reverse()
    return TinyState(rules, view["dealer"], tuple(hands), view["phase"], view["turn"],
                     view["leader"], tuple(view["tricks"]),
                     tuple((t["seat"], t["card"]) for t in view["table"]),
                     tuple(view["public"]["played"]))


class Tiny:
    name = "tiny"
    state = TinyState
    deal_layout = staticmethod(deal_layout)
    check_prearranged = staticmethod(check_prearranged)
    dealt = staticmethod(dealt)
    start = staticmethod(start)
    legal_moves = staticmethod(legal_moves)
    command = staticmethod(player_event)
    automatic = staticmethod(automatic)
    evolve = staticmethod(evolve)
    view = staticmethod(view)
    hidden = staticmethod(deal_only)
    page = staticmethod(lambda rules: Page(ranks=("A", "K", "Q"), trumps="none"))
    view_schema = "TinyView"
    schemas = None
    events = event_data.declare(
        event_data.dealt(event_data.DealtData), event_data.PLAYED,
        event_data.trick_taken(event_data.TrickTakenData), event_data.scored(event_data.ScoredData))
    bounds = None  # not offered to OpenSpiel
    points_total = None
    next_dealer = staticmethod(lambda rules, dealer, result: (dealer + 1) % 2)
    match_winners = staticmethod(
        lambda rules, totals, deals, carried: [s for s in (0, 1) if totals[s] == max(totals)])
    decision = staticmethod(lambda state: "card" if state.turn is not None else None)
    carry = None  # nothing passes from one deal to the next
    carries = ()
    endgame = None  # the search bot never solves the last cards exactly
    heuristic = None  # the heuristic bot plays at random
    resample = staticmethod(resample)
    playout = None  # the search bot plays out through the reducers
    best_of = None
    search_decision = None
    auction = None


TINY = Tiny()
PRESETS = {"tiny": ("Tiny: six cards, three tricks", (2,), (
    Option("target", "integer", 1, "deals in the match", minimum=1, maximum=1),),
    lambda p, n, o: TinyRules(p, n, o, ORDER))}
