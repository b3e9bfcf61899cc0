"""The Sedma family's rules of play: dealing, the legal moves, and what each command and each
automatic consequence is (RULES.md §2-§5).

Presets (``rules.py``) differ only in the data of ``SedmaRules``; this flow is shared. Each
player command is followed by the automatic consequences the rules impose (a capture taken,
cards drawn, hands shown, the deal scored), emitted as events so that the log reads as the whole
story; ``state.py`` folds them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from .. import flow
from ..errors import IllegalMove, InvalidDeal
from ..event_data import DREW, PLAYED
from ..fairness import DealSecret
from ..family import Context, DealResult
from ..messages import Command, Event, Move
from . import capture, rotation, table_talk
from .capture import current_winner
from .events import (
    BURNED,
    CONTINUED,
    HANDS_SHOWN,
    HINTED,
    PASSED,
    SCORED,
    STOPPED,
    TRICK_TAKEN,
    StopReason,
)
from .points import capture_points
from .rules import BURN_STAKES, BURNED_HAND_STAKES, SedmaRules
from .scoring import score
from .state import SedmaState, cards_played

# -- dealing -------------------------------------------------------------------------------------


def deal_layout(rules: SedmaRules, deck: list[str], dealer: int, number: int = 1
                ) -> tuple[list[list[str]], list[str]]:
    """§2.2: packets of ``rules.packet`` from the dealer's left until each holds ``hand_size``."""
    n = rules.players
    hands: list[list[str]] = [[] for _ in range(n)]
    top = 0
    while any(len(h) < rules.hand_size for h in hands):
        for k in range(1, n + 1):
            seat = (dealer + k) % n
            take = min(rules.packet, rules.hand_size - len(hands[seat]))
            hands[seat].extend(deck[top : top + take])
            top += take
    return hands, deck[top:]


def check_prearranged(rules: SedmaRules, hands: list[list[str]], stock: list[str],
                      number: int = 1) -> None:
    """A prearranged deal must be a legal deal: full hands, and hands plus stock are the pack."""
    if len(hands) != rules.players:
        raise InvalidDeal("hands", f"need {rules.players} hands, got {len(hands)}")
    for seat, hand in enumerate(hands):
        if len(hand) != rules.hand_size:
            raise InvalidDeal("hands", f"seat {seat} must hold {rules.hand_size} cards")
    if sorted([c for h in hands for c in h] + list(stock)) != sorted(rules.pack()):
        raise InvalidDeal("hands", "hands and stock together must be the pack, each card once")


def dealt(rules: SedmaRules, dealer: int, hands: list[list[str]], stock: list[str],
          trump_card: str | None, number: int) -> dict[str, Any]:
    """What a Sedma-family ``dealt`` event adds to every game's (``game.dealt``): nothing."""
    if trump_card is not None:
        raise InvalidDeal("trump_card", "this game turns no trump card")
    return {}


# -- deciding ------------------------------------------------------------------------------------

def legal_moves(state: SedmaState, seat: int | None) -> list[dict[str, Any]]:
    if seat is None or seat != state.turn:
        return []
    if state.phase == "play":
        moves = [{"type": "play", "card": c} for c in dict.fromkeys(state.hands[seat])]
        if _may_pass(state, seat):
            moves.append({"type": "pass"})
        return moves
    if state.phase == "decide":
        return [{"type": "play", "card": c} for c in dict.fromkeys(_continuations(state))] + [
            {"type": "stop"}]
    return []


def _may_pass(state: SedmaState, seat: int) -> bool:
    """§3.3 one_pass: once per deal, a non-leader, while the stock lasts."""
    return (state.rules.one_pass and not state.pass_used and bool(state.stock)
            and seat != state.leader and bool(state.table))


def winning(state: SedmaState) -> int:
    rules = state.rules
    return current_winner(state.table, rules.wild, rules.winner_rule, state.round_start,
                          rules.ranks.__getitem__)


def partner_of(state: SedmaState, seat: int) -> int | None:
    side = state.rules.sides[state.rules.side_of(seat)]
    return next((s for s in side if s != seat), None)


def _why_not_go_on(state: SedmaState) -> StopReason | None:
    """Why the capture ends by itself after a round, or None when the leader decides. Only
    public facts end it (§2.3, "Referee detail"): an empty hand, or the policy (Sedmice: the
    leader's side is winning). A leader who holds cards but none eligible still decides, with
    ``stop`` its only move: an automatic end would tell everyone what the leader lacks."""
    rules = state.rules
    if not state.hands[state.leader]:
        return "no_cards"
    if not capture.may_continue(rules.continuation, rules.side_of(state.leader),
                                rules.side_of(winning(state))):
        return "side_winning"
    return None


def _continuations(state: SedmaState) -> list[str]:
    rules = state.rules
    if _why_not_go_on(state) is not None:
        return []
    rank_of = rules.ranks.__getitem__
    return capture.eligible(state.hands[state.leader], rank_of(state.table[0][1]), rules.wild,
                            rules.continue_with, rank_of)





def player_event(state: SedmaState, command: Command) -> Event:
    seat, move = command.seat, command.move
    if seat == state.turn:
        accepted = _card_or_stop(state, seat, move.type, move.card)
        if accepted is not None:
            return accepted
    return _checked(state, seat, move)


