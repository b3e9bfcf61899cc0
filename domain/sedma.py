"""The Sedma family as one ruleset module: deal, captures, drawing, scoring, views.

Presets (``sedma_rules.py``) differ only in the data of ``SedmaRules``; the flow below is shared.
A deal moves through phases; each player command is followed by the automatic consequences the
rules impose, emitted as events so that the log reads as the whole story:

    play ──(round complete)──> decide ──continue──> play
                                  └──stop/auto──> take ──> draw ──> play ... ──> score ──> over

Burning (a round or a hand, §3.6-§3.7) jumps straight to ``score``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import capture, flow, rotation, table_talk
from .capture import current_winner
from .errors import IllegalMove, InvalidDeal
from .fairness import DealSecret
from .messages import Command, Event
from .records import updater
from .scoring import card_points
from .sedma_rules import BURN_STAKES, BURNED_HAND_STAKES, SedmaRules
from .sedma_scoring import score

Hands = tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class SedmaState:
    rules: SedmaRules
    dealer: int
    hands: Hands
    stock: tuple[str, ...]
    leader: int
    turn: int | None
    phase: str  # play | decide | take | draw | score | over
    won: tuple[tuple[str, ...], ...]
    captures: tuple[int, ...]
    table: tuple[tuple[int, str], ...] = ()
    round_start: int = 0
    waiting: tuple[int, ...] = ()  # seats still to play in the current round
    last_capture: int | None = None
    pass_used: bool = False
    shown: bool = False
    hints: tuple[table_talk.Hint, ...] = ()
    solo: int | None = None  # who played the solo king (never shown before the end)
    burned: dict[str, Any] | None = None
    commitment: str | None = None
    result: dict[str, Any] | None = None


replace = updater(SedmaState)



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


def dealt(rules: SedmaRules, dealer: int, hands: list[list[str]], trump_card: str | None,
          number: int) -> dict[str, Any]:
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
                          rules.rank_of)


def cards_played(state: SedmaState) -> int:
    return sum(map(len, state.won)) + len(state.table)


def partner_of(state: SedmaState, seat: int) -> int | None:
    side = state.rules.sides[state.rules.side_of(seat)]
    return next((s for s in side if s != seat), None)


def same_side(rules: SedmaRules) -> Callable[[int, int], bool]:
    return lambda a, b: rules.side_of(a) == rules.side_of(b)


def _continuations(state: SedmaState) -> list[str]:
    rules = state.rules
    if not capture.may_continue(rules.continuation, rules.side_of(state.leader),
                                rules.side_of(winning(state))):
        return []
    led = rules.rank_of(state.table[0][1])
    return capture.eligible(state.hands[state.leader], led, rules.wild, rules.continue_with,
                            rules.rank_of)


def decide(state: SedmaState, command: Command) -> list[Event]:
    return flow.decide(state, command, _player_event, _automatic, evolve)


def settle(state: SedmaState, secret: DealSecret | None) -> list[Event]:
    return flow.settle(state, secret, _automatic, evolve)


def _player_event(state: SedmaState, command: Command) -> Event:
    seat, move = command.seat, command.move
    legal = legal_moves(state, seat)
    if move.type == "hint":  # in turn or not
        table_talk.check(state.rules.table_talk, state.phase == "over", state.hints, seat,
                         move.word, cards_played(state), legal)
        return Event("hinted", {"word": move.word}, seat)
    flow.check_turn(state, seat, legal)
    if move.type == "stop":
        if state.phase != "decide":
            raise IllegalMove("stop", "only the leader, after a complete round, may stop", legal)
        return Event("stopped", {"reason": "leader"}, seat)
    if move.type == "pass":
        if state.phase != "play" or not _may_pass(state, seat):
            raise IllegalMove("pass", "no pass is allowed here", legal)
        return Event("passed", {}, seat)
    if move.type != "play":
        raise IllegalMove("move_type", f"{move.type!r} is not a move of this game", legal)
    if move.card not in state.hands[seat]:
        raise IllegalMove("card_not_held", f"seat {seat} does not hold {move.card}", legal)
    if state.phase == "decide":
        if move.card not in _continuations(state):
            raise IllegalMove("continue_rank", "a capture is continued only with a card of the "
                              "first card's rank or a wild card", legal)
        return Event("continued", {"card": move.card}, seat)
    return Event("played", {"card": move.card}, seat)


def _automatic(state: SedmaState, secret: DealSecret | None) -> Event | None:
    phase = state.phase
    if phase in ("play", "decide") and state.table and state.rules.burn_tariff != "off":
        burned = capture.burn(state.table)
        if burned is not None:
            return _burned(state, state.table[-1][0], burned, "round")
    if phase == "play" and not state.table:
        return _after_refill(state)
    if phase == "decide" and not _continuations(state):
        reason = "no_cards" if not state.hands[state.leader] else "no_continuation"
        return Event("stopped", {"reason": reason})
    if phase == "take":
        return _take(state)
    if phase == "draw":
        return _draw(state)
    if phase == "score":
        return Event("scored", score(state, secret))
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
        return Event("hands_shown", {"hands": [list(h) for h in state.hands]})
    return None


def _burned(state: SedmaState, seat: int, burned_rank: str, kind: str) -> Event:
    if kind == "hand":
        stakes = BURNED_HAND_STAKES
    else:
        ordinary, tens, sevens = BURN_STAKES[state.rules.burn_tariff]
        stakes = {"10": tens, "7": sevens}.get(burned_rank, ordinary)
    return Event("burned", {"seat": seat, "side": state.rules.side_of(seat), "kind": kind,
                            "rank": burned_rank, "stakes": stakes})


def _take(state: SedmaState) -> Event:
    rules = state.rules
    seat = winning(state)
    cards = [c for _, c in state.table]
    return Event("trick_taken", {
        "seat": seat, "side": rules.side_of(seat), "cards": cards,
        "points": card_points(cards, rules.scoring.counters, rules.scoring.counter_value)})


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
    return Event("drew", {"draws": [{"seat": s, "card": c} for s, c in draws]})


def next_dealer(rules: SedmaRules, dealer: int, result: dict[str, Any]) -> int:
    """The next dealer from the finished deal's result (``rotation.next_dealer``)."""
    sides, points = result["sides"], result["points"]
    mine = next(i for i, side in enumerate(sides) if dealer in side)
    facts = {"winners": result["score"]["winners"], "dealer_side_points": points[mine],
             "total_points": sum(points),
             "dealer_opponent_counters": sum(p for i, p in enumerate(points) if i != mine)}
    return rotation.next_dealer(rules.dealer_policy, dealer, rules.players, facts)


