// This file defines the daily quotas of https://developers.google.com/apps-script/guides/services/quotas
// that the add-on can plausibly reach. "Quotas are per user and reset 24 hours after the first
// request"; going over throws "Service invoked too many times for one day: <service>."
import type { SimClock } from "../clock";

export type QuotaTier = "consumer" | "workspace";

/** Calls per user per day (consumer / Google Workspace accounts). */
const DAILY_LIMITS: Record<QuotaService, Record<QuotaTier, number>> = {
  urlfetch: { consumer: 20_000, workspace: 100_000 },
  properties: { consumer: 50_000, workspace: 500_000 },
};

export type QuotaService = "urlfetch" | "properties";

const DAY_MS = 24 * 60 * 60 * 1000;

export class DailyQuotas {
  private readonly windows = new Map<string, { start: number; used: number }>();
  private readonly bandwidthUntil = new Map<string, number>();

  constructor(private readonly clock: SimClock, private readonly tier: QuotaTier) {}

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
}
