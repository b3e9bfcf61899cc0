"""A perfect-information solver for every family with a ``solver`` hook (``domain/family.py``):
the value of each legal move with every hand and the stock known (``search`` the engine,
``trick_game`` the generic trick game that families parameterize with their rules' data, a
family's own game where its card play is no such trick game, ``positions`` the bridge from a
deal's state through the hook, ``analysis`` a finished deal judged move by move).
Pure: no I/O, no clock, no randomness."""
