// This file defines the daily quotas of https://developers.google.com/apps-script/guides/services/quotas
// that the add-on can plausibly reach. "Quotas are per user and reset 24 hours after the first
// request"; going over throws "Service invoked too many times for one day: <service>."
// "Triggers total runtime" (90 min / day for a consumer account, 6 h for Workspace) is counted
// in the virtual time trigger executions take; the page's error table says a script past it
// fails with "Service using too much computer time for one day", "most commonly" one that runs
// on a trigger: here a trigger execution that reaches it stops (it cannot be caught, as a script
// past its time limit cannot), and one started while it is spent stops at its first call.
import type { SimClock } from "../clock";

export type QuotaTier = "consumer" | "workspace";

/** Calls per user per day (consumer / Google Workspace accounts). */
const DAILY_LIMITS: Record<QuotaService, Record<QuotaTier, number>> = {
  urlfetch: { consumer: 20_000, workspace: 100_000 },
  properties: { consumer: 50_000, workspace: 500_000 },
};

export type QuotaService = "urlfetch" | "properties";

const DAY_MS = 24 * 60 * 60 * 1000;

/** "Triggers total runtime", per user per day. */
const TRIGGER_RUNTIME_MS: Record<QuotaTier, number> = { consumer: 90 * 60 * 1000, workspace: 6 * 60 * 60 * 1000 };

export const TRIGGER_RUNTIME_MESSAGE = "Service using too much computer time for one day";

export class DailyQuotas {
  private readonly windows = new Map<string, { start: number; used: number }>();
  private readonly bandwidthUntil = new Map<string, number>();

  constructor(
    private readonly clock: SimClock,
    private readonly tier: QuotaTier,
  ) {}

  /** Counts `n` calls for `user`; returns the error message when the quota is exceeded. */
  charge(service: QuotaService, user: string, n = 1): string | undefined {
    const key = `${service}\u0000${user}`;
    const now = this.clock.now();
    let window = this.windows.get(key);
    if (window === undefined || now - window.start >= DAY_MS) {
      window = { start: now, used: 0 };
      this.windows.set(key, window);
    }
    if (window.used + n > DAILY_LIMITS[service][this.tier]) {
      return `Service invoked too many times for one day: ${service}.`;
    }
    window.used += n;
    return undefined;
  }

  /** Spends `user`'s whole daily quota of `service` now (it resets a day after its window began). */
  exhaust(service: QuotaService, user: string): void {
    const key = `${service}\u0000${user}`;
    const now = this.clock.now();
    const window = this.windows.get(key);
    const start = window === undefined || now - window.start >= DAY_MS ? now : window.start;
    this.windows.set(key, { start, used: DAILY_LIMITS[service][this.tier] });
  }

  /** Leaves `user` exactly `calls` more calls of `service` in the current window (to spend a quota midway). */
  leave(service: QuotaService, user: string, calls: number): void {
    this.exhaust(service, user);
    const window = this.windows.get(`${service}\u0000${user}`);
    if (window) window.used = Math.max(0, DAILY_LIMITS[service][this.tier] - calls);
  }

  /**
   * UrlFetchApp's bandwidth quota refuses `user`'s fetches until `untilMs`. Google documents the
   * exception but not the window, so tests choose it.
   */
  blockBandwidth(user: string, untilMs: number): void {
    this.bandwidthUntil.set(user, untilMs);
  }

  bandwidthBlocked(user: string): boolean {
    return (this.bandwidthUntil.get(user) ?? 0) > this.clock.now();
  }

  used(service: QuotaService, user: string): number {
    return this.windows.get(`${service}\u0000${user}`)?.used ?? 0;
  }

  /** The daily limit of `service` (calls), or of trigger runtime (ms), for this tier. */
  limit(service: QuotaService | "triggerRuntime"): number {
    return service === "triggerRuntime" ? TRIGGER_RUNTIME_MS[this.tier] : DAILY_LIMITS[service][this.tier];
  }

  /** Trigger runtime `user` may still spend in the current window, in ms (the window opens at the first run). */
  triggerRuntimeLeft(user: string): number {
    const window = this.runtimeWindow(user, false);
    return this.limit("triggerRuntime") - (window?.used ?? 0);
  }

  /** Counts a trigger execution's runtime, from `startedAt` (its window opens then, if none is open). */
  chargeTriggerRuntime(user: string, startedAt: number, ms: number): void {
    const window = this.runtimeWindow(user, true, startedAt);
    if (window) window.used += ms;
  }

  /** Leaves `user` `ms` of trigger runtime in the current window (0: spent). */
  leaveTriggerRuntime(user: string, ms = 0): void {
    const window = this.runtimeWindow(user, true, this.clock.now());
    if (window) window.used = Math.max(0, this.limit("triggerRuntime") - ms);
  }

  private runtimeWindow(user: string, open: boolean, at = this.clock.now()): { start: number; used: number } | undefined {
    const key = `triggerRuntime\u0000${user}`;
    let window = this.windows.get(key);
    if (window !== undefined && at - window.start >= DAY_MS) window = undefined;
    if (window === undefined && open) {
      window = { start: at, used: 0 };
      this.windows.set(key, window);
    }
    return window;
  }
}
