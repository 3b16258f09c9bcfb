// Contract tests of schema drift against the simulator over loopback HTTP: hostile records (extra x_* fields, unknown enum values,
// key_contacts objects) parse and are kept verbatim; a wrong type fails with its field path and is not retried.
import { HOSTILE_EVERY, HOSTILE_VARIANTS } from "../../dev/simulator";
import { shapeMessage } from "../../src/api/errors";
import type { Business } from "../../src/api/schemas";
import {
  expectNoKeyInErrors,
  expectShapeError,
  idemKey,
  newParty,
  raw,
  readEveryBusiness,
  searchBody,
  startContractWorld,
  type ContractWorld,
  type Party,
} from "./helpers";

let world: ContractWorld;
beforeAll(async () => {
  world = await startContractWorld({ seed: 505 });
});
afterEach(async () => {
  await world.control.clearFaults();
});
afterAll(async () => {
  expectNoKeyInErrors(world);
  await world.close();
});

/** 1-based position of a hostile variant in a job's results. */
function positionOf(variant: string): number {
  const index = HOSTILE_VARIANTS.findIndex((v) => v.name === variant);
  if (index < 0) throw new Error(`no hostile variant ${variant}`);
  return (index + 1) * HOSTILE_EVERY;
}

/** A completed, enriched 100-result search, its raw results JSON as the service sent it. */
async function completedSearch(): Promise<{ party: Party; jobId: string; rawPage: Record<string, unknown> }> {
  const party = await newParty(world, { plan: "growth", credits: 5000 });
  const { job_id } = party.client.createSearch(searchBody("caterers", 100), { idempotencyKey: idemKey() });
  world.clock.advance(120_000);
  expect(party.client.getSearch(job_id).status).toBe("completed");
  const response = raw(world, party.transport, {
    method: "GET",
    path: `/searches/${job_id}/results?page=1&page_size=100`,
    headers: { "x-api-key": party.apiKey, Accept: "application/json" },
  });
  expect(response.status).toBe(200);
  return { party, jobId: job_id, rawPage: JSON.parse(response.body) as Record<string, unknown> };
}

function itemAt(items: readonly Business[], position: number): Business {
  const item = items.find((b) => b.position === position);
  if (item === undefined) throw new Error(`no item at position ${position}`);
  return item;
}

describe("schema drift passes", () => {
  test(
    "a results page with hostile records parses and equals the service's JSON exactly (extra " + "fields and unknown enums kept)",
    async () => {
      const { party, jobId, rawPage } = await completedSearch();
      const page = party.client.getSearchResults(jobId, { page: 1, pageSize: 100 });
      expect(page).toEqual(rawPage);
      expect(page.items).toHaveLength(100);

      const extra = itemAt(page.items, positionOf("extra-fields")) as Business & Record<string, unknown>;
      expect(extra["x_score"]).toBe(0.87);
      expect(extra["x_tags"]).toEqual(["hot", "verified"]);
      expect(extra["x_internal"]).toEqual({ shard: 7 });

      const unknown = itemAt(page.items, positionOf("unknown-enums"));
      expect(unknown.email_verification_status).toBe("risky");
      expect(unknown.enrichment_status).toBe("partial");
      expect(unknown.owner_enrichment_status).toBe("skipped_unknown");
      expect(unknown.business_status).toBe("CLOSED_TEMPORARILY_UNKNOWN");

      const contacts = itemAt(page.items, positionOf("key-contacts"));
      expect(contacts.key_contacts).toEqual(expect.arrayContaining([expect.objectContaining({ name: "Dana Whitfield" })]));

      // The single-business shape keeps the extra fields too.
      const single = party.client.getBusiness(extra.id) as Business & Record<string, unknown>;
      expect(single["x_tags"]).toEqual(["hot", "verified"]);
      // And the reading of every page keeps them through its batch path.
      const all = readEveryBusiness(party.client, "search", jobId, 30);
      expect(all).toHaveLength(100);
      expect((itemAt(all, positionOf("extra-fields")) as Record<string, unknown>)["x_score"]).toBe(0.87);
    },
  );

  test("an unknown job status and extra fields on a Job, Account and list pass", async () => {
    const party = await newParty(world, { plan: "growth", credits: 5000 });
    const { job_id } = party.client.createSearch(searchBody(), { idempotencyKey: idemKey() });
    const job = party.client.getSearch(job_id);
    const drifted = { ...job, status: "paused_by_operator", x_priority: "high", actor_input: { ...job.actor_input, x_hint: 1 } };
    await world.control.injectFaults([{ method: "GET", path: `/api/v1/searches/${job_id}`, status: 200, body: JSON.stringify(drifted) }]);
    const read = party.client.getSearch(job_id) as typeof job & Record<string, unknown>;
    expect(read.status).toBe("paused_by_operator");
    expect(read["x_priority"]).toBe("high");
    expect(read).toEqual(drifted);

    const account = party.client.getAccount();
    await world.control.injectFaults([
      {
        method: "GET",
        path: "/api/v1/account",
        status: 200,
        body: JSON.stringify({ ...account, plan_code: "enterprise", status: "grace_period", x_seats: 4 }),
      },
    ]);
    expect(party.client.getAccount()).toEqual(expect.objectContaining({ plan_code: "enterprise", status: "grace_period", x_seats: 4 }));

    await world.control.injectFaults([
      { method: "GET", path: "/api/v1/searches?", status: 200, body: JSON.stringify({ items: [drifted], total: 1, next_cursor: "abc" }) },
    ]);
    expect(party.client.listSearches({ page: 1 })).toEqual({ items: [drifted], total: 1, next_cursor: "abc" });
  });
});

