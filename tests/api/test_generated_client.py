"""The contract as an integrator meets it: a client generated from openapi.yaml by
openapi-python-client (pinned in pyproject.toml), with zero warnings, plays whole deals against
a real HTTP server, reading every view, event and result through its typed models.

Each answer is checked twice: its typed model turned back into JSON must be the JSON the
server sent (nothing dropped, the right member of every union chosen), and no model may keep
fields it does not name in ``additional_properties`` (only the spec's maps may have any).
"""

from __future__ import annotations

import importlib
import os
import random
import subprocess
import sys
import threading
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import attrs
import orjson
import pytest
import redis
from rq import SimpleWorker
from werkzeug.serving import make_server

from api.app import create_app
from events.audit import audit
from events.config import Settings
from tests.contract import SPEC_PATH, spec
from workers import runtime

pytestmark = pytest.mark.xdist_group("generated-client")  # its module-scoped fixture, set up once

GENERATOR = Path(sys.executable).with_name("openapi-python-client")
PACKAGE = "tricklog_client"
GAMES = [("sedma", 4, "SedmaView"), ("sueca-italiana", 5, "ItalianaView"),
         ("serbian-whist", 4, "WhistView"), ("hola", 6, "SedmaView"),
         ("briscola", 4, "BriscolaView")]
MAPS = {name for name, schema in spec()["components"]["schemas"].items()  # maps on purpose
        if isinstance(schema.get("additionalProperties"), dict)} | {"CreateMatchOptions"}


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimpleNamespace]:
    """Generate the client from openapi.yaml into a temporary package and import it."""
    out = tmp_path_factory.mktemp("client") / PACKAGE
    env = {**os.environ, "PATH": f"{GENERATOR.parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    run = subprocess.run([str(GENERATOR), "generate", "--path", str(SPEC_PATH), "--meta", "none",
                          "--output-path", str(out)], capture_output=True, text=True, env=env,
                         timeout=300)
    report = run.stdout + run.stderr
    assert run.returncode == 0, report
    assert "warning" not in report.lower() and "error" not in report.lower(), report
    sys.path.insert(0, str(out.parent))
    try:
        yield SimpleNamespace(client=importlib.import_module(PACKAGE), api=_modules(out),
                              models=importlib.import_module(f"{PACKAGE}.models"))
    finally:
        sys.path.remove(str(out.parent))
        for name in [m for m in sys.modules if m.split(".")[0] == PACKAGE]:
            del sys.modules[name]


def _modules(root: Path) -> SimpleNamespace:
    """Every generated operation module by name: ``api.get_deal.sync_detailed(...)``."""
    found = {p.stem: importlib.import_module(f"{PACKAGE}.api.{p.parent.name}.{p.stem}")
             for p in (root / "api").glob("*/*.py") if p.stem != "__init__"}
    return SimpleNamespace(**found)


@pytest.fixture
def server(redis_client: redis.Redis) -> Iterator[SimpleNamespace]:
    """The app behind a real threaded HTTP server on a free port, on the test's Redis."""
    app = create_app(Settings.from_env(redis_url="unused"), client=redis_client)
    runtime.configure(app.extensions["tricklog.referee"])  # for the jobs a test runs
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield SimpleNamespace(url=f"http://127.0.0.1:{httpd.server_port}",
                              queue=app.extensions["tricklog.queue"])
    finally:
        httpd.shutdown()
        thread.join(10)
        runtime.configure(None)


def typed(response: Any, status: int = 200) -> Any:
    """The parsed model of ``response``, after checking it holds exactly the JSON sent."""
    assert response.status_code == status, response.content
    parsed = response.parsed
    sent = orjson.loads(response.content)
    rebuilt = ([item.to_dict() for item in parsed] if isinstance(parsed, list)
               else parsed.to_dict())
    assert same(rebuilt, sent), f"the typed model lost or changed fields:\n{rebuilt}\n{sent}"
    no_leftovers(parsed)
    return parsed


