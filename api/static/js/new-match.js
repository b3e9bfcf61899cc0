// The lobby's form for a new match: game, players, every option of the game at its default for
// that player count, a name and a person or a bot for each seat, and the seat you sit in. Only
// your own seat's token is kept (in this tab); every other person's seat gets an invite link to
// share, which that person opens to claim the seat.
import { api, seats } from "./api.js";
import { $, fill, h, path } from "./dom.js";
import { fieldWords, problemWords } from "./words.js";
import { qrImage } from "./qr.js";

let rulesets = [];

export function offer(list) {
  rulesets = list;
  fill(
    $("ruleset"),
    rulesets.map((r, i) => h("option", { value: r.id, selected: i === 0 }, `${r.title}`)),
  );
  pickRuleset();
}

export function createForm() {
  return h(
    "form",
    { id: "create", events: { submit: create } },
    h(
      "div",
      { class: "row" },
      h("label", {}, "Game ", h("select", { id: "ruleset", events: { change: pickRuleset } })),
      h("label", {}, "Players ", h("select", { id: "players", events: { change: pickPlayers } })),
    ),
    h("fieldset", { id: "options" }),
    h(
      "fieldset",
      { id: "seats-box" },
      h("legend", {}, "Seats, in the order of play"),
      h("div", { id: "seats" }),
      h("label", {}, "You sit in ", h("select", { id: "creator-seat" })),
    ),
    h("button", { type: "submit", id: "create-button", class: "primary" }, "Create match and sit down"),
    h("p", { id: "create-error", class: "error", role: "alert" }),
  );
}

function pickRuleset() {
  const r = rulesets.find((x) => x.id === $("ruleset").value);
  fill(
    $("players"),
    r.players.map((n) =>
      h(
        "option",
        { value: String(n), selected: n === (r.players.includes(4) ? 4 : r.players[0]) },
        String(n),
      ),
    ),
  );
  pickPlayers();
}

function pickPlayers() {
  const n = Number($("players").value);
  fill(
    $("creator-seat"),
    Array.from({ length: n }, (_, i) => h("option", { value: String(i), selected: i === 0 }, `seat ${i + 1}`)),
    h("option", { value: "" }, "no seat: I only invite"),
  );
  renderOptions(
    rulesets.find((x) => x.id === $("ruleset").value),
    n,
  );
  const kinds = ["person", "random", "heuristic", "search"];
  fill(
    $("seats"),
    Array.from({ length: n }, (_, i) =>
      h(
        "div",
        { class: "seat-row" },
        h(
          "label",
          {},
          `Seat ${i + 1} `,
          h("input", {
            class: "seat-name",
            value: i === 0 ? "You" : `Bot ${i + 1}`,
            size: 10,
            maxlength: 64,
            "aria-label": `seat ${i + 1} name`,
          }),
        ),
        h(
          "label",
          {},
          " played by ",
          h(
            "select",
            { class: "seat-bot", "aria-label": `seat ${i + 1} played by` },
            kinds.map((k) =>
              h(
                "option",
                {
                  value: k === "person" ? "" : k,
                  selected: (i === 0) === (k === "person") && (i === 0 || k === "heuristic"),
                },
                k === "person" ? "a person" : `bot: ${k}`,
              ),
            ),
          ),
        ),
      ),
    ),
  );
}

// An option's code name as words: "target_stakes" is "Target stakes", "all_points" "all points".
export function readable(code, capital = false) {
  const words = code.replace(/_/g, " ");
  return capital ? words.charAt(0).toUpperCase() + words.slice(1) : words;
}

