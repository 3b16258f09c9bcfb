// This file defines how a search's record is stored: the base every record has (jobs/job-record.ts) and a search's own fields, its
// refresh schedule among them. app/record-kinds.ts hands it to the job store with the other kinds'.
import * as z from "zod/mini";
import { storedRecordBase, type SearchRecord } from "../jobs/job-record";
import { StoredRefreshSchedule } from "../jobs/refresh-schedule";

/** A search's record as stored (built on first use, as every schema: api/schemas.ts says why). */
export const STORED_SEARCH_RECORD = z.lazy(() =>
  z.object({
    ...storedRecordBase(),
    kind: z.enum(["search"]),
    refresh: z.optional(StoredRefreshSchedule),
    searchKey: z.optional(z.string()),
    maxResults: z.optional(z.number()),
    searched: z.optional(z.object({ query: z.string(), place: z.string() })),
  }),
) satisfies z.ZodMiniType<SearchRecord>;
