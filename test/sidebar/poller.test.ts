// Tests when the sidebar polls: every interval while a job is active, never when none is, not
// while hidden, resuming when shown, one poll at a time.
import { JobPoller, POLL_INTERVAL_MS, SCHEDULED_POLL_INTERVAL_MS, type PollNeed, type PollerEnv } from "../../src/sidebar/poller";

class FakeTimers implements PollerEnv {
  hidden = false;
  private next = 1;
  readonly pending = new Map<number, { callback: () => void; ms: number }>();
  setTimer(callback: () => void, ms: number): number {
    const id = this.next++;
    this.pending.set(id, { callback, ms });
    return id;
  }
  clearTimer(id: number): void {
    this.pending.delete(id);
  }
  isHidden(): boolean {
    return this.hidden;
  }
  /** Fires every pending timer once and lets the polls settle. */
  async fire(): Promise<void> {
    const due = [...this.pending.values()];
    this.pending.clear();
    for (const t of due) t.callback();
    for (let i = 0; i < 5; i++) await Promise.resolve();
  }
}

describe("JobPoller", () => {
  it("polls on the 5–10 s interval while a job is active and stops when none is", async () => {
    const timers = new FakeTimers();
    const answers: PollNeed[] = ["active", "active", "idle"];
    let polls = 0;
    const poller = new JobPoller(timers, async () => {
      polls += 1;
      return answers.shift() ?? "idle";
    });
    expect(POLL_INTERVAL_MS).toBeGreaterThanOrEqual(5000);
    expect(POLL_INTERVAL_MS).toBeLessThanOrEqual(10000);
    poller.update("active");
    expect([...timers.pending.values()].map((t) => t.ms)).toEqual([POLL_INTERVAL_MS]);
    await timers.fire();
    await timers.fire();
    await timers.fire();
    expect(polls).toBe(3);
    expect(poller.scheduled).toBe(false);
    await timers.fire();
    expect(polls).toBe(3);
  });

  it("does not poll when no job is active", () => {
    const timers = new FakeTimers();
    const poller = new JobPoller(timers, async () => "active" as const);
    poller.update("idle");
    expect(timers.pending.size).toBe(0);
  });

  it("polls once a minute while only a refresh schedule is waiting, and fast again when its run starts", async () => {
    const timers = new FakeTimers();
    const answers: PollNeed[] = ["scheduled", "active", "scheduled"];
    let polls = 0;
    const poller = new JobPoller(timers, async () => {
      polls += 1;
      return answers.shift() ?? "idle";
    });
    expect(SCHEDULED_POLL_INTERVAL_MS).toBeGreaterThan(POLL_INTERVAL_MS);
    poller.update("scheduled");
    const intervals: number[] = [];
    for (let i = 0; i < 3; i++) {
      intervals.push(...[...timers.pending.values()].map((t) => t.ms));
      await timers.fire();
    }
    expect(intervals).toEqual([SCHEDULED_POLL_INTERVAL_MS, SCHEDULED_POLL_INTERVAL_MS, POLL_INTERVAL_MS]);
    expect(polls).toBe(3);
    expect([...timers.pending.values()].map((t) => t.ms)).toEqual([SCHEDULED_POLL_INTERVAL_MS]);
  });

  /** A poller whose polls always find an active job, counting them. */
  const alwaysActive = (timers: FakeTimers) => {
    const counted = { polls: 0, poller: null as unknown as JobPoller };
    counted.poller = new JobPoller(timers, async () => {
      counted.polls += 1;
      return "active" as const;
    });
    return counted;
  };

  it("pauses while the sidebar is hidden and resumes when it is shown", async () => {
    const timers = new FakeTimers();
    const counted = alwaysActive(timers);
    const poller = counted.poller;
    poller.update("active");
    timers.hidden = true;
    poller.visibilityChanged();
    expect(timers.pending.size).toBe(0);
    await timers.fire();
    expect(counted.polls).toBe(0);
    timers.hidden = false;
    poller.visibilityChanged();
    expect(timers.pending.size).toBe(1);
    await timers.fire();
    expect(counted.polls).toBe(1);
  });

  it("a timer that fires while hidden does not poll", async () => {
    const timers = new FakeTimers();
    const counted = alwaysActive(timers);
    counted.poller.update("active");
    timers.hidden = true;
    await timers.fire();
    expect(counted.polls).toBe(0);
  });

  it("keeps polling after a failed poll while jobs were active, one poll at a time", async () => {
    const timers = new FakeTimers();
    let polls = 0;
    let release: (() => void) | undefined;
    const poller = new JobPoller(timers, () => {
      polls += 1;
      if (polls === 1) return Promise.reject(new Error("offline"));
      return new Promise<PollNeed>((resolve) => {
        release = () => resolve("idle");
      });
    });
    poller.update("active");
    await timers.fire();
    expect(polls).toBe(1);
    expect(timers.pending.size).toBe(1);
    await timers.fire();
    expect(polls).toBe(2);
    // While the second poll is out, a list from elsewhere does not start another one.
    poller.update("active");
    expect(timers.pending.size).toBe(0);
    release?.();
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(poller.scheduled).toBe(false);
  });
});
