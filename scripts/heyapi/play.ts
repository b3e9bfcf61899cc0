// A two-seat Sedma deal played to the end through the SDK @hey-api/openapi-ts generates from
// openapi.yaml, against the server at BASE: the spectator calls carry no token, the seats'
// carry theirs; then the other formats as strings and a bounded read of the event stream.
// Prints one JSON line that tests/e2e/test_heyapi_client.py checks. `tsc` compiles it strictly.
import { createClient } from "./generated/client";
import {
  claimSeat, createMatch, exportDealJsonl, getDeal, getEvents, getSheetCsv, getSheetText,
  getStream, postMove,
} from "./generated/sdk.gen";
import type { DealView, Move } from "./generated/types.gen";

declare const process: { env: Record<string, string | undefined>; exit(code: number): never };

const base = process.env.BASE ?? "http://127.0.0.1:8000";
const spectator = createClient({ baseUrl: base });
const seat = (token: string) => createClient({ baseUrl: base, auth: token });

function must<T>(answer: { data?: T; error?: unknown }, what: string): T {
  if (answer.data === undefined) throw new Error(`${what}: ${JSON.stringify(answer.error)}`);
  return answer.data;
}

async function main(): Promise<void> {
  const match = must(await createMatch({ client: spectator, body: {
    ruleset: "sedma", players: 2, seed: "hey-api", creator_seat: 0,
    seats: [{ name: "Ana" }, { name: "Bo" }] } }), "createMatch");
  const invite = match.invites?.[0];
  const creator = match.tokens?.[0];
  if (invite === undefined || creator === undefined || match.deal === undefined) {
    throw new Error("createMatch: no invite, token or deal");
  }
  const claimed = must(await claimSeat({ client: spectator, body: { code: invite.code },
    path: { match_id: match.id, seat: invite.seat } }), "claimSeat");
  const tokens = new Map<number, string>([[creator.seat, creator.token],
                                          [claimed.seat, claimed.token]]);
  const deal = match.deal.id;
  let view: DealView = must(await getDeal({ client: spectator, path: { deal_id: deal } }), "view");
  let moves = 0;
  while (view.phase !== "over") {
    const turn = view.turn;
    if (turn === null) throw new Error("no seat to act");
    const mine = must(await getDeal({ client: seat(tokens.get(turn) ?? ""),
                                      path: { deal_id: deal } }), "seat view");
    const move: Move = mine.legal_moves[0];
    must(await postMove({ client: seat(tokens.get(turn) ?? ""), path: { deal_id: deal },
                          body: move }), "postMove");
    moves += 1;
    view = must(await getDeal({ client: spectator, path: { deal_id: deal } }), "view");
  }
  const events = must(await getEvents({ client: spectator, path: { deal_id: deal } }), "events");
  const csv: string = must(await getSheetCsv({ client: spectator,
                                               path: { match_id: match.id } }), "csv");
  const text: string = must(await getSheetText({ client: spectator,
                                                 path: { match_id: match.id } }), "text");
  const lines: string = must(await exportDealJsonl({ client: spectator, parseAs: "text",
                                                     path: { deal_id: deal } }), "jsonl");
  const frames: string[] = [];
  const { stream } = await getStream({ client: spectator, path: { deal_id: deal },
                                       query: { once: true }, sseMaxRetryAttempts: 1,
                                       onSseEvent: (event) => { frames.push(event.event ?? ""); } });
  for await (const _ of stream) { /* the frames there are now, then the stream closes */ }
  console.log(JSON.stringify({
    moves, phase: view.phase, complete: events.complete, seats: view.players,
    csv_rows: csv.trim().split(/\r?\n/).length, text_lines: text.trim().split("\n").length,
    export_lines: lines.trim().split("\n").map((line) => JSON.parse(line)).length,
    frames,
  }));
}

main().catch((error: unknown) => { console.error(error); process.exit(1); });
