// This file defines where an enrichment's rows are, as its job record keeps them: the header row
// and the name and website columns, so each pass finds the rows again (src/enrich reads the sheet).
import * as z from "zod/mini";

export interface EnrichTarget {
  /** The 1-based row of the header row. */
  headerRow: number;
  /** The header texts of the name and website columns (found again by header) and their positions when found. */
  nameHeader: string;
  nameColumn: number;
  websiteHeader: string;
  websiteColumn: number;
}

/** An EnrichTarget as stored in a job record, a run record or a chunk being sent (its shape never changed). */
export const StoredEnrichTarget = z.lazy(() =>
  z.object({
    headerRow: z.number(),
    nameHeader: z.string(),
    nameColumn: z.number(),
    websiteHeader: z.string(),
    websiteColumn: z.number(),
  }),
) satisfies z.ZodMiniType<EnrichTarget>;
