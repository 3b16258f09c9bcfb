// This file defines a territory record for unit tests: two searches waiting, created by the
// unit jobs context's key (test/passes/jobs-context.ts).
import type { TerritoryRecord } from "../../src/jobs/job-record";
import { KEY_DIGEST } from "../passes/jobs-context";

export function territory(overrides: Partial<TerritoryRecord> = {}): TerritoryRecord {
  return {
    id: "t-1",
    kind: "territory",
    name: "Dentists · Austin +1",
    sheetId: 1,
    sheetName: "Dentists",
    status: "running",
    leadCount: null,
    enrichedCount: null,
    creditsCharged: null,
    rowsWritten: 0,
    settled: false,
    error: null,
    note: null,
    createdAt: "2026-11-21T08:00:00.000Z",
    finishedAt: null,
    startKey: null,
    timeZone: "UTC",
    createdBy: KEY_DIGEST,
    queries: ["dentists"],
    places: [{ label: "Austin, Texas, United States", countryCode: "US" }, { label: "Plano, Texas, United States" }],
    maxResults: 100,
    language: "en",
    enrichContacts: true,
    pairs: [
      [null, "w", null],
      [null, "w", null],
    ],
    stopped: false,
    run: 0,
    runKey: "run-key",
    runStartedAt: "2026-11-21T08:00:00.000Z",
    foundByMore: 0,
    territoryKey: "tk",
    ...overrides,
  };
}
