// Checks the wrapper of every server function on the Apps Script fakes: the argument refused with
// its schema's sentence before the body runs; our own errors pass as written, any other failure is
// said plainly; the saved API key never appears in the message; the lock held only when asked.
import { createRuntime, type FakeRuntime } from "../../dev/fakes/runtime";
import type * as commandModule from "../../src/ui/command";
import type * as userErrorModule from "../../src/errors/user-error";
import type * as entryArgsModule from "../../src/ui/entry-args";

const KEY = "sk_live_Sup3rSecretKey9";
const NAMES = ["Utilities", "PropertiesService", "SpreadsheetApp", "LockService", "Session", "ScriptApp", "CacheService"];
let runtime: FakeRuntime;
let mod: typeof commandModule;
let userErrors: typeof userErrorModule;
let entryArgs: typeof entryArgsModule;
const globals = globalThis as Record<string, unknown>;

beforeEach(() => {
  runtime = createRuntime();
  const g = runtime.globals() as unknown as Record<string, unknown>;
  for (const name of NAMES) globals[name] = g[name];
  runtime.stores.user().set("businessLeads.apiKey", KEY);
  jest.isolateModules(() => {
    mod = jest.requireActual<typeof commandModule>("../../src/ui/command");
    userErrors = jest.requireActual<typeof userErrorModule>("../../src/errors/user-error");
    entryArgs = jest.requireActual<typeof entryArgsModule>("../../src/ui/entry-args");
  });
});
afterEach(() => runtime.endAmbient());
afterAll(() => {
  for (const name of NAMES) delete globals[name];
});

describe("command", () => {
  it("returns the body's value", () => {
    expect(mod.command({}, () => 42)()).toBe(42);
  });
  it("passes our own error's words as written, with the key blanked out", () => {
    const call = mod.command({}, () => {
      throw new userErrors.InvalidInputError(`The key ${KEY} was refused.`);
    });
    expect(call).toThrow(/^The key .* was refused\.$/);
    expect(() => call()).not.toThrow(KEY);
  });
  it("says any other failure is unexpected, with no key in it", () => {
    const call = mod.command({}, () => {
      throw new TypeError(`fetch https://x.test/?key=${KEY} failed`);
    });
    let message = "";
    try {
      call();
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Business Leads hit an unexpected problem \(.*\)\. Try again; if it persists, tell your admin\.$/);
    expect(message).not.toContain(KEY);
    expect(message).not.toContain("Sup3rSecret");
  });
  it("gives the body a deadline a minute from now", () => {
    const now = Date.now();
    const deadline = mod.command({}, (call) => call.deadline)();
    expect(deadline - now).toBeGreaterThanOrEqual(60_000 - 1000);
    expect(deadline - now).toBeLessThanOrEqual(60_000 + 1000);
  });
  it("holds the document lock only when asked", () => {
    const held = (lock: boolean) =>
      mod.command({ lock }, () => (globals.LockService as GoogleAppsScript.Lock.LockService).getDocumentLock().hasLock())();
    expect(held(true)).toBe(true);
    expect(held(false)).toBe(false);
  });
});

describe("commandWith", () => {
  it("refuses a bad argument with its schema's sentence, before the body runs", () => {
    const body = jest.fn();
    const stop = mod.commandWith("stopSearch", {}, body);
    // The schema's own refusal (its words are the argument tests'): the command passes it on as written.
    let refusal: unknown;
    try {
      entryArgs.parseArgs("stopSearch", { jobId: "" });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(userErrors.InvalidInputError);
    expect(() => stop({ jobId: "" })).toThrow(new Error((refusal as Error).message));
    expect(body).not.toHaveBeenCalled();
  });
  it("hands the body the checked argument", () => {
    expect(mod.commandWith("stopSearch", {}, (args) => args.jobId)({ jobId: "t-1" })).toBe("t-1");
  });
});
