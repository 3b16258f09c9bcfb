// This file tests job progression on the virtual clock: state order, progressive import and
// enrichment, per-business statuses, "niche" and "fail-me" queries, failJob and refunds.
import { DEMO_KEYS } from "../../../dev/simulator/demo";
import { TIMING } from "../../../dev/simulator/jobs";
import type { VirtualClock } from "../../../dev/clock";
import type { Simulator } from "../../../dev/simulator/simulator";
import { call, createEnrichment, createSearch, credits, newSim, suppliedBusinesses, type JobJson, type ResultsJson } from "./helpers";

const GROWTH = DEMO_KEYS.growth.accountId;

function job(sim: Simulator, id: string, family = "searches"): JobJson {
  return call<JobJson>(sim, "GET", `/${family}/${id}`).body;
}

/** Polls every `stepMs` until terminal, returning the distinct statuses in order. */
function pollStatuses(
  sim: Simulator,
  clock: VirtualClock,
  id: string,
  stepMs: number,
  family = "searches",
): { statuses: string[]; final: JobJson; elapsed: number } {
  const start = clock.now();
  const statuses: string[] = [];
  for (;;) {
    // A fresh account key would dodge the rate limit; polling at >= 1 s stays far below it anyway.
    const current = job(sim, id, family);
    if (statuses[statuses.length - 1] !== current.status) statuses.push(current.status);
    if (current.status === "completed" || current.status === "failed") return { statuses, final: current, elapsed: clock.now() - start };
    clock.advance(stepMs);
  }
}

