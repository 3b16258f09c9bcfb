// Tests the Utilities, Session and Logger/console fakes against Google's references.
import { createRuntime, type FakeRuntime } from "../../../dev/fakes/runtime";
import { makeDist } from "./test-support";

let runtime: FakeRuntime;
beforeEach(() => {
  runtime = createRuntime({ distDir: makeDist({}), seed: 7 });
});

describe("Utilities.sleep", () => {
  it("sleeps on the virtual clock and counts it", () => {
    const { Utilities } = runtime.globals();
    const before = runtime.clock.now();
    Utilities.sleep(1500);
    expect(runtime.clock.now() - before).toBe(1500);
    expect(runtime.counters.sleeps).toBe(1);
    expect(runtime.counters.sleepMs).toBe(1500);
  });

  it("accepts at most 300000 ms", () => {
    const { Utilities } = runtime.globals();
    Utilities.sleep(300_000);
    expect(() =>
      createRuntime({ distDir: makeDist({}) })
        .globals()
        .Utilities.sleep(300_001),
    ).toThrow("Invalid argument: milliseconds");
  });

  it("kills an execution that sleeps past its time limit (6 minutes)", () => {
    const { Utilities } = runtime.globals();
    Utilities.sleep(300_000);
    expect(() => Utilities.sleep(61_000)).toThrow("Exceeded maximum execution time");
    expect(() => Utilities.getUuid()).toThrow("Exceeded maximum execution time");
  });
});

describe("Utilities", () => {
  it("makes version-4 UUIDs, reproducible from the seed", () => {
    const a = runtime.globals().Utilities;
    const ids = [a.getUuid(), a.getUuid()];
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ids[0]).not.toBe(ids[1]);
    const again = createRuntime({ distDir: makeDist({}), seed: 7 }).globals().Utilities;
    expect([again.getUuid(), again.getUuid()]).toEqual(ids);
  });

  it("formats dates with SimpleDateFormat patterns in a time zone", () => {
    const { Utilities } = runtime.globals();
    const date = new Date(Date.UTC(2026, 0, 5, 14, 7, 9, 42));
    expect(Utilities.formatDate(date, "UTC", "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'")).toBe("2026-01-05T14:07:09.042Z");
    expect(Utilities.formatDate(date, "America/New_York", "yyyy-MM-dd HH:mm XXX")).toBe("2026-01-05 09:07 -05:00");
    expect(Utilities.formatDate(date, "Asia/Kolkata", "EEE, d MMM yyyy h:mm a Z")).toBe("Mon, 5 Jan 2026 7:37 PM +0530");
    expect(() => Utilities.formatDate(date, "Not/AZone", "yyyy")).toThrow("Invalid argument: timeZone");
  });

  it("encodes and decodes base64 with Apps Script's signed bytes", () => {
    const { Utilities } = runtime.globals();
    expect(Utilities.base64Encode("héllo")).toBe("aMOpbGxv");
    expect(Utilities.base64Decode("aMOpbGxv")).toEqual([104, -61, -87, 108, 108, 111]);
    expect(Utilities.newBlob(Utilities.base64Decode("aMOpbGxv")).getDataAsString()).toBe("héllo");
    expect(Utilities.base64EncodeWebSafe([-5, -1])).toBe("-_8=");
  });

  it("computes digests as signed bytes", () => {
    const { Utilities } = runtime.globals();
    const digest = Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_256, "abc");
    const hex = digest.map((b) => (b & 0xff).toString(16).padStart(2, "0")).join("");
    expect(hex).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(digest[0]).toBe(-70);
  });
});

describe("Session", () => {
  it("knows the active user, except in custom functions and AuthMode.NONE", () => {
    const rt = createRuntime({ distDir: makeDist({}), userEmail: "ann@example.com", timeZone: "Europe/Berlin" });
    expect(rt.globals().Session.getActiveUser().getEmail()).toBe("ann@example.com");
    expect(rt.globals().Session.getEffectiveUser().getEmail()).toBe("ann@example.com");
    expect(rt.globals("CUSTOM_FUNCTION").Session.getActiveUser().getEmail()).toBe("");
    expect(rt.globals("NONE").Session.getActiveUser().getEmail()).toBe("");
    expect(rt.globals().Session.getScriptTimeZone()).toBe("Europe/Berlin");
  });

  it("gives a stable temporary key per user", () => {
    const a1 = runtime.globals("FULL", { user: "a@example.com" }).Session.getTemporaryActiveUserKey();
    const a2 = runtime.globals("FULL", { user: "a@example.com" }).Session.getTemporaryActiveUserKey();
    const b = runtime.globals("FULL", { user: "b@example.com" }).Session.getTemporaryActiveUserKey();
    expect(a1).toBe(a2);
    expect(a1).not.toBe(b);
  });
});

describe("Logger and console", () => {
  it("captures every line with its execution and level", () => {
    const { Logger, console } = runtime.globals();
    Logger.log("count %s of %s", 1, 2);
    Logger.log({ a: 1 });
    console.warn("careful", 3);
    console.error(new Error("boom").message);
    expect(runtime.logs.map((l) => [l.level, l.message])).toEqual([
      ["Logger", "count 1 of 2"],
      ["Logger", '{"a":1}'],
      ["warn", "careful 3"],
      ["error", "boom"],
    ]);
    expect(Logger.getLog()).toBe('count 1 of 2\n{"a":1}\n');
  });
});
