// Your hand and your other moves. Cards are buttons: click or tap one to play it; or move along
// the hand with the arrow keys and press Enter. Legal cards stand raised; the rest say why not.
import { bidStepper, wantsStepper } from "./auction.js";
import { cardFace, cardName, cardText, SUITS } from "./cards.js";
import { h } from "./dom.js";
import { sortHand } from "./games.js";
import { name, WORDS_OF_TALK } from "./words.js";

export function hand(ctx, play, busy) {
  const v = ctx.view;
  const legal = new Set(v.legal_moves.filter((m) => m.type === "play").map((m) => m.card));
  const cards = sortHand(v.hand, v);
  const first = cards.find((c) => legal.has(c)) ?? cards[0];
  const buttons = cards.map((c) => {
    const ok = legal.has(c) && !busy;
    const label = cardName(c) + (ok ? ", play it" : legal.size ? ", not playable now" : "");
    return cardFace(c, { tag: "button", label, extra: [ok && "legal", legal.size && !ok && "dim"] });
  });
  for (const b of buttons) {
    b.type = "button";
    b.tabIndex = b.dataset.card === first ? 0 : -1;
    b.addEventListener("click", () => choose(b.dataset.card));
    b.addEventListener("keydown", (e) => move(e, buttons, b));
  }
  function choose(card) {
    if (busy) return;
    if (legal.has(card)) play({ type: "play", card });
    else if (!legal.size) ctx.say("It is not your turn.");
    else if (mustFollow(v, card, legal)) ctx.say(`You must follow ${SUITS[v.table[0].card.slice(-1)].name}: ${cardText(card)} cannot be played.`);
    else play({ type: "play", card }); // the referee says which rule forbids it
  }
  const all = legal.size > 0 && cards.every((c) => legal.has(c));
  return h(
    "div",
    {
      class: ["hand", cards.length > 10 && "many", all && "all-legal"],
      id: "hand",
      role: "group",
      "aria-label": "your hand: arrow keys to choose, Enter to play",
    },
    buttons,
  );
}

// A trick game's first rule: a card off the led suit while you hold that suit.
function mustFollow(v, card, legal) {
  const led = v.table.length && v.phase === "play" && !v.captures ? v.table[0].card.slice(-1) : null;
  return Boolean(led) && card.slice(-1) !== led && [...legal].every((c) => c.slice(-1) === led);
}

function move(e, buttons, current) {
  const keys = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1, Home: -Infinity, End: Infinity };
  if (!(e.key in keys)) return;
  e.preventDefault();
  const i = buttons.indexOf(current);
  const step = keys[e.key];
  const j =
    Math.abs(step) === Infinity
      ? step < 0
        ? 0
        : buttons.length - 1
      : (i + step + buttons.length) % buttons.length;
  for (const b of buttons) b.tabIndex = -1;
  buttons[j].tabIndex = 0;
  buttons[j].focus();
}

// -- moves other than a card ----------------------------------------------------------------

const LABELS = {
  stop: () => "Stop: end the capture",
  pass: () => "Pass",
  redeal: () => "Ask for a redeal",
  trump: (m) => `${SUITS[m.suit].symbol} ${SUITS[m.suit].name}`,
  lead: (m) => (m.by === "partner" ? "Ask my partner to lead" : "Lead myself"),
  call: (m) => (m.card ? `${cardText(m.card)} (${cardName(m.card)})` : "Nobody: play alone"),
  bid: (m) => String(m.value),
};
const CHOICE = { bid: "Bid", call: "Call" };

// The value a player has stepped to or picked in a list, for the decision in front of them (the
// deal and its seq): the table is drawn anew when the history or the match sheet arrives or the
// last trick is recalled, and the control must not jump back under the player's thumb.
let drafts = { key: null, values: {} };
function draftOf(ctx, type) {
  const key = `${ctx.view.id}:${ctx.view.seq}`;
  if (drafts.key !== key) drafts = { key, values: {} };
  const values = drafts.values;
  return { value: values[type], keep: (v) => (values[type] = v) };
}

// One button a move; a kind with many (an auction's values, the card to call) is one list and
// one button.
export function actions(ctx, play, busy) {
  const list = ctx.view.legal_moves.filter((m) => m.type !== "play");
  const out = [];
  for (const type of [...new Set(list.map((m) => m.type))]) {
    const kind = list.filter((m) => m.type === type);
    const label = LABELS[type] || ((m) => m.type);
    const draft = draftOf(ctx, type);
    if (wantsStepper(kind)) out.push(bidStepper(kind, play, busy, draft));
    else if (kind.length > 6) {
      const pick = h(
        "select",
        {
          id: `${type}-choice`,
          "aria-label": `${CHOICE[type] || type}: choose`,
          events: { change: () => draft.keep(pick.value) },
        },
        kind.map((m, i) => h("option", { value: String(i) }, label(m))),
      );
      if (draft.value !== undefined && kind[Number(draft.value)]) pick.value = draft.value;
      out.push(
        h(
          "span",
          { class: "choice" },
          pick,
          h(
            "button",
            {
              type: "button",
              class: "primary",
              disabled: busy,
              events: { click: () => play(kind[Number(pick.value)]) },
            },
            CHOICE[type] || type,
          ),
        ),
      );
    } else {
      for (const m of kind) {
        out.push(
          h(
            "button",
            {
              type: "button",
              class: type === "stop" || type === "pass" ? "" : "primary",
              disabled: busy,
              data: { move: type },
              events: { click: () => play(m) },
            },
            label(m),
          ),
        );
      }
    }
  }
  return h("div", { class: "actions", id: "moves" }, out);
}

// "Stop for me when I cannot go on": the player's own setting, off by default and kept in this
// browser. The referee always asks the leader (RULES.md §2.3); with the box ticked the page
// answers `stop` for you when that is the only legal move.
const AUTO_STOP = "tricklog.autoStop";

export const autoStop = {
  on() {
    try {
      return localStorage.getItem(AUTO_STOP) === "1";
    } catch {
      return false;
    }
  },
  set(on) {
    localStorage.setItem(AUTO_STOP, on ? "1" : "0");
  },
  // The stop to post for ctx's player now, or null.
  due(ctx) {
    const v = ctx.view;
    const only = v.legal_moves.length === 1 && v.legal_moves[0].type === "stop";
    return this.on() && v.phase === "decide" && v.turn === ctx.me && only ? { type: "stop" } : null;
  },
};

export function autoStopBox(changed) {
  const box = h("input", {
    type: "checkbox",
    id: "auto-stop",
    checked: autoStop.on(),
    events: { change: (e) => changed(e.target.checked) },
  });
  return h("label", { class: "auto-stop" }, box, " Stop for me when I cannot go on");
}

// Table talk (the option table_talk): canned calls, any time. They are said aloud, so every
// seat and every spectator hears them: the last call of each seat that spoke, oldest first.
export function talk(ctx, say) {
  const t = ctx.view.table_talk;
  if (!t) return null;
  const last = t.heard.filter((x, i) => !t.heard.slice(i + 1).some((y) => y.seat === x.seat));
  const heard = last.map((x) => ` ${name(ctx, x.seat)} said “${x.word}” after ${x.cards_played} cards.`);
  const buttons =
    ctx.me === null
      ? []
      : Object.entries(t.words).map(([word, meaning]) =>
          h(
            "button",
            { type: "button", class: "say", events: { click: () => say({ type: "hint", word }) } },
            `say “${word}” (${meaning || WORDS_OF_TALK[word]})`,
          ),
        );
  return h("div", { class: "talk", id: "talk" }, buttons, h("span", { id: "heard" }, heard.join("")));
}
