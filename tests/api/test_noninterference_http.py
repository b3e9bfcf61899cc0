"""Non-interference over HTTP (issue 26): the property of ``tests/noninterference.py``, held over
the real app and a real Redis for a few presets. Two matches are created with twin prearranged
deals and driven with the same moves; an observer (each seat with its token, and a spectator)
must receive the same bytes from both on every channel, ids and salted digests masked: the
deal view and its ``ETag``, the pages of ``GET /events``, ``replay?at=N`` for every ``N``, the
stream's frames (``Last-Event-ID: 0``: every event, then the view), the answer to its own
moves, the problem bodies of its refused requests (an illegal move, a stale ``expected_seq``, a
replay past the log, a move without a token), the match and its score sheet. And the public
part of every observer's view and feed is the same.

A deal over is public as a whole: its log, replays and stream then show every card, so those
are compared while the deal runs; at its end the view (without ``hands``), the match, the sheet
and the answers are. Twins are drawn as in the domain test; the domain picks, among a few, one
it can tell apart if there is one, so a leak of the rules is seen to reach the wire too.
"""

from __future__ import annotations

import random
import re
from typing import Any

import orjson
import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from domain import game
from domain.errors import DomainError
from domain.messages import Command, Move
from tests.http import auth, claim_seats, create
from tests.noninterference import (
    Case,
    Deal,
    Leak,
    Observer,
    Play,
    check_twins,
    public_event,
    public_view,
    random_deal,
    same,
    same_for_everyone,
    trajectory,
    twins,
)

CASES = [Case("sedma-king", 3), Case("sedmice", 4, (("table_talk", True),)),
         Case("sueca", 4), Case("sueca-italiana", 4), Case("serbian-whist", 4)]
RUN = settings(derandomize=True, database=None, deadline=None,
               phases=(Phase.explicit, Phase.generate),
               suppress_health_check=[HealthCheck.too_slow,
                                      HealthCheck.function_scoped_fixture])
SEEDS = st.integers(min_value=0, max_value=2**64 - 1)
CANDIDATES = 4  # twins per observer the domain chooses from

def _seat_tokens(client: FlaskClient, created: dict[str, Any]) -> dict[int, str]:
    """Every seat's token, claimed through the invites as each player would (the same claims
    in the same order at both twins' tables, so the match logs agree)."""
    return claim_seats(client, created)


# -- one match on the server ---------------------------------------------------------------------

# What is random by design, found by field name and shape in the bytes of an answer (compact
# JSON): salted digests (a chain's ``hash`` and ``prev``, a seed's ``commitment``, a JSON
# pointer's entry in ``commitments`` and ``salts``) and the match's random ``secret`` and
# ``nonce`` (64 hex each), times and command ids.
DIGEST = re.compile(rb'"(hash|prev|commitment|secret|nonce|/[^"]*)":"[0-9a-f]{64}"')
RANDOM_ID = re.compile(rb'"(at|command_id)":"[^"]*"')


def scrub(raw: bytes) -> str:
    """An answer's bytes with what is random by design masked (``tests/noninterference.py``
    says why that is sound); everything else is compared byte for byte."""
    return RANDOM_ID.sub(rb'"\1":"<\1>"', DIGEST.sub(rb'"\1":"<digest>"', raw)).decode()


class Table:
    """A match created with a prearranged deal, and what each observer reads of it."""

    def __init__(self, client: FlaskClient, case: Case, deal: Deal) -> None:
        created = create(client, ruleset=case.preset, players=case.players,
                         options=dict(case.options), deal=deal.body())
        self.client, self.match, self.deal = client, created["id"], created["deal"]["id"]
        self.path = f"/v1/deals/{self.deal}"
        self.tokens = _seat_tokens(client, created)
        self.seq = client.get(self.path).get_json()["seq"]
        self.over = False

    def headers(self, observer: Observer) -> dict[str, str]:
        return auth(self.tokens[observer]) if observer is not None else {}

    def text(self, raw: bytes) -> str:
        """The bytes as compared: the deal's id holds the match's, which is random."""
        return scrub(raw.replace(self.match.encode(), b"<match>"))

    def read(self, resp: Any) -> dict[str, Any]:
        """An answer as compared: status, media type, ETag and body."""
        return {"status": resp.status_code, "type": resp.headers.get("Content-Type"),
                "etag": resp.headers.get("ETag"), "body": self.text(resp.get_data())}

    def get(self, path: str, observer: Observer, **headers: str) -> dict[str, Any]:
        return self.read(self.client.get(path, headers={**self.headers(observer), **headers}))

    def post(self, observer: Observer, move: dict[str, Any]) -> dict[str, Any]:
        resp = self.client.post(f"{self.path}/moves", json=move, headers=self.headers(observer))
        if resp.status_code == 200:
            view = resp.get_json()["view"]
            self.seq, self.over = view["seq"], view["phase"] == "over"
        return self.read(resp)

    def frames(self, observer: Observer, after: int) -> list[Any]:
        """The stream's first frames from ``after`` on: the events after it, then the view."""
        resp = self.client.get(f"{self.path}/stream", buffered=False,
                               headers={**self.headers(observer), "Last-Event-ID": str(after)})
        assert resp.status_code == 200, resp.get_json()
        chunks = iter(resp.response)
        out = [self.text(next(chunks)) for _ in range(self.seq - after + 1)]
        resp.close()
        return out


