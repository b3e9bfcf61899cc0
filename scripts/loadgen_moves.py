"""Load-generator commands for the move's cost (issue 33), run by scripts/loadgen.py:

``posts``     C clients playing their own 4-player Sedma deals flat out, as a bot or an app
              does: POST the move and read the answer, no GET before each move. A client plays
              all four seats, so it picks each seat's card from the hand of that seat's last
              answer (cards drawn since are missing from it, so any card in it is still held);
              it GETs the seat's view only where that cannot tell the legal moves (the seat's
              first move of a deal, the leader's turn to go on or stop, a refused move). The
              result counts those GETs (``gets``) beside the moves.
``openloop``  moves at a fixed arrival ``rate`` (open loop: the next move is due at its time
              whether or not the earlier ones were answered) over D deals on D keep-alive
              connections, the same POSTs; each latency runs from the move's due time to its
              answer, so a move that waits for its deal's previous one counts the wait. The
              deals that replace those that end are created before the timed part
              (``SPARE_EVERY``): the D deals start together and move in step, so they end
              together, and creating their successors then (five requests each, inside the
              slot's turn) stalled the moves due meanwhile by up to half a second, a burst of
              the generator's own making that no server sees from real tables. A deal still
              created during the run (the spares ran out) is counted (``created_late``). For
              the same reason the D deals are set apart before the timed part (deal i played
              i mod 28 moves on), and every deal knows its seats' hands from the start (a GET
              of each seat's view when it is made), as a client that sits at a table does.
"""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

from loadgen_http import Conn, HTTPError

NEW_MATCH = {"ruleset": "sedma", "players": 4, "seats": [{"name": f"p{i}"} for i in range(4)]}
SPARE_EVERY = 28  # moves a deal at least (32 cards, 4 seats): a spare deal per 28 moves due


class Deal:
    """One deal played by one client: its seat tokens, the last answer's view, each seat's
    hand as its last answer showed it."""

    def __init__(self, deal: str, tokens: dict[int, str], view: dict[str, Any]) -> None:
        self.id, self.tokens, self.view = deal, tokens, view
        self.hands: dict[int, list[str]] = {}
        self.gets = self.refused = self.reconnects = 0

    def guess(self, rng: random.Random) -> dict[str, Any] | None:
        """A move that is likely legal, without a GET, or None: in play any card of the seat's
        last known hand; when the leader decides, stop or a continuation (a seven or the led
        rank) from it. A refusal falls back to a GET (counted)."""
        view, turn = self.view, self.view["turn"]
        hand = self.hands.get(turn)
        if not hand:
            return None
        if view.get("phase") == "play":
            return {"type": "play", "card": rng.choice(hand)}
        if view.get("phase") == "decide" and view["table"]:
            led = view["table"][0]["card"][:-1]
            moves = [{"type": "stop"}] + [{"type": "play", "card": c} for c in hand
                                          if c[:-1] in ("7", led)]
            return rng.choice(moves)
        return None

    async def call(self, conn: Conn, *args: Any, **kwargs: Any) -> tuple[int, Any]:
        """A request; once again on a new connection if the server had closed the kept one
        (as clients do: an idle connection may be closed by the server at any time)."""
        try:
            return await conn.call(*args, **kwargs)
        except (HTTPError, ConnectionError):
            conn.close()
            self.reconnects += 1
            return await conn.call(*args, **kwargs)

    async def move(self, conn: Conn, rng: random.Random) -> tuple[int, Any]:
        """One move landed (or the last refusal): its status and answer."""
        turn = self.view["turn"]
        token, move = self.tokens[turn], self.guess(rng)
        for _ in range(2):
            if move is None:
                self.gets += 1
                _, mine = await self.call(conn, "GET", f"/v1/deals/{self.id}", token=token)
                self.view = dict(self.view, seq=mine["seq"])
                move = rng.choice(mine["legal_moves"])
            status, answer = await self.call(conn, "POST", f"/v1/deals/{self.id}/moves",
                                             dict(move, expected_seq=self.view["seq"]),
                                             token=token)
            if status == 200:
                self.view = answer["view"]
                self.hands[turn] = answer["view"]["hand"]
                return status, answer
            self.refused += 1
            move = None
        return status, answer


