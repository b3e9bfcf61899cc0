"""Another deal a seat cannot tell from the real one, as the deck that deals it.

The family's ``resample`` hook (the search bot's determinizer) gives a sample of the hidden cards as
they lie now, consistent with what the seat knows (voids, shown hands, the turned trump, a
revealed partner). This module turns it into a whole alternative history: a relabelling of the
cards the seat has never seen (a permutation that maps each card where it truly lies now to
the card the sample puts there) applied to the real deck. Every card the seat has seen keeps
its name, so every move made so far is the same move; replaying them on the new deck reaches
the sampled state. Callers replay and check the seat's view is unchanged, and draw again when
a rule the determinizer does not model (e.g. an automatic end of a capture) says no.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from domain import game
from domain.registry import family_of


def sample_state(state: Any, seat: int, rng: random.Random) -> Any:
    """A determinization of ``state`` as ``seat`` sees it (raises ValueError if none fits)."""
    rules = state.rules
    view = {"ruleset": rules.preset, "players": rules.players, "options": rules.options,
            **game.view(state, seat)}
    resample = family_of(rules).resample
    if resample is None:
        raise ValueError(f"{rules.preset} has no resample hook")
    return resample(view, rules, rng)


def relabelling(truth: Any, sample: Any, rng: random.Random) -> list[tuple[str, str]]:
    """Card renamings (a permutation of the pack as a multiset: a two-pack game holds
    every card twice) taking ``truth``'s hidden layout to ``sample``'s."""
    pairs: list[tuple[str, str]] = []
    for real, guessed in zip(truth.hands, sample.hands, strict=True):
        gone = sorted((Counter(real) - Counter(guessed)).elements())
        new = list((Counter(guessed) - Counter(real)).elements())
        rng.shuffle(new)
        pairs += zip(gone, new, strict=True)
    pairs += [(a, b) for a, b in zip(getattr(truth, "stock", ()), getattr(sample, "stock", ()),
                                     strict=True) if a != b]
    sources, images = Counter(a for a, _ in pairs), Counter(b for _, b in pairs)
    loose = sorted((images - sources).elements())   # renamed onto, not yet renamed away
    freed = sorted((sources - images).elements())   # renamed away, nothing renamed onto them
    return pairs + list(zip(loose, freed, strict=True))


def relabelled_deck(deck: Sequence[str], truth: Any, seat: int, rng: random.Random
                    ) -> list[str]:
    """The real ``deck`` with the seat's unseen cards relabelled to a fresh sample (where a
    card has two copies, which copy is renamed is drawn; callers check the replay)."""
    targets: dict[str, list[str]] = {}
    for source, image in relabelling(truth, sample_state(truth, seat, rng), rng):
        targets.setdefault(source, []).append(image)
    out = list(deck)
    for source, images in targets.items():
        places = [i for i, card in enumerate(deck) if card == source]
        rng.shuffle(places)
        for place, image in zip(places, images, strict=False):
            out[place] = image
    return out
