// This file tests reading: results paging, job lists (newest first, filtering, paging), the three
// business shapes, and GET /businesses/{id}.
import { DEMO_KEYS } from "../../../dev/simulator/demo";
import {
  call,
  createEnrichment,
  createSearch,
  newSim,
  type BusinessJson,
  type DetailJson,
  type ListJson,
  type ResultsJson,
} from "./helpers";

const SEARCH_FIELDS = [
  "id",
  "search_id",
  "position",
  "rank",
  "title",
  "category",
  "categories",
  "address",
  "city",
  "country_code",
  "phone",
  "website",
  "rating",
  "review_count",
  "business_status",
  "maps_url",
  "owner_name",
  "owner_names",
  "decision_maker_names",
  "emails",
  "owner_emails",
  "decision_maker_emails",
  "email_verification_status",
  "email_verifications",
  "socials",
  "additional_phones",
  "phone_types",
  "enrichment_status",
  "owner_enrichment_status",
  "key_contacts",
].sort();
const ENRICHMENT_FIELDS = [
  "id",
  "search_id",
  "position",
  "rank",
  "title",
  "website",
  "phone",
  "additional_phones",
  "phone_types",
  "owner_names",
  "decision_maker_names",
  "emails",
  "owner_emails",
  "decision_maker_emails",
  "email_verification_status",
  "email_verifications",
  "socials",
  "enrichment_status",
  "owner_enrichment_status",
  "key_contacts",
].sort();
const SINGLE_FIELDS = [
  "id",
  "search_id",
  "position",
  "title",
  "category",
  "address",
  "phone",
  "website",
  "rating",
  "review_count",
  "owner_names",
  "decision_maker_names",
  "emails",
  "owner_emails",
  "decision_maker_emails",
  "email_verification_status",
  "additional_phones",
  "socials",
].sort();

/** Spec fields only: extra `x_` fields are the deliberate "unknown field" share. */
function specKeys(item: Record<string, unknown>): string[] {
  return Object.keys(item)
    .filter((key) => !key.startsWith("x_"))
    .sort();
}

describe("results paging", () => {
  test("page/page_size/has_more math over 250 results", () => {
    const { sim, clock } = newSim();
    const id = createSearch(sim, "demo-growth", { maxResults: 250 }).body.job_id;
    clock.advance(600_000);
    const pages = [1, 2, 3, 4].map((page) => call<ResultsJson>(sim, "GET", `/searches/${id}/results?page=${page}&page_size=100`).body);
    expect(pages.map((p) => p.items.length)).toEqual([100, 100, 50, 0]);
    expect(pages.map((p) => p.has_more)).toEqual([true, true, false, false]);
    expect(pages.every((p) => p.total === 250 && p.page_size === 100 && p.job_id === id && p.status === "completed")).toBe(true);
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3, 4]);
    const positions = pages.flatMap((p) => p.items.map((item) => item.position));
    expect(positions).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    const ids = new Set(pages.flatMap((p) => p.items.map((item) => item.id)));
    expect(ids.size).toBe(250);
    const all = call<ResultsJson>(sim, "GET", `/searches/${id}/results?page_size=500`).body;
    expect(all.items).toHaveLength(250);
    expect(all.has_more).toBe(false);
    const defaults = call<ResultsJson>(sim, "GET", `/searches/${id}/results`).body;
    expect(defaults).toMatchObject({ page: 1, page_size: 100, has_more: true });
  });

  test.each([
    ["page=0", "page"],
    ["page=abc", "page"],
    ["page=1.5", "page"],
    ["page_size=0", "page_size"],
    ["page_size=501", "page_size"],
    ["page_size=-3", "page_size"],
  ])("results with %s is 422", (query, field) => {
    const { sim } = newSim();
    const id = createSearch(sim).body.job_id;
    const res = call<DetailJson>(sim, "GET", `/searches/${id}/results?${query}`);
    expect(res.status).toBe(422);
    expect(res.body.detail.startsWith(`${field}:`)).toBe(true);
  });
});

