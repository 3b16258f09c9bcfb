// Tests the fake runtime: one fresh V8 context per execution holding only the services, the
// bundle's load order, kills that cannot be caught, overlapping executions and the lock,
// google.script.run's plain-data rule, time limits, and the mode rules on SpreadsheetApp.
import * as vm from "node:vm";
import { createRuntime, loadBundleGlobals, ExecutionKilled } from "../../../dev/fakes/runtime";
import { makeDist, startEchoServer, type EchoServer } from "./test-support";

const FORBIDDEN = [
  "setTimeout",
  "setInterval",
  "setImmediate",
  "clearTimeout",
  "queueMicrotask",
  "fetch",
  "URL",
  "URLSearchParams",
  "TextEncoder",
  "TextDecoder",
  "atob",
  "btoa",
  "crypto",
  "process",
  "require",
  "Buffer",
  "global",
  "module",
  "exports",
  "structuredClone",
];
const SERVICES = [
  "CacheService",
  "HtmlService",
  "LockService",
  "Logger",
  "PropertiesService",
  "ScriptApp",
  "Session",
  "SpreadsheetApp",
  "UrlFetchApp",
  "Utilities",
  "console",
];

const bundle = makeDist({
  "a.js": "var loadOrder = (typeof loadOrder === 'undefined' ? [] : loadOrder); loadOrder.push('a');",
  "b.js": [
    "loadOrder.push('b');",
    "var counter = 0;",
    "function bump() { counter += 1; return counter; }",
    "function order() { return loadOrder; }",
    `function probe() { return ${JSON.stringify(FORBIDDEN)}.filter(function (n) { return typeof globalThis[n] !== 'undefined'; }); }`,
    "function ownGlobals() { return Object.getOwnPropertyNames(globalThis); }",
    "function tooBig() { try { PropertiesService.getDocumentProperties().setProperty('k', new Array(10000).join('x')); }" +
      " catch (e) { return [e instanceof Error, e.name, e.message]; } }",
    "function writeRows(n) { var sheet = SpreadsheetApp.getActiveSpreadsheet().getActiveSheet(); for (var i = 1; i <= n; " +
      "i++) sheet.getRange(i, 1).setValue('r' + i); PropertiesService.getDocumentProperties().setProperty('done', " +
      "'yes'); return 'wrote'; }",
    "function readA1() { return SpreadsheetApp.getActiveSpreadsheet().getActiveSheet().getRange(1, 1).getValue(); }",
    "function swallow() { try { SpreadsheetApp.getActiveSpreadsheet(); } catch (e) {} try { Utilities.sleep(1); }" +
      " catch (e) { return 'caught twice'; } return 'survived'; }",
    "function job(url) { var lock = LockService.getDocumentLock(); if (!lock.tryLock(0)) return 'busy'; " +
      "UrlFetchApp.fetch(url); return 'done'; }",
    "function fetchOnce(url) { UrlFetchApp.fetch(url); PropertiesService.getDocumentProperties().setProperty('after', 'yes'); }",
    "function echoArg(a) { return { same: a, plain: Object.getPrototypeOf(a) === Object.prototype }; }",
    "function today() { return { at: new Date(0) }; }",
    "function secret_() { return 'hidden'; }",
    "function nap(ms) { Utilities.sleep(ms); return 'awake'; }",
    "function menu() { SpreadsheetApp.getUi().createAddonMenu().addItem('Start', 'showSidebar').addToUi(); return 'menu'; }",
    "function peek() { return SpreadsheetApp.getActiveSpreadsheet().getName(); }",
    "function ui() { return typeof SpreadsheetApp.getUi(); }",
    "function log() { Logger.log('one'); console.info('two'); return 1; }",
    "function fail() { throw new Error('Not enough credits'); }",
  ].join("\n"),
  "notes.txt": "this is not evaluated",
});

