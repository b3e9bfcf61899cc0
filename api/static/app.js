// Tricklog's web table: lobby, live table (Server-Sent Events) and replay. Plain JavaScript,
// no build step; it speaks only the public HTTP API.
"use strict";

const $ = (id) => document.getElementById(id);
const SUIT = { S: "♠", H: "♥", D: "♦", C: "♣" };
const state = { deal: null, token: null, source: null, view: null, replay: null };
let rulesets = [];

async function api(method, path, body, token) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = "Bearer " + token;
  const resp = await fetch(path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const data = resp.headers.get("content-type")?.includes("json") ? await resp.json() : await resp.text();
  if (!resp.ok) throw new Error(data.detail ? `${data.title}: ${data.detail}` : `HTTP ${resp.status}`);
  return data;
}

function tokens() { return JSON.parse(localStorage.getItem("tricklog.tokens") || "{}"); }
function saveTokens(match, list) {
  const all = tokens(); all[match] = list; localStorage.setItem("tricklog.tokens", JSON.stringify(all));
}

function cardEl(code, extra) {
  const el = document.createElement("div");
  el.className = "card" + ("HD".includes(code.slice(-1)) ? " red" : "") + (extra ? " " + extra : "");
  el.textContent = code.slice(0, -1) + SUIT[code.slice(-1)];
  el.dataset.card = code;
  return el;
}

// -- lobby ---------------------------------------------------------------------------------

async function lobby() {
  show("lobby");
  rulesets = (await api("GET", "/v1/rulesets")).rulesets;
  const select = $("ruleset");
  select.innerHTML = rulesets.map((r) => `<option value="${r.id}">${r.id} — ${r.title}</option>`).join("");
  select.value = select.value || "sedma";
  pickRuleset();
  const list = (await api("GET", "/v1/matches")).matches;
  $("matches").querySelector("tbody").innerHTML = list.map((m) => {
    const deal = m.deals[m.deals.length - 1];
    return `<tr><td>${m.id}</td><td>${m.ruleset}</td><td>${m.seats.map((s) => s.name).join(", ")}</td>
      <td>${m.totals.join(" : ")}${m.rubbers ? ` (rubbers ${m.rubbers.won.join(" : ")})` : ""}</td><td>${m.status}</td>
      <td><button data-deal="${deal.id}" data-match="${m.id}" class="watch">open</button></td></tr>`;
  }).join("");
  for (const b of document.querySelectorAll("button.watch")) {
    b.onclick = () => openDeal(b.dataset.deal, (tokens()[b.dataset.match] || [])[0]?.token || null);
  }
}

function pickRuleset() {
  const r = rulesets.find((x) => x.id === $("ruleset").value);
  $("players").innerHTML = r.players.map((n) => `<option>${n}</option>`).join("");
  $("players").value = r.players.includes(4) ? 4 : r.players[0];
  pickPlayers();
}

function pickPlayers() {
  const n = Number($("players").value);
  renderOptions(rulesets.find((x) => x.id === $("ruleset").value), n);
  $("seats").innerHTML = Array.from({ length: n }, (_, i) => `<label>Seat ${i}
    <input class="seat-name" value="${i === 0 ? "You" : "Bot " + i}" size="8">
    <select class="seat-bot"><option value="">person</option><option>random</option>
      <option ${i ? "selected" : ""}>heuristic</option><option>search</option></select></label>`).join("");
}

