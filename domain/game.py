"""One vocabulary for every game: deal, ``decide``, ``evolve``, ``view``, ``hidden``/``redact``,
snapshots.

These functions dispatch on the ruleset to its family module; adapters use only this module.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import fields, replace
from typing import Any, cast

from . import flow, records, redaction
from .clock import ABANDONED, TIMED_OUT, is_abandon, is_timeout
from .errors import InvalidDeal
from .event_data import DealtCore, Fairness
from .fairness import DealSecret, commit
from .family import DealState, Json
from .messages import Command, Event
from .redaction import Hidden
from .registry import family_of, rules_for
from .shuffle import SHUFFLE_VERSION, shuffle

ENGINE_VERSION = "tricklog-engine-3"  # 3: the leader always decides, table talk is public


def deck_for(rules: Any, seed: str, number: int, client_seeds: list[str | None]) -> list[str]:
    return shuffle(rules.pack(), seed, str(number), client_seeds)


def new_deal(rules: Any, number: int, dealer: int, secret: DealSecret,
             client_seeds: list[str | None] | None = None,
             carried: Mapping[str, Json] | None = None) -> list[Event]:
    """A fair deal: the deck is ``shuffle(pack, secret.seed, str(number), client seeds)``, dealt
    by the game's pattern, then whatever the rules make happen at once (a burned hand).
    The client seeds are the secret's committed ones (``secret.clients``), else
    ``client_seeds`` (given in the clear: older matches, tools). ``number`` is the deal's place
    in its match (1, 2, ...); ``carried`` what the deal before carried into this one, the fields
    its family names in ``carries`` (``carried_in``), recorded in ``dealt`` for ``start``."""
    seeds = secret.client_seeds() if secret.clients else list(client_seeds or [])
    hands, stock = family_of(rules).deal_layout(
        rules, deck_for(rules, secret.seed, number, seeds), dealer, number)
    return opening(dealt(rules, dealer, hands, stock, number=number,
                         fair=fair_fields(secret, number, seeds, carried)), secret)


def fair_fields(secret: DealSecret, number: int, client_seeds: list[str | None],
                carried: Mapping[str, Json] | None = None) -> Fairness:
    """What a shuffled deal's ``dealt`` event records of its fairness: the commitment to its
    secret, the shuffle, its number and the client seeds mixed in: their commitments
    (``client_commitments``, revealed in ``scored``), or as older logs have them, in the clear."""
    out: Fairness = {"commitment": commit(secret.seed, secret.nonce),
                     "shuffle": SHUFFLE_VERSION, "prearranged": False, "number": number}
    if secret.clients:
        out["client_commitments"] = [c.commitment if c else None for c in secret.clients]
    else:
        out["client_seeds"] = client_seeds
    cast(dict[str, Json], out).update(carried or {})  # what the deal before carried into it
    return out


def carried_in(rules: Any, data: Mapping[str, Any]) -> dict[str, Json]:
    """What a deal's ``deal_started`` or ``dealt`` (``data``) records of what the deal before
    carried into it: the fields its family names in ``carries`` (an opaque context)."""
    return {k: data[k] for k in family_of(rules).carries if k in data}


PREARRANGED: Fairness = {"commitment": None, "shuffle": None, "prearranged": True}


def prearranged_deal(rules: Any, dealer: int, hands: list[list[str]], stock: list[str],
                     trump_card: str | None = None, number: int = 1) -> list[Event]:
    """A deal given card by card (tests, duplicate play, disputes): marked, with no commitment.
    ``trump_card`` only where the game turns one (the family's ``dealt`` checks it)."""
    if not 0 <= dealer < rules.players:
        raise InvalidDeal("dealer", f"dealer must be a seat 0..{rules.players - 1}")
    family_of(rules).check_prearranged(rules, hands, stock, number)
    event = dealt(rules, dealer, hands, stock, trump_card, number=number, fair=PREARRANGED)
    return opening(event, None)


def dealt(rules: Any, dealer: int, hands: list[list[str]], stock: list[str],
          trump_card: str | None = None, *, number: int, fair: Fairness) -> Event:
    """The ``dealt`` event: what every game records, what this game adds (a turned trump,
    a hand number), and ``fair`` (``fair_fields`` or ``PREARRANGED``)."""
    extra = family_of(rules).dealt(rules, dealer, hands, stock, trump_card, number)
    core: DealtCore = {
        "ruleset": rules.preset, "players": rules.players, "options": dict(rules.options),
        "dealer": dealer, "leader": (dealer + 1) % rules.players, "hands": hands,
        "stock": stock}
    return Event("dealt", {**core, **extra, **fair})


def opening(dealt: Event, secret: DealSecret | None) -> list[Event]:
    """``dealt`` and what the rules make happen at once (a burned hand, §3.7)."""
    return opened(dealt, secret)[0]


def opened(dealt: Event, secret: DealSecret | None) -> tuple[list[Event], DealState]:
    """``opening``'s events and the state they lead to."""
    state = evolve(None, dealt)
    settled, after = settling(state, secret)
    return [dealt, *settled], after


def evolve(state: DealState | None, event: Event) -> DealState:
    if event.type == "dealt":
        data = event.data
        rules = rules_for(data["ruleset"], data["players"], data["options"])
        return family_of(rules).start(rules, data)  # type: ignore[no-any-return]
    if state is None:
        raise ValueError(f"a deal starts with its dealt event, not {event.type!r}")
    if is_timeout(event):  # a clock's event: the deal's state does not change
        return state
    if is_abandon(event):
        return abandon(state)
    return family_of(state.rules).evolve(state, event)  # type: ignore[no-any-return]


def abandon(state: DealState) -> DealState:
    """Any game's state after ``abandoned``: over, nobody to act, and no result (the deal
    scored nothing: its match ended on a forfeit before it did)."""
    return cast(DealState, replace(cast(Any, state), phase="over", turn=None, result=None))


def fold(events: Iterable[Event], state: DealState | None = None) -> DealState:
    for after in states(events, state):
        state = after
    if state is None:
        raise ValueError("no events to fold")
    return state


def states(events: Iterable[Event], state: DealState | None = None) -> Iterator[DealState]:
    """The state after each of ``events`` in turn (``fold``, one state per event): what a
    replay shows."""
    reducer = None if state is None else family_of(state.rules).evolve
    for event in events:
        kind = event.type
        if reducer is None or kind == "dealt":  # the first event (``evolve`` says if not dealt)
            state = evolve(state, event)
            reducer = family_of(state.rules).evolve
        elif kind == TIMED_OUT:
            pass  # a clock's event changes no state
        elif kind == ABANDONED:
            state = abandon(cast(DealState, state))
        else:
            state = reducer(state, event)
        yield cast(DealState, state)


def decide(state: DealState, command: Command) -> list[Event]:
    """The events a seat's command produces, automatic consequences included."""
    return step(state, command)[0]


def step(state: DealState, command: Command) -> tuple[list[Event], DealState]:
    """The events ``command`` produces (``decide``) and the state they lead to, each event
    folded once (``flow.step``): what a served move, a bot and an audit need."""
    family = family_of(state.rules)
    return flow.step(state, command, family.command, family.automatic, family.evolve)


def settle(state: DealState, secret: DealSecret | None) -> list[Event]:
    """What the rules make happen by themselves from ``state`` on, until a seat must act."""
    return settling(state, secret)[0]


def settling(state: DealState, secret: DealSecret | None) -> tuple[list[Event], DealState]:
    """``settle``'s events and the state they lead to."""
    family = family_of(state.rules)
    return flow.settling(state, secret, family.automatic, family.evolve)


def view(state: DealState, seat: int | None) -> dict[str, Any]:
    return family_of(state.rules).view(state, seat)


def views(states: Iterable[DealState], seat: int | None) -> Iterator[dict[str, Any]]:
    """``view`` of each of one deal's ``states`` in turn (a replay's): by the family's ``views``
    where it has one (each view built from the one before; unchanged lists are shared between
    views: read them, change none), else each afresh."""
    states = iter(states)
    first = next(states, None)
    if first is None:
        return
    family = family_of(first.rules)
    together = itertools.chain((first,), states)
    if family.views is not None:
        yield from family.views(together, seat)
    else:
        yield from (family.view(state, seat) for state in together)


def legal_moves(state: DealState, seat: int | None) -> list[dict[str, Any]]:
    return family_of(state.rules).legal_moves(state, seat)


def hidden(rules: Any, event: Event) -> list[Hidden]:
    """The parts of ``event``'s data only some seats may see while the deal runs; a
    ``scored`` (or ``abandoned``) event's ``reveal`` (the seeds that make the deck) is nobody's
    until the deal may be disclosed (all its duplicate tables done)."""
    if is_timeout(event):
        return []
    parts = [] if is_abandon(event) else family_of(rules).hidden(event, rules)
    if event.type in ("scored", "abandoned") and "reveal" in event.data:
        return [*parts, Hidden("/reveal", redaction.NOBODY)]
    return parts


def redact(rules: Any, event: Event, viewer: int | None, over: bool) -> dict[str, Any]:
    """An event's data as ``viewer`` may see it (each hidden part it may not see is null);
    whole once the deal is over."""
    if over:
        return event.data
    return redaction.redact(event.data, hidden(rules, event), viewer)


def is_over(state: DealState | None) -> bool:
    return state is not None and state.phase == "over"


def to_snapshot(state: DealState) -> dict[str, Any]:
    """A JSON-ready snapshot; ``from_snapshot`` rebuilds an equal state."""
    rules = state.rules
    own = getattr(state, "__dict__", None)  # the families' states keep their fields there
    body = ({k: v for k, v in own.items() if k != "rules"} if own is not None else
            {f.name: getattr(state, f.name) for f in fields(cast(Any, state)) if f.name != "rules"})
    return {"rules": {"preset": rules.preset, "players": rules.players, "options": rules.options},
            "state": body}


def _tuples(value: Any) -> Any:
    """Every list in ``value`` as a tuple (JSON has no tuples), dicts left as they are."""
    if type(value) is not list:
        return value
    if list in map(type, value):  # a list of lists (hands, tricks, cards won)
        return tuple([_tuples(v) for v in value])
    return tuple(value)


def from_snapshot(snapshot: dict[str, Any]) -> DealState:
    r = snapshot["rules"]
    rules = rules_for(r["preset"], r["players"], r["options"])
    body = {k: (_tuples(v) if type(v) is list and k != "result" else v)
            for k, v in snapshot["state"].items()}
    body["rules"] = rules
    return cast(DealState, records.build(family_of(rules).state, body))
