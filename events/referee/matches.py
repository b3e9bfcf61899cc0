"""Matches: create one (its seats, tokens, secret and first deal), read it, take a seat's
client seed, and bring its stream up to date with its deals (record a scored deal, start the
next). Every write checks the expected ``seq``, so racing callers are safe."""

from __future__ import annotations

import secrets
from functools import partial
from typing import Any

import orjson

from domain import game, registry
from domain import match as matches
from domain.bots import BOTS
from domain.clock import clock_of
from domain.errors import InvalidOptions
from domain.fairness import ClientSeed, MatchSecret
from domain.messages import Event

from ..envelope import GENESIS
from ..store import Conflict
from . import bots, dealing, deals, duplicates, landing, ratings, turns
from .context import Referee
from .dealing import stream
from .errors import MatchOver, Refused, StaleSeq, Unauthorized
from .players import note as note_players
from .players import seated
from .seats import client_facts, facts, meta, opening

RETRIES = 5


def create(ref: Referee, *, ruleset: str, seats: list[dict[str, Any]],
           players: int | None = None, options: dict[str, Any] | None = None,
           seed: str | None = None, deal: dict[str, Any] | None = None,
           duplicate_of: str | None = None, creator_seat: int | None = None,
           clock: dict[str, Any] | None = None, rematch_of: str | None = None,
           rated: bool = False, player_key: str | None = None) -> dict[str, Any]:
    """Create a match and its first deal; the answer holds, once, the creator's own seat token
    (if it sits in ``creator_seat``), an invite per other seat a person plays, and the creator
    key (``seats.opening``). ``players`` defaults to the number of seats; ``duplicate_of``
    deals another match's decks; ``clock`` runs a move clock (``domain.clock``); ``player_key``
    seats the creator as that player; ``rated``: every seat a player's or a bot's."""
    rules = registry.rules_for(ruleset, players or len(seats), options)
    timing = clock_of(clock)
    _check_seats(ref, rules, seats, creator_seat)
    seats = seated(ref, seats, creator_seat, player_key, rated, deal is not None)
    match_id = ref.new_id()
    group = duplicates.link(ref, rules, duplicate_of, match_id)
    fair = group.fairness if group else MatchSecret(
        seed if seed is not None else secrets.token_hex(32), _nonce())
    first = _prearranged(rules, deal)
    dealer = first["dealer"] if first else fair.first_dealer(rules.players)
    table = _table(seats)
    hidden, handed = opening(match_id, seats, creator_seat)
    clients = [_client(s.get("client_seed")) for s in seats]
    extra = _extra(timing, rematch_of, rated)
    ref.store.save_match(match_id, {**facts(table, hidden, fair), **client_facts(clients),
                                    **duplicates.facts(group), **_json(extra, "clock")},
                         ref.now().timestamp(), bots=True)
    events = matches.created(match_id, rules, table, dealer, fair,
                             [c.commitment if c else None for c in clients],
                             {"prearranged": first["data"]} if first else None,
                             duplicate_of=group.source if group else None, extra=extra)
    if creator_seat is not None:
        events.append(matches.seat_claimed(creator_seat, seats[creator_seat].get("player")))
    envs = ref.seal(events, 0, GENESIS, f"create:{match_id}")
    landing.appended(ref, "match", match_id, envs,
                     lambda: ref.store.append("match", match_id, envs, expected_seq=0))
    note_players(ref, match_id, seats)
    return {**_started(ref, match_id, events).to_dict(),
            "deal": {"id": matches.deal_id(match_id, 1)}, **handed}


