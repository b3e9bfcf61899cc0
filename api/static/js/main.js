// Tricklog's page: the lobby at /, a table at /deals/{id}, its replay at /deals/{id}/replay.
// Plain modules, no build step; the page speaks only the public HTTP API.
import { dealPage } from "./deal.js";
import { $, fill, h } from "./dom.js";
import { lobbyPage } from "./lobby.js";
import { replayPage } from "./replay.js";

async function route() {
  const main = $("main");
  const parts = location.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  try {
    if (parts[0] === "deals" && parts[1] && parts[2] === "replay") await replayPage(main, parts[1]);
    else if (parts[0] === "deals" && parts[1]) await dealPage(main, parts[1]);
    else await lobbyPage(main);
  } catch (err) {
    fill(
      main,
      h("p", { class: "error", role: "alert" }, `Something went wrong: ${err.message}`),
      h("p", {}, h("a", { href: "/", class: "button" }, "Go to the lobby")),
    );
  }
}

route();
