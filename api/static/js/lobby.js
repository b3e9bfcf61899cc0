// The lobby at /: the matches on this server (open yours in your seat, watch the others), a new
// match (game, players, the game's options at their defaults, a person or a bot per seat), and
// joining a seat with a token someone gave you.
import { catalogue, matchOf, seats, api } from "./api.js";
import { $, fill, h, path } from "./dom.js";
import { target } from "./games.js";
import { problemWords } from "./words.js";

let rulesets = [];

export async function lobbyPage(main) {
  document.title = "Tricklog — lobby";
  const list = h("div", { id: "matches" }, h("p", {}, "Loading…"));
  fill(main, h("div", { class: "lobby", id: "lobby" },
    h("h1", {}, "Card tables"),
    h("section", { "aria-labelledby": "new-title" }, h("h2", { id: "new-title" }, "New match"), createForm()),
    h("section", { "aria-labelledby": "matches-title" }, h("h2", { id: "matches-title" }, "Matches"), list),
    h("section", { "aria-labelledby": "join-title" }, h("h2", { id: "join-title" }, "Join a seat with its token"), joinForm())));
  try {
    rulesets = await catalogue();
    fill($("ruleset"), rulesets.map((r) => h("option", { value: r.id, selected: r.id === "sedma" }, `${r.title}`)));
    pickRuleset();
    const matches = (await api("GET", "/v1/matches")).matches;
    fill(list, matches.length ? matchTable(matches) : h("p", {}, "No match yet: make one above."));
  } catch (err) {
    fill(list, h("p", { class: "error", role: "alert" }, problemWords(err)));
  }
}

function matchTable(matches) {
  const title = (id) => rulesets.find((r) => r.id === id)?.title.split(":")[0] || id;
  return h("table", { class: "matches" },
    h("thead", {}, h("tr", {}, ["Game", "Seats", "Score", "Status", ""].map((t) => h("th", { scope: "col" }, t)))),
    h("tbody", {}, matches.map((m) => {
      const mine = seats.mine(m.id);
      const last = m.deals[m.deals.length - 1];
      const who = m.seats.map((s, i) => h("span", { class: ["seat-name-cell", s.seat === mine && "you"] },
        i ? ", " : "", s.name, s.bot ? h("span", { class: "muted" }, " (bot)") : null, s.seat === mine ? h("strong", {}, " (you)") : null));
      const status = m.status === "over" ? "over" : `playing · deal ${last.number}`;
      const open = mine === null ? "Watch" : `Play as ${m.seats[mine].name}`;
      return h("tr", { data: { match: m.id } },
        h("td", {}, title(m.ruleset), h("br"), h("span", { class: "muted" }, `${m.players} players · ${target(m).text}`)),
        h("td", {}, who),
        h("td", {}, m.totals.join(" : ")),
        h("td", {}, status),
        h("td", {}, h("a", { href: path("deals", last.id), class: "button open", data: { deal: last.id } }, open)));
    })));
}

// -- a new match ------------------------------------------------------------------------------

function createForm() {
  return h("form", { id: "create", events: { submit: create } },
    h("div", { class: "row" },
      h("label", {}, "Game ", h("select", { id: "ruleset", events: { change: pickRuleset } })),
      h("label", {}, "Players ", h("select", { id: "players", events: { change: pickPlayers } }))),
    h("fieldset", { id: "options" }),
    h("fieldset", { id: "seats-box" }, h("legend", {}, "Seats, in the order of play (the first seat played by a person is yours)"), h("div", { id: "seats" })),
    h("button", { type: "submit", id: "create-button", class: "primary" }, "Create match and sit down"),
    h("p", { id: "create-error", class: "error", role: "alert" }));
}

function pickRuleset() {
  const r = rulesets.find((x) => x.id === $("ruleset").value);
  fill($("players"), r.players.map((n) => h("option", { value: String(n), selected: n === (r.players.includes(4) ? 4 : r.players[0]) }, String(n))));
  pickPlayers();
}

