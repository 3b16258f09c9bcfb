// This file defines how a territory's waiting searches are created, by the start and each later pass, in order, one at a time, until the
// service says to wait, a request fails, or the deadline comes. Each search's key is its run's key and index, stored ahead of the first
// creation, so a repeat is charged once; only the creator's key creates them, since it pays.
import { isLeadsApiError, type LeadsApiError } from "../api/errors";
import type { JobsContext } from "../jobs/job-context";
import type { TerritoryPair, TerritoryRecord } from "../jobs/job-record";
import { pairsCredits, territoryStatus } from "./territory-counts";
import { pairKey, pairLabel, pairRequest } from "./territory-plan";
import { lastingNote } from "../jobs/record-note";
import { iso } from "../rules/clock";

/**
 * After the service said its job slots were all taken, a pass waits this long (or as long as it
 * said, if longer) before trying again: the hourly trigger is an hour apart anyway, but the open
 * sidebar polls every few seconds, and each try is a request of the day's UrlFetch quota.
 */
const SLOTS_FULL_WAIT_MS = 60 * 1000;

/** A refusal that every later search would meet too: the run's waiting searches end with it. */
const refusesEverySearch = (error: LeadsApiError): boolean => error.kind === "insufficient_credits" || error.kind === "unauthorized";

export function withPair(record: TerritoryRecord, index: number, pair: TerritoryPair): TerritoryRecord {
  return { ...record, pairs: record.pairs.map((current, i) => (i === index ? pair : current)) };
}

/** What the territory's searches of its first run reserved: its charge (a refresh's is its pairs', job-view.ts). */
export const withCredits = (record: TerritoryRecord): TerritoryRecord =>
  record.run === 0 ? { ...record, creditsCharged: pairsCredits(record) } : record;

/**
 * Creates the territory's waiting searches as far as the service lets it now; returns the
 * territory as saved, with why it stopped when that is the user's to know.
 */
export function createWaitingPairs(ctx: JobsContext, record: TerritoryRecord, deadline: number): TerritoryRecord {
  if (record.stopped || record.createdBy !== ctx.keyDigest || !record.pairs.some(([, state]) => state === "w")) return record;
  if (record.slotsFullUntil !== undefined && ctx.clock.now() < Date.parse(record.slotsFullUntil)) return record;
  let current: TerritoryRecord = { ...record, slotsFullUntil: undefined };
  for (let index = 0; index < current.pairs.length; index += 1) {
    if (current.pairs[index]?.[1] !== "w") continue;
    if (ctx.clock.now() >= deadline) break;
    try {
      const created = ctx.client.createSearch(pairRequest(current, index), {
        idempotencyKey: pairKey(current.runKey, index),
        deadline,
        maxAttempts: 1,
      });
      current = withPair(current, index, [created.job_id, "r", created.credits_reserved]);
    } catch (error) {
      if (!isLeadsApiError(error)) throw error;
      // Worth sending again later, with the same key: the service's limits, a 5xx, a lost answer.
      const wait = Math.max(SLOTS_FULL_WAIT_MS, error.retryAfterMs ?? 0);
      if (error.kind === "rate_limited") current = { ...current, slotsFullUntil: iso(ctx.clock.now() + wait) };
      if (error.retryable || error.kind === "quota" || error.kind === "rate_limited") break;
      current = refused(current, index, error);
      if (refusesEverySearch(error)) break;
    }
  }
  current = withCredits({ ...current, status: territoryStatus(current) });
  ctx.store.save(current);
  return current;
}

/**
 * A search the service refused for good creates nothing: it fails, and says
 * why; when every search would meet it, so do the others still waiting.
 */
function refused(record: TerritoryRecord, index: number, error: LeadsApiError): TerritoryRecord {
  const every = refusesEverySearch(error);
  const pairs = record.pairs.map((pair, i): TerritoryPair => (i === index || (every && pair[1] === "w") ? [null, "f", 0] : pair));
  const which = every ? "Its searches still waiting were not started" : `"${pairLabel(record, index)}" was not started`;
  return { ...record, pairs, note: lastingNote(`${which}: ${error.message}`) };
}
