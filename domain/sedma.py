"""The Sedma family as one ruleset module: deal, captures, drawing, scoring, views.

Presets (``registry.py``) differ only in the data of ``SedmaRules``; the flow below is shared.
A deal moves through phases; each player command is followed by the automatic consequences the
rules impose, emitted as events so that the log reads as the whole story:

    play ──(round complete)──> decide ──continue──> play
                                  └──stop/auto──> take ──> draw ──> play ... ──> score ──> over
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from . import capture, scoring
from .cards import PIQUET_RANKS, make_pack, rank
from .errors import IllegalMove, InvalidDeal
from .messages import Command, Event
from .shuffle import SHUFFLE_VERSION, commitment


@dataclass(frozen=True, slots=True)
class SedmaRules:
    """Everything that distinguishes one Sedma-family preset from another."""

    preset: str
    players: int
    options: dict[str, Any]
    ranks: tuple[str, ...] = PIQUET_RANKS
    wild: frozenset[str] = frozenset({"7"})
    continuation: str = "always"
    counters: frozenset[str] = frozenset({"A", "10"})
    counter_value: int = 10
    last_bonus: int = 10
    hand_size: int = 4
    packet: int = 2

    @property
    def sides(self) -> list[list[int]]:
        """Seats per side: partners are s and s+2 with four players (RULES.md §1.1)."""
        n_sides = 2 if self.players in (2, 4) else self.players
        return [[s for s in range(self.players) if s % n_sides == i] for i in range(n_sides)]

    def side_of(self, seat: int) -> int:
        return seat % len(self.sides)

    def pack(self) -> tuple[str, ...]:
        return make_pack(self.ranks)


@dataclass(frozen=True, slots=True)
class SedmaState:
    rules: SedmaRules
    dealer: int
    hands: tuple[tuple[str, ...], ...]
    stock: tuple[str, ...]
    leader: int
    turn: int | None
    phase: str  # play | decide | take | draw | score | over
    won: tuple[tuple[str, ...], ...]
    captures: tuple[int, ...]
    table: tuple[tuple[int, str], ...] = ()
    waiting: tuple[int, ...] = ()  # seats still to play in the current round
    last_capture: int | None = None
    commitment: str | None = None
    result: dict[str, Any] | None = None


# -- dealing -------------------------------------------------------------------------------------

def deal_layout(rules: SedmaRules, deck: list[str], dealer: int
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


def check_prearranged(rules: SedmaRules, hands: list[list[str]], stock: list[str]) -> None:
    """A prearranged deal must be a legal deal: full hands, and hands plus stock are the pack."""
    if len(hands) != rules.players:
        raise InvalidDeal("hands", f"need {rules.players} hands, got {len(hands)}")
    for seat, hand in enumerate(hands):
        if len(hand) != rules.hand_size:
            raise InvalidDeal("hands", f"seat {seat} must hold {rules.hand_size} cards")
    given = sorted(c for h in hands for c in h) + sorted(stock)
    if sorted(given) != sorted(rules.pack()):
        raise InvalidDeal("hands", "hands and stock together must be the pack, each card once")


def dealt(rules: SedmaRules, dealer: int, hands: list[list[str]], stock: list[str],
          seed: str | None) -> Event:
    """The ``dealt`` event; ``seed`` None marks a prearranged deal (no fairness commitment)."""
    return Event("dealt", {
        "ruleset": rules.preset, "players": rules.players, "options": dict(rules.options),
        "dealer": dealer, "leader": (dealer + 1) % rules.players,
        "hands": hands, "stock": stock,
        "commitment": commitment(seed) if seed is not None else None,
        "shuffle": SHUFFLE_VERSION if seed is not None else None,
        "prearranged": seed is None,
    })


# -- deciding ------------------------------------------------------------------------------------

def legal_moves(state: SedmaState, seat: int | None) -> list[dict[str, Any]]:
    if seat is None or seat != state.turn:
        return []
    hand = state.hands[seat]
    if state.phase == "play":
        return [{"type": "play", "card": c} for c in dict.fromkeys(hand)]
    if state.phase == "decide":
        return [{"type": "play", "card": c} for c in dict.fromkeys(_continuations(state))] + [
            {"type": "stop"}]
    return []


def _continuations(state: SedmaState) -> list[str]:
    rules = state.rules
    winner = capture.current_winner(state.table, rules.wild)
    if not capture.may_continue(rules.continuation, rules.side_of(state.leader),
                                rules.side_of(winner)):
        return []
    return capture.eligible(state.hands[state.leader], rank(state.table[0][1]), rules.wild)


def decide(state: SedmaState, command: Command) -> list[Event]:
    """The events a seat's command produces, automatic consequences included."""
    first = _player_event(state, command)
    events = [first]
    state = evolve(state, first)
    auto = _automatic(state, command.secret)
    while auto is not None:
        events.append(auto)
        state = evolve(state, auto)
        auto = _automatic(state, command.secret)
    return events


