"""The Sedma family's card play for the perfect-information solver (``domain/solver``):
captures with continuations, the stock drawn after each capture (known: the solver sees
everything), the last-capture bonus. A position is
``(hands, stock, table, round_start, waiting, leader, turn, phase, rem, winner)``: hands as
sorted tuples of tokens, where a token stands for every card of one effective rank and one value
(suits never matter in a capture, so two such cards are one move and one table entry), phase
``PLAY``, ``DECIDE`` (the leader goes on or stops) or ``OVER``, ``rem`` the counting cards'
points not yet taken, ``winner`` the seat winning the capture on the table (-1: none). The
rules are the family's own engine (``capture.py``) on tokens.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..compiled import RANK_IDS, rank_mask
from . import capture
from .rules import SedmaRules

try:  # the compiled search (``_solve.c``); this module's game and ``domain/solver`` are its
    from . import _solve  # reference
except ImportError:  # pragma: no cover - a checkout without its build_ext
    _solve = None  # type: ignore[assignment]
_core: Any = _solve
TABLE_MIB = 32  # the C search's table a game (and deal), taken as the search needs it
SMALL_TABLE_MIB = 1  # the table for a small ending (the search bot's samples): zeroing 32 MiB
# costs more than solving one
WINNER_RULES = {"sedma": 0, "osmova": 1, "eights_high": 2, "last_round": 3}

PLAY, DECIDE, OVER = 0, 1, 2
STOP = -1
Position = tuple[Any, ...]


def supports(rules: Any) -> bool:
    """Deals decided by card play alone (no burning, no pass), as the playout kernel's."""
    return (isinstance(rules, SedmaRules) and rules.burn_tariff == "off"
            and not rules.burned_hand and not rules.one_pass)


