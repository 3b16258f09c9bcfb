// This file defines the read endpoints: job lists, job status, results pages, one business,
// locations and the account.
import { renderAccount, type AccountRecord } from "./accounts";
import { renderLocation, searchLocations } from "./catalog";
import { snapshot, type JobKind, type JobRecord } from "./jobs";
import { renderEnrichmentResult, renderJob, renderSearchResult, renderSingleBusiness } from "./render";
import { fail, ok, type Reply } from "./reply";
import type { SimState } from "./state";
import { isUuid, parseLocationQuery, parsePaging } from "./validation";

const NOT_FOUND: Record<JobKind, string> = { search: "Search not found", enrichment: "Enrichment job not found" };
const ID_PARAM: Record<JobKind, string> = { search: "search_id", enrichment: "job_id" };

/** The job of that endpoint family owned by the account, else a 422 (bad id) or 404 reply. */
function ownedJob(state: SimState, account: AccountRecord, kind: JobKind, id: string): JobRecord | Reply {
  if (!isUuid(id)) return fail(422, `${ID_PARAM[kind]}: must be a UUID`);
  const job = state.jobs.get(id);
  if (job === undefined || job.accountId !== account.id || job.kind !== kind) return fail(404, NOT_FOUND[kind]);
  return job;
}

function isReply(value: JobRecord | Reply): value is Reply {
  return "status" in value && "body" in value;
}

export function listJobs(state: SimState, account: AccountRecord, kind: JobKind, query: URLSearchParams): Reply {
  const paging = parsePaging(query, 20, 100);
  if (!paging.ok) return fail(422, paging.detail);
  const { page, pageSize } = paging.value;
  // GET /searches lists API searches only; dashboard jobs stay out of both lists.
  const jobs = state.jobs
    .ofAccount(account.id)
    .filter((job) => job.kind === kind && job.origin === "api")
    .sort((a, b) => b.seq - a.seq);
  const now = state.now();
  const items = jobs.slice((page - 1) * pageSize, page * pageSize).map((job) => renderJob(job, snapshot(job, now)));
  return ok({ items, total: jobs.length });
}

export function getJob(state: SimState, account: AccountRecord, kind: JobKind, id: string): Reply {
  const job = ownedJob(state, account, kind, id);
  if (isReply(job)) return job;
  return ok(renderJob(job, snapshot(job, state.now())));
}

export function getResults(state: SimState, account: AccountRecord, kind: JobKind, id: string, query: URLSearchParams): Reply {
  const job = ownedJob(state, account, kind, id);
  if (isReply(job)) return job;
  const paging = parsePaging(query, 100, 500);
  if (!paging.ok) return fail(422, paging.detail);
  const { page, pageSize } = paging.value;
  const snap = snapshot(job, state.now());
  const total = snap.imported;
  const from = Math.min(total, (page - 1) * pageSize);
  const to = Math.min(total, page * pageSize);
  const items = [];
  for (let index = from; index < to; index++) {
    const truth = state.truth(job, index);
    items.push(kind === "search" ? renderSearchResult(job, truth, snap.at) : renderEnrichmentResult(job, truth, snap.at));
  }
  return ok({ job_id: job.id, status: snap.status, items, total, page, page_size: pageSize, has_more: page * pageSize < total });
}

export function getBusiness(state: SimState, account: AccountRecord, id: string): Reply {
  if (!isUuid(id)) return fail(422, "business_id: must be a UUID");
  const found = state.jobs.business(id);
  if (found === undefined || found.job.accountId !== account.id) return fail(404, "Business not found");
  const snap = snapshot(found.job, state.now());
  // Not imported yet: the business does not exist for the client.
  if (found.index >= snap.imported) return fail(404, "Business not found");
  return ok(renderSingleBusiness(found.job, state.truth(found.job, found.index), snap.at));
}

export function getLocations(query: URLSearchParams): Reply {
  const parsed = parseLocationQuery(query);
  if (!parsed.ok) return fail(422, parsed.detail);
  return ok({ locations: searchLocations(parsed.value.q, parsed.value.country).map(renderLocation) });
}

export function getAccount(state: SimState, account: AccountRecord): Reply {
  return ok(renderAccount(account, state.activity(account.id)));
}
