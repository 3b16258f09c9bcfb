// Checks the Utilities adapter on the fakes: days and times in a time zone (written here as
// literals), UUIDs, and a sleep kept within Apps Script's 5 minutes and never negative.
import { createRuntime, type FakeRuntime } from "../../dev/fakes/runtime";
import { appsScriptClock, formatDay, formatTime, newUuid } from "../../src/gas/utilities";

let runtime: FakeRuntime;
const globals = globalThis as Record<string, unknown>;

beforeEach(() => {
  runtime = createRuntime();
  globals.Utilities = (runtime.globals() as unknown as Record<string, unknown>).Utilities;
});
afterEach(() => runtime.endAmbient());
afterAll(() => delete globals.Utilities);

describe("the Utilities adapter", () => {
  const instant = Date.UTC(2026, 10, 28, 23, 46); // 2026-11-28 23:46 UTC

  it("writes the day in the given zone", () => {
    expect(formatDay(instant, "UTC")).toBe("2026-11-28");
    expect(formatDay(instant, "Asia/Tokyo")).toBe("2026-11-29");
    expect(formatDay(instant, "America/Los_Angeles")).toBe("2026-11-28");
  });
  it("writes the day and 24-hour time in the given zone", () => {
    expect(formatTime(instant, "UTC")).toBe("2026-11-28 23:46");
    expect(formatTime(instant, "Asia/Tokyo")).toBe("2026-11-29 08:46");
  });
  it("makes distinct UUIDs", () => {
    const a = newUuid();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(newUuid()).not.toBe(a);
  });
  it("sleeps at most 5 minutes, and a negative wait not at all", () => {
    const sleeps: number[] = [];
    globals.Utilities = { sleep: (ms: number) => sleeps.push(ms) };
    appsScriptClock.sleep(10 * 60_000);
    appsScriptClock.sleep(-5);
    appsScriptClock.sleep(1.6);
    expect(sleeps).toEqual([300_000, 0, 2]);
  });
});
