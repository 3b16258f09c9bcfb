// This file tests the generated data: determinism from the seed, realistic values, and the fixed
// share of hostile values (formulas, leading signs, zeros, unicode, long text, unknown enums…).
import { HOSTILE_EVERY, HOSTILE_VARIANTS, hostileVariantAt } from "../../../dev/simulator/data";
import { zipPrefix } from "../../../dev/simulator/zip-codes";
import { areaCodesOf } from "../../../dev/simulator/area-codes";
import type { Simulator } from "../../../dev/simulator/simulator";
import { call, createEnrichment, createSearch, newSim, UUID_RE, type BusinessJson, type ResultsJson } from "./helpers";

function finishedResults(
  sim: Simulator,
  advance: (ms: number) => void,
  maxResults = 100,
  query?: string,
): { jobId: string; items: BusinessJson[] } {
  const jobId = createSearch(sim, "demo-growth", query === undefined ? { maxResults } : { maxResults, query }).body.job_id;
  advance(600_000);
  return { jobId, items: call<ResultsJson>(sim, "GET", `/searches/${jobId}/results?page_size=500`).body.items };
}

describe("determinism", () => {
  test("the same seed gives the same job ids and the same data", () => {
    const a = newSim({ seed: 99 });
    const b = newSim({ seed: 99 });
    const ra = finishedResults(a.sim, (ms) => a.clock.advance(ms));
    const rb = finishedResults(b.sim, (ms) => b.clock.advance(ms));
    expect(ra.jobId).toBe(rb.jobId);
    expect(ra.items).toEqual(rb.items);
    const c = newSim({ seed: 100 });
    const rc = finishedResults(c.sim, (ms) => c.clock.advance(ms));
    expect(rc.jobId).not.toBe(ra.jobId);
    expect(rc.items.map((i) => i["phone"])).not.toEqual(ra.items.map((i) => i["phone"]));
  });

  test("ids are UUIDs, unique, and stable across reads", () => {
    const { sim, clock } = newSim();
    const { jobId, items } = finishedResults(sim, (ms) => clock.advance(ms), 300);
    expect(jobId).toMatch(UUID_RE);
    expect(items.every((i) => UUID_RE.test(i.id))).toBe(true);
    expect(new Set(items.map((i) => i.id)).size).toBe(300);
    const again = call<ResultsJson>(sim, "GET", `/searches/${jobId}/results?page=2&page_size=100`).body.items;
    expect(again.map((i) => i.id)).toEqual(items.slice(100, 200).map((i) => i.id));
  });
});

describe("realistic values", () => {
  test("phones are international, websites absolute, emails plausible, ratings in range", () => {
    const { sim, clock } = newSim();
    const { items } = finishedResults(sim, (ms) => clock.advance(ms));
    const ordinary = items.filter((i) => hostileVariantAt(i.position) === undefined);
    expect(ordinary.every((i) => /^\+\d{1,3} [\d -]+$/.test(String(i["phone"])))).toBe(true);
    expect(
      ordinary.filter((i) => i["website"] !== "").every((i) => /^https:\/\/www\.[a-z0-9-]+\.[a-z.]+\/$/.test(String(i["website"]))),
    ).toBe(true);
    expect(items.flatMap((i) => i.emails).every((e) => /^[^@\s]+@[^@\s]+\.[a-z.]+$/.test(e))).toBe(true);
    expect(items.every((i) => typeof i["rating"] === "number" && (i["rating"] as number) >= 1 && (i["rating"] as number) <= 5)).toBe(true);
    expect(items.every((i) => i["city"] === "Austin" && i["country_code"] === "US")).toBe(true);
    expect(items.every((i) => String(i["maps_url"]).startsWith("https://www.google.com/maps/"))).toBe(true);
  });
});

