// Public table talk as speech bubbles (issue 29): the last call of each seat that spoke, by
// that seat's plate, while the round it was said in goes on (until as many more cards as there
// are seats have been played). The talk line under the hand keeps the whole record in words.
import { h } from "./dom.js";
import { WORDS_OF_TALK } from "./words.js";

const playedSoFar = (history) =>
  history.events.filter((e) => e.type === "played" || e.type === "continued").length;

// seat -> its bubble, for the seats whose call is fresh.
export function bubbles(ctx, history) {
  const t = ctx.view.table_talk;
  const out = {};
  if (!t || !t.heard.length) return out;
  const now = playedSoFar(history);
  for (const said of t.heard) {
    if (now - said.cards_played >= ctx.view.players) continue;
    const meaning = t.words?.[said.word] || WORDS_OF_TALK[said.word] || "";
    out[said.seat] = h(
      "p",
      { class: "bubble", data: { word: said.word } },
      `“${said.word}”`,
      meaning ? h("span", { class: "meaning" }, ` (${meaning})`) : null,
    );
  }
  return out;
}
