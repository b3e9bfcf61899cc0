"""Every Redis key name, made in exactly one place.

Keys of one stream share the hash tag ``{<id>}``, so one deal's keys live in one cluster slot
and its Lua script runs on one node.
"""

from __future__ import annotations

import hashlib


def stream_key(kind: str, sid: str) -> str:
    return f"tl:{kind}:{{{sid}}}:events"


def head_key(kind: str, sid: str) -> str:
    """A hash: ``seq`` and ``hash`` of the last event, ``snap`` the state after it."""
    return f"tl:{kind}:{{{sid}}}:head"


def command_key(kind: str, sid: str, scope: str, idempotency_key: str) -> str:
    digest = hashlib.sha256(f"{scope}\x00{idempotency_key}".encode()).hexdigest()[:32]
    return f"tl:{kind}:{{{sid}}}:cmd:{digest}"


def feed_channel(kind: str, sid: str) -> str:
    return f"tl:{kind}:{{{sid}}}:feed"


def meta_key(match_id: str) -> str:
    """A hash of match facts: ``seats``, ``secret`` and ``nonce`` (revealed when the match
    ends), ``client:<commitment>`` (a client seed and its salt), ``clients:<n>`` (the client
    seeds deal ``n`` was shuffled with), ``group`` (the source of its duplicate group,
    ``group_key``), and the seats' digests, changed only by ``seats.lua``: ``token:<seat>`` (the
    token of the seat's player, while it holds the seat), ``invite:<seat>`` (an open invite's
    code), ``used:<seat>`` (the code last claimed), ``creator_key``."""
    return f"tl:match:{{{match_id}}}:meta"


def group_key(source_id: str) -> str:
    """A set: the matches dealt the same decks (duplicate play), the source first made and
    every match created with ``duplicate_of`` it. Keyed by the source's id, whose facts (and
    each member's) name the group in ``group``."""
    return f"tl:group:{{{source_id}}}:tables"


def match_index_key() -> str:
    return "tl:matches"


def disputes_key(deal_id: str) -> str:
    """A hash: dispute id -> the dispute (message, seat, status, audit report)."""
    return f"tl:deal:{{{deal_id}}}:disputes"


def bots_key() -> str:
    """A hash: registered webhook bot id -> {id, name, url, secret, key_sha256, created_at}."""
    return "tl:bots"


def bot_health_key(bot_id: str) -> str:
    """A hash: a webhook bot's calls, fallbacks, failures in a row and (JSON) suspension."""
    return f"tl:bot:{bot_id}:health"


def bot_errors_key(bot_id: str) -> str:
    """A list: a webhook bot's last failed calls (JSON, newest first, at most ten)."""
    return f"tl:bot:{bot_id}:errors"


def window_key(purpose: str, who: str, window: int) -> str:
    """A fixed-window counter: requests (``rate``) or worker work (``quota:<kind>``) charged
    to one client address or token digest in window number ``window``."""
    return f"tl:{purpose}:{who}:{window}"


def live_bot_matches_key() -> str:
    """A sorted set of matches with a bot seat that are not known to be over (match id ->
    creation time): what the bot-turn sweeper looks at."""
    return "tl:live-bot-matches"


def unfinished_matches_key() -> str:
    """A sorted set of matches not known to be over (match id -> the time from which it may
    be idle: its creation, then its last event's), what the retention pass looks at."""
    return "tl:unfinished-matches"


def sweep_lock_key() -> str:
    """Held by the one worker sweeping for lost bot turns right now."""
    return "tl:sweep:lock"


def players_key() -> str:
    """A hash: player id -> {id, name, key (the SHA-256 digest of its key), at}."""
    return "tl:players"


def player_keys_key() -> str:
    """A hash: the SHA-256 digest of a player's key -> the player's id."""
    return "tl:player-keys"


def player_matches_key(player_id: str) -> str:
    """A sorted set: the matches a player has sat in (match id -> when it sat)."""
    return f"tl:player:{{{player_id}}}:matches"


def rated_key(pool: str) -> str:
    """A sorted set: the finished rated matches of a ratings pool (``<family>:<players>``),
    match id -> the time its ``ended`` event was stamped (ms): the order the ratings
    projection replays them in (equal times by id)."""
    return f"tl:rated:{{{pool}}}:matches"


def ratings_key(pool: str) -> str:
    """The ratings projection of a pool, as last brought up to date: the table and the last
    rated match it applied (a cache: ``events.referee.ratings.rebuild`` makes it again)."""
    return f"tl:rated:{{{pool}}}:table"


def ladder_key(preset: str) -> str:
    """A hash: ladder entry id -> the entry (a webhook bot or a player, its fallbacks)."""
    return f"tl:ladder:{{{preset}}}:entries"


def ladder_lock_key() -> str:
    """Held by the one worker pairing ladder matches right now."""
    return "tl:ladder:lock"


def deadlines_key() -> str:
    """A sorted set of the turns a move clock runs for (``<deal id>|<seq>|<seat>`` -> the
    deadline, epoch milliseconds); a worker claiming one moves its score on by a lease."""
    return "tl:deadlines"
