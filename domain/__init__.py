"""Pure rules of the card games Tricklog referees, one package per family.

Nothing here does I/O, reads a clock or draws randomness of its own: commands go in, events come
out, events fold into state. Everything else in Tricklog is an adapter around this package.
"""
