// This file defines the fake Apps Script runtime: the state that outlives executions (document,
// properties, cache, locks, triggers, logs, counters, HTTP log) and `run`, which starts one
// execution the way Apps Script does: the built bundle evaluated afresh in a new V8 context whose
// globals are only the services, the named function called, the execution's locks released at
// its end. Apps Script keeps no global state between executions; neither does this.
import { readFileSync } from "node:fs";
import * as path from "node:path";
import * as vm from "node:vm";
import { VirtualClock } from "../clock";
import { ALLOWED, AuthMode, permissionMessage, SCOPES, type AuthModeName, AUTH_MODE_NAMES } from "./auth";
import { createGasContext, evaluateBundle, loadBundleGlobals, whenContextCreated } from "./bundle";
import { CacheStores, createCacheService } from "./cache";
import { Counters } from "./counters";
import { enumName } from "./enums";
import type { ServiceEnv } from "./env";
import { ExecutionKilled } from "./errors";
import { Execution, type ExecutionKind, type KillPlan } from "./execution";
import { createHtmlService } from "./html";
import { createLockService, LockTable } from "./lock";
import { createConsole, createLogger, type LogEntry } from "./logger";
import { createPropertiesService, PropertyStores } from "./properties";
import { DailyQuotas, type QuotaTier } from "./quota";
import { SeededRandom } from "./random";
import { createScriptApp, TriggerTable, type TriggerRecord } from "./script-app";
import { scriptRunProblem } from "./script-run";
import { createSession } from "./session";
import { guardSpreadsheetApp } from "./spreadsheet-guard";
import { spreadsheetAppView, type SpreadsheetDirectory } from "./spreadsheet-app-view";
import { FakeSpreadsheetApp, type CallKind } from "./spreadsheet";
import { messages as spreadsheetMessages } from "./spreadsheet/errors";
import { createUrlFetchApp, type BeforeFetchHook, type RecordedRequest } from "./url-fetch";
import { createUtilities } from "./utilities";

export { ExecutionKilled } from "./errors";
export { loadBundleGlobals } from "./bundle";
export type { LogEntry } from "./logger";
export type { RecordedRequest } from "./url-fetch";
export type { TriggerRecord } from "./script-app";
export type { KillPlan, ExecutionKind } from "./execution";

export interface RuntimeOptions {
  clock?: VirtualClock;
  /** Seeds Utilities.getUuid. */
  seed?: number;
  /** "addon" enforces the add-on trigger rules; "bound" is a copy installed as a bound script. */
  installation?: "addon" | "bound";
  plainTextStopsFormulas?: boolean;
  /** The built add-on (default <repo>/dist). */
  distDir?: string;
  /** The user at the keyboard (default "user@example.com"). */
  userEmail?: string;
  /** The spreadsheet's owner, whose user properties custom functions read (default userEmail). */
  ownerEmail?: string;
  spreadsheetName?: string;
  /** The script's and spreadsheet's time zone (default "America/New_York"). */
  timeZone?: string;
  /** The spreadsheet's locale (getSpreadsheetLocale; default "en_US"). */
  locale?: string;
  /** Daily quotas of consumer (default) or Workspace accounts. */
  quotas?: QuotaTier;
  /** Kill executions past Apps Script's time limits (default true). */
  enforceTimeLimits?: boolean;
  /** Virtual milliseconds each UrlFetchApp round trip takes (default 0). */
  fetchLatencyMs?: number;
  /**
   * Google does not say whether an add-on's time-driven trigger runs with the document it was
   * created in: "own" (default) runs it there; "none" runs it with no current document
   * (getActiveSpreadsheet(), document properties, cache and lock all null).
   */
  triggerDocument?: "own" | "none";
  /**
   * Google documents custom functions as read only ("most get*() methods") without saying whether
   * listing developer metadata (createDeveloperMetadataFinder().find(), getDeveloperMetadata()) is
   * among them: "allowed" (default) answers as anywhere else; "refused" fails every developer
   * metadata call of a custom function with a guessed wording, "You do not have permission to call
   * DeveloperMetadataFinder.find".
   */
  developerMetadataInCustomFunctions?: "allowed" | "refused";
  /**
   * false: SpreadsheetApp.flush() commits nothing, as if the add-on never called it, so a script's
   * writes reach other executions only when it ends (the test that shows what the flush prevents).
   */
  flushCommits?: boolean;
}

