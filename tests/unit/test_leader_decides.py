"""RULES.md §2.3 "Referee detail": whenever going on is allowed and the leader still holds a
card, the leader decides, with ``stop`` the only legal move when no card may go on. The server
ends a capture by itself only on public facts (going on is forbidden, or the leader's hand is
empty), so nobody learns what the leader lacks."""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain import game, registry, replay
from domain.bots import BOTS
from domain.messages import Event
from domain.sedma import PRESETS
from domain.sedma import play as sedma_play
from tests.helpers import arrange, random_deal, step

STOP = {"type": "stop"}
# Every Sedma-family preset where some hand holds no card that may go on (Hola's free fight
# goes on with any card), each with its fewest players.
CASES = [(p, min(PRESETS[p][1]), {}) for p in PRESETS if p != "hola"] + [("hola", 2, {"fight_rule":
                                                                   "sedma_style"})]


def blank_capture(preset: str, players: int, options: dict[str, Any], spare: str | None = None
                  ) -> tuple[Any, list[Any]]:
    """A deal after its first round, and the events of its last card: seat 0 led a king, every
    other seat played a king (an opponent wins), and seat 0 still holds three cards, none a king
    or wild (unless ``spare`` replaces one of them)."""
    rules = registry.rules_for(preset, players, options)
    pack = rules.pack()
    kings = [c for c in pack if rules.rank_of(c) == "K"][:players]
    blanks = [c for c in pack if rules.rank_of(c) not in rules.wild | {"K"}][:3]
    if spare is not None:
        blanks[-1] = spare
    _, dealt = arrange(preset, players, [[kings[0], *blanks], *([k] for k in kings[1:])],
                       options=options)
    state = game.fold([dealt])
    assert state.turn == 0
    events: list[Any] = []
    for seat, card in enumerate(kings):
        state, events = step(state, seat, {"type": "play", "card": card})
    return state, events


@pytest.mark.parametrize(("preset", "players", "options"), CASES,
                         ids=[f"{p}-{n}{'-' + '-'.join(o.values()) if o else ''}"
                              for p, n, o in CASES])
def test_a_leader_with_no_card_to_go_on_still_decides(preset: str, players: int,
                                                      options: dict[str, Any]) -> None:
    state, _ = blank_capture(preset, players, options)
    assert (state.phase, state.turn) == ("decide", 0)
    assert game.legal_moves(state, 0) == [STOP]
    assert game.legal_moves(state, 1) == []
    state, events = step(state, 0, STOP)
    assert (events[0].type, events[0].seat, events[0].data) == ("stopped", 0,
                                                                {"reason": "leader"})
    assert events[1].type == "trick_taken" and events[1].data["seat"] == players - 1


def test_nobody_learns_whether_the_leader_holds_the_solo_king() -> None:
    """Sedma for three: one leader holds the solo king (it goes on as a seven), one does not;
    the other seats and a spectator see the same events and the same phase and turn."""
    without, last = blank_capture("sedma-king", 3, {})
    holding, last_too = blank_capture("sedma-king", 3, {}, spare="KS")
    assert {"type": "play", "card": "KS"} in game.legal_moves(holding, 0)
    assert [(e.type, e.seat, e.data) for e in last] == [
        (e.type, e.seat, e.data) for e in last_too]
    for seat in (1, 2, None):
        a, b = game.view(without, seat), game.view(holding, seat)
        assert (a["phase"], a["turn"], a["legal_moves"]) == (b["phase"], b["turn"],
                                                             b["legal_moves"])


def test_the_server_ends_a_capture_only_on_public_facts() -> None:
    """Sedmice: the leader's side winning forbids going on (reason ``side_winning``); a leader
    with no card left cannot go on (``no_cards``); neither is ``no_continuation`` any more."""
    _, dealt = arrange("sedmice", 2, [["KS", "9D", "8D", "QD"], ["9S"]])
    state, events = step(game.fold([dealt]), 0, {"type": "play", "card": "KS"})
    state, events = step(state, 1, {"type": "play", "card": "9S"})
    assert [(e.type, e.seat, e.data) for e in events[:2]] == [
        ("played", 1, {"card": "9S"}), ("stopped", None, {"reason": "side_winning"})]


@pytest.mark.parametrize(("preset", "players", "options"),
                         [*CASES, ("sedmice", 4, {}), ("hola", 4, {})])
def test_automatic_stops_follow_from_public_facts(preset: str, players: int,
                                                  options: dict[str, Any]) -> None:
    """Random deals: every ``stopped`` the server logs by itself says why, and the why is
    public (the leader's side wins where that forbids going on, or the leader's hand is
    empty)."""
    for seed in range(6):
        log, _ = random_deal(preset, players, seed, options)
        state = game.fold(log[:1])
        for event in log[1:]:
            if event.type == "stopped" and event.seat is None:
                rules, leader = state.rules, state.leader
                empty = not state.hands[leader]
                assert event.data["reason"] == ("no_cards" if empty else "side_winning")
                if not empty:
                    assert rules.continuation == "opponent_winning"
                    assert rules.side_of(sedma_play.winning(state)) == rules.side_of(leader)
            state = game.evolve(state, event)


def _legacy(event: Event) -> Event:
    """``event`` as engines 1 and 2 logged a capture they ended by themselves."""
    return Event("stopped", {"reason": "no_continuation"}, None)


def test_logs_of_older_engines_still_verify_and_forged_ones_do_not() -> None:
    """Engines 1 and 2 logged an automatic ``stopped`` (``no_continuation``) where the leader had
    nothing to go on with: such a log verifies. Where the leader could have gone on, or where
    nobody was asked at all, the same event is found."""
    checked = {"only stop": 0, "could go on": 0}
    for seed in range(40):
        log, _ = random_deal("sedmice", 2, seed)
        state = game.fold(log[:1])
        for i, event in enumerate(log[1:], start=1):
            if event.type == "stopped" and event.seat is not None:
                only = game.legal_moves(state, event.seat) == [STOP]
                old = [*log[:i], _legacy(event), *log[i + 1:]]
                mismatch = replay.verify(old)
                assert (mismatch is None) == only, mismatch
                if not only:
                    assert mismatch is not None and mismatch.index == i
                checked["only stop" if only else "could go on"] += 1
            if event.type == "stopped" and event.seat is None:  # no_cards was always that
                mismatch = replay.verify([*log[:i], _legacy(event), *log[i + 1:]])
                assert (mismatch is None) == (event.data["reason"] == "side_winning")
            state = game.evolve(state, event)
    assert all(checked.values()), checked


@pytest.mark.parametrize("bot", sorted(BOTS))
def test_bots_stop_where_stop_is_all_they_may_do(bot: str) -> None:
    """Each built-in bot, asked as a leader with nothing to go on with, stops (and a search bot
    does not search: there is nothing to weigh)."""
    state, _ = blank_capture("sedma-king", 3, {})
    view = {**game.view(state, 0), "ruleset": "sedma-king", "players": 3, "options": {}}
    rng = random.Random(7)
    assert BOTS[bot](view, rng) == STOP
    assert rng.random() == random.Random(7).random() or bot == "random"
