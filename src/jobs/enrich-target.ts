// This file defines where an enrichment's rows are, as its job record keeps them: the header row
// and the name and website columns, so each pass finds the rows again (src/enrich reads the sheet).
import * as z from "zod/mini";

/** An EnrichTarget as stored in a job record, a run record or a chunk being sent (its shape never changed). */
export const StoredEnrichTarget = z.lazy(() =>
  z.object({
    /** The 1-based row of the header row. */
    headerRow: z.number(),
    /** The header texts of the name and website columns (found again by header) and their positions when found. */
    nameHeader: z.string(),
    nameColumn: z.number(),
    websiteHeader: z.string(),
    websiteColumn: z.number(),
  }),
);

export type EnrichTarget = z.output<typeof StoredEnrichTarget>;
