"""The use cases: create a match, show a deal, make a move, read and export a log.

This is the only place that joins the pure rules (``domain``) to the store. It is written
against ``EventStore`` and two injected callables (a clock and a turn notifier), so the API and
the workers compose it the same way.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import secrets
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, cast

import orjson

from domain import game, redaction, registry
from domain import match as matches
from domain import sheet as sheets
from domain.bots import BOTS
from domain.errors import InvalidOptions
from domain.fairness import MatchSecret
from domain.game import ENGINE_VERSION
from domain.messages import Command, Event, Move
from domain.shuffle import SHUFFLE_VERSION

from . import keys
from .audit import Report, audit, audit_match, export_format
from .envelope import GENESIS, seal, served, to_event
from .store import Conflict, Duplicate, EventStore, Remembered

MOVE_RETRIES = 5
NOTIFY_BACKOFF = (0.05, 0.2, 0.5)  # seconds between tries to enqueue a bot turn
log = logging.getLogger("tricklog.referee")


class NotFound(Exception):
    def __init__(self, kind: str, ident: str) -> None:
        super().__init__(f"no {kind} {ident!r}")
        self.kind, self.ident = kind, ident


class Unauthorized(Exception):
    """No seat token where one is required."""


class Forbidden(Exception):
    """A token that is not a seat of this match, or a seat that may not do this."""


class StaleSeq(Exception):
    def __init__(self, current_seq: int) -> None:
        super().__init__(f"the deal is at seq {current_seq}")
        self.current_seq = current_seq


class IdempotencyKeyReused(Exception):
    """An idempotency key already used by this seat for another move: the first move stands,
    and this one was not made."""


class DealRunning(Exception):
    """The whole log is shown only once the deal is over."""


class MatchOver(Exception):
    """The match has ended; nothing more can be added to it."""


TurnHook = Callable[[str, int, int], None]


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Meta:
    """Immutable facts of a match kept beside its stream: seats, token digests, the secret and
    nonce (``fairness.MatchSecret``)."""

    match_id: str
    seats: list[dict[str, Any]]
    token_digests: dict[int, str]
    fairness: MatchSecret

    def seat_of(self, token: str | None) -> int | None:
        if token is None:
            return None
        given = token_digest(token)
        for seat, expected in self.token_digests.items():
            if hmac.compare_digest(given, expected):
                return seat
        raise Forbidden("this token is not a seat of this match")

    def bot_of(self, seat: int | None) -> str | None:
        return None if seat is None else self.seats[seat].get("bot")


@dataclass(frozen=True, slots=True)
class LoadedDeal:
    id: str
    seq: int
    hash: str
    state: Any
    meta: Meta


class Referee:
    """``on_turn`` is told when a move leaves a bot seat to act (it enqueues the turn);
    ``on_stall`` when a read finds a bot seat to act (it enqueues the turn if no job will play
    it: ``workers.turns.BotTurns.ensure``)."""

    def __init__(self, store: EventStore, *, clock: Callable[[], str] = utc_now,
                 on_turn: TurnHook | None = None, on_stall: TurnHook | None = None) -> None:
        self.store = store
        self.clock = clock
        self.on_turn = on_turn
        self.on_stall = on_stall
        self.new_id: Callable[[], str] = lambda: "m" + secrets.token_hex(8)

    # -- matches ---------------------------------------------------------------------------------

    def create_match(self, *, ruleset: str, seats: list[dict[str, Any]],
                     players: int | None = None, options: dict[str, Any] | None = None,
                     seed: str | None = None, deal: dict[str, Any] | None = None
                     ) -> dict[str, Any]:
        """Create a match and its first deal; the answer holds each seat's token, once.
        ``players`` defaults to the number of seats."""
        rules = registry.rules_for(ruleset, players or len(seats), options)
        if len(seats) != rules.players:
            raise InvalidOptions("seats", f"{rules.preset} for {rules.players} needs "
                                 f"{rules.players} seats, got {len(seats)}")
        for seat in seats:
            bot = seat.get("bot")
            if bot is not None and bot not in BOTS and self.webhook(bot) is None:
                raise InvalidOptions("seats", f"unknown bot {bot!r}: use one of "
                                     + ", ".join(sorted(BOTS)) + " or a registered bot's id")
        match_id = self.new_id()
        fair = MatchSecret(seed if seed is not None else secrets.token_hex(32), self._nonce(seed))
        start: dict[str, Any] = {}
        if deal is not None:
            event = game.prearranged_deal(rules, deal["dealer"], deal["hands"], deal["stock"],
                                          deal.get("trump_card"))[0]
            start = {"dealer": deal["dealer"], "prearranged": event.data}
        dealer = start.get("dealer", fair.first_dealer(rules.players))
        table = [{"seat": i, "name": s["name"], "bot": s.get("bot")} for i, s in enumerate(seats)]
        tokens = [secrets.token_urlsafe(32) for _ in seats]  # 256 bits each
        self._write_meta(match_id, table, tokens, fair)
        opening = matches.created(match_id, rules, table, dealer, fair,
                                  [s.get("client_seed") for s in seats],
                                  {"prearranged": start["prearranged"]} if start else None)
        self.store.append("match", match_id, self._seal(opening, 0, GENESIS, f"create:{match_id}"),
                          expected_seq=0)
        state = self.advance(match_id)
        return {**self._public_match(state), "tokens": [
            {"seat": i, "token": t} for i, t in enumerate(tokens)],
            "deal": {"id": matches.deal_id(match_id, 1)}}

    def _nonce(self, seed: str | None) -> str:
        """The match nonce: random, or for a creator's seed drawn from it under the store's
        fairness key, so the same seed deals the same cards on this store (duplicate play)."""
        if seed is None:
            return secrets.token_hex(32)
        message = b"tricklog-match-nonce\x00" + seed.encode()
        return hmac.new(self.store.fairness_key(), message, hashlib.sha256).hexdigest()

    def _write_meta(self, match_id: str, seats: list[dict[str, Any]], tokens: list[str],
                    fair: MatchSecret) -> None:
        mapping = {"seats": orjson.dumps(seats).decode(), "secret": fair.secret,
                   "nonce": fair.nonce or ""}
        mapping.update({f"token:{i}": token_digest(t) for i, t in enumerate(tokens)})
        now = datetime.now(UTC).timestamp()
        pipe = self.store.redis.pipeline(transaction=False)
        pipe.hset(keys.meta_key(match_id), mapping=mapping)  # type: ignore[arg-type]
        pipe.zadd(keys.match_index_key(), {match_id: now})
        if any(seat.get("bot") for seat in seats):  # the sweeper watches it until it is over
            pipe.zadd(keys.live_bot_matches_key(), {match_id: now})
        pipe.execute()

    def meta(self, match_id: str) -> Meta:
        raw = cast(dict[bytes, bytes], self.store.redis.hgetall(keys.meta_key(match_id)))
        if not raw:
            raise NotFound("match", match_id)
        return _meta(match_id, raw)

    def match(self, match_id: str) -> dict[str, Any]:
        self.meta(match_id)
        return self._public_match(self.advance(match_id))

    def contribute_seed(self, match_id: str, token: str | None, seed: str) -> dict[str, Any]:
        """A seat's client seed, mixed into the shuffle of every deal not yet started."""
        if token is None:
            raise Unauthorized("a client seed needs the seat's token")
        seat = self.meta(match_id).seat_of(token)
        assert seat is not None
        for _ in range(MOVE_RETRIES):
            seq, prev, state = self._match_state(match_id)
            if state.status != "playing":
                raise MatchOver(f"match {match_id} is over")
            event = matches.client_seed(state, seat, seed)
            try:
                self.store.append("match", match_id,
                                  self._seal([event], seq, prev, f"seed:{seat}:{seq}"),
                                  expected_seq=seq)
            except Conflict:
                continue
            return dict(event.data)
        raise StaleSeq(seq)

    def list_matches(self, limit: int = 50) -> list[str]:
        ids = cast(list[bytes], self.store.redis.zrevrange(keys.match_index_key(), 0, limit - 1))
        return [i.decode() for i in ids]

    @staticmethod
    def _public_match(state: matches.MatchState) -> dict[str, Any]:
        return state.to_dict()

    def _match_state(self, match_id: str) -> tuple[int, str, matches.MatchState]:
        envs = self.store.read("match", match_id)
        if not envs:
            raise NotFound("match", match_id)
        return envs[-1]["seq"], envs[-1]["hash"], matches.fold([to_event(e) for e in envs])

    def advance(self, match_id: str) -> matches.MatchState:
        """Bring the match stream up to date with its deals: record scored deals, start the
        next one. Idempotent and safe to race: every write checks the expected ``seq``."""
        for _ in range(MOVE_RETRIES * 2):
            seq, prev, state = self._match_state(match_id)
            current = state.deals[-1]
            self._ensure_deal(state, seq, current["number"])
            if state.status != "playing" or current["status"] != "playing":
                return state
            deal_state = self._state(current["id"])
            if not game.is_over(deal_state):
                return state
            events = matches.after_deal(state, current["number"], deal_state.result,
                                        self.meta(match_id).fairness)
            try:
                self.store.append("match", match_id,
                                  self._seal(events, seq, prev, f"advance:{current['id']}"),
                                  expected_seq=seq)
            except Conflict:
                continue
        return self._match_state(match_id)[2]

    def _ensure_deal(self, state: matches.MatchState, match_seq: int, number: int) -> None:
        did = matches.deal_id(state.id, number)
        if self.store.head("deal", did).seq:
            return
        started = self.store.read("match", state.id, upto=match_seq)
        info = next(e["data"] for e in started
                    if e["type"] == "deal_started" and e["data"]["number"] == number)
        meta = self.meta(state.id)
        if "prearranged" in info:
            events = game.opening(Event("dealt", info["prearranged"]), None)
        else:
            events = game.new_deal(state.rules, number, info["dealer"],
                                   meta.fairness.deal(number), matches.seeds_for(state, number),
                                   info.get("carry", 0))
        deal_state = game.fold(events)
        envs = self._seal(events, 0, GENESIS, f"deal:{did}", state.rules)
        try:
            self.store.append("deal", did, envs, expected_seq=0, snapshot=_snapshot(deal_state))
        except Conflict:
            return
        self._notify(did, len(events), deal_state, meta)
        if game.is_over(deal_state):  # a burned hand can end a deal as it is dealt
            self.advance(state.id)

    # -- deals -----------------------------------------------------------------------------------

    def load(self, deal_id: str) -> LoadedDeal:
        """The deal's state from its snapshot plus the events after it (a bounded fold)."""
        match_id = matches.match_id_of(deal_id)
        pipe = self.store.redis.pipeline(transaction=False)
        pipe.hgetall(keys.head_key("deal", deal_id))
        pipe.hgetall(keys.meta_key(match_id))
        head_raw, meta_raw = pipe.execute()
        if not head_raw or not meta_raw:
            raise NotFound("deal", deal_id)
        head = self.store.head_from(head_raw)
        state = None
        after = 0
        if head.snapshot is not None and head.snapshot.get("engine") == ENGINE_VERSION:
            state, after = game.from_snapshot(head.snapshot), head.snap_seq
        if head.seq > after:
            state = game.fold((to_event(e) for e in self.store.read("deal", deal_id, after=after)),
                              state)
        assert head.hash is not None
        return LoadedDeal(deal_id, head.seq, head.hash, state, _meta(match_id, meta_raw))

    def _state(self, deal_id: str) -> Any:
        return self.load(deal_id).state

    def is_over(self, deal_id: str) -> bool:
        return game.is_over(self.load(deal_id).state)

    def view(self, deal_id: str, token: str | None) -> dict[str, Any]:
        """The caller's view. A read that finds a bot seat to act also makes sure a job will
        play it (``on_stall``), so reading a stalled deal restarts it."""
        deal = self.load(deal_id)
        out = self.view_of(deal, deal.state, deal.seq, deal.meta.seat_of(token))
        self._kick(deal)
        return out

    def _kick(self, deal: LoadedDeal) -> None:
        turn = deal.state.turn
        if self.on_stall is None or turn is None or not deal.meta.bot_of(turn):
            return
        try:
            self.on_stall(deal.id, deal.seq, turn)
        except Exception:  # a read never fails for this: the workers' sweeper finds it too
            log.warning("could not check a bot turn", exc_info=True, extra={"deal": deal.id})

    @staticmethod
    def view_of(deal: LoadedDeal, state: Any, seq: int, seat: int | None) -> dict[str, Any]:
        return {"id": deal.id, "match_id": deal.meta.match_id, "ruleset": state.rules.preset,
                "players": state.rules.players, "options": state.rules.options, "seq": seq,
                **game.view(state, seat)}

    def move(self, deal_id: str, token: str | None, move: dict[str, Any], *,
             expected_seq: int | None = None, idempotency_key: str | None = None
             ) -> dict[str, Any]:
        """Apply one seat's move. Returns ``{"events": [...], "view": {...}}``; a repeated
        idempotency key returns the first answer and appends nothing."""
        if token is None:
            raise Unauthorized("a move needs the seat's token")
        deal = self.load(deal_id)
        seat = deal.meta.seat_of(token)
        assert seat is not None
        fingerprint = hashlib.sha256(json.dumps(  # json: expected_seq may exceed 64 bits
            {**move, "expected_seq": expected_seq}, sort_keys=True,
            separators=(",", ":")).encode()).hexdigest()
        return self._move(deal, seat, move, expected_seq, idempotency_key,
                          fingerprint=fingerprint)

    def play_as(self, deal_id: str, seat: int, move: dict[str, Any], *, expected_seq: int,
                idempotency_key: str, command_id: str | None = None) -> dict[str, Any]:
        """A move on behalf of a bot seat (workers only). ``command_id`` records why, e.g. a
        webhook bot's fallback to a random move."""
        deal = self.load(deal_id)
        if deal.meta.bot_of(seat) is None:
            raise Forbidden(f"seat {seat} is not played by a bot")
        return self._move(deal, seat, move, expected_seq, idempotency_key, command_id)

    # -- webhook bots ----------------------------------------------------------------------------

    def register_bot(self, name: str, url: str) -> dict[str, Any]:
        """A third-party bot at ``url``; the answer holds its signing secret, shown once."""
        bot = {"id": "wb_" + secrets.token_hex(8), "name": name, "url": url,
               "secret": secrets.token_urlsafe(32)}
        self.store.redis.hset(keys.bots_key(), bot["id"], orjson.dumps(bot))
        return bot

    def webhook(self, bot_id: str) -> dict[str, Any] | None:
        if not bot_id.startswith("wb_"):
            return None
        raw = self.store.redis.hget(keys.bots_key(), bot_id)
        return None if raw is None else orjson.loads(cast(bytes, raw))

    def _move(self, deal: LoadedDeal, seat: int, move: dict[str, Any], expected_seq: int | None,
              key: str | None, command_id: str | None = None, fingerprint: str | None = None
              ) -> dict[str, Any]:
        """``fingerprint`` digests the canonical move: a key repeated with another one is
        refused (``IdempotencyKeyReused``) instead of answered with the first move's answer.
        Bots pass none: a retried webhook may choose differently, and the first move stands."""
        scope = str(seat)
        if key is not None:
            seen = self.store.remembered("deal", deal.id, scope, key)
            if seen is not None:
                return _first_answer(seen, fingerprint)
        for _ in range(MOVE_RETRIES):
            if expected_seq is not None and expected_seq != deal.seq:
                raise StaleSeq(deal.seq)
            secret = deal.meta.fairness.deal(matches.number_of(deal.id))
            events = game.decide(deal.state, Command(seat, Move.from_dict(move), secret))
            state = game.fold(events, deal.state)
            envs = self._seal(events, deal.seq, deal.hash,
                              command_id or key or uuid.uuid4().hex, deal.state.rules)
            new_seq = envs[-1]["seq"]
            answer = {"events": served_envelopes(deal.state.rules, envs, seat, game.is_over(state)),
                      "view": self.view_of(deal, state, new_seq, seat)}
            try:
                self.store.append("deal", deal.id, envs, expected_seq=deal.seq,
                                  idempotency=(scope, key) if key else None,
                                  answer=orjson.dumps(answer), fingerprint=fingerprint,
                                  snapshot=_snapshot(state))
            except Duplicate as dup:
                return _first_answer(dup.remembered, fingerprint)
            except Conflict as conflict:
                if expected_seq is not None:
                    raise StaleSeq(conflict.current_seq) from None
                deal = self.load(deal.id)
                continue
            if game.is_over(state):
                self.advance(deal.meta.match_id)
            self._notify(deal.id, new_seq, state, deal.meta)
            return answer
        raise StaleSeq(deal.seq)

    def _notify(self, deal_id: str, seq: int, state: Any, meta: Meta) -> None:
        """Tell the bot runner a bot seat is to act. The move is already committed, so a
        failure is retried with backoff (``NOTIFY_BACKOFF``), then logged, not raised: the
        workers' sweeper finds the turn within seconds, and reading the deal kicks it."""
        if self.on_turn is None or state.turn is None or not meta.bot_of(state.turn):
            return
        for pause in (*NOTIFY_BACKOFF, None):
            try:
                self.on_turn(deal_id, seq, state.turn)
                return
            except Exception:
                if pause is None:
                    log.exception("could not schedule a bot move; the sweeper will",
                                  extra={"deal": deal_id, "seq": seq})
                    return
                time.sleep(pause)

    def events(self, deal_id: str, token: str | None, *, after: int = 0,
               limit: int | None = None) -> dict[str, Any]:
        deal = self.load(deal_id)
        seat = deal.meta.seat_of(token)
        envs = self.store.read("deal", deal_id, after=after, limit=limit)
        over = game.is_over(deal.state)
        return {"events": served_envelopes(deal.state.rules, envs, seat, over), "seq": deal.seq,
                "complete": over}

    def replay(self, deal_id: str, token: str | None, at: int) -> dict[str, Any]:
        """The state after event ``at``: the caller's view, omniscient once the deal is over."""
        deal = self.load(deal_id)
        seat = deal.meta.seat_of(token)
        if at > deal.seq:
            raise NotFound("event", f"{deal_id}#{at}")
        envs = self.store.read("deal", deal_id, upto=at)
        state = game.fold(to_event(e) for e in envs)
        out = self.view_of(deal, state, at, seat)
        if game.is_over(deal.state):
            out["hands"] = [list(h) for h in state.hands]
        out["event"] = served_envelopes(state.rules, envs[-1:], seat, game.is_over(deal.state))[0]
        return out

    def export(self, deal_id: str) -> list[dict[str, Any]]:
        """The whole log, a header line first; only once the deal is over."""
        deal = self.load(deal_id)
        if not game.is_over(deal.state):
            raise DealRunning(f"deal {deal_id} is still being played")
        rules = deal.state.rules
        envelopes = self.store.read("deal", deal_id)
        header = {"format": export_format(envelopes), "deal_id": deal_id,
                  "match_id": deal.meta.match_id, "ruleset": rules.preset,
                  "players": rules.players, "options": rules.options, "engine": ENGINE_VERSION,
                  "shuffle": SHUFFLE_VERSION}
        return [header, *envelopes]

    def audit_stored(self, deal_id: str) -> Report:
        """Audit a stored deal like an export, then its place in the match
        (``audit.audit_match``)."""
        lines = self.export(deal_id)
        report = audit(lines[0], lines[1:])
        if report.ok:
            audit_match(report, self.store.read("match", matches.match_id_of(deal_id)),
                        matches.number_of(deal_id), lines[-1])
        return report

    def sheet(self, match_id: str) -> dict[str, Any]:
        """The match's score sheet: every scored deal's result, with running totals."""
        match = self.match(match_id)
        results = []
        for deal in match["deals"]:
            if deal["status"] != "scored":
                continue
            seq = self.store.head("deal", deal["id"]).seq
            scored = self.store.read("deal", deal["id"], after=seq - 1)[0]
            results.append((deal, scored["data"]))
        return sheets.sheet(match, results)

    # -- disputes --------------------------------------------------------------------------------

    def open_dispute(self, deal_id: str, token: str | None, message: str) -> dict[str, Any]:
        """A seat disputes a finished deal; an audit job fills in the report."""
        if token is None:
            raise Unauthorized("a dispute needs the seat's token")
        deal = self.load(deal_id)
        seat = deal.meta.seat_of(token)
        if not game.is_over(deal.state):
            raise DealRunning(f"deal {deal_id} is still being played")
        dispute = {"id": "d" + secrets.token_hex(8), "deal_id": deal_id, "seat": seat,
                   "message": message, "at": self.clock(), "status": "auditing",
                   "report": None}
        self.store.redis.hset(keys.disputes_key(deal_id), dispute["id"], orjson.dumps(dispute))
        return dispute

    def settle_dispute(self, deal_id: str, dispute_id: str, report: dict[str, Any]) -> None:
        key = keys.disputes_key(deal_id)
        raw = self.store.redis.hget(key, dispute_id)
        if raw is None:
            raise NotFound("dispute", dispute_id)
        dispute = orjson.loads(cast(bytes, raw))
        dispute.update(status="audited", report=report)
        self.store.redis.hset(key, dispute_id, orjson.dumps(dispute))

    def disputes(self, deal_id: str, token: str | None) -> list[dict[str, Any]]:
        """A deal's disputes with their audit reports, for the match's seats only."""
        if token is None:
            raise Unauthorized("disputes are shown to the match's seats")
        self.load(deal_id).meta.seat_of(token)
        raw = cast(dict[bytes, bytes], self.store.redis.hgetall(keys.disputes_key(deal_id)))
        return sorted((orjson.loads(v) for v in raw.values()), key=lambda d: d["at"])

    def _seal(self, events: list[Event], after: int, prev: str, command_id: str,
              rules: Any = None) -> list[dict[str, Any]]:
        """Envelopes for ``events``; a deal's (``rules`` given) commit their hidden parts."""
        def hidden(event: Event) -> list[Any]:
            return game.hidden(rules, event) if rules is not None else []

        return seal(events, after_seq=after, prev=prev, at=self.clock(), command_id=command_id,
                    hidden=hidden)


