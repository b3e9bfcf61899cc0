"""Serbian whist (RULES.md §6): a match is a schedule of hands, 13 cards down to one and back
for four; everyone bids once under the hook rule; follow suit, else trump."""

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
from . import view as _view
from .play import WhistState
from .rules import PRESETS, WhistRules

decision = by_phase({"bid": "bid", "play": "card"})


def endgame(state: WhistState) -> int | None:
    return cards_left(decision, state)


class Whist:
    """Serbian whist's side of ``domain/family.py``."""

    name = "whist"
    state = WhistState
    deal_layout = staticmethod(play.deal_layout)
    check_prearranged = staticmethod(play.check_prearranged)
    dealt = staticmethod(play.dealt)
    start = staticmethod(play.start)
    legal_moves = staticmethod(play.legal_moves)
    command = staticmethod(play.player_event)
    automatic = staticmethod(play.automatic)
    evolve = staticmethod(play.evolve)
    decision = staticmethod(decision)
    view = staticmethod(_view.view)
    hidden = staticmethod(_view.hidden)
    page = staticmethod(_view.page)
    view_schema = "WhistView"
    schemas = None
    events = _events.EVENTS
    bounds = staticmethod(_bounds.bounds)
    points_total = staticmethod(_bounds.points_total)
    next_dealer = staticmethod(play.next_dealer)
    match_winners = staticmethod(play.match_winners)
    heuristic = staticmethod(_heuristic.choose)
    resample = staticmethod(_resample.resample)
    playout = staticmethod(_playout.whist_playout)
    best_of = None
    carry = staticmethod(play.carry)
    carries = ()
    endgame = staticmethod(endgame)
    search_decision = None
    views = staticmethod(_view.views)
    solver = staticmethod(_solver.solver)
    auction = staticmethod(_solver.auction)


FAMILY: Family[WhistState, WhistRules] = Whist()

__all__ = ["FAMILY", "PRESETS", "WhistRules", "WhistState"]
