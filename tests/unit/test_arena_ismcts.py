"""``tricklog arena`` with OpenSpiel's ISMCTS, the time budget, and the command's errors."""

from __future__ import annotations

import random
import time

import pytest

from domain import game, registry
from domain.bots.search import search_bot
from tests.helpers import secret
from tests.unit.test_bots import bot_view
from tricklog_cli import main
from workers.arena import duel

pytest.importorskip("pyspiel")


def test_search_against_ismcts_completes_and_reports() -> None:
    row = duel("sedma", 2, "search", "ismcts", 1, budget_ms=5)
    assert row["matches"] == 1 and row["wins_by_seat"] and sum(row["wins_by_seat"]) >= 1
    assert set(row["ms_per_move"]) == {"search", "ismcts"}
    assert row["ci95"][0] <= row["win_rate"] <= row["ci95"][1]


def test_each_for_themselves_gives_the_hero_one_seat() -> None:
    row = duel("sueca-italiana", 5, "heuristic", "random", 5)
    assert row["matches"] == 5 and sum(row["wins_by_seat"]) >= 5


def test_search_stops_when_told() -> None:
    """The budget is the adapter's clock, asked before every playout."""
    rules = registry.rules_for("sueca", 4, {})
    state = game.fold(game.new_deal(rules, 1, 3, secret("budget")))
    view = bot_view(state, state.turn, rules)
    asked = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) > 10

    assert search_bot(view, random.Random(1), stop=stop) in view["legal_moves"]
    assert len(asked) == 11
    end = time.perf_counter() + 0.02
    search_bot(view, random.Random(1), stop=lambda: time.perf_counter() >= end)
    assert time.perf_counter() >= end


@pytest.mark.parametrize(("args", "said"), [
    (["--preset", "nope"], "unknown preset 'nope'"),
    (["--hero", "alphazero"], "unknown bot 'alphazero'"),
    (["--preset", "sueca", "--players", "3"], "sueca is played by 4 players, not 3"),
    (["--matches", "0"], "must be positive"),
])
def test_arena_says_what_is_wrong_in_one_line(args: list[str], said: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", *args]) == 2
    err = capsys.readouterr().err
    assert said in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_arena_progress_is_plain_off_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--matches", "2"]) == 0
    out, err = capsys.readouterr()
    assert err.splitlines() == ["1/2 matches", "2/2 matches"] and "\r" not in err
    assert "| sedma 2p | heuristic vs random |" in out
