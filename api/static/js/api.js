// The HTTP API, and what this tab remembers: the seat tokens it holds (its own seat of a match
// it made, the seats it claimed with an invite or joined with a token), and which seat of each
// match is yours. They live in sessionStorage, one tab's own: never anyone else's tokens.

export class ApiError extends Error {
  constructor(status, problem) {
    super(problem.detail || problem.title || `HTTP ${status}`);
    this.status = status;
    this.problem = problem;
    this.kind = (problem.type || "").replace("/problems/", "");
  }
}

export async function api(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = "Bearer " + token;
  let resp;
  try {
    resp = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, { title: "The server cannot be reached", type: "/problems/offline" });
  }
  const json = (resp.headers.get("content-type") || "").includes("json");
  const data = json ? await resp.json() : { title: await resp.text() };
  if (!resp.ok) throw new ApiError(resp.status, data);
  return data;
}

let rulesets = null;

// The games this server plays ({id, title, family, players, options}), fetched once a page.
export function catalogue() {
  rulesets ??= api("GET", "/v1/rulesets").then((r) => r.rulesets);
  return rulesets;
}

// A game's short name: its title up to the first colon ("Sueca (Portugal)").
export async function gameName(id) {
  const found = (await catalogue()).find((r) => r.id === id);
  return found ? found.title.split(":")[0].split(",")[0] : id;
}

const TOKENS = "tricklog.tokens"; // {match id: [{seat, token}, ...]}
const SEATS = "tricklog.seats"; // {match id: your seat, or -1 to watch}

function read(key) {
  try {
    return JSON.parse(sessionStorage.getItem(key) || "{}") || {};
  } catch {
    return {};
  }
}
function write(key, value) {
  sessionStorage.setItem(key, JSON.stringify(value));
}

// Claim a seat with its invite's code: the seat's own fresh token, kept in this tab.
export async function claim(matchId, seat, code) {
  const got = await api("POST", `/v1/matches/${encodeURIComponent(matchId)}/seats/${seat}/claim`, { code });
  seats.keep(matchId, [got]);
  seats.choose(matchId, got.seat);
  return got;
}

export const matchOf = (dealId) => dealId.slice(0, Math.max(0, dealId.lastIndexOf(".")));

export const seats = {
  tokens(matchId) {
    return read(TOKENS)[matchId] || [];
  },
  keep(matchId, list) {
    const all = read(TOKENS);
    const known = new Map((all[matchId] || []).map((t) => [t.seat, t]));
    for (const t of list) known.set(t.seat, { seat: t.seat, token: t.token });
    all[matchId] = [...known.values()].sort((a, b) => a.seat - b.seat);
    write(TOKENS, all);
  },
  forget(matchId, seat) {
    const all = read(TOKENS);
    all[matchId] = (all[matchId] || []).filter((t) => t.seat !== seat);
    write(TOKENS, all);
  },
  // Your seat in the match: the one chosen last, else the first one you hold a token for.
  mine(matchId) {
    const chosen = read(SEATS)[matchId];
    const held = this.tokens(matchId);
    if (chosen === -1) return null;
    if (held.some((t) => t.seat === chosen)) return chosen;
    return held.length ? held[0].seat : null;
  },
  choose(matchId, seat) {
    const all = read(SEATS);
    all[matchId] = seat ?? -1;
    write(SEATS, all);
  },
  token(matchId, seat) {
    return this.tokens(matchId).find((t) => t.seat === seat)?.token || null;
  },
};