def match_winner(rules: SedmaRules, totals: list[int], deals: int = 0,
                 tiebreak: list[int] | None = None) -> int | None:
    return rotation.match_winner(rules.match_policy, rules.target, totals)


# -- evolving ------------------------------------------------------------------------------------

def start(rules: SedmaRules, data: dict[str, Any]) -> SedmaState:
    n_sides = len(rules.sides)
    return SedmaState(
        rules=rules, dealer=data["dealer"], leader=data["leader"], turn=data["leader"],
        phase="play", hands=tuple(tuple(h) for h in data["hands"]), stock=tuple(data["stock"]),
        won=((),) * n_sides, captures=(0,) * n_sides, commitment=data.get("commitment"))


def _remove(hands: Hands, seat: int, card: str) -> Hands:
    hand = list(hands[seat])
    hand.remove(card)
    return hands[:seat] + (tuple(hand),) + hands[seat + 1 :]


def _on_card(state: SedmaState, event: Event) -> SedmaState:
    seat, card = event.seat, event.data["card"]
    assert seat is not None
    hands = _remove(state.hands, seat, card)
    solo = seat if card == state.rules.solo_king else state.solo
    if event.type == "continued" or not state.table:
        n = state.rules.players
        waiting = tuple(s for s in ((seat + k) % n for k in range(1, n)) if hands[s])
        state = replace(state, round_start=len(state.table))
    else:
        waiting = state.waiting[1:]
    table = state.table + ((seat, card),)
    return _next_in_round(replace(state, hands=hands, table=table, solo=solo), waiting)


def _on_passed(state: SedmaState, event: Event) -> SedmaState:
    return _next_in_round(replace(state, pass_used=True), state.waiting[1:])


def _next_in_round(state: SedmaState, waiting: tuple[int, ...]) -> SedmaState:
    if waiting:
        return replace(state, waiting=waiting, turn=waiting[0], phase="play")
    return replace(state, waiting=(), turn=state.leader, phase="decide")


def _on_stopped(state: SedmaState, event: Event) -> SedmaState:
    return replace(state, phase="take", turn=None)


def _on_taken(state: SedmaState, event: Event) -> SedmaState:
    side, seat = event.data["side"], event.data["seat"]
    won = list(state.won)
    won[side] = won[side] + tuple(event.data["cards"])
    captures = list(state.captures)
    captures[side] += 1
    state = replace(state, won=tuple(won), captures=tuple(captures), last_capture=side,
                    table=(), round_start=0, leader=seat)
    if state.stock:
        return replace(state, phase="draw")
    return _next_lead(state)


def _next_lead(state: SedmaState) -> SedmaState:
    leader = capture.next_with_cards(state.hands, state.leader)
    if leader is None:
        return replace(state, phase="score", turn=None)
    return replace(state, phase="play", leader=leader, turn=leader)


def _on_drew(state: SedmaState, event: Event) -> SedmaState:
    hands = [list(h) for h in state.hands]
    for draw in event.data["draws"]:
        hands[draw["seat"]].append(draw["card"])
    state = replace(state, hands=tuple(tuple(h) for h in hands),
                    stock=state.stock[len(event.data["draws"]) :])
    return _next_lead(state)


def _on_shown(state: SedmaState, event: Event) -> SedmaState:
    return replace(state, shown=True)


def _on_hinted(state: SedmaState, event: Event) -> SedmaState:
    assert event.seat is not None
    said = (event.seat, event.data["word"], cards_played(state))
    return replace(state, hints=state.hints + (said,))


def _on_burned(state: SedmaState, event: Event) -> SedmaState:
    return replace(state, burned=dict(event.data), phase="score", turn=None)


def _on_scored(state: SedmaState, event: Event) -> SedmaState:
    result = {k: event.data[k] for k in ("sides", "points", "score")}
    return replace(state, phase="over", turn=None, result=result)


MUTATORS = {
    "played": _on_card, "continued": _on_card, "passed": _on_passed, "stopped": _on_stopped,
    "trick_taken": _on_taken, "drew": _on_drew, "hands_shown": _on_shown,
    "burned": _on_burned, "scored": _on_scored, "hinted": _on_hinted,
}


def evolve(state: SedmaState, event: Event) -> SedmaState:
    return MUTATORS[event.type](state, event)
