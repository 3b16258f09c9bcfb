// Checks the record of the user's last background run on the fakes' properties: a run noted at its
// start is unfinished until its end is noted; one never finished and older than an execution can
// live (6.5 minutes) was stopped by Google; an observation that throws is no failure.
import { createRuntime, type FakeRuntime } from "../../dev/fakes/runtime";
import type * as runsModule from "../../src/gas/background-executions";

let runtime: FakeRuntime;
let mod: typeof runsModule;
const globals = globalThis as Record<string, unknown>;
const AT = Date.UTC(2026, 10, 28, 7, 0);

function execution(): void {
  globals.PropertiesService = (runtime.globals() as unknown as Record<string, unknown>).PropertiesService;
  jest.isolateModules(() => {
    mod = jest.requireActual<typeof runsModule>("../../src/gas/background-executions");
  });
}

beforeEach(() => {
  runtime = createRuntime();
  execution();
});
afterEach(() => runtime.endAmbient());
afterAll(() => delete globals.PropertiesService);

describe("background runs", () => {
  it("none is recorded at first", () => {
    expect(mod.lastBackgroundRun()).toBeNull();
    expect(mod.stoppedBackgroundRun(AT)).toBeNull();
  });

  it("a run is unfinished from its start, finished once its end is noted", () => {
    mod.recordBackgroundRun(() => ({ at: AT, withDocument: true }));
    execution();
    expect(mod.lastBackgroundRun()).toEqual({ at: AT, withDocument: true, finished: false });
    mod.recordBackgroundRunEnd();
    execution();
    expect(mod.lastBackgroundRun()).toEqual({ at: AT, withDocument: true, finished: true });
    expect(mod.stoppedBackgroundRun(AT + 3_600_000)).toBeNull();
  });

  it("an unfinished run older than 6.5 minutes was stopped; a younger one may still run", () => {
    mod.recordBackgroundRun(() => ({ at: AT, withDocument: false }));
    execution();
    expect(mod.stoppedBackgroundRun(AT + 390_000)).toBeNull();
    expect(mod.stoppedBackgroundRun(AT + 390_001)).toEqual({ at: AT, withDocument: false, finished: false });
  });

  it("an observation that throws records nothing and throws nothing", () => {
    expect(() =>
      mod.recordBackgroundRun(() => {
        throw new Error("no document");
      }),
    ).not.toThrow();
    expect(mod.lastBackgroundRun()).toBeNull();
  });
});
