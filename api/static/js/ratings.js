// The lobby's ratings: the leaderboard of one game and player count (GET /v1/ratings), from
// the rated matches; players and bots (built-in ones and the ladder's webhook bots) alike.
import { api } from "./api.js";
import { fill, h } from "./dom.js";
import { problemWords } from "./words.js";

export function ratingsSection() {
  return h(
    "section",
    { "aria-labelledby": "ratings-title", id: "ratings" },
    h("h2", { id: "ratings-title" }, "Ratings"),
    h(
      "form",
      { id: "ratings-form", events: { change: show, submit: (e) => e.preventDefault() } },
      h("label", {}, "Game ", h("select", { id: "ratings-game" })),
    ),
    h("div", { id: "ratings-board" }, h("p", { class: "muted" }, "Loading…")),
    h("div", { id: "ladder-board" }),
  );
}

// Every game and player count of the catalogue (in its order), then the first one's board.
export function offerRatings(rulesets) {
  const select = document.getElementById("ratings-game");
  if (!select) return;
  fill(
    select,
    rulesets.flatMap((r) =>
      r.players.map((n) =>
        h("option", { value: `${r.id}:${n}` }, `${r.id}, ${n} players`),
      ),
    ),
  );
  show();
}

async function show() {
  const board = document.getElementById("ratings-board");
  const [preset, players] = document.getElementById("ratings-game").value.split(":");
  try {
    const got = await api("GET", `/v1/ratings?preset=${encodeURIComponent(preset)}&players=${players}`);
    fill(board, got.ratings.length ? table(got.ratings) : h("p", { class: "muted" }, "No rated match yet."));
    await ladder(preset, Number(players));
  } catch (err) {
    fill(board, h("p", { class: "error", role: "alert" }, problemWords(err)));
  }
}

function table(rows) {
  const head = ["#", "Name", "Rating", "±", "Matches"];
  return h(
    "table",
    { class: "matches ratings" },
    h("thead", {}, h("tr", {}, head.map((t) => h("th", { scope: "col" }, t)))),
    h(
      "tbody",
      {},
      rows.map((r) =>
        h(
          "tr",
          { data: { entity: r.id } },
          h("td", {}, String(r.rank)),
          h("td", {}, r.name, r.id.startsWith("bot:") ? h("span", { class: "muted" }, " (bot)") : null),
          h("td", {}, r.rating.toFixed(1)),
          h("td", {}, r.uncertainty.toFixed(1)),
          h("td", {}, String(r.matches)),
        ),
      ),
    ),
  );
}

// The bots' ladder of that game (GET /v1/ladder/{preset}), where it plays at this player
// count: who entered, how they stand, their rating; the built-in anchors always play.
async function ladder(preset, players) {
  const board = document.getElementById("ladder-board");
  const got = await api("GET", `/v1/ladder/${encodeURIComponent(preset)}`);
  if (got.players !== players) return fill(board);
  const head = ["Name", "Kind", "Status", "Matches", "Rating"];
  const rows = got.entries.map((e) =>
    h(
      "tr",
      { data: { entity: e.id } },
      h("td", {}, e.name),
      h("td", {}, e.kind === "webhook" ? "webhook bot" : "stream bot (player key)"),
      h("td", {}, e.status),
      h("td", {}, String(e.matches ?? 0)),
      h("td", {}, e.rating === null || e.rating === undefined ? "not yet" : e.rating.toFixed(1)),
    ),
  );
  fill(
    board,
    h("h3", { id: "ladder-title" }, "The bots' ladder"),
    h("p", { class: "muted" }, `Always playing as anchors: the built-in ${got.anchors.map((a) => a.replace(/^bot:/, "")).join(", ")} bots.`),
    rows.length
      ? h(
          "table",
          { class: "matches ratings", "aria-labelledby": "ladder-title" },
          h("thead", {}, h("tr", {}, head.map((t) => h("th", { scope: "col" }, t)))),
          h("tbody", {}, rows),
        )
      : h("p", { class: "muted" }, "No bot has entered this ladder yet."),
  );
}