def _table(seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The public seats of ``created``: name, bot, and the player a seat is kept for."""
    return [{"seat": i, "name": s["name"], "bot": s.get("bot"),
             **({"player": s["player"]} if s.get("player") else {})} for i, s in enumerate(seats)]


def _extra(timing: Any, rematch_of: str | None, rated: bool) -> dict[str, Any]:
    """What ``created`` says besides the table, when there is something to say."""
    return {k: v for k, v in (("clock", timing.to_dict() if timing else None),
                              ("rematch_of", rematch_of), ("rated", rated or None))
            if v is not None}


def _json(values: dict[str, Any], *names: str) -> dict[str, str]:
    return {n: orjson.dumps(values[n]).decode() for n in names if n in values}


def _started(ref: Referee, match_id: str, events: list[Event]) -> matches.MatchState:
    """The new match brought up to date (its first deal dealt). The match exists once its
    stream is written: a store error after that is no failure to create it, and the next
    read of the match deals its first deal (``advance``)."""
    try:
        return advance(ref, match_id)
    except landing.STORE_ERRORS:
        landing.log.warning("a new match's first deal waits for the store", exc_info=True)
        return matches.fold(events)


def _check_seats(ref: Referee, rules: Any, seats: list[dict[str, Any]],
                 creator_seat: int | None) -> None:
    """The seats fit the preset, name known bots, and carry a client seed only where the
    creator sits: a seed is its player's own, so an invited player gives it when claiming."""
    for i, seat in enumerate(seats):
        if seat.get("client_seed") is not None and i != creator_seat:
            raise InvalidOptions(f"seats.{i}.client_seed", "a client seed is its player's own: "
                                 "give it for the creator's seat, or when claiming a seat")
    if len(seats) != rules.players:
        raise InvalidOptions("seats", f"{rules.preset} for {rules.players} needs "
                             f"{rules.players} seats, got {len(seats)}")
    for seat in seats:
        bot = seat.get("bot")
        if bot is not None and bot not in BOTS and ref.store.bot(bot) is None:
            raise InvalidOptions("seats", f"unknown bot {bot!r}: use one of "
                                 + ", ".join(sorted(BOTS)) + " or a registered bot's id")
        suspended = bot is not None and bot not in BOTS and bots.suspension(ref, bot)
        if suspended:
            raise Refused("bot-suspended", f"the webhook bot {bot} is suspended "
                          f"({suspended['reason']}); its owner or the operator may resume it")


def _prearranged(rules: Any, deal: dict[str, Any] | None) -> dict[str, Any] | None:
    if deal is None:
        return None
    event = game.prearranged_deal(rules, deal["dealer"], deal["hands"], deal["stock"],
                                  deal.get("trump_card"))[0]
    return {"dealer": deal["dealer"], "data": event.data}


def _client(seed: str | None) -> ClientSeed | None:
    """A client seed with a fresh 256-bit salt for its public commitment."""
    return None if seed is None else ClientSeed(seed, secrets.token_hex(32))


def _nonce() -> str:
    """The match nonce ``N``: always 256 fresh random bits, whatever the creator's seed, so a
    guessed seed never reproduces a match (creating matches is no oracle). The same decks at
    several tables come only from an explicit ``duplicate_of`` link."""
    return secrets.token_hex(32)


def get(ref: Referee, match_id: str) -> dict[str, Any]:
    """The match as its log has it: a read appends nothing (the writes and the workers'
    sweeper bring it up to date: ``advance``)."""
    facts_of = meta(ref, match_id)
    state = stream(ref, match_id)[2]
    out = duplicates.public(ref, facts_of, state.to_dict())
    if state.clock is not None:  # the deadline of the turn its current deal waits on
        out["deadline"] = None
        current = state.deals[-1]["id"]
        if state.status == "playing" and ref.store.head("deal", current).seq:
            deal = deals.load(ref, current)
            out["deadline"] = turns.deadline_of(ref, deal.id, deal.seq, deal.state.turn,
                                                deal.meta)
    return out


def recent(ref: Referee, limit: int = 50) -> list[str]:
    return ref.store.recent_matches(limit)


def contribute_seed(ref: Referee, match_id: str, token: str | None, seed: str
                    ) -> dict[str, Any]:
    """A seat's client seed, mixed into the shuffle of every deal not yet started. The match
    log gets only its salted commitment; the seed and salt are kept with the match's facts
    (under the commitment) and revealed in the ``scored`` of each deal it enters."""
    if token is None:
        raise Unauthorized("a client seed needs the seat's token")
    seat = meta(ref, match_id).seat_of(token)
    assert seat is not None
    given = _client(seed)
    assert given is not None
    ref.store.add_match_facts(match_id, client_facts([given]))  # first: see duplicates.py
    try:
        return _append_seed(ref, match_id, seat, given)
    except BaseException:
        ref.store.forget_match_facts(match_id, f"client:{given.commitment}")
        raise


def _append_seed(ref: Referee, match_id: str, seat: int, given: ClientSeed) -> dict[str, Any]:
    duplicates.refuse_seeds(ref, match_id)
    for _ in range(RETRIES):
        seq, prev, state = stream(ref, match_id)
        _may_give_seed(ref, state, seat)
        event = matches.client_seed(state, seat, given.commitment)
        envs = ref.seal([event], seq, prev, f"seed:{seat}:{seq}")
        try:
            landing.appended(ref, "match", match_id, envs, partial(
                ref.store.append, "match", match_id, envs, expected_seq=seq))
        except Conflict:
            if not landing.ours(ref, "match", match_id, envs):
                continue
        return dict(event.data)
    raise StaleSeq(seq)


def _may_give_seed(ref: Referee, state: matches.MatchState, seat: int) -> None:
    """Refuse a client seed the match no longer takes (see ``matches.seed_refusal``)."""
    if state.status != "playing":
        raise MatchOver(f"match {state.id} is over")
    over = {d["number"] for d in state.deals if d["status"] != "playing"}
    current = state.deals[-1]  # over in its log before the match records it
    if ref.store.head("deal", current["id"]).seq and deals.is_over(ref, current["id"]):
        over.add(current["number"])
    why = matches.seed_refusal(state, seat, over)
    if why == "given":
        raise Refused("seed-already-given", f"seat {seat} has given its client seed")
    if why == "closed":
        raise Refused("seeds-closed", "a deal a client seed entered is over: its scored "
                      "reveals that seed, so no seed is taken any more")


def advance(ref: Referee, match_id: str) -> matches.MatchState:
    """Bring the match stream up to date with its deals: record scored deals, start the next
    one. Idempotent and safe to race: every write checks the expected ``seq``."""
    for _ in range(RETRIES * 2):
        seq, prev, state = stream(ref, match_id)
        current = state.deals[-1]
        dealing.ensure_deal(ref, state, seq, current["number"])
        if state.status != "playing" or current["status"] != "playing":
            if state.rated and state.status == "over":  # indexed at most once (ZADD NX)
                ratings.note(ref, match_id)
            return state
        deal_state = deals.load(ref, current["id"]).state
        if not game.is_over(deal_state):
            return state
        events = matches.after_deal(state, current["number"], deal_state.result,
                                    meta(ref, match_id).fairness)
        try:
            ref.store.append("match", match_id,
                             ref.seal(events, seq, prev, f"advance:{current['id']}"),
                             expected_seq=seq)
        except Conflict:
            continue
    return stream(ref, match_id)[2]
