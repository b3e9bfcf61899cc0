"""Every preset as a PettingZoo AEC environment: ``env(ruleset, players, **options)``.

Agents are ``seat_0`` .. ``seat_{n-1}``. An observation is a dict: ``observation``, the seat's
view (``domain.game.view``: exactly what the server shows that seat) as a float vector
(``integrations.encoding.ViewEncoder``), and ``action_mask`` over the preset's fixed action
table (``integrations.encoding.actions``: the legal moves of the seat in turn). ``info`` holds
the view itself (``info["view"]``) and the action table (``info["moves"][id]`` is the move
dict the HTTP API takes for action ``id``), so a policy trained here plays over HTTP
unchanged. Both are plain data: two environments reset with one seed give equal infos
(``pettingzoo.test.seed_test``).

``render_mode="ansi"`` makes ``render()`` return the table as text (every seat's hand, the
cards on the table, tricks and bids); ``"human"`` prints it.

An episode is one deal (``episode="deal"``) or a whole match (``episode="match"``); rewards
are each seat's relative match points of every deal as it is scored (``integrations.table``),
zero-sum. Deals are shuffled by the domain's own ``new_deal`` from a seed drawn from
``reset(seed=...)``, exactly as the server deals.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from domain import game
from domain import match as matches
from domain.fairness import MatchSecret
from domain.registry import rules_for

from .encoding import ActionTable, ViewEncoder
from .render import text_table
from .table import play, returns

RENDER_MODES = ("ansi", "human")


def env(ruleset: str, players: int | None = None, episode: str = "deal",
        render_mode: str | None = None, **options: Any) -> AECEnv:
    """The environment, wrapped as PettingZoo's classic games are (illegal moves end the
    episode with a penalty; order of calls enforced)."""
    raw = TricklogEnv(ruleset, players, episode, options, render_mode)
    return wrappers.OrderEnforcingWrapper(wrappers.TerminateIllegalWrapper(raw, -1.0))


class TricklogEnv(AECEnv):  # type: ignore[misc]
    metadata = {"name": "tricklog_v0", "render_modes": list(RENDER_MODES),
                "is_parallelizable": False}

    def __init__(self, ruleset: str, players: int | None = None, episode: str = "deal",
                 options: dict[str, Any] | None = None, render_mode: str | None = None) -> None:
        super().__init__()
        if episode not in ("deal", "match"):
            raise ValueError("episode must be 'deal' or 'match'")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {RENDER_MODES} or None, not "
                             f"{render_mode!r}")
        self.rules = rules_for(ruleset, players, options)
        self.episode, self.render_mode = episode, render_mode
        self.table = ActionTable(self.rules)
        self.encoder = ViewEncoder(self.rules)
        self.possible_agents = [f"seat_{s}" for s in range(self.rules.players)]
        n = len(self.table)
        space = spaces.Dict({
            "observation": spaces.Box(-1.0, np.inf, (self.encoder.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8)})
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.deal: Any = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- episodes --------------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.rng = random.Random(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.secret = MatchSecret(f"{self.rng.getrandbits(128):032x}",
                                  f"{self.rng.getrandbits(256):064x}")
        n = self.rules.players
        self.match = matches.fold(matches.created(
            "gym", self.rules, [{"seat": s, "name": a} for s, a in enumerate(self.agents)],
            self.secret.first_dealer(n), self.secret, [None] * n))
        self.number, self.carry = 1, dict[str, Any]()
        self._start_deal()

    def _start_deal(self) -> None:
        self.seed = self.secret.deal(self.number)
        self.deal = game.fold(game.new_deal(self.rules, self.number,
                                            self.match.deals[-1]["dealer"], self.seed,
                                            None, self.carry))
        self._settle()

    def _settle(self) -> None:
        """After a move: score a finished deal, start the next one in a match, pick who moves."""
        if game.is_over(self.deal):
            for agent, value in zip(self.agents, returns(self.deal), strict=True):
                self.rewards[agent] = value
            if self.episode == "match" and self._next_deal():
                return
            self.terminations = dict.fromkeys(self.agents, True)
            return
        self.agent_selection = self.possible_agents[self.deal.turn]
        self.infos = {a: self._info(s) for s, a in enumerate(self.possible_agents)}

    def _next_deal(self) -> bool:
        for event in matches.after_deal(self.match, self.number, self.deal.result, self.secret):
            self.match = matches.evolve(self.match, event)
            if event.type == "deal_started":
                self.carry = game.carried_in(self.rules, event.data)
        if self.match.status == "over":
            return False
        self.number += 1
        self._start_deal()
        return True

    def _info(self, seat: int) -> dict[str, Any]:
        return {"view": game.view(self.deal, seat), "moves": self.table.moves}

    # -- moves -----------------------------------------------------------------------------------

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        view = game.view(self.deal, seat)
        mask = np.zeros(len(self.table), np.int8)
        if not game.is_over(self.deal) and seat == self.deal.turn:
            mask[self.table.legal_ids(game.legal_moves(self.deal, seat))] = 1
        return {"observation": self.encoder.encode(view), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:  # only a finished agent may pass None (PettingZoo's AEC API)
            raise ValueError(f"{agent} is to move: its action may not be None")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        seat = self.possible_agents.index(agent)
        self.deal = play(self.deal, seat, self.table.moves[int(action)], self.seed)
        self._settle()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = text_table(self.deal, self.possible_agents)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
