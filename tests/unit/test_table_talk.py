"""RULES.md §4.1 [choice] table talk: Sedmice partners may send canned calls (ubij, pusti,
napuni), heard by the partner only while the deal runs; they change no rule."""

from __future__ import annotations

import random
from typing import Any

import pytest

from domain import game, registry, replay
from domain.errors import IllegalMove, InvalidOptions
from tests.helpers import secret, step

UBIJ = {"type": "hint", "word": "ubij"}


def talking_deal(preset: str = "sedmice", players: int = 4, talk: bool = True) -> Any:
    rules = registry.rules_for(preset, players, {"table_talk": talk})
    return game.fold(game.new_deal(rules, 1, 3, secret("talk-secret")))


def test_a_partner_hears_the_call_and_the_opponents_do_not() -> None:
    state = talking_deal()
    assert state.turn == 0
    state, events = step(state, 2, UBIJ)  # seat 2 speaks out of turn, to seat 0
    assert [(e.type, e.seat, e.data) for e in events] == [("hinted", 2, {"word": "ubij"})]
    assert state.turn == 0 and state.phase == "play"  # nothing else changed
    heard = {seat: game.view(state, seat)["table_talk"]["heard"] for seat in range(4)}
    assert heard[0] == heard[2] == [{"seat": 2, "word": "ubij", "cards_played": 0}]
    assert heard[1] == heard[3] == []
    rules = state.rules
    assert game.redact(rules, events[0], 0, over=False) == {"word": "ubij"}
    assert game.redact(rules, events[0], 1, over=False) == {"word": None}
    assert game.redact(rules, events[0], None, over=False) == {"word": None}
    assert "table_talk" not in game.view(state, None)


def test_hints_are_never_legal_moves_so_bots_do_not_chatter() -> None:
    state = talking_deal()
    assert all(m["type"] != "hint" for m in game.legal_moves(state, 0))
    assert game.view(state, 0)["table_talk"]["words"] == {
        "ubij": "take it", "pusti": "let it go", "napuni": "load it with points"}


def test_one_call_per_seat_between_two_cards() -> None:
    state, _ = step(talking_deal(), 1, UBIJ)
    with pytest.raises(IllegalMove, match="between two cards"):
        step(state, 1, {"type": "hint", "word": "pusti"})
    state, _ = step(state, 3, {"type": "hint", "word": "pusti"})  # the other side may
    card = game.legal_moves(state, 0)[0]
    state, _ = step(state, 0, card)
    state, _ = step(state, 1, {"type": "hint", "word": "napuni"})  # a card later, again
    assert [h[1] for h in state.hints] == ["ubij", "pusti", "napuni"]


def test_refused_when_off() -> None:
    with pytest.raises(IllegalMove, match="table talk is off"):
        step(talking_deal(talk=False), 1, UBIJ)


def test_two_players_have_no_partner_to_talk_to() -> None:
    with pytest.raises(InvalidOptions, match="four players only"):
        talking_deal("sedmice", 2, True)
    assert "table_talk" not in game.view(talking_deal("sedmice", 2, False), 0)


def test_an_unknown_word_is_refused() -> None:
    with pytest.raises(IllegalMove, match="the calls are: ubij, pusti, napuni"):
        step(talking_deal(), 1, {"type": "hint", "word": "help"})


def test_plain_sedma_has_no_table_talk_option() -> None:
    with pytest.raises(Exception, match="table_talk"):
        registry.rules_for("sedma", 4, {"table_talk": True})


@pytest.mark.parametrize("preset", ["sedmice", "sedmice-serbian", "suster"])
def test_a_deal_full_of_talk_scores_as_without_it_and_audits_clean(preset: str) -> None:
    """The same cards played with and without calls: the same result; the log with calls
    replays clean through the audit's verifier."""
    rules = registry.rules_for(preset, 4, {"table_talk": True})
    quiet_rules = registry.rules_for(preset, 4, {"table_talk": False})
    talk = secret("talk-seed")
    rng, words = random.Random(7), ["ubij", "pusti", "napuni"]
    log = game.new_deal(rules, 1, 1, talk)
    state, quiet = game.fold(log), game.fold(game.new_deal(quiet_rules, 1, 1, talk))
    while state.phase != "over":
        for seat in range(4):
            if rng.random() < 0.3:
                try:
                    state, events = step(state, seat, {"type": "hint",
                                                       "word": rng.choice(words)}, talk)
                    log += events
                except IllegalMove:
                    pass
        move = rng.choice(game.legal_moves(state, state.turn))
        state, events = step(state, state.turn, move, talk)
        quiet, _ = step(quiet, quiet.turn, move, talk)
        log += events
    assert any(e.type == "hinted" for e in log)
    with pytest.raises(IllegalMove, match="the deal is over"):
        step(state, 0, UBIJ)
    assert state.result["points"] == quiet.result["points"]
    assert state.result["score"] == quiet.result["score"]
    assert replay.verify(log) is None


def _bot_follows(word: str | None, hand: list[str]) -> str:
    """Seat 0 leads 8S and seat 1 takes the lead with 8H; seat 2 (the heuristic bot, seat 0's
    partner) holds ``hand`` and may have heard ``word`` from seat 0."""
    from domain.bots.heuristic import heuristic_bot
    from tests.helpers import arrange

    rules, dealt = arrange("sedmice", 4, [["8S"], ["8H"], hand, []], dealer=3,
                           options={"table_talk": True})
    state = game.fold([dealt])
    if word is not None:
        state, _ = step(state, 0, {"type": "hint", "word": word})
    state, _ = step(state, 0, {"type": "play", "card": "8S"})
    state, _ = step(state, 1, {"type": "play", "card": "8H"})
    view = {"ruleset": "sedmice", "players": 4, "options": rules.options, "seq": 0,
            **game.view(state, 2)}
    return str(heuristic_bot(view, random.Random(1))["card"])


def test_the_heuristic_bot_does_what_its_partner_calls() -> None:
    hand = ["AC", "7D", "9D", "KD"]
    assert _bot_follows(None, hand) == "9D"      # nothing at stake: the cheapest card
    assert _bot_follows("ubij", hand) == "7D"    # take it: the seven takes the lead back
    assert _bot_follows("napuni", hand) == "AC"  # load it: the ace goes on
    assert _bot_follows("pusti", hand) == "9D"   # let it go: never the seven
