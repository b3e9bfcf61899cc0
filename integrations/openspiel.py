"""Every Tricklog preset as an OpenSpiel game: ``tricklog_<preset>`` (dashes as underscores).

``register()`` registers them all with ``pyspiel``; ``load(preset, players, **params)``
registers and loads one. Parameters: ``players``, ``dealer`` (0), ``number`` (the deal's place
in its match: a hand's size and trumps may depend on it), ``carry`` (a drawn deal's
game points carried in), and the preset's options (``cards`` options as space-separated codes;
an integer option whose default depends on the player count takes -1 for that default).

One game is one deal. Chance deals it one card at a time: chance outcome ``i`` puts the pack's
``i``-th card next in the deck, and the family's ``deal_layout`` shares the deck out as the
server's shuffle would. A single chance node over whole shuffles would have 32!..52! outcomes;
per-card outcomes keep every chance node at most a pack wide, which OpenSpiel's tests, its
samplers (``chance_outcomes``) and ISMCTS handle directly. The players' moves are the
preset's fixed action table (``integrations.encoding``); only the seat in turn moves (table
talk and a weak-hand redeal are offered to it when the rules do). Information state and
observation are the seat's view (``domain.game.view``, the server's redaction), as canonical
JSON and as a tensor. Returns are the deal's relative match points (``integrations.table``),
so every game is zero-sum; ``min_utility`` and ``max_utility`` are their true bounds for the
game's rules and parameters (``integrations.bounds``). ``resample_from_infostate`` relabels
the cards the seat has not seen (``integrations.resample``) and replays the history, for
ISMCTS.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import pyspiel

from domain import game
from domain.errors import DomainError
from domain.registry import PRESETS

from .bounds import utility_bounds
from .encoding import ActionTable, ViewEncoder, view_string
from .resample import relabelled_deck
from .table import Table, play, returns

PREFIX = "tricklog_"
RESAMPLE_TRIES = 50
FALLBACKS = {"resamples": 0, "real_deal": 0}  # how often no relabelling fitted (see below)


def game_name(preset: str) -> str:
    return PREFIX + preset.replace("-", "_")


def _param_default(option: Any) -> Any:
    if option.type == "cards":
        return " ".join(option.default)
    if option.by_players:
        return -1
    return option.default


def _options(preset: str, params: dict[str, Any]) -> dict[str, Any]:
    options = {}
    for option in PRESETS[preset].options:
        value = params.get(option.name, _param_default(option))
        if option.type == "cards":
            value = value.split()
        if option.by_players and value == -1:
            continue
        options[option.name] = value
    return options


def game_type(preset: str) -> pyspiel.GameType:
    p = PRESETS[preset]
    spec = {"players": p.players[-1], "dealer": 0, "number": 1, "carry": 0,
            **{o.name: _param_default(o) for o in p.options}}
    return pyspiel.GameType(
        short_name=game_name(preset), long_name=f"Tricklog {p.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(p.players), min_num_players=min(p.players),
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=spec)


class TricklogGame(pyspiel.Game):  # type: ignore[misc]
    """One preset's deal as an OpenSpiel game; ``register`` makes a subclass per preset."""

    PRESET = ""  # each subclass plays one preset (``register``)

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        preset = self.PRESET
        params = dict(params or {})
        players = int(params.get("players", PRESETS[preset].players[-1]))
        self.table = Table.of(preset, players, _options(preset, params),
                              int(params.get("dealer", 0)), int(params.get("number", 1)),
                              int(params.get("carry", 0)))
        self.actions = ActionTable(self.table.rules)
        self.encoder = ViewEncoder(self.table.rules)
        pack = len(self.table.pack)
        low, high = utility_bounds(self.table)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.actions), max_chance_outcomes=pack,
            num_players=players, min_utility=low, max_utility=high,
            utility_sum=0.0, max_game_length=pack * (2 + players) + 130 + players)
        super().__init__(game_type(preset), info, params)

    def new_initial_state(self, *args: Any) -> TricklogState:
        return TricklogState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        return ViewObserver(self.encoder)


@dataclass(frozen=True)
class _Core:
    """A state's Python side, immutable: OpenSpiel's clone deep-copies attributes, and an
    immutable value needs no copy (``__deepcopy__``); every move makes a new one."""

    shared: Any                                  # the TricklogGame (table, actions, encoder)
    deck: tuple[int, ...] = ()                   # chance outcomes so far (pack indices)
    deal: Any = None                             # the domain state once dealt
    views: dict[int, dict[str, Any]] = field(default_factory=dict, compare=False)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        return self

    def __getstate__(self) -> dict[str, Any]:
        """Pickled (OpenSpiel's serialization) as the game's parameters plus the play."""
        return {"params": self.shared.get_parameters(), "preset": self.shared.table.rules.preset,
                "deck": self.deck, "deal": game.to_snapshot(self.deal) if self.deal else None}

    def __setstate__(self, data: dict[str, Any]) -> None:
        shared = _CLASSES[data["preset"]](data["params"])
        deal = game.from_snapshot(data["deal"]) if data["deal"] else None
        for name, value in (("shared", shared), ("deck", data["deck"]), ("deal", deal),
                            ("views", {})):
            object.__setattr__(self, name, value)

    def view(self, seat: int) -> dict[str, Any]:
        if seat not in self.views:
            self.views[seat] = game.view(self.deal, seat)
        return self.views[seat]


