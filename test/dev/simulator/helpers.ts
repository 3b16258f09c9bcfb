// This file defines test helpers for the simulator: a fresh simulator on a virtual clock and a
// small request helper that parses JSON bodies.
import { VirtualClock } from "../../../dev/clock";
import { Simulator } from "../../../dev/simulator/simulator";
import type { SimResponse } from "../../../dev/simulator/types";

export interface Called<T> {
  status: number;
  headers: Record<string, string>;
  body: T;
  raw: SimResponse;
}

export interface CallOptions {
  key?: string | null;
  body?: unknown;
  idem?: string;
  headers?: Record<string, string>;
}

export interface JobJson {
  id: string;
  name: string;
  status: string;
  actor_input: Record<string, unknown>;
  source: string;
  origin: string;
  run_id: string | null;
  error: string | null;
  lead_count: number;
  credits_charged: number;
  enrich_contacts: boolean;
  enriched_count: number;
  delete_requested: boolean;
  created_at: string;
  finished_at: string | null;
}

export interface BusinessJson {
  [field: string]: unknown;
  id: string;
  search_id: string;
  position: number;
  title: string;
  emails: string[];
  email_verification_status: string;
  email_verifications: Record<string, { result: string; quality: string; source: string }>;
  enrichment_status: string;
  owner_enrichment_status: string;
  socials: Record<string, string[]>;
}

export interface ResultsJson {
  job_id: string;
  status: string;
  items: BusinessJson[];
  total: number;
  page: number;
  page_size: number;
  has_more: boolean;
}

export interface ListJson {
  items: JobJson[];
  total: number;
}

export interface CreatedJson {
  job_id: string;
  status: string;
  credits_reserved: number;
  message: string;
  businesses_submitted?: number;
}

export interface DetailJson {
  detail: string;
}

export const AUSTIN = "Austin, Texas, US";

export function newSim(options: { seed?: number; production?: boolean; hostile?: boolean } = {}): { sim: Simulator; clock: VirtualClock } {
  const clock = new VirtualClock();
  return {
    sim: new Simulator({ clock, seed: options.seed ?? 7, production: options.production ?? false, hostile: options.hostile ?? true }),
    clock,
  };
}

export function call<T = Record<string, unknown>>(sim: Simulator, method: string, path: string, options: CallOptions = {}): Called<T> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  const key = options.key === undefined ? "demo-growth" : options.key;
  if (key !== null) headers["x-api-key"] = key;
  if (options.idem !== undefined) headers["idempotency-key"] = options.idem;
  const request =
    options.body === undefined
      ? { method, path: `/api/v1${path}`, headers }
      : { method, path: `/api/v1${path}`, headers, body: typeof options.body === "string" ? options.body : JSON.stringify(options.body) };
  const raw = sim.handle(request);
  return { status: raw.status, headers: raw.headers, body: JSON.parse(raw.body) as T, raw };
}

export function searchBody(input: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { input: { query: "plumbers", location: AUSTIN, maxResults: 100, ...input }, ...extra };
}

export function createSearch(
  sim: Simulator,
  key = "demo-growth",
  input: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
  idem?: string,
): Called<CreatedJson> {
  const options: CallOptions = { key, body: searchBody(input, extra) };
  if (idem !== undefined) options.idem = idem;
  return call<CreatedJson>(sim, "POST", "/searches", options);
}

export function suppliedBusinesses(n: number): Array<{ business_name: string; website_url: string }> {
  return Array.from({ length: n }, (_, i) => ({
    business_name: `Supplied Shop ${i + 1}`,
    website_url: `https://shop${i + 1}.example.com/`,
  }));
}

export function createEnrichment(sim: Simulator, key = "demo-growth", n = 3, idem?: string): Called<CreatedJson> {
  const options: CallOptions = { key, body: { businesses: suppliedBusinesses(n) } };
  if (idem !== undefined) options.idem = idem;
  return call<CreatedJson>(sim, "POST", "/enrichments", options);
}

export function credits(sim: Simulator, accountId: string): number {
  const value = sim.account(accountId)["credits_remaining"];
  if (typeof value !== "number") throw new Error("credits_remaining is not a number");
  return value;
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