function pickPlayers() {
  const n = Number($("players").value);
  renderOptions(rulesets.find((x) => x.id === $("ruleset").value), n);
  const kinds = ["person", "random", "heuristic", "search"];
  fill($("seats"), Array.from({ length: n }, (_, i) => h("div", { class: "seat-row" },
    h("label", {}, `Seat ${i + 1} `, h("input", { class: "seat-name", value: i === 0 ? "You" : `Bot ${i + 1}`, size: 10, maxlength: 64, "aria-label": `seat ${i + 1} name` })),
    h("label", {}, " played by ", h("select", { class: "seat-bot", "aria-label": `seat ${i + 1} played by` },
      kinds.map((k) => h("option", { value: k === "person" ? "" : k, selected: (i === 0) === (k === "person") && (i === 0 || k === "heuristic") }, k === "person" ? "a person" : `bot: ${k}`)))))));
}

// One input per option of the catalogue, at its default for this player count; only the
// options a person changes are sent, so the server's defaults stay the server's.
function renderOptions(ruleset, players) {
  const box = $("options");
  fill(box, h("legend", {}, "Options"));
  for (const o of ruleset.options) {
    const initial = (o.default_by_players || {})[players] ?? o.default;
    let input;
    if (o.choices) input = h("select", {}, o.choices.map((c) => h("option", { value: String(c), selected: String(c) === String(initial) }, String(c))));
    else if (o.type === "boolean") input = h("input", { type: "checkbox", checked: Boolean(initial) });
    else if (o.type === "integer") input = h("input", { type: "number", min: o.minimum ?? "", max: o.maximum ?? "", value: String(initial) });
    else input = h("input", { size: 12, placeholder: "cards, e.g. 8D 9D", value: Array.isArray(initial) ? initial.join(" ") : String(initial ?? "") });
    input.dataset.option = o.name;
    input.dataset.type = o.type;
    input.dataset.initial = JSON.stringify(optionValue(input, o.type) ?? null);
    box.append(h("label", { title: o.description }, o.name + " ", input, h("span", { class: "hint" }, o.description)));
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
  $("create-error").textContent = "";
  const chosen = [...document.querySelectorAll("#seats .seat-row")].map((row) => {
    const bot = row.querySelector(".seat-bot").value;
    const name = row.querySelector(".seat-name").value.trim();
    return bot ? { name, bot } : { name };
  });
  try {
    const match = await api("POST", "/v1/matches", {
      ruleset: $("ruleset").value, players: Number($("players").value), seats: chosen, options: chosenOptions() });
    const people = match.tokens.filter((t) => !chosen[t.seat].bot);
    seats.keep(match.id, people);
    seats.choose(match.id, people.length ? people[0].seat : null);
    location.assign(path("deals", match.deal.id));
  } catch (err) {
    $("create-error").textContent = err.kind === "validation"
      ? `Not created: ${err.problem.field} — ${flatten(err.problem.errors).join("; ")}` : problemWords(err);
  }
}

const flatten = (errors) => (Array.isArray(errors) ? errors : Object.values(errors || {}).flatMap(flatten));

// -- joining a seat -----------------------------------------------------------------------------

function joinForm() {
  return h("form", { id: "open", events: { submit: join } },
    h("label", {}, "Deal ", h("input", { id: "open-deal", placeholder: "m0123456789abcdef.1", size: 24, required: true })),
    h("label", {}, " Seat token ", h("input", { id: "open-token", placeholder: "(empty: watch)", size: 30, autocomplete: "off" })),
    h("button", { type: "submit" }, "Open"),
    h("p", { id: "join-error", class: "error", role: "alert" }));
}

async function join(event) {
  event.preventDefault();
  const deal = $("open-deal").value.trim();
  const token = $("open-token").value.trim();
  if (token) {
    try {
      const view = await api("GET", path("v1", "deals", deal), undefined, token);
      seats.keep(view.match_id, [{ seat: view.seat, token }]);
      seats.choose(view.match_id, view.seat);
    } catch (err) {
      $("join-error").textContent = problemWords(err);
      return;
    }
  } else {
    seats.choose(matchOf(deal), null);
  }
  location.assign(path("deals", deal));
}
