"""The harness of the non-interference tests (issue 26): twin deals, one move sequence, and
everything one observer receives from each, compared byte for byte.

**The property.** Fix a preset, a player count and an observer ``o`` (a seat, or a spectator).
Let ``D`` be a deal (hands, stock, a turned trump card) and ``P`` a sequence of moves: each one
a legal move of the seat in turn in ``D`` after the moves before it, or a table-talk call by any
seat. What the rules let ``o`` know after ``P`` is its own cards (dealt and drawn), every card
played and who played it, the card the rules turn face up (Sueca's trump card), its
partnership's hands once the rules show them (Sedmice's partner viewing, RULES.md §4.1), the
holder of Sueca Italiana's called card once the rules reveal the partner, and whatever follows
from these and the moves (a seat shows a void by not following suit). A *twin* ``D'`` of ``D``
for ``o`` and ``P`` keeps every card the rules let ``o`` know after ``P`` where it is (its
*slot*: a place in a dealt hand, or in the stock; ``known_slots``) and permutes all the other
cards among the other slots, so every hand keeps its size. Then after every move of ``P``, for
as long as ``P`` is legal in ``D'`` too, everything ``o`` receives is equal in ``D`` and
``D'``: its view (``legal_moves`` included), the event feed as served to it, the state at every
new ``seq`` (a replay), the answer to a move of its own, what it is told when it tries a move
of its own (``probes``: mostly a refusal, compared whole; a move it may make, by its public
part, as it shows the observer what it draws), and the *timing class* of every command (how
many events it produced, of which types, for which seats: an automatic event in one twin and
not the other tells ``o`` something about the cards it may not see). If they differed, ``o``
could tell ``D`` from ``D'``, and so learn something about the cards it may not see.

Each example draws ``D`` and a sequence to the end of the deal; each twin is made for a prefix
of random length (the whole deal would show every card: a leak shows only while the cards it
concerns are hidden).

Only what is random by design is masked before comparing (``masked``): timestamps, ids, and
the salted digests of the hash chain (``hash``, ``prev``, ``commitments``, ``salts``; the
``commitment`` of a seed). The masking is sound: every hidden part is committed as
``SHA-256(salt || part)`` with a fresh secret 256-bit salt, and the chain hashes those
commitments, never the hidden parts, so each such digest is a fresh random value to anyone
without the salt, different from run to run even for one and the same deal; a digest equal
across twins would prove nothing and one that differs reveals nothing. (That a digest gives no
hidden part away to brute force is held by ``tests/api/test_bruteforce_digests.py``.)

A deal that is over is public as a whole (its log, its replays, everyone's cards), so a twin
pair is compared until its deal ends, the command that ends it included: the events it
produced as they are served while the deal runs, and the final view without ``hands``.

**The converse, for public events** (``public_part``): what the rules make public is the same
for every observer. After nulling the parts the rules keep from some (the hands and the stock
as dealt, each drawn card, the hands partners show each other) and the salts (each caller gets
those of the parts it may see), every observer's feed is the same, and so is every view
without its seat's own fields. (A word of table talk is public, RULES.md §4.1.)
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from domain import game, registry
from domain.errors import DomainError
from domain.messages import HINT_WORDS, Command, Event, Move
from domain.registry import family_of
from events.envelope import GENESIS, seal
from events.referee.deals import served_envelopes

STOCK = -1  # the seat of a stock slot
Slot = tuple[int, int]  # (seat, place in its dealt hand), or (STOCK, place in the stock)
Observer = int | None  # a seat, or None: a spectator


# -- cases ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Case:
    """A preset, a player count and options."""

    preset: str
    players: int
    options: tuple[tuple[str, Any], ...] = ()

    @property
    def id(self) -> str:
        extra = "".join(f"-{k}={v}" for k, v in self.options)
        return f"{self.preset}-{self.players}{extra}"

    @property
    def rules(self) -> Any:
        return registry.rules_for(self.preset, self.players, dict(self.options))

    @property
    def family(self) -> str:
        return registry.PRESETS[self.preset].family.name

    @property
    def observers(self) -> list[Observer]:
        return [None, *range(self.players)]


def every_case() -> list[Case]:
    """Every preset and player count of the catalogue with its default options, and options
    that change what a seat may do or see: table talk, Hola's sedma-style fight, sedma-3-32's
    one pass, a burned round, Brazil's weak-hand redeal, whist's turned trump. (Not
    ``burned_hand``: that no hand holds four of a kind is public after every draw, which a
    twin would have to keep.)"""
    out = [Case(pid, n) for pid, preset in registry.PRESETS.items() for n in preset.players]
    for pid, preset in registry.PRESETS.items():
        if any(o.name == "table_talk" for o in preset.options):
            out.append(Case(pid, 4, (("table_talk", True),)))
    out += [Case("hola", 4, (("fight_rule", "sedma_style"),)),
            Case("sedma-3-32", 3, (("short_stock", "one_pass"),)),
            Case("sedma", 4, (("burn_tariff", "graded"),)),
            Case("sueca-brazil", 4, (("weak_hand_redeal", True),)),
            Case("serbian-whist", 4, (("trumps", "turned"),))]
    return out


# -- deals ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Deal:
    """A prearranged deal: the ``deal`` body of ``POST /v1/matches``."""

    dealer: int
    hands: tuple[tuple[str, ...], ...]
    stock: tuple[str, ...]
    trump_card: str | None = None

    def slots(self) -> list[Slot]:
        return [(s, i) for s, hand in enumerate(self.hands) for i in range(len(hand))] + [
            (STOCK, i) for i in range(len(self.stock))]

    def card(self, slot: Slot) -> str:
        seat, i = slot
        return self.stock[i] if seat == STOCK else self.hands[seat][i]

    def moved(self, cards: dict[Slot, str]) -> Deal:
        """This deal with ``cards`` put into their slots."""
        hands = tuple(tuple(cards.get((s, i), c) for i, c in enumerate(h))
                      for s, h in enumerate(self.hands))
        stock = tuple(cards.get((STOCK, i), c) for i, c in enumerate(self.stock))
        return Deal(self.dealer, hands, stock, self.trump_card)

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = {"dealer": self.dealer, "hands": [list(h) for h in self.hands],
                               "stock": list(self.stock)}
        if self.trump_card is not None:
            out["trump_card"] = self.trump_card
        return out

    def opening(self, rules: Any) -> list[Event]:
        return game.prearranged_deal(rules, self.dealer, [list(h) for h in self.hands],
                                     list(self.stock), self.trump_card)


def random_deal(rules: Any, rng: random.Random) -> Deal:
    """A shuffled pack dealt by the game's own pattern, from any dealer."""
    family = family_of(rules)
    deck, dealer = rng.sample(rules.pack(), len(rules.pack())), rng.randrange(rules.players)
    hands, stock = family.deal_layout(rules, deck, dealer, 1)
    trump = family.dealt(rules, dealer, hands, stock, None, 1).get("trump_card")
    return Deal(dealer, tuple(map(tuple, hands)), tuple(stock), trump)


