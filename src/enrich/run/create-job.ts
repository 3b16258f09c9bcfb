// This file defines sending one chunk: its idempotency key is stored (in a start record named by the chunk's exact body) ahead of the
// request, so a lost response or a killed execution repeats the identical request and the service charges once.
import type { CreateEnrichmentRequest, CreateEnrichmentResponse } from "../../api/schemas";
import { LeadsApiError } from "../../api/errors";
import type { JobsContext } from "../../jobs/job-context";
import { newJobRecord, type JobRecord } from "../../jobs/job-record";
import { fingerprint } from "../../jobs/job-store";
import type { PendingChunk } from "./pending";
import type { RunRecord } from "./run-record";
import { iso } from "../../rules/clock";

/** The start record's name for a chunk: the same body always finds the same key. */
export const chunkStartKey = (body: CreateEnrichmentRequest): string => fingerprint("enrichment:" + JSON.stringify(body));

/** The chunk's idempotency key, made and stored before its first request. */
export function chunkIdempotencyKey(ctx: JobsContext, startKey: string): string {
  const now = ctx.clock.now();
  const start = ctx.store.getStart(startKey, now);
  if (start) return start.idempotencyKey;
  const idempotencyKey = ctx.newIdempotencyKey();
  ctx.store.saveStart(startKey, { idempotencyKey, createdAt: iso(now), jobId: null, sheetName: null, sheetId: null });
  return idempotencyKey;
}

type SendOutcome =
  | { kind: "created"; record: JobRecord }
  /** Worth sending again later (429 active-jobs or rate limit, 5xx, network, Apps Script's daily quota). */
  | { kind: "later"; error: LeadsApiError }
  /** Refused for good by the service (4xx): no job exists. */
  | { kind: "refused"; error: LeadsApiError };

/** Sends a chunk once, under its stored idempotency key; never throws for the service's answer. */
export function sendChunk(
  ctx: JobsContext,
  body: CreateEnrichmentRequest,
  chunk: Pick<PendingChunk, "startKey" | "idempotencyKey">,
  where: Pick<RunRecord, "sheetId" | "sheetName" | "target" | "runId">,
  deadline: number,
): SendOutcome {
  let created: CreateEnrichmentResponse;
  try {
    created = ctx.client.createEnrichment(body, { idempotencyKey: chunk.idempotencyKey, deadline, maxAttempts: 1 });
  } catch (error) {
    if (!(error instanceof LeadsApiError)) throw error;
    // Apps Script's daily UrlFetch quota sent nothing: the same request goes once the quota resets.
    return error.retryable || error.kind === "quota" ? { kind: "later", error } : { kind: "refused", error };
  }
  const known = ctx.store.get(created.job_id);
  if (known) return { kind: "created", record: known };
  const record = newJobRecord({
    id: created.job_id,
    kind: "enrichment",
    name: body.name ?? `Enrich ${body.businesses.length} supplied businesses`,
    sheetId: where.sheetId,
    sheetName: where.sheetName,
    status: created.status,
    leadCount: created.businesses_submitted,
    creditsCharged: created.credits_reserved,
    createdAt: iso(ctx.clock.now()),
    startKey: chunk.startKey,
    createdBy: ctx.keyDigest,
    seenBy: [ctx.keyDigest],
    timeZone: ctx.store.timeZone(),
    enrichment: where.target,
    runId: where.runId,
  });
  ctx.store.save(record);
  return { kind: "created", record };
}
