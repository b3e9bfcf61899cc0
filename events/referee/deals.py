"""Reading a deal: its state (from the snapshot the last append wrote, plus any events after
it: a bounded fold), a seat's view, the redacted feed, the state at any event, the export.

What a finished deal shows beyond a running one (every hidden card, every salt, the seeds in
``scored``, the export and its audit) is decided in one place, ``disclosed``: the deal is over,
and so is the same deal at every table linked to its match by ``duplicate_of``."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from domain import game, redaction
from domain import match as matches
from domain.family import DealState
from domain.game import ENGINE_VERSION
from domain.shuffle import SHUFFLE_VERSION

from ..audit import export_format
from ..envelope import served, to_event
from . import turns
from .context import Referee
from .dealing import deal_listed
from .errors import DealRunning, NotFound
from .seats import Meta, from_facts


@dataclass(frozen=True, slots=True)
class LoadedDeal:
    id: str
    seq: int
    hash: str
    state: Any
    meta: Meta


def load(ref: Referee, deal_id: str) -> LoadedDeal:
    """The deal's state: one round trip for its head (with the snapshot) and its match's
    facts, and a fold of whatever came after the snapshot."""
    head_raw, meta = _head_and_meta(ref, deal_id)
    head = ref.store.head_from(head_raw)
    state, after = _from_snapshot(head.snapshot, head.snap_seq)
    if head.seq > after:
        events = (to_event(e) for e in ref.store.read("deal", deal_id, after=after))
        state = game.fold(events, state)
    assert head.hash is not None
    return LoadedDeal(deal_id, head.seq, head.hash, state, meta)


def load_whole(ref: Referee, deal_id: str
               ) -> tuple[LoadedDeal, list[dict[str, Any]], list[Any]]:
    """The deal, its whole log and the state after each event, folded once from the start,
    in one round trip (what a replay needs: ``load`` would parse the snapshot and the log be
    read again); a deal not found, or dealt late, the way ``load`` reads it."""
    match_id = matches.match_id_of(deal_id)
    head_raw, facts, envs = ref.store.deal_head_facts_and_log(deal_id, match_id)
    if not head_raw or not facts:
        known = load(ref, deal_id)  # NotFound, or the deal dealt now
        envs = ref.store.read("deal", deal_id, upto=known.seq)
        return known, envs, list(game.states(to_event(e) for e in envs))
    head = ref.store.head_from(head_raw, snapshot=False)
    assert head.hash is not None
    envs = envs[:head.seq]  # events appended after the head was read wait for the next read
    states = list(game.states(to_event(e) for e in envs))
    meta = from_facts(match_id, facts)
    return LoadedDeal(deal_id, head.seq, head.hash, states[-1], meta), envs, states


def _head_and_meta(ref: Referee, deal_id: str) -> tuple[dict[bytes, bytes], Meta]:
    """The deal's head, unparsed, and its match's facts: one round trip."""
    match_id = matches.match_id_of(deal_id)
    head_raw, facts = ref.store.deal_head_and_facts(deal_id, match_id)
    if not head_raw and facts and _dealt_late(ref, deal_id):
        head_raw, facts = ref.store.deal_head_and_facts(deal_id, match_id)
    if not head_raw or not facts:
        raise NotFound("deal", deal_id)
    return head_raw, from_facts(match_id, facts)


def _dealt_late(ref: Referee, deal_id: str) -> bool:
    """Whether the deal is one its match lists, dealt now if the process that recorded its
    start died before dealing it (see ``dealing``)."""
    try:
        return deal_listed(ref, deal_id)
    except NotFound:  # no such match
        return False


def _from_snapshot(snapshot: dict[str, Any] | None, seq: int) -> tuple[DealState | None, int]:
    """The snapshot's state, or none (fold from the start) when another engine wrote it."""
    if snapshot is None or snapshot.get("engine") != ENGINE_VERSION:
        return None, 0
    try:
        return game.from_snapshot(snapshot), seq
    except (KeyError, TypeError, ValueError):  # a state of another shape: refold
        return None, 0


def is_over(ref: Referee, deal_id: str) -> bool:
    return game.is_over(load(ref, deal_id).state)


