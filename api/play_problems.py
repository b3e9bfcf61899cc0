"""The problem types of online play (move clocks, seats away, rematches), as the entries of
``problem_types.TYPES``: (name, status, title, means, todo)."""

from __future__ import annotations

PLAY: tuple[tuple[str, int, str, str, str], ...] = (
    ("clock-expired", 409, "Turn's time is up",
                "The move came at or after its turn's deadline (the match's move clock): the "
                "clock's bot plays the turn, or the seat's side forfeits.",
                "Move before the `deadline` of the deal view; keep playing the next turns."),
    ("seat-away", 409, "Seat away",
                "The seat let its clock run out `away_after` times in a row (`seat_away`): its "
                "bot plays its turns until its holder says it is back.",
                "`POST /v1/matches/{id}/seats/{seat}/back` with the seat's token, then move."),
    ("seat-not-away", 409, "Seat not away",
                "`back` was asked for a seat that is not away: its turns are its own.",
                "Nothing to do: just move on your turn."),
    ("match-running", 409, "Match still running",
                "A rematch, or a fair-play report (which judges the whole match), is asked "
                "for a match that is not over yet.",
                "Finish the match (or wait for its end), then ask again."),
    ("rematch-exists", 409, "Rematch exists",
                "The match has its rematch already (`rematch` in the match view); a match has "
                "one.", "Join the rematch with its invite, or ask its creator."),
)
