// "Play against bots" (issue 29 item 11): one button per game of the catalogue, a match at its
// smallest table where you sit in seat 1 and bots take the other seats, opened at once.
import { api, seats } from "./api.js";
import { h, path } from "./dom.js";
import { problemWords } from "./words.js";

const BOT = "heuristic";

export function quickPlay(rulesets, said) {
  return h(
    "ul",
    { class: "quick", id: "quick-list" },
    rulesets.map((r) =>
      h(
        "li",
        {},
        h(
          "button",
          {
            type: "button",
            class: "quick-play",
            data: { ruleset: r.id },
            title: r.title,
            events: { click: () => start(r, said) },
          },
          `${r.title.split(":")[0].split(",")[0]}, ${r.players[0]} players`,
        ),
      ),
    ),
  );
}

async function start(r, said) {
  const n = r.players[0];
  const names = ["You", "Bot 2", "Bot 3", "Bot 4", "Bot 5", "Bot 6"];
  const list = Array.from({ length: n }, (_, i) => (i === 0 ? { name: names[0] } : { name: names[i], bot: BOT }));
  try {
    const match = await api("POST", "/v1/matches", { ruleset: r.id, players: n, seats: list, creator_seat: 0 });
    seats.keep(match.id, match.tokens);
    seats.choose(match.id, 0);
    location.assign(path("deals", match.deal.id));
  } catch (err) {
    said(problemWords(err));
  }
}
