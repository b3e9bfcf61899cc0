"""The Sedma family's presets as data (RULES.md §2-§5): one ``SedmaRules`` per preset, built from
validated options. ``play.py`` plays any of them; nothing here is code that plays."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from ..cards import ALL_CARDS, PIQUET_RANKS, RANKS, make_pack, rank
from ..errors import InvalidOption
from ..options import Option
from .points import Scoring

BURN_STAKES = {  # §3.6: (ordinary rank, four tens, four sevens)
    "plain": (1, 1, 1), "basic": (1, 1, 3), "flat4": (4, 4, 4), "graded": (5, 10, 15)}
BURNED_HAND_STAKES = 4


@dataclass(frozen=True, slots=True)
class SedmaRules:
    """Everything that distinguishes one Sedma-family preset from another."""

    preset: str
    players: int
    options: dict[str, Any]
    cards: tuple[str, ...] = make_pack(PIQUET_RANKS)
    wild: frozenset[str] = frozenset({"7"})
    winner_rule: str = "sedma"           # sedma | osmova | eights_high | last_round
    continuation: str = "always"         # always | opponent_winning
    continue_with: str = "rank"          # rank (led rank or wild) | any (Hola's fight)
    solo_king: str | None = None         # a card that counts as a seven (§3.4)
    hand_size: int = 4
    packet: int = 2
    scoring: Scoring = field(default_factory=Scoring)
    burn_tariff: str = "off"
    burned_hand: bool = False
    one_pass: bool = False
    show_hands: bool = False
    table_talk: bool = False
    dealer_policy: str = "loser"
    match_policy: str = "reach"
    target: int = 5
    # Tables derived from the fields above once, when the rules are built (``__post_init__``):
    # what the reducers and the playout kernel would otherwise recompute for every card.
    ranks: dict[str, str] = field(init=False, repr=False, compare=False)  # card: its rank
    seat_sides: tuple[int, ...] = field(init=False, repr=False, compare=False)
    side_seats: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    after: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)  # the
    # other seats in play order from each seat

    def __post_init__(self) -> None:
        ranks = {card: ("7" if card == self.solo_king else rank(card)) for card in ALL_CARDS}
        n_sides = 2 if self.players % 2 == 0 else self.players
        seats = tuple(tuple(s for s in range(self.players) if s % n_sides == i)
                      for i in range(n_sides))
        object.__setattr__(self, "ranks", ranks)
        object.__setattr__(self, "side_seats", seats)
        object.__setattr__(self, "seat_sides", tuple(s % n_sides for s in range(self.players)))
        object.__setattr__(self, "after", tuple(
            tuple((seat + k) % self.players for k in range(1, self.players))
            for seat in range(self.players)))

    @property
    def sides(self) -> list[list[int]]:
        """Seats per side: partners sit opposite (s, s+2, ...); three play each for themselves."""
        return [list(side) for side in self.side_seats]

    def side_of(self, seat: int) -> int:
        return self.seat_sides[seat]

    def pack(self) -> tuple[str, ...]:
        return self.cards

    def rank_of(self, card: str) -> str:
        """A card's rank; the solo king's is a seven (§3.4)."""
        return self.ranks[card]


# -- options ------------------------------------------------------------------------------------

TARGET_STAKES = Option("target_stakes", "integer", 5, "the match ends after the deal in which a "
                       "side's stakes reach this number", minimum=1, maximum=100)
DOUBLE_WIN = Option("double_win", "string", "all_points", "what earns 2 stakes: the losers scored "
                    "no points at all (all_points) or took no ace or ten (all_counters)",
                    choices=("all_points", "all_counters"))
BURN_TARIFF = Option("burn_tariff", "string", "off", "burned round: four cards of one rank played "
                     "in a row end the deal; stakes (rank/tens/sevens) plain 1/1/1, basic 1/1/3, "
                     "flat4 4/4/4, graded 5/10/15",
                     choices=("off", "plain", "basic", "flat4", "graded"))
BURNED_HAND = Option("burned_hand", "boolean", False, "burned hand: a player who holds four of a "
                     "kind after the deal or a draw wins the deal for 4 stakes")
REMOVED_CARDS = Option("removed_cards", "cards", ["8D", "9D"], "the two unimportant cards taken "
                       "out of the pack for three players (no aces, tens or sevens, nor the "
                       "solo king)", count=2, excluded_ranks=("A", "10", "7"))
REMOVED_NINES = Option("removed_cards", "cards", ["9D", "9C"], "three players: the two "
                       "unimportant cards taken out of the pack (no aces, tens, sevens or eights: "
                       "eights are wild in osmová)", count=2, excluded_ranks=("A", "10", "7", "8"))
SHORT_STOCK = Option("short_stock", "string", "short_round", "20 cards do not share by three: "
                     "short_round plays a two-card last round; one_pass lets one non-leader per "
                     "deal pass once while the stock lasts", choices=("short_round", "one_pass"))
SOLO_KING = Option("solo_king", "string", "KS", "the king that plays alone against the other two "
                   "and counts as a seven (KS leaves, KH hearts)", choices=("KS", "KH"))
OSMOVA_RULE = Option("osmova_rule", "string", "symmetric", "symmetric: a seven beats all but an "
                     "eight and an eight all but a seven; eights_high: an eight beats everything",
                     choices=("symmetric", "eights_high"))
SEDMICE_TARGET = Option("target", "integer", 120, "running total that ends the match",
                        minimum=10, maximum=10000)
SERBIAN_TARGET = Option("target", "integer", 12, "running total that ends the match",
                        minimum=1, maximum=1000)
SUSTER_TARGET = Option("target_game_points", "integer", 5, "game points that end the match",
                       minimum=1, maximum=100)
HOLA_TARGET = Option("target", "integer", 300, "running total that ends the match (500 by "
                     "default with six players)", minimum=10, maximum=10000,
                     by_players=((6, 500),))
FIGHT_RULE = Option("fight_rule", "string", "free_lead", "free_lead: the leader fights with any "
                    "card and each round has its own led rank; sedma_style: only with the first "
                    "card's rank or a wild card", choices=("free_lead", "sedma_style"))

TABLE_TALK = Option("table_talk", "boolean", False, "four players: partners may send each "
                    "other canned calls (ubij: take it, pusti: let it go, napuni: load it with "
                    "points) with {type: hint, word}; only the partner hears them while the deal "
                    "runs, and they change no rule")

STAKES = (TARGET_STAKES, DOUBLE_WIN, BURN_TARIFF, BURNED_HAND)


# -- presets ------------------------------------------------------------------------------------

Builder = Callable[[str, int, dict[str, Any]], SedmaRules]


def _thirty(options: dict[str, Any]) -> tuple[str, ...]:
    return tuple(c for c in make_pack(PIQUET_RANKS) if c not in options["removed_cards"])


def _common(o: dict[str, Any]) -> dict[str, Any]:
    return {"burn_tariff": o.get("burn_tariff", "off"), "burned_hand": o.get("burned_hand", False),
            "target": o.get("target_stakes", 5)}


def sedma(p: str, n: int, o: dict[str, Any]) -> SedmaRules:
    return SedmaRules(p, n, o, scoring=Scoring(double_win=o["double_win"]), **_common(o))


def sedma_three(p: str, n: int, o: dict[str, Any]) -> SedmaRules:
    return SedmaRules(p, n, o, cards=_thirty(o), dealer_policy="loser_right_of_winner",
                      scoring=Scoring(outcome="payments", double_win=o["double_win"]),
                      target=o["target_stakes"])


def sedma_three_32(p: str, n: int, o: dict[str, Any]) -> SedmaRules:
    return SedmaRules(p, n, o, dealer_policy="loser_right_of_winner",
                      one_pass=o["short_stock"] == "one_pass",
                      scoring=Scoring(outcome="payments", double_win=o["double_win"]),
                      target=o["target_stakes"])


def sedma_king(p: str, n: int, o: dict[str, Any]) -> SedmaRules:
    if o["solo_king"] in o["removed_cards"]:
        raise InvalidOption("removed_cards", f"removed_cards may not take out the solo king "
                             f"{o['solo_king']}: it is the card the game is played for")
    return SedmaRules(p, n, o, cards=_thirty(o), solo_king=o["solo_king"],
                      dealer_policy="loser_right_of_winner",
                      scoring=Scoring(outcome="solo", double_win=o["double_win"]),
                      target=o["target_stakes"])


def sedma_slovak(p: str, n: int, o: dict[str, Any]) -> SedmaRules:
    return SedmaRules(p, n, o, dealer_policy="slovak",
                      scoring=Scoring(last_bonus=0, double_win=o["double_win"]), **_common(o))


def _three(o: dict[str, Any], n: int, removed: Option, scoring: Scoring) -> dict[str, Any]:
    """§3.12: with three, each for themselves as ``sedma-3`` (30 cards, payments, a loser with
    a winner on his left deals, no burning); with two or four, the partnership game."""
    if n != 3:
        if o["removed_cards"] != removed.default:
            raise InvalidOption("removed_cards", "removed_cards is for three players")
        return {"scoring": scoring, **_common(o)}
    if o["burn_tariff"] != "off" or o["burned_hand"]:
        name = "burn_tariff" if o["burn_tariff"] != "off" else "burned_hand"
        raise InvalidOption(name, "there is no burning with three players")
    return {"cards": _thirty(o), "dealer_policy": "loser_right_of_winner",
            "scoring": replace(scoring, outcome="payments"), "target": o["target_stakes"]}


def sedma_tricks(p: str, n: int, o: dict[str, Any]) -> SedmaRules:
    tricks = Scoring(points="tricks", levels="tricks", last_bonus=0)
    return SedmaRules(p, n, o, **_three(o, n, REMOVED_CARDS, tricks))


def sedma_osmova(p: str, n: int, o: dict[str, Any]) -> SedmaRules:
    rule = "osmova" if o["osmova_rule"] == "symmetric" else "eights_high"
    return SedmaRules(p, n, o, wild=frozenset({"7", "8"}), winner_rule=rule,
                      **_three(o, n, REMOVED_NINES, Scoring(double_win=o["double_win"])))


def sedma_osmova_170(p: str, n: int, o: dict[str, Any]) -> SedmaRules:
    rule = "osmova" if o["osmova_rule"] == "symmetric" else "eights_high"
    return SedmaRules(p, n, o, wild=frozenset({"7", "8"}), winner_rule=rule,
                      scoring=Scoring(points="cards_and_tricks", double_win=o["double_win"]),
                      **_common(o))


def _talk(o: dict[str, Any], n: int) -> bool:
    if o["table_talk"] and n != 4:
        raise InvalidOption("table_talk", "table talk is between partners: four players only")
    return bool(o["table_talk"])


def sedmice(p: str, n: int, o: dict[str, Any]) -> SedmaRules:
    return SedmaRules(p, n, o, continuation="opponent_winning", show_hands=n == 4,
                      table_talk=_talk(o, n),
                      dealer_policy="left", match_policy="points", target=o["target"],
                      scoring=Scoring(outcome="totals"))


def sedmice_serbian(p: str, n: int, o: dict[str, Any]) -> SedmaRules:
    return SedmaRules(p, n, o, continuation="opponent_winning", show_hands=n == 4,
                      table_talk=_talk(o, n),
                      dealer_policy="left", match_policy="points", target=o["target"],
                      scoring=Scoring(outcome="totals", counter_value=1, last_bonus=1))


def suster(p: str, n: int, o: dict[str, Any]) -> SedmaRules:
    return SedmaRules(p, n, o, continuation="opponent_winning", show_hands=n == 4,
                      table_talk=_talk(o, n),
                      dealer_policy="left", target=o["target_game_points"],
                      scoring=Scoring(last_bonus=0))


def hola(p: str, n: int, o: dict[str, Any]) -> SedmaRules:
    free = o["fight_rule"] == "free_lead"
    pack = make_pack(RANKS) * (2 if n == 6 else 1)
    return SedmaRules(p, n, o, cards=pack, wild=frozenset({"7", "2"}), packet=1,
                      winner_rule="last_round" if free else "sedma",
                      continue_with="any" if free else "rank",
                      dealer_policy="majority", match_policy="points", target=o["target"],
                      scoring=Scoring(outcome="totals", last_bonus=0 if n == 6 else 10,
                                      sweep_bonus=80))


# id: (title, players, options, builder)
PRESETS: dict[str, tuple[str, tuple[int, ...], tuple[Option, ...], Builder]] = {
    "sedma": ("Sedma (Czech), 2 players or 4 in two partnerships", (2, 4), STAKES, sedma),
    "sedma-3": ("Sedma for three, each for themselves, 30 cards", (3,),
                (TARGET_STAKES, DOUBLE_WIN, REMOVED_CARDS), sedma_three),
    "sedma-3-32": ("Sedma for three with all 32 cards", (3,),
                   (TARGET_STAKES, DOUBLE_WIN, SHORT_STOCK), sedma_three_32),
    "sedma-king": ("Sedma for three: the solo king plays alone against two", (3,),
                   (TARGET_STAKES, DOUBLE_WIN, REMOVED_CARDS, SOLO_KING), sedma_king),
    "sedma-slovak": ("Sedma with Slovak scoring (80 points, no last-capture bonus)", (2, 4),
                     STAKES, sedma_slovak),
    "sedma-tricks": ("Trick-count Sedma: each round captured is one point; three play each for "
                     "themselves with 30 cards", (2, 3, 4), (*STAKES, REMOVED_CARDS),
                     sedma_tricks),
    "sedma-osmova": ("Sedma osmová: eights wild too; three play each for themselves with 30 "
                     "cards", (2, 3, 4), (*STAKES, OSMOVA_RULE, REMOVED_NINES), sedma_osmova),
    "sedma-osmova-170": ("Sedma osmová with trick points (170 per deal)", (2, 4),
                         (*STAKES, OSMOVA_RULE), sedma_osmova_170),
    "sedmice": ("Sedmice: go on only while an opponent wins; first to 120", (2, 4),
                (SEDMICE_TARGET, TABLE_TALK), sedmice),
    "sedmice-serbian": ("Sedmice with Serbian 1-point scoring (9 per deal)", (2, 4),
                        (SERBIAN_TARGET, TABLE_TALK), sedmice_serbian),
    "suster": ("Šuster (Croatia): 80 points, game points 1/2/3", (2, 4),
               (SUSTER_TARGET, TABLE_TALK), suster),
    "hola": ("Hola: sevens and twos wild, the fight; 2, 4 or 6 players (two packs)",
             (2, 4, 6), (HOLA_TARGET, FIGHT_RULE), hola),
}
