// A live table at /deals/{id}: your view if you hold a seat of the match (the seat you chose
// last, kept per match in local storage), else the spectator's. It follows the deal over the
// event stream; a move that the deal has moved past simply refreshes the view.
import { api, gameName, matchOf, postMove, seats } from "./api.js";
import { $, fill, h, path } from "./dom.js";
import { actions, autoStop, autoStopBox, hand, talk } from "./hand.js";
import { feed, newHistory } from "./history.js";
import { felt, scoreboard, tickClocks } from "./table.js";
import {
  phaseSentence,
  problemWords,
  resultSentence,
} from "./words.js";
import { facts, target } from "./games.js";
import { auctionTable } from "./auction.js";
import { endHeading, rematchButton, sheetTable, totals } from "./match-end.js";
import { Pacer, paceChooser } from "./pace.js";
import { lastTrickButton, lastTrickPanel, onKey, story } from "./recall.js";
import { after, before, collect } from "./motion.js";
import { sound, soundSwitch } from "./sound.js";

// While a move is retried with its key (api.js postMove); cleared once it lands.
const retryWords = (err) =>
  err.kind === "offline"
    ? "The server cannot be reached: your move is being sent again…"
    : "The server is busy or its store away: your move is being sent again…";

const POLL_MS = 2000; // how often a page without a stream asks whether the deal moved on
if (typeof document !== "undefined") setInterval(tickClocks, 250); // the move clock's countdown, between renders (not under Node: tests/page)

export async function dealPage(main, dealId) {
  const matchId = matchOf(dealId);
  let token = seats.token(matchId, seats.mine(matchId));
  let view;
  try {
    view = await api("GET", `/v1/deals/${encodeURIComponent(dealId)}`, undefined, token);
  } catch (err) {
    if (err.status === 403 && token) {
      // a token this server does not know: watch instead
      seats.choose(matchId, null);
      token = null;
      view = await api("GET", `/v1/deals/${encodeURIComponent(dealId)}`);
    } else {
      return notice(main, err.status === 404 ? noSuchDeal(dealId) : problemWords(err));
    }
  }
  const [match, game] = await Promise.all([
    api("GET", path("v1", "matches", view.match_id)),
    gameName(view.ruleset),
  ]);
  const table = new Table(main, match, view, token, game);
  table.connect();
}

function noSuchDeal(dealId) {
  return `There is no deal “${dealId}” on this server: the address may be mistyped, or the server's data was reset.`;
}

export function notice(main, text) {
  document.title = "Tricklog — no such deal";
  fill(
    main,
    h(
      "section",
      { class: "notice", id: "notice" },
      h("h1", {}, "No such deal"),
      h("p", {}, text),
      h("p", {}, h("a", { href: "/", class: "button" }, "Go to the lobby")),
    ),
  );
}

class Table {
  constructor(main, match, view, token, game) {
    Object.assign(this, { main, match, view, token, game, history: newHistory(), busy: false, source: null });
    this.me = view.seat;
    this.pacer = new Pacer((item) => this.apply(item));
    this.held = []; // how long each trick taken stayed on the table, in ms (data-tricks-held)
    onKey((on) => this.recall(on));
    this.names = match.seats.map((s) => s.name);
    document.title = `Tricklog — ${game}, deal ${view.id}`;
    this.root = h("div", { id: "table", class: "table-page", data: { seq: "", me: this.me ?? "" } });
    this.parts = {};
    for (const part of ["scoreboard", "felt", "moves", "auto", "talk", "hand", "log"]) {
      this.parts[part] = h("div", { class: `part-${part}` });
    }
    this.parts.status = h("p", { id: "status", class: "status", "aria-live": "polite" });
    this.parts.error = h("p", { id: "error", class: "error", role: "alert" });
    this.live = h("span", { id: "live-state", class: "live" }, "connecting…");
    fill(main, this.root);
    this.root.append(
      this.header(),
      this.parts.scoreboard,
      h(
        "div",
        { class: "layout" },
        h("div", { class: "board" }, this.parts.felt),
        h(
          "aside",
          { class: "story", "aria-label": "what happened" },
          h("h2", {}, "What happened"),
          this.parts.log,
        ),
      ),
    );
  }

  ctx() {
    return { match: this.match, view: this.view, me: this.me, names: this.names, say: (t) => this.error(t) };
  }

