"""Train a policy offline on the PettingZoo environment, then play it over HTTP.

A deliberately small learner (a linear softmax policy over the view tensor, REINFORCE against
random opponents) to show the path end to end; swap in any RL library that speaks PettingZoo.

    python examples/pettingzoo_policy.py --preset sedma --players 2 --episodes 2000
    TRICKLOG_POLICY=policy.npz python examples/sse_bot.py --match <id> --token <seat token> \\
        --policy examples.pettingzoo_policy:choose
"""

from __future__ import annotations

import argparse
import os
from typing import Any

import numpy as np

from domain.registry import rules_for
from integrations.encoding import ActionTable, ViewEncoder
from integrations.pettingzoo import TricklogEnv


def _probs(weights: np.ndarray, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
    logits = np.where(mask > 0, weights @ x, -np.inf)
    p = np.exp(logits - logits.max())
    return np.asarray(p / p.sum())


def train(preset: str, players: int, episodes: int, seed: int = 0, lr: float = 0.01
          ) -> dict[str, Any]:
    """Seat 0 learns; the other seats play at random. Returns the weights and the setup."""
    env = TricklogEnv(preset, players)
    rng = np.random.default_rng(seed)
    weights = np.zeros((len(env.table), env.encoder.size), np.float32)
    for episode in range(episodes):
        env.reset(seed=seed + episode)
        steps, reward = [], 0.0
        for agent in env.agent_iter():
            obs, rew, done, cut, _ = env.last()
            if agent == "seat_0":
                reward += rew
            if done or cut:
                env.step(None)
                continue
            p = _probs(weights, obs["observation"], obs["action_mask"])
            action = int(rng.choice(len(p), p=p))
            if agent == "seat_0":
                steps.append((obs["observation"], p, action))
            env.step(action)
        for x, p, action in steps:  # REINFORCE: raise the log-probability of paying moves
            grad = -np.outer(p, x)
            grad[action] += x
            weights += lr * reward * grad
    return {"preset": preset, "players": players, "weights": weights}


_LOADED: dict[str, Any] = {}


def choose(view: dict[str, Any]) -> dict[str, Any]:
    """A move for a view served by the API (``--policy examples.pettingzoo_policy:choose``):
    the same encoder and action table as in training, so the ids mean the same moves."""
    if not _LOADED:
        saved = np.load(os.environ.get("TRICKLOG_POLICY", "policy.npz"))
        rules = rules_for(str(saved["preset"]), int(saved["players"]), view.get("options"))
        _LOADED.update(weights=saved["weights"], encoder=ViewEncoder(rules),
                       table=ActionTable(rules))
    table: ActionTable = _LOADED["table"]
    mask = np.zeros(len(table), np.int8)
    mask[table.legal_ids(view["legal_moves"])] = 1
    p = _probs(_LOADED["weights"], _LOADED["encoder"].encode(view), mask)
    return dict(table.moves[int(np.argmax(p))])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="sedma")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--episodes", type=int, default=2000)
    parser.add_argument("--out", default="policy.npz")
    args = parser.parse_args()
    trained = train(args.preset, args.players, args.episodes)
    np.savez(args.out, **trained)
    print(f"saved {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
