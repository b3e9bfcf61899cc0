"""Every problem type the API answers with, one entry each (here, or online play's in
``play_problems.py``): its name, status, title, what it means and what to do about it. From this
list come the pages at ``GET /problems/{name}`` (the ``type`` of every problem resolves to one),
openapi.yaml's ``ProblemType`` and ``IllegalMoveRule`` enums and README's error table. ``python
-m api.problem_types`` rewrites the two generated parts of openapi.yaml and README.md;
``tests/api/test_problem_types.py`` fails while they are out of step."""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from domain.errors import RULES

from .play_problems import PLAY  # the problem types of online play

BASE = "/problems/"


@dataclass(frozen=True, slots=True)
class ProblemType:
    name: str
    status: int | None  # None: the status of the HTTP error it stands for
    title: str
    means: str
    todo: str

    @property
    def uri(self) -> str:
        return BASE + self.name


TYPES: tuple[ProblemType, ...] = (
    ProblemType("bad-json", 400, "Malformed JSON",
                "The body is not JSON, is missing where one is needed, is nested absurdly "
                "deep, or repeats a key in one object (`{\"type\": \"stop\", \"type\": "
                "\"play\"}`).", "Send one JSON value (an object for every body of this API), "
                "each key once."),
    ProblemType("bad-request", 400, "Bad request",
                "The HTTP request itself is malformed: the request line, a header or the "
                "framing (the HTTP server answers these before any route), "
                "or a body that ends before its `Content-Length` or whose chunked framing is "
                "broken.", "Fix the request; an HTTP library does this for you."),
    ProblemType("unauthorized", 401, "Seat token required",
                "The call needs a seat token (or the creator key) and got none, or the "
                "Authorization header is not `Bearer <token>`.",
                "Send `Authorization: Bearer <seat token>` with the token `POST /v1/matches` "
                "returned for the creator's seat or the seat's claim returned."),
    ProblemType("forbidden", 403, "Not allowed",
                "The token is not a seat of this match (or no longer: its player left), the "
                "seat may not do this, the creator key is wrong, or an operator endpoint was "
                "called without the operator's token (or a webhook URL outside the operator's "
                "allowlist).",
                "Use the token of a seat of this match, or the operator's token."),
    ProblemType("invite-invalid", 403, "Invite code not valid",
                "The code is not the seat's open invite: mistyped, or voided because the "
                "creator invited the seat again.",
                "Ask the match's creator for the seat's current invite link."),
    ProblemType("seat-is-a-bot", 403, "Seat played by a bot",
                "A bot plays this seat: nobody holds its token, so it cannot be claimed, "
                "invited, viewed or moved for.", "Claim a seat a person plays, or watch."),
    ProblemType("not-found", 404, "Not found",
                "No match, deal, ruleset, job, event or path by that name.",
                "Check the id; deal ids are `<match id>.<deal number>`."),
    ProblemType("method-not-allowed", 405, "Method not allowed",
                "The path exists but not with this method; `Allow` lists the methods it has.",
                "Use one of the methods in `Allow`."),
    ProblemType("illegal-move", 409, "Move not allowed",
                "A well-formed move the rules forbid now; `rule` names the rule and "
                "`legal_moves` lists what the seat may do (empty when it may do nothing).",
                "Post one of `legal_moves` verbatim, or wait for your turn."),
    ProblemType("stale-seq", 409, "Stale expected_seq",
                "`expected_seq` is not the deal's current `seq`: someone moved first. "
                "`current_seq` says where the deal is.",
                "Read the view again, decide again, and post with the new `seq`."),
    ProblemType("deal-running", 409, "Deal still running",
                "The whole log (an export, an audit or a dispute) exists only once the deal is "
                "over, and where tables are linked by `duplicate_of`, once every one of them "
                "has finished this deal.", "Wait until the deal's `phase` is `over` (and the "
                "linked tables' too)."),
    ProblemType("analysis-unsupported", 422, "Deal not analysable",
                "The solver judges card play; this deal's rules end deals by other means too "
                "(a burned round or hand, the one pass), which it does not play.",
                "Nothing to do: audit the deal instead (`POST /v1/audits`)."),
    ProblemType("match-undisclosed", 409, "Match not disclosed yet",
                "The match is over, but a table dealt the same cards (`duplicate_of`) still "
                "plays one of its deals: until it finishes, those cards are hidden.",
                "Wait until the linked tables have finished."),
    ProblemType("fairplay-unsupported", 422, "No fair-play report for this game",
                "The report needs the solver to play the game's card play; this match's game "
                "or options end deals by other means too (a burned round or hand, the one "
                "pass). A game the solver plays without a measured honest rate gets a report "
                "whose `calibration` is null.",
                "Nothing to do: audit or analyse the deals instead."),
    ProblemType("match-over", 409, "Match over",
                "The match has ended; nothing more can be added to it (a client seed).",
                "Nothing to do: create a new match."),
    ProblemType("invite-used", 409, "Invite already claimed",
                "The seat's invite was claimed already (an invite is good for one claim): its "
                "code is worth nothing now, to the match's creator too.",
                "If you did not claim it, ask the creator to invite the seat again once its "
                "player leaves."),
    ProblemType("seat-taken", 409, "Seat taken",
                "A player holds the seat: it can be invited again only once they leave "
                "(`POST /v1/matches/{id}/seats/{seat}/leave`).",
                "Invite a free seat, or wait until the player leaves."),
    ProblemType("not-rated", 422, "A rated match needs rated seats", "`rated: true`, but a "
                "seat is neither a bot's nor a player's.", "Keep each seat for a player."),
    *(ProblemType(*entry) for entry in PLAY),
    ProblemType("seed-already-given", 409, "Client seed already given",
                "This seat has given its client seed (when the match was created or later); a "
                "seat gives one, so it cannot choose again after seeing how deals fall.",
                "Nothing to do: the seed given stands for every deal from its `from_deal`."),
    ProblemType("bot-suspended", 409, "Webhook bot suspended",
                "The match names a webhook bot that is suspended: its calls failed "
                "`TRICKLOG_WEBHOOK_SUSPEND_AFTER` times in a row (the detail, and "
                "`GET /v1/bots/{id}`, give the reason). Nothing was created.",
                "Its owner (with the bot's key) or the operator fixes the bot, then resumes it "
                "(`POST /v1/bots/{id}/resume`); or seat another bot."),
    ProblemType("seeds-closed", 409, "Client seeds closed",
                "A deal that a client seed entered is over, and its `scored` reveals that seed: "
                "a seed given now could be chosen knowing another's, so none is taken.",
                "Give client seeds before the first deal they enter is scored."),
    ProblemType("duplicate-seeds-fixed", 409, "Duplicate decks are fixed",
                "The match is linked to others by `duplicate_of` (duplicate play), and linked "
                "tables must deal the same decks: a client seed would change this table's "
                "alone. Or `duplicate_of` names a match that already has client seeds.",
                "Play without client seeds, or create a match that is not a duplicate."),
    ProblemType("duplicate-too-late", 409, "Too late to duplicate",
                "A table of the group `duplicate_of` names has finished a deal: its cards may "
                "have been shown, so a new table dealt the same cards would not be fair.",
                "Link duplicates before any of them finishes its first deal."),
    ProblemType("too-large", 413, "Request too large",
                "The body is over 64 KiB (2 MiB for `POST /v1/audits`), whether it comes with "
                "a `Content-Length` or chunked.", "Send a smaller body."),
    ProblemType("uri-too-long", 414, "Request line too long",
                "The request line is over 4094 bytes; the HTTP server answers it before any "
                "route.", "Send a shorter path and query."),
    ProblemType("unsupported-media-type", 415, "Unsupported media type",
                "The body's Content-Type is not one this call reads: every body this API "
                "reads is JSON (`application/json`, or a `+json` type); another type or none "
                "is refused before the body is read.",
                "Send `Content-Type: application/json`."),
    ProblemType("validation", 422, "Invalid request body",
                "A body or parameter that fails validation; `field` names the first bad field "
                "(a dotted path when nested: `seats.1.name`, `options.target`) and `errors` "
                "lists the messages per field.",
                "Fix the field; `GET /v1/rulesets/{id}` lists a preset's options and values. A "
                "card code is the whole string (`AS`, not `AS\\n`); a `Last-Event-ID` is ASCII "
                "digits."),
    ProblemType("idempotency-key-reused", 422, "Idempotency-Key reused",
                "This seat already used the `Idempotency-Key` for another move (compared as a "
                "digest of the canonical move, `expected_seq` included): the first move stands "
                "and this one was not made. `field` is `Idempotency-Key`.",
                "Use a new key for a new move; repeat a key only to repeat the same move."),
    ProblemType("rate-limited", 429, "Too many requests",
                "More requests from this address or seat token than the operator allows "
                "(`TRICKLOG_RATE_LIMIT`).", "Wait for the seconds in `Retry-After`."),
    ProblemType("too-many-streams", 429, "Too many event streams",
                "This seat token or address already holds as many open event streams on this "
                "server process as the operator allows (`TRICKLOG_STREAMS_PER_TOKEN`, "
                "`TRICKLOG_STREAMS_PER_ADDRESS`), or this address already follows as many "
                "distinct deals at once (`TRICKLOG_STREAM_DEALS_PER_ADDRESS`); `limit` names "
                "which (`token`, `address`, `deals`).",
                "Close a stream you no longer read (one per seat is enough), or wait for the "
                "seconds in `Retry-After`; meanwhile poll `GET /v1/deals/{id}` with "
                "`If-None-Match`."),
    ProblemType("quota-exceeded", 429, "Quota exceeded",
                "This address or token has created as many matches, or queued as much work for "
                "the workers, as the operator allows in the window: new matches, bot seats in "
                "new matches, audits (disputes included) or replays (`TRICKLOG_QUOTA_MATCHES`, "
                "`_BOTS`, `_AUDITS`, `_REPLAYS`); `quota` names which. "
                "Nothing was created or queued.", "Wait for the seconds in `Retry-After`."),
    ProblemType("too-many-connections", 429, "Too many connections",
                "This address already holds as many open connections to this server process "
                "as the operator allows (`TRICKLOG_CONNECTIONS_PER_ADDRESS`, event streams "
                "included); the HTTP server answers it before reading the request.",
                "Close connections you no longer use, or wait for the seconds in "
                "`Retry-After`."),
    ProblemType("headers-too-large", 431, "Request headers too large",
                "A header line over 8190 bytes or more than 100 headers; the HTTP server "
                "answers it before any route.", "Send fewer, shorter headers."),
    ProblemType("internal", 500, "Internal error",
                "A bug: the server failed and logged it. No log was changed.",
                "Retry later; report it with the time and the `instance`."),
    ProblemType("not-implemented", 501, "Not implemented",
                "The HTTP server does not implement what the request needs: a transfer coding "
                "other than `chunked` (`gzip`, `deflate`, `compress` or one it does not know), "
                "alone (answered before any route) or before `chunked`.",
                "Send the body with `Content-Length` or `Transfer-Encoding: chunked`."),
    ProblemType("store-unavailable", 503, "Store unavailable",
                "The event store (Redis) cannot be reached, or stalled past the bounded wait "
                "(about 3 s). Nothing was changed: a write whose outcome cannot be known is "
                "`outcome-unknown` instead.",
                "Retry after the seconds in `Retry-After`; a move with an `Idempotency-Key` is "
                "safe to repeat."),
    ProblemType("store-full", 507, "Store full", "The event store (Redis) is at its `maxmemory` "
                "and refuses writes (policy `noeviction`: no log is evicted). Nothing was "
                "changed; reads work.", "Retry after `Retry-After`; the operator adds memory."),
    ProblemType("outcome-unknown", 503, "Outcome unknown",
                "The event store stopped answering while this write (a move, a new match, a "
                "claim, a client seed) was sent, and could not be asked afterwards whether it "
                "landed: it may have been made or not.",
                "Retry after the seconds in `Retry-After` with the same `Idempotency-Key`: a "
                "move that landed is answered as it was, one that did not is made once. "
                "Without a key, read the deal (or match) first to see whether it was made."),
    ProblemType("streams-full", 503, "Event streams full",
                "This server process holds as many open event streams, or follows as many "
                "deals at once, as the operator allows (`TRICKLOG_STREAMS_PER_PROCESS`, "
                "`TRICKLOG_STREAM_DEALS_PER_PROCESS`), or a crowd is opening streams faster "
                "than it sets them up. The rest of the API answers as usual.",
                "Retry after the seconds in `Retry-After`, or poll `GET /v1/deals/{id}` with "
                "`If-None-Match`."),
    ProblemType("http-error", None, "HTTP error", "Another HTTP-level error, with its own "
                "status (e.g. 416 for a range of a static file it has not).", "See the status."),
)
BY_NAME: dict[str, ProblemType] = {t.name: t for t in TYPES}

