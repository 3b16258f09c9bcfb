// A place is a place: in every run of the same search (query and location), the business found at
// one maps_url has the same name, address, category and website (hostile ones too); only what the
// job read about it may differ (contacts, reviews), and its business id is new in every job. A
// re-run finds most places again, at the same positions, and a few new ones instead of a few it no
// longer finds; the same search in another account finds the same places.
import { PLACE_TURNOVER, placeAt, searchKeyOf } from "../../../dev/simulator/places";
import type { Simulator } from "../../../dev/simulator/simulator";
import { call, createSearch, newSim, type BusinessJson, type ResultsJson } from "./helpers";
import type { VirtualClock } from "../../../dev/clock";

const IDENTITY = ["title", "address", "category", "website"] as const;

function run(sim: Simulator, clock: VirtualClock, key: string, input: Record<string, unknown> = {}): BusinessJson[] {
  const created = createSearch(sim, key, { maxResults: 200, ...input });
  expect(created.status).toBe(202);
  clock.advance(600_000);
  const items = call<ResultsJson>(sim, "GET", `/searches/${created.body.job_id}/results?page_size=500`, { key }).body.items;
  expect(items).toHaveLength(200);
  return items;
}

const byMapsUrl = (items: readonly BusinessJson[]) => new Map(items.map((b) => [String(b["maps_url"]), b]));
const identity = (b: BusinessJson | undefined) => (b === undefined ? undefined : IDENTITY.map((field) => b[field]));

describe("the same search run again", () => {
  const { sim, clock } = newSim({ seed: 23 });
  let runs: BusinessJson[][] = [];
  beforeAll(() => {
    runs = Array.from({ length: 6 }, () => run(sim, clock, "demo-growth"));
  });

  it("shows each place it finds again with the same name, address, category and website, under a new id", () => {
    const first = byMapsUrl(runs[0] ?? []);
    let compared = 0;
    for (const later of runs.slice(1)) {
      for (const business of later) {
        const before = first.get(String(business["maps_url"]));
        if (before === undefined) continue;
        compared += 1;
        expect([business["maps_url"], identity(business)]).toEqual([business["maps_url"], identity(before)]);
        expect(business.id).not.toBe(before.id);
        expect(business.position).toBe(before.position);
      }
    }
    expect(compared).toBeGreaterThan(5 * 150);
  });

  it("finds most places again: each re-run a few new ones instead of a few it no longer finds", () => {
    for (let i = 1; i < runs.length; i += 1) {
      const before = byMapsUrl(runs[i - 1] ?? []);
      const now = byMapsUrl(runs[i] ?? []);
      const fresh = (runs[i] ?? []).filter((b) => !before.has(String(b["maps_url"])));
      const gone = (runs[i - 1] ?? []).filter((b) => !now.has(String(b["maps_url"])));
      // As many gone as new: a new place takes the rank of one no longer found.
      expect(gone.map((b) => b.position)).toEqual(fresh.map((b) => b.position));
      expect(fresh.length).toBeLessThanOrEqual(200 * PLACE_TURNOVER * 3);
      expect(new Set(runs[i]?.map((b) => b["maps_url"])).size).toBe(200);
    }
    const changes = runs.slice(1).map((items, i) => items.filter((b) => !byMapsUrl(runs[i] ?? []).has(String(b["maps_url"]))).length);
    expect(changes.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(changes.every((n) => n < 200 * 0.1)).toBe(true);
  });

  it("reads what drifts anew in each run: reviews, contacts", () => {
    const first = byMapsUrl(runs[0] ?? []);
    const again = (runs[1] ?? []).filter((b) => first.has(String(b["maps_url"])));
    const differs = (field: string) =>
      again.filter((b) => JSON.stringify(b[field]) !== JSON.stringify(first.get(String(b["maps_url"]))?.[field])).length;
    expect(differs("review_count")).toBeGreaterThan(again.length / 2);
    expect(differs("emails")).toBeGreaterThan(0);
    expect(again.every((b) => (b["review_count"] as number) >= (first.get(String(b["maps_url"]))?.["review_count"] as number) - 12)).toBe(
      true,
    );
  });

  it("finds the same places for another account's first run; another query or city finds others", () => {
    const { apiKey } = sim.createAccount({ plan: "growth", credits: 5000 });
    const elsewhere = run(sim, clock, apiKey);
    expect(elsewhere.map((b) => [b["maps_url"], ...(identity(b) ?? [])])).toEqual(
      (runs[0] ?? []).map((b) => [b["maps_url"], ...(identity(b) ?? [])]),
    );
    const other = byMapsUrl(runs[0] ?? []);
    // The provider's key is the query as typed in any case and spacing.
    expect(run(sim, clock, apiKey, { query: "  PLUMBERS " }).map((b) => b["maps_url"])).toEqual((runs[1] ?? []).map((b) => b["maps_url"]));
    expect(run(sim, clock, apiKey, { query: "florists" }).filter((b) => other.has(String(b["maps_url"])))).toEqual([]);
    expect(run(sim, clock, apiKey, { location: "Denver, Colorado, US" }).filter((b) => other.has(String(b["maps_url"])))).toEqual([]);
  });
});

describe("placeAt", () => {
  it("keeps a rank's place until it changes hands, about once in 1 / PLACE_TURNOVER runs, and never goes back", () => {
    const key = searchKeyOf("coffee", "Austin, Texas, US");
    let changes = 0;
    for (let rank = 0; rank < 500; rank += 1) {
      let previous = placeAt(5, key, rank, 0).generation;
      expect(previous).toBe(0);
      for (let runNumber = 1; runNumber <= 20; runNumber += 1) {
        const generation = placeAt(5, key, rank, runNumber).generation;
        expect(generation).toBeGreaterThanOrEqual(previous);
        changes += generation - previous;
        previous = generation;
      }
    }
    // 500 ranks × 20 runs × 4 %: 400 expected.
    expect(changes).toBeGreaterThan(300);
    expect(changes).toBeLessThan(500);
    expect(placeAt(5, key, 7, 13)).toEqual(placeAt(5, key, 7, 13));
  });
});