def _without_hands(text: str) -> str:
    """A JSON answer without everyone's cards: they are public once the deal is over."""
    body = orjson.loads(text)
    body.pop("hands", None)
    if isinstance(body.get("view"), dict):
        body["view"].pop("hands", None)
    return orjson.dumps(body).decode()


# -- what an observer receives -------------------------------------------------------------------

def after_move(table: Table, observer: Observer, before: int, answer: dict[str, Any] | None,
               probe: dict[str, Any] | None) -> dict[str, Any]:
    """What ``observer`` receives after a move: the answer if the move was its own, its view
    and ETag, the page of new events, and the problem its illegal ``probe`` gets."""
    out: dict[str, Any] = {"view": table.get(table.path, observer)}
    if answer is not None:
        out["answer"] = answer
    if table.over:
        return {k: {**v, "body": _without_hands(v["body"])} for k, v in out.items()}
    out["events"] = table.get(f"{table.path}/events?after={before}", observer)
    if probe is not None:
        out["refused move"] = table.post(observer, probe)
    return out


def at_end(table: Table, observer: Observer) -> dict[str, Any]:
    """What ``observer`` receives at the end of a twin's window: the match, the sheet and the
    refusals any caller can provoke; while the deal runs, every page of the log, the replay at
    every ``seq`` and the stream's frames; once it is over, the stream's view."""
    path, seq = table.path, table.seq
    out = {"match": table.get(f"/v1/matches/{table.match}", observer),
           "sheet": table.get(f"/v1/matches/{table.match}/sheet", observer),
           "sheet as CSV": table.get(f"/v1/matches/{table.match}/sheet", observer,
                                     Accept="text/csv"),
           "move without a token": table.post(None, {"type": "stop"})}
    if observer is not None:
        out["stale move"] = table.post(observer, {"type": "stop", "expected_seq": 0})
    if table.over:
        head, _, data = table.frames(observer, seq)[0].partition("\ndata: ")
        out["stream"] = [head, _without_hands(data)]
        return out
    out["pages"] = [table.get(f"{path}/events?after={k}&limit=4", observer)
                    for k in range(0, seq, 4)]
    out["replays"] = [table.get(f"{path}/replay?at={n}", observer) for n in range(1, seq + 1)]
    out["replay past the log"] = table.get(f"{path}/replay?at={seq + 1}", observer)
    out["stream"] = table.frames(observer, 0)
    return out


Seen = dict[Observer, dict[str, Any]]


def record(table: Table, plays: list[Play], windows: dict[Observer, int],
           probes: dict[Observer, list[dict[str, Any] | None]], ends: bool = True) -> Seen:
    """Drive ``table`` with ``plays``; each observer's channels after each move of its window
    (the first ``windows[observer]`` moves) and, if ``ends``, at its end."""
    seen: Seen = {o: {"moves": []} for o in windows}

    def finish(i: int) -> None:
        for o in (o for o, cut in windows.items() if cut == i and ends):
            seen[o]["end"] = at_end(table, o)

    finish(0)
    for i, play in enumerate(plays[: max(windows.values())]):
        before = table.seq
        answer = table.post(play.seat, play.move)
        for o in (o for o, cut in windows.items() if i < cut):
            seen[o]["moves"].append(after_move(table, o, before,
                                               answer if play.seat == o else None,
                                               probes[o][i]))
        finish(i + 1)
    return seen


# -- choosing twins, and the tests ---------------------------------------------------------------