  header() {
    const held = seats.tokens(this.match.id);
    const chooser = held.length
      ? h(
          "label",
          { class: "seat-choice" },
          "You are ",
          h(
            "select",
            { id: "seat-choice", events: { change: (e) => this.choose(e.target.value) } },
            h("option", { value: "-1", selected: this.me === null }, "watching"),
            held.map((t) =>
              h(
                "option",
                { value: String(t.seat), selected: t.seat === this.me },
                `${this.names[t.seat]} (seat ${t.seat + 1})`,
              ),
            ),
          ),
        )
      : null;
    const number = this.match.deals.find((d) => d.id === this.view.id)?.number;
    return h(
      "header",
      { class: "bar" },
      h("a", { href: "/", class: "button" }, "← Lobby"),
      h(
        "h1",
        {},
        h("strong", {}, this.game),
        ` · deal ${number ?? "?"} `,
        h("span", { class: "deal-id" }, this.view.id),
      ),
      chooser,
      paceChooser(),
      soundSwitch(),
      this.live,
    );
  }

  choose(value) {
    seats.choose(this.match.id, Number(value) < 0 ? null : Number(value));
    location.reload();
  }

  connect() {
    const query = new URLSearchParams({ last_event_id: "0" }); // the whole story, then live
    if (this.token) query.set("token", this.token);
    const source = new EventSource(`${path("v1", "deals", this.view.id, "stream")}?${query}`);
    this.source = source;
    source.addEventListener("event", (e) => this.pacer.push({ event: JSON.parse(e.data) }));
    source.addEventListener("view", (e) => this.pacer.push({ view: JSON.parse(e.data) }));
    source.addEventListener("end", () => {
      source.close();
      this.live.textContent = "deal over";
    });
    source.onopen = () => {
      this.live.textContent = "live";
    };
    source.onerror = () => {
      // CLOSED: the stream was refused (a crowd, or this address follows too many deals) or
      // cannot be had: follow the deal by polling instead. Otherwise the browser reconnects.
      if (source.readyState === EventSource.CLOSED) this.poll();
      else this.live.textContent = "reconnecting…";
    };
    this.render();
  }

  // Without a stream: the view every POLL_MS with If-None-Match (a 304 costs the server one
  // Redis round trip), and the events it missed when the view has moved on.
  async poll() {
    if (this.polling) return;
    this.polling = true;
    this.source?.close();
    this.live.textContent = "live (polling)";
    let etag = null;
    while (this.view.phase !== "over") {
      await new Promise((done) => setTimeout(done, POLL_MS));
      try {
        const headers = etag ? { "If-None-Match": etag } : {};
        if (this.token) headers.Authorization = "Bearer " + this.token;
        const resp = await fetch(path("v1", "deals", this.view.id), { headers, cache: "no-store" });
        if (resp.status === 304) continue;
        if (!resp.ok) throw new Error(`HTTP ${resp.status}`);
        etag = resp.headers.get("ETag");
        const view = await resp.json();
        await this.catchUp();
        this.pacer.push({ view });
        this.live.textContent = "live (polling)";
      } catch {
        this.live.textContent = "polling: the server does not answer, retrying…";
      }
    }
    this.live.textContent = "deal over";
  }

  async catchUp() {
    const query = new URLSearchParams({ after: String(this.history.seq) });
    const url = `${path("v1", "deals", this.view.id, "events")}?${query}`;
    const got = await api("GET", url, undefined, this.token);
    for (const env of got.events) this.pacer.push({ event: env });
  }

  // One item of the pacer's queue; answers how long the viewer should see what it shows.
  async apply(item) {
    if (item.event) {
      feed(this.history, item.event);
      if (item.event.type === "timed_out") await this.awayNow(true);
      return null;
    }
    await this.awayNow(false);
    if (item.reveal) {
      this.trickFirst = false; // the last trick has been seen: now the deal's end
      this.render();
      return null;
    }
    const cards = this.view.table.length;
    const trick = this.history.lastTrick;
    const fresh = trick && !trick.cleared && trick.seq !== this.pacedTrick;
    if (fresh) this.pacedTrick = trick.seq;
    if (fresh && item.view.phase === "over") {
      this.trickFirst = true;
      this.pacer.queue.unshift({ reveal: true });
    }
    await this.show(item.view);
    const played = this.view.table.length > cards;
    if (fresh || played) sound.card();
    if (fresh) {
      collect(this.root, trick.seat);
      return "trick";
    }
    return played ? "card" : null;
  }

  recall(on = !this.recalling) {
    if (Boolean(this.recalling) === on) return;
    this.recalling = on;
    this.render();
    document.getElementById(on ? "close-last-trick" : "last-trick-button")?.focus();
  }

  async show(view) {
    if (view.seq < this.view.seq) return;
    this.view = view;
    if (view.phase === "over" && !this.match.over) await this.refreshMatch();
    this.render();
  }

  // Who played ``card`` of the cards in play or of the trick just taken.
  seatOf(card) {
    const played = [...this.view.table, ...(this.history.lastTrick?.cards || [])];
    return played.find((t) => t.card === card)?.seat ?? null;
  }