describe("executions", () => {
  it("evaluate the bundle afresh in a new context each time", () => {
    const rt = createRuntime({ distDir: bundle });
    expect(rt.run("bump").value).toBe(1);
    expect(rt.run("bump").value).toBe(1);
  });

  it("evaluate dist/*.js in alphabetical file-name order", () => {
    expect(createRuntime({ distDir: bundle }).run("order").value).toEqual(["a", "b"]);
  });

  it("see none of the forbidden globals, and no globals but the services and ECMAScript's", () => {
    const rt = createRuntime({ distDir: bundle });
    expect(rt.run("probe").value).toEqual([]);
    // What the bundle itself declares, evaluated with no services at all.
    const bareWithBundle = loadBundleGlobals(bundle, {});
    const declared = new Set(vm.runInContext("Object.getOwnPropertyNames(globalThis)", bareWithBundle) as string[]);
    const own = rt.run("ownGlobals").value as string[];
    // V8 gives every context a `console`; ours replaces it (see the Logger tests).
    expect(own.filter((name) => !declared.has(name)).sort()).toEqual(SERVICES.filter((s) => s !== "console").sort());
  });

  it("throw the services' errors as Errors of the script's own realm, named Exception", () => {
    expect(createRuntime({ distDir: bundle }).run("tooBig").value).toEqual([true, "Exception", "Argument too large: value"]);
  });

  it("report an unknown function as Apps Script does", () => {
    expect(createRuntime({ distDir: bundle }).run("nope").errorMessage).toBe("Script function not found: nope");
  });

  it("report what escaped the function, and the logs of that execution only", () => {
    const rt = createRuntime({ distDir: bundle });
    const failed = rt.run("fail");
    expect(failed).toMatchObject({ killed: false, errorMessage: "Not enough credits", value: undefined });
    const logged = rt.run("log");
    expect(logged.logs.map((l) => l.message)).toEqual(["one", "two"]);
    expect(rt.logs).toHaveLength(2);
  });

  it("share the document, properties and counters across executions", () => {
    const rt = createRuntime({ distDir: bundle });
    expect(rt.run("writeRows", [2]).value).toBe("wrote");
    expect(rt.run("readA1").value).toBe("r1");
    expect(rt.spreadsheetApp.testing.values("Sheet1", "A1:A2")).toEqual([["r1"], ["r2"]]);
    expect(rt.counters.spreadsheetWrites).toBe(2);
    expect(rt.counters.spreadsheetReads).toBeGreaterThan(0);
    expect(rt.counters.executions).toBe(2);
  });

  it("can be loaded by hand with loadBundleGlobals", () => {
    const rt = createRuntime({ distDir: bundle });
    const context = loadBundleGlobals(bundle, rt.globals());
    expect(vm.runInContext("order()", context)).toEqual(["a", "b"]);
    expect(vm.runInContext("typeof setTimeout", context)).toBe("undefined");
  });
});

describe("kills", () => {
  it("kill the nth SpreadsheetApp call of the next execution; nothing after it happens", () => {
    const rt = createRuntime({ distDir: bundle });
    rt.killAt({ spreadsheetCall: 4 });
    const result = rt.run("writeRows", [5]);
    expect(result.killed).toBe(true);
    expect(result.error).toBeInstanceOf(ExecutionKilled);
    expect(rt.stores.document.get("done")).toBeUndefined();
    const written = rt.spreadsheetApp.testing
      .values("Sheet1", "A1:A5")
      .flat()
      .filter((v) => v !== "");
    expect(written.length).toBeLessThan(5);
    expect(rt.run("writeRows", [1]).killed).toBe(false);
  });

  it("cannot be caught: every later call throws, and the run reports the kill", () => {
    const rt = createRuntime({ distDir: bundle });
    rt.killAt({ spreadsheetCall: 1 });
    const result = rt.run("swallow");
    expect(result).toMatchObject({ killed: true, value: undefined });
  });

  it("kill the time limit: 30 s for custom functions, 6 min otherwise", () => {
    const rt = createRuntime({ distDir: bundle });
    expect(rt.run("nap", [31_000], { authMode: "CUSTOM_FUNCTION" })).toMatchObject({
      killed: true,
      errorMessage: "Exceeded maximum execution time",
    });
    expect(rt.run("nap", [31_000]).value).toBe("awake");
    expect(rt.run("nap", [31_000], { authMode: "LIMITED" }).killed).toBe(true);
  });
});

