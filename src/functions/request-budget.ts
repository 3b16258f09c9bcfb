// This file defines what the custom functions may still send: the service allows 1,000 requests per account in any 60 s, so the
// document cache keeps what this document's formulas sent in the last minute and any wait a 429 asked for, and an evaluation takes
// only what is left. Other clients of the account are not seen, so formulas leave them a share of the minute.
import * as z from "zod/mini";
import type { Clock } from "../rules/clock";
import type { StoredShape } from "../storage/stored-json";
import type { CellCache } from "./cell-cache";
import { KEYS } from "../storage/keys";

/** The service's rate limit: requests per account in any 60 s. */
const SERVICE_REQUESTS_PER_MINUTE = 1000;
/** What formulas take of it, leaving the rest to the sidebar's and the background passes' requests. */
export const FORMULA_REQUESTS_PER_MINUTE = SERVICE_REQUESTS_PER_MINUTE - 100;
const WINDOW_MS = 60_000;

interface Sent {
  /** [epoch ms, requests] of each round trip of the last minute. */
  sent: Array<[number, number]>;
  /** Epoch ms before which nothing is sent (a 429's Retry-After). */
  until: number;
}

const StoredSent = z.lazy(() => z.object({ sent: z.optional(z.array(z.unknown())), until: z.optional(z.unknown()) }));

/** What was sent, as cached: a round trip or a wait of no known shape is left out. */
const SENT_SHAPE: StoredShape<Sent, z.output<typeof StoredSent>> = {
  schema: StoredSent,
  upgrade: (stored) => ({
    until: typeof stored.until === "number" ? stored.until : 0,
    sent: (stored.sent ?? []).flatMap((item) => {
      const trip = ROUND_TRIP.safeParse(item);
      return trip.success ? [trip.data] : [];
    }),
  }),
};
const ROUND_TRIP = z.lazy(() => z.tuple([z.number(), z.number()]));

export class RequestBudget {
  constructor(
    private readonly cache: CellCache,
    private readonly clock: Clock,
  ) {}

  private read(): Sent {
    return this.cache.getMany([KEYS.cacheRate], SENT_SHAPE).get(KEYS.cacheRate) ?? { sent: [], until: 0 };
  }

  private write(state: Sent): void {
    const now = this.clock.now();
    state.sent = state.sent.filter(([at]) => at > now - WINDOW_MS);
    const seconds = Math.ceil(Math.max(WINDOW_MS, state.until - now) / 1000);
    this.cache.putMany([[KEYS.cacheRate, state]], seconds);
  }

  /** Requests formulas may send now: their share of the minute less what they sent in it, 0 while the service asked to wait. */
  left(): number {
    const state = this.read();
    const now = this.clock.now();
    if (now < state.until) return 0;
    const used = state.sent.reduce((sum, [at, count]) => (at > now - WINDOW_MS ? sum + count : sum), 0);
    return Math.max(0, FORMULA_REQUESTS_PER_MINUTE - used);
  }

  /** Counts requests just sent (a rolling minute from now: later than the service counts them, so never too few). */
  spend(count: number): void {
    if (count <= 0) return;
    const state = this.read();
    state.sent.push([this.clock.now(), count]);
    this.write(state);
  }

  /** The service answered 429: nothing more until `ms` from now. */
  waitFor(ms: number): void {
    const state = this.read();
    state.until = Math.max(state.until, this.clock.now() + ms);
    this.write(state);
  }
}
