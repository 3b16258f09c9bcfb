// This file defines when the sidebar polls its jobs: every few seconds while any job is active,
// not at all when none is, and never while the sidebar is hidden (it resumes when shown). Timers
// and visibility are handed in, so the schedule is unit-tested without a browser.

/** The spec asks clients to poll every 5 to 10 s. */
export const POLL_INTERVAL_MS = 7000;

export interface PollerEnv {
  setTimer(callback: () => void, ms: number): number;
  clearTimer(id: number): void;
  isHidden(): boolean;
}

export class JobPoller {
  private timer: number | null = null;
  private active = false;
  private inFlight = false;

  /** `poll` refreshes the jobs and resolves to whether any is still active. */
  constructor(private readonly env: PollerEnv, private readonly poll: () => Promise<boolean>, private readonly intervalMs = POLL_INTERVAL_MS) {}

  /** Tells the poller whether any job is active now (after a list, a start or an import). */
  update(anyActive: boolean): void {
    this.active = anyActive;
    this.schedule();
  }

  /** Visibility changed: a hidden sidebar stops; a shown one polls soon if anything is active. */
  visibilityChanged(): void {
    this.schedule();
  }

  get scheduled(): boolean {
    return this.timer !== null;
  }

  private schedule(): void {
    if (this.timer !== null) {
      this.env.clearTimer(this.timer);
      this.timer = null;
    }
    if (!this.active || this.inFlight || this.env.isHidden()) return;
    this.timer = this.env.setTimer(() => void this.tick(), this.intervalMs);
  }

  private async tick(): Promise<void> {
    this.timer = null;
    if (this.env.isHidden()) return;
    this.inFlight = true;
    try {
      this.active = await this.poll();
    } catch {
      // The poll showed its own error; keep trying while jobs were active.
    } finally {
      this.inFlight = false;
    }
    this.schedule();
  }
}
