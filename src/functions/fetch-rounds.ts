// This file defines how a custom function reads many IDs without outliving its 30 s or the service's rate limit: fetchAll round trips
// while the request budget has room and the deadline allows one more, stopping at the first 429 (its Retry-After kept for later
// evaluations) or a round that failed whole; the IDs not sent are returned for their cells to say so.
import type { BatchResult } from "../api/client";
import type { PreparedRequest } from "../api/requests";
import type { FormulaContext } from "./formula-context";
import type { RequestBudget } from "./request-budget";

/** Requests in one round trip: 200 a fetchAll keeps each round trip short, so the deadline is checked often. */
export const ROUND_REQUESTS = 200;
/** A 429 without Retry-After: the service's window is a minute. */
const DEFAULT_WAIT_MS = 60_000;

/** The requests that answer one ID (a job of unknown family is asked for as both); they go in the same round trip. */
export interface Wanted<T> {
  id: string;
  requests: PreparedRequest<T>[];
}

interface FetchedRounds<T> {
  /** Each sent ID's outcomes, in the order of its requests. */
  outcomes: Map<string, Array<BatchResult<T>>>;
  /** IDs not sent: no budget or no time left, or the service refused or failed a round. */
  notSent: string[];
}

interface RoundOptions<T> {
  /** Requests of the budget to leave unspent for a follow-up the caller may still make, asked before each round trip. */
  reserve?: () => number;
  /** Told after each round trip, with its outcomes and how many IDs are still to send. */
  afterRound?: (outcomes: Map<string, Array<BatchResult<T>>>, idsLeft: number) => void;
}

export function fetchInRounds<T>(
  ctx: FormulaContext,
  budget: RequestBudget,
  wanted: ReadonlyArray<Wanted<T>>,
  options: RoundOptions<T> = {},
): FetchedRounds<T> {
  const outcomes = new Map<string, Array<BatchResult<T>>>();
  let next = 0;
  let longestMs = 0;
  while (next < wanted.length) {
    const room = Math.min(ROUND_REQUESTS, budget.left() - (options.reserve?.() ?? 0));
    if (ctx.clock.now() + longestMs >= ctx.deadline) break;
    const round: Array<Wanted<T>> = [];
    const requests: Array<PreparedRequest<T>> = [];
    for (let item = wanted[next]; item !== undefined && requests.length + item.requests.length <= room; item = wanted[next]) {
      round.push(item);
      requests.push(...item.requests);
      next += 1;
    }
    if (round.length === 0) break;

    const started = ctx.clock.now();
    const results = ctx.client.batch(requests, { deadline: ctx.deadline });
    longestMs = Math.max(longestMs, ctx.clock.now() - started);
    // Every attempt counts, retries and refusals included: the budget errs on the side of too few.
    budget.spend(results.reduce((sum, r) => sum + (r.ok ? 1 : r.error.attempts), 0));
    const roundOutcomes = new Map<string, Array<BatchResult<T>>>();
    let at = 0;
    for (const item of round) {
      const mine = results.slice(at, at + item.requests.length) as Array<BatchResult<T>>;
      at += item.requests.length;
      outcomes.set(item.id, mine);
      roundOutcomes.set(item.id, mine);
    }
    options.afterRound?.(roundOutcomes, wanted.length - next);

    const refused = results.flatMap((r) => (!r.ok && r.error.kind === "rate_limited" ? [r.error] : []));
    if (refused.length > 0) {
      budget.waitFor(Math.max(...refused.map((e) => e.retryAfterMs ?? DEFAULT_WAIT_MS)));
      break;
    }
    // A round that failed whole (the service down, the network gone): leave the rest for later.
    if (results.every((r) => !r.ok && r.error.retryable)) break;
  }
  return { outcomes, notSent: wanted.slice(next).map((item) => item.id) };
}