describe("executions and HTTP", () => {
  let server: EchoServer;
  beforeAll(async () => {
    server = await startEchoServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it("kill the nth fetch before sending, or after the server got it", () => {
    const rt = createRuntime({ distDir: bundle });
    rt.killAt({ fetchCall: 1 });
    expect(rt.run("fetchOnce", [server.url("/echo")]).killed).toBe(true);
    expect(rt.http.requests).toHaveLength(0);
    rt.killAt({ fetchCall: 1, fetchPhase: "after" });
    expect(rt.run("fetchOnce", [server.url("/echo")]).killed).toBe(true);
    expect(rt.http.requests).toEqual([expect.objectContaining({ status: 200 })]);
    expect(rt.stores.document.get("after")).toBeUndefined();
  });

  it("let a second execution start inside a fetch, and the document lock keep it out", () => {
    const rt = createRuntime({ distDir: bundle });
    const inner: unknown[] = [];
    const off = rt.onBeforeFetch(() => {
      off();
      inner.push(rt.run("job", [server.url("/echo")]).value);
    });
    expect(rt.run("job", [server.url("/echo")]).value).toBe("done");
    expect(inner).toEqual(["busy"]);
    // The first execution ended, so its lock was released.
    expect(rt.run("job", [server.url("/echo")]).value).toBe("done");
  });
});

describe("google.script.run", () => {
  it("carries plain data in the script's realm, and plain data back", () => {
    const rt = createRuntime({ distDir: bundle });
    const result = rt.run("echoArg", [{ q: "pizza", n: 2, list: [1, null] }], { viaScriptRun: true });
    expect(result.value).toEqual({ same: { q: "pizza", n: 2, list: [1, null] }, plain: true });
  });

  it("refuses Dates and other non-plain values, both ways", () => {
    const rt = createRuntime({ distDir: bundle });
    expect(() => rt.run("today", [], { viaScriptRun: true })).toThrow(/return value.at is a Date/);
    expect(() => rt.run("echoArg", [{ when: new Date() }], { viaScriptRun: true })).toThrow(/argument 0.when is a Date/);
    expect(rt.run("today").value).toEqual({ at: new Date(0) });
  });

  it("cannot reach private functions", () => {
    const rt = createRuntime({ distDir: bundle });
    expect(rt.run("secret_", [], { viaScriptRun: true }).errorMessage).toBe("Script function not found: secret_");
  });
});

describe("SpreadsheetApp by authorization mode", () => {
  it("AuthMode.NONE may build the menu but not open the document", () => {
    const rt = createRuntime({ distDir: bundle });
    expect(rt.run("menu", [], { authMode: rt.AuthMode.NONE }).value).toBe("menu");
    expect(rt.spreadsheetApp.testing.ui.menus).toHaveLength(1);
    expect(rt.run("peek", [], { authMode: "NONE" }).errorMessage).toBe(
      "You do not have permission to call SpreadsheetApp.getActiveSpreadsheet. Required permissions: " +
        "https://www.googleapis.com/auth/spreadsheets.currentonly",
    );
    expect(rt.run("peek", [], { authMode: "LIMITED" }).value).toBe("Business Leads test");
  });

  it("custom functions read but cannot write, and have no Ui", () => {
    const rt = createRuntime({ distDir: bundle });
    rt.run("writeRows", [1]);
    expect(rt.run("readA1", [], { authMode: "CUSTOM_FUNCTION" }).value).toBe("r1");
    expect(rt.run("writeRows", [1], { authMode: "CUSTOM_FUNCTION" }).errorMessage).toBe("You do not have permission to call setValue");
    expect(rt.run("ui", [], { authMode: "CUSTOM_FUNCTION" }).errorMessage).toBe("Cannot call SpreadsheetApp.getUi() from this context.");
    expect(rt.run("ui").value).toBe("object");
  });
});

describe("time inside an execution", () => {
  it("Date follows the virtual clock, so a sleep or a slow fetch is visible to deadline checks", () => {
    const dist = makeDist({
      "Code.js":
        "function elapsed() { var t0 = Date.now(); var d0 = new Date().getTime(); Utilities.sleep(5000); " +
        "return [Date.now() - t0, new Date().getTime() - d0, new Date(0).getTime(), typeof Date()]; }",
    });
    const runtime = createRuntime({ distDir: dist });
    const start = runtime.clock.now();
    const result = runtime.run("elapsed");
    expect(result.value).toEqual([5000, 5000, 0, "string"]);
    expect(runtime.clock.now() - start).toBe(5000);
  });
});
