// This file defines how an enrichment's record is stored: the base every record has (jobs/job-record.ts), where its rows are and the run
// it carries. app/record-kinds.ts hands it to the job store with the other kinds'.
import * as z from "zod/mini";
import { StoredEnrichTarget } from "../../jobs/enrich-target";
import { storedRecordBase, type EnrichmentRecord } from "../../jobs/job-record";

/** An enrichment's record as stored (built on first use, as every schema: api/schemas.ts says why). */
export const STORED_ENRICHMENT_RECORD = z.lazy(() =>
  z.object({
    ...storedRecordBase(),
    kind: z.enum(["enrichment"]),
    enrichment: z.optional(StoredEnrichTarget),
    runId: z.optional(z.string()),
  }),
) satisfies z.ZodMiniType<EnrichmentRecord>;