// One input per option of the catalogue, at its default for this player count; only the
// options a person changes are sent, so the server's defaults stay the server's.
function renderOptions(ruleset, players) {
  const box = $("options"); box.innerHTML = "<legend>Options (hover over one for what it does)</legend>";
  for (const o of ruleset.options) {
    const initial = (o.default_by_players || {})[players] ?? o.default;
    let input;
    if (o.choices) {
      input = document.createElement("select");
      for (const c of o.choices) input.append(new Option(String(c), String(c)));
    } else if (o.type === "boolean") {
      input = Object.assign(document.createElement("input"), { type: "checkbox" });
    } else if (o.type === "integer") {
      input = Object.assign(document.createElement("input"), { type: "number", min: o.minimum ?? "", max: o.maximum ?? "" });
    } else {
      input = Object.assign(document.createElement("input"), { size: 12, placeholder: "cards, e.g. 8D 9D" });
    }
    if (o.type === "boolean") input.checked = initial; else input.value = Array.isArray(initial) ? initial.join(" ") : String(initial);
    Object.assign(input.dataset, { option: o.name, type: o.type, initial: optionValue(input, o.type) === undefined ? "" : JSON.stringify(optionValue(input, o.type)) });
    const label = Object.assign(document.createElement("label"), { title: o.description });
    label.append(o.name + " ", input);
    box.append(label);
  }
  box.hidden = !ruleset.options.length;
}

function optionValue(input, type) {
  if (type === "boolean") return input.checked;
  if (type === "integer") return input.value === "" ? undefined : Number(input.value);
  if (type === "cards") return input.value.split(/[\s,]+/).filter(Boolean);
  return input.value;
}

function chosenOptions() {
  const options = {};
  for (const input of document.querySelectorAll("#options [data-option]")) {
    const value = optionValue(input, input.dataset.type);
    if (value !== undefined && JSON.stringify(value) !== input.dataset.initial) options[input.dataset.option] = value;
  }
  return options;
}

async function create(event) {
  event.preventDefault();
  try {
    const seats = [...document.querySelectorAll("#seats label")].map((l) => {
      const bot = l.querySelector(".seat-bot").value;
      return bot ? { name: l.querySelector(".seat-name").value, bot } : { name: l.querySelector(".seat-name").value };
    });
    const match = await api("POST", "/v1/matches", {
      ruleset: $("ruleset").value, players: Number($("players").value), seats, options: chosenOptions() });
    saveTokens(match.id, match.tokens);
    const human = seats.findIndex((s) => !s.bot);
    openDeal(match.deal.id, human >= 0 ? match.tokens[human].token : null);
  } catch (e) { alert(e.message); }
}

// -- the table -----------------------------------------------------------------------------

function openDeal(deal, token) {
  state.deal = deal; state.token = token || null;
  show("table-view");
  $("deal-title").textContent = `deal ${deal}` + (token ? "" : " (watching)");
  $("error").textContent = "";
  if (state.source) state.source.close();
  const query = token ? "?token=" + encodeURIComponent(token) : "";
  state.source = new EventSource(`/v1/deals/${deal}/stream${query}`);
  state.source.addEventListener("view", (e) => render(JSON.parse(e.data)));
  state.source.addEventListener("event", (e) => showTaken(JSON.parse(e.data)));
  $("last-trick").textContent = "";
  state.source.addEventListener("end", () => { $("live-state").textContent = "deal over"; state.source.close(); });
  state.source.onerror = () => { $("live-state").textContent = "reconnecting…"; };
  state.source.onopen = () => { $("live-state").textContent = "live"; };
}