/** The globals of one execution's context: the services, and nothing else. */
export type GasGlobals = {
  SpreadsheetApp: FakeSpreadsheetApp;
  UrlFetchApp: ReturnType<typeof createUrlFetchApp>;
  PropertiesService: ReturnType<typeof createPropertiesService>;
  CacheService: ReturnType<typeof createCacheService>;
  LockService: ReturnType<typeof createLockService>;
  ScriptApp: ReturnType<typeof createScriptApp>;
  Utilities: ReturnType<typeof createUtilities>;
  Session: ReturnType<typeof createSession>;
  HtmlService: ReturnType<typeof createHtmlService>;
  Logger: ReturnType<typeof createLogger>;
  console: ReturnType<typeof createConsole>;
};

export interface RunOptions {
  /** Default FULL. */
  authMode?: AuthModeName | { name(): string };
  /** Default the runtime's userEmail. */
  user?: string;
  /** A sidebar call through google.script.run: arguments and result must be plain JSON data. */
  viaScriptRun?: boolean;
  /** Default: from the mode (CUSTOM_FUNCTION → customFunction, NONE/LIMITED → simpleTrigger). */
  kind?: ExecutionKind;
  /** The spreadsheet the execution runs in (default the first one, DOCUMENT_ID); null: none. */
  documentId?: string | null;
}

export interface RunResult {
  value: unknown;
  /** True when the execution was killed, even if the code under test caught the kill. */
  killed: boolean;
  /** What escaped the function (an Apps Script Exception, the add-on's own Error, a kill). */
  error: unknown;
  errorMessage: string | undefined;
  logs: LogEntry[];
  executionId: number;
}

export const SCRIPT_ID = "1FakeScriptIdBusinessLeads0123456789abcdefghijklmnop";
export const DOCUMENT_ID = "1FakeSpreadsheetId0123456789abcdefghijklmnopq";

const DEFAULT_DIST = path.resolve(__dirname, "../../dist");

function modeName(mode: RunOptions["authMode"]): AuthModeName {
  const name = enumName(mode ?? "FULL");
  const found = AUTH_MODE_NAMES.find((m) => m === name);
  if (found === undefined) throw new Error(`unknown auth mode ${String(name)}`);
  return found;
}

function messageOf(error: unknown): string | undefined {
  if (error === undefined) return undefined;
  if (typeof error === "object" && error !== null && "message" in error) return String((error as { message: unknown }).message);
  return String(error);
}

export class FakeRuntime {
  readonly clock: VirtualClock;
  readonly installation: "addon" | "bound";
  readonly distDir: string;
  readonly userEmail: string;
  readonly ownerEmail: string;
  readonly timeZone: string;
  private readonly locale: string | undefined;
  readonly counters = new Counters();
  readonly logs: LogEntry[] = [];
  readonly http: { readonly requests: RecordedRequest[] } = { requests: [] };
  readonly properties = new PropertyStores(DOCUMENT_ID);
  readonly caches = new CacheStores();
  readonly locks = new LockTable();
  readonly triggerTable = new TriggerTable();
  readonly quotas: DailyQuotas;
  readonly spreadsheetApp: FakeSpreadsheetApp;
  readonly AuthMode = AuthMode;

  private readonly stack: Execution[] = [];
  private ambient: Execution | undefined;
  private pendingKill: KillPlan | undefined;
  private readonly beforeFetch: BeforeFetchHook[] = [];
  private readonly callWatchers: Array<(kind: CallKind, method: string, cells: number) => void> = [];
  private readonly random: SeededRandom;
  private readonly enforceTimeLimits: boolean;
  private readonly fetchLatencyMs: number;
  private readonly triggerDocument: "own" | "none";
  private readonly plainTextStopsFormulas: boolean;
  private readonly developerMetadataInCustomFunctions: "allowed" | "refused";
  private readonly flushCommits: boolean;
  /** Every spreadsheet of this runtime by id; the first is `spreadsheetApp`. */
  private readonly spreadsheets = new Map<string, FakeSpreadsheetApp>();
  /** Spreadsheets the user lost (loseDocument), with how openById then fails. */
  private readonly lost = new Map<string, string>();
  /** Spreadsheets whose writes fail (failWrites), with the error's message. */
  private readonly failingWrites = new Map<string, string>();
  private nextExecutionId = 1;

