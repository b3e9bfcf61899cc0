"""Another deal a seat cannot tell from the real one, as the deck that deals it.

The domain's determinizer (``domain.bots.knowledge``) gives a sample of the hidden cards as
they lie now, consistent with what the seat knows (voids, shown hands, the turned trump, a
revealed partner). This module turns it into a whole alternative history: a relabelling of the
cards the seat has never seen (a permutation that maps each card where it truly lies now to
the card the sample puts there) applied to the real deck. Every card the seat has seen keeps
its name, so every move made so far is the same move; replaying them on the new deck reaches
the sampled state. Callers replay and check the seat's view is unchanged, and draw again when
a rule the determinizer does not model (e.g. Sedma's automatic end of a capture) says no.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from domain import game
from domain.bots.knowledge import DETERMINIZE
from domain.registry import family_of


def sample_state(state: Any, seat: int, rng: random.Random) -> Any:
    """A determinization of ``state`` as ``seat`` sees it (raises ValueError if none fits)."""
    rules = state.rules
    view = {"ruleset": rules.preset, "players": rules.players, "options": rules.options,
            **game.view(state, seat)}
    return DETERMINIZE[family_of(rules).name](view, rules, rng)


def relabelling(truth: Any, sample: Any, rng: random.Random) -> dict[str, str]:
    """A permutation of card names taking ``truth``'s hidden layout to ``sample``'s."""
    pairs: dict[str, str] = {}
    for real, guessed in zip(truth.hands, sample.hands, strict=True):
        gone = sorted((Counter(real) - Counter(guessed)).elements())
        new = list((Counter(guessed) - Counter(real)).elements())
        rng.shuffle(new)
        pairs.update(zip(gone, new, strict=True))
    for real_card, guessed_card in zip(getattr(truth, "stock", ()), getattr(sample, "stock", ()),
                                       strict=True):
        if real_card != guessed_card:
            pairs[real_card] = guessed_card
    images = set(pairs.values())
    freed = sorted(k for k in pairs if k not in images)      # nothing maps onto these yet
    loose = sorted(v for v in images if v not in pairs)      # these still need an image
    pairs.update(zip(loose, freed, strict=True))
    return pairs


def relabelled_deck(deck: Sequence[str], truth: Any, seat: int, rng: random.Random
                    ) -> list[str]:
    """The real ``deck`` with the seat's unseen cards relabelled to a fresh sample."""
    pairs = relabelling(truth, sample_state(truth, seat, rng), rng)
    return [pairs.get(card, card) for card in deck]
