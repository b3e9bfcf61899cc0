"""A deal as a text table, for ``render_mode="ansi"``: one row per seat with its hand (every
hand: the one rendering is for whoever runs the environment, not for a seat) and what the
views count per seat (tricks, captured cards, bids), then the cards on the table."""

from __future__ import annotations

from typing import Any

from domain import game

# Per-seat lists some families' views carry, as column titles.
COLUMNS = (("tricks", "tricks"), ("captures", "captures"), ("bids", "bid"))


def text_table(deal: Any, agents: list[str]) -> str:
    views = [game.view(deal, seat) for seat in range(len(agents))]
    public = views[0]
    head = [f"{deal.rules.preset}, {len(agents)} players: {public['phase']}",
            f"dealer {agents[public['dealer']]}",
            f"turn {agents[public['turn']] if public['turn'] is not None else '-'}",
            f"trump {public.get('trump') or '-'}", f"stock {public.get('stock_size', 0)}"]
    lists = [(key, title) for key, title in COLUMNS if isinstance(public.get(key), list)]
    columns = [(key, title) for key, title in lists if len(public[key]) == len(agents)]
    by_side = [(key, title) for key, title in lists if (key, title) not in columns]
    rows = [["seat", "hand", *(title for _, title in columns)]]
    rows += [[agent, " ".join(view["hand"]) or "-",
              *(_cell(public[key][seat]) for key, _ in columns)]
             for seat, (agent, view) in enumerate(zip(agents, views, strict=True))]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = [", ".join(head)]
    lines += ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
              for row in rows]
    table = ", ".join(f"{agents[p['seat']]} {p['card']}" for p in public.get("table") or [])
    lines.append(f"table: {table or '-'}")
    for key, title in by_side:  # counted per side (partners share their captures)
        sides = ("+".join(agents[s] for s in side) for side in public["sides"])
        lines.append(f"{title}: " + ", ".join(
            f"{side} {_cell(value)}" for side, value in zip(sides, public[key], strict=False)))
    if game.is_over(deal):
        lines.append(f"result: {deal.result['score'].get('match_points')}")
    return "\n".join(lines)


def _cell(value: Any) -> str:
    return "-" if value is None else str(value)
