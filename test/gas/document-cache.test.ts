// Checks the custom functions' cache on the fakes: the document's cache, shared by executions of
// the same document.
import { createRuntime } from "../../dev/fakes/runtime";
import { documentCache } from "../../src/gas/document-cache";

const globals = globalThis as Record<string, unknown>;
afterAll(() => delete globals.CacheService);

describe("documentCache", () => {
  it("is the document's cache: what one execution puts, the next reads", () => {
    const runtime = createRuntime();
    globals.CacheService = (runtime.globals() as unknown as Record<string, unknown>).CacheService;
    documentCache()?.put("k", "v", 600);
    globals.CacheService = (runtime.globals() as unknown as Record<string, unknown>).CacheService; // a new execution
    expect(documentCache()?.get("k")).toBe("v");
    runtime.endAmbient();
  });
});
