// The custom functions on the built bundle, run as Sheets runs them: AuthMode.CUSTOM_FUNCTION, by
// an editor who is not the spreadsheet's owner. The key comes only from the copy shared with the
// document's formulas; answers are cached; a range is one round trip; no call outlives 30 s. The
// full-scope build (dist-full/) answers alike whether or not Google lets a custom function list
// developer metadata, where that build keeps its job records.
import * as path from "node:path";
import { newRuntime, pollUntil, serviceAccount, serviceResults, sidebar, type JobView } from "../../dev/world";
import type { FakeRuntime } from "../../dev/fakes/runtime";
import { useWorld } from "../fixtures/world";

const OWNER = "owner@example.com";
const EDITOR = "editor@example.com";
const FUNCTIONS = ["LEADS_LOCATIONS", "LEADS_CREDITS", "LEADS_BUSINESS", "LEADS_JOB", "LEADS_RESULTS"] as const;
const FULL = path.resolve(__dirname, "../../dist-full");

const world = useWorld(11);

/** A formula's execution: the value it spills, or its error, and what it cost. */
function cell(runtime: FakeRuntime, name: string, ...args: unknown[]) {
  const requestsBefore = runtime.counters.fetchRequests;
  const tripsBefore = runtime.counters.roundTrips;
  const startedAt = world.clock.now();
  const result = runtime.run(name, args, { authMode: "CUSTOM_FUNCTION", user: EDITOR });
  return {
    value: result.value,
    error: result.errorMessage,
    killed: result.killed,
    requests: runtime.counters.fetchRequests - requestsBefore,
    roundTrips: runtime.counters.roundTrips - tripsBefore,
    tookMs: world.clock.now() - startedAt,
  };
}

function editorRuntime(options: Parameters<typeof newRuntime>[1] = {}): FakeRuntime {
  return newRuntime(world, { userEmail: EDITOR, ownerEmail: OWNER, ...options });
}

/** A completed 100-result search made from the sidebar by the editor, whose key is shared or not. */
async function completedSearch(runtime: FakeRuntime, apiKey: string, share: boolean): Promise<JobView> {
  sidebar(runtime, "saveSettings", { apiKey, baseUrl: world.url, shareWithFormulas: share });
  const [location] = sidebar(runtime, "findLocations", { q: "Denver" });
  const job = sidebar(runtime, "startSearch", { query: "bakeries", location: location?.label, maxResults: 100 });
  const jobs = pollUntil(world, runtime, (all) => all.every((j) => j.status === "completed" && j.rowsWritten === 100));
  return jobs.find((j) => j.jobId === job.jobId) as JobView;
}

/**
 * An address of the search forgotten from the sidebar (forgetContact): no formula shows it again, neither a table cached before nor
 * a business asked by its ID, while every business stays and keeps its other addresses.
 */
async function expectForgottenLeftOut(runtime: FakeRuntime, apiKey: string, job: JobView): Promise<void> {
  const service = [...(await serviceResults(world, apiKey, job.jobId))].sort((a, b) => Number(a.position) - Number(b.position));
  const emailsOf = (business: (typeof service)[number]) => (business.emails as string[] | null) ?? [];
  const shared = service.find((business) => emailsOf(business).length > 1);
  if (!shared) throw new Error("the search has no business with two addresses");
  const [address, kept] = emailsOf(shared) as [string, string];
  const before = cell(runtime, "LEADS_RESULTS", job.jobId, "id, emails");
  expect(JSON.stringify(before.value)).toContain(address);
  expect(sidebar(runtime, "forgetContact", { email: address })).toMatchObject({ sheets: expect.any(Number) });

  const after = cell(runtime, "LEADS_RESULTS", job.jobId, "id, emails");
  expect(after.error).toBeUndefined();
  expect(JSON.stringify(after.value)).not.toContain(address);
  expect((after.value as unknown[][]).map((row) => row[0])).toEqual((before.value as unknown[][]).map((row) => row[0]));
  const one = cell(runtime, "LEADS_BUSINESS", shared.id, "emails");
  expect([one.error, one.value]).toEqual([
    undefined,
    emailsOf(shared)
      .filter((email) => email !== address)
      .join(", "),
  ]);
  expect(String(one.value)).toContain(kept);
  const whole = cell(runtime, "LEADS_BUSINESS", shared.id);
  expect(JSON.stringify(whole.value)).not.toContain(address);
}

