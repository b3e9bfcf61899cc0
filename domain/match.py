"""A match: the sequence of deals until its target, as its own small event stream.

Events: ``created`` (with the SHA-256 commitment to the match secret), ``client_seed`` (a seat's
contribution to the shuffle of the deals not yet started: only its salted commitment, the seed
is revealed in the ``scored`` of each deal it entered), ``deal_started``, ``deal_scored``,
``rubber_won`` (a best of N rubbers: a rubber ends, the totals start again from zero),
``seat_claimed`` and ``seat_left`` (a player takes a seat, with an invite or as the creator, or
hands it back: ``seated`` lists the seats held; a claim made with a player's key names the
``player``), ``created`` says ``rated`` when the match's end updates the ratings,
``ended`` (which reveals the match secret and nonce, so every deal's server seed can be checked;
``fairness.py`` has the formulas; one with ``forfeit`` makes the deal played ``abandoned``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from .fairness import MatchSecret
from .family import Carried, Context, DealResult
from .messages import Event
from .registry import family_of, rules_for

SCORED = ("deal_id", "number", "points")  # a deal_scored's own fields; the rest the family's


@dataclass(frozen=True, slots=True)
class MatchState:
    id: str
    rules: Any
    seats: tuple[dict[str, Any], ...]
    totals: tuple[int, ...]
    deals: tuple[dict[str, Any], ...] = ()
    status: str = "playing"
    winner: int | None = None
    winners: tuple[int, ...] = ()       # co-winners where the game allows a tie
    carried: tuple[Context, ...] = ()   # what each scored deal carried to the match (opaque)
    commitment: str | None = None
    client_seeds: tuple[dict[str, Any], ...] = ()
    secret: str | None = None  # revealed when the match ends, with the nonce
    nonce: str | None = None
    rubbers: tuple[int, ...] = ()       # rubbers won per side (best of N rubbers)
    rubber_ends: tuple[int, ...] = ()   # the deal that ended each rubber
    rubber_start: int = 1               # the first deal of the rubber being played
    seated: tuple[int, ...] = ()        # the seats a player holds (claimed and not left)
    duplicate_of: str | None = None     # the match whose decks it deals (duplicate play)
    rated: bool = False                 # its end updates the ratings (every seat rated)
    clock: dict[str, Any] | None = None  # the move clock (``domain.clock``), if any
    away: tuple[int, ...] = ()          # seats their bot plays (away, or left after play began)
    rematch_of: str | None = None       # the match this one is the rematch of
    rematch: str | None = None          # the match that is this one's rematch

    @property
    def best_of(self) -> int:
        """Rubbers in the match (1 unless the family's ``best_of`` hook says otherwise)."""
        hook = family_of(self.rules).best_of
        return hook(self.rules) if hook is not None else 1

    def to_dict(self) -> dict[str, Any]:
        out = {
            "id": self.id, "ruleset": self.rules.preset, "players": self.rules.players,
            "options": self.rules.options, "seats": list(self.seats), "sides": self.rules.sides,
            "deals": list(self.deals), "totals": list(self.totals), "status": self.status,
            "winner": self.winner, "winners": list(self.winners),
            "commitment": self.commitment,
            "client_seeds": list(self.client_seeds), "seated": list(self.seated),
        }
        if self.best_of > 1:
            out["rubbers"] = {"best_of": self.best_of,
                              "won": list(self.rubbers or (0,) * len(self.totals)),
                              "ends": list(self.rubber_ends)}
        if self.duplicate_of is not None:
            out["duplicate_of"] = self.duplicate_of
        if self.rated:
            out["rated"] = True
        out.update({k: v for k, v in (("clock", self.clock), ("rematch_of", self.rematch_of),
                                      ("rematch", self.rematch)) if v is not None})
        out["away"] = list(self.away)
        if self.secret is not None:
            out["secret"] = self.secret
        if self.nonce is not None:
            out["nonce"] = self.nonce
        return out


def seeds_for(match: MatchState, number: int) -> list[dict[str, Any] | None]:
    """Each seat's client seed for deal ``number`` as the match log has it (``commitment``,
    or ``seed`` in the clear in older logs): its latest given before that deal began."""
    seeds: list[dict[str, Any] | None] = [None] * match.rules.players
    for given in match.client_seeds:
        if given["from_deal"] <= number:
            seeds[given["seat"]] = given
    return seeds


def client_seed(match: MatchState, seat: int, commitment: str) -> Event:
    """A seat's committed seed for every deal not yet started."""
    return Event("client_seed", {"seat": seat, "commitment": commitment,
                                 "from_deal": len(match.deals) + 1}, seat)


def seed_refusal(match: MatchState, seat: int, over: set[int]) -> str | None:
    """Why ``seat`` may not give a client seed now, or None: ``given`` (a seat gives one), or
    ``closed`` once a deal a client seed entered is over (``over``: numbers of the deals over,
    as their logs say), since its ``scored`` reveals that seed: seeds are all committed before
    any is revealed. An older log's seeds are public from the start: closed too."""
    if any(given["seat"] == seat for given in match.client_seeds):
        return "given"
    if any("seed" in given for given in match.client_seeds):
        return "closed"
    first = min((given["from_deal"] for given in match.client_seeds), default=None)
    if first is not None and any(n >= first for n in over):
        return "closed"
    return None


def seat_claimed(seat: int, player: str | None = None) -> Event:
    """A player takes ``seat`` (the creator's own, or with an invite); no secret in it.
    ``player``: the registered player (``p_...``) who took it, if it claimed with its key."""
    return Event("seat_claimed", {"seat": seat, **({"player": player} if player else {})}, seat)


def seat_left(seat: int, bot: str | None = None) -> Event:
    """A player hands ``seat`` back: freed for a new invite, or (``bot``) to that bot."""
    return Event("seat_left", {"seat": seat, **({"bot": bot} if bot else {})}, seat)


def deal_id(match_id: str, number: int) -> str:
    """Deal ids are derived, so creating the next deal twice is the same deal (idempotent)."""
    return f"{match_id}.{number}"


def match_id_of(deal: str) -> str:
    return deal.rsplit(".", 1)[0]


def number_of(deal: str) -> int:
    tail = deal.rsplit(".", 1)[-1]
    return int(tail) if tail.isdigit() else 0


def created(match_id: str, rules: Any, seats: list[dict[str, Any]], dealer: int,
            secret: MatchSecret, client_seeds: list[str | None],
            first: dict[str, Any] | None = None, *, duplicate_of: str | None = None,
            extra: dict[str, Any] | None = None) -> list[Event]:
    """The opening events: ``created`` (with the source of its decks for a duplicate), the
    seats' client seeds (``client_seeds``: their commitments), the first ``deal_started``
    (``first`` adds to it, e.g. a prearranged deal)."""
    made = {"id": match_id, "ruleset": rules.preset, "players": rules.players,
            "options": rules.options, "seats": seats, "commitment": secret.commitment}
    if duplicate_of is not None:
        made["duplicate_of"] = duplicate_of
    made.update(extra or {})  # a clock, the match this is the rematch of, rated
    events = [Event("created", made)]
    events += [Event("client_seed", {"seat": seat, "commitment": commitment, "from_deal": 1},
                     seat) for seat, commitment in enumerate(client_seeds) if commitment]
    events.append(Event("deal_started", {"deal_id": deal_id(match_id, 1), "number": 1,
                                         "dealer": dealer, **(first or {})}))
    return events


def after_deal(match: MatchState, number: int, result: DealResult, secret: MatchSecret
               ) -> list[Event]:
    """What follows a scored deal: record it, then end the match or a rubber, or start the
    next deal. Who has won is the family's to say (``match_winners``), and what the deal
    carries over (``carry``): its ``deal_scored`` records the match's part beside the points,
    the next ``deal_started`` the next deal's, each under the family's own names."""
    if match.status != "playing" or any(
            d["number"] == number and d["status"] == "scored" for d in match.deals):
        return []
    family = family_of(match.rules)
    carry = family.carry(match.rules, result) if family.carry is not None else Carried()
    data: dict[str, Any] = {"deal_id": deal_id(match.id, number), "number": number,
                            "points": result["score"]["match_points"]}
    data.update({k: v for k, v in carry.match.items() if k not in data})
    scored = Event("deal_scored", data)
    after = evolve(match, scored)
    totals = list(after.totals)
    winners = family.match_winners(match.rules, totals, number, after.carried)
    if winners is None:
        return [scored, _next_deal(match, number, result, carry.deal)]
    if match.best_of == 1:
        return [scored, Event("ended", {"winner": winners[0], "winners": winners,
                                        "totals": totals, **secret.revealed()})]
    return [scored, *_rubber_won(match, number, result, winners[0], totals, secret, carry)]


def _rubber_won(match: MatchState, number: int, result: DealResult, winner: int,
                totals: list[int], secret: MatchSecret, carry: Carried) -> list[Event]:
    """A rubber of a best-of-N match is won: the match goes on unless it is decided."""
    won = list(match.rubbers or (0,) * len(totals))
    won[winner] += 1
    if won[winner] * 2 > match.best_of:
        return [Event("ended", {"winner": winner, "winners": [winner], "totals": totals,
                                "rubbers": won, **secret.revealed()})]
    return [Event("rubber_won", {"side": winner, "number": number, "totals": totals,
                                 "rubbers": won}), _next_deal(match, number, result, carry.deal)]


def _next_deal(match: MatchState, number: int, result: DealResult, brought: Context
               ) -> Event:
    """The next deal, with what this one carries into it (``game.carried_in`` reads it)."""
    dealer = next(d["dealer"] for d in match.deals if d["number"] == number)
    nxt = family_of(match.rules).next_dealer(match.rules, dealer, result)
    started: dict[str, Any] = {"deal_id": deal_id(match.id, number + 1), "number": number + 1,
                               "dealer": nxt}
    started.update({k: v for k, v in brought.items() if k not in started})
    return Event("deal_started", started)


# -- evolving ------------------------------------------------------------------------------------

def _created(match: MatchState | None, data: dict[str, Any]) -> MatchState:
    rules = rules_for(data["ruleset"], data["players"], data["options"])
    return MatchState(id=data["id"], rules=rules, seats=tuple(data["seats"]),
                      totals=(0,) * len(rules.sides), commitment=data.get("commitment"),
                      duplicate_of=data.get("duplicate_of"), clock=data.get("clock"),
                      rematch_of=data.get("rematch_of"), rated=bool(data.get("rated")))


def _deal_started(match: MatchState, data: dict[str, Any]) -> MatchState:
    deal = {"id": data["deal_id"], "number": data["number"], "dealer": data["dealer"],
            "status": "playing"}
    return replace(match, deals=match.deals + (deal,))


def _deal_scored(match: MatchState, data: dict[str, Any]) -> MatchState:
    deals = tuple({**d, "status": "scored"} if d["number"] == data["number"] else d
                  for d in match.deals)
    totals = tuple(t + s for t, s in zip(match.totals, data["points"], strict=True))
    carried = {k: v for k, v in data.items() if k not in SCORED}  # the family's fields
    return replace(match, deals=deals, totals=totals, carried=match.carried + (carried,))


def _client_seed(match: MatchState, data: dict[str, Any]) -> MatchState:
    return replace(match, client_seeds=match.client_seeds + (dict(data),))


def _rubber(match: MatchState, data: dict[str, Any]) -> MatchState:
    return replace(match, rubbers=tuple(data["rubbers"]), totals=(0,) * len(match.totals),
                   rubber_ends=match.rubber_ends + (data["number"],),
                   rubber_start=data["number"] + 1)


def _seat_claimed(match: MatchState, data: dict[str, Any]) -> MatchState:
    return replace(match, seated=tuple(sorted({*match.seated, data["seat"]})),
                   away=tuple(s for s in match.away if s != data["seat"]))


def _seat_left(match: MatchState, data: dict[str, Any]) -> MatchState:
    left = replace(match, seated=tuple(s for s in match.seated if s != data["seat"]))
    return _seat_away(left, data) if data.get("bot") else left


def _seat_away(match: MatchState, data: dict[str, Any]) -> MatchState:
    return replace(match, away=tuple(sorted({*match.away, data["seat"]})))


def _seat_back(match: MatchState, data: dict[str, Any]) -> MatchState:
    return replace(match, away=tuple(s for s in match.away if s != data["seat"]))


def _rematched(match: MatchState, data: dict[str, Any]) -> MatchState:
    return replace(match, rematch=data["match_id"])


def _ended(match: MatchState, data: dict[str, Any]) -> MatchState:
    if "rubbers" in data:
        last = max(d["number"] for d in match.deals)
        match = replace(match, rubbers=tuple(data["rubbers"]),
                        rubber_ends=match.rubber_ends + (last,))
    ends = "abandoned" if "forfeit" in data else "playing"  # its log ends with ``abandoned``
    deals = tuple({**d, "status": ends} if d["status"] == "playing" else d for d in match.deals)
    return replace(match, status="over", deals=deals, winner=data["winner"],
                   winners=tuple(data.get("winners", [data["winner"]])),
                   secret=data.get("secret"), nonce=data.get("nonce"))


MUTATORS: dict[str, Callable[[Any, dict[str, Any]], MatchState]] = {
    "created": _created, "deal_started": _deal_started, "deal_scored": _deal_scored,
    "client_seed": _client_seed, "rubber_won": _rubber, "ended": _ended,
    "seat_claimed": _seat_claimed, "seat_left": _seat_left, "seat_away": _seat_away,
    "seat_back": _seat_back, "rematched": _rematched,
}


def evolve(match: MatchState | None, event: Event) -> MatchState:
    try:
        mutator = MUTATORS[event.type]
    except KeyError:
        raise ValueError(f"unknown match event {event.type!r}") from None
    return mutator(match, event.data)


def fold(events: list[Event]) -> MatchState:
    state: MatchState | None = None
    for event in events:
        state = evolve(state, event)
    assert state is not None
    return state
