"""Move clocks: a turn's deadline (in every view), given to the workers when the turn begins,
and enforced by them when it passes: ``timed_out`` then the clock's bot's move, appended at
once with the turn's expected ``seq`` as any move is, so a move racing the deadline either
lands first (the timeout is then stale) or is refused. A move stamped after its deadline is
refused (``clock-expired``) even before the workers enforce it. ``away_after`` timeouts in a
row make the seat away (``seat_away``: its bot plays its turns at once) until its holder
says it is back (``seat_back``); with ``on_timeout: forfeit`` the seat's side loses: the
match's ``ended``, then the deal's ``abandoned`` (the deal is over, with no result)."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

from domain import game, table
from domain import match as match_rules
from domain.bots import BOTS
from domain.clock import Clock, abandoned, expired, forfeits, overtime, timed_out
from domain.fairness import bot_seed
from domain.messages import Command, Move

from ..envelope import render_at, to_event
from ..store import Conflict
from . import dealing, deals, landing, turns
from . import matches as match_stream
from .context import Referee
from .deals import LoadedDeal
from .errors import Forbidden, MatchOver, Refused, Unauthorized
from .seats import meta
from .table import change

LEASE_MS = 10_000  # a claimed deadline falls due again if its worker died enforcing it


def refuse_late(ref: Referee, deal: LoadedDeal, seat: int, stamped: str) -> float:
    """A person's move stamped at or after its turn's deadline does not land, nor one after a
    forfeit (its ``timed_out`` is in the log before the match's ``ended``). Returns the bank
    the move spends (seconds past ``move_seconds``)."""
    clock = turns.clocked(deal.meta, deal.state.turn)
    began = turns.turn_at(ref, deal.id, deal.seq) if clock else None
    if clock is None or began is None:
        return 0.0
    if began["type"] == "timed_out" and began["data"].get("forfeit"):
        raise MatchOver(f"match {deal.meta.match_id} is over: a side forfeited")
    due = turns.due(deal.meta, clock, seat, began["at"])
    if expired(due, turns.seconds(stamped)):
        raise Refused("clock-expired", f"the turn's deadline {render_at(turns.when(due))} has "
                      "passed: the clock's bot plays it (or the side forfeits)")
    return overtime(turns.seconds(began["at"]), turns.seconds(stamped), clock)


def may_move(deal: LoadedDeal, seat: int, *, person: bool) -> None:
    """No move once a side forfeited; no person's move for a seat that is away (its bot plays
    it until its holder is back)."""
    if deal.meta.forfeited:
        raise MatchOver(f"match {deal.meta.match_id} is over: a side forfeited")
    if person and deal.meta.away(seat):
        raise Refused("seat-away", f"seat {seat} is away: its bot plays its turns until "
                      f"POST /v1/matches/{deal.meta.match_id}/seats/{seat}/back")


def enforce(ref: Referee, deal_id: str, seq: int, seat: int) -> str:
    """The workers' side of a deadline: ``timed out`` (appended now), ``stale`` (a move or
    another worker came first), or ``early`` (given back to the workers at its deadline)."""
    deal = deals.load(ref, deal_id)
    last = turns.turn_at(ref, deal_id, deal.seq)
    if last is not None and last["type"] == "timed_out" and last["data"].get("forfeit"):
        _forfeit(ref, deal, last["data"]["seat"], last["data"]["deadline"])  # a death cut
        return "stale"
    clock = turns.clocked(deal.meta, deal.state.turn)
    if deal.seq != seq or deal.state.turn != seat or clock is None or last is None:
        return "stale"
    due = turns.due(deal.meta, clock, seat, last["at"])
    if not expired(due, turns.seconds(ref.clock())):
        turns.watch(ref, deal_id, seq, seat, deal.meta, last["at"])
        return "early"
    return _time_out(ref, deal, seat, clock, render_at(turns.when(due)))


def _time_out(ref: Referee, deal: LoadedDeal, seat: int, clock: Clock, due: str) -> str:
    events, state = [timed_out(seat, due, forfeit=clock.forfeits)], deal.state
    secret = deal.meta.deal_secret(match_rules.number_of(deal.id))
    if not clock.forfeits:
        view = deals.view_of(deal, state, deal.seq, seat, False)
        rng = random.Random(bot_seed(deal.meta.fairness.deal(match_rules.number_of(deal.id)),
                                     deal.id, deal.seq))
        move = BOTS.get(clock.bot, BOTS["heuristic"])(view, rng)
        more, state = game.step(state, Command(seat, Move.from_dict(move), secret))
        events += more
    envs = ref.seal(events, deal.seq, deal.hash, f"timeout:{deal.seq}", state.rules)
    try:
        landing.appended(ref, "deal", deal.id, envs, partial(
            ref.store.append, "deal", deal.id, envs, expected_seq=deal.seq,
            snapshot=dealing.snapshot(state)))
    except Conflict:
        if not landing.ours(ref, "deal", deal.id, envs):
            return "stale"
    landing.after_commit(partial(_after, ref, deal, state, seat, envs[-1]["seq"], due),
                         "a timeout's next steps")
    return "timed out"


def _after(ref: Referee, deal: LoadedDeal, state: Any, seat: int, seq: int, due: str) -> None:
    """After a timeout: the forfeit, or the count of timeouts in a row (away at
    ``away_after``), the match's next deal and the next turn."""
    match_id, clock = deal.meta.match_id, deal.meta.clock
    assert clock is not None
    if clock.forfeits:
        _forfeit(ref, deal, seat, due)
        return
    if clock.bank_seconds:  # a timeout spends the whole bank
        ref.store.spend_bank(match_id, seat, round(clock.bank_seconds * 1000))
    count = ref.store.count_timeout(match_id, seat)
    if count >= clock.away_after:
        change(ref, match_id, lambda _: table.seat_away(seat, count),
               (f"away:{seat}", None), {f"away:{seat}": "away"})
    if game.is_over(state):
        match_stream.advance(ref, match_id)
    turns.notify(ref, deal.id, seq, state.turn, meta(ref, match_id))


