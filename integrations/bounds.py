"""The true range of a seat's return in one deal (``integrations.table.returns``), for
OpenSpiel's ``min_utility`` and ``max_utility``.

Each family's ``bounds`` hook derives it from its own scoring (the most extreme deals it can
score), put through the same relative-returns transform as a finished deal's; this module only
hands it the table's first deal and that transform.
"""

from __future__ import annotations

from domain.registry import family_of

from .table import Table, relative


def utility_bounds(table: Table) -> tuple[float, float]:
    """(lowest, highest) return any seat can get from one deal of ``table``."""
    rules = table.rules
    hook = family_of(rules).bounds
    if hook is None:
        raise ValueError(f"{rules.preset} declares no utility bounds (the family's 'bounds' "
                         "hook, domain/family.py)")
    return hook(rules, table.deal(table.pack), lambda scores: relative(rules, scores))
