// This file defines the contract-test world: one simulator per test file in a worker thread, a
// VirtualClock shared with the Apps Script fakes, and LeadsClients that talk to the simulator over
// real loopback HTTP through the UrlFetchApp fake (UrlFetchTransport), plus error collection.
import { VirtualClock } from "../../dev/clock";
import { simControl, startSimulatorWorker, type CreateAccountOptions, type SimControl } from "../../dev/simulator";
import { LeadsClient, type LeadsClientOptions } from "../../src/api/client";
import { LeadsApiError, ResponseShapeError } from "../../src/api/errors";
import { distinctBusinesses, readResultPages } from "../../src/api/result-pages";
import type { Business } from "../../src/api/schemas";
import type { JobKind } from "../../src/rules/job-kinds";
import type { HttpRequest, HttpResponse } from "../../src/api/transport";
import { UrlFetchTransport, type UrlFetchService } from "../../src/gas/urlfetch-transport";
import { createRuntime, type FakeRuntime, type RecordedRequest, type RuntimeOptions } from "../../dev/fakes/runtime";

export interface ContractWorld {
  clock: VirtualClock;
  url: string;
  control: SimControl;
  /** Every API key handed out in this file, to check no error message ever contains one. */
  keys: Set<string>;
  /** Every LeadsApiError a test caught, for the same check. */
  errors: LeadsApiError[];
  close(): Promise<void>;
}

export async function startContractWorld(options: { seed?: number; production?: boolean } = {}): Promise<ContractWorld> {
  const clock = new VirtualClock();
  const sim = await startSimulatorWorker({ clock, seed: options.seed ?? 11, ...(options.production === true ? { production: true } : {}) });
  return { clock, url: sim.url, control: simControl(sim.url), keys: new Set(), errors: [], close: () => sim.close() };
}

export interface Party {
  accountId: string;
  apiKey: string;
  runtime: FakeRuntime;
  client: LeadsClient;
  transport: UrlFetchTransport;
}

/** A client over the UrlFetchApp fake: real HTTP to the simulator, waits on the virtual clock. */
export function clientFor(
  world: ContractWorld,
  apiKey: string,
  extra: Partial<LeadsClientOptions> = {},
  runtimeOptions: RuntimeOptions = {},
): { runtime: FakeRuntime; client: LeadsClient; transport: UrlFetchTransport } {
  if (apiKey.trim() !== "") world.keys.add(apiKey);
  // No execution time limit: tests move virtual time by minutes to let jobs finish.
  const runtime = createRuntime({ clock: world.clock, enforceTimeLimits: false, ...runtimeOptions });
  // The fake's responses lack a few Blob methods the transport never calls, hence the cast.
  const transport = new UrlFetchTransport(runtime.globals().UrlFetchApp as unknown as UrlFetchService);
  const client = new LeadsClient({
    baseUrl: world.url,
    apiKey,
    transport,
    clock: { now: () => world.clock.now(), sleep: (ms) => world.clock.sleep(ms) },
    random: () => 0.5,
    ...extra,
  });
  return { runtime, client, transport };
}

/** A fresh account (so tests don't share credits, jobs or rate windows) and its client. */
export async function newParty(
  world: ContractWorld,
  account: CreateAccountOptions = { plan: "growth" },
  extra: Partial<LeadsClientOptions> = {},
  runtimeOptions: RuntimeOptions = {},
): Promise<Party> {
  const created = await world.control.createAccount(account);
  return { accountId: created.accountId, apiKey: created.apiKey, ...clientFor(world, created.apiKey, extra, runtimeOptions) };
}

/**
 * Every business of a job, read as LEADS_RESULTS reads it: page 1, the pages its total announces in
 * one round trip, then page by page while has_more. A page's error is thrown.
 */
export function readEveryBusiness(client: LeadsClient, kind: JobKind, jobId: string, pageSize?: number): Business[] {
  const read = readResultPages(client, kind, jobId, { restAtOnce: true, pageSize });
  if (!read.complete) throw read.error;
  return distinctBusinesses(read.pages);
}

/** Runs `call`, expects a LeadsApiError, records it for the key-leak check and returns it. */
export function expectApiError(world: ContractWorld, call: () => unknown): LeadsApiError {
  let caught: unknown;
  try {
    call();
  } catch (error) {
    caught = error;
  }
  if (caught === undefined) throw new Error("expected a LeadsApiError, but the call succeeded");
  if (!(caught instanceof LeadsApiError)) throw caught;
  world.errors.push(caught);
  return caught;
}

export function expectShapeError(world: ContractWorld, call: () => unknown): ResponseShapeError {
  const error = expectApiError(world, call);
  if (!(error instanceof ResponseShapeError)) throw new Error(`expected a ResponseShapeError, got ${error.kind}: ${error.message}`);
  return error;
}

/** Every text of every collected error (message, detail, shape issues) must be free of every key. */
export function expectNoKeyInErrors(world: ContractWorld): void {
  expect(world.errors.length).toBeGreaterThan(0);
  const keys = [...world.keys];
  for (const error of world.errors) {
    const texts = [error.message, error.detail ?? "", String(error.stack ?? "")];
    if (error instanceof ResponseShapeError) texts.push(...error.issues.flatMap((i) => [i.path, i.message]));
    for (const text of texts) for (const key of keys) expect(text).not.toContain(key);
  }
}

/** Requests the fake recorded whose path (after /api/v1) starts with `prefix`, optionally one method. */
export function sent(runtime: FakeRuntime, method: string, prefix: string): RecordedRequest[] {
  return runtime.http.requests.filter((r) => r.method === method && new URL(r.url).pathname.replace(/^\/api\/v1/, "").startsWith(prefix));
}

/** A header of a recorded request, by case-insensitive name. */
export function header(request: RecordedRequest, name: string): string | undefined {
  const found = Object.keys(request.headers).find((n) => n.toLowerCase() === name.toLowerCase());
  return found === undefined ? undefined : request.headers[found];
}

/** A raw request through the same transport (for what the client never sends, e.g. no key). */
export function raw(
  world: ContractWorld,
  transport: UrlFetchTransport,
  request: Omit<HttpRequest, "url"> & { path: string },
): HttpResponse {
  const { path, ...rest } = request;
  return transport.fetch({ ...rest, url: `${world.url}/api/v1${path}` });
}

/**
 * The service's own answer to a request sent past the client's checks (the client refuses what
 * breaks the spec's request limits before sending): its status and `detail`.
 */
export function serviceAnswer(
  world: ContractWorld,
  party: Party,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
): { status: number; detail: string } {
  const headers: Record<string, string> = { Accept: "application/json", "x-api-key": party.apiKey };
  if (body !== undefined) Object.assign(headers, { "Content-Type": "application/json", "Idempotency-Key": idemKey("raw") });
  const response = raw(world, party.transport, { method, path, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const parsed = JSON.parse(response.body) as { detail?: unknown };
  return { status: response.status, detail: String(parsed.detail ?? "") };
}

export const AUSTIN = "Austin, Texas, US";

/** A valid search body for the Austin catalog entry. */
export function searchBody(query = "plumbers", maxResults = 100, enrich = true) {
  return { input: { query, location: AUSTIN, countryCode: "US", maxResults }, enrich_contacts: enrich };
}

let keyCounter = 0;
/** A fresh idempotency key. */
export function idemKey(label = "k"): string {
  keyCounter += 1;
  return `contract-${label}-${keyCounter}-${Date.now().toString(36)}`;
}