  constructor(options: RuntimeOptions = {}) {
    this.clock = options.clock ?? new VirtualClock();
    this.installation = options.installation ?? "addon";
    this.distDir = options.distDir ?? DEFAULT_DIST;
    this.userEmail = options.userEmail ?? "user@example.com";
    this.ownerEmail = options.ownerEmail ?? this.userEmail;
    this.timeZone = options.timeZone ?? "America/New_York";
    this.locale = options.locale;
    this.quotas = new DailyQuotas(this.clock, options.quotas ?? "consumer");
    this.random = new SeededRandom(options.seed ?? 1);
    this.enforceTimeLimits = options.enforceTimeLimits ?? true;
    this.fetchLatencyMs = options.fetchLatencyMs ?? 0;
    this.triggerDocument = options.triggerDocument ?? "own";
    this.plainTextStopsFormulas = options.plainTextStopsFormulas ?? false;
    this.developerMetadataInCustomFunctions = options.developerMetadataInCustomFunctions ?? "allowed";
    this.flushCommits = options.flushCommits ?? true;
    this.spreadsheetApp = this.newSpreadsheet(DOCUMENT_ID, options.spreadsheetName ?? "Business Leads test");
  }

  private newSpreadsheet(id: string, name: string): FakeSpreadsheetApp {
    const app = new FakeSpreadsheetApp({
      onCall: (kind: CallKind, method: string, cells: number) => this.onSpreadsheetCall(id, kind, method, cells),
      plainTextStopsFormulas: this.plainTextStopsFormulas,
      name,
      id,
      timeZone: this.timeZone,
      ...(this.locale ? { locale: this.locale } : {}),
      now: () => new Date(this.clock.now()),
      // Each execution's writes stay its own until it flushes or ends (spreadsheet/document.ts).
      execution: () => this.current(),
      makeError: (message: string) => this.current()?.error(message) ?? Object.assign(new Error(message), { name: "Exception" }),
    });
    this.spreadsheets.set(id, app);
    return app;
  }

  /**
   * Another spreadsheet the same add-on is used in (its own sheets, document properties, cache
   * and lock); returns its id. Run an execution there with `run(…, { documentId })`.
   */
  addDocument(name = `Business Leads test ${this.spreadsheets.size + 1}`): string {
    const id = `${DOCUMENT_ID.slice(0, -4)}d${String(this.spreadsheets.size + 1).padStart(3, "0")}`;
    this.newSpreadsheet(id, name);
    return id;
  }

  /** The spreadsheet with that id (for tests to read or edit it). */
  spreadsheet(id: string = DOCUMENT_ID): FakeSpreadsheetApp {
    const app = this.spreadsheets.get(id);
    if (app === undefined) throw new Error(`no spreadsheet ${id} in this runtime`);
    return app;
  }

  /**
   * The user loses a spreadsheet: its owner deleted it for good ("deleted") or stopped sharing it
   * ("unshared"). SpreadsheetApp.openById(id) then throws as Google's does for a missing or an
   * unshared file, and no execution can run in it (the user cannot open it) until
   * `restoreDocument(id)` (shared again). Its content stays for tests to read.
   */
  loseDocument(id: string, how: "deleted" | "unshared"): void {
    this.spreadsheet(id);
    this.lost.set(id, how === "deleted" ? spreadsheetMessages.openByIdMissing : spreadsheetMessages.openByIdNoAccess);
  }

  restoreDocument(id: string): void {
    this.lost.delete(id);
  }

  /**
   * From now on every write a script makes to that spreadsheet fails with `message` (default:
   * Google's "Service Spreadsheets failed while accessing document with id …"); reads still work.
   * Returns the function that ends the failure.
   */
  failWrites(id: string, message: string = spreadsheetMessages.serviceFailed(id)): () => void {
    this.spreadsheet(id);
    this.failingWrites.set(id, message);
    return () => {
      if (this.failingWrites.get(id) === message) this.failingWrites.delete(id);
    };
  }

  /** Every spreadsheet id, the first one first. */
  get documentIds(): string[] {
    return [...this.spreadsheets.keys()];
  }

  /** The oauthScopes of the built manifest (dist/appsscript.json): openById needs the full scope. */
  manifestScopes(): string[] {
    const scopes = this.manifest().oauthScopes;
    return Array.isArray(scopes) ? scopes.map(String) : [];
  }

  /** The manifest's urlFetchWhitelist, or null when it names none. */
  manifestAllowlist(): string[] | null {
    const list = this.manifest().urlFetchWhitelist;
    return Array.isArray(list) ? list.map(String) : null;
  }