def _forfeit(ref: Referee, deal: LoadedDeal, seat: int, due: str) -> None:
    """The match ends on ``seat``'s forfeit (``ended``), then the deal it timed out in
    (``close_forfeited``): each step idempotent, so a worker cut between them is taken over by
    the next one to enforce the deadline, or by the sweeper."""
    meta_of = deal.meta
    change(ref, meta_of.match_id,
           lambda state: next(iter(table.forfeited(state, seat, due, meta_of.fairness)), None),
           ("forfeited", None), {"forfeited": "1"})
    close_forfeited(ref, deal.id)


def close_forfeited(ref: Referee, deal_id: str) -> bool:
    """Close a deal whose last event is a forfeiting ``timed_out`` (its match has ended):
    ``abandoned``, appended at that event's ``seq`` (nothing else may land after it),
    revealing the deal's secret as ``scored`` would. False if there is nothing to close."""
    deal = deals.load(ref, deal_id)
    if game.is_over(deal.state):
        return False
    last = turns.turn_at(ref, deal_id, deal.seq)
    if last is None or not forfeits(to_event(last)):
        return False
    secret = deal.meta.deal_secret(match_rules.number_of(deal.id))
    event = abandoned(deal.state, last["data"]["seat"], secret)
    state = game.evolve(deal.state, event)
    envs = ref.seal([event], deal.seq, deal.hash, f"abandon:{deal.seq}", state.rules)
    try:
        landing.appended(ref, "deal", deal.id, envs, partial(
            ref.store.append, "deal", deal.id, envs, expected_seq=deal.seq,
            snapshot=dealing.snapshot(state)))
    except Conflict:
        return landing.ours(ref, "deal", deal.id, envs)  # else closed by another worker
    return True


def close_every_forfeited(ref: Referee) -> list[str]:
    """The deals of all forfeited matches left open closed (a match forfeited before deals
    were closed, or whose worker was cut and left the sweeper's set): the deals closed.
    ``scripts/close_forfeits.py`` runs it once over a store."""
    done = []
    for match_id in ref.store.recent_matches(2**31 - 1):
        if b"forfeited" in ref.store.match_facts(match_id):
            deal_id = dealing.stream(ref, match_id)[2].deals[-1]["id"]
            if close_forfeited(ref, deal_id):
                done.append(deal_id)
    return done


def back(ref: Referee, match_id: str, seat: int, token: str | None) -> dict[str, Any]:
    """The holder of an away seat plays its turns again (``seat_back``)."""
    if token is None:
        raise Unauthorized("coming back needs the seat's token")
    facts = meta(ref, match_id)
    if facts.seat_of(token) != seat:
        raise Forbidden(f"this token is not seat {seat}'s")
    if not change(ref, match_id, lambda _: table.seat_back(seat), (f"away:{seat}", "away"),
                  {f"away:{seat}": None, f"timeouts:{seat}": None}):
        raise Refused("seat-not-away", f"seat {seat} is not away: its turns are its own")
    kick_current(ref, match_id)
    return {"seat": seat, "away": False}


def kick_current(ref: Referee, match_id: str) -> None:
    """The current deal's turn, given to its bot or its clock after a seat changed hands."""
    state = dealing.stream(ref, match_id)[2]
    if state.status != "playing":
        return
    deal = deals.load(ref, state.deals[-1]["id"])
    turns.notify(ref, deal.id, deal.seq, deal.state.turn, deal.meta)
