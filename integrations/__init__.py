"""Tricklog's games for the field's tools: OpenSpiel games (``integrations.openspiel``),
PettingZoo environments (``integrations.pettingzoo``) and OpenSpiel's ISMCTS as an arena
player (``integrations.ismcts``). All of them drive the pure domain through its facade
(``domain.game``, ``domain.registry``): the rules exist once. Their third-party libraries are
optional extras; ``integrations.table`` and ``integrations.encoding`` need only NumPy."""
