// This file defines the test doubles for the client: a scripted in-memory Transport, a fake
// clock, and sample service payloads shaped like the spec's examples.
import type { Clock } from "../../src/rules/clock";
import type { HttpRequest, HttpResponse, Transport } from "../../src/api/transport";
import { LeadsClient, type LeadsClientOptions } from "../../src/api/client";

export const API_KEY = "sk_test_SECRET_4f9a2c";
export const BASE_URL = "https://leads.example.test";
export const ROOT = `${BASE_URL}/api/v1`;

/** What the scripted service answers: a response, or a network failure. */
export type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | { network: string };

export const network = (message = "connection reset"): Reply => ({ network: message });
export const json = (status: number, body: unknown, headers: Record<string, string> = {}): Reply => ({
  status,
  body,
  headers,
});
export const error = (status: number, detail: string, headers: Record<string, string> = {}): Reply => ({
  status,
  body: { detail },
  headers,
});

export interface Round {
  via: "fetch" | "fetchAll";
  requests: HttpRequest[];
}

/**
 * Answers from a queue (one reply per request, in order) or, when set, from `route`. In a
 * fetchAll, a network reply for any request makes the whole call throw, as UrlFetchApp does.
 */
export class ScriptedTransport implements Transport {
  readonly rounds: Round[] = [];
  private readonly queue: Reply[] = [];
  route: ((request: HttpRequest) => Reply) | null = null;

  reply(...replies: Reply[]): this {
    this.queue.push(...replies);
    return this;
  }

  get requests(): HttpRequest[] {
    return this.rounds.flatMap((round) => round.requests);
  }

  get pendingReplies(): number {
    return this.queue.length;
  }

  fetch(request: HttpRequest): HttpResponse {
    this.rounds.push({ via: "fetch", requests: [request] });
    return this.answer(this.next(request));
  }

  fetchAll(requests: HttpRequest[]): HttpResponse[] {
    this.rounds.push({ via: "fetchAll", requests });
    const replies = requests.map((request) => this.next(request));
    return replies.map((reply) => this.answer(reply));
  }

  private next(request: HttpRequest): Reply {
    if (this.route) return this.route(request);
    const reply = this.queue.shift();
    if (reply === undefined) throw new Error(`ScriptedTransport: no reply left for ${request.method} ${request.url}`);
    return reply;
  }

  private answer(reply: Reply): HttpResponse {
    if ("network" in reply) throw new Error(reply.network);
    const body = reply.body === undefined ? "" : typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body);
    return { status: reply.status, headers: reply.headers ?? {}, body };
  }
}

/** Virtual time: `sleep` moves it forward and is recorded. */
export class FakeClock implements Clock {
  readonly sleeps: number[] = [];
  constructor(public time = Date.UTC(2026, 10, 21, 9, 0, 0)) {}
  now(): number {
    return this.time;
  }
  sleep(ms: number): void {
    this.sleeps.push(ms);
    this.time += ms;
  }
  get slept(): number {
    return this.sleeps.reduce((a, b) => a + b, 0);
  }
}

export function makeClient(overrides: Partial<LeadsClientOptions> = {}) {
  const transport = new ScriptedTransport();
  const clock = new FakeClock();
  const client = new LeadsClient({
    baseUrl: BASE_URL,
    apiKey: API_KEY,
    transport,
    clock,
    random: () => 0.5,
    ...overrides,
  });
  return { client, transport, clock };
}

/** A request's query as an object (tests run in Node, so they may use URL). */
export function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams.entries());
}

export function pathOf(url: string): string {
  return new URL(url).pathname;
}

// ---- sample payloads ----------------------------------------------------------------------------

export const SEARCH_ID = "5d7b8c1e-2f3a-4b5c-9d6e-7f8091a2b3c4";
export const ENRICH_ID = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
export const BUSINESS_ID = "11111111-2222-4333-8444-555555555555";

export function sampleJob(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: SEARCH_ID,
    name: "plumbers in Austin, Texas, United States",
    status: "running",
    actor_input: {
      query: "plumbers",
      location: "Austin, Texas, United States",
      countryCode: "US",
      maxResults: 100,
      language: "en",
    },
    source: "maps-provider-x",
    origin: "api",
    run_id: "run_abc",
    error: null,
    lead_count: 12,
    credits_charged: 100,
    enrich_contacts: true,
    enriched_count: 3,
    delete_requested: false,
    created_at: "2026-11-21T09:00:00Z",
    finished_at: null,
    ...overrides,
  };
}

