"""The ``tricklog`` sub-commands that read an export file and need no server: ``audit``,
``replay``, ``analyse`` and ``fairplay``. Their work is imported when they run, so
``tricklog --help`` answers at once."""

from __future__ import annotations

import argparse
from typing import Any

FILE_HELP = ("an export: one deal's (GET /v1/deals/{id}/export) or a whole match's "
             "(GET /v1/matches/{id}/export), a JSON array (compact or pretty-printed) or "
             "JSON Lines; - for stdin")


def add_audit(sub: Any) -> None:
    audit = sub.add_parser("audit", help="verify an exported deal or match offline (no Redis "
                           "needed)",
                           description="Check an export's hash chain, the fairness commitment "
                           "and re-shuffle, and re-run every event through the rules (each "
                           "deal of a match export in turn). Exit status 0 only for a clean "
                           "log; 1 names the first event that differs; 2 for a file that "
                           "cannot be read or is not a well-formed export (the report says "
                           "what is wrong).")
    audit.add_argument("file", help=FILE_HELP)
    audit.add_argument("--json", action="store_true", help="print the report as JSON")
    audit.set_defaults(run=_audit, quiet=True)


def add_replay(sub: Any) -> None:
    replay = sub.add_parser("replay", help="tell an exported deal or match event by event, "
                            "offline",
                            description="Print each event of an export with the table as it "
                            "stood after it: the cards on the table, whose turn, the stock, "
                            "the captures and every hand. It checks nothing (`tricklog audit` "
                            "does). Exit status 2 for a file that cannot be read or replayed.")
    replay.add_argument("file", help=FILE_HELP)
    replay.add_argument("--json", action="store_true",
                        help="JSON Lines: {deal_id, event, state} for each event")
    replay.set_defaults(run=_replay, quiet=True)


def add_analyse(sub: Any) -> None:
    analyse = sub.add_parser("analyse", help="judge a finished deal's every card with all "
                             "hands known, offline",
                             description="For each card played (and each continue or stop) "
                             "of one deal's export: its value and the best move's with every "
                             "hand and the stock known, and the cost (best minus value) for "
                             "the mover's side; per side the start value, the total cost and "
                             "the points taken (issue 30's shape, as GET "
                             "/v1/deals/{id}/analysis serves it); bids, trumps and calls "
                             "first, in the mover's deal score, for the games that have "
                             "them. Progress goes to stderr. "
                             "Exit status 2 for a file that cannot be read or analysed.")
    analyse.add_argument("file", help="one deal's export (GET /v1/deals/{id}/export), a JSON "
                         "array or JSON Lines; - for stdin")
    analyse.add_argument("--json", action="store_true", help="print the analysis as JSON")
    analyse.add_argument("--no-progress", action="store_true", help="no progress on stderr")
    analyse.add_argument("--last", type=int, metavar="CARDS", help="judge only the ending: "
                         "the decisions once at most CARDS cards are left in the hands and the "
                         "stock (a whole deal can take minutes; the start value is then the "
                         "ending's)")
    analyse.set_defaults(run=_analyse, quiet=True)


def add_fairplay(sub: Any) -> None:
    fair = sub.add_parser("fairplay", help="the fair-play report over exported deals or "
                          "matches, offline",
                          description="Over the deals of the exports (one game and player "
                          "count): the telling decisions, where the perfect-information best "
                          "move (every hand known) differs from the search bot's choice from "
                          "the seat's own view; per seat and per side how often the "
                          "perfect-information move was played there, the rate of an honest "
                          "strong player (measured on the built-in bots, per game; without one "
                          "the counts only) and the probability of doing as well honestly "
                          "(binomial tail). Only the "
                          "last CARDS cards of each deal are judged (where the solver is "
                          "quick). See docs/FAIRPLAY.md. Exit status 0, 1 when a seat or side "
                          "is flagged, 2 for files that cannot be read or judged.")
    fair.add_argument("files", nargs="+", help=FILE_HELP)
    fair.add_argument("--json", action="store_true",
                      help="print the report as JSON (GET /v1/matches/{id}/fairplay's shape)")
    fair.add_argument("--no-progress", action="store_true", help="no progress on stderr")
    fair.add_argument("--cards", type=int, help="judge the decisions once at most CARDS cards "
                      "are left (default: the calibration's, which the honest rate was "
                      "measured on)")
    fair.add_argument("--threshold", type=float, help="flag below this probability "
                      "(default: the server's)")
    fair.set_defaults(run=_fairplay, quiet=True)


def _fairplay(args: argparse.Namespace) -> int:
    from .fairplay import THRESHOLD
    from .fairplay_command import command

    return command(args.files, args.json, args.no_progress, args.cards,
                   THRESHOLD if args.threshold is None else args.threshold)


def _analyse(args: argparse.Namespace) -> int:
    from .analyse_command import command

    return command(args.file, args.json, args.no_progress, args.last)


def _audit(args: argparse.Namespace) -> int:
    from .audit_command import command

    return command(args.file, args.json)


def _replay(args: argparse.Namespace) -> int:
    from .replay_command import command

    return command(args.file, args.json)