def disclosed(ref: Referee, deal: LoadedDeal, state: Any = None) -> bool:
    """May everything ``deal`` hides be served (``state``: the deal's, if newer than
    ``deal.state``)? Once it is over, unless a table dealt the same cards (``duplicate_of``)
    has not finished this deal yet: until then its cards are still being played there."""
    if not game.is_over(deal.state if state is None else state):
        return False
    group = deal.meta.group
    if group is None:
        return True
    number = matches.number_of(deal.id)
    return all(_done_with(ref, table, number) for table in ref.store.group_tables(group)
               if table != deal.meta.match_id)


def _done_with(ref: Referee, match_id: str, number: int) -> bool:
    """Has this table finished its deal ``number``, or ended its match without it? (A table
    being linked has no facts yet; the link is refused if any linked deal is over.)"""
    did = matches.deal_id(match_id, number)
    if ref.store.head("deal", did).seq:
        return is_over(ref, did)
    envs = ref.store.read("match", match_id)
    return not envs or matches.fold([to_event(e) for e in envs]).status == "over"


def view(ref: Referee, deal_id: str, token: str | None) -> dict[str, Any]:
    """The caller's view. A read that finds a bot seat to act also makes sure a job will play
    it, so reading a stalled deal restarts it (``turns.kick``)."""
    deal = load(ref, deal_id)
    out = view_of(deal, deal.state, deal.seq, deal.meta.seat_of(token),
                  disclosed(ref, deal))
    out["deadline"] = turns.deadline_of(ref, deal.id, deal.seq, deal.state.turn, deal.meta)
    turns.kick(ref, deal.id, deal.seq, deal.state.turn, deal.meta)
    return out


def seat(ref: Referee, deal_id: str, token: str | None) -> int | None:
    """The caller's seat at the deal (None: a spectator), from its match's facts alone: one
    round trip and no fold. 404 for an unknown deal, 403 for a token of no seat."""
    return _head_and_meta(ref, deal_id)[1].seat_of(token)


def version(ref: Referee, deal_id: str, token: str | None
            ) -> tuple[int, int | None] | None:
    """What the caller's view depends on, in one round trip and no fold: the deal's ``seq``
    and the caller's seat (a poller's ``If-None-Match``). It skips ``turns.kick``: a stalled
    bot turn is the workers' sweeper's to find then. None where the view may change with no
    new event (a table linked by ``duplicate_of`` finishing the deal discloses it)."""
    head_raw, meta = _head_and_meta(ref, deal_id)
    seat = meta.seat_of(token)
    return None if meta.group is not None else (int(head_raw[b"seq"]), seat)


def view_of(deal: LoadedDeal, state: Any, seq: int, seat: int | None, shown: bool
            ) -> dict[str, Any]:
    """``seat``'s view of ``state``; ``shown``: whether the deal is ``disclosed`` (else the
    others' remaining cards of a finished deal stay hidden, as while it ran)."""
    out = {"id": deal.id, "match_id": deal.meta.match_id, "ruleset": state.rules.preset,
           "players": state.rules.players, "options": state.rules.options, "seq": seq,
           **game.view(state, seat)}
    if not shown:
        out.pop("hands", None)
    return out


def replay_views(deal: LoadedDeal, envs: list[dict[str, Any]], states: list[Any],
                 seat: int | None, shown: bool) -> Iterator[dict[str, Any]]:
    """``view_of`` the state after each of ``envs`` in turn, with everyone's cards where
    ``shown`` (``replay``'s, for a whole log: a replay job's). The views share their unchanged
    parts (``game.views``), and each state's hands, where shown, the lists of the hands the
    state before left as they were."""
    rules = deal.state.rules
    head = {"id": deal.id, "match_id": deal.meta.match_id, "ruleset": rules.preset,
            "players": rules.players, "options": rules.options, "seq": 0}
    before: tuple[Any, ...] = ()
    hands: list[list[str]] = []
    for env, state, view in zip(envs, states, game.views(states, seat), strict=True):
        head["seq"] = env["seq"]
        out = {**head, **view}
        if shown:
            if state.hands is not before:
                hands, before = _lists(state.hands, before, hands), state.hands
            out["hands"] = hands
        else:
            out.pop("hands", None)
        yield out


