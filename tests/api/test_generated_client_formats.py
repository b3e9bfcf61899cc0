"""Issue 31 items 2 and 3 as a generated client meets them: openapi-python-client's plain
``Client`` (no token) is typed for, and gets, the public answer of every operation where a
token is optional; an empty bearer is no token; and the other formats (the sheet as CSV and
text, the exports as JSON Lines, a bounded read of the event stream) come back as strings,
without a JSONDecodeError and without waiting for the deal to end."""

from __future__ import annotations

import csv
import inspect
import io
import random
import urllib.request
from types import SimpleNamespace
from typing import get_args

import orjson
from rq import SimpleWorker

from events.audit import audit
from tests.api.test_generated_client import Table, generated, server, typed  # noqa: F401

OPTIONAL = ["get_deal", "get_events", "get_replay", "get_job", "post_replay", "get_stream",
            "get_disputes"]


def client_types(gen: SimpleNamespace, operation: str) -> set[type]:
    """The client classes an operation's ``sync_detailed`` is typed to take."""
    annotation = inspect.signature(getattr(gen.api, operation).sync_detailed).parameters[
        "client"].annotation
    return set(get_args(annotation)) or {annotation}


def test_a_token_is_optional_for_a_plain_client(generated: SimpleNamespace,  # noqa: F811
                                                server: SimpleNamespace) -> None:  # noqa: F811
    api, m = generated.api, generated.models
    both = {generated.client.AuthenticatedClient, generated.client.Client}
    for operation in OPTIONAL:
        assert client_types(generated, operation) == both, operation
    assert client_types(generated, "post_move") == {generated.client.AuthenticatedClient}
    table = Table(generated, server.url, "sedma", 2)
    plain = generated.client.Client(base_url=server.url)
    view = typed(api.get_deal.sync_detailed(table.deal, client=plain))
    assert view.seat is None and not view.hand and not view.legal_moves
    assert typed(api.get_events.sync_detailed(table.deal, client=plain)).events
    replay = typed(api.get_replay.sync_detailed(table.deal, client=plain, at=1))
    assert isinstance(replay.event, m.DealtEvent)
    job = typed(api.post_replay.sync_detailed(table.deal, client=plain), 202)
    SimpleWorker([server.queue], connection=server.queue.connection,
                 serializer=server.queue.serializer).work(burst=True)
    done = typed(api.get_job.sync_detailed(job.id, client=plain))
    assert done.status == "finished" and not done.result.omniscient
    streamed = api.get_stream.sync_detailed(table.deal, client=plain, once=True)
    assert streamed.status_code == 200 and streamed.parsed.startswith("event: view\n")
    # An empty bearer is no token: the public answer, not a 401 (a 401 where one is needed).
    move = table.view(table.view().turn).legal_moves[0]
    for header in ("Bearer", ""):
        empty = plain.with_headers({"Authorization": header})
        assert typed(api.get_deal.sync_detailed(table.deal, client=empty)).seat is None
        refused = typed(api.post_move.sync_detailed(table.deal, client=empty,  # type: ignore
                                                    body=move), 401)
        assert refused.type_ == m.ProblemType.UNAUTHORIZED
    request = urllib.request.Request(f"{server.url}/v1/deals/{table.deal}",
                                     headers={"Authorization": "Bearer "})
    with urllib.request.urlopen(request, timeout=10) as answer:  # httpx refuses to send it
        assert orjson.loads(answer.read())["seat"] is None


def test_other_formats_come_back_as_strings(generated: SimpleNamespace,  # noqa: F811
                                            server: SimpleNamespace) -> None:  # noqa: F811
    api = generated.api
    table = Table(generated, server.url, "sedma", 2)
    plain = table.spectator
    running = api.get_stream.sync_detailed(table.deal, client=plain, once=True,
                                           last_event_id_query="0")
    frames = running.parsed.split("\n\n")
    assert running.status_code == 200 and "event: end" not in running.parsed
    assert frames[0].startswith("event: event\nid: 1\n") and "event: view" in frames[-2]
    table.play(random.Random(3))
    sheet_csv = api.get_sheet_csv.sync_detailed(table.match.id, client=plain)
    rows = list(csv.reader(io.StringIO(sheet_csv.parsed)))
    assert sheet_csv.status_code == 200 and len(rows) >= 2
    sheet_text = api.get_sheet_text.sync_detailed(table.match.id, client=plain)
    assert sheet_text.status_code == 200 and isinstance(sheet_text.parsed, str)
    assert sheet_text.parsed.strip() and not sheet_text.parsed.lstrip().startswith("{")
    lines = api.export_deal_jsonl.sync_detailed(table.deal, client=plain)
    assert lines.headers["content-type"] == "application/jsonl"
    items = [orjson.loads(line) for line in lines.parsed.splitlines()]
    assert audit(items[0], items[1:]).ok
    match_lines = api.export_match_jsonl.sync_detailed(table.match.id, client=plain)
    assert [orjson.loads(line) for line in match_lines.parsed.splitlines()][0] == items
    ended = api.get_stream.sync_detailed(table.deal, client=plain, once=True)
    assert ended.parsed.endswith("\n\n") and "event: end\ndata: {\"next_deal\"" in ended.parsed