  private manifest(): { oauthScopes?: unknown; urlFetchWhitelist?: unknown } {
    try {
      return JSON.parse(readFileSync(path.join(this.distDir, "appsscript.json"), "utf8")) as {
        oauthScopes?: unknown;
        urlFetchWhitelist?: unknown;
      };
    } catch {
      return {};
    }
  }

  /** The persistent property stores: `stores.user(email?)`, `stores.document`, `stores.script`. */
  get stores() {
    return {
      user: (email: string = this.userEmail) => this.properties.user(email),
      document: this.properties.document,
      script: this.properties.script,
    };
  }

  /** Every installable trigger, all users. */
  get triggers(): readonly TriggerRecord[] {
    return this.triggerTable.records;
  }

  /** The innermost running execution (or the one `globals()` made, outside any run). */
  current(): Execution | undefined {
    return this.stack[this.stack.length - 1] ?? this.ambient;
  }

  /** The next execution to start dies at the given call (see KillPlan). */
  killAt(plan: KillPlan): void {
    this.pendingKill = plan;
  }

  /** Runs `hook` before each UrlFetchApp round trip is sent; returns an unsubscribe function. */
  onBeforeFetch(hook: BeforeFetchHook): () => void {
    this.beforeFetch.push(hook);
    return () => {
      const index = this.beforeFetch.indexOf(hook);
      if (index >= 0) this.beforeFetch.splice(index, 1);
    };
  }

  /**
   * Calls `watch` on every SpreadsheetApp call an execution makes, with the
   * cells a value read returns (for cost figures); returns the unsubscribe.
   */
  watchSpreadsheetCalls(watch: (kind: CallKind, method: string, cells: number) => void): () => void {
    this.callWatchers.push(watch);
    return () => {
      const index = this.callWatchers.indexOf(watch);
      if (index >= 0) this.callWatchers.splice(index, 1);
    };
  }

  /** Google may drop cache entries at any time: drop them all. */
  evictCaches(): void {
    this.caches.evictAll();
  }

  /**
   * The globals of a vm context for a new execution in `authMode` (default FULL), outside `run`:
   * for tests that load the bundle themselves (loadBundleGlobals). That execution stays current
   * until the next call of globals() or `endAmbient()`.
   */
  globals(authMode: RunOptions["authMode"] = "FULL", options: Omit<RunOptions, "authMode"> = {}): GasGlobals {
    if (this.ambient !== undefined) this.end(this.ambient);
    const exec = this.begin({ ...options, authMode });
    this.ambient = exec;
    return this.buildGlobals(exec);
  }

  endAmbient(): void {
    if (this.ambient !== undefined) this.end(this.ambient);
    this.ambient = undefined;
  }

  /** Evaluates the bundle with fresh globals and returns the context (for bundle tests). */
  loadBundle(authMode: RunOptions["authMode"] = "FULL"): vm.Context {
    return loadBundleGlobals(this.distDir, this.globals(authMode));
  }

  run(functionName: string, args: readonly unknown[] = [], options: RunOptions = {}): RunResult {
    if (options.viaScriptRun === true) {
      args.forEach((arg, i) => {
        const problem = scriptRunProblem(arg, `argument ${i}`);
        if (problem !== undefined) throw new Error(`google.script.run cannot pass ${functionName}'s ${problem}`);
      });
    }
    const exec = this.begin(options);
    this.stack.push(exec);
    let value: unknown;
    let error: unknown;
    let threw = false;
    try {
      const context = createGasContext(this.buildGlobals(exec));
      evaluateBundle(context, this.distDir);
      const fn: unknown = context[functionName];
      // google.script.run cannot reach private functions (names ending in "_").
      if (typeof fn !== "function" || (options.viaScriptRun === true && functionName.endsWith("_"))) {
        throw exec.error(`Script function not found: ${functionName}`);
      }
      const parse = vm.runInContext("JSON.parse", context) as (text: string) => unknown;
      const callArgs =
        options.viaScriptRun === true ? args.map((a) => (a === undefined ? undefined : parse(JSON.stringify(a)))) : [...args];
      value = (fn as (...a: unknown[]) => unknown)(...callArgs);
    } catch (caught) {
      error = caught;
      threw = true;
    } finally {
      this.stack.pop();
      this.end(exec);
    }
    const logs = this.logs.filter((l) => l.executionId === exec.id);
    if (exec.killed) {
      const killError = error instanceof ExecutionKilled ? error : new ExecutionKilled(exec.killReason ?? "Execution killed");
      return { value: undefined, killed: true, error: killError, errorMessage: killError.message, logs, executionId: exec.id };
    }
    if (!threw && options.viaScriptRun === true) {
      const problem = scriptRunProblem(value, "return value");
      if (problem !== undefined) throw new Error(`google.script.run cannot return ${functionName}'s ${problem}`);
      value = value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
    }
    return { value: threw ? undefined : value, killed: false, error, errorMessage: messageOf(error), logs, executionId: exec.id };
  }