# -- moves ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Play:
    """One move of the sequence, the events it produced in the original deal, and the move the
    observer tries after it (to see the answer it gets: mostly a refusal)."""

    seat: int
    move: dict[str, Any]
    events: list[Event]
    probe: dict[str, Any]


def probes(rules: Any) -> list[dict[str, Any]]:
    """Moves an observer may try at any time: every card, and each kind of move once."""
    cards = sorted(set(rules.pack()))
    return [*({"type": "play", "card": c} for c in cards), {"type": "stop"}, {"type": "pass"},
            {"type": "bid", "value": 0}, {"type": "bid", "value": 61},
            {"type": "trump", "suit": "H"}, {"type": "call", "card": cards[0]},
            {"type": "call", "card": None}, {"type": "lead", "by": "partner"},
            {"type": "redeal"}, {"type": "hint", "word": "ubij"}]


def trajectory(rules: Any, deal: Deal, rng: random.Random) -> list[Play]:
    """A sequence of moves, each legal in ``deal`` when it is made (one of the legal moves of
    the seat in turn, or a call of table talk by any seat), to the end of the deal or about
    that long (an auction may take longer)."""
    state = game.fold(deal.opening(rules))
    tries = probes(rules)
    out: list[Play] = []
    for _ in range(len(rules.pack()) + 2 * rules.players + 8):
        if state.phase == "over":
            break
        chosen = _next_move(rules, state, rng)
        if chosen is None:
            break
        seat, move = chosen
        try:
            events, state = game.step(state, Command(seat, Move.from_dict(move)))
        except DomainError:  # a call of table talk the seat may not make now
            continue
        out.append(Play(seat, move, events, rng.choice(tries)))
    return out


def _next_move(rules: Any, state: Any, rng: random.Random) -> tuple[int, dict[str, Any]] | None:
    """Mostly a move of the seat in turn; now and then a call of table talk, or a move
    another seat may make out of turn (Brazil's redeal)."""
    if getattr(rules, "table_talk", False) and rng.random() < 0.25:
        return rng.randrange(rules.players), {"type": "hint",
                                              "word": rng.choice(sorted(HINT_WORDS))}
    other = rng.randrange(rules.players)
    if other != state.turn and rng.random() < 0.1 and game.legal_moves(state, other):
        return other, rng.choice(game.legal_moves(state, other))
    if state.turn is None:
        return None
    return state.turn, rng.choice(game.legal_moves(state, state.turn))