def _lists(hands: tuple[Any, ...], before: tuple[Any, ...], lists: list[list[str]]
           ) -> list[list[str]]:
    """``hands`` as lists: a hand that is the same object as in ``before`` keeps its list."""
    if len(before) != len(hands):
        return [list(hand) for hand in hands]
    return [old if hand is was else list(hand)
            for hand, was, old in zip(hands, before, lists, strict=True)]


def events(ref: Referee, deal_id: str, token: str | None, *, after: int = 0,
           limit: int | None = None) -> dict[str, Any]:
    deal = load(ref, deal_id)
    seat = deal.meta.seat_of(token)
    envs = ref.store.read("deal", deal_id, after=after, limit=limit)
    shown = disclosed(ref, deal)
    return {"events": served_envelopes(deal.state.rules, envs, seat, shown), "seq": deal.seq,
            "complete": game.is_over(deal.state)}


def replay(ref: Referee, deal_id: str, token: str | None, at: int) -> dict[str, Any]:
    """The state after event ``at``: the caller's view, omniscient once it is disclosed."""
    deal = load(ref, deal_id)
    seat = deal.meta.seat_of(token)
    if at > deal.seq:
        raise NotFound("event", f"{deal_id}#{at}")
    envs = ref.store.read("deal", deal_id, upto=at)
    state = game.fold(to_event(e) for e in envs)
    shown = disclosed(ref, deal)
    out = view_of(deal, state, at, seat, shown)
    if shown:
        out["hands"] = [list(h) for h in state.hands]
    out["event"] = served_envelopes(state.rules, envs[-1:], seat, shown)[0]
    return out


def export(ref: Referee, deal_id: str) -> list[dict[str, Any]]:
    """The whole log, a header line first; only once the deal is ``disclosed``."""
    return export_of(ref, exportable(ref, deal_id))


def exportable(ref: Referee, deal_id: str) -> LoadedDeal:
    """The deal, loaded once, if it may be exported (its ``hash`` is the export's last line's);
    404 for an unknown deal, 409 (``DealRunning``) until it is ``disclosed``."""
    deal = load(ref, deal_id)
    if not game.is_over(deal.state):
        raise DealRunning(f"deal {deal_id} is still being played")
    return _disclosed(ref, deal)


def export_of(ref: Referee, deal: LoadedDeal) -> list[dict[str, Any]]:
    """``export`` of a deal already loaded and found ``exportable``."""
    rules = deal.state.rules
    envelopes = ref.store.read("deal", deal.id)
    header = {"format": export_format(envelopes), "deal_id": deal.id,
              "match_id": deal.meta.match_id, "ruleset": rules.preset, "players": rules.players,
              "options": rules.options, "engine": ENGINE_VERSION, "shuffle": SHUFFLE_VERSION}
    return [header, *envelopes]


def match_export(ref: Referee, match_id: str) -> list[list[dict[str, Any]]]:
    """Every finished deal's ``export``, in order (the deal being played is left out). A
    finished deal that is not ``disclosed`` yet (a linked table still plays it) is refused
    as its own export is: the whole match waits for it."""
    envs = ref.store.read("match", match_id)
    if not envs:
        raise NotFound("match", match_id)
    ids = [matches.deal_id(match_id, d["number"])
           for d in matches.fold([to_event(e) for e in envs]).deals]
    loaded = (load(ref, deal_id) for deal_id in ids)  # each deal loaded once
    return [export_of(ref, _disclosed(ref, deal)) for deal in loaded
            if game.is_over(deal.state)]


def _disclosed(ref: Referee, deal: LoadedDeal) -> LoadedDeal:
    """``deal``, finished, if it is ``disclosed`` too; else ``exportable``'s 409."""
    if not disclosed(ref, deal):
        raise DealRunning(f"deal {deal.id} is still being played at a table dealt the same "
                          "cards (duplicate_of)")
    return deal


def served_envelopes(rules: Any, envs: list[dict[str, Any]], viewer: int | None, shown: bool
                     ) -> list[dict[str, Any]]:
    """Envelopes as ``viewer`` may see them: whole once the deal is ``disclosed`` (``shown``);
    before, each hidden part it may not see is null, beside every commitment and the salts of
    its own parts."""
    if shown:
        return envs
    out = []
    for env in envs:
        event = to_event(env)
        parts = game.hidden(rules, event)
        out.append(served(env, parts, viewer, redaction.redact(event.data, parts, viewer)))
    return out
