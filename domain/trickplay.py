"""The card play the trick games share: what a card
played and a trick taken do to a deal, the trick part of a view, and a fast random playout of
the remaining tricks. ``tricks.py`` is the engine (who may play what, who wins); this is what
the families' states do with it. Each function returns plain values or field updates, so each
family keeps its own state type and applies them with its own ``replace``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Protocol

from . import compiled, tricks
from .event_data import PLAYED
from .family import Record
from .messages import Event, Move

try:  # the compiled core (``_trickplay.c``); ``python_play_out`` is its reference
    from . import _trickplay
    _trickplay.init(compiled.IDS, compiled.NAMES)
except ImportError:  # pragma: no cover - a checkout without its build_ext
    _trickplay = None  # type: ignore[assignment]
_core: Any = _trickplay

Hands = tuple[tuple[str, ...], ...]
Trick = tuple[tuple[int, str], ...]


class TrickState(Protocol):
    """The fields every trick game's state has."""

    @property
    def rules(self) -> Any: ...
    @property
    def hands(self) -> Hands: ...
    @property
    def trick(self) -> Trick: ...
    @property
    def turn(self) -> int | None: ...
    @property
    def leader(self) -> int: ...
    @property
    def trump(self) -> str | None: ...
    @property
    def voids(self) -> tuple[tuple[str, ...], ...]: ...
    @property
    def tricks_won(self) -> tuple[int, ...]: ...
    @property
    def phase(self) -> str: ...


def card_played(state: TrickState, seat: int, move: Move, must_trump: bool = False,
                must_follow: bool = True) -> Event | None:
    """The ``played`` event of a card the seat in turn may play, checked without listing the
    legal moves (only a refusal needs the list, to name them); None for any other move.
    Without ``must_follow`` any card held may be played."""
    card = move.card
    if (move.type == "play" and seat == state.turn and state.phase == "play"
            and card is not None and card in state.hands[seat]
            and (not must_follow or tricks.may_play(state.hands[seat], state.trick, card,
                                                    state.trump, must_trump))):
        return PLAYED({"card": card}, seat)
    return None


def played(state: TrickState, seat: int, card: str) -> dict[str, Any]:
    """The fields a card played changes: the hand, the trick, the turn, the voids shown."""
    hand = list(state.hands[seat])
    hand.remove(card)
    n = state.rules.players
    trick = state.trick + ((seat, card),)
    return {"hands": state.hands[:seat] + (tuple(hand),) + state.hands[seat + 1 :],
            "trick": trick, "turn": None if len(trick) == n else (seat + 1) % n,
            "voids": tricks.note_void(state.voids, state.trick, seat, card, n)}


def taken(state: TrickState, seat: int) -> dict[str, Any]:
    """The fields a trick taken changes; the phase moves to scoring after the last one."""
    counts = list(state.tricks_won)
    counts[seat] += 1
    out: dict[str, Any] = {"tricks_won": tuple(counts), "trick": (), "leader": seat,
                           "turn": seat}
    if not any(state.hands):
        out.update(phase="score", turn=None)
    return out


def winning(state: TrickState) -> int | None:
    """Who is winning the trick in play."""
    if not state.trick:
        return None
    return tricks.trick_winner(state.trick, state.trump, state.rules.order)


def table(state: TrickState) -> dict[str, Any]:
    """The trick part of a view."""
    return {"table": [{"seat": s, "card": c} for s, c in state.trick],
            "winning": winning(state)}


@dataclass(frozen=True, slots=True)
class PlayedOut:
    """The rest of a deal's tricks played at random: hands (empty), tricks won per seat, the
    cards each seat won and every card played, in order, and the last trick's winner."""

    hands: Hands
    tricks_won: tuple[int, ...]
    won: tuple[tuple[str, ...], ...]
    taken: tuple[str, ...]
    leader: int


def play_out(state: TrickState, rng: random.Random, record: Record | None,
             must_trump: bool) -> PlayedOut:
    """The compiled kernel where it is built, else the Python one (the same rules; each draws
    its own random cards from ``rng``)."""
    if _core is not None:
        return compiled_play_out(state, rng, record, must_trump)
    return python_play_out(state, rng, record, must_trump)


_STRENGTHS: dict[int, tuple[dict[str, int], tuple[int, ...]]] = {}


def _strengths(order: dict[str, int]) -> tuple[int, ...]:
    """A rank order as strengths by rank index (``cards.RANKS``), -1 for ranks not played."""
    known = _STRENGTHS.get(id(order))
    if known is None or known[0] is not order:
        known = _STRENGTHS[id(order)] = (order, tuple(
            order.get(r, -1) for r in compiled.RANK_IDS))
    return known[1]


def compiled_play_out(state: TrickState, rng: random.Random, record: Record | None,
                      must_trump: bool) -> PlayedOut:
    """``python_play_out`` in C (``_trickplay.c``), seeded from ``rng``."""
    assert _core is not None and state.turn is not None
    trump = -1 if state.trump is None else compiled.SUIT_IDS[state.trump]
    counts, won, taken_cards, leader, trace = _core.play_out(
        state.hands, state.trick, state.turn, state.leader, state.tricks_won,
        _strengths(state.rules.order), trump, must_trump, compiled.seed_of(rng),
        record is not None)
    if record is not None:
        name = compiled.NAMES
        record.extend((seat, {"type": "play", "card": name[card]},
                       [{"type": "play", "card": name[c]} for c in legal])
                      for seat, card, legal in trace)
    return PlayedOut(((),) * len(state.hands), counts, won, taken_cards, leader)


def python_play_out(state: TrickState, rng: random.Random, record: Record | None,
                    must_trump: bool) -> PlayedOut:
    """Random legal play to the end of the card play, on mutable lists (a tenth of the
    reducers' cost); ``record`` collects each move with the legal moves it was drawn from."""
    rules, trump = state.rules, state.trump
    n, order = rules.players, rules.order
    hands = [list(h) for h in state.hands]
    trick, turn, leader = list(state.trick), state.turn, state.leader
    counts = list(state.tricks_won)
    won: list[list[str]] = [[] for _ in range(n)]
    taken_cards: list[str] = []
    pick, legal_cards, winner = rng.random, tricks.legal_cards, tricks.trick_winner
    while True:
        if len(trick) == n:
            leader = turn = winner(trick, trump, order)
            counts[leader] += 1
            cards = [c for _, c in trick]
            won[leader] += cards
            taken_cards += cards
            trick = []
            if not any(hands):
                break
            continue
        assert turn is not None
        hand = hands[turn]
        legal = legal_cards(hand, trick, trump, must_trump) if trick else hand
        card = legal[int(pick() * len(legal))]
        if record is not None:
            record.append((turn, {"type": "play", "card": card},
                           [{"type": "play", "card": c} for c in legal]))
        hand.remove(card)
        trick.append((turn, card))
        turn = (turn + 1) % n
    return PlayedOut(tuple(tuple(h) for h in hands), tuple(counts),
                     tuple(tuple(w) for w in won), tuple(taken_cards), leader)
