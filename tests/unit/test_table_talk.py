"""RULES.md §4.1 table talk: Sedmice partners may call canned words (ubij, pusti, napuni),
spoken aloud: every seat and every spectator hears who said which word and when (a public
event, never a private channel between partners); they change no rule."""

from __future__ import annotations

import random
from typing import Any

import orjson
import pytest

from domain import game, registry, replay
from domain.errors import IllegalMove, InvalidOptions
from domain.game import ENGINE_VERSION
from domain.redaction import Hidden
from domain.shuffle import SHUFFLE_VERSION
from events.audit import EXPORT_FORMAT, audit
from events.envelope import GENESIS, seal
from tests.helpers import secret, step

UBIJ = {"type": "hint", "word": "ubij"}


def talking_deal(preset: str = "sedmice", players: int = 4, talk: bool = True) -> Any:
    rules = registry.rules_for(preset, players, {"table_talk": talk})
    return game.fold(game.new_deal(rules, 1, 3, secret("talk-secret")))


def test_everyone_hears_the_call_opponents_and_spectators_too() -> None:
    state = talking_deal()
    assert state.turn == 0
    state, events = step(state, 2, UBIJ)  # seat 2 speaks out of turn, to seat 0
    assert [(e.type, e.seat, e.data) for e in events] == [("hinted", 2, {"word": "ubij"})]
    assert state.turn == 0 and state.phase == "play"  # nothing else changed
    said = [{"seat": 2, "word": "ubij", "cards_played": 0}]
    for seat in (0, 1, 2, 3, None):
        assert game.view(state, seat)["table_talk"]["heard"] == said
        assert game.redact(state.rules, events[0], seat, over=False) == {"word": "ubij"}
    assert game.hidden(state.rules, events[0]) == []  # nothing to commit to: said aloud


def test_every_observer_hears_every_call_in_order() -> None:
    state, _ = step(talking_deal(), 1, UBIJ)
    state, _ = step(state, 0, game.legal_moves(state, 0)[0])
    state, _ = step(state, 2, {"type": "hint", "word": "napuni"})
    said = [{"seat": 1, "word": "ubij", "cards_played": 0},
            {"seat": 2, "word": "napuni", "cards_played": 1}]
    assert all(game.view(state, seat)["table_talk"]["heard"] == said
               for seat in (0, 1, 2, 3, None))


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
    for once_hidden in (False, True):
        report = audit(*sealed(log, rules, once_hidden))
        assert report.ok, report.to_text()


def sealed(log: list[Any], rules: Any, once_hidden: bool) -> tuple[dict[str, Any], list[Any]]:
    """``log`` as an export; ``once_hidden``: as engines 1 and 2 sealed it, with each call's
    word committed (the speaker's side alone read it then)."""
    def hidden(event: Any) -> list[Hidden]:
        parts = game.hidden(rules, event)
        if once_hidden and event.type == "hinted":
            parts = [*parts, Hidden("/word", frozenset(rules.sides[rules.side_of(event.seat)]))]
        return parts

    header = {"format": EXPORT_FORMAT, "deal_id": "m.1", "match_id": "m",
              "ruleset": rules.preset, "players": 4, "options": rules.options,
              "engine": ENGINE_VERSION, "shuffle": SHUFFLE_VERSION}
    envelopes = seal(log, after_seq=0, prev=GENESIS, at="2026-11-22T00:00:00.000Z",
                     command_id="c", hidden=hidden)
    committed = [e for e in envelopes if e["type"] == "hinted" and e.get("commitments")]
    assert bool(committed) == once_hidden
    return header, orjson.loads(orjson.dumps(envelopes))


def _bot_follows(word: str | None, hand: list[str], speaker: int = 0) -> str:
    """Seat 0 leads 8S and seat 1 takes the lead with 8H; seat 2 (the heuristic bot, seat 0's
    partner) holds ``hand`` and may have heard ``word`` from ``speaker``."""
    from domain.bots.heuristic import heuristic_bot
    from tests.helpers import arrange

    rules, dealt = arrange("sedmice", 4, [["8S"], ["8H"], hand, []], dealer=3,
                           options={"table_talk": True})
    state = game.fold([dealt])
    if word is not None:
        state, _ = step(state, speaker, {"type": "hint", "word": word})
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


def test_the_heuristic_bot_hears_the_opponents_but_takes_no_orders_from_them() -> None:
    hand = ["AC", "7D", "9D", "KD"]
    assert _bot_follows("napuni", hand, speaker=1) == "9D"  # not the ace: not its partner
    assert _bot_follows("ubij", hand, speaker=3) == "9D"