describe("search progression", () => {
  test("queued → starting → running → importing → enriching → completed", () => {
    const { sim, clock } = newSim();
    const id = createSearch(sim).body.job_id;
    const { statuses, final } = pollStatuses(sim, clock, id, 500);
    expect(statuses).toEqual(["queued", "starting", "running", "importing", "enriching", "completed"]);
    expect(final.lead_count).toBe(100);
    expect(final.enriched_count).toBe(100);
    expect(final.finished_at).not.toBeNull();
    expect(final.error).toBeNull();
    expect(final.run_id).toMatch(/^[0-9a-f]+$/);
  });

  test("enrich_contacts false: importing → completed, no enrichment", () => {
    const { sim, clock } = newSim();
    const id = createSearch(sim, "demo-growth", {}, { enrich_contacts: false }).body.job_id;
    const { statuses, final } = pollStatuses(sim, clock, id, 500);
    expect(statuses).toEqual(["queued", "starting", "running", "importing", "completed"]);
    expect(final.enriched_count).toBe(0);
    const items = call<ResultsJson>(sim, "GET", `/searches/${id}/results`).body.items;
    expect(items).toHaveLength(100);
    for (const item of items) {
      expect(item.enrichment_status).toBe("not_requested");
      expect(item.owner_enrichment_status).toBe("not_requested");
      expect(item.emails).toEqual([]);
      expect(item.email_verifications).toEqual({});
      expect(item["owner_names"]).toEqual([]);
    }
    // Discovery fields are still there.
    expect(items[0]?.title).not.toBe("");
    expect(items[0]?.["phone"]).toMatch(/^\+/);
  });

  test("queued has no run id and no results; finished_at is null while active", () => {
    const { sim } = newSim();
    const id = createSearch(sim).body.job_id;
    const queued = job(sim, id);
    expect(queued.run_id).toBeNull();
    expect(queued.finished_at).toBeNull();
    const results = call<ResultsJson>(sim, "GET", `/searches/${id}/results`).body;
    expect(results).toMatchObject({ status: "queued", total: 0, items: [], has_more: false });
  });

  test("businesses are imported progressively and readable while running", () => {
    const { sim, clock } = newSim();
    const id = createSearch(sim, "demo-growth", { maxResults: 300 }).body.job_id;
    clock.advance(TIMING.queuedMs + TIMING.startingMs + 4_000 + 50); // 4 s into running at 10/s
    const running = job(sim, id);
    expect(running.status).toBe("running");
    expect(running.lead_count).toBe(40);
    const page = call<ResultsJson>(sim, "GET", `/searches/${id}/results`).body;
    expect(page.total).toBe(40);
    expect(page.items).toHaveLength(40);
    expect(page.items[0]?.enrichment_status).toBe("pending");
    expect(page.items[0]?.email_verification_status).toBe("pending");
    clock.advance(5_000);
    const later = job(sim, id);
    expect(later.lead_count).toBe(90);
    expect(call<ResultsJson>(sim, "GET", `/searches/${id}/results`).body.items[0]?.id).toBe(page.items[0]?.id);
  });

  test("enrichment fills in progressively: pending → in_progress/processing → completed with verifications", () => {
    const { sim, clock } = newSim();
    const id = createSearch(sim).body.job_id;
    // Into enriching: 1 s after its start, business 0..9 have contacts, none verified yet.
    const enrichStart = TIMING.queuedMs + TIMING.startingMs + 100 * TIMING.importEveryMs + TIMING.importingMs;
    clock.advance(enrichStart + 950);
    const snapshot1 = job(sim, id);
    expect(snapshot1.status).toBe("enriching");
    expect(snapshot1.enriched_count).toBe(0);
    let items = call<ResultsJson>(sim, "GET", `/searches/${id}/results`).body.items;
    expect(items[0]?.enrichment_status).toBe("in_progress");
    expect(items[0]?.email_verification_status).toBe("processing");
    expect(items[0]?.email_verifications).toEqual({});
    expect(items[50]?.enrichment_status).toBe("pending");
    clock.advance(TIMING.verifyMs);
    const snapshot2 = job(sim, id);
    expect(snapshot2.enriched_count).toBe(10);
    items = call<ResultsJson>(sim, "GET", `/searches/${id}/results`).body.items;
    const done = items.slice(0, 10).filter((item) => item.email_verification_status === "completed");
    expect(done.length).toBeGreaterThan(5);
    const withEmails = items.slice(0, 10).find((item) => item.emails.length > 0);
    expect(withEmails).toBeDefined();
    for (const email of withEmails?.emails ?? [])
      expect(withEmails?.email_verifications[email]).toEqual({
        result: expect.any(String),
        quality: expect.any(String),
        source: expect.any(String),
      });
    expect(items[0]?.enrichment_status).not.toBe("pending");
    expect(job(sim, id).enriched_count).toBeLessThan(100);
  });

  test("a 700-result enriched search completes within a few virtual minutes", () => {
    const { sim, clock } = newSim();
    const id = createSearch(sim, "demo-growth", { maxResults: 700 }).body.job_id;
    const { final, elapsed } = pollStatuses(sim, clock, id, 5_000);
    expect(final.status).toBe("completed");
    expect(final.lead_count).toBe(700);
    expect(elapsed).toBeLessThanOrEqual(4 * 60_000);
  });

  test("'niche' finds about a third; the full reservation is kept", () => {
    const { sim, clock } = newSim();
    const id = createSearch(sim, "demo-growth", { query: "niche vintage organ repair", maxResults: 300 }).body.job_id;
    const { final } = pollStatuses(sim, clock, id, 5_000);
    expect(final.status).toBe("completed");
    expect(final.lead_count).toBe(100);
    expect(final.credits_charged).toBe(300);
    expect(credits(sim, GROWTH)).toBe(10000 - 300);
  });

  test("setFoundCount makes a job end with fewer businesses", () => {
    const { sim, clock } = newSim();
    const id = createSearch(sim, "demo-growth", { maxResults: 200 }).body.job_id;
    sim.setFoundCount(id, 17);
    const { final } = pollStatuses(sim, clock, id, 5_000);
    expect(final.lead_count).toBe(17);
    expect(call<ResultsJson>(sim, "GET", `/searches/${id}/results`).body.total).toBe(17);
  });
});