describe("without a key shared with formulas", () => {
  it("every function says where to turn sharing on, sends nothing, and never uses the owner's own key", async () => {
    const owner = await world.control.createAccount({ plan: "growth", credits: 5000 });
    const editor = await world.control.createAccount({ plan: "growth", credits: 5000 });
    const runtime = editorRuntime();
    // The owner has a key in their user properties: custom functions can read that store, but must not use it.
    runtime.stores.user(OWNER).set("businessLeads.apiKey", owner.apiKey);
    runtime.stores.user(OWNER).set("businessLeads.baseUrl", world.url);
    const job = await completedSearch(runtime, editor.apiKey, false);
    const args: Record<string, unknown[]> = {
      LEADS_LOCATIONS: ["Austin"],
      LEADS_CREDITS: [],
      LEADS_BUSINESS: [job.jobId],
      LEADS_JOB: [job.jobId],
      LEADS_RESULTS: [job.jobId],
    };
    for (const name of FUNCTIONS) {
      const answer = cell(runtime, name, ...(args[name] ?? []));
      expect(answer.value).toBeUndefined();
      expect(answer.error).toMatch(/Share my key with formulas in this document/);
      expect(answer.error).not.toMatch(/\n\s+at |Error:|\.js:\d/);
      expect(answer.requests).toBe(0);
    }
  });
});