async def new_deal(conn: Conn, rng: random.Random, tag: str) -> Deal:
    _, created = await conn.call("POST", "/v1/matches", dict(
        NEW_MATCH, seed=f"bench-{tag}-{rng.random()}-{'x' * 24}"))
    tokens = {t["seat"]: t["token"] for t in created["tokens"]}
    for invite in created["invites"]:
        _, got = await conn.call("POST", f"/v1/matches/{created['id']}/seats/{invite['seat']}"
                                 "/claim", {"code": invite["code"]})
        tokens[invite["seat"]] = got["token"]
    deal = created["deal"]["id"]
    _, view = await conn.call("GET", f"/v1/deals/{deal}")
    return Deal(deal, tokens, view)


async def seated_deal(conn: Conn, rng: random.Random, tag: str) -> Deal:
    """``new_deal`` with every seat's hand known (each seat's view read once)."""
    deal = await new_deal(conn, rng, tag)
    for seat, token in deal.tokens.items():
        _, mine = await conn.call("GET", f"/v1/deals/{deal.id}", token=token)
        deal.hands[seat] = mine["hand"]
    return deal


def tally(out: dict[str, Any], deal: Deal) -> None:
    for key in ("gets", "refused", "reconnects"):
        out[key] += getattr(deal, key)


async def posts(spec: dict[str, Any]) -> dict[str, Any]:
    stop = time.monotonic() + spec["seconds"]
    out: dict[str, Any] = {"move": [], "errors": [], "gets": 0, "refused": 0, "reconnects": 0}

    async def client(seed: int) -> None:
        conn, rng = Conn(spec["port"], spec.get("timeout", 10.0)), random.Random(seed)
        while time.monotonic() < stop:
            deal = await new_deal(conn, rng, f"p{seed}")
            while deal.view["turn"] is not None and time.monotonic() < stop:
                start = time.perf_counter()
                status, answer = await deal.move(conn, rng)
                if status != 200:
                    out["errors"].append(f"{status} {answer}")
                    break
                out["move"].append(time.perf_counter() - start)
            tally(out, deal)
        conn.close()
    await asyncio.gather(*(client(i) for i in range(spec["clients"])))
    return out


async def openloop(spec: dict[str, Any]) -> dict[str, Any]:
    rate, seconds, count = spec["rate"], spec["seconds"], spec["deals"]
    rng, total = random.Random(33), int(rate * seconds)
    slots = []
    for i in range(count):
        conn = Conn(spec["port"], spec.get("timeout", 10.0))
        deal = await seated_deal(conn, rng, f"o{i}")
        for _ in range(i % SPARE_EVERY):
            await deal.move(conn, rng)
        slots.append({"conn": conn, "deal": deal, "lock": asyncio.Lock()})
    spares = [await seated_deal(slots[0]["conn"], rng, f"s{i}")
              for i in range(total // SPARE_EVERY + 1)]
    out: dict[str, Any] = {"move": [], "errors": [], "gets": 0, "refused": 0, "reconnects": 0,
                           "late_starts": 0, "created_late": 0}
    tasks, start = [], time.monotonic()
    for i in range(total):
        due = start + i / rate
        await asyncio.sleep(max(0.0, due - time.monotonic()))
        if time.monotonic() - due > 0.001:
            out["late_starts"] += 1  # the generator itself fell behind its schedule
        tasks.append(asyncio.create_task(_due_move(slots[i % count], due, rng, out, spares)))
    await asyncio.gather(*tasks)
    out["seconds"] = time.monotonic() - start
    for slot in slots:
        tally(out, slot["deal"])
    for slot in slots:
        slot["conn"].close()
    return out


async def _due_move(slot: dict[str, Any], due: float, rng: random.Random,
                    out: dict[str, Any], spares: list[Deal]) -> None:
    async with slot["lock"]:
        deal, conn = slot["deal"], slot["conn"]
        try:
            status, answer = await deal.move(conn, rng)
        except Exception as err:  # noqa: BLE001 - recorded: a failed move is a result
            out["errors"].append(f"{type(err).__name__}: {err}")
            conn.close()
            return
        if status != 200:
            out["errors"].append(f"{status} {answer}")
        else:
            out["move"].append(time.monotonic() - due)
        if deal.view["turn"] is None or status != 200:  # the deal is over: a new one in its slot
            tally(out, deal)
            if spares:
                slot["deal"] = spares.pop()
                return
            out["created_late"] += 1
            slot["deal"] = await new_deal(conn, rng, f"o{id(slot)}-{rng.random()}")
