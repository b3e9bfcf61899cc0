"""Sueca (RULES.md §7) and Sueca Italiana (§8): two families on one trick core.

Sueca is two partnerships with trumps turned by the dealer; Italiana is each for themselves
with an auction and a hidden partner. They share the pack, the card points, the deal and the
card play (``core.py``, ``domain/trickplay.py``), and nothing else.
"""

from __future__ import annotations

from ..family import Family
from ..hooks import by_phase, cards_left
from . import bidding as _bidding
from . import bounds as _bounds
from . import core, italiana, sueca
from . import events as _events
from . import heuristic as _heuristic
from . import playout as _playout
from . import resample as _resample
from . import solver as _solver
from . import view as _view
from .italiana import ItalianaState
from .rules import ITALIANA_PRESETS, SUECA_PRESETS, ItalianaRules, SuecaRules
from .sueca import SuecaState

sueca_decision = by_phase({"play": "card"})
italiana_decision = by_phase({"bid": "bid", "trump": "trump", "call": "call", "lead": "other",
                              "play": "card"})


def sueca_endgame(state: SuecaState) -> int | None:
    return cards_left(sueca_decision, state)


def italiana_endgame(state: ItalianaState) -> int | None:
    return cards_left(italiana_decision, state)


class Sueca:
    """Sueca's side of ``domain/family.py``."""

    name = "sueca"
    state = SuecaState
    deal_layout = staticmethod(core.deal_layout)
    check_prearranged = staticmethod(core.check_prearranged)
    dealt = staticmethod(sueca.dealt)
    start = staticmethod(sueca.start)
    legal_moves = staticmethod(sueca.legal_moves)
    command = staticmethod(sueca.player_event)
    automatic = staticmethod(sueca.automatic)
    evolve = staticmethod(sueca.evolve)
    decision = staticmethod(sueca_decision)
    view = staticmethod(_view.sueca_view)
    hidden = staticmethod(_view.hidden)
    page = staticmethod(_view.sueca_page)
    view_schema = "SuecaView"
    schemas = None
    events = _events.SUECA_EVENTS
    bounds = staticmethod(_bounds.sueca)
    points_total = staticmethod(_bounds.points_total)
    next_dealer = staticmethod(core.next_dealer)
    match_winners = staticmethod(sueca.match_winners)
    heuristic = staticmethod(_heuristic.sueca)
    resample = staticmethod(_resample.sueca)
    playout = staticmethod(_playout.sueca_playout)
    best_of = staticmethod(sueca.best_of)
    carry = staticmethod(sueca.carry)
    carries = ("carry",)
    endgame = staticmethod(sueca_endgame)
    search_decision = None
    views = None
    solver = staticmethod(_solver.sueca)
    auction = None
    # the search bot solves every sample exactly at or under this many cards left, by preset
    # and player count (domain/bots/pimc.py): the last 2 tricks (no weaker, a little faster; the
    # last 4 were weaker: docs/BOTS.md, issue 30 item 5)
    search_solve_cards = {"sueca": {4: 8}}


class Italiana:
    """Sueca Italiana's side of ``domain/family.py``."""

    name = "italiana"
    state = ItalianaState
    deal_layout = staticmethod(core.deal_layout)
    check_prearranged = staticmethod(core.check_prearranged)
    dealt = staticmethod(italiana.dealt)
    start = staticmethod(italiana.start)
    legal_moves = staticmethod(italiana.legal_moves)
    command = staticmethod(italiana.player_event)
    automatic = staticmethod(italiana.automatic)
    evolve = staticmethod(italiana.evolve)
    decision = staticmethod(italiana_decision)
    view = staticmethod(_view.italiana_view)
    hidden = staticmethod(_view.hidden)
    page = staticmethod(_view.italiana_page)
    view_schema = "ItalianaView"
    schemas = None
    events = _events.ITALIANA_EVENTS
    bounds = staticmethod(_bounds.italiana)
    points_total = staticmethod(_bounds.points_total)
    next_dealer = staticmethod(core.next_dealer)
    match_winners = staticmethod(italiana.match_winners)
    heuristic = staticmethod(_heuristic.italiana)
    resample = staticmethod(_resample.italiana)
    playout = staticmethod(_playout.italiana_playout)
    best_of = None
    carry = None
    carries = ()
    endgame = staticmethod(italiana_endgame)
    search_decision = staticmethod(_bidding.choose)
    views = None
    solver = staticmethod(_solver.italiana)
    auction = staticmethod(_solver.italiana_auction)


SUECA: Family[SuecaState, SuecaRules] = Sueca()
ITALIANA: Family[ItalianaState, ItalianaRules] = Italiana()

__all__ = ["ITALIANA", "ITALIANA_PRESETS", "SUECA", "SUECA_PRESETS"]