def _player_event(state: SedmaState, command: Command) -> Event:
    seat, move = command.seat, command.move
    legal = legal_moves(state, seat)
    if state.phase == "over":
        raise IllegalMove("deal_over", "the deal is over", [])
    if seat != state.turn:
        raise IllegalMove("turn", f"it is seat {state.turn}'s turn, not seat {seat}'s", legal)
    if move.type == "stop":
        if state.phase != "decide":
            raise IllegalMove("stop", "only the leader, after a complete round, may stop", legal)
        return Event("stopped", {"reason": "leader"}, seat)
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


def _automatic(state: SedmaState, secret: str | None) -> Event | None:
    if state.phase == "decide" and not _continuations(state):
        reason = "no_cards" if not state.hands[state.leader] else "no_continuation"
        return Event("stopped", {"reason": reason})
    if state.phase == "take":
        return _take(state)
    if state.phase == "draw":
        draws = capture.draws([len(h) for h in state.hands], state.stock, state.leader,
                              state.rules.hand_size)
        return Event("drew", {"draws": [{"seat": s, "card": c} for s, c in draws]})
    if state.phase == "score":
        return Event("scored", score(state, secret))
    return None


def _take(state: SedmaState) -> Event:
    rules = state.rules
    seat = capture.current_winner(state.table, rules.wild)
    cards = [c for _, c in state.table]
    return Event("trick_taken", {
        "seat": seat, "side": rules.side_of(seat), "cards": cards,
        "points": scoring.card_points(cards, rules.counters, rules.counter_value)})


def score(state: SedmaState, secret: str | None) -> dict[str, Any]:
    """The deal's result (§2.6, §3.1): points per side, the winning side and its stake level."""
    rules = state.rules
    counters = [scoring.card_points(w, rules.counters, rules.counter_value) for w in state.won]
    points = [c + (rules.last_bonus if side == state.last_capture else 0)
              for side, c in enumerate(counters)]
    winner = max(range(len(points)), key=lambda s: (points[s], s == state.last_capture))
    loser = 1 - winner
    level = scoring.stake_level(state.captures[loser], points[loser], counters[loser],
                                rules.options.get("double_win", "all_points"))
    stakes = [level if side == winner else 0 for side in range(len(points))]
    result: dict[str, Any] = {
        "sides": rules.sides, "points": points,
        "score": {"winner": winner, "level": level, "stakes": stakes},
        "captures": list(state.captures), "last_capture": state.last_capture,
    }
    if state.commitment is not None:
        if secret is None or commitment(secret) != state.commitment:
            raise ValueError("the server seed does not match the deal's commitment")
        result["seed"] = secret
    return result


def next_dealer(rules: SedmaRules, dealer: int, result: dict[str, Any]) -> int:
    """§3.1: a loser deals and a winner leads; with four players the deal passes left if the
    dealing side won, else to the dealer's partner."""
    winner = result["score"]["winner"]
    dealer_won = rules.side_of(dealer) == winner
    if rules.players == 4:
        return (dealer + 1) % 4 if dealer_won else (dealer + 2) % 4
    return (dealer + 1) % rules.players if dealer_won else dealer


# -- evolving ------------------------------------------------------------------------------------

