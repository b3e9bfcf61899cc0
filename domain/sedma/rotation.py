"""Who deals next and when a match is over, per game (RULES.md §3-§5, §9). Chosen by preset data.

``deal`` is what the rules need of the finished deal: ``winners`` (seats of the winning side,
empty when nobody won), ``dealer_side_points`` and ``total_points`` (Hola's majority), and
``dealer_opponent_counters`` (Slovak scoring).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def next_dealer(policy: str, dealer: int, players: int, deal: dict[str, Any]) -> int:
    winners: Sequence[int] = deal["winners"]
    left = (dealer + 1) % players
    if policy == "left":                      # Sedmice, Šuster [choice]
        return left
    if policy == "majority":                  # Hola §5.3: keep the deal after a majority
        return dealer if 2 * deal["dealer_side_points"] > deal["total_points"] else left
    if policy == "slovak":                    # §3.5: pass on only if the opponents took >= 60
        return left if deal["dealer_opponent_counters"] >= 60 else dealer
    if policy == "loser_right_of_winner":     # §3.2 [choice]: a loser with a winner on his left
        if not winners or len(winners) == players:
            return left
        for k in range(1, players + 1):
            seat = (dealer + k) % players
            if seat not in winners and (seat + 1) % players in winners:
                return seat
        return left
    if policy == "loser":                     # §3.1: a loser deals, a winner leads
        dealer_won = dealer in winners
        if players == 4:
            return left if dealer_won else (dealer + 2) % 4
        return left if dealer_won else dealer
    raise ValueError(f"unknown dealer policy {policy!r}")


def match_winners(policy: str, target: int, totals: Sequence[float]) -> list[int] | None:
    """The winning sides once the match is over (several when level), else None.

    ``reach``: the sides whose total reaches the target first (stakes, game points, net
    balance; the most if several). ``points``: once a side reaches the target the side with
    most points wins; equal totals play on (Sedmice §4.1, Hola §5.3).
    """
    best = max(totals)
    if best < target:
        return None
    leaders = [side for side, total in enumerate(totals) if total == best]
    if policy == "points" and len(leaders) > 1:
        return None
    return leaders
