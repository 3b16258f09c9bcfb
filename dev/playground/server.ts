// This file defines startPlayground: the simulator (in a worker, on a virtual clock that runs
// `speed` times faster than real time), the BUILT add-on in the Apps Script fakes, and an HTTP
// server on 127.0.0.1 for the page, the sidebar (with the google.script.run shim), the calls, the
// grid's edits and the clock control. Calls, trigger runs, edits and formula recalculations are
// synchronous, so they never overlap, as in one Apps Script user's session: an edit lands between
// two executions of a job, never inside one.
import { existsSync, readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import * as path from "node:path";
import { VirtualClock } from "../clock";
import { createRuntime, type FakeRuntime } from "../fakes/runtime";
import { DEMO_KEYS, startSimulatorWorker } from "../simulator";
import { CustomFormulas } from "./custom-formulas";
import { createSearchElsewhere } from "./elsewhere";
import { mailMergeSent } from "./mail-merge";
import { type AdvanceAnswer, type ClockState, type GridAnswer, parseRowSpan } from "./grid-state";
import { bundleGridScript, renderPage } from "./page";
import { injectScriptRunShim, SCRIPT_RUN_PATH } from "./script-run-shim";
import { applySpreadsheetSettings } from "./spreadsheet-settings";
import { SheetView } from "./sheet-view";
import { advanceClock, nextTriggerAt } from "./time-travel";

export interface PlaygroundOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  seed?: number;
  /** Hostile values in every 5th business, as in the tests (default false: a real city's look). */
  hostile?: boolean;
  /**
   * Virtual milliseconds per real millisecond (default DEFAULT_SPEED); 0 stops the clock, which
   * then moves only when told (`advance`, the clock control): a test drives it step by step.
   */
  speed?: number;
  /**
   * The key saved before the page opens (default the growth demo key); null starts with no settings
   * saved, the key form showing the simulator's address (see withServiceAddress).
   */
  presetKey?: string | null;
  /** Repository root (default the working directory, as npm runs scripts). */
  root?: string;
}

export interface Playground {
  url: string;
  simUrl: string;
  runtime: FakeRuntime;
  clock: VirtualClock;
  /** The LEADS_ formulas of the document, computed as Sheets runs custom functions. */
  formulas: CustomFormulas;
  /** Moves the virtual clock forward by `ms` as the running clock does: due triggers run, formulas recalculate. */
  advance(ms: number): void;
  close(): Promise<void>;
}

/**
 * Virtual ms per real ms. At 2 a 700-result search takes about 75 s: its rows arrive in steps at
 * each of the sidebar's polls (every 7 s) and then fill in with contacts, at a pace one can watch.
 */
export const DEFAULT_SPEED = 2;

/** How often the background advances the clock and fires due triggers (real ms). */
const TICK_MS = 250;
const HOUR_MS = 60 * 60 * 1000;
const MAX_BODY_BYTES = 1_000_000;

interface CallAnswer {
  ok: boolean;
  value?: unknown;
  error?: { name: string; message: string };
}

