"""What a seat knows, as a full game state: the public facts of its view plus one sample of the
hidden cards consistent with them (cards seen, voids shown by not following suit, a partner's
shown hand, the turned trump, a revealed partner). Search bots play out such samples."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..cards import suit
from ..sedma import SedmaState
from ..sueca import PASSED, SuecaState
from ..whist import WhistState


def _unseen(pack: Sequence[str], seen: Sequence[str]) -> list[str]:
    return list((Counter(pack) - Counter(seen)).elements())


def _deal(pool: list[str], sizes: dict[int, int], voids: dict[int, set[str]],
          rng: random.Random, pinned: dict[str, int] | None = None) -> dict[int, list[str]]:
    """Share ``pool`` into hands of ``sizes`` (key -1: cards nobody holds), no card in a suit
    its holder is void in, ``pinned`` cards to their known holder. Falls back to ignoring voids
    if the constraints defeat twenty random tries."""
    pinned = pinned or {}
    for _ in range(20):
        hands: dict[int, list[str]] = {seat: [] for seat in sizes}
        cards = list(pool)
        rng.shuffle(cards)
        cards.sort(key=lambda c: c not in pinned)
        ok = True
        for card in cards:
            if card in pinned:
                hands[pinned[card]].append(card)
                continue
            room = [s for s in sizes if len(hands[s]) < sizes[s]
                    and suit(card) not in voids.get(s, set())]
            if not room:
                ok = False
                break
            hands[rng.choice(room)].append(card)
        if ok:
            return hands
        voids = {} if _ == 18 else voids
    raise ValueError("no deal fits what is known")


def sedma_state(view: dict[str, Any], rules: Any, rng: random.Random) -> SedmaState:
    pub, me = view["public"], view["seat"]
    known = {me: list(view["hand"])}
    partner = next((s for s in rules.sides[rules.side_of(me)] if s != me), None)
    if "partner_hand" in view and partner is not None:
        known[partner] = list(view["partner_hand"])
    seen = [c for h in known.values() for c in h] + [t["card"] for t in view["table"]] + [
        c for w in pub["won"] for c in w]
    sizes = {s: n for s, n in enumerate(view["hand_sizes"]) if s not in known}
    sizes[-1] = view["stock_size"]
    dealt = _deal(_unseen(rules.pack(), seen), sizes, {}, rng)
    hands = tuple(tuple(known.get(s, dealt.get(s, []))) for s in range(rules.players))
    return SedmaState(
        rules=rules, dealer=view["dealer"], hands=hands, stock=tuple(dealt[-1]),
        leader=view["leader"], turn=view["turn"], phase=view["phase"],
        won=tuple(tuple(w) for w in pub["won"]), captures=tuple(view["captures"]),
        table=tuple((t["seat"], t["card"]) for t in view["table"]),
        round_start=pub["round_start"], waiting=tuple(pub["waiting"]),
        last_capture=pub["last_capture"], pass_used=pub["pass_used"], shown=pub["shown"])


def _trick_hands(view: dict[str, Any], rules: Any, rng: random.Random, won: list[str],
                 pinned: dict[str, int], undealt: int) -> tuple[tuple[tuple[str, ...], ...],
                                                           list[str]]:
    me = view["seat"]
    seen = list(view["hand"]) + [t["card"] for t in view["table"]] + won
    sizes = {s: n for s, n in enumerate(view["hand_sizes"]) if s != me}
    if undealt:
        sizes[-1] = undealt
    voids = {s: set(v) for s, v in enumerate(view["public"]["voids"])}
    pinned = {c: s for c, s in pinned.items() if c not in seen}
    dealt = _deal(_unseen(rules.pack(), seen), sizes, voids, rng, pinned)
    hands = tuple(tuple(view["hand"]) if s == me else tuple(dealt[s])
                  for s in range(rules.players))
    return hands, dealt.get(-1, [])


def sueca_state(view: dict[str, Any], rules: Any, rng: random.Random) -> SuecaState:
    pub = view["public"]
    won = [c for w in pub["won"] for c in w]
    pinned: dict[str, int] = {}
    if view.get("trump_card"):
        pinned[view["trump_card"]] = view["dealer"]
    partner = view.get("partner")
    if view.get("called") and partner is not None:
        pinned[view["called"]] = partner
    hands, _ = _trick_hands(view, rules, rng, won, pinned, 0)
    if rules.italiana and view.get("called") and partner is None and not pub["revealed"]:
        holder = next((s for s, h in enumerate(hands) if view["called"] in h), None)
        partner = holder if holder != view["bidder"] else None
    bids = tuple(None if b is None else (PASSED if b == "pass" else b)
                 for b in view.get("bids", [])) or ()
    return SuecaState(
        rules=rules, dealer=view["dealer"], hands=hands, phase=view["phase"],
        turn=view["turn"], leader=view["leader"], won=tuple(tuple(w) for w in pub["won"]),
        tricks_won=tuple(view["tricks"]), trump=view["trump"], trump_card=view.get("trump_card"),
        trick=tuple((t["seat"], t["card"]) for t in view["table"]), bids=bids,
        bidder=view.get("bidder"), bid=view.get("bid") or 0, called=view.get("called"),
        partner=partner, revealed=pub["revealed"], asked=pub["asked"],
        carry=view.get("carry", 0), voids=tuple(tuple(v) for v in pub["voids"]))


def whist_state(view: dict[str, Any], rules: Any, rng: random.Random) -> WhistState:
    undealt = 52 - view["cards"] * rules.players
    played = list(view["public"]["played"])
    hands, _ = _trick_hands(view, rules, rng, played, {}, undealt)
    return WhistState(
        rules=rules, dealer=view["dealer"], hand_no=view["hand_no"], cards=view["cards"],
        trump=view["trump"], hands=hands, phase=view["phase"], turn=view["turn"],
        leader=view["leader"], bids=tuple(view["bids"]), tricks_won=tuple(view["tricks"]),
        trick=tuple((t["seat"], t["card"]) for t in view["table"]),
        voids=tuple(tuple(v) for v in view["public"]["voids"]), played=tuple(played))


DETERMINIZE = {"sedma": sedma_state, "sueca": sueca_state, "whist": whist_state}
