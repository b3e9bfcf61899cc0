"""Sueca (RULES.md §7): two partnerships, the dealer's last card turned for trumps (public
until played), follow suit, trumping optional; a deal's card points are worth game points, a
rubber goes to 4. Brazil adds the weak-hand redeal (§7.7) and the 60-60 carry, as options.

Phases: play -> score -> over.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import flow, trickplay, tricks
from ..cards import suit
from ..errors import IllegalMove, InvalidDeal
from ..event_data import PLAYED
from ..fairness import DealSecret
from ..family import Carried, Context, DealResult
from ..messages import Command, Event, Move
from ..records import updater
from . import core
from .events import REDEAL_ASKED, SCORED
from .rules import POINTS, WEAK_HAND, SuecaRules
from .scoring import score

Hands = tuple[tuple[str, ...], ...]


@dataclass(frozen=True)  # no slots: records.updater copies the instance dict
class SuecaState:
    rules: SuecaRules
    dealer: int
    hands: Hands
    phase: str
    turn: int | None
    leader: int
    won: tuple[tuple[str, ...], ...]     # per seat
    tricks_won: tuple[int, ...]          # per seat
    trump: str
    trump_card: str | None = None        # public until played
    trick: tuple[tuple[int, str], ...] = ()
    voids: tuple[tuple[str, ...], ...] = ()  # suits each seat has shown it lacks
    carry: int = 0                       # game points carried by 60-60 deals (Brazil)
    redeal: int | None = None            # the seat that asked for a redeal (§7.7, Brazil)
    commitment: str | None = None
    result: dict[str, Any] | None = None


replace = updater(SuecaState)


def dealt(rules: SuecaRules, dealer: int, hands: list[list[str]], stock: list[str],
          trump_card: str | None, number: int) -> dict[str, Any]:
    """Sueca's ``dealt`` adds the turned trump (§7.2: the dealer's tenth card, face up)."""
    card = trump_card or hands[dealer][-1]
    if card not in hands[dealer]:
        raise InvalidDeal("trump_card", "the trump card must be one of the dealer's cards")
    return {"trump_card": card}


def start(rules: SuecaRules, data: dict[str, Any]) -> SuecaState:
    n, card = rules.players, data["trump_card"]
    return SuecaState(
        rules=rules, dealer=data["dealer"], hands=tuple(tuple(h) for h in data["hands"]),
        phase="play", turn=data["leader"], leader=data["leader"], won=((),) * n,
        tricks_won=(0,) * n, trump=suit(card), trump_card=card,
        commitment=data.get("commitment"), carry=data.get("carry", 0))


# -- deciding ------------------------------------------------------------------------------------

def legal_moves(state: SuecaState, seat: int | None) -> list[dict[str, Any]]:
    if seat is None:
        return []
    redeal = [{"type": "redeal"}] if _may_redeal(state, seat) else []
    if seat != state.turn or state.phase != "play":
        return redeal
    cards = tricks.legal_cards(state.hands[seat], state.trick, state.trump)
    moves = [{"type": "play", "card": c} for c in cards]
    return moves + redeal if redeal else moves


def _may_redeal(state: SuecaState, seat: int) -> bool:
    """§7.7 (Brazil, ``weak_hand_redeal``): before the first card, the player to lead with
    fewer than 10 card points in hand, or any other player with fewer than 5, may ask for a
    redeal, in turn or not."""
    if not state.rules.weak_hand_redeal or state.phase != "play" or state.trick or any(
            state.tricks_won):
        return False
    weak = WEAK_HAND["leader" if seat == state.leader else "other"]
    return tricks.points(state.hands[seat], POINTS) < weak





def player_event(state: SuecaState, command: Command) -> Event:
    seat, move = command.seat, command.move
    return trickplay.card_played(state, seat, move) or _checked(state, seat, move)


def _checked(state: SuecaState, seat: int, move: Move) -> Event:
    """Every move, checked against the list of legal moves: a redeal, and every move refused,
    with the rule it breaks."""
    legal = legal_moves(state, seat)
    if move.type == "redeal":
        if not _may_redeal(state, seat):
            raise IllegalMove("redeal", "a redeal may be asked only before the first card, by "
                              "the player to lead holding fewer than 10 card points or another "
                              "player holding fewer than 5", legal)
        return REDEAL_ASKED({}, seat)
    flow.check_turn(state, seat, legal)
    if move.type != "play":
        raise IllegalMove("move_type", f"a {move.type!r} move is not allowed in Sueca", legal)
    card = move.card
    if card is None or card not in state.hands[seat]:
        raise IllegalMove("card_not_held", f"seat {seat} does not hold {card}", legal)
    if {"type": "play", "card": card} not in legal:
        raise IllegalMove("follow_suit", "follow the led suit if you can", legal)
    return PLAYED({"card": card}, seat)


def automatic(state: SuecaState, secret: DealSecret | None) -> Event | None:
    if state.phase == "play" and len(state.trick) == state.rules.players:
        return core.take(state)
    if state.phase == "score":
        return SCORED(score(state, secret))
    return None


def carry(rules: SuecaRules, result: DealResult) -> Carried:
    """§7.6: the game points a 60-60 deal (``tie_60`` ``carry_one``) carries into the next
    deal, recorded as its ``carry`` (``deal_started``, ``dealt``; ``start`` reads it)."""
    score: Mapping[str, Any] = result["score"]
    carried = int(score.get("carry_next", 0))
    return Carried(deal={"carry": carried} if carried else {})


def match_winners(rules: SuecaRules, totals: Sequence[float], deals: int,
                  carried: Sequence[Context]) -> list[int] | None:
    """§7.5: the first team to ``target`` game points (4) wins the rubber."""
    best = max(totals)
    return [s for s, t in enumerate(totals) if t == best] if best >= rules.target else None


def best_of(rules: SuecaRules) -> int:
    """§7.5 [choice]: a match of ``rubbers`` rubbers (best of 1 by default)."""
    return rules.rubbers


# -- evolving ------------------------------------------------------------------------------------

def _on_played(state: SuecaState, event: Event) -> SuecaState:
    seat, card = event.seat, event.data["card"]
    assert seat is not None
    changes = trickplay.played(state, seat, card)
    if card == state.trump_card:
        changes["trump_card"] = None
    return replace(state, changes)


def _on_taken(state: SuecaState, event: Event) -> SuecaState:
    return replace(state, core.taken(state, event))


def _on_redeal(state: SuecaState, event: Event) -> SuecaState:
    return replace(state, redeal=event.seat, phase="score", turn=None)


def _on_scored(state: SuecaState, event: Event) -> SuecaState:
    return replace(state, phase="over", turn=None, result=core.result_of(event))


MUTATORS = {"played": _on_played, "trick_taken": _on_taken, "redeal_asked": _on_redeal,
            "scored": _on_scored}


def evolve(state: SuecaState, event: Event) -> SuecaState:
    return MUTATORS[event.type](state, event)