export async function startPlayground(options: PlaygroundOptions = {}): Promise<Playground> {
  const root = options.root ?? process.cwd();
  const distDir = path.join(root, "dist");
  const speed = options.speed ?? DEFAULT_SPEED;
  const hostile = options.hostile ?? false;
  const clock = new VirtualClock(Date.now());
  const sim = await startSimulatorWorker({ clock, seed: options.seed ?? 42, hostile });
  const runtime = createRuntime({ clock, installation: "addon", distDir, spreadsheetName: "Business Leads playground" });
  const formulas = new CustomFormulas(runtime);
  const sheets = new SheetView(runtime, formulas);
  const presetKey = options.presetKey === undefined ? DEMO_KEYS.growth.apiKey : options.presetKey;
  if (presetKey !== null) {
    const saved = call(runtime, "saveSettings", [{ apiKey: presetKey, baseUrl: sim.url }]);
    if (!saved.ok) throw new Error(`saving the demo settings failed: ${saved.error?.message ?? ""}`);
  }
  const page = renderPage({ demoKey: presetKey ?? DEMO_KEYS.growth.apiKey, simUrl: sim.url, hostile }, bundleGridScript(root));

  const routes: Record<
    string,
    (req: IncomingMessage, body: Record<string, unknown>) => Promise<{ status: number; type: string; body: string }>
  > = {
    "GET /": async (req) => {
      const wrong = applySpreadsheetSettings(runtime, new URL(req.url ?? "/", "http://x").searchParams);
      return wrong === null ? html(page) : { status: 400, type: "text/plain", body: wrong };
    },
    "GET /favicon.ico": async () => ({ status: 204, type: "image/x-icon", body: "" }),
    "GET /sidebar": async () => html(injectScriptRunShim(sidebarHtml(runtime, distDir))),
    [`POST ${SCRIPT_RUN_PATH}`]: async (_req, body) => {
      const name = typeof body.name === "string" ? body.name : "";
      const args = Array.isArray(body.args) ? (body.args as unknown[]) : [];
      const answered = call(runtime, name, args);
      formulas.recalculate();
      return json(name === "getSettings" ? withServiceAddress(answered, sim.url) : answered);
    },
    "GET /api/grid": async (req) => {
      const params = new URL(req.url ?? "/", "http://x").searchParams;
      const since = params.get("since") ?? "";
      // The page asks for the rows in its view (and a margin): a 700-row sheet is not sent whole on every poll.
      const state = sheets.state(parseRowSpan(params.get("rows")) ?? undefined);
      const version = String(hashOf(JSON.stringify(state)));
      const clockInfo: ClockState = { now: clock.now(), speed, nextTriggerAt: nextTriggerAt(runtime) };
      const reply: GridAnswer = version === since ? { version, clock: clockInfo } : { version, state, clock: clockInfo };
      return json(reply);
    },
    "POST /api/select": async (_req, body) => answer(() => sheets.select(text(body.sheetName), text(body.a1))),
    "POST /api/enter": async (_req, body) => answer(() => sheets.enter(text(body.sheetName), text(body.a1), text(body.text))),
    "POST /api/clear": async (_req, body) => answer(() => sheets.clear(text(body.sheetName), text(body.a1))),
    "POST /api/advance": async (_req, body) =>
      answer((): AdvanceAnswer => {
        const hours = Number(body.hours);
        if (!Number.isFinite(hours) || hours < 1 || hours > 24 * 7) throw new ClockMoveRefused();
        return advanceClock(runtime, clock, hours * HOUR_MS, () => formulas.recalculate());
      }),
    "POST /api/show-sheet": async (_req, body) => answer(() => sheets.showSheet(text(body.sheetName))),
    "POST /api/add-sheet": async () => answer(() => sheets.addSheet()),
    "POST /api/rename-sheet": async (_req, body) => answer(() => sheets.renameSheet(text(body.sheetName), text(body.newName))),
    "POST /api/insert-column": async (_req, body) =>
      answer(() => sheets.insertColumn(text(body.sheetName), Number(body.column), body.side === "right" ? "right" : "left")),
    "POST /api/sort": async (_req, body) => answer(() => sheets.sort(text(body.sheetName), Number(body.column), body.ascending !== false)),
    "POST /api/paste": async (_req, body) => answer(() => sheets.pasteList(text(body.text), { header: body.header !== false })),
    "POST /api/mail-merge": async () => answer(() => mailMergeSent(runtime)),
    "POST /api/elsewhere": async () => {
      try {
        return json({ ok: true, value: await createSearchElsewhere(sim.url, DEMO_KEYS.growth.apiKey) });
      } catch (error) {
        return json({ ok: false, error: { name: "Error", message: error instanceof Error ? error.message : String(error) } });
      }
    },
  };

  const server = createServer((req, res) => {
    void serve(req, res, routes);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
    });
  } catch (error) {
    await sim.close();
    const taken = typeof error === "object" && error !== null && (error as { code?: unknown }).code === "EADDRINUSE";
    throw taken ? new Error(`Port ${options.port ?? 0} on 127.0.0.1 is taken: pass another with --port N (0 picks a free one).`) : error;
  }
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

  const advance = (ms: number): void => {
    clock.advance(ms);
    if (runtime.fireDueTriggers().length > 0) formulas.recalculate();
  };
  const ticker = speed > 0 ? setInterval(() => advance(TICK_MS * speed), TICK_MS) : undefined;

  return {
    url,
    simUrl: sim.url,
    runtime,
    clock,
    formulas,
    advance,
    close: async () => {
      clearInterval(ticker);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await sim.close();
    },
  };
}

