"""Rules of thumb per family, as functions of one seat's view (never the hidden state)."""

from __future__ import annotations

import random
from typing import Any

from ..cards import rank, suit
from ..registry import family_of, rules_for
from ..sueca_rules import POINTS
from ..tricks import trick_winner

Move = dict[str, Any]


def heuristic_bot(view: dict[str, Any], rng: random.Random) -> Move:
    rules = rules_for(view["ruleset"], view["players"], view.get("options"))
    family = family_of(rules).name
    legal = view["legal_moves"]
    if len(legal) == 1:
        return dict(legal[0])
    chosen = {"sedma": _sedma, "sueca": _sueca, "whist": _whist}[family](view, rules, legal)
    return dict(chosen if chosen in legal else rng.choice(legal))


# -- the Sedma family: take captures with points, load the partner's, keep sevens ---------------

def _value(card: str, rules: Any) -> int:
    """How much a card is worth keeping: counters, then wild cards."""
    r = rank(card)
    return (10 if r in rules.scoring.counters else 0) + (6 if r in rules.wild else 0) + (
        4 if card == rules.solo_king else 0)


def _sedma(view: dict[str, Any], rules: Any, legal: list[Move]) -> Move:
    cards = [m["card"] for m in legal if m["type"] == "play"]
    table = [(t["seat"], t["card"]) for t in view["table"]]
    me = view["seat"]
    mine = rules.side_of(me)
    at_stake = sum(10 for _, c in table if rank(c) in rules.scoring.counters)
    cheapest = min(cards, key=lambda c: (_value(c, rules), c)) if cards else None
    if view["phase"] == "decide":  # go on only to take back points from an opponent
        winning_side = rules.side_of(view["winning"])
        led = rules.rank_of(table[0][1])
        matching = [c for c in cards if rules.rank_of(c) == led]
        heard = _partners_call(view)
        if heard == "pusti" or not cards:
            return {"type": "stop"}
        if winning_side != mine and (at_stake >= 10 or heard == "ubij"):
            return {"type": "play", "card": (matching or sorted(cards, key=lambda c: _value(
                c, rules)))[0]}
        return {"type": "stop"}
    if not table:  # lead a blank card we hold twice or more, else the cheapest
        counts: dict[str, int] = {}
        for c in cards:
            counts[rules.rank_of(c)] = counts.get(rules.rank_of(c), 0) + 1
        doubles = [c for c in cards if counts[rules.rank_of(c)] > 1 and _value(c, rules) == 0]
        return {"type": "play", "card": (doubles or [cheapest])[0]}
    led = rules.rank_of(table[0][1])
    loads = [c for c in cards if rank(c) in rules.scoring.counters and rank(c) not in rules.wild]
    takers = [c for c in cards if rules.rank_of(c) == led or rules.rank_of(c) in rules.wild]
    takers.sort(key=lambda c: (rules.rank_of(c) in rules.wild, _value(c, rules)))
    heard = _partners_call(view)
    if heard == "ubij" and takers:
        return {"type": "play", "card": takers[0]}
    if heard == "pusti":
        return {"type": "play", "card": min((c for c in cards if c not in takers),
                                            key=lambda c: _value(c, rules), default=cheapest)}
    if heard == "napuni" and loads:
        return {"type": "play", "card": loads[0]}
    if rules.side_of(view["winning"]) == mine:  # load the partner's capture: an ace or a ten
        return {"type": "play", "card": (loads or [cheapest])[0]}
    if takers and (at_stake >= 10 or any(rank(c) in rules.scoring.counters for c in takers)):
        return {"type": "play", "card": takers[0]}
    return {"type": "play", "card": cheapest}


def _partners_call(view: dict[str, Any]) -> str | None:
    """The partner's table talk in this capture (ubij: take it, pusti: let it go, napuni: load
    it), if the match has it on and the partner spoke since the capture's first card."""
    talk = view.get("table_talk")
    if not talk:
        return None
    since = sum(len(w) for w in view["public"]["won"])  # cards played before this capture
    said = [h for h in talk["heard"] if h["seat"] != view["seat"] and h["cards_played"] >= since]
    return str(said[-1]["word"]) if said else None