function render(view) {
  state.view = view;
  const who = (s) => s === null || s === undefined ? "—" : `seat ${s}` + (s === view.seat ? " (you)" : "");
  const parts = [`<span>game: ${view.ruleset}</span>`, `<span>turn: ${who(view.turn)}</span>`,
    `<span>phase: ${view.phase}</span>`, `<span>dealer: ${who(view.dealer)}</span>`];
  if (view.captures) parts.push(`<span>stock: ${view.stock_size}</span>`);  // the trick games deal all
  if (view.sides && view.sides.some((side) => side.length > 1)) {
    parts.push(`<span>sides: ${view.sides.map((side) => side.join("+")).join(" vs ")}</span>`);
  }
  if (view.trump) parts.push(`<span>trump: ${SUIT[view.trump]}</span>`);
  else if (view.tricks) parts.push("<span>trump: none</span>");  // no-trump hands; Sedma has none at all
  if (view.trump_card) parts.push(`<span>turned: ${view.trump_card}</span>`);
  if (view.bids) parts.push(`<span>bids: ${view.bids.map((b) => b ?? "·").join(" ")}</span>`);
  if (view.tricks) parts.push(`<span>tricks per seat: ${view.tricks.join(" ")}</span>`);
  if (view.captures) parts.push(`<span>captures per side: ${view.captures.join(" : ")}</span>`);
  if (view.winning !== null && view.winning !== undefined) parts.push(`<span>winning the trick: ${who(view.winning)}</span>`);
  $("info").innerHTML = parts.join("");
  $("info").dataset.seq = view.seq;  // tests wait on this: the text can repeat, seq only grows
  const table = $("table-cards"); table.innerHTML = "";
  for (const t of view.table) { const el = cardEl(t.card); el.innerHTML += `<small>seat ${t.seat}</small>`; table.append(el); }
  const legalCards = new Set(view.legal_moves.filter((m) => m.type === "play").map((m) => m.card));
  $("hand-label").hidden = view.seat === null;
  const hand = $("hand"); hand.innerHTML = "";
  for (const c of view.hand) {
    const el = cardEl(c, legalCards.has(c) ? "legal" : "");
    if (legalCards.has(c)) el.onclick = () => play({ type: "play", card: c });
    hand.append(el);
  }
  renderMoves(view.legal_moves.filter((x) => x.type !== "play"));
  $("partner").textContent = view.partner_hand ? "partner holds: " + view.partner_hand.join(" ") : "";
  renderTalk(view.table_talk, view.seat);
  $("status").textContent = view.turn === view.seat && view.seat !== null ? "Your turn." : "";
  const over = view.phase === "over";
  $("result").textContent = over ? `Result: points ${view.result.points.join(" : ")} — worth ${view.result.score.match_points.join(" : ")}` : "";
  $("next-deal").hidden = !over; $("open-replay").hidden = !over;
}

function moveLabel(m) {
  return (m.value !== undefined ? String(m.value) : "") + (m.suit ? SUIT[m.suit] : "")
    + (m.by ? "by " + m.by : "") + (m.type === "call" ? (m.card || "nobody") : "");
}

// One button a move; a kind with many (an auction's values, the card to call) becomes one list
// and one button.
function renderMoves(list) {
  const moves = $("moves"); moves.innerHTML = "";
  const button = (text, onclick) => Object.assign(document.createElement("button"), { textContent: text, onclick });
  for (const type of [...new Set(list.map((m) => m.type))]) {
    const kind = list.filter((m) => m.type === type);
    if (kind.length > 12) {
      const pick = Object.assign(document.createElement("select"), { id: type + "-choice" });
      kind.forEach((m, i) => pick.append(new Option(moveLabel(m), String(i))));
      moves.append(pick, button(type, () => play(kind[Number(pick.value)])));
    } else {
      for (const m of kind) moves.append(button(`${m.type} ${moveLabel(m)}`.trim(), () => play(m)));
    }
  }
}

// Table talk (Sedmice with the option table_talk): canned calls to the partner, any time.
function renderTalk(talk, seat) {
  const box = $("talk"); box.innerHTML = "";
  if (!talk) return;
  for (const [word, meaning] of Object.entries(talk.words)) {
    box.append(Object.assign(document.createElement("button"), {
      textContent: `say “${word}” (${meaning})`, className: "say",
      onclick: () => play({ type: "hint", word }, false) }));
  }
  const said = (who, h) => h ? ` ${who} said “${h.word}” after ${h.cards_played} cards.` : "";
  const mine = talk.heard.filter((h) => h.seat === seat).pop();
  const partner = talk.heard.filter((h) => h.seat !== seat).pop();
  box.append(Object.assign(document.createElement("span"), {
    id: "heard", textContent: said("You", mine) + said("Your partner", partner) }));
}

// Bots answer at once, so the last card of a trick is never on the table in a view: show what
// the last capture took, from the stream's event frames.
function showTaken(env) {
  if (env.type !== "trick_taken") return;
  const box = $("last-trick"); box.innerHTML = "";
  const points = env.data.points !== undefined ? `, ${env.data.points} points` : "";
  box.append(Object.assign(document.createElement("span"), {
    className: "label", textContent: `last taken by seat ${env.data.seat}${points}:` }));
  for (const c of env.data.cards) box.append(cardEl(c, "small"));
}