/** One google.script.run call on the built bundle; the answer the shim turns into handler calls. */
function call(runtime: FakeRuntime, name: string, args: readonly unknown[]): CallAnswer {
  try {
    const result = runtime.run(name, args, { viaScriptRun: true });
    if (result.killed) return { ok: false, error: { name: "Error", message: "Exceeded maximum execution time" } };
    if (result.error !== undefined) return { ok: false, error: { name: "ScriptError", message: result.errorMessage ?? "The call failed" } };
    return { ok: true, value: result.value };
  } catch (error) {
    // The fake refuses what google.script.run cannot carry (dates, functions…), as Apps Script does.
    return { ok: false, error: { name: "ScriptError", message: error instanceof Error ? error.message : String(error) } };
  }
}

/**
 * The settings the sidebar shows, with the simulator's address where the user has saved none: as
 * a production build shows the service address built into it (src/ui/build-defaults.ts), so the
 * key form's "Leave it as it is" holds and saving a demo key works. The built bundle has no
 * address of its own (the simulator's port is only known when it starts); nothing is stored.
 */
function withServiceAddress(answered: CallAnswer, simUrl: string): CallAnswer {
  const value = answered.value;
  if (!answered.ok || typeof value !== "object" || value === null || (value as { baseUrl?: unknown }).baseUrl !== "") return answered;
  return { ...answered, value: { ...value, baseUrl: simUrl } };
}

/** The sidebar as the add-on shows it (showSidebar from the menu), else the built file itself. */
function sidebarHtml(runtime: FakeRuntime, distDir: string): string {
  const ui = runtime.spreadsheetApp.testing.ui;
  const before = ui.sidebars.length;
  const shown = runtime.run("showSidebar", [], { authMode: "FULL" });
  const sidebar = ui.sidebars[ui.sidebars.length - 1];
  if (shown.error === undefined && ui.sidebars.length > before && sidebar !== undefined && sidebar.html !== "") return sidebar.html;
  const file = path.join(distDir, "Sidebar.html");
  if (existsSync(file)) return readFileSync(file, "utf8");
  return (
    "<!doctype html><p>The sidebar is not built: dist/Sidebar.html is missing (showSidebar " +
    `said: ${escapeText(shown.errorMessage ?? "nothing")}). Run npm run build.</p>`
  );
}

async function serve(
  req: IncomingMessage,
  res: ServerResponse,
  routes: Record<string, (req: IncomingMessage, body: Record<string, unknown>) => Promise<{ status: number; type: string; body: string }>>,
): Promise<void> {
  try {
    const pathname = new URL(req.url ?? "/", "http://x").pathname;
    const route = routes[`${req.method ?? "GET"} ${pathname}`];
    const reply = route === undefined ? { status: 404, type: "text/plain", body: "Not found" } : await route(req, await readBody(req));
    res.writeHead(reply.status, { "content-type": `${reply.type}; charset=utf-8`, "cache-control": "no-store" });
    res.end(reply.body);
  } catch (error) {
    res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
    res.end(error instanceof Error ? error.message : String(error));
  }
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  if (req.method !== "POST") return {};
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new Error("request too large");
    chunks.push(buffer);
  }
  const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
  return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
}

/** The clock control's refusal: it moves forward by 1 to 168 hours (the page's buttons send an hour and a day). */
class ClockMoveRefused extends Error {
  constructor() {
    super("Move the clock forward by 1 to 168 hours.");
    this.name = "ClockMoveRefused";
  }
}

/** An action's answer; a failure by its error's name (what a caller checks) and message (what the page says). */
function answer(action: () => unknown): Promise<{ status: number; type: string; body: string }> {
  try {
    return Promise.resolve(json({ ok: true, value: action() ?? null }));
  } catch (error) {
    const failure = error instanceof Error ? { name: error.name, message: error.message } : { name: "Error", message: String(error) };
    return Promise.resolve(json({ ok: false, error: failure }));
  }
}

const html = (body: string) => ({ status: 200, type: "text/html", body });
const json = (value: unknown) => ({ status: 200, type: "application/json", body: JSON.stringify(value) });
const text = (value: unknown): string => (typeof value === "string" ? value : "");
const escapeText = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/** A fast string hash (FNV-1a): only to tell the page whether the grid changed. */
function hashOf(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i += 1) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
