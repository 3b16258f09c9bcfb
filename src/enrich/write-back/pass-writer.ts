// This file defines how a pass writes enrichments' results (the enrichment's hook of passes/result-writers.ts): an enrichment of rows
// back into those rows, the jobs of one list together (one read of it, however many jobs); an imported one into its results sheet.
import type { PassReads } from "../list/list-rows";
import type { JobsContext } from "../../jobs/job-context";
import { enrichmentOf } from "../../jobs/job-record";
import { writeResultsSheet, writtenOrNoted, type JobResults } from "../../jobs/job-results";
import type { SheetsById } from "../../sheets/result-sheet";
import { writeEnrichmentResults, type EnrichmentResults } from "./write-results";

/** Rows written: each list's jobs together, an imported enrichment's sheet on its own; a list that fails notes its jobs. */
export function writeEnrichments(ctx: JobsContext, sheets: SheetsById, jobs: readonly JobResults[], reads: PassReads): number {
  const rowsByHeader = new Map<string, EnrichmentResults[]>();
  let written = 0;
  for (const job of jobs) {
    const enrichment = enrichmentOf(job.record);
    const target = enrichment?.enrichment;
    if (enrichment && target) {
      const key = `${enrichment.sheetId ?? ""}:${target.headerRow}`;
      rowsByHeader.set(key, [...(rowsByHeader.get(key) ?? []), { ...job, record: enrichment }]);
    } else {
      reads.forget(); // its sheet may be a list's too
      written += writtenOrNoted(ctx, [job.record], () => writeResultsSheet(ctx, sheets, job));
    }
  }
  for (const group of rowsByHeader.values()) {
    written += writtenOrNoted(
      ctx,
      group.map((job) => job.record),
      () => writeEnrichmentResults(ctx, sheets, group, reads),
    );
  }
  return written;
}
