"""The Sedma family (RULES.md §2-§5): Sedma and its variants, Sedmice, Šuster and Hola.

Captures instead of tricks: the last card of the first card's rank (or a wild card) wins, the
leader may go on, hands are refilled from a stock. Every preset is data (``rules.py``).
"""

from __future__ import annotations

from ..family import Family
from ..hooks import by_phase, cards_left
from . import bounds as _bounds
from . import events as _events
from . import heuristic as _heuristic
from . import play
from . import playout as _playout
from . import resample as _resample
from . import solver as _solver
from . import state as _state
from . import view as _view
from .rules import PRESETS, SedmaRules
from .state import SedmaState

# The leader who may stop a capture decides whether to go on, with a card.
decision = by_phase({"play": "card", "decide": "continue"})


def endgame(state: SedmaState) -> int | None:
    return cards_left(decision, state, len(state.stock))


class Sedma:
    """The family's side of ``domain/family.py``."""

    name = "sedma"
    state = SedmaState
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
    view_schema = "SedmaView"
    schemas = None
    events = _events.EVENTS
    bounds = staticmethod(_bounds.bounds)
    points_total = staticmethod(_bounds.points_total)
    next_dealer = staticmethod(play.next_dealer)
    match_winners = staticmethod(play.match_winners)
    heuristic = staticmethod(_heuristic.choose)
    resample = staticmethod(_resample.resample)
    playout = staticmethod(_playout.play_out)
    best_of = None
    carry = None
    carries = ()
    endgame = staticmethod(endgame)
    search_decision = None
    views = None
    auction = None
    solver = staticmethod(_solver.solver)
    # the search bot solves every sample exactly at or under this many cards left, by preset
    # and player count (domain/bots/pimc.py; measured in docs/BOTS.md, issue 30 item 5)
    search_solve_cards = {"sedma": {2: 14}}


FAMILY: Family[SedmaState, SedmaRules] = Sedma()

__all__ = ["FAMILY", "PRESETS", "SedmaRules", "SedmaState"]
