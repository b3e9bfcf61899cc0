"""Briscola (RULES.md §13): the Italian game of the turned trump, for two players or four in
two partnerships. Three cards each, refilled from the stock after every trick, the winner
first; no need to follow suit; 61 of the 120 card points win the deal.

Everything the generic code needs of it is here, through ``domain/family.py``: the rules as
data (``rules.py``), the state and its events (``state.py``), the deal and the card play
(``play.py``), what a seat sees and how the page shows it (``view.py``) and the hooks of the
bots and OpenSpiel (``bots.py``). Adding it took one line of ``domain/registry.py``.
"""

from __future__ import annotations

from ..family import Family
from ..hooks import by_phase, cards_left
from . import bots, play
from . import events as _events
from . import solver as _solver
from . import state as _state
from . import view as _view
from .rules import PRESETS, BriscolaRules
from .state import BriscolaState

decision = by_phase({"play": "card"})


def endgame(state: BriscolaState) -> int | None:
    return cards_left(decision, state, len(state.stock))


class Briscola:
    """Briscola's side of ``domain/family.py``."""

    name = "briscola"
    state = BriscolaState
    deal_layout = staticmethod(play.deal_layout)
    check_prearranged = staticmethod(play.check_prearranged)
    dealt = staticmethod(play.dealt)
    start = staticmethod(_state.start)
    legal_moves = staticmethod(play.legal_moves)
    command = staticmethod(play.player_event)
    automatic = staticmethod(play.automatic)
    evolve = staticmethod(_state.evolve)
    decision = staticmethod(decision)
    view = staticmethod(_view.view)
    hidden = staticmethod(_view.hidden)
    page = staticmethod(_view.page)
    view_schema = "BriscolaView"
    schemas = _view.SCHEMAS
    events = _events.EVENTS
    next_dealer = staticmethod(play.next_dealer)
    match_winners = staticmethod(play.match_winners)
    heuristic = staticmethod(bots.heuristic)
    resample = staticmethod(bots.resample)
    playout = staticmethod(bots.playout)
    best_of = None
    carry = None
    carries = ()
    endgame = staticmethod(endgame)
    search_decision = None
    views = None
    auction = None
    bounds = staticmethod(bots.bounds)
    points_total = staticmethod(bots.points_total)
    solver = staticmethod(_solver.solver)
    # the search bot solves every sample exactly at or under this many cards left, by preset
    # and player count (domain/bots/pimc.py; measured in docs/BOTS.md, issue 30 item 5)
    search_solve_cards = {"briscola": {2: 6}}


FAMILY: Family[BriscolaState, BriscolaRules] = Briscola()

__all__ = ["FAMILY", "PRESETS", "BriscolaRules", "BriscolaState"]
