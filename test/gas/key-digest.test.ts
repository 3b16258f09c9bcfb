// Checks the key's digest on the Apps Script fakes: the first 8 bytes of SHA-256 over the prefixed
// key, computed here with node's crypto; and the editor's id, made once and kept.
import { createHash } from "node:crypto";
import { createRuntime, type FakeRuntime } from "../../dev/fakes/runtime";
import type * as keyDigestModule from "../../src/gas/key-digest";

let runtime: FakeRuntime;
let mod: typeof keyDigestModule;
const globals = globalThis as Record<string, unknown>;

beforeEach(() => {
  runtime = createRuntime();
  const g = runtime.globals() as unknown as Record<string, unknown>;
  for (const name of ["Utilities", "PropertiesService", "SpreadsheetApp", "LockService"]) globals[name] = g[name];
  jest.isolateModules(() => {
    mod = jest.requireActual<typeof keyDigestModule>("../../src/gas/key-digest");
  });
});
afterEach(() => runtime.endAmbient());
afterAll(() => {
  for (const name of ["Utilities", "PropertiesService", "SpreadsheetApp", "LockService"]) delete globals[name];
});

describe("keyDigest", () => {
  it("is 16 hex digits of SHA-256 over businessLeads.key:<key>", () => {
    const key = "sk_live_ABCdef123";
    expect(mod.keyDigest(key)).toBe(
      createHash("sha256")
        .update("businessLeads.key:" + key)
        .digest("hex")
        .slice(0, 16),
    );
  });
  it("tells keys apart and never contains the key", () => {
    expect(mod.keyDigest("a")).not.toBe(mod.keyDigest("b"));
    expect(mod.keyDigest("abcdef0123")).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe("editorId", () => {
  it("is made once and kept in the user's properties", () => {
    const first = mod.editorId();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(mod.editorId()).toBe(first);
    expect([...runtime.stores.user().values()]).toContain(first);
  });
});
