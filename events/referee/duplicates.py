"""Duplicate play: matches linked by ``duplicate_of`` share the source's secret ``S`` and nonce
``N``, so they deal the same decks. The group is a store set keyed by its source
(``keys.group_key``), and each member's facts name it (``group``).

Linking is safe against the two things that would break it, by writing before reading (the
store runs one command at a time): a link puts the new table in the group first, then refuses
(and undoes itself) if any linked deal is already over (its cards may have been served:
``duplicate-too-late``) or the source has client seeds (decks must be equal:
``duplicate-seeds-fixed``); a client seed is written to the facts first, then refused if the
match is in a group. Reading a finished deal checks the group after the deal
(``deals.disclosed``), so it never misses a table linked before it looked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain import match as matches
from domain.errors import InvalidOptions
from domain.fairness import MatchSecret

from ..envelope import to_event
from . import deals
from .context import Referee
from .errors import Refused
from .seats import Meta, meta


@dataclass(frozen=True, slots=True)
class Group:
    source: str          # the group's source match: every member's ``duplicate_of``
    fairness: MatchSecret


def link(ref: Referee, rules: Any, source_id: str | None, match_id: str) -> Group | None:
    """Put the new match ``match_id`` in the group of ``source_id`` (None: not a duplicate),
    after checking the source is a match of the same game; returns the group."""
    if source_id is None:
        return None
    source = _source(ref, rules, source_id)
    alone = ref.store.link_tables(source.group or source.match_id, match_id)
    root = source.group or source.match_id
    try:
        _may_link(ref, root, match_id)
    except Refused:
        ref.store.unlink_table(root, match_id, alone)
        raise
    return Group(root, source.fairness)


def _source(ref: Referee, rules: Any, source_id: str) -> Meta:
    raw = ref.store.match_facts(source_id)
    envs = ref.store.read("match", source_id) if raw else []
    if not envs:
        raise InvalidOptions("duplicate_of", f"no match {source_id!r} to duplicate")
    state = matches.fold([to_event(e) for e in envs])
    if (state.rules.preset, state.rules.players, state.rules.options) != (
            rules.preset, rules.players, rules.options):
        raise InvalidOptions("duplicate_of", f"match {source_id} plays {state.rules.preset} "
                             f"for {state.rules.players} with options {state.rules.options}: "
                             "a duplicate plays the same ruleset, players and options")
    if any("prearranged" in e["data"] for e in envs if e["type"] == "deal_started"):
        raise InvalidOptions("duplicate_of", f"match {source_id} was dealt by hand "
                             "(prearranged): only shuffled matches can be duplicated")
    return meta(ref, source_id)


def _may_link(ref: Referee, root: str, match_id: str) -> None:
    if any(k.startswith(b"client:") for k in ref.store.match_facts(root)):
        raise Refused("duplicate-seeds-fixed", f"match {root} has client seeds: a duplicate "
                      "could not deal the same decks")
    for table in ref.store.group_tables(root):
        if table != match_id and _has_finished_a_deal(ref, table):
            raise Refused("duplicate-too-late", f"match {table} has finished a deal: its "
                          "cards may have been shown, so no table can be linked to it now")


def _has_finished_a_deal(ref: Referee, table: str) -> bool:
    envs = ref.store.read("match", table)
    if not envs:
        return False
    state = matches.fold([to_event(e) for e in envs])
    if state.status != "playing" or any(d["status"] != "playing" for d in state.deals):
        return True
    current = state.deals[-1]["id"]
    return bool(ref.store.head("deal", current).seq) and deals.is_over(ref, current)


def facts(group: Group | None) -> dict[str, str]:
    """What a new match's facts keep of its group."""
    return {} if group is None else {"group": group.source}


def refuse_seeds(ref: Referee, match_id: str) -> None:
    """A table of a duplicate group takes no client seed: it would deal other cards."""
    if meta(ref, match_id).group is not None:
        raise Refused("duplicate-seeds-fixed", f"match {match_id} is dealt the same cards as "
                      "the tables linked to it (duplicate_of): it takes no client seed")


def public(ref: Referee, facts_of: Meta, out: dict[str, Any]) -> dict[str, Any]:
    """A match as ``GET /v1/matches/{id}`` shows it: with ``duplicates`` (the other tables of
    its group), and without the match secret and nonce (which make every deck) while any of
    them still plays."""
    if facts_of.group is None:
        return out
    tables = [t for t in ref.store.group_tables(facts_of.group) if t != facts_of.match_id]
    out["duplicates"] = tables
    if "secret" in out and not all(_over(ref, t) for t in tables):
        out.pop("secret")
        out.pop("nonce", None)
    return out


def _over(ref: Referee, table: str) -> bool:
    envs = ref.store.read("match", table)
    return not envs or matches.fold([to_event(e) for e in envs]).status == "over"
