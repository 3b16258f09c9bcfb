// This file defines the clocks shared by the simulator and the Apps Script fakes. A virtual
// clock lives in a SharedArrayBuffer so a simulator served from a worker thread sees the same
// time as the fakes' Utilities.sleep in the test's thread.

export interface SimClock {
  now(): number;
}

export const realClock: SimClock & { sleep(ms: number): void } = {
  now: () => Date.now(),
  sleep: (ms: number) => {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Math.max(0, ms));
  },
};

/** Virtual time: only moves when told to (`advance`, `sleep`, `set`). */
export class VirtualClock implements SimClock {
  readonly buffer: SharedArrayBuffer;
  private readonly cell: Float64Array;

  /** Pass the `buffer` of another VirtualClock (e.g. through workerData) to share its time. */
  constructor(start: number | SharedArrayBuffer = Date.UTC(2026, 10, 21, 9, 0, 0)) {
    if (typeof start === "number") {
      this.buffer = new SharedArrayBuffer(8);
      this.cell = new Float64Array(this.buffer);
      this.cell[0] = start;
    } else {
      this.buffer = start;
      this.cell = new Float64Array(this.buffer);
    }
  }

  now(): number {
    return this.cell[0] ?? 0;
  }

  set(ms: number): void {
    this.cell[0] = ms;
  }

  advance(ms: number): void {
    this.cell[0] = this.now() + Math.max(0, ms);
  }

  /** A sleep that costs no real time: the virtual clock jumps forward. */
  sleep(ms: number): void {
    this.advance(ms);
  }
}
