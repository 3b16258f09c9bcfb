// This file defines JobView, the plain JSON shape the sidebar receives for a job (contract.md).
import type { JobKind, JobRecord } from "./job-store";
import { refreshView, type RefreshView } from "./refresh-schedule";
import { isMine } from "./ownership";

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
  /** Whether the current user's key created the job or can see it (false: started by another account's key). */
  mine: boolean;
}

/** `keyDigest`: the current user's key digest, or null when they have saved no key. */
export function toJobView(record: JobRecord, keyDigest: string | null): JobView {
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
    mine: isMine(record, keyDigest),
  };
}
