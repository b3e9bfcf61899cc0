"""Re-run a recorded deal through the rules and name the first event that differs.

The log records each player command as the event it produced (``played`` is a play, a
``stopped`` with a seat is a stop, ...); ``command_of`` turns it back into the command, ``decide``
says what the rules make of it, and every recorded event must be exactly that.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from . import game
from .clock import abandoned, forfeits, is_timeout
from .errors import DomainError, InvalidDeal, InvalidOptions
from .fairness import DealSecret, commit, revealed
from .messages import Command, Event, Move
from .registry import family_of, rules_for
from .shuffle import SHUFFLE_VERSION

COMMANDS = {"played": "play", "continued": "play", "stopped": "stop", "passed": "pass",
            "bid": "bid", "trump_chosen": "trump", "card_called": "call", "lead_chosen": "lead",
            "redeal_asked": "redeal", "hinted": "hint"}


# Engines 1 and 2 ended a capture by themselves where the leader held no card to
# go on, and where the policy forbade it, both as an automatic ``stopped`` with reason
# ``no_continuation``. Since engine 3 the leader decides the first (``stop`` is its only move,
# RULES.md §2.3) and the second is ``side_winning``; an old log still verifies, read as that.
LEGACY_STOP = ("stopped", None, {"reason": "no_continuation"})
NOW_AUTOMATIC = ("stopped", None, {"reason": "side_winning"})
STOP_ONLY = [{"type": "stop"}]
ENDINGS = ("scored", "abandoned")  # a deal's last event: what reveals its secret


@dataclass(frozen=True, slots=True)
class Mismatch:
    index: int            # position in the events given (0: the dealt event)
    check: str            # deal | commitment | rules
    expected: Any
    found: Any
    why: str


def command_of(event: Event) -> Move | None:
    """The player command a recorded event answers, or None for an automatic consequence."""
    if event.seat is None or event.type not in COMMANDS:
        return None
    get = event.data.get
    return Move(COMMANDS[event.type], get("card"), get("value"), get("suit"), get("by"),
                get("word"))


def _brief(event: Event | None) -> Any:
    return None if event is None else {"type": event.type, "seat": event.seat, "data": event.data}


def verify(events: Sequence[Event]) -> Mismatch | None:
    """None if ``events`` (a whole deal, ``dealt`` first) is exactly what the rules produce."""
    if not events or events[0].type != "dealt":
        return Mismatch(0, "deal", "dealt", _brief(events[0] if events else None),
                        "a deal's log starts with its dealt event")
    secret = revealed_secret(events)
    problem = _check_deal(events[0], secret, len(events) - 1)  # scored reveals the secret
    if problem is not None:
        return problem
    return _check_moves(events, secret)


def revealed_secret(events: Sequence[Event]) -> DealSecret | None:
    """The deal's seed, nonce and client seeds as its last event, ``scored`` (or
    ``abandoned``: the match ended first, on a forfeit), reveals them."""
    return revealed(events[-1].data) if events[-1].type in ENDINGS else None


def _check_deal(dealt: Event, secret: DealSecret | None, revealed_at: int = 0
                ) -> Mismatch | None:
    data = dealt.data
    if dealt.seat is not None:
        return Mismatch(0, "deal", None, dealt.seat, "nobody acts in dealing: seat must be null")
    try:
        rules = rules_for(data["ruleset"], data["players"], data["options"])
    except (InvalidOptions, KeyError) as exc:
        return Mismatch(0, "deal", "a known ruleset and options", data.get("ruleset"), str(exc))
    if data.get("prearranged"):
        return _check_prearranged(rules, data)
    if data.get("shuffle") != SHUFFLE_VERSION:
        return Mismatch(0, "deal", SHUFFLE_VERSION, data.get("shuffle"), "unknown shuffle")
    if secret is None or commit(secret.seed, secret.nonce) != data.get("commitment"):
        return Mismatch(revealed_at, "commitment", data.get("commitment"),
                        None if secret is None else commit(secret.seed, secret.nonce),
                        "the seed and nonce revealed in scored must hash to the commitment "
                        "in dealt")
    number, seeds = data.get("number", 1), _client_seeds(data, secret)
    if seeds is None:
        return Mismatch(revealed_at, "commitment", data.get("client_commitments"),
                        [c.commitment if c else None for c in secret.clients],
                        "the client seeds and salts revealed in scored must hash to the "
                        "client commitments in dealt")
    deck = game.deck_for(rules, secret.seed, number, seeds)
    hands, stock = family_of(rules).deal_layout(rules, deck, data["dealer"], number)
    if hands != data["hands"] or stock != data["stock"]:
        return Mismatch(0, "deal", {"hands": hands, "stock": stock},
                        {"hands": data["hands"], "stock": data["stock"]},
                        "re-shuffling the revealed seed gives other cards")
    fair = game.fair_fields(secret, number, seeds, game.carried_in(rules, data))
    expected = game.dealt(rules, data["dealer"], hands, stock, number=number, fair=fair).data
    expected["options"] = _recorded_options(rules.options, data["options"])
    if expected != data:
        return Mismatch(0, "deal", expected, data, "the dealt event is not what the rules deal")
    return None


def _client_seeds(data: dict[str, Any], secret: DealSecret) -> list[str | None] | None:
    """The client seeds the deck was shuffled with: committed in ``dealt`` and revealed in
    ``scored`` (None when the reveal does not open the commitments), or in older logs listed
    in the clear in ``dealt``."""
    if "client_commitments" not in data:
        return data.get("client_seeds") or []
    if [c.commitment if c else None for c in secret.clients] != data["client_commitments"]:
        return None
    return secret.client_seeds()


def _check_prearranged(rules: Any, data: dict[str, Any]) -> Mismatch | None:
    if data.get("commitment") is not None or data.get("shuffle") is not None:
        return Mismatch(0, "deal", None, data.get("commitment"),
                        "a prearranged deal carries no commitment and no shuffle")
    try:
        game.prearranged_deal(rules, data["dealer"], data["hands"], data["stock"],
                              data.get("trump_card"), data.get("hand", 1))
    except InvalidDeal as exc:
        return Mismatch(0, "deal", "a legal deal", data["hands"], exc.detail)
    return None


def _recorded_options(played: dict[str, Any], recorded: dict[str, Any]) -> dict[str, Any]:
    """The options a ``dealt`` event should record. A log written before an option existed
    lacks it, and was played by its default, which ``rules_for`` fills in: such a log stays
    valid. Any option it does record must be exactly what was played."""
    if all(k in played and played[k] == v for k, v in recorded.items()):
        return recorded
    return played


def _check_moves(events: Sequence[Event], secret: DealSecret | None) -> Mismatch | None:
    """Each recorded player event turned back into its command, stepped, and the events the
    rules produce held to the ones recorded; the state the rules reach is the recorded
    events' (they are equal), so nothing is folded twice."""
    pending, state = game.opened(events[0], secret)  # what the rules say comes next
    i = 0
    while True:
        for want in pending:
            found = events[i] if i < len(events) else None
            if found is None or not _same(_key(found), _key(want)):
                return Mismatch(i, "rules", _brief(want), _brief(found),
                                "the rules produce another event here")
            i += 1
        if i == len(events):
            return None
        event = events[i]
        if is_timeout(event) and event.data.get("seat") == state.turn:
            i, pending = i + 1, []  # the seat to act ran out of time: its move follows,
            if forfeits(event) and i < len(events):  # or on a forfeit the deal's close
                pending = [abandoned(state, event.data["seat"], secret)]
                state = game.fold(pending, state)
            continue
        leader = _leader_must_stop(state) if _key(event) == LEGACY_STOP else None
        if leader is not None:
            pending, state = game.step(state, Command(leader, Move("stop"), secret))
            pending, i = pending[1:], i + 1  # the leader's stop, as an old engine logged it
            continue
        move = command_of(event)
        if move is None or event.seat is None:
            return Mismatch(i, "rules", "a player's move", _brief(event),
                            "no automatic consequence is due here")
        try:
            pending, state = game.step(state, Command(event.seat, move, secret))
        except (DomainError, ValueError) as exc:
            return Mismatch(i, "rules", "a legal move", _brief(event),
                            getattr(exc, "detail", str(exc)))


def _key(event: Event) -> tuple[str, int | None, Any]:
    return event.type, event.seat, event.data


def _same(found: tuple[str, int | None, Any], want: tuple[str, int | None, Any]) -> bool:
    return found == want or (found == LEGACY_STOP and want == NOW_AUTOMATIC)


def _leader_must_stop(state: Any) -> int | None:
    """The seat to act if ``stop`` is all it may do: where an old engine stopped for it."""
    seat: int | None = state.turn
    return seat if seat is not None and game.legal_moves(state, seat) == STOP_ONLY else None