describe("the playground's realistic data (hostile: false)", () => {
  test("a coffee search reads like a city's coffee shops: varied names and categories, owners, socials, verification results", () => {
    const { sim, clock } = newSim({ hostile: false });
    const { items } = finishedResults(sim, (ms) => clock.advance(ms), 100, "coffee");
    const titles = items.map((i) => i.title);
    expect(new Set(titles).size).toBeGreaterThan(40);
    expect(titles.every((t) => /^[\p{L}\p{N} &'.,–-]+$/u.test(t) && t.length < 60)).toBe(true);
    expect(new Set(items.map((i) => i["category"])).size).toBeGreaterThanOrEqual(3);
    expect(items.every((i) => ["Coffee shop", "Cafe", "Espresso bar", "Coffee roasters"].includes(String(i["category"])))).toBe(true);
    expect(items.every((i) => Array.isArray(i["owner_names"]) && (i["owner_names"] as unknown[]).length === 1)).toBe(true);
    expect(
      items.filter((i) => ((i["socials"] as { facebooks?: unknown[] } | undefined)?.facebooks ?? []).length > 0).length,
    ).toBeGreaterThan(30);
    const results = new Set(
      items.flatMap((i) => Object.values((i["email_verifications"] ?? {}) as Record<string, { result: string }>).map((v) => v.result)),
    );
    expect(results).toEqual(new Set(["deliverable", "accept_all", "undeliverable", "unknown"]));
    // No hostile overlay: no formula-like, signed, numeric or oversized titles; no unknown enums or extras.
    expect(titles.some((t) => /^[=+\-@']/.test(t) || t === "TRUE" || t.length > 100)).toBe(false);
    expect(items.some((i) => i["business_status"] === "CLOSED_TEMPORARILY_UNKNOWN" || i["x_score"] !== undefined)).toBe(false);
  });
});

describe("hostile values", () => {
  test("every 5th position is hostile, in a fixed order, and a 100-result job holds every variant", () => {
    expect(HOSTILE_EVERY).toBe(5);
    expect(hostileVariantAt(4)).toBeUndefined();
    expect(hostileVariantAt(5)?.name).toBe(HOSTILE_VARIANTS[0]?.name);
    expect(HOSTILE_VARIANTS.length * HOSTILE_EVERY).toBeLessThanOrEqual(100);
  });

  test("the search results contain the hostile titles, numbers, unicode, long text, enums, extras and key contacts", () => {
    const { sim, clock } = newSim();
    const { items } = finishedResults(sim, (ms) => clock.advance(ms));
    const titles = items.map((i) => i.title);
    for (const expected of [
      `=HYPERLINK("http://x","y")`,
      "+1 Plumbing",
      "-20% Deals",
      "@Home Care",
      "1/2 Price Pizza",
      "TRUE",
      "12%",
      "'Quoted Name Bakery",
      "2024-01-05",
    ]) {
      expect(titles).toContain(expected);
    }
    expect(titles.some((t) => /[éü]/.test(t))).toBe(true);
    expect(titles.some((t) => /[\u4e00-\u9fff\u3040-\u30ff]/.test(t) && /\p{Extended_Pictographic}/u.test(t))).toBe(true);
    expect(titles.some((t) => /[\u0600-\u06ff]/.test(t))).toBe(true);
    expect(titles.some((t) => t.length > 2000)).toBe(true);
    expect(items.some((i) => i["phone"] === "+1 512-555-0100")).toBe(true);
    expect(items.some((i) => String(i["address"]).startsWith("0042 Main St") && String(i["address"]).endsWith("02134"))).toBe(true);
    const odd = items.find((i) => i["business_status"] === "CLOSED_TEMPORARILY_UNKNOWN");
    expect(odd?.email_verification_status).toBe("risky");
    expect(odd?.enrichment_status).toBe("partial");
    expect(items.some((i) => i["x_score"] === 0.87)).toBe(true);
    const contacts = items.map((i) => i["key_contacts"]).find((k) => Array.isArray(k) && k.length > 0);
    expect(contacts).toEqual(expect.arrayContaining([expect.objectContaining({ name: expect.any(String) })]));
    // Hostile values are the fixed share, not the majority.
    expect(items.filter((i) => hostileVariantAt(i.position) !== undefined)).toHaveLength(20);
  });

  test("unknown enums appear only once the business's enrichment completes", () => {
    const { sim, clock } = newSim();
    const id = createSearch(sim).body.job_id;
    clock.advance(5_000 + 10_000 + 3_000 + 100); // enrichment just started
    const items = call<ResultsJson>(sim, "GET", `/searches/${id}/results`).body.items;
    expect(items.some((i) => i.enrichment_status === "partial" || i.email_verification_status === "risky")).toBe(false);
  });

  test("enrichment jobs keep the caller's titles and websites; hostile extras still appear", () => {
    const { sim, clock } = newSim();
    const id = createEnrichment(sim, "demo-growth", 100).body.job_id;
    clock.advance(600_000);
    const items = call<ResultsJson>(sim, "GET", `/enrichments/${id}/results`).body.items;
    expect(items.map((i) => i.title)).toEqual(Array.from({ length: 100 }, (_, n) => `Supplied Shop ${n + 1}`));
    expect(items.some((i) => i["x_score"] === 0.87)).toBe(true);
    expect(items.some((i) => i.enrichment_status === "partial")).toBe(true);
  });
});

describe("addresses a sales person believes", () => {
  test("a US address's ZIP code starts with its city's own prefix (Austin 787, Dallas 752), another city's with its state's", () => {
    const { sim, clock } = newSim();
    for (const location of ["Austin, Texas, US", "Dallas, Texas, US", "Denver, Colorado, US"]) {
      const jobId = createSearch(sim, "demo-growth", { location, maxResults: 100 }).body.job_id;
      clock.advance(600_000);
      const items = call<ResultsJson>(sim, "GET", `/searches/${jobId}/results?page_size=500`).body.items;
      // Each address names its own city (a metro's search finds its neighbours' too); the hostile "0042 Main St, …, 02134" aside.
      const parsed = items
        .map((i) => /, ([^,]+), ([^,]+) (\d{5})$/.exec(String(i["address"] ?? "")))
        .filter((m): m is RegExpExecArray => m !== null);
      expect(parsed.length).toBeGreaterThan(50);
      expect(parsed.filter(([, city = "", region = "", zip = ""]) => !zip.startsWith(zipPrefix(city, region) ?? "none"))).toEqual([]);
      const home = location.split(", ")[0] ?? "";
      expect(parsed.filter(([, city]) => city === home).length).toBeGreaterThan(0);
    }
    expect([
      zipPrefix("Austin", "Texas"),
      zipPrefix("Dallas", "Texas"),
      zipPrefix("Denver", "Colorado"),
      zipPrefix("Springfield", "Illinois"),
    ]).toEqual(["787", "752", "802", "627"]);
    expect(zipPrefix("Round Rock", "Texas")).toMatch(/^7[5-9]\d$/);
    expect(zipPrefix("Zürich", "Zürich")).toBeNull();
  });

  test("a phone's area code is one of its city's own (Austin 512/737, Dallas 214/469/972, Fort Worth 817/682)", () => {
    const { sim, clock } = newSim();
    for (const [location, codes] of [
      ["Austin, Texas, US", ["512", "737"]],
      ["Dallas, Texas, US", ["214", "469", "972"]],
      ["Fort Worth, Texas, US", ["817", "682"]],
      ["Denver, Colorado, US", ["303", "720"]],
    ] as const) {
      const jobId = createSearch(sim, "demo-growth", { location, maxResults: 100 }).body.job_id;
      clock.advance(600_000);
      const items = call<ResultsJson>(sim, "GET", `/searches/${jobId}/results?page_size=500`).body.items;
      // The phone of a business of the searched city itself (a metro's search
      // finds its neighbours' too); the hostile "+1 512-555-0100" aside.
      const home = location.split(", ")[0] ?? "";
      const phones = items
        .filter((i) => new RegExp(`, ${home}, `).test(String(i["address"] ?? "")) && i["phone"] !== "+1 512-555-0100")
        .map((i) => /^\+1 (\d{3})-555-\d{4}$/.exec(String(i["phone"] ?? ""))?.[1])
        .filter((code): code is string => code !== undefined);
      expect(phones.length).toBeGreaterThan(20);
      expect(phones.filter((code) => !(codes as readonly string[]).includes(code))).toEqual([]);
      expect(new Set(phones).size).toBe(codes.length);
    }
    expect(areaCodesOf("Round Rock", "Texas")).toContain(512);
    expect(areaCodesOf("Nowhere", "Nowhere").length).toBeGreaterThan(50);
  });
});
