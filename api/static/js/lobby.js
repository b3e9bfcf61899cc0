// The lobby at /: the matches on this server (open yours in your seat, watch the others), a new
// match (game, players, the game's options at their defaults, a person or a bot per seat), and
// joining a seat with a token. An invite link (/?match=…&seat=…&invite=…) claims its seat
// first, keeps the seat's token in this tab and opens the match's table.
import { quickPlay } from "./quick.js";
import { api, catalogue, claim, matchOf, seats, tryAgainLater } from "./api.js";
import { $, fill, h, path } from "./dom.js";
import { target } from "./games.js";
import { createForm, offer } from "./new-match.js";
import { offerRatings, ratingsSection } from "./ratings.js";
import { problemWords } from "./words.js";

let rulesets = [];

export async function lobbyPage(main) {
  const invited = await claimInvite(main);
  if (invited) return;
  document.title = "Tricklog — lobby";
  const list = h("div", { id: "matches" }, h("p", {}, "Loading…"));
  const quick = h("div", { id: "quick" });
  const quickError = h("p", { class: "error", role: "alert", id: "quick-error" });
  fill(
    main,
    h(
      "div",
      { class: "lobby", id: "lobby" },
      h("h1", {}, "Card tables"),
      h(
        "section",
        { "aria-labelledby": "quick-title" },
        h("h2", { id: "quick-title" }, "Play now against bots"),
        quick,
        quickError,
      ),
      h(
        "section",
        { "aria-labelledby": "new-title" },
        h("h2", { id: "new-title" }, "New match"),
        createForm(),
      ),
      h("section", { "aria-labelledby": "matches-title" }, h("h2", { id: "matches-title" }, "Matches"), list),
      h(
        "section",
        { "aria-labelledby": "join-title" },
        h("h2", { id: "join-title" }, "Join a seat with its token"),
        joinForm(),
      ),
      ratingsSection(),
    ),
  );
  await showGames(list, quick, quickError);
}

// The games and the matches; on a failure, its words and another try a little later (the page
// mends itself once the server is back: no reload).
async function showGames(list, quick, quickError, wait = 2000, offered = false) {
  try {
    if (!offered) {
      rulesets = await catalogue();
      offer(rulesets);
      fill(quick, quickPlay(rulesets, (t) => (quickError.textContent = t)));
      offerRatings(rulesets);
      offered = true; // a later try does not reset the form under the player
    }
    const matches = (await api("GET", "/v1/matches")).matches;
    fill(list, matches.length ? matchTable(matches) : h("p", {}, "No match yet: make one above."));
  } catch (err) {
    fill(list, h("p", { class: "error", role: "alert" }, `${problemWords(err)} Trying again…`));
    if (list.isConnected) tryAgainLater((next) => showGames(list, quick, quickError, next, offered), wait);
  }
}

function matchTable(matches) {
  const title = (id) => rulesets.find((r) => r.id === id)?.title.split(":")[0] || id;
  return h(
    "table",
    { class: "matches" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        ["Game", "Seats", "Score", "Status", ""].map((t) => h("th", { scope: "col" }, t)),
      ),
    ),
    h(
      "tbody",
      {},
      matches.map((m) => {
        const mine = seats.mine(m.id);
        const last = m.deals[m.deals.length - 1];
        const who = m.seats.map((s, i) =>
          h(
            "span",
            { class: ["seat-name-cell", s.seat === mine && "you"] },
            i ? ", " : "",
            s.name,
            s.bot ? h("span", { class: "muted" }, " (bot)") : null,
            s.seat === mine ? h("strong", {}, " (you)") : null,
          ),
        );
        const status = m.status === "over" ? "over" : `playing · deal ${last.number}`;
        const open =
          m.status === "over"
            ? "See how it ended"
            : mine === null
              ? "Watch"
              : `Play as ${m.seats[mine].name}`;
        return h(
          "tr",
          { data: { match: m.id } },
          h(
            "td",
            {},
            title(m.ruleset),
            h("br"),
            h("span", { class: "muted" }, `${m.players} players · ${target(m).text}`),
          ),
          h("td", {}, who),
          h("td", {}, m.totals.join(" : ")),
          h("td", {}, status),
          h(
            "td",
            {},
            h("a", { href: path("deals", last.id), class: "button open", data: { deal: last.id } }, open),
          ),
        );
      }),
    ),
  );
}

// -- joining a seat -----------------------------------------------------------------------------

// An invite link in the address: claim the seat, then open the match's current deal. The code
// leaves the address bar (and the tab's history) at once. False when there is no invite;
// a refused invite is said in words, with the way to the lobby.
async function claimInvite(main) {
  const query = new URLSearchParams(location.search);
  const code = query.get("invite");
  const matchId = query.get("match");
  const seat = Number(query.get("seat"));
  if (!code || !matchId || !Number.isInteger(seat)) return false;
  history.replaceState(null, "", "/");
  document.title = "Tricklog — taking your seat";
  try {
    await claim(matchId, seat, code);
    const match = await api("GET", path("v1", "matches", matchId));
    location.assign(path("deals", match.deals[match.deals.length - 1].id));
  } catch (err) {
    fill(
      main,
      h(
        "section",
        { class: "notice", id: "notice" },
        h("h1", {}, "This seat could not be taken"),
        h("p", { id: "invite-error" }, problemWords(err)),
        h("p", {}, h("a", { href: "/", class: "button" }, "Go to the lobby")),
      ),
    );
  }
  return true;
}

function joinForm() {
  return h(
    "form",
    { id: "open", events: { submit: join } },
    h(
      "label",
      {},
      "Deal ",
      h("input", { id: "open-deal", placeholder: "m0123456789abcdef.1", size: 24, required: true }),
    ),
    h(
      "label",
      {},
      " Seat token ",
      h("input", { id: "open-token", placeholder: "(empty: watch)", size: 30, autocomplete: "off" }),
    ),
    h("button", { type: "submit" }, "Open"),
    h("p", { id: "join-error", class: "error", role: "alert" }),
  );
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
