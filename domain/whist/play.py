"""Serbian whist (RULES.md §6): one hand of the schedule is one deal. Every player bids once,
dealer last, under the hook rule; then tricks with compulsory following and trumping.
Phases: bid -> play -> score -> over."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import flow, trickplay, tricks
from ..cards import suit
from ..errors import IllegalMove, InvalidDeal
from ..event_data import BID, PLAYED, ScoredData
from ..fairness import DealSecret, reveal
from ..family import Carried, Context, DealResult
from ..messages import Command, Event, Move
from ..records import updater
from .events import SCORED, TRICK_TAKEN
from .rules import LOW_WINS, WhistRules, trump_of


@dataclass(frozen=True)  # no slots: records.updater copies the instance dict
class WhistState:
    rules: WhistRules
    dealer: int
    hand_no: int
    cards: int
    trump: str | None
    hands: tuple[tuple[str, ...], ...]
    phase: str
    turn: int | None
    leader: int
    bids: tuple[int | None, ...]
    tricks_won: tuple[int, ...]
    trick: tuple[tuple[int, str], ...] = ()
    voids: tuple[tuple[str, ...], ...] = ()  # suits each seat has shown it lacks
    played: tuple[str, ...] = ()             # cards of the tricks taken so far (public)
    trump_card: str | None = None            # `trumps: turned`: public until played (§6.7)
    commitment: str | None = None
    result: dict[str, Any] | None = None


replace = updater(WhistState)


def cards_for(rules: WhistRules, number: int) -> int:
    hands = rules.hands
    return hands[(number - 1) % len(hands)]


def deal_layout(rules: WhistRules, deck: list[str], dealer: int, number: int = 1
                ) -> tuple[list[list[str]], list[str]]:
    """§6.2 [choice]: one card at a time from the dealer's right (``next``); the rest is not
    dealt."""
    n, size = rules.players, cards_for(rules, number)
    hands: list[list[str]] = [[] for _ in range(n)]
    for k in range(n * size):
        hands[(dealer + 1 + k) % n].append(deck[k])
    return hands, deck[n * size :]


def check_prearranged(rules: WhistRules, hands: list[list[str]], stock: list[str],
                      number: int = 1) -> None:
    size = cards_for(rules, number)
    if len(hands) != rules.players or any(len(h) != size for h in hands):
        raise InvalidDeal("hands", f"hand {number} deals {size} cards to each of "
                                   f"{rules.players} players")
    if sorted([c for h in hands for c in h] + list(stock)) != sorted(rules.pack()):
        raise InvalidDeal("hands", "hands and the undealt rest must be the pack, each card once")


def dealt(rules: WhistRules, dealer: int, hands: list[list[str]], stock: list[str],
          trump_card: str | None, number: int) -> dict[str, Any]:
    """Serbian whist's ``dealt`` adds the hand's place in the schedule, its size and trumps:
    the schedule's, or with ``trumps: turned`` the suit of the dealer's last card (§6.7),
    which a prearranged deal may name as ``trump_card``."""
    out: dict[str, Any] = {"hand": number, "cards": cards_for(rules, number)}
    if not rules.turned:
        if trump_card is not None:
            raise InvalidDeal("trump_card", "Serbian whist's trumps follow the schedule "
                                            "unless trumps is turned")
        return {**out, "trump": trump_of(number)}
    card = trump_card or hands[dealer][-1]
    if card not in hands[dealer]:
        raise InvalidDeal("trump_card", "the turned trump must be one of the dealer's cards")
    return {**out, "trump": suit(card), "trump_card": card}


def start(rules: WhistRules, data: dict[str, Any]) -> WhistState:
    n = rules.players
    return WhistState(
        rules=rules, dealer=data["dealer"], hand_no=data["hand"], cards=data["cards"],
        trump=data["trump"], hands=tuple(tuple(h) for h in data["hands"]), phase="bid",
        turn=data["leader"], leader=data["leader"], bids=(None,) * n, tricks_won=(0,) * n,
        commitment=data.get("commitment"), trump_card=data.get("trump_card"))


# -- deciding ------------------------------------------------------------------------------------

def hook(state: WhistState) -> int | None:
    """§6.2: the bid the dealer may not make (the one that makes the bids add up)."""
    if state.turn != state.dealer:
        return None
    rest = state.cards - sum(b for b in state.bids if b is not None)
    return rest if 0 <= rest <= state.cards else None


def legal_moves(state: WhistState, seat: int | None) -> list[dict[str, Any]]:
    if seat is None or seat != state.turn:
        return []
    if state.phase == "bid":
        banned = hook(state)
        return [{"type": "bid", "value": v} for v in range(state.cards + 1) if v != banned]
    if state.phase == "play":
        cards = tricks.legal_cards(state.hands[seat], state.trick, state.trump, must_trump=True)
        return [{"type": "play", "card": c} for c in cards]
    return []





def player_event(state: WhistState, command: Command) -> Event:
    seat, move = command.seat, command.move
    if seat == state.turn:
        accepted = _card_or_bid(state, seat, move)
        if accepted is not None:
            return accepted
    return _checked(state, seat, move)


def _card_or_bid(state: WhistState, seat: int, move: Move) -> Event | None:
    """The event of a move that ``legal_moves`` lists, checked without listing them (only a
    refusal needs the list); None for anything else, which ``_checked`` refuses."""
    if move.type == "play":
        return trickplay.card_played(state, seat, move, must_trump=True)
    value = move.value
    if move.type == "bid" and state.phase == "bid" and value is not None:
        if value in range(state.cards + 1) and value != hook(state):
            return BID({"value": value}, seat)
    return None


def _checked(state: WhistState, seat: int, move: Move) -> Event:
    """A move checked against the list of legal moves: refused, with the rule it breaks."""
    legal = legal_moves(state, seat)
    flow.check_turn(state, seat, legal)
    if move.to_dict() in legal:
        if move.type == "bid" and move.value is not None:
            return BID({"value": move.value}, seat)
        if move.card is not None:
            return PLAYED({"card": move.card}, seat)
    if move.type == "bid" and state.phase == "bid" and move.value == hook(state):
        raise IllegalMove("hook", f"the dealer may not bid {move.value}: the bids would add "
                          f"up to the {state.cards} tricks", legal)
    if move.type == "play" and state.phase == "play":
        held = move.card in state.hands[seat]
        rule = "card_not_held" if not held else "follow_or_trump"
        raise IllegalMove(rule, "follow the led suit, else trump if you can", legal)
    raise IllegalMove("move_type", f"a {move.type!r} move is not allowed now", legal)


def automatic(state: WhistState, secret: DealSecret | None) -> Event | None:
    if state.phase == "play" and len(state.trick) == state.rules.players:
        seat = tricks.trick_winner(state.trick, state.trump, state.rules.order)
        return TRICK_TAKEN({"seat": seat, "cards": [c for _, c in state.trick]})
    if state.phase == "score":
        return SCORED(_score(state, secret))
    return None


def _score(state: WhistState, secret: DealSecret | None) -> ScoredData:
    rules = state.rules
    bids = [b or 0 for b in state.bids]
    scores = [rules.player_score(b, t, state.cards, state.trump)
              for b, t in zip(bids, state.tricks_won, strict=True)]
    made = [b == t for b, t in zip(bids, state.tricks_won, strict=True)]
    exact = [_number(s) for s in scores]
    return {
        "sides": rules.sides, "points": list(state.tricks_won), "score": {
            "hand": state.hand_no, "cards": state.cards, "trump": state.trump, "bids": bids,
            "tricks": list(state.tricks_won), "made": made, "scores": exact,
            "winners": [s for s, m in enumerate(made) if m], "match_points": exact,
            "tiebreak": [b if m else 0 for b, m in zip(bids, made, strict=True)]},
        **reveal(state.commitment, secret)}


def _number(value: Any) -> int | float:
    """Scores are whole, or halves (``trick_scoring``): a half is exact in binary floating
    point, so JSON carries it exactly."""
    return int(value) if value.denominator == 1 else float(value)


def next_dealer(rules: WhistRules, dealer: int, result: DealResult) -> int:
    """§6.2: the deal moves one seat (to the right, the next seat in play)."""
    return (dealer + 1) % rules.players


def carry(rules: WhistRules, result: DealResult) -> Carried:
    """§6.5: a hand's successful bids go to the match (its ``deal_scored`` records them as
    ``tiebreak``), which breaks a tie under scratch."""
    score: Mapping[str, Any] = result["score"]
    return Carried(match={"tiebreak": score["tiebreak"]})


def match_winners(rules: WhistRules, totals: Sequence[float], deals: int,
                  carried: Sequence[Context]) -> list[int] | None:
    """§6.5: after the last hand, the highest total wins (the lowest for the golf-style systems
    and scratch); scratch breaks a tie by the larger sum of successful bids (each hand's
    ``tiebreak``, ``carry``). Players still level share the win."""
    if deals < len(rules.hands):
        return None
    system = rules.options["scoring"]
    low = system in LOW_WINS
    ties = [0.0] * len(totals)
    for hand in carried if system == "scratch" else ():
        bids = hand.get("tiebreak")
        made = [b for b in bids if isinstance(b, int | float)] if isinstance(bids, list) else []
        ties = [t + b for t, b in zip(ties, made or [0] * len(ties), strict=True)]

    def rank_of(seat: int) -> tuple[float, float]:
        return (totals[seat] if low else -totals[seat]), -ties[seat]

    best = min(rank_of(s) for s in range(len(totals)))
    return [s for s in range(len(totals)) if rank_of(s) == best]


# -- evolving ------------------------------------------------------------------------------------

def _on_bid(state: WhistState, event: Event) -> WhistState:
    seat = event.seat
    assert seat is not None
    bids = list(state.bids)
    bids[seat] = event.data["value"]
    if seat == state.dealer:
        return replace(state, bids=tuple(bids), phase="play", turn=state.leader)
    return replace(state, bids=tuple(bids), turn=(seat + 1) % state.rules.players)


def _on_played(state: WhistState, event: Event) -> WhistState:
    assert event.seat is not None
    card = event.data["card"]
    changes = trickplay.played(state, event.seat, card)
    if card == state.trump_card:
        changes["trump_card"] = None
    return replace(state, changes)


def _on_taken(state: WhistState, event: Event) -> WhistState:
    return replace(state, trickplay.taken(state, event.data["seat"]),
                   played=state.played + tuple(event.data["cards"]))


def _on_scored(state: WhistState, event: Event) -> WhistState:
    result = {k: event.data[k] for k in ("sides", "points", "score")}
    return replace(state, phase="over", turn=None, result=result)


MUTATORS = {"bid": _on_bid, "played": _on_played, "trick_taken": _on_taken,
            "scored": _on_scored}


def evolve(state: WhistState, event: Event) -> WhistState:
    return MUTATORS[event.type](state, event)