# -- trick games ---------------------------------------------------------------------------------

def _strength(hand: list[str], trump: str | None, order: dict[str, int]) -> float:
    """Expected tricks, roughly: high cards, plus trumps in length."""
    top = max(order.values())
    score = sum(max(0.0, (order[rank(c)] - top + 3) / 3) for c in hand)
    return score + 0.5 * sum(1 for c in hand if suit(c) == trump)


def _trick_play(view: dict[str, Any], rules: Any, cards: list[str], want: bool,
                points: dict[str, int]) -> str:
    """Win the trick cheaply if ``want``, else get rid of the least useful card."""
    table = [(t["seat"], t["card"]) for t in view["table"]]
    trump = view["trump"]

    def wins(card: str) -> bool:
        seat: int = view["seat"]
        return trick_winner([*table, (seat, card)], trump, rules.order) == seat

    def cost(card: str) -> tuple[int, int]:
        return (points.get(rank(card), 0) + (20 if suit(card) == trump else 0),
                rules.order[rank(card)])

    winners = sorted((c for c in cards if wins(c)), key=cost)
    if want and winners:
        return winners[0]
    losers = sorted((c for c in cards if not wins(c)), key=cost)
    return (losers or sorted(cards, key=cost))[0] if not want else min(cards, key=cost)


def _sueca(view: dict[str, Any], rules: Any, legal: list[Move]) -> Move:
    if {"type": "redeal"} in legal:  # only offered for a weak hand: take it
        return {"type": "redeal"}
    kind = legal[0]["type"]
    hand = view["hand"]
    if kind in ("bid", "pass"):
        strength = sum(POINTS.get(rank(c), 0) for c in hand) * rules.players / 4
        floor = 61 if view["bidder"] is None else view["bid"] + 1
        return {"type": "bid", "value": floor} if strength >= 30 or {"type": "pass"} not in \
            legal else {"type": "pass"}
    if kind == "trump":
        best = max("SHDC", key=lambda s: sum(1 + POINTS.get(rank(c), 0) / 5 for c in hand
                                             if suit(c) == s))
        return {"type": "trump", "suit": best}
    if kind == "call":
        wanted = [f"{r}{view['trump']}" for r in ("A", "7", "K")]
        card = next((c for c in wanted if c not in hand), None)
        return {"type": "call", "card": card}
    if kind == "lead":
        return {"type": "lead", "by": "self"}
    cards = [m["card"] for m in legal]
    table = view["table"]
    if not table:
        plain = [c for c in cards if suit(c) != view["trump"]] or cards
        return {"type": "play", "card": min(plain, key=lambda c: (POINTS.get(rank(c), 0),
                                                                     rules.order[rank(c)]))}
    me, winner = view["seat"], view["winning"]
    friendly = rules.side_of(winner) == rules.side_of(me) and not rules.italiana or (
        rules.italiana and view.get("partner") is not None and {winner, me} <= {
            view["bidder"], view["partner"]})
    if friendly:  # load the partner's trick
        return {"type": "play", "card": max(cards, key=lambda c: (POINTS.get(rank(c), 0)
                                                                   - (20 if suit(c) ==
                                                                      view["trump"] else 0)))}
    at_stake = sum(POINTS.get(rank(t["card"]), 0) for t in table)
    return {"type": "play", "card": _trick_play(view, rules, cards, at_stake >= 4, POINTS)}


def _whist(view: dict[str, Any], rules: Any, legal: list[Move]) -> Move:
    if legal[0]["type"] == "bid":
        guess = round(_strength(view["hand"], view["trump"], rules.order))
        values = [m["value"] for m in legal]
        return {"type": "bid", "value": min(values, key=lambda v: (abs(v - guess), v))}
    me = view["seat"]
    need = view["bids"][me] - view["tricks"][me]
    cards = [m["card"] for m in legal]
    if not view["table"]:
        ordered = sorted(cards, key=lambda c: rules.order[rank(c)])
        return {"type": "play", "card": ordered[-1] if need > 0 else ordered[0]}
    return {"type": "play", "card": _trick_play(view, rules, cards, need > 0, {})}