describe("a wrong type fails with its path", () => {
  test('rating: "high" on item 3 → ResponseShapeError naming items.3.rating; not retried', async () => {
    const { party, jobId, rawPage } = await completedSearch();
    const items = rawPage["items"] as Array<Record<string, unknown>>;
    const broken = { ...rawPage, items: items.map((item, i) => (i === 3 ? { ...item, rating: "high" } : item)) };
    await world.control.injectFaults([
      { method: "GET", path: `/api/v1/searches/${jobId}/results`, status: 200, body: JSON.stringify(broken), times: 5 },
    ]);
    const before = party.runtime.http.requests.length;
    const error = expectShapeError(world, () => party.client.getSearchResults(jobId, { page: 1, pageSize: 100 }));
    expect(error.kind).toBe("bad_response");
    expect(error.status).toBe(200);
    expect(error.retryable).toBe(false);
    expect(error.issues).toEqual([{ path: "items.3.rating", message: "expected number, got string" }]);
    expect(error.message).toBe(shapeMessage(error.issues));
    expect(party.runtime.http.requests.length - before).toBe(1);
  });

  test.each<[string, string, (job: Record<string, unknown>) => Record<string, unknown>]>([
    ['lead_count: "x"', "lead_count", (job) => ({ ...job, lead_count: "x" })],
    ["a fractional credits_charged", "credits_charged", (job) => ({ ...job, credits_charged: 1.5 })],
    ["a missing id", "id", ({ id: _id, ...rest }) => rest],
    [
      "actor_input.maxResults as a string",
      "actor_input.maxResults",
      (job) => ({ ...job, actor_input: { ...(job["actor_input"] as object), maxResults: "100" } }),
    ],
  ])("a Job with %s fails at path %s", async (_label, path, mutate) => {
    const party = await newParty(world, { plan: "growth", credits: 5000 });
    const { job_id } = party.client.createSearch(searchBody(), { idempotencyKey: idemKey() });
    const job = party.client.getSearch(job_id) as Record<string, unknown>;
    await world.control.injectFaults([
      { method: "GET", path: `/api/v1/searches/${job_id}`, status: 200, body: JSON.stringify(mutate(job)) },
    ]);
    const error = expectShapeError(world, () => party.client.getSearch(job_id));
    expect(error.issues.map((i) => i.path)).toEqual([path]);
    expect(error.message).toContain(`${path}: expected`);
  });

  test("wrong types in a list item, the account and a location are named by path", async () => {
    const party = await newParty(world, { plan: "growth", credits: 5000 });
    const { job_id } = party.client.createSearch(searchBody(), { idempotencyKey: idemKey() });
    const job = party.client.getSearch(job_id);
    await world.control.injectFaults([
      {
        method: "GET",
        path: "/api/v1/enrichments",
        status: 200,
        body: JSON.stringify({ items: [job, { ...job, status: 3 }], total: "2" }),
      },
      {
        method: "GET",
        path: "/api/v1/account",
        status: 200,
        body: JSON.stringify({ ...party.client.getAccount(), credits_remaining: "lots" }),
      },
      { method: "GET", path: "/api/v1/locations", status: 200, body: JSON.stringify({ locations: [{ label: "X", country_code: null }] }) },
    ]);
    const list = expectShapeError(world, () => party.client.listEnrichments());
    expect(list.issues.map((i) => i.path).sort()).toEqual(["items.1.status", "total"]);
    const account = expectShapeError(world, () => party.client.getAccount());
    expect(account.issues).toEqual([
      { path: "credits_remaining", message: expect.stringMatching(/^expected (number|integer), got string$/) },
    ]);
    const locations = expectShapeError(world, () => party.client.findLocations({ q: "Austin" }));
    expect(locations.issues.map((i) => i.path)).toEqual(["locations.0.country_code"]);
  });

  test("an issue path holding the API key (a map key) is redacted", async () => {
    const { party, jobId, rawPage } = await completedSearch();
    const items = rawPage["items"] as Array<Record<string, unknown>>;
    const broken = {
      ...rawPage,
      items: items.map((item, i) => (i === 0 ? { ...item, email_verifications: { [party.apiKey]: "valid" } } : item)),
    };
    await world.control.injectFaults([
      { method: "GET", path: `/api/v1/searches/${jobId}/results`, status: 200, body: JSON.stringify(broken) },
    ]);
    const error = expectShapeError(world, () => party.client.getSearchResults(jobId, { pageSize: 100 }));
    expect(error.issues).toHaveLength(1);
    expect(error.issues[0]?.path).toBe("items.0.email_verifications.[redacted]");
    expect(error.message).not.toContain(party.apiKey);
  });
});
