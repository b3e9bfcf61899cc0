"""A match's deals made: deal ``n`` exists once the match's log records its start
(``deal_started``), dealt by whoever gets there first (idempotent: the deal's id and shuffle
are derived, its first append expects ``seq`` 0). ``advance`` deals each deal it starts; a
read of a deal its match lists but no log holds (the process that recorded it died before
dealing it) deals it too, so a client never gets a 404 for a listed deal."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from domain import game
from domain import match as matches
from domain.fairness import DealSecret
from domain.game import ENGINE_VERSION
from domain.messages import Event

from ..envelope import GENESIS, to_event
from ..store import Conflict
from . import turns
from .context import Referee
from .errors import NotFound
from .seats import Meta, deal_clients, meta


def snapshot(state: Any) -> dict[str, Any]:
    """A deal state as its append stores it, marked with the engine that wrote it."""
    return {"engine": ENGINE_VERSION, **game.to_snapshot(state)}


def stream(ref: Referee, match_id: str) -> tuple[int, str, matches.MatchState]:
    """The match stream's last ``seq`` and ``hash``, and its state."""
    envs = ref.store.read("match", match_id)
    if not envs:
        raise NotFound("match", match_id)
    return envs[-1]["seq"], envs[-1]["hash"], matches.fold([to_event(e) for e in envs])


def deal_listed(ref: Referee, deal_id: str) -> bool:
    """Whether the match's log starts ``deal_id``; if so, it is dealt (idempotent)."""
    seq, _, state = stream(ref, matches.match_id_of(deal_id))
    if not any(d["id"] == deal_id for d in state.deals):
        return False
    ensure_deal(ref, state, seq, matches.number_of(deal_id))
    return True


def ensure_deal(ref: Referee, state: matches.MatchState, match_seq: int, number: int) -> None:
    """Deal ``number`` exists once its ``deal_started`` is recorded (idempotent)."""
    did = matches.deal_id(state.id, number)
    if ref.store.head("deal", did).seq:
        return
    started = ref.store.read("match", state.id, upto=match_seq)
    info = next(e["data"] for e in started
                if e["type"] == "deal_started" and e["data"]["number"] == number)
    seats = meta(ref, state.id)
    if "prearranged" in info:
        events = game.opening(Event("dealt", info["prearranged"]), None)
    else:
        clear, secret = _deal_seeds(ref, seats, state, number)
        events = game.new_deal(state.rules, number, info["dealer"], secret, clear,
                               game.carried_in(state.rules, info))
    deal_state = game.fold(events)
    envs = ref.seal(events, 0, GENESIS, f"deal:{did}", state.rules)
    try:
        ref.store.append("deal", did, envs, expected_seq=0, snapshot=snapshot(deal_state))
    except Conflict:
        return
    # a burned hand can end a deal as it is dealt: ``advance`` records it next (the sweeper
    # does for a read that dealt it)
    turns.notify(ref, did, len(events), deal_state.turn, seats, envs[-1]["at"])


def _deal_seeds(ref: Referee, seats: Meta, state: matches.MatchState, number: int
                ) -> tuple[list[str | None], DealSecret]:
    """Deal ``number``'s client seeds: an older match's, given in the clear, or the secret
    with the committed ones, recorded for the deal before it is dealt (so its scoring can
    reveal them)."""
    given = matches.seeds_for(state, number)
    clear = [g.get("seed") if g else None for g in given]
    committed = [seats.client_seed(g["commitment"]) if g and "commitment" in g else None
                 for g in given]
    secret = seats.fairness.deal(number)
    if not any(committed):
        return clear, secret
    ref.store.add_match_facts(state.id, deal_clients(number, committed))
    return clear, replace(secret, clients=tuple(committed))