class TricklogState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, shared: TricklogGame) -> None:
        super().__init__(shared)
        self._core = _Core(shared)

    # -- whose turn ------------------------------------------------------------------------------

    def current_player(self) -> int:
        deal = self._core.deal
        if deal is None:
            return int(pyspiel.PlayerId.CHANCE)
        if game.is_over(deal):
            return int(pyspiel.PlayerId.TERMINAL)
        return int(deal.turn)

    def is_terminal(self) -> bool:
        return self._core.deal is not None and game.is_over(self._core.deal)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = sorted(set(range(len(self._core.shared.table.pack))) - set(self._core.deck))
        return [(i, 1.0 / len(left)) for i in left]

    def _legal_actions(self, player: int) -> list[int]:
        deal = self._core.deal
        ids: list[int] = self._core.shared.actions.legal_ids(game.legal_moves(deal, player))
        return ids

    # -- moves -----------------------------------------------------------------------------------

    def _apply_action(self, action: int) -> None:
        core = self._core
        if core.deal is None:
            deck = core.deck + (int(action),)
            table = core.shared.table
            deal = table.deal([table.pack[i] for i in deck]) if len(deck) == len(
                table.pack) else None
            self._core = replace(core, deck=deck, deal=deal, views={})
            return
        move = core.shared.actions.moves[action]
        self._core = replace(core, deal=play(core.deal, core.deal.turn, move), views={})

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            pack = self._core.shared.table.pack
            copies = pack[:action].count(pack[action])
            return f"deal {pack[action]}" + (f" #{copies + 1}" if pack.count(
                pack[action]) > 1 else "")
        return str(self._core.shared.actions.name(action))

    def returns(self) -> list[float]:
        if self._core.deal is None:
            return [0.0] * self._core.shared.table.rules.players
        return returns(self._core.deal)

    def __str__(self) -> str:
        core = self._core
        if core.deal is None:
            return "dealing: " + " ".join(core.shared.table.pack[i] for i in core.deck)
        return view_string(game.to_snapshot(core.deal)["state"])

    # -- what a seat knows -----------------------------------------------------------------------

    def view(self, seat: int) -> dict[str, Any] | None:
        """The seat's view (``domain.game.view``), or None while the cards are being dealt."""
        return None if self._core.deal is None else self._core.view(seat)

    def domain_state(self) -> Any:
        return self._core.deal

    def resample_from_infostate(self, player: int, sampler: Any) -> TricklogState:
        """A state with the same information state for ``player``, the unseen cards drawn
        afresh (consistent with what the seat knows), reached by replaying this history."""
        core = self._core
        if core.deal is None:
            return self.clone()  # type: ignore[no-any-return]
        rng = random.Random(int(sampler() * 2 ** 53))
        FALLBACKS["resamples"] += 1
        pack = core.shared.table.pack
        deck = [pack[i] for i in core.deck]
        moves = [a for p, a in ((h.player, h.action) for h in self.full_history()) if p >= 0]
        for _ in range(RESAMPLE_TRIES):
            try:
                other = _replayed(core.shared, relabelled_deck(deck, core.deal, player, rng),
                                  moves)
            except (DomainError, ValueError, KeyError, RuntimeError):
                continue
            if other.view(player) == self.view(player):
                return other
        # The determinizer may not use everything a history reveals (before engine 3, a capture
        # capture that ended by itself told that its leader held no card to go on; since, the
        # leader is always asked). Where no relabelling fits, this sample is the real deal:
        # counted, and only ever in the searching bot's favour.
        FALLBACKS["real_deal"] += 1
        return self.clone()  # type: ignore[no-any-return]


def _replayed(shared: TricklogGame, deck: list[str], moves: list[int]) -> TricklogState:
    state = shared.new_initial_state()
    unused = list(range(len(shared.table.pack)))
    for card in deck:
        index = next(i for i in unused if shared.table.pack[i] == card)
        unused.remove(index)
        state.apply_action(index)
    for action in moves:
        state.apply_action(action)  # the rules refuse a move this deal makes illegal
    return state


class ViewObserver:
    """OpenSpiel's Python observer: the seat's view as a string and as one tensor."""

    def __init__(self, encoder: ViewEncoder) -> None:
        self.encoder = encoder
        self.tensor = np.zeros(encoder.size, np.float32)
        self.dict = {"view": self.tensor}

    def set_from(self, state: TricklogState, player: int) -> None:
        view = state.view(player)
        if view is None:
            self.tensor.fill(0.0)
        else:
            self.encoder.encode(view, self.tensor)

    def string_from(self, state: TricklogState, player: int) -> str:
        view = state.view(player)
        return "" if view is None else view_string(view)


_CLASSES: dict[str, type[TricklogGame]] = {
    preset: type(f"TricklogGame_{preset.replace('-', '_')}", (TricklogGame,), {"PRESET": preset})
    for preset in PRESETS if PRESETS[preset].family.bounds is not None}  # utilities known


def register() -> list[str]:
    """Register every preset with ``pyspiel`` (once); the names registered. (A class, not a
    closure, is registered: pyspiel keeps it past interpreter shutdown, where a closure
    aborts the process.)"""
    known = set(pyspiel.registered_names())
    for preset, cls in _CLASSES.items():
        if game_name(preset) not in known:
            pyspiel.register_game(game_type(preset), cls)
    return [game_name(p) for p in _CLASSES]


def load(preset: str, players: int | None = None, **params: Any) -> TricklogGame:
    register()
    given = {"players": players, **params} if players is not None else params
    return pyspiel.load_game(game_name(preset), given)  # type: ignore[no-any-return]
