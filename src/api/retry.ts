// This file defines the one retry loop of the client: which failures are retried, how long to
// wait (Retry-After, else exponential backoff with jitter), the attempt cap and the deadline.
// Single requests and batches both run through `runWithRetries`.
import type { Clock } from "../rules/clock";
import type { LeadsApiError } from "./errors";

export interface RetryPolicy {
  /** Total attempts including the first. */
  maxAttempts: number;
  /** First backoff; doubles per attempt. */
  baseDelayMs: number;
  /** Backoff ceiling. */
  maxDelayMs: number;
  /**
   * A Retry-After longer than this is not waited out: the error is returned at once so the
   * caller can reschedule instead of blocking an execution that has a time limit.
   */
  maxRetryAfterMs: number;
  /** Source of jitter in [0, 1); injectable for tests. */
  random: () => number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 5,
  baseDelayMs: 500,
  maxDelayMs: 8000,
  maxRetryAfterMs: 60_000,
  random: Math.random,
};

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: LeadsApiError };

/**
 * Retry-After in milliseconds from now: delta-seconds ("2", "1.5") or an HTTP date
 * ("Wed, 21 Oct 2026 07:28:00 GMT"). A date in the past is 0; anything unreadable is null.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | null {
  const text = value?.trim() ?? "";
  if (text === "") return null;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // An HTTP date always names a weekday or month; don't let Date.parse guess at bare numbers.
  if (!/[a-z]/i.test(text)) return null;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - nowMs);
}

/** "Equal jitter" backoff after the `attempt`-th failure: half fixed, half random. */
export function backoffDelay(attempt: number, policy: RetryPolicy): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (policy.random() * ceiling) / 2);
}

/** How long to wait before retrying after `error`, or null when it must not be retried. */
export function retryDelay(error: LeadsApiError, attempt: number, policy: RetryPolicy): number | null {
  if (!error.retryable) return null;
  const backoff = backoffDelay(attempt, policy);
  if (error.retryAfterMs === null) return backoff;
  if (error.retryAfterMs > policy.maxRetryAfterMs) return null;
  // Honour the service's wait, plus a little jitter so clients don't all return at once.
  const jitter = Math.round(policy.random() * Math.min(1000, policy.baseDelayMs));
  return Math.max(backoff, error.retryAfterMs + jitter);
}

interface RetryEnvironment {
  policy: RetryPolicy;
  clock: Clock;
  /**
   * Epoch ms; no sleep may end after it, and no attempt starts that would end after it if it
   * took as long as the last one did. Null for none.
   */
  deadline: number | null;
}

/**
 * Runs `count` requests: `round(pending)` sends the still-pending ones (by index) and returns one
 * outcome each, in order. Requests that failed retryably go into the next round, after one
 * shared wait (the longest any of them needs). Stops when nothing is pending, attempts are
 * spent, or the wait plus another round trip as long as the last would end past the deadline;
 * each request keeps its last outcome.
 */
export function runWithRetries<T>(count: number, round: (pending: number[]) => Outcome<T>[], env: RetryEnvironment): Outcome<T>[] {
  const results: Outcome<T>[] = [];
  let pending = Array.from({ length: count }, (_, i) => i);

  for (let attempt = 1; pending.length > 0; attempt++) {
    const roundStarted = env.clock.now();
    const outcomes = round(pending);
    // A slow service answers slowly again: an attempt is not started if a round trip as long as
    // this one would end past the deadline (a 30 s custom function cannot wait out a second one).
    const roundTook = Math.max(0, env.clock.now() - roundStarted);
    const again: number[] = [];
    let wait = 0;
    pending.forEach((index, i) => {
      const outcome = outcomes[i];
      if (outcome === undefined) throw new Error(`runWithRetries: round returned no outcome for request ${index}`);
      results[index] = outcome;
      if (outcome.ok) return;
      outcome.error.attempts = attempt;
      if (attempt >= env.policy.maxAttempts) return;
      const delay = retryDelay(outcome.error, attempt, env.policy);
      if (delay === null) return;
      again.push(index);
      wait = Math.max(wait, delay);
    });
    if (again.length === 0) break;
    if (env.deadline !== null && env.clock.now() + wait + roundTook > env.deadline) break;
    env.clock.sleep(wait);
    pending = again;
  }
  return results;
}
