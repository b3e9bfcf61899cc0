"""``abandoned``, the last event of a deal whose match ended on a clock's forfeit, in every
family: the deal is over with no result, its view shows every hand and no result, its reveal is
a hidden part until the deal is disclosed, and the log verifies; one that ends at the forfeit's
``timed_out`` (an older log) still loads and verifies, running; a close the rules do not make
(no forfeit before it, another side, another seed, a move after it) does not verify."""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain import game, registry, replay, table
from domain import match as matches
from domain.clock import abandoned, timed_out
from domain.errors import IllegalMove
from domain.fairness import DealSecret, MatchSecret
from domain.messages import Command, Event, Move
from domain.redaction import NOBODY, Hidden
from tests.helpers import secret, step

CASES = [("sedma", 2), ("sedma", 4), ("briscola", 2), ("sueca", 4), ("sueca-italiana", 5),
         ("serbian-whist", 4)]
DEADLINE = "2026-11-26T07:00:00.000Z"


def forfeited(preset: str, players: int, moves: int = 5
              ) -> tuple[list[Event], Any, int, DealSecret]:
    """A deal played ``moves`` moves at random, then its seat to act forfeits: the log up to
    the forfeit's ``timed_out``, the state there, the seat, the deal's secret."""
    rules = registry.rules_for(preset, players, {})
    rng, dealt = random.Random(7), secret(f"forfeit-{preset}")
    log = game.new_deal(rules, 1, 0, dealt)
    state = game.fold(log)
    for _ in range(moves):
        seat = state.turn
        assert seat is not None and not game.is_over(state)
        state, events = step(state, seat, rng.choice(game.legal_moves(state, seat)), dealt)
        log += events
    seat = state.turn
    assert seat is not None
    return [*log, timed_out(seat, DEADLINE, forfeit=True)], state, seat, dealt


@pytest.mark.parametrize(("preset", "players"), CASES)
def test_a_forfeited_deal_ends_with_no_result_and_verifies(preset: str, players: int) -> None:
    log, state, seat, dealt = forfeited(preset, players)
    close = abandoned(state, seat, dealt)
    side = next(i for i, s in enumerate(state.rules.sides) if seat in s)
    assert close.seat is None and close.data["reason"] == "forfeit"
    assert (close.data["seat"], close.data["side"]) == (seat, side)
    assert close.data["reveal"] == {"seed": dealt.seed, "nonce": dealt.nonce}
    final = game.fold([*log, close])
    assert game.is_over(final) and final.turn is None and final.result is None
    assert list(game.states([*log, close]))[-1] == final
    assert game.from_snapshot(game.to_snapshot(final)) == final
    assert replay.verify([*log, close]) is None
    view = game.view(final, seat)
    assert view["abandoned"] is True and "result" not in view
    assert [list(h) for h in final.hands] == view["hands"]
    assert game.hidden(final.rules, close) == [Hidden("/reveal", NOBODY)]
    assert game.redact(final.rules, close, seat, False)["reveal"] is None
    with pytest.raises(IllegalMove):
        game.decide(final, Command(seat, Move("play", final.hands[seat][0]), dealt))


@pytest.mark.parametrize(("preset", "players"), CASES[:2])
def test_a_log_that_ends_at_the_forfeit_still_loads_and_verifies_running(
        preset: str, players: int) -> None:
    log, state, _, _ = forfeited(preset, players)
    assert game.fold(log) == state and not game.is_over(state)
    assert "abandoned" not in game.view(state, 0)
    legacy = [*log[:-1], timed_out(state.turn, DEADLINE, forfeit=True)]
    assert game.fold(legacy) == state


def test_a_close_the_rules_do_not_make_does_not_verify() -> None:
    log, state, seat, dealt = forfeited("sedma", 2)
    close = abandoned(state, seat, dealt)
    other_side = Event("abandoned", {**close.data, "side": 1 - close.data["side"]})
    assert replay.verify([*log, other_side]) is not None
    no_forfeit = [*log[:-1], timed_out(seat, DEADLINE), close]  # a bot's timeout: no close
    assert replay.verify(no_forfeit) is not None
    assert replay.verify([*log[:-1], close]) is not None  # no timeout at all
    with pytest.raises(ValueError):  # the rules close a deal only with its own seed
        abandoned(state, seat, secret("another seed"))
    forged = secret("another seed")
    other_seed = Event("abandoned", {**close.data, "reveal": {"seed": forged.seed,
                                                              "nonce": forged.nonce}})
    assert replay.verify([*log, other_seed]).check == "commitment"  # type: ignore[union-attr]
    after = Event("played", {"card": state.hands[seat][0]}, seat)
    assert replay.verify([*log, close, after]) is not None


def test_the_match_marks_the_deal_its_forfeit_ended_abandoned() -> None:
    rules, fair = registry.rules_for("sedma", 2, {}), MatchSecret("s", "00" * 32)
    opening = matches.created("m", rules, [{"seat": 0, "name": "Ana"}, {"seat": 1, "name": "Bo"}],
                              0, fair, [None, None])
    match = matches.fold(opening)
    ended = table.forfeited(match, 0, DEADLINE, fair)
    after = matches.fold([*opening, *ended])
    assert ended[0].data["forfeit"] == {"seat": 0, "side": 0, "deadline": DEADLINE}
    assert after.status == "over" and after.winners == (1,) and after.totals == (0, 0)
    assert [d["status"] for d in after.deals] == ["abandoned"]
    assert [d["status"] for d in match.deals] == ["playing"]
