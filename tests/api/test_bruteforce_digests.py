"""The attacker's brute force: no digest a caller can see gives away what it may not see.

For a random deal of every preset, every caller (each seat and a spectator) reads every feed
that can carry a digest: the deal view, the event feed, the replay, the SSE stream, its move
answers, a replay job's result, the match and its score sheet. Every 64-hex string in all of
that is a digest the caller holds. Once the deal is over, the server's own log says what each
caller was not shown; the attacker then fills those holes with every candidate (every unseen
card for a drawn card, every word for table talk, every seat for a seat; hands and stocks, too
many to enumerate, with the truth itself: a lucky guess) and hashes the event the ways a digest
could have been made of it. Not one of those may match a digest the caller holds.

Written against what a client sees, not against the server's code, so it ran unchanged on the
design it replaced, and failed there: a seat recovered an opponent's drawn card from the hash.
"""

from __future__ import annotations

import hashlib
import itertools
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import orjson
import pytest
from flask import Flask
from flask.testing import FlaskClient

from domain import game, registry
from domain.cards import is_card
from domain.messages import HINT_WORDS as WORDS
from events.envelope import to_event
from tests.http import auth, claim_seats, create

HEX64 = re.compile(rb"(?<![0-9a-f])[0-9a-f]{64}(?![0-9a-f])")
HEAVY_EVERY = 9        # SSE, replay, match and sheet every 9th move
JOBS_AT = (4, 15)      # a replay job per caller after these moves
FULL_PRODUCT = 20_000  # enumerate every combined filling up to this many
TALK = {"table_talk": True}


def cases() -> list[tuple[str, int, dict[str, Any]]]:
    out = []
    for pid, preset in registry.PRESETS.items():
        talk = any(o.name == "table_talk" for o in preset.options)
        for players in preset.players:
            out.append((pid, players, TALK if talk and players == 4 else {}))
    return out


CASES = cases()


@dataclass
class Watch:
    """Everything each caller was shown: its digests and every envelope, as it got them."""

    digests: dict[int | None, set[str]] = field(default_factory=dict)
    envelopes: dict[int | None, dict[str, dict[str, Any]]] = field(default_factory=dict)

    def saw(self, caller: int | None, body: Any) -> None:
        raw = orjson.dumps(body)
        self.digests.setdefault(caller, set()).update(h.decode() for h in HEX64.findall(raw))
        for env in envelopes_in(body):
            key = orjson.dumps(env, option=orjson.OPT_SORT_KEYS).decode()
            self.envelopes.setdefault(caller, {})[key] = env


def envelopes_in(value: Any) -> Iterator[dict[str, Any]]:
    if isinstance(value, dict):
        if {"seq", "type", "data", "hash"} <= value.keys():
            yield value
        for v in value.values():
            yield from envelopes_in(v)
    elif isinstance(value, list):
        for v in value:
            yield from envelopes_in(v)


def read_feeds(client: FlaskClient, watch: Watch, match: str, deal: str, caller: int | None,
               headers: dict[str, str], heavy: bool, job: bool, worker: Any) -> None:
    watch.saw(caller, client.get(f"/v1/deals/{deal}", headers=headers).get_json())
    events = client.get(f"/v1/deals/{deal}/events", headers=headers).get_json()
    watch.saw(caller, events)
    if not heavy:
        return
    seq = events["seq"]
    watch.saw(caller, client.get(f"/v1/deals/{deal}/replay?at={seq}", headers=headers)
              .get_json())
    for at in range(1, seq + 1, 5):
        watch.saw(caller, client.get(f"/v1/deals/{deal}/replay?at={at}", headers=headers)
                  .get_json())
    watch.saw(caller, client.get(f"/v1/matches/{match}").get_json())
    watch.saw(caller, client.get(f"/v1/matches/{match}/sheet").get_json())
    stream = client.get(f"/v1/deals/{deal}/stream", headers={**headers, "Last-Event-ID": "0"})
    for frame in stream.response:  # every event frame, then the view
        watch.saw(caller, orjson.loads(frame.split(b"data: ", 1)[1]))
        if frame.startswith(b"event: view"):
            break
    stream.close()
    if job:
        made = client.post(f"/v1/deals/{deal}/replays", headers=headers).get_json()
        worker()
        watch.saw(caller, client.get(f"/v1/jobs/{made['id']}", headers=headers).get_json())


def play_watched(client: FlaskClient, worker: Any, preset: str, players: int,
                 options: dict[str, Any], rng: random.Random) -> tuple[Watch, str]:
    created = create(client, ruleset=preset, players=players, options=options)
    match, deal, seat_tokens = created["id"], created["deal"]["id"], claim_seats(client, created)
    watch = Watch()
    callers: list[int | None] = [None, *range(players)]
    moves = 0
    while True:
        view = client.get(f"/v1/deals/{deal}").get_json()
        if view["turn"] is None:
            return watch, deal
        for caller in callers:
            headers = auth(seat_tokens[caller]) if caller is not None else {}
            read_feeds(client, watch, match, deal, caller, headers, moves % HEAVY_EVERY == 0,
                       moves in JOBS_AT, worker)
        seat = view["turn"]
        if options.get("table_talk") and rng.random() < 0.3:  # partners talk, out of turn too
            talker = rng.randrange(players)
            said = client.post(f"/v1/deals/{deal}/moves", headers=auth(seat_tokens[talker]),
                               json={"type": "hint", "word": rng.choice(sorted(WORDS))})
            watch.saw(talker, said.get_json())
        mine = client.get(f"/v1/deals/{deal}", headers=auth(seat_tokens[seat])).get_json()
        answer = client.post(f"/v1/deals/{deal}/moves", headers=auth(seat_tokens[seat]),
                             json=rng.choice(mine["legal_moves"]))
        assert answer.status_code == 200, answer.get_json()
        watch.saw(seat, answer.get_json())
        moves += 1


