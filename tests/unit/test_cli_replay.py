"""``tricklog replay FILE`` (issue 31 item 10): an export told offline, event by event with the
table after each, for one deal or a whole match, in text or JSON Lines."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import orjson

from tests.unit.test_audit import export_of
from tests.unit.test_cli_audit import FORMS


def replay_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tricklog_cli", "replay", *args],
                          capture_output=True, text=True, timeout=120)


def test_a_deal_is_told_event_by_event_with_the_table_after_each(tmp_path: Path) -> None:
    header, envelopes = export_of("sedma", 2, 4)
    path = tmp_path / "deal.jsonl"
    path.write_bytes(FORMS["json-lines"]([header, *envelopes]))
    done = replay_cli("--json", str(path))
    assert done.returncode == 0, done.stderr
    steps = [orjson.loads(line) for line in done.stdout.splitlines()]
    assert [s["event"] for s in steps] == envelopes
    dealt = envelopes[0]["data"]["hands"]
    assert steps[0]["state"]["hands"] == dealt
    first_play = next(s for s in steps if s["event"]["type"] == "played")
    seat, card = first_play["event"]["seat"], first_play["event"]["data"]["card"]
    assert card in dealt[seat] and card not in first_play["state"]["hands"][seat]
    assert {"seat": seat, "card": card} in first_play["state"]["table"]
    assert steps[-1]["state"]["phase"] == "over"
    text = replay_cli(str(path))
    assert text.returncode == 0, text.stderr
    assert f"m4.1 #{first_play['event']['seq']} played seat {seat} {{\"card\":\"{card}\"}}" \
        in text.stdout
    assert text.stdout.count("\n    hands ") == len(envelopes)


def test_a_whole_match_export_is_told_deal_after_deal(tmp_path: Path) -> None:
    deals = [export_of("sedma", 2, seed) for seed in (1, 2)]
    exports = [[header, *envelopes] for header, envelopes in deals]
    for name, data in (("m.json", orjson.dumps(exports, option=orjson.OPT_INDENT_2)),
                       ("m.jsonl", b"".join(orjson.dumps(e) + b"\n" for e in exports))):
        (tmp_path / name).write_bytes(data)
        done = replay_cli("--json", str(tmp_path / name))
        assert done.returncode == 0, done.stderr
        told = [orjson.loads(line)["deal_id"] for line in done.stdout.splitlines()]
        assert told == ["m1.1"] * len(deals[0][1]) + ["m2.1"] * len(deals[1][1])


def test_what_cannot_be_replayed_is_a_sentence_and_status_2(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text('{"not": "an export"}\n[1, 2]\n')
    done = replay_cli(str(path))
    assert done.returncode == 2 and "tricklog audit" in done.stderr
    assert "Traceback" not in done.stderr
    assert replay_cli(str(tmp_path / "missing")).returncode == 2