class CaptureGame:
    """One deal's card play; ``team[seat]``: whether the seat plays for the max side."""

    def __init__(self, rules: SedmaRules, team: Sequence[bool]) -> None:
        self.rules, self.team, self.n = rules, tuple(team), rules.players
        scoring = rules.scoring
        kinds: dict[tuple[str, int], int] = {}
        self.token: dict[str, int] = {}
        for card in rules.cards:
            kind = (rules.rank_of(card), scoring.values[card] if scoring.points != "tricks"
                    else 0)
            self.token[card] = kinds.setdefault(kind, len(kinds))
        self.ranks = [k[0] for k in sorted(kinds, key=kinds.__getitem__)]
        self.values = [k[1] for k in sorted(kinds, key=kinds.__getitem__)]
        self.wild = rules.wild
        self.rank_of: Any = self.ranks.__getitem__  # the engine's ``rank_of``, on tokens
        self.round_value = {"tricks": 1, "cards_and_tricks": 10}.get(scoring.points, 0)
        self.bonus = scoring.last_bonus if scoring.points != "tricks" else 0
        self.step = 10 if self.round_value in (0, 10) and self.bonus in (0, 10) and all(
            v % 10 == 0 for v in self.values) else 1

    def position(self, state: Any) -> Position:
        tok = self.token
        hands = tuple(tuple(sorted(tok[c] for c in h)) for h in state.hands)
        stock = tuple(tok[c] for c in state.stock)
        table = tuple((s, tok[c]) for s, c in state.table)
        phase = {"play": PLAY, "decide": DECIDE}.get(state.phase, OVER)
        rem = sum(self.values[t] for h in hands for t in h) + sum(
            self.values[t] for t in stock) + sum(self.values[t] for _, t in table)
        winner = self._winner(table, state.round_start) if table else -1
        return (hands, stock, table, state.round_start, tuple(state.waiting), state.leader,
                state.turn, phase, rem, winner)

    additive = True  # the sides share the card points

    def compiled_solver(self, small: bool = False) -> CompiledSolver | None:
        """The search in C for this game (``domain/solver/positions.py`` takes it instead of
        ``search.Solver``); None where it is not built or the game is beyond its sizes.
        ``small``: a small table, for small endings."""
        if _core is None or self.n > 6 or len(self.ranks) > 16:
            return None
        return CompiledSolver(self, SMALL_TABLE_MIB if small else TABLE_MIB)

    def mover(self, position: object) -> Callable[[dict[str, Any]], int]:
        """A reducers' move to the solver's: a card to its token, a stop to ``STOP``."""
        return lambda m: STOP if m["type"] == "stop" else self.token[m["card"]]

    def report(self, raw: int) -> float:
        return raw

    # -- the engine's functions
    def maximizing(self, s: Position) -> bool:
        return self.team[s[6]]

    def key(self, s: Position) -> Any:
        return s

    def bounds(self, s: Position) -> tuple[int, int]:
        if s[7] == OVER:
            return 0, 0
        if not self.round_value:
            return 0, s[8] + self.bonus
        cards = sum(map(len, s[0])) + len(s[1]) + len(s[2])
        return 0, s[8] + self.bonus + (cards // self.n) * self.round_value

    def _winner(self, table: Any, round_start: int) -> int:
        return capture.current_winner(table, self.wild, self.rules.winner_rule, round_start,
                                      self.rank_of)

    def moves(self, s: Position) -> list[int]:
        hands, table, leader, turn, phase = s[0], s[2], s[5], s[6], s[7]
        if phase == PLAY:
            options = list(dict.fromkeys(hands[turn]))
        else:
            options = [STOP]
            if hands[leader] and (self.rules.continuation == "always" or capture.may_continue(
                    self.rules.continuation, self.team[leader],
                    self.team[s[9]])):
                options += dict.fromkeys(capture.eligible(
                    hands[leader], self.ranks[table[0][1]], self.wild,
                    self.rules.continue_with, self.rank_of))
        if table and len(options) > 1:
            options.sort(key=self._orderer(s))
        return options

    def _orderer(self, s: Position) -> Any:
        table, turn = s[2], s[6]
        friend = self.team[s[9]] == self.team[turn]
        led, wild, values, ranks = self.ranks[table[0][1]], self.wild, self.values, self.ranks

        def order(t: int) -> tuple[int, int]:
            if t == STOP:
                return (0 if friend else 2), 0
            takes = ranks[t] == led or ranks[t] in wild
            if friend:
                return (1 if takes else 0), -values[t]
            return (0 if takes else 1), values[t]
        return order

    def play(self, s: Position, t: int) -> tuple[int, Position]:
        hands, stock, table, start, waiting, leader, turn, phase, rem, _ = s
        if t == STOP:
            return self._take(s)
        hand = list(hands[turn])
        hand.remove(t)
        hands = hands[:turn] + (tuple(hand),) + hands[turn + 1:]
        if phase == DECIDE or not table:
            n = self.n
            waiting = tuple(x for x in ((turn + k) % n for k in range(1, n)) if hands[x])
            start = len(table)
        else:
            waiting = waiting[1:]
        table = table + ((turn, t),)
        winner = self._winner(table, start)
        if waiting:
            return 0, (hands, stock, table, start, waiting, leader, waiting[0], PLAY, rem,
                       winner)
        return 0, (hands, stock, table, start, (), leader, leader, DECIDE, rem, winner)

    def _take(self, s: Position) -> tuple[int, Position]:
        hands, stock, table = s[0], s[1], s[2]
        winner = s[9]
        got = sum(self.values[t] for _, t in table)
        points = got + (len(table) // self.n) * self.round_value
        if stock:
            draws = capture.draws([len(h) for h in hands], stock, winner, self.rules.hand_size)
            new = [list(h) for h in hands]
            for seat, drawn in draws:
                new[seat].append(drawn)
            hands = tuple(tuple(sorted(h)) for h in new)
            stock = stock[len(draws):]
        nxt = capture.next_with_cards(hands, winner)
        if nxt is None:
            points += self.bonus
            after = (hands, stock, (), 0, (), winner, winner, OVER, 0, -1)
        else:
            after = (hands, stock, (), 0, (), nxt, nxt, PLAY, s[8] - got, -1)
        return (points if self.team[winner] else 0), after


class CompiledSolver:
    """``search.Solver``'s ``value``, ``move_values`` and ``nodes`` for a capture game, by the
    same search in C (``_solve.c``), its table kept for the whole deal."""

    def __init__(self, game: CaptureGame, table_mib: int = TABLE_MIB) -> None:
        rules = game.rules
        self.game = game
        self.rule = WINNER_RULES[rules.winner_rule]
        self.rank_ids = [RANK_IDS[r] for r in game.ranks]
        self.handle = _core.new(
            tuple(int(t) for t in game.team), rules.hand_size, tuple(self.rank_ids),
            tuple(game.values), rank_mask(game.wild), self.rule,
            rules.continuation == "always", rules.continue_with == "any", game.round_value,
            game.bonus, game.step, table_mib)

    @property
    def nodes(self) -> int:
        return int(_core.nodes(self.handle))

    def value(self, s: Position, guess: int | None = None) -> int:
        return int(_core.value(self.handle, self.flat(s), guess))

    def move_values(self, s: Position, guess: int | None = None) -> list[tuple[Any, int]]:
        return list(_core.move_values(self.handle, self.flat(s), guess))

    def flat(self, s: Position) -> tuple[Any, ...]:
        """The C side's position: the table as the rank led, the round's led rank, the best
        rank so far (osmová), its length and its points."""
        hands, stock, table, start, waiting, leader, turn, phase, rem, winner = s
        ids, values = self.rank_ids, self.game.values
        led = ids[table[0][1]] if table else -1
        round_led = ids[table[start][1]] if table and self.rule == 3 else 0
        best = 0
        if table and self.rule in (1, 2):
            best = led
            for _, t in table[1:]:
                r = ids[t]
                if r == led or (r == 7 and best != 6) or (r == 6 and (self.rule == 2
                                                                       or best != 7)):
                    best = r
        return (hands, stock, leader, turn, phase, winner, led, round_led, best, len(table),
                sum(values[t] for _, t in table), waiting, rem)