// A move is made against the view it was chosen from (expected_seq); talk is not.
async function play(move, againstView = true) {
  $("error").textContent = "";
  try {
    const seq = againstView ? { expected_seq: state.view.seq } : {};
    await api("POST", `/v1/deals/${state.deal}/moves`, { ...move, ...seq }, state.token);
  } catch (e) { $("error").textContent = e.message; }
}

async function nextDeal() {
  const match = await api("GET", "/v1/matches/" + state.view.match_id);
  const last = match.deals[match.deals.length - 1];
  if (last.id === state.deal) { $("error").textContent = match.status === "over" ? `Match over: side ${match.winner} wins (${match.totals.join(" : ")}).` : "The next deal is not ready yet."; return; }
  openDeal(last.id, state.token);
}

// -- replay --------------------------------------------------------------------------------

async function openReplay() {
  show("replay-view");
  const view = await api("GET", `/v1/deals/${state.deal}`, null, state.token);
  state.replay = { total: view.seq, at: 1 };
  $("replay-title").textContent = `replay of ${state.deal}`;
  $("slider").max = view.seq; $("verdict").textContent = "";
  step(1);
}

async function step(at) {
  const r = state.replay;
  r.at = Math.max(1, Math.min(r.total, at));
  $("slider").value = r.at; $("position").textContent = `event ${r.at} of ${r.total}`;
  const view = await api("GET", `/v1/deals/${state.deal}/replay?at=${r.at}`, null, state.token);
  const e = view.event;
  $("replay-event").textContent = `#${e.seq} ${e.type}` + (e.seat !== null ? ` by seat ${e.seat}` : "") + "\n" + JSON.stringify(e.data);
  const board = $("replay-board"); board.innerHTML = "";
  const row = (label, cards) => {
    const div = document.createElement("div"); div.className = "cards";
    div.append(Object.assign(document.createElement("span"), { textContent: label }));
    for (const c of cards) div.append(cardEl(c));
    board.append(div);
  };
  row("table", view.table.map((t) => t.card));
  (view.hands || []).forEach((h, s) => row(`seat ${s}`, h));
}

async function audit() {
  $("verdict").textContent = "auditing…";
  try {
    const job = await api("POST", "/v1/audits", { deal_id: state.deal });
    for (let i = 0; i < 60; i++) {
      const j = await api("GET", "/v1/jobs/" + job.id);
      if (j.status === "finished") { $("verdict").textContent = j.result.ok ? "OK: " + j.result.checks.join(", ") : "FAILED: " + j.result.first_error.why; return; }
      if (j.status === "failed") { $("verdict").textContent = "the audit job failed"; return; }
      await new Promise((r) => setTimeout(r, 500));
    }
    $("verdict").textContent = "no worker answered (is `tricklog worker` running?)";
  } catch (e) { $("verdict").textContent = e.message; }
}

function show(id) { for (const s of ["lobby", "table-view", "replay-view"]) $(s).hidden = s !== id; }

$("ruleset").onchange = pickRuleset;
$("players").onchange = pickPlayers;
$("create").onsubmit = create;
$("open").onsubmit = (e) => { e.preventDefault(); openDeal($("open-deal").value.trim(), $("open-token").value.trim() || null); };
$("back").onclick = () => { if (state.source) state.source.close(); lobby(); };
$("next-deal").onclick = nextDeal;
$("open-replay").onclick = openReplay;
$("replay-back").onclick = () => openDeal(state.deal, state.token);
$("first").onclick = () => step(1);
$("prev").onclick = () => step(state.replay.at - 1);
$("next").onclick = () => step(state.replay.at + 1);
$("last").onclick = () => step(state.replay.total);
$("slider").oninput = () => step(Number($("slider").value));
$("run-audit").onclick = audit;
lobby();
