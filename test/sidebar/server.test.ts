// Tests the sidebar's typed wrapper over google.script.run: results and failures as Promises,
// handlers per call, no argument for functions without one; and, at type-check time, that names
// and arguments come from the server's own types (the @ts-expect-error lines must stay errors).
import { createServer, failureMessage, type ScriptRun } from "../../src/sidebar/server";

type Reply = { ok: unknown } | { error: unknown };

/** google.script.run as Apps Script documents it: handlers chained, then the function called. */
function fakeScriptRun(replies: Record<string, (args: unknown[]) => Reply>, calls: Array<{ name: string; args: unknown[] }>) {
  const chain = (success?: (v: unknown) => void, failure?: (e: unknown) => void): ScriptRun =>
    new Proxy({} as ScriptRun, {
      get(_target, name: string) {
        if (name === "withSuccessHandler") return (h: (v: unknown) => void) => chain(h, failure);
        if (name === "withFailureHandler") return (h: (e: unknown) => void) => chain(success, h);
        const reply = replies[name];
        if (!reply) return undefined;
        return (...args: unknown[]) => {
          calls.push({ name, args });
          const answer = reply(args);
          queueMicrotask(() => ("ok" in answer ? success?.(answer.ok) : failure?.(answer.error)));
        };
      },
    });
  return () => chain();
}

describe("createServer", () => {
  it("resolves with the server's result and sends the one argument", async () => {
    const calls: Array<{ name: string; args: unknown[] }> = [];
    const server = createServer(
      fakeScriptRun({ findLocations: () => ({ ok: [{ label: "Austin,Texas,United States", country_code: "US" }] }) }, calls),
    );
    const found = await server.call("findLocations", { q: "Aus" });
    expect(found[0]?.label).toBe("Austin,Texas,United States");
    expect(calls).toEqual([{ name: "findLocations", args: [{ q: "Aus" }] }]);
  });

  it("calls a function without an argument with none at all", async () => {
    const calls: Array<{ name: string; args: unknown[] }> = [];
    const server = createServer(fakeScriptRun({ listJobs: () => ({ ok: [] }) }, calls));
    await expect(server.call("listJobs")).resolves.toEqual([]);
    expect(calls[0]?.args).toEqual([]);
  });

  it("rejects with the server's sentence, without Apps Script's prefix", async () => {
    const server = createServer(
      fakeScriptRun({ getAccount: () => ({ error: new Error("Exception: The API key was refused (401).") }) }, []),
    );
    await expect(server.call("getAccount")).rejects.toThrow(/^The API key was refused \(401\)\.$/);
  });

  it("keeps concurrent calls apart", async () => {
    const server = createServer(
      fakeScriptRun(
        {
          findLocations: (args) => ({ ok: [{ label: String((args[0] as { q: string }).q), country_code: "US" }] }),
        },
        [],
      ),
    );
    const [a, b] = await Promise.all([server.call("findLocations", { q: "Au" }), server.call("findLocations", { q: "Bo" })]);
    expect([a[0]?.label, b[0]?.label]).toEqual(["Au", "Bo"]);
  });

  it("says plainly when the server has no such function", async () => {
    const server = createServer(fakeScriptRun({}, []));
    await expect(server.call("recentJobs", { page: 1 })).rejects.toThrow(/has no "recentJobs"/);
  });

  it("is typed by the server's functions", () => {
    const server = createServer(fakeScriptRun({}, []));
    const typeOnly = (): void => {
      // @ts-expect-error: not a sidebar function of the server
      void server.call("pollJobs");
      // @ts-expect-error: saveSettings needs the key and the address
      void server.call("saveSettings", { apiKey: "k" });
      // @ts-expect-error: findLocations takes {q}, not {query}
      void server.call("findLocations", { query: "Aus" });
      // @ts-expect-error: setRefresh's schedule is day, week or off
      void server.call("setRefresh", { jobId: "j", every: "hourly" });
    };
    expect(typeof typeOnly).toBe("function");
  });
});

describe("failureMessage", () => {
  it("reads an Error, a plain object or a string, and never returns an empty message", () => {
    expect(failureMessage(new Error("Error: Not enough credits: 40 remain"))).toBe("Not enough credits: 40 remain");
    expect(failureMessage({ message: "ScriptError: Authorisation is required" })).toBe("Authorisation is required");
    expect(failureMessage("NetworkError")).toBe("NetworkError");
    expect(failureMessage(new Error(""))).toMatch(/did not answer/);
  });
});

describe("result types", () => {
  it("returns the server's own shapes", async () => {
    const server = createServer(
      fakeScriptRun(
        { getSettings: () => ({ ok: { hasKey: true, keyHint: "••••3f9a", baseUrl: "https://x", shareWithFormulas: false } }) },
        [],
      ),
    );
    const settings = await server.call("getSettings");
    const hint: string | null = settings.keyHint;
    expect(hint).toBe("••••3f9a");
  });
});
