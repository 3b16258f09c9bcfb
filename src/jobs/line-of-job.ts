// This file defines which line of the document holds a service job's results: the job's own record,
// the territory whose search it is, or the search whose refresh run it is (a refresh run is the
// same search under the same name, merged into the search's sheet; so is the same search made
// elsewhere under that name). Recent jobs shows such a job as part of its line, and opening it
// opens that line's sheet instead of making a second one.
import type { Job } from "../api/schemas";
import type { JobKind } from "../rules/job-kinds";
import { partsOf } from "./job-kinds";
import { searchesOf, type JobRecord } from "./job-record";
import { searchIdentity } from "./search-identity";
import { sameSearched } from "../rules/searched";

export function lineOfJob(records: readonly JobRecord[], job: Job, kind: JobKind): JobRecord | null {
  const own = records.find((record) => record.id === job.id || partsOf(record).serviceJobs(record).some(([id]) => id === job.id));
  if (own) return own;
  if (kind !== "search") return null;
  const { searched } = searchIdentity(job);
  if (searched === undefined) return null;
  return searchesOf(records).find((record) => record.searched !== undefined && sameSearched(record.searched, searched) && record.name === job.name) ?? null;
}
