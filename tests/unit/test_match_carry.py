"""What a deal carries over passes through the match as the family's own data
(``Family.carry``): Brazilian Sueca's 60-60 point into the next deal, Serbian whist's successful
bids to the match's end, where they break a tie under scratch. The events keep their public
names (``carry`` in ``deal_started`` and ``dealt``, ``tiebreak`` in ``deal_scored``), so logs
stored before fold as they did."""

from __future__ import annotations

import random
from typing import Any

from domain import game, registry, replay
from domain import match as matches
from domain.fairness import MatchSecret
from domain.messages import Event
from tests.helpers import secret, step

FAIR = MatchSecret("ab" * 16, "cd" * 32)


def _match(preset: str, players: int, options: dict[str, Any]) -> matches.MatchState:
    rules = registry.rules_for(preset, players, options)
    seats = [{"seat": s, "name": f"p{s}"} for s in range(players)]
    return matches.fold(matches.created("m1", rules, seats, 0, FAIR, [None] * players))


def test_a_drawn_deal_carries_its_point_into_the_next_deal() -> None:
    match = _match("sueca-brazil", 4, {})
    drawn: Any = {"sides": [[0, 2], [1, 3]], "points": [60, 60], "score": {
        "winner": None, "winners": [], "game_points": 0, "match_points": [0, 0],
        "carry_next": 1}}
    scored, started = matches.after_deal(match, 1, drawn, FAIR)
    assert scored.data == {"deal_id": "m1.1", "number": 1, "points": [0, 0]}
    assert started.type == "deal_started" and started.data["carry"] == 1
    rules = match.rules
    dealt = game.new_deal(rules, 2, started.data["dealer"], secret("next"), None,
                          game.carried_in(rules, started.data))
    assert dealt[0].data["carry"] == 1 and game.fold(dealt).carry == 1
    assert game.view(game.fold(dealt), 0)["carry"] == 1
    log, rng = list(dealt), random.Random(2)  # played out, the deal replays as dealt
    state = game.fold(log)
    while not game.is_over(state):
        state, events = step(state, state.turn, rng.choice(game.legal_moves(state, state.turn)),
                             secret("next"))
        log += events
    assert replay.verify(log) is None and state.result["score"]["match_points"] != [0, 0]


def test_a_won_deal_carries_nothing() -> None:
    match = _match("sueca-brazil", 4, {})
    won: Any = {"sides": [[0, 2], [1, 3]], "points": [70, 50], "score": {
        "winner": 0, "winners": [0, 2], "game_points": 2, "carried": 1,
        "match_points": [2, 0], "carry_next": 0}}
    started = matches.after_deal(match, 1, won, FAIR)[-1]
    assert "carry" not in started.data
    assert "carry" not in game.new_deal(match.rules, 2, 1, secret("n"), None,
                                        game.carried_in(match.rules, started.data))[0].data


def _hand(tiebreak: list[int]) -> dict[str, Any]:
    return {"sides": [[0], [1], [2], [3]], "points": [0, 0, 0, 0], "score": {
        "winners": [], "match_points": [0, 0, 0, 0], "tiebreak": tiebreak}}


def test_scratch_breaks_a_tie_by_the_bids_made_in_every_hand() -> None:
    """§6.5: every hand's ``tiebreak`` is recorded in its ``deal_scored``; level totals after
    the last hand go to the larger sum of successful bids."""
    match = _match("serbian-whist", 4, {"scoring": "scratch"})
    events: list[Event] = []
    for number in range(1, len(match.rules.hands) + 1):
        made = [0, 0, 1, 0] if number == 1 else [1, 0, 1, 0]  # seat 2: one more in all
        hand: Any = _hand(made)
        out = matches.after_deal(match, number, hand, FAIR)
        assert out[0].data["tiebreak"] == made
        for event in out:
            match = matches.evolve(match, event)
        events += out
    assert match.status == "over" and list(match.winners) == [2]
    stored = matches.fold(matches.created("m1", match.rules, list(match.seats), 0, FAIR,
                                          [None] * 4) + events)
    assert stored.carried == match.carried and stored.winners == match.winners


def test_without_scratch_level_players_share_the_win() -> None:
    match = _match("serbian-whist", 4, {})
    for number in range(1, len(match.rules.hands) + 1):
        hand: Any = _hand([0, 0, number, 0])
        for event in matches.after_deal(match, number, hand, FAIR):
            match = matches.evolve(match, event)
    assert list(match.winners) == [0, 1, 2, 3]
