// The viewer's own pace (issue 29 item 2), independent of the bots' delay: what the stream
// brings is queued and shown in order, and a trick or capture just taken stays on the table at
// least ``pace.get()`` ms before the next news replaces it (a card just played, a third of it).
// The setting is the viewer's, kept in local storage.
import { h } from "./dom.js";

const KEY = "tricklog.pace";
export const PACES = [
  [0, "at once"],
  [1000, "quick (1 s)"],
  [2000, "normal (2 s)"],
  [3500, "slow (3.5 s)"],
];
const DEFAULT = 2000;

export const pace = {
  get() {
    const stored = localStorage.getItem(KEY);
    const ms = Number(stored);
    return stored !== null && PACES.some(([p]) => p === ms) ? ms : DEFAULT;
  },
  set(ms) {
    localStorage.setItem(KEY, String(ms));
  },
};

export function paceChooser() {
  const now = pace.get();
  return h(
    "label",
    { class: "pace-choice" },
    "Pace ",
    h(
      "select",
      { id: "pace", events: { change: (e) => pace.set(Number(e.target.value)) } },
      PACES.map(([ms, label]) => h("option", { value: String(ms), selected: ms === now }, label)),
    ),
  );
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

// Items ({event} or {view}) applied one at a time by ``apply``, which answers how long the
// viewer should see the result: "trick" (a trick or capture just taken), "card", or nothing.
export class Pacer {
  constructor(apply) {
    Object.assign(this, { apply, queue: [], running: false, seq: 0 });
  }

  push(item) {
    if (item.event) this.seq = Math.max(this.seq, item.event.seq);
    this.queue.push(item);
    if (!this.running) this.run();
  }

  get idle() {
    return !this.running && !this.queue.length;
  }

  async run() {
    this.running = true;
    try {
      while (this.queue.length) {
        const hold = await this.apply(this.queue.shift());
        const ms = hold === "trick" ? pace.get() : hold === "card" ? pace.get() / 3 : 0;
        if (ms && this.queue.length) await sleep(ms);
        else if (hold === "trick" && ms) await sleep(ms); // news may come while it shows
      }
    } finally {
      this.running = false;
    }
  }
}