# -- what an observer may know, and twins --------------------------------------------------------

@dataclass
class _Holdings:
    """Where each card a seat holds was dealt from (its slot), followed along the events."""

    by_seat: dict[int, list[tuple[str, Slot]]]
    drawn: int = 0
    called: str | None = None
    pins: set[Slot] = field(default_factory=set)

    def pin(self, seat: int, card: str, remove: bool = False) -> None:
        held = self.by_seat[seat]
        index = next(i for i, (c, _) in enumerate(held) if c == card)
        self.pins.add(held[index][1])
        if remove:
            del held[index]

    def pin_all(self, seat: int) -> None:
        self.pins |= {slot for _, slot in self.by_seat[seat]}


def known_slots(rules: Any, deal: Deal, plays: Iterable[Play], observer: Observer) -> set[Slot]:
    """The slots whose cards the rules let ``observer`` know after ``plays`` (the module's
    docstring): a twin keeps their cards in place."""
    held = _Holdings({s: [(c, (s, i)) for i, c in enumerate(h)]
                      for s, h in enumerate(deal.hands)})
    if observer is not None:
        held.pin_all(observer)
    if deal.trump_card is not None:  # turned face up: in a hand, or under the stock
        holder = next((s for s, h in enumerate(deal.hands) if deal.trump_card in h), None)
        if holder is not None:
            held.pin(holder, deal.trump_card)
        else:
            held.pins.add((STOCK, list(deal.stock).index(deal.trump_card)))
    for event in (e for play in plays for e in play.events):
        _follow(rules, held, event, observer)
    return held.pins


def _follow(rules: Any, held: _Holdings, event: Event, observer: Observer) -> None:
    data = event.data
    if event.type == "drew":
        for draw in data["draws"]:
            slot = (STOCK, held.drawn)
            held.drawn += 1
            held.by_seat[draw["seat"]].append((draw["card"], slot))
            if draw["seat"] == observer:
                held.pins.add(slot)
    elif event.type in ("played", "continued") and event.seat is not None:
        held.pin(event.seat, data["card"], remove=True)
    elif event.type == "hands_shown" and observer is not None:
        for seat in rules.sides[rules.side_of(observer)]:
            held.pin_all(seat)
    elif event.type == "card_called":
        held.called = data["card"]
    elif event.type == "partner_revealed" and held.called is not None:
        holders = [s for s, h in held.by_seat.items() if any(c == held.called for c, _ in h)]
        for holder in holders:  # none once played (and pinned then)
            held.pin(holder, held.called)
    elif event.type == "burned" and data.get("kind") == "hand":
        for card in [c for c, _ in held.by_seat[data["seat"]]]:
            if card[:-1] == data["rank"]:
                held.pin(data["seat"], card)


def twin_of(deal: Deal, known: set[Slot], rng: random.Random) -> Deal:
    """``deal`` with the cards of every slot not in ``known`` permuted among those slots."""
    free = [slot for slot in deal.slots() if slot not in known]
    cards = [deal.card(s) for s in free]
    rng.shuffle(cards)
    return deal.moved(dict(zip(free, cards, strict=True)))


def twins(rules: Any, deal: Deal, plays: list[Play], observer: Observer, count: int,
          rng: random.Random) -> list[tuple[Deal, int]]:
    """``count`` twins of ``deal`` for ``observer``, each for a prefix of ``plays`` of random
    length (its cut): what the observer may know after a longer prefix pins more cards, and
    a leak shows only while the cards it concerns are still hidden."""
    out = []
    for _ in range(count):
        cut = rng.randint(1, max(1, len(plays)))
        out.append((twin_of(deal, known_slots(rules, deal, plays[:cut], observer), rng), cut))
    return out


# -- masking what is random by design ------------------------------------------------------------

HEX64 = re.compile(r"^[0-9a-f]{64}$")
DIGESTS = ("hash", "prev")  # an envelope's chain: over salted commitments
SALTED_MAPS = ("commitments", "salts")  # pointer -> 64 hex
RANDOM_IDS = ("at", "command_id")  # a timestamp; a client's key or a random id