def legal_prefix(rules: Any, twin: Deal, plays: list[Play], observer: Observer, cut: int) -> int:
    """How many of the first ``cut`` moves are legal in ``twin`` (a refused move of the
    observer's own is played: its refusal is what is compared)."""
    state = game.fold(twin.opening(rules))
    for i, play in enumerate(plays[:cut]):
        try:
            _, state = game.step(state, Command(play.seat, Move.from_dict(play.move)))
        except DomainError:
            if play.seat != observer:
                return i
    return cut


def chosen_twin(rules: Any, deal: Deal, plays: list[Play], observer: Observer,
                rng: random.Random) -> tuple[Deal, int]:
    """A twin and its window: among a few, the first the domain tells apart, if any."""
    candidates = twins(rules, deal, plays, observer, CANDIDATES, rng)
    twin, cut = candidates[0]
    for candidate, window in candidates:
        try:
            check_twins(rules, deal, [(candidate, window)], plays, observer)
        except Leak:
            twin, cut = candidate, window
            break
    return twin, legal_prefix(rules, twin, plays, observer, cut)


def refused_probes(rules: Any, deal: Deal, plays: list[Play], observer: Observer
                   ) -> list[dict[str, Any] | None]:
    """After each move, the observer's probe if the rules refuse it (a refusal changes
    nothing, so both matches stay in step); None when it is legal or the observer a
    spectator (whose refusals are the same whatever happens: no token)."""
    out: list[dict[str, Any] | None] = []
    state = game.fold(deal.opening(rules))
    for play in plays:
        _, state = game.step(state, Command(play.seat, Move.from_dict(play.move)))
        probe = None
        if observer is not None:
            try:
                game.step(state, Command(observer, Move.from_dict(play.probe)))
            except DomainError:
                probe = play.probe
        out.append(probe)
    return out


def _where(observer: Observer, deal: Deal, twin: Deal, plays: list[Play], i: int) -> str:
    moves = "".join(f"\n    seat {p.seat}: {p.move}" for p in plays[:i])
    return (f"over HTTP, observer {'spectator' if observer is None else observer}\n"
            f"  original deal: {deal}\n  twin deal:     {twin}\n  after the moves:{moves}")


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
@settings(RUN, max_examples=2)
@given(seed=SEEDS)
def test_an_observer_cannot_tell_twin_matches_apart(client: FlaskClient, case: Case,
                                                    seed: int) -> None:
    rng, rules = random.Random(seed), case.rules
    deal = random_deal(rules, rng)
    plays = trajectory(rules, deal, rng)
    chosen = {o: chosen_twin(rules, deal, plays, o, rng) for o in case.observers}
    probes = {o: refused_probes(rules, deal, plays, o) for o in case.observers}
    seen = record(Table(client, case, deal), plays, {o: c for o, (_, c) in chosen.items()},
                  probes)
    for o, (twin, cut) in chosen.items():
        mirror = record(Table(client, case, twin), plays, {o: cut}, probes)[o]
        for i, (a, b) in enumerate(zip(seen[o]["moves"], mirror["moves"], strict=True)):
            same(_where(o, deal, twin, plays, i + 1), a, b)
        same(_where(o, deal, twin, plays, cut) + "\n  (the window's end)", seen[o]["end"],
             mirror["end"])


def public(channels: dict[str, Any]) -> dict[str, Any]:
    """What must be the same for every observer of a move: its view's and new events' public
    parts (``tests/noninterference.py``)."""
    out = {"view": public_view(orjson.loads(channels["view"]["body"]))}
    if "events" in channels:
        events = orjson.loads(channels["events"]["body"])["events"]
        out["events"] = [public_event(e) for e in events]
    return out


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
@settings(RUN, max_examples=2)
@given(seed=SEEDS)
def test_what_is_public_reaches_every_observer_over_http(client: FlaskClient, case: Case,
                                                         seed: int) -> None:
    rng, rules = random.Random(seed), case.rules
    deal = random_deal(rules, rng)
    plays = trajectory(rules, deal, rng)
    seen = record(Table(client, case, deal), plays, {o: len(plays) for o in case.observers},
                  {o: [None] * len(plays) for o in case.observers}, ends=False)
    for i, play in enumerate(plays):
        same_for_everyone(f"over HTTP, move {i} (seat {play.seat}: {play.move}) of {deal}",
                          {o: public(seen[o]["moves"][i]) for o in case.observers})
