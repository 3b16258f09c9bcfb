// This file defines which line of the document holds a service job's results: the job's own record, the territory whose search it is,
// or the search whose refresh run it is. Recent jobs shows such a job as part of its line, and opening it opens that line's sheet.
import type { Job } from "../api/schemas";
import type { JobKind } from "../rules/job-kinds";
import { partsOf } from "../jobs/kind-parts";
import { pairCount, pairRequest } from "../territory/territory-plan";
import { searchesOf, territoryOf, type JobRecord, type TerritoryRecord } from "../jobs/job-record";
import { searchIdentity } from "./search-identity";
import { sameSearched } from "../rules/searched";

/** Whether the service job `jobId` is one of the record's parts (a territory's search). */
export const holdsJob = (record: JobRecord, jobId: string): boolean =>
  partsOf(record)
    .serviceJobs(record)
    .some(([id]) => id === jobId);

export function lineOfJob(records: readonly JobRecord[], job: Job, kind: JobKind): JobRecord | null {
  const own = records.find((record) => record.id === job.id || holdsJob(record, job.id));
  if (own) return own;
  if (kind !== "search") return null;
  const { searched } = searchIdentity(job);
  if (searched === undefined) return null;
  return (
    searchesOf(records).find(
      (record) => record.searched !== undefined && sameSearched(record.searched, searched) && record.name === job.name,
    ) ??
    records.find((record) => isTerritorySearch(territoryOf(record), job)) ??
    null
  );
}

/** Whether `job` is one of the territory's searches (of any run): its name, query, place and size. */
function isTerritorySearch(territory: TerritoryRecord | null, job: Job): boolean {
  const input = job.actor_input;
  return (
    territory !== null &&
    Array.from({ length: pairCount(territory) }, (_, i) => i).some((i) => {
      const request = pairRequest(territory, i);
      return (
        request.name === job.name &&
        request.input.query === input?.query &&
        request.input.location === input.location &&
        request.input.maxResults === input.maxResults
      );
    })
  );
}
