"""Moves: a seat's move with its token, or a bot seat's move from a worker. Each is decided
by the rules, sealed into envelopes and appended with the expected ``seq`` in one Lua call
that also keeps the answer under the idempotency key; a race is retried on the new state."""

from __future__ import annotations

import hashlib
import hmac
import json
import uuid
from dataclasses import replace
from functools import partial
from typing import Any

import orjson

from domain import game
from domain import match as matches
from domain.messages import Command, Move

from .. import envelope
from ..store import Conflict, Duplicate, Remembered
from . import clocks, dealing, deals, landing, turns
from . import matches as match_stream
from .context import Referee
from .deals import LoadedDeal
from .errors import Forbidden, IdempotencyKeyReused, StaleSeq, Unauthorized
from .seats import meta

RETRIES = 5


def move(ref: Referee, deal_id: str, token: str | None, body: dict[str, Any], *,
         expected_seq: int | None = None, idempotency_key: str | None = None
         ) -> dict[str, Any]:
    """Apply one seat's move. Returns ``{"events": [...], "view": {...}}``; a repeated
    idempotency key returns the first answer and appends nothing, a key repeated with another
    move is refused (``IdempotencyKeyReused``)."""
    if token is None:
        raise Unauthorized("a move needs the seat's token")
    deal = deals.load(ref, deal_id)
    seat = deal.meta.seat_of(token)
    assert seat is not None
    fingerprint = hashlib.sha256(canonical({**body, "expected_seq": expected_seq})).hexdigest()
    return _apply(ref, deal, seat, body, expected_seq, idempotency_key, fingerprint=fingerprint)


def canonical(command: dict[str, Any]) -> bytes:
    """``command`` as ``json.dumps(sort_keys=True, separators=(",", ":"))`` writes it (the
    fingerprints stored under idempotency keys are digests of that): by orjson where that
    writes the same bytes (values None, bool, an int within 64 bits, a printable ASCII string:
    what a validated move holds), else by ``json`` (a float, a larger int, any other text)."""
    if all(v is None or type(v) is bool or (type(v) is int and -2**63 <= v < 2**64)
           or (type(v) is str and v.isascii() and v.isprintable()) for v in command.values()) \
            and all(k.isascii() and k.isprintable() for k in command):
        return envelope.canonical(command)
    return json.dumps(command, sort_keys=True, separators=(",", ":")).encode()


def play_as(ref: Referee, deal_id: str, seat: int, body: dict[str, Any], *, expected_seq: int,
            idempotency_key: str, command_id: str | None = None) -> dict[str, Any]:
    """A move on behalf of a bot seat (workers only). ``command_id`` records why, e.g. a
    webhook bot's fallback to a random move. Bots give no fingerprint: a retried webhook may
    choose differently, and the first move stands."""
    deal = deals.load(ref, deal_id)
    if deal.meta.acting_bot(seat) is None:
        raise Forbidden(f"seat {seat} is not played by a bot")
    return _apply(ref, deal, seat, body, expected_seq, idempotency_key, command_id)


def _apply(ref: Referee, deal: LoadedDeal, seat: int, body: dict[str, Any],
           expected_seq: int | None, key: str | None, command_id: str | None = None,
           fingerprint: str | None = None) -> dict[str, Any]:
    scope = str(seat)
    if key is not None:
        seen = ref.store.remembered("deal", deal.id, scope, key)
        if seen is not None:
            return _first_answer(seen, fingerprint)
    for _ in range(RETRIES):
        if expected_seq is not None and expected_seq != deal.seq:
            raise StaleSeq(deal.seq)
        clocks.may_move(deal, seat, person=fingerprint is not None)
        secret = deal.meta.deal_secret(matches.number_of(deal.id))
        events, state = game.step(deal.state, Command(seat, Move.from_dict(body), secret))
        envs = ref.seal(events, deal.seq, deal.hash, command_id or key or uuid.uuid4().hex,
                        deal.state.rules)
        spent = clocks.refuse_late(ref, deal, seat, envs[0]["at"]) if fingerprint else 0.0
        answer = _answer(ref, deal, state, envs, seat, spent)
        try:
            landing.appended(ref, "deal", deal.id, envs, partial(
                ref.store.append, "deal", deal.id, envs, expected_seq=deal.seq,
                idempotency=(scope, key) if key else None,
                answer=orjson.dumps(answer) if key else b"",  # kept only under a key
                fingerprint=fingerprint, snapshot=dealing.snapshot(state)))
        except Duplicate as dup:
            return _first_answer(dup.remembered, fingerprint)
        except Conflict as conflict:
            if not landing.ours(ref, "deal", deal.id, envs):  # else: a retried send landed
                if expected_seq is not None:
                    raise StaleSeq(conflict.current_seq) from None
                deal = deals.load(ref, deal.id)
                continue
        landing.after_commit(partial(_after, ref, deal, state, envs[-1],
                                     seat if fingerprint is not None else None, spent),
                             "the move's next steps")
        return answer
    raise StaleSeq(deal.seq)


def _answer(ref: Referee, deal: LoadedDeal, state: Any, envs: list[dict[str, Any]], seat: int,
            spent: float = 0.0) -> dict[str, Any]:
    shown = deals.disclosed(ref, deal, state)
    view = deals.view_of(deal, state, envs[-1]["seq"], seat, shown)
    view["deadline"] = turns.deadline_at(deal.meta, state.turn, envs[-1]["at"],
                                         spent if state.turn == seat else 0.0)
    return {"events": deals.served_envelopes(deal.state.rules, envs, seat, shown),
            "view": view}


def _after(ref: Referee, deal: LoadedDeal, state: Any, last: dict[str, Any],
           person: int | None, spent: float = 0.0) -> None:
    """What a committed move sets going: the match's next deal, the next bot's turn or
    clock; a person's own move ends its run of timeouts and spends its bank past the clock."""
    if person is not None and f"timeouts:{person}".encode() in deal.meta.raw:
        ref.store.forget_match_facts(deal.meta.match_id, f"timeouts:{person}")
    if person is not None and spent > 0:
        ref.store.spend_bank(deal.meta.match_id, person, round(spent * 1000))
        deal = replace(deal, meta=meta(ref, deal.meta.match_id))  # its next deadline
    if game.is_over(state):
        match_stream.advance(ref, deal.meta.match_id)
    turns.notify(ref, deal.id, last["seq"], state.turn, deal.meta, last["at"])


def _first_answer(seen: Remembered, fingerprint: str | None) -> dict[str, Any]:
    if fingerprint and seen.fingerprint and not hmac.compare_digest(seen.fingerprint,
                                                                     fingerprint):
        raise IdempotencyKeyReused("this Idempotency-Key was used for another move, which "
                                   "stands; this move was not made: use a new key")
    return orjson.loads(seen.answer)  # type: ignore[no-any-return]
