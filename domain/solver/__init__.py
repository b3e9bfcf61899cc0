"""A perfect-information solver for every family: the value of each legal move with every hand
and the stock known (``search`` the engine, ``trick_game`` and ``capture_game`` the games,
``positions`` the bridge from a deal's state, ``analysis`` a finished deal judged move by move).
Pure: no I/O, no clock, no randomness."""