def _card_or_stop(state: SedmaState, seat: int, kind: str, card: str | None) -> Event | None:
    """The event of an ordinary move by the seat in turn, checked without listing the legal
    moves (which only a refusal needs); None for anything else, which ``_checked`` accepts
    or refuses with its reason."""
    phase = state.phase
    if kind == "play" and card in state.hands[seat]:
        if phase == "play":
            return PLAYED({"card": card}, seat)
        if phase == "decide" and card in _continuations(state):
            return CONTINUED({"card": card}, seat)
    elif kind == "stop" and phase == "decide":
        return STOPPED({"reason": "leader"}, seat)
    return None


def _checked(state: SedmaState, seat: int, move: Move) -> Event:
    """Every move, checked against the list of legal moves: a hint, a pass, and every move
    refused, with the rule it breaks."""
    legal = legal_moves(state, seat)
    if move.type == "hint":  # in turn or not
        table_talk.check(state.rules.table_talk, state.phase == "over", state.hints, seat,
                         move.word, cards_played(state), legal)
        return HINTED({"word": move.word}, seat)
    flow.check_turn(state, seat, legal)
    if move.type == "stop":
        if state.phase != "decide":
            raise IllegalMove("stop", "only the leader, after a complete round, may stop", legal)
        return STOPPED({"reason": "leader"}, seat)
    if move.type == "pass":
        if state.phase != "play" or not _may_pass(state, seat):
            raise IllegalMove("pass", "no pass is allowed here", legal)
        return PASSED({}, seat)
    if move.type != "play":
        raise IllegalMove("move_type", f"{move.type!r} is not a move of this game", legal)
    card = move.card
    if card is None or card not in state.hands[seat]:
        raise IllegalMove("card_not_held", f"seat {seat} does not hold {card}", legal)
    if state.phase == "decide":
        if card not in _continuations(state):
            raise IllegalMove("continue_rank", "a capture is continued only with a card of the "
                              "first card's rank or a wild card", legal)
        return CONTINUED({"card": card}, seat)
    return PLAYED({"card": card}, seat)


def automatic(state: SedmaState, secret: DealSecret | None) -> Event | None:
    phase = state.phase
    if phase in ("play", "decide") and state.table and state.rules.burn_tariff != "off":
        burned = capture.burn(state.table)
        if burned is not None:
            return _burned(state, state.table[-1][0], burned, "round")
    if phase == "play" and not state.table:
        return _after_refill(state)
    if phase == "decide":
        reason = _why_not_go_on(state)
        if reason is not None:
            return STOPPED({"reason": reason})
    if phase == "take":
        return _take(state)
    if phase == "draw":
        return _draw(state)
    if phase == "score":
        return SCORED(score(state, secret))
    return None


def _after_refill(state: SedmaState) -> Event | None:
    """At a fresh lead: a burned hand (§3.7), then Sedmice's partner viewing (§4.1)."""
    rules = state.rules
    if rules.burned_hand:
        n = rules.players
        for seat in ((state.dealer + k) % n for k in range(1, n + 1)):
            four = capture.four_of_a_kind(state.hands[seat])
            if four is not None:
                return _burned(state, seat, four, "hand")
    if rules.show_hands and not state.stock and not state.shown:
        return HANDS_SHOWN({"hands": [list(h) for h in state.hands]})
    return None


def _burned(state: SedmaState, seat: int, burned_rank: str, kind: Literal["round", "hand"]
            ) -> Event:
    if kind == "hand":
        stakes = BURNED_HAND_STAKES
    else:
        ordinary, tens, sevens = BURN_STAKES[state.rules.burn_tariff]
        stakes = {"10": tens, "7": sevens}.get(burned_rank, ordinary)
    return BURNED({"seat": seat, "side": state.rules.side_of(seat), "kind": kind,
                   "rank": burned_rank, "stakes": stakes})


def _take(state: SedmaState) -> Event:
    rules = state.rules
    seat = winning(state)
    cards = [c for _, c in state.table]
    return TRICK_TAKEN({
        "seat": seat, "side": rules.side_of(seat), "cards": cards,
        "points": capture_points(rules.scoring, cards, rules.players)})


def _draw(state: SedmaState) -> Event:
    rules = state.rules
    draws = capture.draws([len(h) for h in state.hands], state.stock, state.leader,
                          rules.hand_size)
    if rules.burned_hand:  # drawing stops at the card that completes four of a kind
        hands = [list(h) for h in state.hands]
        for i, (seat, card) in enumerate(draws):
            hands[seat].append(card)
            if capture.four_of_a_kind(hands[seat]) is not None:
                draws = draws[: i + 1]
                break
    return DREW({"draws": [{"seat": s, "card": c} for s, c in draws]})


def next_dealer(rules: SedmaRules, dealer: int, result: DealResult) -> int:
    """The next dealer from the finished deal's result (``rotation.next_dealer``)."""
    sides, points = result["sides"], result["points"]
    mine = next(i for i, side in enumerate(sides) if dealer in side)
    facts = {"winners": result["score"]["winners"], "dealer_side_points": points[mine],
             "total_points": sum(points),
             "dealer_opponent_counters": sum(p for i, p in enumerate(points) if i != mine)}
    return rotation.next_dealer(rules.dealer_policy, dealer, rules.players, facts)


def match_winners(rules: SedmaRules, totals: Sequence[float], deals: int,
                  carried: Sequence[Context]) -> list[int] | None:
    return rotation.match_winners(rules.match_policy, rules.target, totals)
