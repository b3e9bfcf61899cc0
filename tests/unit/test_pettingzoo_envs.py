"""Every preset as a PettingZoo AEC environment (``integrations.pettingzoo``)."""

from __future__ import annotations

import numpy as np
import pytest

from domain import game, registry
from tests.helpers import secret

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402

from integrations.pettingzoo import TricklogEnv, env  # noqa: E402

CASES = [(p, n) for p, preset in registry.PRESETS.items() for n in preset.players]


@pytest.mark.parametrize(("preset", "players"), CASES)
def test_api(preset: str, players: int) -> None:
    api_test(env(preset, players), num_cycles=200)


@pytest.mark.parametrize(("preset", "players"), CASES)
def test_seed(preset: str, players: int) -> None:
    """Two environments reset with one seed play the same episode, info included (plain data:
    no bound methods, which compare unequal between environments)."""
    seed_test(lambda: env(preset, players), num_cycles=200)


@pytest.mark.parametrize(("preset", "players"), [("sedma", 2), ("sueca", 4),
                                                 ("serbian-whist", 4), ("sueca-italiana", 5)])
def test_every_render_mode_the_metadata_lists(preset: str, players: int,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """``render_mode="ansi"`` returns the table as text; ``"human"`` prints it."""
    assert set(TricklogEnv.metadata["render_modes"]) >= {"ansi"}
    render_test(lambda render_mode=None: env(preset, players, render_mode=render_mode))
    e = env(preset, players, render_mode="ansi")
    e.reset(seed=4)
    text = e.render()
    deal = e.unwrapped.deal
    assert isinstance(text, str) and preset in text
    for seat in range(players):
        row = next(line for line in text.splitlines() if line.startswith(f"seat_{seat} "))
        assert all(card in row for card in game.view(deal, seat)["hand"]), (row, text)
    with pytest.raises(ValueError, match="render_mode"):
        env(preset, players, render_mode="rgb_array")


def _play(e: TricklogEnv, seed: int) -> dict[str, float]:
    """Random legal play to the end of the episode; the rewards each agent collected."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, done, cut, info = e.last()
        totals[agent] += reward
        if done or cut:
            e.step(None)
            continue
        view = info["view"]
        legal = game.legal_moves(e.deal, view["seat"])
        mask = obs["action_mask"]
        assert list(np.flatnonzero(mask)) == e.table.legal_ids(legal)  # the mask: legal moves
        assert info["moves"][int(np.flatnonzero(mask)[0])] in legal   # ids to API moves
        e.step(int(rng.choice(np.flatnonzero(mask))))
    return totals


def test_a_deal_pays_its_relative_match_points() -> None:
    e = TricklogEnv("sueca", 4)
    totals = _play(e, 5)
    assert sum(totals.values()) == pytest.approx(0.0)
    assert totals["seat_0"] == totals["seat_2"] and totals["seat_1"] == totals["seat_3"]
    points = e.deal.result["score"]["match_points"]
    assert totals["seat_0"] == pytest.approx((points[0] - points[1]) / 2)


def test_a_match_episode_plays_every_deal_to_the_match_end() -> None:
    e = TricklogEnv("sedma", 2, episode="match")
    totals = _play(e, 9)
    assert e.match.status == "over" and len(e.match.deals) > 1
    final = list(e.match.totals)
    assert totals["seat_0"] - totals["seat_1"] == pytest.approx(final[0] - final[1])


def test_same_seed_same_episode() -> None:
    a, b = TricklogEnv("serbian-whist", 4), TricklogEnv("serbian-whist", 4)
    assert _play(a, 3) == _play(b, 3)
    assert game.view(a.deal, None) == game.view(b.deal, None)


def test_a_policy_trained_offline_chooses_legal_moves_from_a_served_view(
        tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """README's path: train on the environment, save, then choose from a view as the API
    serves it (examples/sse_bot.py --policy examples.pettingzoo_policy:choose)."""
    from examples import pettingzoo_policy as policy

    trained = policy.train("sedma", 2, episodes=3)
    path = f"{tmp_path}/policy.npz"
    np.savez(path, **trained)
    monkeypatch.setenv("TRICKLOG_POLICY", path)
    monkeypatch.setattr(policy, "_LOADED", {})
    rules = registry.rules_for("sedma", 2, {})
    state = game.fold(game.new_deal(rules, 1, 0, secret("served")))
    view = {"ruleset": "sedma", "players": 2, "options": rules.options, "seq": 1,
            **game.view(state, state.turn)}
    assert policy.choose(view) in view["legal_moves"]
