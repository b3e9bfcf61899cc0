// A small program against the types openapi-typescript generates from openapi.yaml: if the
// unions stop narrowing (a view by `ruleset`, an event by `type`), `tsc --noEmit` fails.
import type { components, paths } from "./generated/api";

type Schemas = components["schemas"];
type DealView = Schemas["DealView"];
type Envelope = Schemas["Envelope"];
type Move = Schemas["Move"];

// What getDeal answers, postMove takes and answers, and getEvents answers.
type GetDeal = paths["/v1/deals/{deal_id}"]["get"]["responses"]["200"]["content"]["application/json"];
type PostMove = paths["/v1/deals/{deal_id}/moves"]["post"];
type MoveBody = NonNullable<PostMove["requestBody"]>["content"]["application/json"];
type MoveAnswer = PostMove["responses"]["200"]["content"]["application/json"];
type Events = paths["/v1/deals/{deal_id}/events"]["get"]["responses"]["200"]["content"]["application/json"];
type Export = paths["/v1/deals/{deal_id}/export"]["get"]["responses"]["200"]["content"]["application/json"];

// A view narrows by what its family shows (every family's view is one schema of the union,
// generated from the registry by `python -m api.spec`), never by a preset's name.
export function describe(view: GetDeal): string {
  if ("bidder" in view) return `bid ${view.bid} by ${view.bidder ?? "nobody"}, called ${view.called ?? "-"}`;
  if ("hand_no" in view) return `hand ${view.hand_no} of ${view.cards}, hook ${view.forbidden_bid ?? "-"}`;
  if ("captures" in view) return `captures ${view.captures.join("-")}, stock ${view.stock_size}`;
  return `trump ${view.trump ?? "-"}, stock ${view.stock_size}`;
}

export function score(view: DealView): string {
  if (view.result === undefined) return "running";
  const result = view.result;
  if ("bidder" in result.score) return result.score.made ? "made" : "failed";
  if ("scores" in result.score) return result.score.scores.join(" ");
  if ("game_points" in result.score) return `${result.score.game_points} game points`;
  return result.score.match_points.join("-");
}

export function cardsSeen(event: Envelope): string[] {
  switch (event.type) {
    case "dealt":
      return event.data.hands.flatMap((hand) => hand ?? []);
    case "played":
    case "continued":
      return [event.data.card];
    case "drew":
      return event.data.draws.flatMap((draw) => (draw.card === null ? [] : [draw.card]));
    case "trick_taken":
      return event.data.cards;
    case "card_called":
      return event.data.card === null ? [] : [event.data.card];
    case "hands_shown":
      return event.data.hands.flatMap((hand) => hand ?? []);
    default:
      return [];
  }
}

export function firstLegal(answer: MoveAnswer): MoveBody | undefined {
  const move: Move | undefined = answer.view.legal_moves[0];
  return move;
}

export function lastSeq(page: Events): number {
  return page.events.reduce((seq, event) => Math.max(seq, event.seq), 0);
}

export function header(lines: Export): string {
  const [head] = lines;
  return head === undefined ? "" : head.format;
}

export function problem(p: Schemas["Problem"]): string {
  return p.type === "/problems/illegal-move" ? `${p.rule ?? "?"}: ${p.detail}` : p.title;
}

// Seats belong to their players: the creator holds its own seat's token only; every other
// person's seat is claimed with its invite's code, for a token of its own.
type Created = paths["/v1/matches"]["post"]["responses"]["201"]["content"]["application/json"];
type Claim = paths["/v1/matches/{match_id}/seats/{seat}/claim"]["post"];
type ClaimBody = NonNullable<Claim["requestBody"]>["content"]["application/json"];
type Claimed = Claim["responses"]["201"]["content"]["application/json"];

export function claims(created: Created): { seat: number; body: ClaimBody }[] {
  return (created.invites ?? []).map((invite) => ({ seat: invite.seat, body: { code: invite.code } }));
}

export function seatTokens(created: Created, claimed: Claimed[]): Map<number, string> {
  const own = (created.tokens ?? []).map((t): [number, string] => [t.seat, t.token]);
  return new Map([...own, ...claimed.map((c): [number, string] => [c.seat, c.token])]);
}

// The other formats are operations of their own whose answers are strings (issue 31 item 3),
// and the stream takes `once` for a bounded read.
type SheetCsv = paths["/v1/matches/{match_id}/sheet.csv"]["get"]["responses"]["200"]["content"]["text/csv"];
type SheetText = paths["/v1/matches/{match_id}/sheet.txt"]["get"]["responses"]["200"]["content"]["text/plain"];
type ExportLines = paths["/v1/deals/{deal_id}/export.jsonl"]["get"]["responses"]["200"]["content"]["application/jsonl"];
type StreamQuery = NonNullable<paths["/v1/deals/{deal_id}/stream"]["get"]["parameters"]["query"]>;

export function sheetLines(sheet: SheetCsv, text: SheetText): [number, number] {
  return [sheet.split("\n").length, text.split("\n").length];
}

export function exportItems(lines: ExportLines): Envelope[] {
  return lines.trim().split("\n").slice(1).map((line) => JSON.parse(line) as Envelope);
}

export const boundedRead: StreamQuery = { once: true };