  /** Runs every time-driven trigger that is due on the virtual clock, oldest first. */
  fireDueTriggers(): RunResult[] {
    const results: RunResult[] = [];
    const now = this.clock.now();
    for (const record of this.triggerTable.due(now)) {
      if (!this.triggerTable.records.includes(record)) continue;
      const scheduled = record.nextAt ?? now;
      record.fired += 1;
      // One-time triggers stay listed (and count toward the limit) until deleted, as in Apps Script.
      if (record.intervalMs === null) record.nextAt = null;
      else {
        let next = scheduled + record.intervalMs;
        while (next <= now) next += record.intervalMs;
        record.nextAt = next;
      }
      const documentId = this.triggerDocument === "none" ? null : record.documentId;
      results.push(
        this.run(record.handler, [this.clockEvent(record)], { authMode: "FULL", user: record.owner, kind: "trigger", documentId }),
      );
    }
    return results;
  }

  /** The event object of a time-driven trigger (guides/triggers/events, "Time-driven events"). */
  private clockEvent(record: TriggerRecord): Record<string, unknown> {
    const d = new Date(this.clock.now());
    const jan1 = Date.UTC(d.getUTCFullYear(), 0, 1);
    return {
      authMode: AuthMode.FULL,
      triggerUid: record.uid,
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      "day-of-month": d.getUTCDate(),
      "day-of-week": d.getUTCDay() === 0 ? 7 : d.getUTCDay(),
      hour: d.getUTCHours(),
      minute: d.getUTCMinutes(),
      second: d.getUTCSeconds(),
      "week-of-year": Math.ceil(((d.getTime() - jan1) / 86_400_000 + 1) / 7),
      timezone: "UTC",
    };
  }

  private begin(options: RunOptions): Execution {
    const authMode = modeName(options.authMode);
    const kind: ExecutionKind =
      options.kind ??
      (authMode === "CUSTOM_FUNCTION"
        ? "customFunction"
        : authMode === "NONE" || authMode === "LIMITED"
          ? "simpleTrigger"
          : options.viaScriptRun === true
            ? "scriptRun"
            : "direct");
    const plan = this.pendingKill;
    this.pendingKill = undefined;
    this.counters.executions += 1;
    const exec = new Execution(
      this.nextExecutionId++,
      options.user ?? this.userEmail,
      authMode,
      kind,
      this.clock,
      plan,
      this.enforceTimeLimits,
    );
    exec.documentId = options.documentId === undefined ? DOCUMENT_ID : options.documentId;
    if (kind === "trigger") exec.triggerRuntimeLeftMs = this.quotas.triggerRuntimeLeft(exec.user);
    if (exec.documentId !== null && this.lost.has(exec.documentId)) {
      throw new Error(`spreadsheet ${exec.documentId} is lost (loseDocument): the user cannot open it to run anything there`);
    }
    return exec;
  }

  /** "The lock is automatically released when the script terminates." */
  private end(exec: Execution): void {
    if (exec.kind === "trigger" && !exec.ended) {
      const ms = this.clock.now() - exec.startedAt;
      this.quotas.chargeTriggerRuntime(exec.user, exec.startedAt, ms);
      this.counters.triggerRuntimeMs += ms;
    }
    exec.ended = true;
    // "The lock is automatically released when the script terminates", and what it wrote is committed.
    for (const app of this.spreadsheets.values()) app.commitWrites(exec);
    this.locks.releaseAll(exec);
    if (this.ambient === exec) this.ambient = undefined;
  }

