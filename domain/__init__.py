"""Pure rules of the Sedma family and its neighbours.

Nothing here does I/O, reads a clock or draws randomness of its own: commands go in, events come
out, events fold into state. Everything else in Tricklog is an adapter around this package.
"""