describe("with the editor's key shared with formulas", () => {
  let runtime: FakeRuntime;
  let apiKey: string;
  let job: JobView;
  beforeAll(async () => {
    ({ apiKey } = await world.control.createAccount({ plan: "growth", credits: 5000 }));
    runtime = editorRuntime();
    job = await completedSearch(runtime, apiKey, true);
  });

  it("LEADS_LOCATIONS: a header row then at most 8 catalog entries; the repeat is served from the cache", () => {
    const first = cell(runtime, "LEADS_LOCATIONS", "Spring", "US");
    expect(first.error).toBeUndefined();
    const table = first.value as unknown[][];
    expect(table[0]).toEqual(["label", "country_code", "full_name", "location_code"]);
    expect(table.length).toBeGreaterThan(1);
    expect(table.length).toBeLessThanOrEqual(9);
    for (const row of table.slice(1)) expect(row[1]).toBe("US");
    expect(first.requests).toBe(1);
    const again = cell(runtime, "LEADS_LOCATIONS", "Spring", "US");
    expect([again.value, again.requests]).toEqual([table, 0]);
  });

  it("LEADS_CREDITS: the account's credits; cached for about a minute only", async () => {
    const first = cell(runtime, "LEADS_CREDITS");
    expect(first.value).toBe((await serviceAccount(world, apiKey)).credits_remaining);
    expect(first.requests).toBe(1);
    expect(cell(runtime, "LEADS_CREDITS").requests).toBe(0);
    world.clock.advance(61_000);
    expect(cell(runtime, "LEADS_CREDITS").requests).toBe(1);
  });

  it("LEADS_JOB: one field, or the whole [field, value] table; cached for hours once terminal", () => {
    const status = cell(runtime, "LEADS_JOB", job.jobId, "status");
    expect(status.value).toBe("completed");
    const table = cell(runtime, "LEADS_JOB", job.jobId).value as unknown[][];
    expect(table).toContainEqual(["lead_count", 100]);
    expect(table).toContainEqual(["id", job.jobId]);
    world.clock.advance(60 * 60 * 1000);
    const later = cell(runtime, "LEADS_JOB", job.jobId, "lead_count");
    expect([later.value, later.requests]).toEqual([100, 0]);
  });

  it("LEADS_BUSINESS: one field, a 49-ID range in ONE round trip, repeated from the cache with 0 requests", async () => {
    const service = await serviceResults(world, apiKey, job.jobId);
    const one = service[3];
    if (!one) throw new Error("no business");
    const phone = cell(runtime, "LEADS_BUSINESS", one.id, "phone");
    expect([phone.value, phone.requests]).toEqual([one.phone, 1]);
    const table = cell(runtime, "LEADS_BUSINESS", one.id).value as unknown[][];
    expect(table).toContainEqual(["title", one.title]);
    expect(table).toContainEqual(["emails", (one.emails as string[]).join(", ")]);
    // Objects (socials, verifications, phone types) read as text, never as JSON.
    expect(table.filter(([, value]) => /^[[{]|":/.test(String(value)))).toEqual([]);

    const range = service.slice(10, 59).map((b) => [b.id]); // what Sheets passes for A2:A50
    const spilled = cell(runtime, "LEADS_BUSINESS", range, "phone");
    expect(spilled.error).toBeUndefined();
    expect(spilled.value).toEqual(service.slice(10, 59).map((b) => [b.phone]));
    expect([spilled.requests, spilled.roundTrips]).toEqual([49, 1]);
    const repeated = cell(runtime, "LEADS_BUSINESS", range, "phone");
    expect([repeated.value, repeated.requests]).toEqual([spilled.value, 0]);
    // Another field of the same businesses: still the cache.
    const websites = cell(runtime, "LEADS_BUSINESS", range, "Website");
    expect([websites.value, websites.requests]).toEqual([service.slice(10, 59).map((b) => [b.website]), 0]);
  });

  it("LEADS_RESULTS: a header row and one row per business, exactly the service's; cached", async () => {
    const service = await serviceResults(world, apiKey, job.jobId);
    const first = cell(runtime, "LEADS_RESULTS", job.jobId, "id, title, phone, emails");
    expect(first.error).toBeUndefined();
    const table = first.value as unknown[][];
    expect(table[0]).toEqual(["id", "title", "phone", "emails"]);
    expect(table.slice(1)).toEqual(
      [...service]
        .sort((a, b) => Number(a.position) - Number(b.position))
        .map((b) => [b.id, b.title, b.phone, (b.emails as string[]).join(", ")]),
    );
    const again = cell(runtime, "LEADS_RESULTS", job.jobId, "id, title, phone, emails");
    expect([again.value, again.requests]).toEqual([table, 0]);
  });

  it("an active job's answers are kept only briefly: a later call sees it move on", () => {
    const [location] = sidebar(runtime, "findLocations", { q: "Denver" });
    const running = sidebar(runtime, "startSearch", { query: "cobblers", location: location?.label, maxResults: 300 });
    world.clock.advance(10_000);
    const first = cell(runtime, "LEADS_JOB", running.jobId, "lead_count");
    const results = cell(runtime, "LEADS_RESULTS", running.jobId, "id");
    expect([first.requests, results.requests]).toEqual([1, 1]);
    expect(cell(runtime, "LEADS_JOB", running.jobId, "lead_count").requests).toBe(0);
    world.clock.advance(21_000);
    const later = cell(runtime, "LEADS_JOB", running.jobId, "lead_count");
    const laterResults = cell(runtime, "LEADS_RESULTS", running.jobId, "id");
    expect([later.requests, laterResults.requests]).toEqual([1, 1]);
    expect(later.value as number).toBeGreaterThan(first.value as number);
    expect((laterResults.value as unknown[][]).length).toBeGreaterThan((results.value as unknown[][]).length);
  });

  it("errors are sentences for the cell: unknown ID, a foreign job, a misspelt field", async () => {
    const other = await world.control.createAccount({ plan: "growth", credits: 5000 });
    const otherRuntime = newRuntime(world);
    sidebar(otherRuntime, "saveSettings", { apiKey: other.apiKey, baseUrl: world.url });
    const [location] = sidebar(otherRuntime, "findLocations", { q: "Denver" });
    const foreign = sidebar(otherRuntime, "startSearch", { query: "florists", location: location?.label, maxResults: 100 });

    const answers = [
      cell(runtime, "LEADS_JOB", foreign.jobId, "status"),
      cell(runtime, "LEADS_BUSINESS", "00000000-0000-4000-8000-000000000000", "phone"),
      cell(runtime, "LEADS_BUSINESS", "not-an-id"),
      cell(runtime, "LEADS_JOB", job.jobId, "colour"),
      cell(runtime, "LEADS_RESULTS", foreign.jobId),
    ];
    expect(answers[0]?.error).toMatch(/No search or enrichment with ID/);
    expect(answers[1]?.error).toMatch(/No business with ID/);
    expect(answers[2]?.error).toMatch(/is not a Business ID/);
    expect(answers[3]?.error).toMatch(/"colour" is not a field of a job\. Use one of: id, name, status/);
    expect(answers[4]?.error).toMatch(/No search or enrichment with ID/);
    for (const answer of answers) {
      expect(answer.error).not.toMatch(/\n\s+at |\{"detail"|\.js:\d/);
      expect(answer.error).not.toContain(apiKey);
    }
    // In a range, a failed ID says so in its own cell; the others are answered.
    const service = await serviceResults(world, apiKey, job.jobId);
    const mixed = cell(runtime, "LEADS_BUSINESS", [[service[0]?.id], [""], ["00000000-0000-4000-8000-000000000000"]], "title");
    expect(mixed.value).toEqual([[service[0]?.title], [""], [expect.stringMatching(/No business with ID/)]]);
  });
  it("an address forgotten for good is left out of every answer, a table cached before included", async () => {
    await expectForgottenLeftOut(runtime, apiKey, job);
  });
});

describe.each(["refused", "allowed"] as const)(
  "the full-scope build, when Google has %s custom functions to list developer metadata",
  (developerMetadataInCustomFunctions) => {
    let runtime: FakeRuntime;
    let apiKey: string;
    let job: JobView;
    beforeAll(async () => {
      ({ apiKey } = await world.control.createAccount({ plan: "growth", credits: 5000 }));
      runtime = editorRuntime({ distDir: FULL, developerMetadataInCustomFunctions });
      job = await completedSearch(runtime, apiKey, true);
    });
    beforeEach(() => runtime.evictCaches());

    it("every function gives the service's answer", async () => {
      const service = [...(await serviceResults(world, apiKey, job.jobId))].sort((a, b) => Number(a.position) - Number(b.position));
      const ids = service.slice(0, 20).map((b) => [b.id]);
      const answers = {
        LEADS_LOCATIONS: cell(runtime, "LEADS_LOCATIONS", "Spring", "US"),
        LEADS_CREDITS: cell(runtime, "LEADS_CREDITS"),
        LEADS_BUSINESS: cell(runtime, "LEADS_BUSINESS", ids, "phone"),
        LEADS_JOB: cell(runtime, "LEADS_JOB", job.jobId, "status"),
        LEADS_RESULTS: cell(runtime, "LEADS_RESULTS", job.jobId, "id, title"),
      };
      for (const name of FUNCTIONS) expect([name, answers[name].error]).toEqual([name, undefined]);
      expect((answers.LEADS_LOCATIONS.value as unknown[][])[0]).toEqual(["label", "country_code", "full_name", "location_code"]);
      expect(answers.LEADS_CREDITS.value).toBe((await serviceAccount(world, apiKey)).credits_remaining);
      expect(answers.LEADS_BUSINESS.value).toEqual(service.slice(0, 20).map((b) => [b.phone]));
      expect(answers.LEADS_BUSINESS.roundTrips).toBe(1);
      expect(answers.LEADS_JOB.value).toBe("completed");
      expect(answers.LEADS_RESULTS.value).toEqual([["id", "title"], ...service.map((b) => [b.id, b.title])]);
    });

    const readsRecords = developerMetadataInCustomFunctions === "allowed";
    it(
      readsRecords
        ? "knows a tracked job's family from its record: one request"
        : "reads no record and asks both job families: two requests, one round trip",
      () => {
        const status = cell(runtime, "LEADS_JOB", job.jobId, "lead_count");
        expect([status.value, status.error]).toEqual([100, undefined]);
        expect([status.requests, status.roundTrips]).toEqual([readsRecords ? 1 : 2, 1]);
        runtime.evictCaches(); // else the family LEADS_JOB found is remembered there
        const results = cell(runtime, "LEADS_RESULTS", job.jobId, "id");
        expect((results.value as unknown[][]).length).toBe(101);
        expect(results.requests).toBe(readsRecords ? 1 : 2);
      },
    );

    it("an address forgotten for good is left out of every answer: formulas read the list from document properties", async () => {
      await expectForgottenLeftOut(runtime, apiKey, job);
    });
  },
);

describe("a slow service", () => {
  it("never pushes a call past 30 s of virtual time: retries stop early, the cell says why", async () => {
    const { apiKey } = await world.control.createAccount({ plan: "growth", credits: 5000 });
    const setup = editorRuntime();
    const job = await completedSearch(setup, apiKey, true);
    const ids = (await serviceResults(world, apiKey, job.jobId)).slice(0, 20).map((b) => [b.id]);

    // Every round trip takes 9 s and the service keeps answering 503 or 429 with Retry-After.
    const runtime = editorRuntime({ fetchLatencyMs: 9000 });
    runtime.stores.document.set("businessLeads.shared.apiKey", apiKey);
    runtime.stores.document.set("businessLeads.shared.baseUrl", world.url);
    await world.control.injectFaults([
      { path: "/api/v1/businesses", status: 503, probability: 1 },
      { path: "/api/v1/account", status: 429, headers: { "Retry-After": "8" }, probability: 1 },
      { path: "/api/v1/locations", status: 503, probability: 1 },
    ]);
    try {
      const answers = [
        cell(runtime, "LEADS_BUSINESS", ids, "phone"),
        cell(runtime, "LEADS_CREDITS"),
        cell(runtime, "LEADS_LOCATIONS", "Austin"),
      ];
      for (const answer of answers) {
        expect(answer.killed).toBe(false);
        expect(answer.tookMs).toBeLessThan(30_000);
        expect(answer.roundTrips).toBeGreaterThanOrEqual(1);
        expect(answer.error).toMatch(/service|busy|unavailable|requests/i);
      }
    } finally {
      await world.control.clearFaults();
    }
    // 700 results at 9 s a round trip: read in two round trips (page 1, then pages 2 and 3), inside 30 s.
    const [location] = sidebar(setup, "findLocations", { q: "Denver" });
    const big = sidebar(setup, "startSearch", { query: "cafes", location: location?.label, maxResults: 700 });
    world.clock.advance(10 * 60 * 1000);
    const results = cell(runtime, "LEADS_RESULTS", big.jobId, "id");
    expect(results.killed).toBe(false);
    expect(results.tookMs).toBeLessThan(30_000);
    expect((results.value as unknown[][]).length).toBe(701);
    // At 15 s a round trip a second one would end past the budget: refused with a sentence, not killed.
    const slower = editorRuntime({ fetchLatencyMs: 15_000 });
    slower.stores.document.set("businessLeads.shared.apiKey", apiKey);
    slower.stores.document.set("businessLeads.shared.baseUrl", world.url);
    const refused = cell(slower, "LEADS_RESULTS", big.jobId, "title");
    expect(refused.killed).toBe(false);
    expect(refused.tookMs).toBeLessThan(30_000);
    expect(refused.error).toMatch(/answering slowly.*30 seconds/);
  });
});