def start(rules: SedmaRules, data: dict[str, Any]) -> SedmaState:
    n_sides = len(rules.sides)
    return SedmaState(
        rules=rules, dealer=data["dealer"], leader=data["leader"], turn=data["leader"],
        phase="play", hands=tuple(tuple(h) for h in data["hands"]), stock=tuple(data["stock"]),
        won=((),) * n_sides, captures=(0,) * n_sides, commitment=data.get("commitment"))


Hands = tuple[tuple[str, ...], ...]


def _remove(hands: Hands, seat: int, card: str) -> Hands:
    hand = list(hands[seat])
    hand.remove(card)
    return hands[:seat] + (tuple(hand),) + hands[seat + 1 :]


def _on_card(state: SedmaState, event: Event) -> SedmaState:
    seat, card = event.seat, event.data["card"]
    assert seat is not None
    hands = _remove(state.hands, seat, card)
    table = state.table + ((seat, card),)
    if event.type == "continued" or not state.table:
        n = state.rules.players
        waiting = tuple(s for s in ((seat + k) % n for k in range(1, n)) if hands[s])
    else:
        waiting = state.waiting[1:]
    if waiting:
        return replace(state, hands=hands, table=table, waiting=waiting, turn=waiting[0],
                       phase="play")
    return replace(state, hands=hands, table=table, waiting=(), turn=state.leader, phase="decide")


def _on_stopped(state: SedmaState, event: Event) -> SedmaState:
    return replace(state, phase="take", turn=None)


def _on_taken(state: SedmaState, event: Event) -> SedmaState:
    side, seat = event.data["side"], event.data["seat"]
    won = list(state.won)
    won[side] = won[side] + tuple(event.data["cards"])
    captures = list(state.captures)
    captures[side] += 1
    state = replace(state, won=tuple(won), captures=tuple(captures), last_capture=side,
                    table=(), leader=seat)
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


def _on_scored(state: SedmaState, event: Event) -> SedmaState:
    result = {k: event.data[k] for k in ("sides", "points", "score")}
    return replace(state, phase="over", turn=None, result=result)


MUTATORS = {
    "played": _on_card, "continued": _on_card, "stopped": _on_stopped,
    "trick_taken": _on_taken, "drew": _on_drew, "scored": _on_scored,
}


def evolve(state: SedmaState, event: Event) -> SedmaState:
    return MUTATORS[event.type](state, event)


# -- seeing --------------------------------------------------------------------------------------

def view(state: SedmaState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` (None: a spectator) may see. Hidden cards of other seats never appear."""
    over = state.phase == "over"
    out: dict[str, Any] = {
        "phase": state.phase, "dealer": state.dealer, "leader": state.leader, "turn": state.turn,
        "seat": seat, "hand": list(state.hands[seat]) if seat is not None else [],
        "hand_sizes": [len(h) for h in state.hands], "stock_size": len(state.stock),
        "table": [{"seat": s, "card": c} for s, c in state.table],
        "winning": capture.current_winner(state.table, state.rules.wild) if state.table else None,
        "trump": None, "sides": state.rules.sides, "captures": list(state.captures),
        "legal_moves": legal_moves(state, seat),
    }
    if over:
        out["result"] = state.result
        out["hands"] = [list(h) for h in state.hands]
    return out


def redact(event: Event, viewer: int | None) -> dict[str, Any]:
    """An event's data as ``viewer`` may see it while the deal runs."""
    data = event.data
    if event.type == "dealt":
        hidden = {k: v for k, v in data.items() if k not in ("hands", "stock")}
        hidden["hands"] = [h if s == viewer else None for s, h in enumerate(data["hands"])]
        hidden["hand_sizes"] = [len(h) for h in data["hands"]]
        hidden["stock_size"] = len(data["stock"])
        return hidden
    if event.type == "drew":
        return {"draws": [d if d["seat"] == viewer else {"seat": d["seat"]}
                          for d in data["draws"]]}
    return data


def match_winner(rules: SedmaRules, totals: list[int]) -> int | None:
    """§3.1 [choice]: the match ends after the deal in which a side's stakes reach the target."""
    target = rules.options["target_stakes"]
    leaders = [side for side, total in enumerate(totals) if total >= target]
    return max(leaders, key=lambda s: totals[s]) if leaders else None
STATE = SedmaState