def same(a: Any, b: Any) -> bool:
    """Equal JSON, with timestamps compared as instants (a typed client re-writes them)."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, str) and isinstance(b, str) and a != b:
        try:
            return datetime.fromisoformat(a) == datetime.fromisoformat(b)
        except ValueError:
            return False
    return bool(a == b and type(a) is type(b))


def no_leftovers(value: Any) -> None:
    """No typed model (but the spec's maps) keeps fields it does not name."""
    if isinstance(value, list):
        for item in value:
            no_leftovers(item)
    elif attrs.has(type(value)):
        extra = getattr(value, "additional_properties", None)
        assert not extra or type(value).__name__ in MAPS, (type(value).__name__, extra)
        for field in attrs.fields(type(value)):
            no_leftovers(getattr(value, field.name))


class Table:
    """One match played through the generated client only."""

    def __init__(self, gen: SimpleNamespace, url: str, preset: str, players: int) -> None:
        self.gen, self.url = gen, url
        m = gen.models
        body = m.CreateMatch(ruleset=m.Preset(preset), players=players, seed=f"gen-{preset}",
                             seats=[m.SeatIn(name=f"P{i}") for i in range(players)],
                             creator_seat=0)
        self.spectator = gen.client.Client(base_url=url)
        self.match = typed(gen.api.create_match.sync_detailed(client=self.spectator,
                                                               body=body), 201)
        self.deal = self.match.deal.id
        tokens = [*self.match.tokens, *(self.claim(i) for i in self.match.invites)]
        self.seats = {t.seat: gen.client.AuthenticatedClient(base_url=url, token=t.token)
                      for t in tokens}

    def claim(self, invite: Any) -> Any:
        """The invited player's claim of its seat: a typed ``SeatToken``."""
        return typed(self.gen.api.claim_seat.sync_detailed(
            self.match.id, invite.seat, client=self.spectator,
            body=self.gen.models.ClaimIn(code=invite.code)), 201)

    def view(self, seat: int | None = None) -> Any:
        client = self.spectator if seat is None else self.seats[seat]
        return typed(self.gen.api.get_deal.sync_detailed(self.deal, client=client))

    def play(self, rng: random.Random) -> Any:
        """Random legal moves until the deal is over; the last view."""
        while (view := self.view()).phase != "over":
            mine = self.view(view.turn)
            assert mine.legal_moves and mine.seat == view.turn
            answer = typed(self.gen.api.post_move.sync_detailed(
                self.deal, client=self.seats[view.turn], body=rng.choice(mine.legal_moves)))
            assert answer.events and answer.view.seq == answer.events[-1].seq
        return view

    def events(self, seat: int | None = None) -> Any:
        client = self.spectator if seat is None else self.seats[seat]
        return typed(self.gen.api.get_events.sync_detailed(self.deal, client=client))

    def export(self) -> tuple[Any, list[dict[str, Any]]]:
        client = self.spectator.with_headers({"Accept": "application/json"})
        response = self.gen.api.export_deal.sync_detailed(self.deal, client=client)
        return typed(response), orjson.loads(response.content)


@pytest.mark.parametrize(("preset", "players", "view_model"), GAMES)
def test_a_generated_client_plays_a_whole_deal(generated: SimpleNamespace,
                                               server: SimpleNamespace, preset: str,
                                               players: int, view_model: str) -> None:
    table = Table(generated, server.url, preset, players)
    m = generated.models
    started = table.view(0)
    assert isinstance(started, getattr(m, view_model)) and started.hand
    running = table.events(1)
    dealt = running.events[0]
    assert isinstance(dealt, m.DealtEvent) and dealt.data.hands[0] is None  # seat 1 sees its own
    last = table.play(random.Random(players))
    assert isinstance(last, getattr(m, view_model)) and isinstance(
        last.result.score, getattr(m, view_model.replace("View", "Score")))
    page = table.events()
    assert page.complete and isinstance(page.events[-1], m.ScoredEvent)
    (header, *envelopes), raw = table.export()
    assert isinstance(header, m.ExportHeader) and header.ruleset == preset
    assert [e.seq for e in envelopes] == [e.seq for e in page.events]
    report = audit(raw[0], raw[1:])  # the bytes as sent: a typed client re-writes timestamps
    assert report.ok, report.to_text()


def test_jobs_and_the_rest_through_the_generated_client(generated: SimpleNamespace,
                                                        server: SimpleNamespace) -> None:
    """An audit job on an uploaded export and a replay job, typed; the match, its sheet, the
    catalogue and a problem, typed."""
    api, m = generated.api, generated.models
    table = Table(generated, server.url, "sedma", 2)
    table.play(random.Random(1))
    lines = table.export()[1]
    export = "".join(orjson.dumps(line).decode() + "\n" for line in lines)
    audit_job = typed(api.post_audit.sync_detailed(client=table.spectator,
                                                   body=m.AuditIn(export=export)), 202)
    replay_job = typed(api.post_replay.sync_detailed(table.deal, client=table.seats[0]), 202)
    SimpleWorker([server.queue], connection=server.queue.connection,
                 serializer=server.queue.serializer).work(burst=True)
    audited = typed(api.get_job.sync_detailed(audit_job.id, client=table.spectator))
    assert audited.status == "finished" and isinstance(audited.result, m.AuditReport)
    assert audited.result.ok, audited.result.text
    replayed = typed(api.get_job.sync_detailed(replay_job.id, client=table.spectator))
    steps = replayed.result.steps
    assert isinstance(replayed.result, m.ReplayDocument) and replayed.result.omniscient
    assert len(steps) == len(lines) - 1 and isinstance(steps[-1].state.result, m.SedmaResult)
    match = typed(api.get_match.sync_detailed(table.match.id, client=table.spectator))
    assert match.deals[0].status == "scored"
    typed(api.get_sheet.sync_detailed(table.match.id, client=table.spectator))
    rulesets = typed(api.list_rulesets.sync_detailed(client=table.spectator))
    assert {r.id for r in rulesets.rulesets} == set(m.Preset)
    replay = typed(api.get_replay.sync_detailed(table.deal, client=table.spectator, at=1))
    assert isinstance(replay.event, m.DealtEvent)
    missing = typed(api.get_deal.sync_detailed("m0.1", client=table.spectator), 404)
    assert isinstance(missing, m.Problem) and missing.type_ == m.ProblemType.NOT_FOUND


def test_an_export_round_trips_through_the_typed_client(generated: SimpleNamespace,
                                                         server: SimpleNamespace) -> None:
    """The export read with the client's defaults (no Accept header set) as typed items, turned
    back into JSON by the models (each ``at`` re-written from a datetime), uploaded as they
    are: the audit says OK."""
    api, m = generated.api, generated.models
    table = Table(generated, server.url, "sedma", 4)
    table.play(random.Random(2))
    response = api.export_deal.sync_detailed(table.deal, client=table.spectator)
    header, *envelopes = typed(response)
    assert isinstance(header, m.ExportHeader) and isinstance(envelopes[0].at, datetime)
    items = [item.to_dict() for item in (header, *envelopes)]
    assert items[1]["at"] != orjson.loads(response.content)[1]["at"]  # rewritten
    upload = [m.AuditInExportType1Item.from_dict(item) for item in items]
    job = typed(api.post_audit.sync_detailed(client=table.spectator,
                                             body=m.AuditIn(export=upload)), 202)
    SimpleWorker([server.queue], connection=server.queue.connection,
                 serializer=server.queue.serializer).work(burst=True)
    audited = typed(api.get_job.sync_detailed(job.id, client=table.spectator))
    assert audited.status == "finished" and audited.result.ok, audited.result.text


def test_the_spec_validates() -> None:
    from openapi_spec_validator import validate
    from openapi_spec_validator.readers import read_from_filename

    validate(read_from_filename(str(SPEC_PATH))[0])

