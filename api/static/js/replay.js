// The replay at /deals/{id}/replay?at=N: the deal as a story. Every event is a sentence; the
// table stands as it was after the chosen one (everyone's hands once the deal is over); the raw
// event is behind a toggle; the audit's verdict sits at the top. Once the deal is over, a button
// asks what each card cost with every hand known (GET /v1/deals/{id}/analysis), shown under every
// card as BBO shows its double-dummy tricks (and under every bid, trump and call where judged).
import { api, gameName, matchOf, seats } from "./api.js";
import { $, fill, h, path } from "./dom.js";
import { foldHistory } from "./history.js";
import { notice } from "./deal.js";
import { felt, scoreboard } from "./table.js";
import { eventSentence, problemWords } from "./words.js";

export async function replayPage(main, dealId) {
  const matchId = matchOf(dealId);
  const token = seats.token(matchId, seats.mine(matchId));
  let view;
  try {
    view = await api("GET", path("v1", "deals", dealId), undefined, token);
  } catch (err) {
    return notice(
      main,
      err.status === 404 ? `There is no deal “${dealId}” on this server.` : problemWords(err),
    );
  }
  const [match, events, game] = await Promise.all([
    api("GET", path("v1", "matches", view.match_id)),
    allEvents(dealId, token),
    gameName(view.ruleset),
  ]);
  const at = Number(new URLSearchParams(location.search).get("at")) || 1;
  new Replay(main, { view, match, events, token, game }).step(at);
}

async function allEvents(dealId, token) {
  const out = [];
  for (;;) {
    const page = await api(
      "GET",
      `${path("v1", "deals", dealId, "events")}?after=${out.length}`,
      undefined,
      token,
    );
    out.push(...page.events);
    if (!page.events.length || out.length >= page.seq) return out;
  }
}

class Replay {
  constructor(main, { view, match, events, token, game }) {
    Object.assign(this, {
      match,
      events,
      token,
      over: view.phase === "over",
      total: view.seq,
      at: 1,
      cache: new Map(),
    });
    this.deal = view.id;
    this.me = view.seat;
    this.names = match.seats.map((s) => s.name);
    document.title = `Tricklog — replay of ${view.id}`;
    const button = (id, text, to) =>
      h("button", { type: "button", id, events: { click: () => this.step(to()) } }, text);
    this.slider = h("input", {
      type: "range",
      id: "slider",
      min: "1",
      max: String(this.total),
      value: "1",
      "aria-label": "event",
      events: { input: () => this.step(Number(this.slider.value)) },
    });
    this.sentence = h("p", { id: "replay-sentence", class: "sentence", "aria-live": "polite" });
    // Asked for, not automatic: a deal's analysis is seconds to minutes of a worker's CPU.
    this.judged = h(
      "p",
      { id: "replay-analysis", class: "analysis" },
      view.phase === "over" && !view.abandoned // an abandoned deal has no play to judge
        ? h(
            "button",
            { type: "button", id: "analyse", events: { click: () => this.analyse() } },
            "What did each card cost? (perfect play, every hand known)",
          )
        : "",
    );
    this.analysis = null;
    this.position = h("span", { id: "position" });
    this.raw = h("pre", { id: "replay-event" });
    this.board = h("div", { id: "replay-board" });
    this.scores = h("div", { class: "scores" });
    this.story = h("ol", { id: "story", class: "story-list" });
    document.addEventListener("keydown", (e) => this.key(e));
    this.root = h(
      "div",
      { id: "replay", class: "replay-page", data: { at: "" } },
      h(
        "header",
        { class: "bar" },
        h("a", { href: path("deals", view.id), class: "button" }, "← Table"),
        h(
          "h1",
          {},
          "Replay: ",
          h("strong", {}, game),
          ` · deal ${match.deals.find((d) => d.id === view.id)?.number ?? "?"} `,
          h("span", { class: "deal-id" }, view.id),
        ),
        h(
          "div",
          { id: "audit", class: "audit" },
          h("span", { id: "verdict" }, this.over ? "Audit: checking…" : "Audit: once the deal is over"),
        ),
      ),
      h(
        "div",
        { class: "controls", role: "group", "aria-label": "step through the deal (arrow keys work too)" },
        button("first", "◀◀ First", () => 1),
        button("prev", "◀ Back", () => this.at - 1),
        this.slider,
        button("next", "Forward ▶", () => this.at + 1),
        button("next-trick", "Next trick ▶|", () => this.nextTrick()),
        button("last", "Last ▶▶", () => this.total),
        this.position,
      ),
      this.sentence,
      this.judged,
      h(
        "div",
        { class: "layout" },
        this.board,
        h(
          "div",
          { class: "side" },
          this.scores,
          h("aside", { class: "story", "aria-label": "every event" }, h("h2", {}, "The story"), this.story),
        ),
      ),
      h("details", { id: "raw" }, h("summary", {}, "Raw event (JSON)"), this.raw),
    );
    fill(main, this.root);
    fill(
      this.story,
      events.map((env) =>
        h(
          "li",
          {},
          h(
            "button",
            {
              type: "button",
              class: "link",
              data: { seq: env.seq },
              events: { click: () => this.step(env.seq) },
            },
            `${env.seq}. ${eventSentence(this.ctx(view), env)}`,
          ),
        ),
      ),
    );
    if (this.over) this.audit();
  }

  ctx(view) {
    return { match: this.match, view, me: this.me, names: this.names, say: () => {} };
  }