# Errors the HTTP server (gunicorn) answers by itself, before the app sees the request, as the
# same problem+json (api/gunicorn_setup.py): status -> problem type; any other status is an
# ``http-error`` with its own.
SERVER_PROBLEMS: dict[int, str] = {400: "bad-request", 403: "forbidden", 414: "uri-too-long",
                                   431: "headers-too-large", 500: "internal",
                                   501: "not-implemented"}


# -- the generated documents (the HTML pages: problem_pages.py) ---------------------------------

def readme_table() -> list[str]:
    lines = ["| status | `type` | what it means | what to do |", "| --- | --- | --- | --- |"]
    for t in TYPES:
        lines.append(f"| {t.status or 'varies'} | `{t.uri}` | {t.means} | {t.todo} |")
    lines += ["", "`rule` of an illegal move:", "", "| `rule` | what it means |", "| --- | --- |",
              *(f"| `{rule}` | {meaning} |" for rule, meaning in RULES.items())]
    return lines


def spec_enum(name: str) -> list[str]:
    """The ``enum`` of ``ProblemType`` (with names for generated code) or ``IllegalMoveRule``."""
    if name == "rules":
        return ["      enum:", *(f"        - {rule}" for rule in RULES)]
    return ["      enum:", *(f"        - {t.uri}" for t in TYPES),
            "      x-enum-varnames:", *(f"        - {t.name.upper().replace('-', '_')}"
                                        for t in TYPES)]