def holes(seen: Any, truth: Any, pointer: str = "") -> list[str]:
    """Where ``seen`` withholds part of ``truth``: a null or a missing key."""
    if truth is None:
        return []
    if seen is None:
        return [pointer]
    if isinstance(truth, dict) and isinstance(seen, dict):
        return [h for k, v in truth.items()
                for h in (holes(seen[k], v, f"{pointer}/{k}") if k in seen else [f"{pointer}/{k}"])]
    if isinstance(truth, list) and isinstance(seen, list) and len(seen) == len(truth):
        return [h for i, (s, t) in enumerate(zip(seen, truth, strict=True))
                for h in holes(s, t, f"{pointer}/{i}")]
    return []


def get(doc: Any, pointer: str) -> Any:
    for token in pointer.split("/")[1:]:
        doc = doc[int(token)] if isinstance(doc, list) else doc[token]
    return doc


def filled(truth: Any, values: dict[str, Any]) -> Any:
    doc = orjson.loads(orjson.dumps(truth))
    for pointer, value in values.items():
        *path, last = pointer.split("/")[1:]
        parent = get(doc, "/" + "/".join(path)) if path else doc
        parent[int(last) if isinstance(parent, list) else last] = value
    return doc


def candidates(truth: Any, unseen: set[str], players: int) -> list[Any]:
    """What an attacker would try in a hole: small sets in full, the truth for the rest."""
    if isinstance(truth, str) and is_card(truth):
        return sorted(unseen | {truth})
    if isinstance(truth, str) and truth in WORDS:
        return sorted(WORDS)
    if isinstance(truth, int) and not isinstance(truth, bool):
        return list(range(players))
    return [truth]  # a hand or a stock: too many to enumerate; the lucky guess stands for them


def sha(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


def digests_of(seen_env: dict[str, Any], data: Any, values: dict[str, Any]) -> set[str]:
    """Every way a digest could have been made of this filling of the event."""
    body = {k: v for k, v in seen_env.items() if k not in ("hash", "commitments", "salts")}
    body["data"] = data
    out = {sha(orjson.dumps(body, option=orjson.OPT_SORT_KEYS)),
           sha(orjson.dumps(data, option=orjson.OPT_SORT_KEYS))}
    for value in values.values():
        out.add(sha(orjson.dumps(value, option=orjson.OPT_SORT_KEYS)))
        if isinstance(value, str):
            out.add(sha(value.encode()))
    return out


def fillings(truth: Any, gaps: list[str], unseen: set[str], players: int
             ) -> Iterator[dict[str, Any]]:
    """The truth; each hole alone through all its candidates; and every combination when
    there are few enough."""
    exact = {p: get(truth, p) for p in gaps}
    options = {p: candidates(exact[p], unseen, players) for p in gaps}
    yield exact
    for p in gaps:
        for value in options[p]:
            yield {**exact, p: value}
    total = 1
    for values in options.values():
        total *= len(values)
    if 1 < total <= FULL_PRODUCT:
        for combo in itertools.product(*options.values()):
            yield dict(zip(options, combo, strict=True))


def unseen_by(state: Any, caller: int | None, public: set[str]) -> set[str]:
    pack = set(state.rules.pack())
    own = set(state.hands[caller]) if caller is not None else set()
    return pack - own - public


def attack(watch: Watch, truth: list[dict[str, Any]], players: int) -> list[tuple[Any, ...]]:
    """Every (caller, seq, hole filling) whose hash matches a digest the caller holds."""
    found = []
    for caller, seen in watch.envelopes.items():
        state: Any = None
        public: set[str] = set()
        by_seq: dict[int, list[dict[str, Any]]] = {}
        for env in seen.values():
            by_seq.setdefault(env["seq"], []).append(env)
        for true_env in truth:
            for seen_env in by_seq.get(true_env["seq"], []):
                gaps = holes(seen_env["data"], true_env["data"])
                if not gaps:  # nothing withheld: its hash is public knowledge
                    continue
                unseen = unseen_by(state, caller, public) if state is not None else set()
                for values in fillings(true_env["data"], gaps, unseen, players):
                    data = filled(true_env["data"], values)
                    hit = digests_of(seen_env, data, values) & watch.digests[caller]
                    if hit:
                        found.append((caller, true_env["seq"], true_env["type"], values))
                        break
            state = game.evolve(state, to_event(true_env))
            if true_env["type"] in ("played", "continued", "card_called"):
                public |= {c for c in [true_env["data"].get("card")] if c}
    return found


@pytest.mark.parametrize(("preset", "players", "options"), CASES,
                         ids=[f"{p}-{n}{'-talk' if o else ''}" for p, n, o in CASES])
def test_no_digest_a_caller_holds_is_reproduced_from_what_it_may_not_see(
        client: FlaskClient, app: Flask, worker: Any, preset: str, players: int,
        options: dict[str, Any]) -> None:
    watch, deal = play_watched(client, worker, preset, players, options,
                               random.Random(f"{preset}{players}"))
    truth = app.extensions["tricklog.referee"].store.read("deal", deal)
    assert sum(len(d) for d in watch.digests.values()) > 0  # the attacker had digests to try
    hidden = sum(1 for seen in watch.envelopes.values() for env in seen.values()
                 for t in truth if t["seq"] == env["seq"] and holes(env["data"], t["data"]))
    assert hidden > 0  # and events with something withheld from it
    leaks = attack(watch, truth, players)
    assert not leaks, leaks[:5]
