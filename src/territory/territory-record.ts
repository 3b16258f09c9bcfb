// This file defines how a territory's record is stored: the base every record has (jobs/job-record.ts), its queries and places, each
// search's job and state (its pairs), its run and its schedule. app/record-kinds.ts hands it to the job store with the other kinds'.
import * as z from "zod/mini";
import { storedRecordBase, type TerritoryRecord } from "../jobs/job-record";
import { StoredScheduleBase } from "../jobs/refresh-schedule";

/** A territory's record as stored (built on first use, as every schema: api/schemas.ts says why). */
export const STORED_TERRITORY_RECORD = z.lazy(() =>
  z.object({
    ...storedRecordBase(),
    kind: z.enum(["territory"]),
    queries: z.array(z.string()),
    places: z.array(z.object({ label: z.string(), countryCode: z.optional(z.string()) })),
    maxResults: z.number(),
    language: z.string(),
    enrichContacts: z.boolean(),
    pairs: z.array(z.tuple([z.nullable(z.string()), z.enum(["w", "r", "d", "f", "s"]), z.nullable(z.number())])),
    stopped: z.boolean(),
    run: z.number(),
    runKey: z.string(),
    runStartedAt: z.string(),
    foundByMore: z.number(),
    territoryKey: z.string(),
    slotsFullUntil: z.optional(z.string()),
    refresh: z.optional(StoredScheduleBase),
  }),
) satisfies z.ZodMiniType<TerritoryRecord>;
