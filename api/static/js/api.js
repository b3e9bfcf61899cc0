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

export async function api(method, path, body, token, extra = {}) {
  const headers = { ...extra };
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
  let data;
  try {
    data = json ? await resp.json() : { title: await resp.text() };
  } catch {
    // the answer was cut short (the process serving it died): its outcome is unknown
    throw new ApiError(0, { title: "The answer was cut short", type: "/problems/offline" });
  }
  if (!resp.ok) {
    const err = new ApiError(resp.status, data);
    err.retryAfter = Number(resp.headers.get("retry-after")) || 1;
    throw err;
  }
  return data;
}

// A key for one command: crypto.randomUUID needs a secure context, getRandomValues does not.
export function newKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// Failures after which a move may or may not have landed: retried with the same key, which
// the server answers with the first outcome (never a second move).
const UNSURE = new Set(["offline", "store-unavailable", "outcome-unknown"]);
const MOVE_TRIES = 20; // some 30 s to 1 min and a half: a server restart, a store failover

// A move, always with an Idempotency-Key, retried with that same key while its outcome is
// unknown (the server unreachable, the store away), after the seconds the server asks (at
// most 5, growing from 1). ``onRetry(err)`` before each wait: the page says so until it lands.
export async function postMove(path, body, token, onRetry = () => {}) {
  const key = newKey();
  for (let attempt = 1; ; attempt++) {
    try {
      return await api("POST", path, body, token, { "Idempotency-Key": key });
    } catch (err) {
      if (!UNSURE.has(err.kind) || attempt >= MOVE_TRIES) throw err;
      onRetry(err);
      const wait = Math.min(Math.max(err.retryAfter || 1, Math.ceil(attempt / 2)), 5);
      await new Promise((done) => setTimeout(done, 1000 * wait));
    }
  }
}

// ``step(next)`` again after ``wait`` ms, ``next`` the wait after that (doubling, at most 30 s):
// what a page does to mend itself once the server is back.
export function tryAgainLater(step, wait) {
  setTimeout(() => step(Math.min(2 * wait, 30000)), wait);
}

let rulesets = null;

// The games this server plays ({id, title, family, players, options}), fetched once a page.
// A failed fetch is forgotten, so the next call asks again (a page loaded while the server was
// away must not stay without games until a reload).
export function catalogue() {
  rulesets ??= api("GET", "/v1/rulesets")
    .then((r) => r.rulesets)
    .catch((err) => {
      rulesets = null;
      throw err;
    });
  return rulesets;
}

// A game's short name: its title up to the first colon (and before a comma).
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