export function sampleSearchBusiness(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: BUSINESS_ID,
    search_id: SEARCH_ID,
    position: 1,
    rank: 1,
    title: "Acme Plumbing",
    category: "Plumber",
    categories: ["Plumber", "Water heater installation service"],
    address: "1 Main St, Austin, TX 78701",
    city: "Austin",
    country_code: "US",
    phone: "+1 512-555-0100",
    website: "https://acme.example",
    rating: 4.7,
    review_count: 132,
    business_status: "OPERATIONAL",
    maps_url: "https://maps.example/?cid=1",
    owner_name: "Jane Roe",
    owner_names: ["Jane Roe"],
    decision_maker_names: [],
    emails: ["info@acme.example"],
    owner_emails: [],
    decision_maker_emails: [],
    email_verification_status: "completed",
    email_verifications: { "info@acme.example": { result: "deliverable", quality: "good", source: "smtp" } },
    socials: { facebooks: [], instagrams: [], linkedIns: [], youtubes: [], yelps: [] },
    additional_phones: [],
    phone_types: { "+1 512-555-0100": "landline" },
    enrichment_status: "completed",
    owner_enrichment_status: "completed",
    key_contacts: [],
    ...overrides,
  };
}

export function sampleEnrichmentBusiness(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: BUSINESS_ID,
    search_id: ENRICH_ID,
    position: 1,
    rank: 1,
    title: "Acme Plumbing",
    phone: "",
    website: "https://acme.example",
    owner_names: [],
    decision_maker_names: [],
    emails: [],
    owner_emails: [],
    decision_maker_emails: [],
    email_verification_status: "processing",
    email_verifications: {},
    socials: { facebooks: [], instagrams: [], linkedIns: [] },
    additional_phones: [],
    phone_types: {},
    enrichment_status: "running",
    owner_enrichment_status: "running",
    key_contacts: [],
    ...overrides,
  };
}

export function sampleSingleBusiness(): Record<string, unknown> {
  return {
    id: BUSINESS_ID,
    search_id: SEARCH_ID,
    position: 1,
    title: "Acme Plumbing",
    category: "Plumber",
    address: "1 Main St, Austin, TX 78701",
    phone: "+1 512-555-0100",
    website: "https://acme.example",
    rating: 4.7,
    review_count: 132,
    owner_names: ["Jane Roe"],
    decision_maker_names: [],
    emails: ["info@acme.example"],
    owner_emails: [],
    decision_maker_emails: [],
    email_verification_status: "completed",
    additional_phones: [],
    socials: { facebooks: [], instagrams: [], linkedIns: [] },
  };
}

export function resultsPage(
  items: Record<string, unknown>[],
  meta: { page?: number; page_size?: number; total?: number; has_more?: boolean; status?: string; job_id?: string } = {},
): Record<string, unknown> {
  return {
    job_id: meta.job_id ?? SEARCH_ID,
    status: meta.status ?? "running",
    items,
    total: meta.total ?? items.length,
    page: meta.page ?? 1,
    page_size: meta.page_size ?? 100,
    has_more: meta.has_more ?? false,
  };
}

export function sampleAccount(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    plan_code: "growth",
    plan_name: "Growth",
    status: "active",
    billing_interval: "month",
    credits_allowance: 5000,
    credits_remaining: 4200,
    max_results_per_search: 700,
    free_search_used: true,
    payment_customer: true,
    current_period_end: "2026-12-01T00:00:00Z",
    cancel_at_period_end: false,
    pause_collection: false,
    pause_resumes_at: null,
    cancellation_coupon_applied: false,
    searches_created: 7,
    active_searches: 1,
    leads_found: 812,
    ...overrides,
  };
}

export function sampleLocation(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    location_code: 1026201,
    name: "Austin",
    full_name: "Austin,Texas,United States",
    country_code: "US",
    location_name: "Austin,Texas,United States",
    city: "Austin",
    region: "Texas",
    country: "US",
    location_type: "City",
    label: "Austin, Texas, United States",
    ...overrides,
  };
}