describe("failure and refunds", () => {
  test("'fail-me' fails during running with an error; the reservation is refunded; imported businesses remain", () => {
    const { sim, clock } = newSim();
    const id = createSearch(sim, "demo-growth", { query: "fail-me plumbers", maxResults: 200 }).body.job_id;
    expect(credits(sim, GROWTH)).toBe(10000 - 200);
    const { statuses, final } = pollStatuses(sim, clock, id, 1_000);
    expect(statuses).toEqual(["queued", "starting", "running", "failed"]);
    expect(final.error).toMatch(/failed/i);
    expect(final.finished_at).not.toBeNull();
    expect(final.lead_count).toBe(100);
    expect(final.credits_charged).toBe(200); // what was reserved; the refund shows in the balance
    expect(credits(sim, GROWTH)).toBe(10000);
    expect(call<ResultsJson>(sim, "GET", `/searches/${id}/results`).body).toMatchObject({ status: "failed", total: 100 });
    clock.advance(600_000);
    expect(job(sim, id).lead_count).toBe(100);
  });

  test("failJob fails an active job now with the given error and refunds it", () => {
    const { sim, clock } = newSim();
    const id = createEnrichment(sim, "demo-growth", 50).body.job_id;
    clock.advance(2_000);
    sim.failJob(id, "Enrichment worker crashed");
    const failed = job(sim, id, "enrichments");
    expect(failed.status).toBe("failed");
    expect(failed.error).toBe("Enrichment worker crashed");
    expect(failed.finished_at).toBe(new Date(clock.now()).toISOString());
    expect(credits(sim, GROWTH)).toBe(10000);
    clock.advance(60_000);
    expect(job(sim, id, "enrichments").status).toBe("failed");
    expect(() => sim.failJob(id)).toThrow(/terminal/);
  });

  test("a failed free job gives the free job back", () => {
    const { sim } = newSim();
    const id = createSearch(sim, "demo-free").body.job_id;
    sim.failJob(id);
    expect(sim.account(DEMO_KEYS.free.accountId)).toMatchObject({ free_search_used: false, credits_remaining: 100 });
    expect(createSearch(sim, "demo-free").status).toBe(202);
  });

  test("completed jobs cannot be failed and keep their charge", () => {
    const { sim, clock } = newSim();
    const id = createSearch(sim).body.job_id;
    clock.advance(600_000);
    expect(() => sim.failJob(id)).toThrow();
    expect(credits(sim, GROWTH)).toBe(9900);
  });
});

describe("enrichment jobs", () => {
  test("start in enriching with every supplied business readable at once, then fill in and complete", () => {
    const { sim, clock } = newSim();
    const supplied = suppliedBusinesses(30);
    const id = createEnrichment(sim, "demo-growth", 30).body.job_id;
    const first = call<ResultsJson>(sim, "GET", `/enrichments/${id}/results`).body;
    expect(first.status).toBe("enriching");
    expect(first.total).toBe(30);
    expect(first.items.map((item) => [item.title, item["website"]])).toEqual(supplied.map((b) => [b.business_name, b.website_url]));
    expect(first.items.every((item) => item.enrichment_status === "pending" && item.emails.length === 0)).toBe(true);
    expect(first.items[0]?.search_id).toBe(id);
    expect(job(sim, id, "enrichments").enriched_count).toBe(0);
    clock.advance(TIMING.enrichmentStartMs + 1_000);
    const mid = job(sim, id, "enrichments");
    expect(mid.status).toBe("enriching");
    expect(mid.enriched_count).toBe(11);
    const { statuses, final } = pollStatuses(sim, clock, id, 1_000, "enrichments");
    expect(statuses).toEqual(["enriching", "completed"]);
    expect(final.enriched_count).toBe(30);
    const done = call<ResultsJson>(sim, "GET", `/enrichments/${id}/results`).body.items;
    expect(done.filter((item) => item.enrichment_status === "completed").length).toBeGreaterThan(20);
    expect(done.some((item) => item.emails.length > 0 && Object.keys(item.email_verifications).length > 0)).toBe(true);
    expect(done.some((item) => typeof item["phone"] === "string" && (item["phone"] as string).startsWith("+"))).toBe(true);
  });
});
