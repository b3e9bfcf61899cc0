// The page's game logic (games.js, words.js) under Node, without a browser: the catalogue is
// read from the file given, `fetch` answers with it. For every preset it prints, as one JSON
// line, how a hand is sorted, what the match plays to and the turn's sentence.
import fs from "node:fs";

const [file, root] = process.argv.slice(2);
const rulesets = JSON.parse(fs.readFileSync(file, "utf8"));
globalThis.location = { origin: "http://localhost", pathname: "/" };
globalThis.fetch = async () => ({
  ok: true,
  status: 200,
  headers: new Map([["content-type", "application/json"]]),
  json: async () => ({ rulesets }),
  text: async () => JSON.stringify({ rulesets }),
});
const games = await import(`${root}/api/static/js/games.js`);
const words = await import(`${root}/api/static/js/words.js`);
const api = await import(`${root}/api/static/js/api.js`);
for (const page of ["table", "deal", "hand", "history", "replay", "lobby", "new-match"]) {
  await import(`${root}/api/static/js/${page}.js`); // every module that reads the facts loads
}
await api.catalogue();

for (const r of rulesets) {
  const options = Object.fromEntries(r.options.map((o) => [o.name, o.default]));
  const players = r.players.at(-1);
  const view = {
    ruleset: r.id, trump: "H", phase: "play", turn: 1, legal_moves: [],
    table: [{ seat: 0, card: "KS" }],
  };
  const ctx = { view, me: 1, names: ["Ana", "Bo"], match: {} };
  console.log(JSON.stringify({
    id: r.id,
    sorted: games.sortHand(["2H", "AS", "3H", "KS", "JH", "7C", "10D"], view),
    target: games.target({ ruleset: r.id, options, players }).text,
    clockwise: games.clockwise(r.id),
    turn: words.phaseSentence(ctx),
    taken: words.eventSentence(ctx, { type: "trick_taken", data: { seat: 0, cards: [], points: 14 } }),
    abandoned: words.eventSentence({ ...ctx, match: { sides: [[0], [1]] } },
      { type: "abandoned", data: { reason: "forfeit", seat: 0, side: 0 } }),
    unplayed: words.resultSentence(ctx, undefined),
  }));
}
