// This file defines starting a territory (startSearch with several query × place pairs) and previewing any search (previewSearch).
// Nothing is sent or stored unless the whole territory is affordable and fits the job list; its record (run key, sheet name) is saved
// ahead of any sheet or search, so a killed start is found again by an identical one and each search is charged once.
import { searchAllowance } from "../api/account";
import type { Account } from "../api/schemas";
import { InvalidInputError } from "../errors/user-error";
import type { JobsContext } from "../jobs/job-context";
import { NEW_RECORD, territoryOf, type TerritoryRecord } from "../jobs/job-record";
import { RECENT_SEARCH_MS } from "../rules/request-limits";
import { affordabilityProblem, searchCost, territoryProblem } from "../rules/affordability";
import { TERRITORY_COLUMNS } from "../sheets/columns";
import { namedResultSheet, uniqueSheetName } from "../sheets/result-sheet";
import { checkRoom, documentRoom, noRoomSentence, resultSheetCells, roomNotice } from "../sheets/document-room";
import { createWaitingPairs } from "./pair-creation";
import { pairCount, territoryKey, territoryName, type TerritoryArgs, type TerritoryInput } from "./territory-plan";
import { iso } from "../rules/clock";

/** What previewSearch says: the searches, what they reserve together, and why startSearch would refuse, if it would. */
export interface SearchPreview {
  searches: number;
  maxResults: number;
  creditsNeeded: number;
  creditsRemaining: number;
  problem: string | null;
  /** Past 80 % of Google's cell limit: the sentence that says so (document-room.ts), else null. */
  roomNotice: string | null;
}

/** Why these searches cannot start on the account, or null. */
function startProblem(account: Account, input: TerritoryInput): string | null {
  const allowance = searchAllowance(account);
  const searches = pairCount(input);
  return searches === 1 ? affordabilityProblem(allowance, input.maxResults) : territoryProblem(allowance, searches, input.maxResults);
}

export function previewSearch(ctx: Pick<JobsContext, "client" | "spreadsheet">, input: TerritoryInput, deadline: number): SearchPreview {
  const account = ctx.client.getAccount({ deadline });
  const searches = pairCount(input);
  const room = documentRoom(ctx.spreadsheet);
  const needed = resultSheetCells(searches, input.maxResults);
  return {
    searches,
    maxResults: input.maxResults,
    creditsNeeded: searches * searchCost({ planCode: account.plan_code }, input.maxResults),
    creditsRemaining: account.credits_remaining,
    problem: startProblem(account, input) ?? (needed > room.left ? noRoomSentence(room, needed, whatStarts(searches)) : null),
    roomNotice: roomNotice(room),
  };
}

/** What a start is called in the sentence on room: "this search", "this territory of 12 searches". */
const whatStarts = (searches: number): string => (searches > 1 ? `this territory of ${searches} searches` : "this search");

/** What a start returns (a territory's, or one search's: start-search.ts). */
export interface Started<R> {
  record: R;
  /** An identical search or territory this document tracks was still running: it is returned, nothing new started or charged. */
  alreadyRunning: boolean;
  /** `askIfRecent`: an identical one of the last day is returned, nothing started or charged. */
  sameAsRecent: boolean;
}

/** When a territory last did something: started, finished, or a refresh run started. */
const lastActivity = (record: TerritoryRecord): number =>
  Math.max(...[record.createdAt, record.finishedAt, record.runStartedAt].map((at) => (at ? Date.parse(at) : 0)));

export const territories = (ctx: JobsContext): TerritoryRecord[] => ctx.store.all().flatMap((record) => territoryOf(record) ?? []);

export function startTerritory(ctx: JobsContext, input: TerritoryArgs, deadline: number): Started<TerritoryRecord> {
  const key = territoryKey(input);
  const same = territories(ctx).filter((record) => record.territoryKey === key);
  const running = same.find((record) => !record.settled);
  // A start killed before its sheet was made: the repeat makes it, and the passes do the rest.
  if (running) return { record: withSheet(ctx, running), alreadyRunning: true, sameAsRecent: false };
  const recent = input.askIfRecent ? same.find((record) => lastActivity(record) >= ctx.clock.now() - RECENT_SEARCH_MS) : undefined;
  if (recent) return { record: recent, alreadyRunning: false, sameAsRecent: true };

  ctx.editors.register(ctx.editorId, ctx.keyDigest, ctx.clock.now());
  const problem = startProblem(ctx.client.getAccount({ deadline }), input);
  if (problem) throw new InvalidInputError(problem);
  // Room for its sheet at the most it may hold, before any record, sheet or search.
  checkRoom(documentRoom(ctx.spreadsheet), resultSheetCells(pairCount(input), input.maxResults), whatStarts(pairCount(input)));
  const record = newTerritory(ctx, input, key);
  ctx.store.makeRoomForRecord({ ...record, pairs: record.pairs.map(() => [record.id, "d", 99_999]) });
  ctx.store.save(record); // before the sheet and the searches: a repeat after a kill finds it
  const started = createWaitingPairs(ctx, withSheet(ctx, record), deadline);
  try {
    ctx.ensurePollTrigger();
  } catch {
    // Best effort: the open sidebar and the next refresh move it forward (as for a search).
  }
  return { record: started, alreadyRunning: false, sameAsRecent: false };
}

function newTerritory(ctx: JobsContext, input: TerritoryInput, key: string): TerritoryRecord {
  const now = iso(ctx.clock.now());
  const name = territoryName(input);
  return {
    ...NEW_RECORD,
    id: ctx.newIdempotencyKey(),
    kind: "territory",
    name,
    sheetId: null,
    sheetName: uniqueSheetName(ctx.spreadsheet, name),
    status: "running",
    createdAt: now,
    createdBy: ctx.keyDigest,
    seenBy: [ctx.keyDigest],
    timeZone: ctx.spreadsheet.getSpreadsheetTimeZone(),
    queries: input.queries,
    places: input.places,
    maxResults: input.maxResults,
    language: input.language,
    enrichContacts: input.enrichContacts,
    pairs: Array.from({ length: pairCount(input) }, () => [null, "w", null]),
    stopped: false,
    run: 0,
    runKey: ctx.newIdempotencyKey(),
    runStartedAt: now,
    foundByMore: 0,
    territoryKey: key,
  };
}

/** The territory with its sheet: the one its name was stored for (a half-made one laid out again), made now if it is not there yet. */
export function withSheet(ctx: JobsContext, record: TerritoryRecord): TerritoryRecord {
  if (record.sheetId !== null) return record;
  const sheet = namedResultSheet(ctx.spreadsheet, record.sheetName ?? record.name, null, TERRITORY_COLUMNS);
  const made = { ...record, sheetId: sheet.getSheetId(), sheetName: sheet.getName() };
  ctx.store.save(made);
  return made;
}
