// Looking back during a deal (issue 29 item 2): the last trick or capture taken, recalled by
// its button or the L key, and the deal's whole story on demand (else its last 12 events).
import { cardFace, cardName } from "./cards.js";
import { h } from "./dom.js";
import { facts } from "./games.js";
import { eventSentence, name } from "./words.js";

const SHORT = 12;

// The panel that stands in the middle of the felt while the last trick is recalled.
export function lastTrickPanel(ctx, history, close) {
  const last = history.tricks[history.tricks.length - 1];
  const what = facts(ctx.view.ruleset).trick;
  return h(
    "section",
    { class: "recall", id: "last-trick", "aria-label": `the last ${what}`, data: { seq: last ? last.seq : "" } },
    h("h2", {}, `Last ${what}`),
    last
      ? [
          h(
            "div",
            { class: "recall-cards" },
            last.cards.map((t) =>
              h(
                "figure",
                {},
                cardFace(t.card, { label: `${cardName(t.card)}, played by ${name(ctx, t.seat)}` }),
                h("figcaption", {}, t.seat === null ? "" : name(ctx, t.seat)),
              ),
            ),
          ),
          h("p", {}, `${name(ctx, last.seat)} took it.`),
        ]
      : h("p", {}, `No ${what} has been taken yet.`),
    h("button", { type: "button", id: "close-last-trick", events: { click: close } }, "Back to the table"),
  );
}

export function lastTrickButton(open, on) {
  return h(
    "button",
    { type: "button", id: "last-trick-button", "aria-pressed": on ? "true" : "false", "aria-keyshortcuts": "L",
      events: { click: open } },
    "Last trick (L)",
  );
}

// The story of the deal: its last events, or all of them.
export function story(ctx, history, whole, toggle) {
  const events = whole ? history.events : history.events.slice(-SHORT);
  return [
    // focusable: on a phone it is a box of its own that scrolls (axe: scrollable-region-focusable)
    h("ol", { id: "log", tabIndex: 0, data: { shown: events.length } }, events.map((e) => h("li", {}, eventSentence(ctx, e)))),
    history.events.length > SHORT || whole
      ? h(
          "button",
          { type: "button", id: "whole-deal", class: "link", "aria-expanded": whole ? "true" : "false",
            events: { click: toggle } },
          whole ? "Only the last events" : `The whole deal (${history.events.length} events)`,
        )
      : null,
  ];
}

// L anywhere on the table page but in a field: the last trick, shown or put away.
export function onKey(toggle) {
  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target.closest?.("input, select, textarea")) return;
    if (e.key === "l" || e.key === "L") toggle();
    else if (e.key === "Escape") toggle(false);
  });
}