// One input per option of the catalogue, at its default for this player count; only the
// options a person changes are sent, so the server's defaults stay the server's.
function renderOptions(ruleset, players) {
  const box = $("options");
  fill(box, h("legend", {}, "Options"));
  for (const o of ruleset.options) {
    const initial = (o.default_by_players || {})[players] ?? o.default;
    let input;
    if (o.choices)
      input = h(
        "select",
        {},
        o.choices.map((c) =>
          h("option", { value: String(c), selected: String(c) === String(initial) }, readable(String(c))),
        ),
      );
    else if (o.type === "boolean") input = h("input", { type: "checkbox", checked: Boolean(initial) });
    else if (o.type === "integer")
      input = h("input", {
        type: "number",
        min: o.minimum ?? "",
        max: o.maximum ?? "",
        value: String(initial),
      });
    else
      input = h("input", {
        size: 12,
        placeholder: "cards, e.g. 8D 9D",
        value: Array.isArray(initial) ? initial.join(" ") : String(initial ?? ""),
      });
    input.dataset.option = o.name;
    input.dataset.type = o.type;
    input.dataset.initial = JSON.stringify(optionValue(input, o.type) ?? null);
    box.append(
      h(
        "label",
        { title: o.description, data: { name: o.name } },
        readable(o.name, true) + " ",
        input,
        h("span", { class: "hint" }, o.description),
      ),
    );
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
    if (value !== undefined && JSON.stringify(value) !== input.dataset.initial)
      options[input.dataset.option] = value;
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
  const mine = $("creator-seat").value;
  try {
    const match = await api("POST", "/v1/matches", {
      ruleset: $("ruleset").value,
      players: Number($("players").value),
      seats: chosen,
      options: chosenOptions(),
      ...(mine === "" ? {} : { creator_seat: Number(mine) }),
    });
    seats.keep(match.id, match.tokens);
    seats.choose(match.id, match.tokens.length ? match.tokens[0].seat : null);
    if (match.invites.length) share(match);
    else location.assign(path("deals", match.deal.id));
  } catch (err) {
    $("create-error").textContent =
      err.kind === "validation"
        ? `Not created: ${fieldWords(err.problem.field)} — ${flatten(err.problem.errors).join("; ")}`
        : problemWords(err);
  }
}

// The invites to hand out: one link per other person's seat, each with a copy button. This page
// never holds those seats' tokens: whoever opens a link claims the seat.
function share(match) {
  const origin = location.origin;
  const rows = match.invites.map((invite) => {
    const link = origin + invite.link;
    const field = h("input", {
      class: "invite-link",
      value: link,
      size: 48,
      readonly: true,
      "aria-label": `invite link for seat ${invite.seat + 1}`,
      data: { seat: String(invite.seat) },
    });
    const copy = async () => {
      field.select();
      try {
        await navigator.clipboard.writeText(link);
        note.textContent = "copied";
      } catch {
        note.textContent = "selected: copy it with Ctrl+C";
      }
    };
    const note = h("span", { class: "hint", "aria-live": "polite" });
    return h(
      "li",
      {},
      h("strong", {}, `${match.seats[invite.seat].name} (seat ${invite.seat + 1}) `),
      field,
      " ",
      h("button", { type: "button", class: "copy", events: { click: copy } }, "Copy"),
      " ",
      note,
      qrImage(link, `QR code of the invite link for seat ${invite.seat + 1}`),
    );
  });
  $("create").replaceWith(
    h(
      "section",
      { id: "invites", "aria-labelledby": "invites-title" },
      h("h3", { id: "invites-title" }, "Invite the players"),
      h("p", {}, "Send each person their seat's link. A link seats one player, once: whoever opens it first takes the seat."),
      h("ul", { class: "invites" }, rows),
      h(
        "details",
        {},
        h("summary", {}, "Creator key"),
        h("p", {}, "Keep it to invite a seat again after its player leaves (POST …/seats/{seat}/invite); it is shown only now. ", h("code", { id: "creator-key" }, match.creator_key)),
      ),
      h("p", {}, h("a", { href: path("deals", match.deal.id), id: "to-table", class: "button primary" }, "Go to the table")),
    ),
  );
}

const flatten = (errors) => (Array.isArray(errors) ? errors : Object.values(errors || {}).flatMap(flatten));