def replace_between(text: str, marker: str, lines: list[str]) -> str:
    """``text`` with the lines between ``<marker>:begin`` and ``<marker>:end`` replaced."""
    name = re.escape(marker)
    pattern = re.compile(rf"(^[^\n]*{name}:begin[^\n]*\n)(.*?)(^[^\n]*{name}:end)", re.S | re.M)
    if not pattern.search(text):
        raise ValueError(f"no {marker}:begin / {marker}:end markers")
    return pattern.sub(lambda m: m[1] + "".join(f"{line}\n" for line in lines) + m[3], text)


def documents(root: Path) -> dict[Path, str]:
    """openapi.yaml and README.md as they should read, generated parts rewritten."""
    spec = (root / "openapi.yaml").read_text()
    spec = replace_between(spec, "problem-types", spec_enum("problems"))
    spec = replace_between(spec, "illegal-move-rules", spec_enum("rules"))
    readme = replace_between((root / "README.md").read_text(), "problem-types", readme_table())
    return {root / "openapi.yaml": spec, root / "README.md": readme}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m api.problem_types",
        description="Rewrite the generated parts of openapi.yaml (the ProblemType and "
                    "IllegalMoveRule enums) and README.md (the error table) from this catalogue.")
    parser.add_argument("--check", action="store_true",
                        help="only say whether they are in step (exit status 1 if not)")
    args = parser.parse_args(argv)
    root = Path(__file__).resolve().parents[1]
    stale = [(path, text) for path, text in documents(root).items() if path.read_text() != text]
    for path, text in stale:
        print(f"{'out of step' if args.check else 'rewrote'}: {path.name}", file=sys.stderr)
        if not args.check:
            path.write_text(text)
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