describe("job lists", () => {
  test("GET /searches: API searches only, newest first, total, paging 1..100", () => {
    const { sim, clock } = newSim();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(createSearch(sim, "demo-growth", { query: `query ${i}` }).body.job_id);
      clock.advance(1_000);
    }
    createEnrichment(sim);
    const list = call<ListJson>(sim, "GET", "/searches").body;
    expect(list.total).toBe(5); // the seeded dashboard search and the enrichment are excluded
    expect(list.items.map((j) => j.id)).toEqual([...ids].reverse());
    expect(list.items.every((j) => j.origin === "api")).toBe(true);
    const page2 = call<ListJson>(sim, "GET", "/searches?page=2&page_size=2").body;
    expect(page2.items.map((j) => j.id)).toEqual([ids[2], ids[1]]);
    expect(page2.total).toBe(5);
    expect(Object.keys(page2).sort()).toEqual(["items", "total"]);
    expect(call(sim, "GET", "/searches?page_size=101").status).toBe(422);
    expect(call(sim, "GET", "/searches?page_size=0").status).toBe(422);
    expect(call(sim, "GET", "/searches?page=0").status).toBe(422);
    expect(call(sim, "GET", "/searches?page_size=100").status).toBe(200);
  });

  test("newest first holds even when creation times tie", () => {
    const { sim } = newSim();
    const a = createSearch(sim).body.job_id;
    const b = createSearch(sim).body.job_id;
    expect(call<ListJson>(sim, "GET", "/searches").body.items.map((j) => j.id)).toEqual([b, a]);
  });

  test("GET /enrichments lists enrichment jobs only, with the default page size 20", () => {
    const { sim } = newSim();
    createSearch(sim);
    const ids = Array.from({ length: 22 }, () => createEnrichment(sim, "demo-growth", 1).body.job_id);
    const list = call<ListJson>(sim, "GET", "/enrichments").body;
    expect(list.total).toBe(22);
    expect(list.items).toHaveLength(20);
    expect(list.items[0]?.id).toBe(ids[21]);
    expect(list.items.every((j) => j.source === "provided")).toBe(true);
    expect(call<ListJson>(sim, "GET", "/enrichments?page=2").body.items).toHaveLength(2);
  });

  test("job objects carry every Job field", () => {
    const { sim } = newSim();
    createSearch(sim);
    const item = call<ListJson>(sim, "GET", "/searches").body.items[0];
    expect(Object.keys(item ?? {}).sort()).toEqual(
      [
        "id",
        "name",
        "status",
        "actor_input",
        "source",
        "origin",
        "run_id",
        "error",
        "lead_count",
        "credits_charged",
        "enrich_contacts",
        "enriched_count",
        "delete_requested",
        "created_at",
        "finished_at",
      ].sort(),
    );
    expect(item?.delete_requested).toBe(false);
    expect(item?.created_at).toBe("2026-11-21T09:00:00.000Z");
  });
});

describe("business shapes", () => {
  test("search results carry the search-result shape; socials have all five keys", () => {
    const { sim, clock } = newSim();
    const id = createSearch(sim).body.job_id;
    clock.advance(600_000);
    const items = call<ResultsJson>(sim, "GET", `/searches/${id}/results`).body.items;
    for (const item of items) expect(specKeys(item)).toEqual(SEARCH_FIELDS);
    expect(Object.keys(items[0]?.socials ?? {}).sort()).toEqual(["facebooks", "instagrams", "linkedIns", "yelps", "youtubes"]);
    expect(items.some((item) => specKeys(item).length !== Object.keys(item).length)).toBe(true); // extra fields exist
  });

  test("enrichment results carry the enrichment shape; socials have three keys", () => {
    const { sim, clock } = newSim();
    const id = createEnrichment(sim, "demo-growth", 12).body.job_id;
    clock.advance(60_000);
    const items = call<ResultsJson>(sim, "GET", `/enrichments/${id}/results`).body.items;
    for (const item of items) {
      expect(specKeys(item)).toEqual(ENRICHMENT_FIELDS);
      expect(Object.keys(item.socials).sort()).toEqual(["facebooks", "instagrams", "linkedIns"]);
    }
  });

  test("GET /businesses/{id}: exactly the listed fields, no rank, same values as the result item", () => {
    const { sim, clock } = newSim();
    const search = createSearch(sim).body.job_id;
    const enrichment = createEnrichment(sim, "demo-growth", 3).body.job_id;
    clock.advance(600_000);
    const item = call<ResultsJson>(sim, "GET", `/searches/${search}/results`).body.items[0];
    const single = call<BusinessJson>(sim, "GET", `/businesses/${item?.id ?? ""}`);
    expect(single.status).toBe(200);
    expect(specKeys(single.body)).toEqual(SINGLE_FIELDS);
    expect(single.body["rank"]).toBeUndefined();
    for (const field of SINGLE_FIELDS) expect(single.body[field]).toEqual(item?.[field]);
    const enriched = call<ResultsJson>(sim, "GET", `/enrichments/${enrichment}/results`).body.items[0];
    const singleEnriched = call<BusinessJson>(sim, "GET", `/businesses/${enriched?.id ?? ""}`).body;
    expect(specKeys(singleEnriched)).toEqual(SINGLE_FIELDS);
    expect(singleEnriched.search_id).toBe(enrichment);
  });

  test("a business not imported yet is 404; a dashboard job's business is readable", () => {
    const { sim, clock } = newSim();
    const id = createSearch(sim).body.job_id;
    clock.advance(5_000 + 1_050); // ten imported
    const items = call<ResultsJson>(sim, "GET", `/searches/${id}/results`).body.items;
    expect(items).toHaveLength(10);
    const dashboardJob = sim.jobIds(DEMO_KEYS.growth.accountId)[0] ?? "";
    expect(sim.job(dashboardJob)["origin"]).toBe("dashboard");
    expect(call(sim, "GET", `/searches/${dashboardJob}`).status).toBe(200);
  });
});