def _meta(match_id: str, raw: dict[bytes, bytes]) -> Meta:
    digests = {int(k[6:]): v.decode() for k, v in raw.items() if k.startswith(b"token:")}
    nonce = raw.get(b"nonce", b"").decode() or None  # none: a match of engine 1
    return Meta(match_id=match_id, seats=orjson.loads(raw[b"seats"]), token_digests=digests,
                fairness=MatchSecret(raw[b"secret"].decode(), nonce))


def _first_answer(seen: Remembered, fingerprint: str | None) -> dict[str, Any]:
    if fingerprint and seen.fingerprint and not hmac.compare_digest(seen.fingerprint,
                                                                     fingerprint):
        raise IdempotencyKeyReused("this Idempotency-Key was used for another move, which "
                                   "stands; this move was not made: use a new key")
    return orjson.loads(seen.answer)  # type: ignore[no-any-return]


def _snapshot(state: Any) -> dict[str, Any]:
    return {"engine": ENGINE_VERSION, **game.to_snapshot(state)}


def served_envelopes(rules: Any, envs: list[dict[str, Any]], viewer: int | None, over: bool
              ) -> list[dict[str, Any]]:
    """Envelopes as ``viewer`` may see them: whole once the deal is over; before, each hidden
    part it may not see is null, beside every commitment and the salts of its own parts."""
    if over:
        return envs
    out = []
    for env in envs:
        event = to_event(env)
        parts = game.hidden(rules, event)
        out.append(served(env, parts, viewer, redaction.redact(event.data, parts, viewer)))
    return out
