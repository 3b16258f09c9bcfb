// This file defines when the sidebar polls its jobs: every few seconds while a job is active, once a minute while a refresh is scheduled,
// never while hidden. Timers and visibility are handed in, so the schedule is unit-tested without a browser.

/** The spec asks clients to poll every 5 to 10 s. */
export const POLL_INTERVAL_MS = 7000;
/** Background passes run at most every few minutes: a minute is soon enough to show their work. */
export const SCHEDULED_POLL_INTERVAL_MS = 60_000;

/** What the jobs need: "active" (one is changing on the service), "scheduled" (a refresh may run), or nothing. */
export type PollNeed = "active" | "scheduled" | "idle";

export interface PollerEnv {
  setTimer(callback: () => void, ms: number): number;
  clearTimer(id: number): void;
  isHidden(): boolean;
}

export class JobPoller {
  private timer: number | null = null;
  private need: PollNeed = "idle";
  private inFlight = false;

  /** `poll` refreshes the jobs and resolves to what they need now. */
  constructor(
    private readonly env: PollerEnv,
    private readonly poll: () => Promise<PollNeed>,
    private readonly intervalMs = POLL_INTERVAL_MS,
    private readonly scheduledIntervalMs = SCHEDULED_POLL_INTERVAL_MS,
  ) {}

  /** Tells the poller what the jobs need now (after a list, a start or an import). */
  update(need: PollNeed): void {
    this.need = need;
    this.schedule();
  }

  /** Visibility changed: a hidden sidebar stops; a shown one polls soon if anything needs it. */
  visibilityChanged(): void {
    this.schedule();
  }

  get scheduled(): boolean {
    return this.timer !== null;
  }

  private schedule(): void {
    if (this.timer !== null) this.env.clearTimer(this.timer);
    this.timer = null;
    if (this.need === "idle" || this.inFlight || this.env.isHidden()) return;
    this.timer = this.env.setTimer(() => void this.tick(), this.need === "active" ? this.intervalMs : this.scheduledIntervalMs);
  }

  private async tick(): Promise<void> {
    this.timer = null;
    if (this.env.isHidden()) return;
    this.inFlight = true;
    try {
      this.need = await this.poll();
    } catch {
      // The poll showed its own error; keep trying as before.
    } finally {
      this.inFlight = false;
    }
    this.schedule();
  }
}
