// This file defines how long an enrichment run may take, said ahead of its start: the service's concurrent-job limit is not documented,
// so the account's `active_searches` at a 429 is taken as that limit, read at most once a day and kept in the user's properties.
import type { JobsContext } from "../../jobs/job-context";
import * as z from "zod/mini";
import type { KeyValueStore } from "../../storage/key-value-store";
import { currentShape, readStored, storedText } from "../../storage/stored-json";
import { KEYS } from "../../storage/keys";
import { iso } from "../../rules/clock";

/** Jobs assumed to run at once until a 429 shows the account's own limit: the simulator's default. */
const ASSUMED_ACTIVE_JOBS = 5;
/** One background pass an hour, and a wave of jobs finishes within it. */
const HOURS_PER_WAVE = 1;
const SLOTS_KEY = KEYS.jobSlots;
/** An account's plan (and its limit) can change: a day-old observation is made again at the next 429. */
const SLOTS_FRESH_MS = 24 * 60 * 60 * 1000;

/** What a 429 showed of the account's job slots, and when (its shape never changed). */
const SEEN_SLOTS_SHAPE = { ...currentShape(z.lazy(() => z.object({ slots: z.number(), at: z.string() }))), versioned: true } as const;
type SeenSlots = z.output<typeof SEEN_SLOTS_SHAPE.schema>;

const seenSlots = (store: KeyValueStore): SeenSlots | null => readStored(SEEN_SLOTS_SHAPE, store.getProperty(SLOTS_KEY));

/** After a 429 on a creation: the account's jobs under way now are its limit (read at most once a day). */
export function noteJobSlots(ctx: JobsContext, deadline: number): void {
  const seen = seenSlots(ctx.userProperties);
  const now = ctx.clock.now();
  if (seen && now - Date.parse(seen.at) < SLOTS_FRESH_MS) return;
  try {
    const slots = Math.max(1, ctx.client.getAccount({ deadline }).active_searches);
    ctx.userProperties.setProperty(SLOTS_KEY, storedText(SEEN_SLOTS_SHAPE, { slots, at: iso(now) }));
  } catch {
    // Only an estimate: the run goes on as before, and the next 429 tries again.
  }
}

/**
 * "about 6 hours in the background if the account runs 5 jobs at a time, sooner while the sidebar
 * is open" for a run that needs more jobs than run at once, else null. Until a 429 has shown the
 * account's limit, the assumption is said; once seen, the account's own figure ("runs 1 job at a
 * time").
 */
export function runDuration(jobs: number, userProperties: KeyValueStore): string | null {
  const seen = seenSlots(userProperties);
  const slots = seen?.slots ?? ASSUMED_ACTIVE_JOBS;
  if (jobs <= slots) return null;
  const hours = Math.ceil(jobs / slots) * HOURS_PER_WAVE;
  const pace = seen
    ? `(your account runs ${slots === 1 ? "1 job" : `${slots} jobs`} at a time)`
    : `if the account runs ${slots} jobs at a time`;
  return `about ${hours} hours in the background ${pace}, sooner while the sidebar is open`;
}
