"""OpenSpiel's own ``ISMCTSBot`` as an arena player, on the registered game, with a wall-time
budget per move.

The bot is OpenSpiel's class unchanged but for when it stops: ``max_simulations`` is a count,
and a fair match against a bot with a time budget needs the same clock for both. The subclass
below ends the simulation loop at the deadline (after at least two simulations, which the
final policy needs) and returns OpenSpiel's own final policy. Configuration: UCT with
``uct_c`` 2.0, one random rollout per leaf (``RandomRolloutEvaluator``), a fresh world sample
from ``resample_from_infostate`` for every simulation, the most visited move.

Each decision builds the OpenSpiel state of the arena's deal (its deck as chance outcomes,
then its moves), so the bot sees only what the seat sees: ISMCTS never reads the root's
hidden cards, it resamples them for every simulation.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from .openspiel import TricklogGame, TricklogState, load
from .table import Table

UCT_C = 2.0
MIN_SIMULATIONS = 2
SEARCHED = {"moves": 0, "simulations": 0}   # decisions searched and their simulations


class _OutOfTime(Exception):
    pass


class TimedISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """``ismcts.ISMCTSBot`` with a deadline instead of a simulation count."""

    def __init__(self, game: TricklogGame, seconds: float, seed: int,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        rng = np.random.RandomState(seed)
        super().__init__(game, mcts.RandomRolloutEvaluator(1, rng), UCT_C,
                         max_simulations=10 ** 9, random_state=rng)
        self.seconds, self.clock = seconds, clock
        self.deadline, self.simulations = 0.0, 0

    def sample_root_state(self, state: TricklogState) -> TricklogState:
        if self.simulations >= MIN_SIMULATIONS and self.clock() >= self.deadline:
            raise _OutOfTime
        self.simulations += 1
        return super().sample_root_state(state)  # type: ignore[no-any-return]

    def run_search(self, state: TricklogState) -> list[tuple[int, float]]:
        self.deadline, self.simulations = self.clock() + self.seconds, 0
        try:
            return super().run_search(state)  # type: ignore[no-any-return]
        except _OutOfTime:
            return self.get_final_policy(state, self._root_node)  # type: ignore[no-any-return]


def state_of(game: TricklogGame, hands: Sequence[Sequence[str]], stock: Sequence[str],
             moves: Sequence[int]) -> TricklogState:
    """The OpenSpiel state of a deal given by its hands, stock and move ids so far."""
    table: Table = game.table
    state = game.new_initial_state()
    unused = list(range(len(table.pack)))
    for card in table.deck_of(hands, stock):
        index = next(i for i in unused if table.pack[i] == card)
        unused.remove(index)
        state.apply_action(index)
    for action in moves:
        state.apply_action(action)
    return state


class ISMCTSPlayer:
    """Plays a seat of an arena deal with ``TimedISMCTSBot``; one per seat and match."""

    def __init__(self, seconds: float, seed: int) -> None:
        self.seconds, self.seed = seconds, seed
        self.games: dict[tuple[Any, ...], TricklogGame] = {}
        self.simulations: list[int] = []

    def game_for(self, rules: Any, dealer: int, number: int, carry: int) -> TricklogGame:
        key = (dealer, number, carry)
        if key not in self.games:
            params = {k: (" ".join(v) if isinstance(v, list) else v)
                      for k, v in rules.options.items()}
            self.games[key] = load(rules.preset, rules.players, dealer=dealer, number=number,
                                   carry=carry, **params)
        return self.games[key]

    def choose(self, rules: Any, deal: dict[str, Any], moves: Sequence[dict[str, Any]]
               ) -> dict[str, Any]:
        """``deal``: the ``dealt`` event's data; ``moves``: every move made since, in order.
        Rebuilding the state counts against the budget."""
        start = time.perf_counter()
        game = self.game_for(rules, deal["dealer"], deal.get("number", 1), deal.get("carry", 0))
        ids = [game.actions.id_of(m) for m in moves]
        state = state_of(game, deal["hands"], deal["stock"], ids)
        left = self.seconds - (time.perf_counter() - start)
        bot = TimedISMCTSBot(game, left, self.seed + len(moves))
        action = bot.step(state)
        self.simulations.append(bot.simulations)
        if len(state.legal_actions()) > 1:
            SEARCHED["moves"] += 1
            SEARCHED["simulations"] += bot.simulations
        return dict(game.actions.moves[int(action)])
