// This file defines JobView, the plain JSON shape the sidebar receives for a job (contract.md).
import type { JobKind, JobRecord } from "./job-store";
import { refreshView, type RefreshView } from "./refresh-schedule";

export interface JobView {
  jobId: string;
  kind: JobKind;
  name: string;
  status: string;
  leadCount: number | null;
  enrichedCount: number | null;
  creditsCharged: number | null;
  sheetName: string | null;
  rowsWritten: number;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
  /** A search's refresh schedule, or null. */
  refresh: RefreshView | null;
}

export function toJobView(record: JobRecord): JobView {
  return {
    jobId: record.id,
    kind: record.kind,
    name: record.name,
    status: record.status,
    leadCount: record.leadCount,
    enrichedCount: record.enrichedCount,
    creditsCharged: record.creditsCharged,
    sheetName: record.sheetName,
    rowsWritten: record.rowsWritten,
    error: record.error ?? record.note,
    createdAt: record.createdAt,
    finishedAt: record.finishedAt,
    refresh: refreshView(record.refresh),
  };
}
