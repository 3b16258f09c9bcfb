// Tests the LockService fake: real exclusion between overlapping executions, waits on the
// virtual clock, release at the end of an execution.
import { createRuntime, type FakeRuntime } from "../../../dev/fakes/runtime";
import { makeDist } from "./test-support";

let runtime: FakeRuntime;
beforeEach(() => {
  runtime = createRuntime({ distDir: makeDist({}) });
});

describe("LockService", () => {
  it("acquires a free lock and reports it with hasLock until released", () => {
    const lock = runtime.globals().LockService.getDocumentLock();
    expect(lock.hasLock()).toBe(false);
    expect(lock.tryLock(0)).toBe(true);
    expect(lock.hasLock()).toBe(true);
    lock.releaseLock();
    expect(lock.hasLock()).toBe(false);
  });

  it("lets the same execution take a lock it already holds", () => {
    const { LockService } = runtime.globals();
    expect(LockService.getScriptLock().tryLock(0)).toBe(true);
    expect(LockService.getScriptLock().tryLock(0)).toBe(true);
  });

  it("excludes another execution; its wait advances the virtual clock by the timeout", () => {
    // The execution made by globals() stays open while run() starts a second one beside it.
    const dist = makeDist({
      "main.js":
        "function grab(ms) { return LockService.getDocumentLock().tryLock(ms); }\n" +
        "function waitFor(ms) { LockService.getDocumentLock().waitLock(ms); }",
    });
    const rt = createRuntime({ distDir: dist });
    const outer = rt.globals().LockService.getDocumentLock();
    expect(outer.tryLock(0)).toBe(true);
    const before = rt.clock.now();
    expect(rt.run("grab", [0]).value).toBe(false);
    expect(rt.run("grab", [5000]).value).toBe(false);
    expect(rt.clock.now() - before).toBe(5000);
    expect(rt.counters.lockWaitMs).toBe(5000);
    const failed = rt.run("waitFor", [1000]);
    expect(failed.errorMessage).toBe("Lock timeout: another process was holding the lock for too long.");
    expect(String(failed.error)).toBe("Exception: Lock timeout: another process was holding the lock for too long.");
    outer.releaseLock();
    expect(rt.run("grab", [0]).value).toBe(true);
  });

  it("keeps user locks per user and shares script locks across users", () => {
    const dist = makeDist({
      "main.js":
        "function user() { return LockService.getUserLock().tryLock(0); }" +
        "\nfunction script() { return LockService.getScriptLock().tryLock(0); }",
    });
    const rt = createRuntime({ distDir: dist, userEmail: "a@example.com" });
    const a = rt.globals().LockService;
    a.getUserLock().tryLock(0);
    a.getScriptLock().tryLock(0);
    expect(rt.run("user", [], { user: "b@example.com" }).value).toBe(true);
    expect(rt.run("user", [], { user: "a@example.com" }).value).toBe(false);
    expect(rt.run("script", [], { user: "b@example.com" }).value).toBe(false);
  });

  it("releases an execution's locks when it ends", () => {
    const dist = makeDist({ "main.js": "function hold() { return LockService.getScriptLock().tryLock(0); }" });
    const rt = createRuntime({ distDir: dist });
    expect(rt.run("hold").value).toBe(true);
    expect(rt.run("hold").value).toBe(true);
  });

  it("is not available in AuthMode.NONE", () => {
    expect(() => runtime.globals("NONE").LockService.getDocumentLock()).toThrow(
      /You do not have permission to call LockService.getDocumentLock/,
    );
  });
});