  private onSpreadsheetCall(documentId: string, kind: CallKind, method: string, cells: number): void {
    const exec = this.current();
    if (exec === undefined) return; // a test preparing or inspecting the document
    for (const watch of this.callWatchers) watch(kind, method, cells);
    if (kind === "getter") {
      this.counters.spreadsheetGetters += 1; // for cost figures only: no document access to fail or kill
      return;
    }
    exec.enter();
    exec.spreadsheetCalls += 1;
    if (exec.killPlan?.spreadsheetCall === exec.spreadsheetCalls) exec.kill(`Killed at SpreadsheetApp call ${exec.spreadsheetCalls}`);
    const bare = method.split(".").pop() ?? method;
    if (!ALLOWED.spreadsheetDocument(exec.authMode)) throw exec.error(permissionMessage(bare, SCOPES.spreadsheetsCurrentOnly));
    // Custom functions: "You do not have permission to call setValue" is Google's own wording.
    if (kind === "write" && !ALLOWED.spreadsheetWrites(exec.authMode)) throw exec.error(permissionMessage(bare));
    // Undocumented (see RuntimeOptions.developerMetadataInCustomFunctions); the wording is a guess.
    if (exec.authMode === "CUSTOM_FUNCTION" && this.developerMetadataInCustomFunctions === "refused" && /DeveloperMetadata/.test(method)) {
      throw exec.error(permissionMessage(method));
    }
    const failure = kind === "write" || kind === "flush" ? this.failingWrites.get(documentId) : undefined;
    if (failure !== undefined) throw exec.error(failure);
    if (kind === "write") this.counters.spreadsheetWrites += 1;
    else if (kind === "flush") this.counters.spreadsheetFlushes += 1;
    else {
      this.counters.spreadsheetReads += 1;
      this.counters.cellsRead += cells;
    }
  }

  private directory(): SpreadsheetDirectory {
    return {
      find: (id) => (this.lost.has(id) ? undefined : this.spreadsheets.get(id)),
      refusal: (id) => this.lost.get(id),
      primary: this.spreadsheetApp,
      manifestScopes: () => this.manifestScopes(),
      all: () => [...this.spreadsheets.values()],
      flushCommits: this.flushCommits,
    };
  }

  private buildGlobals(exec: Execution): GasGlobals {
    const env: ServiceEnv = { exec, clock: this.clock, quotas: this.quotas, counters: this.counters };
    const globals: GasGlobals = {
      SpreadsheetApp: guardSpreadsheetApp(spreadsheetAppView(exec, this.directory()), exec),
      UrlFetchApp: createUrlFetchApp(env, {
        counters: this.counters,
        log: this.http.requests,
        beforeFetch: this.beforeFetch,
        latencyMs: this.fetchLatencyMs,
        scriptId: SCRIPT_ID,
        allowlist: this.manifestAllowlist(),
      }),
      PropertiesService: createPropertiesService(env, this.properties, { ownerEmail: this.ownerEmail }),
      CacheService: createCacheService(env, this.caches),
      LockService: createLockService(env, this.locks, this.counters),
      ScriptApp: createScriptApp(env, this.triggerTable, { installation: this.installation, scriptId: SCRIPT_ID }),
      Utilities: createUtilities(env, this.random, this.counters),
      Session: createSession(env, { timeZone: this.timeZone, ownerEmail: this.ownerEmail, scriptId: SCRIPT_ID, locale: "en" }),
      HtmlService: createHtmlService(env, this.distDir),
      Logger: createLogger(exec, this.logs),
      console: createConsole(exec, this.logs),
    };
    whenContextCreated(globals, (context) => {
      exec.realmError = vm.runInContext("Error", context) as ErrorConstructor;
      exec.context = context;
      followVirtualClock(context, () => this.clock.now());
    });
    return globals;
  }
}

/**
 * In Apps Script `Utilities.sleep` and a slow fetch really take time, so `Date.now()` moves with
 * them. Here they move the virtual clock, so the context's Date must read that clock: otherwise
 * code checking a deadline would never see the time its own waits took.
 */
function followVirtualClock(context: vm.Context, now: () => number): void {
  const install = vm.runInContext(
    `(function (now) {
      var RealDate = Date;
      function VirtualDate() {
        if (!new.target) return new RealDate(now()).toString();
        return arguments.length === 0 ? new RealDate(now()) : Reflect.construct(RealDate, arguments);
      }
      VirtualDate.prototype = RealDate.prototype;
      VirtualDate.now = function () { return now(); };
      VirtualDate.parse = RealDate.parse;
      VirtualDate.UTC = RealDate.UTC;
      globalThis.Date = VirtualDate;
    })`,
    context,
  ) as (now: () => number) => void;
  install(now);
}

export function createRuntime(options: RuntimeOptions = {}): FakeRuntime {
  return new FakeRuntime(options);
}