  // Which seats are away (a clock ran out): asked after each timeout, and while a seat is
  // away at most every 5 s, so that every plate says it and its "away" goes when it is back.
  async awayNow(timedOut) {
    const due = timedOut || ((this.match.away || []).length && Date.now() - (this.awayAsked || 0) > 5000);
    if (!due) return;
    this.awayAsked = Date.now();
    try {
      const { match, asked } = await this.askMatch();
      this.awayFrom(asked, match.away);
    } catch {
      // the table goes on: the next timeout asks again
    }
  }

  // The match as the server has it, with the number of the ask: answers can come back out of
  // order, and who is away is taken from the latest ask only (``awayFrom``).
  async askMatch() {
    const asked = this.nextAsk();
    return { match: await api("GET", path("v1", "matches", this.match.id)), asked };
  }

  nextAsk() {
    return (this.matchAsked = (this.matchAsked || 0) + 1);
  }

  // An answer to an earlier ask (sent before "I'm back" landed, answered after) is old news.
  awayFrom(asked, away) {
    if (asked <= (this.awaySeen || 0)) return;
    this.awaySeen = asked;
    this.match.away = away;
  }

  async refreshMatch() {
    try {
      const { match, asked } = await this.askMatch();
      const sheet = await api("GET", path("v1", "matches", this.match.id, "sheet"));
      // fetched once the deal is over (totals and the next deal), or when a seat came back
      this.match = { ...match, away: this.match.away, over: this.view.phase === "over" };
      this.sheet = sheet;
      this.awayFrom(asked, match.away);
    } catch (err) {
      this.error(problemWords(err));
    }
  }

  render() {
    const ctx = this.ctx();
    const focused = document.activeElement?.closest?.("#hand") ? document.activeElement.dataset.card : null;
    const inside = this.root.contains(document.activeElement);
    const focusedId = !focused && inside ? document.activeElement.id : "";
    const mine = this.me !== null;
    const was = before(this.root);
    this.parts.status.textContent = phaseSentence(ctx);
    const away = mine && (this.match.away || []).includes(this.me);
    fill(this.parts.moves, away ? this.backButton() : mine ? actions(ctx, (m) => this.play(m)) : null);
    const captures = mine && facts(this.view.ruleset).stops && this.view.phase !== "over";
    fill(this.parts.auto, captures ? autoStopBox((on) => this.autoStop(on)) : null);
    fill(this.parts.talk, talk(ctx, (m) => this.play(m, false))); // spectators hear it too
    fill(this.parts.hand, mine ? hand(ctx, (m) => this.play(m)) : null);
    fill(this.parts.scoreboard, scoreboard(ctx, this.history));
    const over = this.view.phase === "over" && !this.trickFirst;
    const center = this.recalling
      ? lastTrickPanel(ctx, this.history, () => this.recall(false))
      : over
        ? this.result(ctx)
        : null;
    fill(
      this.parts.felt,
      felt(ctx, this.history, {
        center,
        below: [
          this.parts.status,
          this.parts.moves,
          this.parts.auto,
          this.parts.talk,
          this.parts.error, // next to the hand, where the eye is after a click
          this.parts.hand,
          lastTrickButton(() => this.recall(), this.recalling),
        ],
      }),
    );
    this.keepHandRoom();
    after(this.root, was, (card) => this.seatOf(card), this.me);
    fill(this.parts.log, auctionTable(ctx, this.history), story(ctx, this.history, this.whole, () => this.wholeDeal()));
    this.timeTrick();
    const myTurn = mine && this.view.turn === this.me && this.view.phase !== "over";
    if (myTurn && !this.root.classList.contains("my-turn")) sound.turn();
    this.root.classList.toggle("my-turn", myTurn);
    this.root.dataset.seq = String(this.view.seq); // tests wait on this: it only grows
    if (focused) {
      const again =
        this.parts.hand.querySelector(`[data-card="${CSS.escape(focused)}"]`) ||
        this.parts.hand.querySelector("[tabindex='0']");
      again?.focus();
    }
    // the same control again after a redraw (the deal's end, a recalled trick, the log's button)
    if (focusedId && document.activeElement?.id !== focusedId) document.getElementById(focusedId)?.focus();
    const lost = !this.root.contains(document.activeElement);
    const atHand = document.activeElement?.closest?.(".seat-bottom");
    if ((inside && lost) || (over && !this.resultSeen && (lost || atHand) && (inside || document.activeElement === document.body)))
      this.keepFocus();
    if (over) this.resultSeen = true;
    this.stopIfDue();
  }