  // The keys work from the start, wherever the focus is (but in a field, or on a link or a
  // button, where Enter and the arrows are theirs): listened to on the document.
  key(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target.closest?.("input, select, textarea")) return;
    const to = { ArrowLeft: this.at - 1, ArrowRight: this.at + 1, Home: 1, End: this.total }[e.key];
    if (to !== undefined) {
      e.preventDefault();
      this.step(to);
    }
  }

  nextTrick() {
    const next = this.events.find((e) => e.seq > this.at && e.type === "trick_taken");
    return next ? next.seq : this.total;
  }

  async state(at) {
    if (!this.cache.has(at))
      this.cache.set(
        at,
        api("GET", `${path("v1", "deals", this.deal, "replay")}?at=${at}`, undefined, this.token),
      );
    return this.cache.get(at);
  }

  async step(to) {
    const at = Math.max(1, Math.min(this.total, to));
    this.at = at;
    this.slider.value = String(at);
    let view;
    try {
      view = await this.state(at);
    } catch (err) {
      this.sentence.textContent = problemWords(err);
      return;
    }
    if (this.at !== at) return; // a later step was asked for meanwhile
    const ctx = this.ctx(view);
    const past = foldHistory(this.events.slice(0, at));
    const env = view.event;
    this.position.textContent = `event ${at} of ${this.total}`;
    this.sentence.textContent = eventSentence(ctx, env);
    this.showJudged(at);
    this.raw.textContent = JSON.stringify(env, null, 2);
    const played = {};
    for (const e of this.events)
      if (e.type === "played" || e.type === "continued") (played[e.seat] ??= []).push(e.data.card);
    fill(this.scores, scoreboard(ctx, past, { matchLabel: "Match, now" }));
    fill(this.board, felt(ctx, past, { hands: view.hands, played }));
    for (const b of this.story.querySelectorAll("button")) {
      if (Number(b.dataset.seq) === at) {
        b.setAttribute("aria-current", "step");
        b.scrollIntoView({ block: "nearest" });
      } else b.removeAttribute("aria-current");
    }
    window.history.replaceState(null, "", `${path("deals", this.deal, "replay")}?at=${at}`);
    this.root.dataset.at = String(at); // tests wait on this
    this.root.dataset.type = env.type;
  }

  async audit() {
    const verdict = $("verdict");
    try {
      const job = await api("POST", "/v1/audits", { deal_id: this.deal });
      for (let i = 0; i < 120; i++) {
        const j = await api("GET", path("v1", "jobs", job.id));
        if (j.status === "finished") {
          const r = j.result;
          verdict.textContent = r.ok
            ? `Audit: OK — ${r.checks.join(", ")}`
            : `Audit: FAILED at event ${r.first_error?.seq ?? "?"}: ${r.first_error?.why}`;
          verdict.className = r.ok ? "ok" : "bad";
          return;
        }
        if (j.status === "failed") {
          verdict.textContent = "Audit: the audit job failed";
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      verdict.textContent = "Audit: no worker answered (is `tricklog worker` running?)";
    } catch (err) {
      verdict.textContent = "Audit: " + problemWords(err);
    }
  }

  // The solver's verdict on every card: fetched once (a worker computes it; 202 while it runs),
  // then written under each card of the story and under the sentence of the chosen event.
  async analyse() {
    const url = path("v1", "deals", this.deal, "analysis");
    this.judged.textContent = "Perfect-play analysis: computing…";
    try {
      let answer = await api("GET", url);
      for (let i = 0; !answer.decisions && i < 600; i++) {
        await new Promise((resolve) => setTimeout(resolve, 2000));
        const job = await api("GET", path("v1", "jobs", answer.id));
        if (job.status === "failed") throw new Error("the analysis job failed");
        const p = job.progress;
        if (p) this.judged.textContent = `Perfect-play analysis: ${p.done} of ${p.total} moves…`;
        if (job.status === "finished") answer = job.result;
      }
      if (!answer.decisions) throw new Error("no worker answered");
      this.analysis = new Map(answer.decisions.map((d) => [d.seq, d]));
      this.sides = answer.sides;
      for (const b of this.story.querySelectorAll("button")) {
        const d = this.analysis.get(Number(b.dataset.seq));
        if (d) b.append(h("small", { class: d.cost ? "cost bad" : "cost" }, ` ${this.costWords(d)}`));
      }
      this.showJudged(this.at);
    } catch (err) {
      this.judged.textContent = "Perfect-play analysis: " + (err.status ? problemWords(err) : err.message);
    }
  }

  costWords(d) {
    return d.cost ? `(cost ${d.cost})` : "(best)";
  }

  showJudged(at) {
    if (!this.analysis) return;
    const d = this.analysis.get(at);
    const sides = this.sides
      .map((s) => `seats ${s.seats.join("+")}: start ${s.start_value}, cost ${s.cost}, took ${s.points}`)
      .join(" · ");
    if (!d) {
      this.judged.textContent = `Perfect play (every hand known) — ${sides}`;
      return;
    }
    const best = d.best_moves.map(moveLabel).join(", ");
    // A card or a stop is worth what its side takes; a bid, a trump or a call (judged before
    // the card play) what the deal scores for its seat.
    const whose = d.best_moves.some((m) => m.type === "play" || m.type === "stop") ? "side" : "seat's deal score";
    this.judged.textContent =
      `Perfect play: this move is worth ${d.value} to its ${whose}, the best ${d.best} (${best})` +
      (d.cost ? ` — it cost ${d.cost}.` : " — a best move.");
  }
}

// A judged move in a few words: a card as itself, any other move as its type and its fields
// ("bid 9", "trump S", "call 7C", "call none", "lead partner", "pass").
function moveLabel(m) {
  if (m.type === "play") return m.card;
  const rest = Object.entries(m).filter(([k]) => k !== "type").map(([, v]) => (v === null ? "none" : v));
  return [m.type, ...rest].join(" ");
}
