// Contract tests of the spec's numbered credit and rejection rules (search rules 1–6, enrichment rules 1–6) through the client over
// loopback HTTP, checking the account and job lists after each rejection.
import type { LeadsClient } from "../../src/api/client";
import {
  expectApiError,
  expectNoKeyInErrors,
  idemKey,
  newParty,
  searchBody,
  serviceAnswer,
  startContractWorld,
  type ContractWorld,
} from "./helpers";

let world: ContractWorld;
beforeAll(async () => {
  world = await startContractWorld({ seed: 202 });
});
afterAll(async () => {
  expectNoKeyInErrors(world);
  await world.close();
});

/** Credits and job counts, to show a rejected request changed nothing (search rule 6, enrichment rule 5). */
function ledger(client: LeadsClient) {
  const account = client.getAccount();
  return {
    credits: account.credits_remaining,
    freeUsed: account.free_search_used,
    searches: client.listSearches().total,
    enrichments: client.listEnrichments().total,
    active: account.active_searches,
  };
}

function businesses(count: number, prefix = "Shop") {
  return Array.from({ length: count }, (_, i) => ({ business_name: `${prefix} ${i + 1}`, website_url: `https://shop-${i + 1}.example` }));
}

describe("search credit rules", () => {
  test("rule 1: a free account gets one search of up to 100 that reserves 100 credits; the next is 402", async () => {
    const { client } = await newParty(world, { plan: "free" });
    expect(client.getAccount()).toEqual(
      expect.objectContaining({ plan_code: "free", credits_remaining: 100, max_results_per_search: 100, free_search_used: false }),
    );
    const created = client.createSearch({ input: { query: "bakeries", location: "Austin, Texas, US" } }, { idempotencyKey: idemKey() });
    expect(created.credits_reserved).toBe(100);
    expect(client.getSearch(created.job_id).credits_charged).toBe(100);
    expect(ledger(client)).toEqual({ credits: 0, freeUsed: true, searches: 1, enrichments: 0, active: 1 });

    const again = expectApiError(world, () => client.createSearch(searchBody("florists"), { idempotencyKey: idemKey() }));
    expect(again.status).toBe(402);
    expect(again.kind).toBe("insufficient_credits");
    expect(again.message).toMatch(/free search was already used/);
    expect(ledger(client)).toEqual({ credits: 0, freeUsed: true, searches: 1, enrichments: 0, active: 1 });
  });

  test("rule 2: an active paid account reserves maxResults credits at once", async () => {
    const { client } = await newParty(world, { plan: "starter", credits: 1000 });
    const created = client.createSearch(searchBody("plumbers", 350), { idempotencyKey: idemKey() });
    expect(created.credits_reserved).toBe(350);
    expect(client.getSearch(created.job_id).credits_charged).toBe(350);
    expect(client.getAccount().credits_remaining).toBe(650);
    // Omitted maxResults is 100.
    expect(
      client.createSearch({ input: { query: "roofers", location: "Austin, Texas, US" } }, { idempotencyKey: idemKey() }).credits_reserved,
    ).toBe(100);
    expect(client.getAccount().credits_remaining).toBe(550);
  });

  test("rule 3: maxResults below 100 is 422, before any job or reservation", async () => {
    const party = await newParty(world, { plan: "growth", credits: 5000 });
    const before = ledger(party.client);
    // The client refuses it before sending (the spec's limit is in its request schema)…
    const error = expectApiError(world, () => party.client.createSearch(searchBody("plumbers", 99), { idempotencyKey: idemKey() }));
    expect([error.kind, error.status]).toEqual(["validation", null]);
    expect(error.message).toMatch(/Max results must be at least 100/);
    // …and so does the service, when it is sent anyway.
    const answer = serviceAnswer(world, party, "POST", "/searches", searchBody("plumbers", 99));
    expect(answer.status).toBe(422);
    expect(answer.detail).toMatch(/maxResults/);
    expect(ledger(party.client)).toEqual(before);
  });

  test("rule 4: more credits than remain (1000 asked, 700 left) is 402 and the message states how many remain", async () => {
    const { client } = await newParty(world, { plan: "starter", credits: 700 });
    const before = ledger(client);
    const error = expectApiError(world, () => client.createSearch(searchBody("plumbers", 1000), { idempotencyKey: idemKey() }));
    expect(error.status).toBe(402);
    expect(error.detail).toMatch(/700/);
    expect(error.message).toMatch(/700 remain/);
    expect(error.message).toMatch(/needs 1000/);
    expect(ledger(client)).toEqual(before);

    const { client: small } = await newParty(world, { plan: "growth", credits: 150 });
    const twoHundred = expectApiError(world, () => small.createSearch(searchBody("plumbers", 200), { idempotencyKey: idemKey() }));
    expect(twoHundred.status).toBe(402);
    expect(twoHundred.message).toMatch(/150 remain/);
  });

  test("rule 5: above the 700 ceiling, or above the free plan's 100, is 403", async () => {
    const { client } = await newParty(world, { plan: "growth", credits: 5000 });
    const before = ledger(client);
    const ceiling = expectApiError(world, () => client.createSearch(searchBody("plumbers", 701), { idempotencyKey: idemKey() }));
    expect(ceiling.status).toBe(403);
    expect(ceiling.kind).toBe("limit_exceeded");
    expect(ceiling.message).toMatch(/above your plan's size limit/);
    expect(ledger(client)).toEqual(before);
    expect(client.createSearch(searchBody("plumbers", 700), { idempotencyKey: idemKey() }).credits_reserved).toBe(700);

    const { client: free } = await newParty(world, { plan: "free" });
    const freeBefore = ledger(free);
    const overFree = expectApiError(world, () => free.createSearch(searchBody("plumbers", 200), { idempotencyKey: idemKey() }));
    expect(overFree.status).toBe(403);
    expect(ledger(free)).toEqual(freeBefore);
  });

  test("rule 6 and the 402 for an inactive paid subscription: nothing is created or deducted", async () => {
    const { client } = await newParty(world, { plan: "growth", credits: 5000, status: "past_due" });
    const before = ledger(client);
    expect(client.getAccount().max_results_per_search).toBe(0);
    const error = expectApiError(world, () => client.createSearch(searchBody("plumbers", 100), { idempotencyKey: idemKey() }));
    expect(error.status).toBe(402);
    expect(error.message).toMatch(/subscription is not active/);
    const enrichment = expectApiError(world, () => client.createEnrichment({ businesses: businesses(2) }, { idempotencyKey: idemKey() }));
    expect(enrichment.status).toBe(402);
    expect(ledger(client)).toEqual(before);
    expect(before).toEqual(expect.objectContaining({ credits: 5000, searches: 0, enrichments: 0 }));
  });
});

describe("enrichment rules", () => {
  test("rule 1: a duplicate (name, website) pair is 422; the same name on another website is fine", async () => {
    const { client } = await newParty(world, { plan: "growth", credits: 5000 });
    const before = ledger(client);
    const duplicate = expectApiError(world, () =>
      client.createEnrichment(
        {
          businesses: [
            { business_name: "Acme Plumbing", website_url: "https://acme.example" },
            { business_name: "Acme Plumbing", website_url: "https://acme.example" },
          ],
        },
        { idempotencyKey: idemKey() },
      ),
    );
    expect(duplicate.status).toBe(422);
    expect(duplicate.message).toMatch(/duplicate/i);
    expect(ledger(client)).toEqual(before);

    const distinct = client.createEnrichment(
      {
        businesses: [
          { business_name: "Acme Plumbing", website_url: "https://acme.example" },
          { business_name: "Acme Plumbing", website_url: "https://acme-north.example" },
        ],
      },
      { idempotencyKey: idemKey() },
    );
    expect(distinct.businesses_submitted).toBe(2);
  });

  test.each([
    ["a relative URL", "/about-us"],
    ["a host without a scheme", "acme.example"],
    ["an ftp URL", "ftp://acme.example/files"],
    ["a mailto URL", "mailto:owner@acme.example"],
  ])("rule 2: %s is 422 and nothing is created", async (_label, websiteUrl) => {
    const party = await newParty(world, { plan: "growth", credits: 5000 });
    const before = ledger(party.client);
    const body = { businesses: [{ business_name: "Acme", website_url: websiteUrl }] };
    const error = expectApiError(world, () => party.client.createEnrichment(body, { idempotencyKey: idemKey() }));
    expect([error.kind, error.status]).toEqual(["validation", null]);
    expect(error.message).toMatch(/website \(entry 1\) is not in the expected form/);
    const answer = serviceAnswer(world, party, "POST", "/enrichments", body);
    expect(answer.status).toBe(422);
    expect(answer.detail).toMatch(/website_url/);
    expect(ledger(party.client)).toEqual(before);
  });

  test("rules 3 and 6: a paid plan reserves one credit per business; the job starts in enriching", async () => {
    const { client } = await newParty(world, { plan: "starter", credits: 1000 });
    const created = client.createEnrichment({ businesses: businesses(7) }, { idempotencyKey: idemKey() });
    expect(created).toEqual(expect.objectContaining({ status: "enriching", businesses_submitted: 7, credits_reserved: 7 }));
    expect(client.getEnrichment(created.job_id)).toEqual(
      expect.objectContaining({ status: "enriching", credits_charged: 7, lead_count: 7 }),
    );
    expect(client.getEnrichmentResults(created.job_id).items).toHaveLength(7);
    expect(client.getAccount().credits_remaining).toBe(993);
  });

  test("rule 4: the free plan's one 100-credit job covers an enrichment too; then searches are 402", async () => {
    const { client } = await newParty(world, { plan: "free" });
    const tooBig = expectApiError(world, () => client.createEnrichment({ businesses: businesses(101) }, { idempotencyKey: idemKey() }));
    expect(tooBig.status).toBe(403);
    const created = client.createEnrichment({ businesses: businesses(3) }, { idempotencyKey: idemKey() });
    expect(created.credits_reserved).toBe(100);
    expect(ledger(client)).toEqual({ credits: 0, freeUsed: true, searches: 0, enrichments: 1, active: 1 });
    const search = expectApiError(world, () => client.createSearch(searchBody("plumbers"), { idempotencyKey: idemKey() }));
    expect(search.status).toBe(402);
  });

  test("rule 5: beyond the balance (402) or the plan maximum (403) is rejected before any job or lead", async () => {
    const { client } = await newParty(world, { plan: "starter", credits: 5 });
    const before = ledger(client);
    const overBalance = expectApiError(world, () => client.createEnrichment({ businesses: businesses(6) }, { idempotencyKey: idemKey() }));
    expect(overBalance.status).toBe(402);
    expect(overBalance.message).toMatch(/5 remain/);
    expect(ledger(client)).toEqual(before);

    const { client: rich } = await newParty(world, { plan: "scale", credits: 5000 });
    const richBefore = ledger(rich);
    const overMax = expectApiError(world, () => rich.createEnrichment({ businesses: businesses(701) }, { idempotencyKey: idemKey() }));
    expect(overMax.status).toBe(403);
    expect(ledger(rich)).toEqual(richBefore);
    expect(rich.createEnrichment({ businesses: businesses(700) }, { idempotencyKey: idemKey() }).credits_reserved).toBe(700);
  });
});
