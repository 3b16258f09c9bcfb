// Checks the locks on a plain stand-in for LockService: an action runs holding the document lock and
// lets it go, even when it throws; a lock held elsewhere refuses with the user's words and runs
// nothing; without a document lock the user's lock stands in (never for withOwnDocumentLock).
import type * as locks from "../../src/gas/locks";

class StubLock {
  held = false;
  waits: number[] = [];
  constructor(private readonly free: boolean) {}
  tryLock(ms: number): boolean {
    this.waits.push(ms);
    this.held = this.free;
    return this.free;
  }
  releaseLock(): void {
    this.held = false;
  }
  hasLock(): boolean {
    return this.held;
  }
}

let mod: typeof locks;
let flushes = 0;
/** For each release of a lock, whether SpreadsheetApp.flush() came before it (Google asks for it). */
let flushedBeforeRelease: boolean[] = [];
let documentLock: StubLock | null;
let userLock: StubLock;
const globals = globalThis as { LockService?: unknown; SpreadsheetApp?: unknown };

function setUp(document: StubLock | null, user = new StubLock(true)): void {
  documentLock = document;
  userLock = user;
  globals.LockService = { getDocumentLock: () => documentLock, getUserLock: () => userLock };
  flushedBeforeRelease = [];
  const flush = () => {
    flushes += 1;
  };
  flushes = 0;
  for (const lock of [document, user]) {
    if (!lock) continue;
    const release = lock.releaseLock.bind(lock);
    lock.releaseLock = () => {
      flushedBeforeRelease.push(flushes > 0);
      flushes = 0;
      release();
    };
  }
  globals.SpreadsheetApp = { getActiveSpreadsheet: () => null, flush };
  jest.isolateModules(() => {
    mod = jest.requireActual<typeof locks>("../../src/gas/locks");
  });
}
afterAll(() => {
  delete globals.LockService;
  delete globals.SpreadsheetApp;
});

describe("withDocumentLock", () => {
  it("runs the action holding the document lock, waiting up to 20 s, and releases it", () => {
    setUp(new StubLock(true));
    let heldDuring = false;
    const action = (): number => {
      heldDuring = documentLock?.held ?? false;
      return 7;
    };
    expect(mod.withDocumentLock(action)).toBe(7);
    expect(heldDuring).toBe(true);
    expect(documentLock?.held).toBe(false);
    expect(documentLock?.waits).toEqual([20_000]);
    expect(flushedBeforeRelease).toEqual([true]);
  });
  it("releases the lock when the action throws", () => {
    setUp(new StubLock(true));
    expect(() =>
      mod.withDocumentLock(() => {
        throw new Error("boom");
      }),
    ).toThrow("boom");
    expect(documentLock?.held).toBe(false);
    expect(flushedBeforeRelease).toEqual([true]);
  });
  it("a lock held elsewhere runs nothing and says to try again, nothing started twice", () => {
    setUp(new StubLock(false));
    const action = jest.fn();
    expect(() => mod.withDocumentLock(action, 50)).toThrow(/already changing this document.*Nothing was started twice/s);
    expect(action).not.toHaveBeenCalled();
  });
  it("without a document lock, the user's lock stands in", () => {
    setUp(null);
    mod.withDocumentLock(() => undefined);
    expect(userLock.waits).toEqual([20_000]);
  });
});

describe("tryDocumentLock, tryUserLock, withOwnDocumentLock", () => {
  it("tryDocumentLock tells whether the action ran", () => {
    setUp(new StubLock(false));
    const action = jest.fn();
    expect(mod.tryDocumentLock(action, 100)).toBe(false);
    expect(action).not.toHaveBeenCalled();
    setUp(new StubLock(true));
    expect(mod.tryDocumentLock(action, 100)).toBe(true);
    expect(action).toHaveBeenCalledTimes(1);
  });
  it("tryUserLock takes the user's lock", () => {
    setUp(new StubLock(false), new StubLock(true));
    expect(mod.tryUserLock(() => undefined, 100)).toBe(true);
    expect(userLock.waits).toEqual([100]);
    expect(userLock.held).toBe(false);
  });
  it("withOwnDocumentLock runs the action either way, telling it held, busy or none", () => {
    setUp(new StubLock(true));
    expect(mod.withOwnDocumentLock(10, (outcome) => outcome)).toBe("held");
    setUp(new StubLock(false));
    expect(mod.withOwnDocumentLock(10, (outcome) => outcome)).toBe("busy");
    setUp(null);
    expect(mod.withOwnDocumentLock(10, (outcome) => outcome)).toBe("none");
    expect(userLock.waits).toEqual([]);
  });
});