  // The hand keeps, for the deal, the most rows it took (style.css sizes them): a row of cards
  // played away must not make the page shorter, for a phone scrolled to its foot then moves
  // everything down, and a tap aimed at "I'm back" or a button lands on a card. A new width (a
  // turned phone) starts over.
  keepHandRoom() {
    const part = this.parts.hand;
    const key = `${this.view.id}:${window.innerWidth}`;
    if (this.view.phase === "over" || this.handRoom?.key !== key) this.handRoom = { key, rows: 1 };
    const rows = new Set([...part.querySelectorAll(".card")].map((card) => card.offsetTop)).size;
    this.handRoom.rows = Math.max(this.handRoom.rows, rows);
    if (this.handRoom.rows > 1) part.dataset.rows = String(this.handRoom.rows);
    else delete part.dataset.rows;
  }

  // The control that had the focus is gone (the hand at the deal's end, a move taken): the
  // focus goes to what comes next, not to the top of the page.
  keepFocus() {
    const next = ["#next-deal", "#result-heading", "#hand [tabindex='0']", "#moves button", "#last-trick-button"]
      .map((s) => this.root.querySelector(s))
      .find(Boolean);
    next?.focus();
  }

  wholeDeal() {
    this.whole = !this.whole;
    this.render();
    document.getElementById("whole-deal")?.focus();
  }

  // How long each trick taken stayed in view: from the render that first showed it to the one
  // that took it away (the page's own clock; tests read data-tricks-held).
  timeTrick() {
    const shown = this.root.querySelector("#trick.taken") ? this.history.lastTrick.seq : null;
    if (shown === this.trickShown) return;
    const now = performance.now();
    if (this.trickShown != null) this.held.push(Math.round(now - this.trickSince));
    this.trickShown = shown;
    this.trickSince = now;
    this.root.dataset.tricksHeld = this.held.join(" ");
  }

  autoStop(on) {
    autoStop.set(on);
    this.stopIfDue();
  }

  // The player's own "stop for me": once a view, when stop is all this seat may do.
  stopIfDue() {
    const move = autoStop.due(this.ctx());
    if (!move || this.busy || this.autoStopped === this.view.seq) return;
    this.autoStopped = this.view.seq;
    this.play(move);
  }

  result(ctx) {
    const m = this.match;
    const last = m.deals[m.deals.length - 1];
    const next = last && last.id !== this.view.id ? last.id : null;
    return h(
      "section",
      { class: "result", id: "result", "aria-labelledby": "result-heading" },
      h("h2", { id: "result-heading", tabIndex: -1 }, endHeading(ctx, m)),
      h("p", { id: "result-text" }, resultSentence(ctx, this.view.result)),
      h("p", { id: "match-text" }, totals(ctx, m)),
      sheetTable(this.sheet),
      h(
        "nav",
        { class: "links" },
        next
          ? h("a", { href: path("deals", next), id: "next-deal", class: "button primary" }, "Next deal →")
          : null,
        h(
          "a",
          { href: path("deals", this.view.id, "replay"), id: "open-replay", class: "button" },
          "Replay this deal",
        ),
        rematchButton(ctx, m, this.token, this.me),
        h("a", { href: "/", class: "button" }, "Lobby"),
      ),
    );
  }

  error(text) {
    this.parts.error.textContent = text || "";
  }

  // A move is made against the view it was chosen from (expected_seq); talk is not.
  async play(move, againstView = true) {
    if (this.busy) return;
    this.busy = true;
    this.error("");
    try {
      const body = againstView ? { ...move, expected_seq: this.view.seq } : move;
      const answer = await postMove(path("v1", "deals", this.view.id, "moves"), body, this.token, (err) =>
        this.error(retryWords(err)),
      );
      this.error(""); // it landed: whatever the retries said is over
      // The answer is news only if it follows on from what the stream has told us.
      if (answer.events.length && answer.events[0].seq === this.pacer.seq + 1) {
        for (const env of answer.events) this.pacer.push({ event: env });
        this.pacer.push({ view: answer.view });
      }
    } catch (err) {
      if (err.kind === "stale-seq") await this.refresh();
      else this.error(problemWords(err));
      if (err.kind === "seat-away") await this.refreshMatch().then(() => this.render());
    } finally {
      this.busy = false;
    }
    this.stopIfDue(); // a view that came in while this move was on its way
  }

  // An away seat (its clock ran out too often): a bot plays it until its holder is back.
  backButton() {
    const back = async () => {
      try {
        await api("POST", path("v1", "matches", this.match.id, "seats", String(this.me), "back"), undefined, this.token);
        // the server's answer is the latest word on who is away
        this.awayFrom(this.nextAsk(), (this.match.away || []).filter((seat) => seat !== this.me));
        this.render();
        await this.refreshMatch();
        this.render();
      } catch (err) {
        this.error(problemWords(err));
      }
    };
    return h("button", { id: "back", class: "button", events: { click: back } }, "I'm back");
  }

  async refresh() {
    try {
      this.pacer.push({ view: await api("GET", path("v1", "deals", this.view.id), undefined, this.token) });
    } catch (err) {
      this.error(problemWords(err));
    }
  }
}