def masked(env: dict[str, Any]) -> dict[str, Any]:
    """An envelope with what is random by design replaced by placeholders (the module's
    docstring says why that is sound): only values of the expected shape, so that anything
    else under those names is still compared."""
    out = dict(env)
    for key in DIGESTS:
        if isinstance(out.get(key), str) and HEX64.match(out[key]):
            out[key] = "<digest>"
    for key in SALTED_MAPS:
        if isinstance(out.get(key), dict):
            out[key] = {p: "<digest>" if isinstance(d, str) and HEX64.match(d) else d
                        for p, d in out[key].items()}
    for key in RANDOM_IDS:
        if isinstance(out.get(key), str):
            out[key] = f"<{key}>"
    data = out.get("data")
    if isinstance(data, dict) and isinstance(data.get("commitment"), str) and HEX64.match(
            data["commitment"]):  # a shuffled deal's seed commitment, salted by its nonce
        out["data"] = {**data, "commitment": "<digest>"}
    return out


# -- one observer's channels, in the domain ------------------------------------------------------

def refusal(exc: DomainError) -> dict[str, Any]:
    """What a refused move tells its seat (the problem body is made of these)."""
    return {"refused": type(exc).__name__, "rule": exc.rule, "detail": exc.detail,
            "legal_moves": getattr(exc, "legal_moves", None), "extra": exc.extra}


