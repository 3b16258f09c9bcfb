// This file defines the per-account request rate limit: a rolling 60 s window shared by all of
// an account's keys, and the headers that report it.

export const RATE_WINDOW_MS = 60_000;
export const RATE_POLICY_NAME = "default";

export type RateDecision =
  | { allowed: true; limit: number; remaining: number; resetSeconds: number }
  | { allowed: false; limit: number; retryAfterSeconds: number };

export class RateLimiter {
  private readonly windows = new Map<string, number[]>();

  /** Records one request for the account if the window has room. */
  take(accountId: string, limit: number, now: number): RateDecision {
    const stamps = this.windows.get(accountId) ?? [];
    while (stamps.length > 0 && (stamps[0] ?? now) <= now - RATE_WINDOW_MS) stamps.shift();
    this.windows.set(accountId, stamps);
    if (stamps.length >= limit) {
      const oldest = stamps[0] ?? now;
      return { allowed: false, limit, retryAfterSeconds: Math.max(1, Math.ceil((oldest + RATE_WINDOW_MS - now) / 1000)) };
    }
    stamps.push(now);
    const oldest = stamps[0] ?? now;
    return {
      allowed: true,
      limit,
      remaining: limit - stamps.length,
      resetSeconds: Math.max(1, Math.ceil((oldest + RATE_WINDOW_MS - now) / 1000)),
    };
  }
}

/** The spec's headers for successful responses (names lower-cased). */
export function rateHeaders(decision: RateDecision & { allowed: true }): Record<string, string> {
  const windowSeconds = RATE_WINDOW_MS / 1000;
  return {
    "ratelimit-policy": `${RATE_POLICY_NAME};q=${decision.limit};w=${windowSeconds}`,
    ratelimit: `${RATE_POLICY_NAME};r=${decision.remaining};t=${decision.resetSeconds}`,
    "x-ratelimit-limit": String(decision.limit),
    "x-ratelimit-remaining": String(decision.remaining),
    "x-ratelimit-reset": String(decision.resetSeconds),
  };
}