class Run:
    """A deal driven move by move, and what one observer receives from it on each channel:
    the timing class of each command, the feed served to the observer, the state at each new
    ``seq`` (replay) and the view after it, and the answer to the observer's own moves."""

    def __init__(self, rules: Any, deal: Deal, observer: Observer) -> None:
        self.rules, self.observer = rules, observer
        self.seq, self.prev, self.state = 0, GENESIS, None
        self.opening = self._advance(deal.opening(rules))

    @property
    def over(self) -> bool:
        return game.is_over(self.state)

    def apply(self, seat: int, move: dict[str, Any]) -> dict[str, Any]:
        """The command's channels, or its refusal."""
        try:
            events, _ = game.step(self.state, Command(seat, Move.from_dict(move)))
        except DomainError as exc:
            return refusal(exc)
        return self._advance(events)

    def probe(self, move: dict[str, Any]) -> dict[str, Any]:
        """What the observer is answered if it tries ``move`` now (the state is kept). A
        move it may make is answered with what it makes happen, which may show the observer
        cards it did not know (a card it draws): only the public part of that answer is
        compared."""
        if self.observer is None:
            return {}
        try:
            events, _ = game.step(self.state, Command(self.observer, Move.from_dict(move)))
        except DomainError as exc:
            return refusal(exc)
        kept = self.seq, self.prev, self.state
        answer = public_part(self._advance(events))
        self.seq, self.prev, self.state = kept
        return {"accepted": answer}

    def view(self, state: Any, seq: int) -> dict[str, Any]:
        out = {"seq": seq, **game.view(state, self.observer)}
        if game.is_over(state):  # everyone's cards are public at the end
            out.pop("hands", None)
        return out

    def _advance(self, events: list[Event]) -> dict[str, Any]:
        states = list(game.states(events, self.state))
        envs = self._seal(events, self.seq, self.prev)
        self.seq, self.prev, self.state = envs[-1]["seq"], envs[-1]["hash"], states[-1]
        served = self._served(envs)
        return {
            "timing class": [(e.type, e.seat) for e in events],
            "feed": served,
            "replay": [{"at": env["seq"], "view": self.view(s, env["seq"]), "event": env}
                       for s, env in zip(states, served, strict=True)],
            "view": self.view(self.state, self.seq),
        }

    def _seal(self, events: list[Event], seq: int, prev: str) -> list[dict[str, Any]]:
        return seal(events, after_seq=seq, prev=prev, at="2026-01-01T00:00:00.000Z",
                    command_id="noninterference",
                    hidden=lambda event: game.hidden(self.rules, event))

    def _served(self, envs: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """As served while the deal runs (once it is over, everything is public)."""
        return [masked(e) for e in served_envelopes(self.rules, envs, self.observer, False)]


class Leak(AssertionError):
    """An observer receives something different from two twins."""


def same(where: str, first: dict[str, Any], second: dict[str, Any],
         names: tuple[str, str] = ("original", "twin")) -> None:
    """Raise ``Leak`` naming the first channel on which ``first`` and ``second`` differ."""
    for channel in [*first, *(k for k in second if k not in first)]:
        a, b = first.get(channel), second.get(channel)
        if a != b:
            raise Leak(f"{where}: {channel!r} differs\n  {names[0]}: {a!r}\n  {names[1]}: {b!r}")


def check_twins(rules: Any, original: Deal, twins: list[tuple[Deal, int]], plays: list[Play],
                observer: Observer) -> None:
    """Drive ``original`` and each twin with ``plays``, a twin made for the first ``cut``
    moves up to its ``cut`` (``twins``: (twin, cut)), while the sequence is legal in both;
    every channel of ``observer`` must be equal after every move."""
    who = "a spectator" if observer is None else f"seat {observer}"
    a = Run(rules, original, observer)
    runs = {twin: Run(rules, twin, observer) for twin, _ in twins}
    cuts = dict(twins)

    def where(twin: Deal, i: int, probe: str = "") -> str:
        moves = "".join(f"\n    seat {p.seat}: {p.move}" for p in plays[: i + 1])
        return (f"observer: {who}\n  original deal: {original}\n  twin deal:     {twin}\n"
                f"  after the moves:{moves or ' none'}{probe}")

    for twin, b in runs.items():
        same(where(twin, -1), a.opening, b.opening)
    for i, play in enumerate(plays):
        got = a.apply(play.seat, play.move)
        for twin, b in list(runs.items()):
            got_b = b.apply(play.seat, play.move)
            if "refused" in got_b and play.seat != observer:
                del runs[twin]  # the sequence is no longer legal in this twin
                continue
            same(where(twin, i), got, got_b)
            if i + 1 >= cuts[twin]:
                del runs[twin]
        if a.over:
            return
        tried = a.probe(play.probe)
        for twin, b in runs.items():
            same(where(twin, i, f"\n  then the observer tries {play.probe}"), tried,
                 b.probe(play.probe))
        if not runs:
            return


# -- the converse: public is the same for everyone -----------------------------------------------

PRIVATE_BY_RULES = {  # event type: the parts of its data the rules keep from some observers
    "dealt": ("hands", "stock"), "drew": ("draws",), "hands_shown": ("hands",)}
OWN_VIEW_FIELDS = ("seat", "hand", "legal_moves", "partner_hand")


def public_event(env: dict[str, Any]) -> dict[str, Any]:
    """An envelope as every observer must get it: the parts the rules keep from some nulled,
    without the salts (each caller gets those of the parts it may see)."""
    data = dict(env["data"])
    for key in PRIVATE_BY_RULES.get(env["type"], ()):
        if key == "draws":
            data[key] = [{**d, "card": None} for d in data[key]]
        else:
            data[key] = None
    return {**{k: v for k, v in env.items() if k != "salts"}, "data": data}


def public_view(view: dict[str, Any]) -> dict[str, Any]:
    """A view without its seat's own fields. Table talk's words are the seat's to say; what
    was said (``heard``) is public."""
    out = {k: x for k, x in view.items() if k not in OWN_VIEW_FIELDS and k != "table_talk"}
    talk = view.get("table_talk")
    if talk is not None:
        out["heard"] = talk.get("heard")
    return out


def public_part(channels: dict[str, Any]) -> dict[str, Any]:
    """The part of an observer's channels that must be the same for every observer."""
    return {"timing class": channels["timing class"],
            "feed": [public_event(e) for e in channels["feed"]],
            "replay": [{"at": r["at"], "view": public_view(r["view"]),
                        "event": public_event(r["event"])} for r in channels["replay"]],
            "view": public_view(channels["view"])}


def check_public(rules: Any, deal: Deal, plays: list[Play]) -> None:
    """Every observer of one deal receives the same public part after every move."""
    observers: list[Observer] = [None, *range(rules.players)]
    runs = {o: Run(rules, deal, o) for o in observers}
    same_for_everyone(f"the opening of {deal}",
                      {o: public_part(r.opening) for o, r in runs.items()})
    for i, play in enumerate(plays):
        same_for_everyone(f"move {i} (seat {play.seat}: {play.move}) of {deal}",
                          {o: public_part(r.apply(play.seat, play.move))
                           for o, r in runs.items()})


def same_for_everyone(where: str, parts: dict[Observer, dict[str, Any]]) -> None:
    """Each seat's ``parts`` equal seat 0's, and the spectator's. A spectator has no table
    talk field in its view (it says nothing): what was heard is compared among the seats."""
    for seat in [o for o in parts if o is not None]:
        same(where, parts[0], parts[seat], ("seat 0", f"seat {seat}"))
        if None in parts:
            same(where, _unheard(parts[None]), _unheard(parts[seat]),
                 ("spectator", f"seat {seat}"))


def _unheard(value: Any) -> Any:
    if isinstance(value, list):
        return [_unheard(v) for v in value]
    if isinstance(value, dict):
        return {k: _unheard(v) for k, v in value.items() if k != "heard"}
    return value
