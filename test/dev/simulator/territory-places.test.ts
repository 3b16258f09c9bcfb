// Territories are real in the simulator: the searches of two neighbouring places of a metro (same
// query) share half of their lists between them and their other neighbours, each shared business the
// same (Maps URL, name, address, phone, owner, and the contacts of an own reading) in both lists at the
// same rank; places in no metro, other metros or other queries share nothing; re-runs keep the shared
// places shared, with the same turnover as a search's own places.
import { CATALOG, findByLabel, type CatalogEntry } from "../../../dev/simulator/catalog";
import { contactReadingAt, generateBusiness, hostileVariantAt, type BusinessTruth } from "../../../dev/simulator/data";
import { METROS, SHARE_LANES, metroOf, neighboursOf, shareLane } from "../../../dev/simulator/metros";
import { PLACE_TURNOVER, SHARED_RANKS_OF_TEN, placeFoundAt, placeIdOf } from "../../../dev/simulator/places";
import type { Simulator } from "../../../dev/simulator/simulator";
import type { VirtualClock } from "../../../dev/clock";
import { call, createSearch, newSim, type BusinessJson, type ResultsJson } from "./helpers";

const TEXAS = (name: string): CatalogEntry => {
  const entry = findByLabel(`${name}, Texas, US`);
  if (entry === undefined) throw new Error(`${name} is not in the catalog`);
  return entry;
};
const DFW = METROS.find((m) => m.name === "Dallas–Fort Worth");

/** The first `n` businesses of run `run` of a search, as generated (job `job`), hostile values on. */
function list(
  query: string,
  location: CatalogEntry,
  n: number,
  run = 0,
  job = `${query}@${location.label}#${run}`,
  seed = 7,
): BusinessTruth[] {
  return Array.from({ length: n }, (_, i) => generateBusiness(seed, job, i + 1, `id-${i}`, { kind: "search", query, location, run }));
}

const urls = (items: readonly { mapsUrl: string }[]) => new Set(items.map((b) => b.mapsUrl));
const common = <T extends { mapsUrl: string }>(a: readonly T[], b: readonly { mapsUrl: string }[]): T[] => {
  const inB = urls(b);
  return a.filter((x) => inB.has(x.mapsUrl));
};

describe("the metros of the catalog", () => {
  it("has a Dallas–Fort Worth ring of 40+ real places, the ones a sales team names", () => {
    expect(DFW?.places.length).toBeGreaterThanOrEqual(40);
    const names = DFW?.places.map((p) => p.name) ?? [];
    for (const name of [
      "Dallas",
      "Fort Worth",
      "Arlington",
      "Plano",
      "Irving",
      "Garland",
      "Frisco",
      "McKinney",
      "Grand Prairie",
      "Mesquite",
      "Carrollton",
      "Denton",
      "Richardson",
      "Lewisville",
      "Allen",
      "Flower Mound",
      "Euless",
      "Bedford",
      "Grapevine",
      "Keller",
      "Coppell",
      "Rowlett",
      "Wylie",
      "Mansfield",
      "Cedar Hill",
      "DeSoto",
      "Duncanville",
      "Lancaster",
      "Rockwall",
      "Sachse",
      "Little Elm",
      "The Colony",
      "Prosper",
      "Southlake",
      "Colleyville",
      "Hurst",
      "North Richland Hills",
      "Haltom City",
      "Burleson",
      "Addison",
      "Farmers Branch",
      "University Park",
    ]) {
      expect([name, names.includes(name)]).toEqual([name, true]);
    }
    expect(METROS.length).toBeGreaterThanOrEqual(3);
  });

  it("gives each metro place four distinct neighbours of its metro, one per lane, each pointing back across the same edge", () => {
    const seen = new Set<string>();
    for (const metro of METROS) {
      for (const place of metro.places) {
        expect(seen.has(place.label)).toBe(false);
        seen.add(place.label);
        expect(metroOf(place.label)).toBe(metro);
        const neighbours = neighboursOf(place.label);
        expect(new Set(neighbours.map((n) => n.label)).size).toBe(SHARE_LANES);
        for (let lane = 0; lane < SHARE_LANES; lane += 1) {
          const mine = shareLane(place.label, lane);
          const theirs = mine === undefined ? undefined : shareLane(mine.neighbour.label, lane);
          expect(mine?.neighbour.label).not.toBe(place.label);
          expect(metroOf(mine?.neighbour.label ?? "")).toBe(metro);
          expect([theirs?.neighbour.label, theirs?.edge]).toEqual([place.label, mine?.edge]);
        }
      }
    }
  });

  it("leaves Austin, the tests' default city, and most of the catalog outside every metro", () => {
    for (const label of ["Austin, Texas, US", "Denver, Colorado, US", "Paris, Île-de-France, FR", "El Paso, Texas, US"]) {
      expect([label, metroOf(label), neighboursOf(label)]).toEqual([label, undefined, []]);
    }
    expect(CATALOG.filter((c) => metroOf(c.label) !== undefined).length).toBeLessThan(CATALOG.length / 4);
  });
});

describe("the lists of neighbouring places", () => {
  const plano = TEXAS("Plano");
  const neighbours = neighboursOf(plano.label);

  it("holds half shared places, at fixed ranks of each ten that are never hostile, each listed by one neighbour at the same rank", () => {
    const n = 700;
    const shared = Array.from({ length: n }, (_, rank) => placeFoundAt(7, "dentists", plano, rank, 0)).filter(
      (p) => p.sharedWith !== undefined,
    );
    expect(shared).toHaveLength(n / 2);
    for (let rank = 0; rank < n; rank += 1) {
      const place = placeFoundAt(7, "dentists", plano, rank, 0);
      expect([rank, place.sharedWith !== undefined]).toEqual([rank, SHARED_RANKS_OF_TEN.includes(rank % 10)]);
      if (place.sharedWith === undefined) continue;
      expect(hostileVariantAt(rank + 1)).toBeUndefined();
      const there = placeFoundAt(7, "dentists", place.sharedWith, rank, 0);
      expect([placeIdOf(there), there.sharedWith?.label, there.home.label]).toEqual([placeIdOf(place), plano.label, place.home.label]);
    }
    // Each neighbour holds a quarter of the shared places.
    for (const neighbour of neighbours) {
      expect(shared.filter((p) => p.sharedWith === neighbour).length).toBeGreaterThanOrEqual(87);
    }
  });

  it(
    "finds each shared business with the same Maps URL, name, address, phone, owner and, " +
      "where both readings are the place's own, the same contacts",
    () => {
      const richardson = TEXAS("Richardson");
      expect(neighbours).toContain(richardson);
      const here = list("dentists", plano, 200, 0, "job-plano");
      const there = list("dentists", richardson, 200, 0, "job-richardson");
      const both = common(here, there);
      // 100 shared ranks in 200, a quarter of them with each of the four neighbours.
      expect(both).toHaveLength(25);
      const thereByUrl = new Map(there.map((b) => [b.mapsUrl, b]));
      const identity = (b: BusinessTruth | undefined) =>
        b === undefined
          ? undefined
          : [
              b.position,
              b.title,
              b.address,
              b.city,
              b.category,
              b.categories,
              b.website,
              b.phone,
              b.businessStatus,
              b.ownerNames,
              b.countryCode,
            ];
      const contacts = (b: BusinessTruth | undefined) =>
        b === undefined
          ? undefined
          : [
              b.emails,
              b.ownerEmails,
              b.decisionMakerNames,
              b.decisionMakerEmails,
              b.verifications,
              b.socials,
              b.additionalPhones,
              b.phoneTypes,
            ];
      let ownReadings = 0;
      for (const business of both) {
        const other = thereByUrl.get(business.mapsUrl);
        expect(identity(other)).toEqual(identity(business));
        expect(["Plano", "Richardson"]).toContain(business.city);
        if (
          contactReadingAt(7, "job-plano", business.position) === "own" &&
          contactReadingAt(7, "job-richardson", business.position) === "own"
        ) {
          ownReadings += 1;
          expect(contacts(other)).toEqual(contacts(business));
        }
      }
      expect(ownReadings).toBeGreaterThan(15);
      expect(new Set(both.map((b) => b.city)).size).toBe(2);
      // Plano's shared half is spread over its four neighbours; its own half is found by no one else.
      const union = new Set(neighbours.flatMap((neighbour) => common(here, list("dentists", neighbour, 200)).map((b) => b.mapsUrl)));
      expect(union.size).toBe(100);
      expect(here.filter((b) => !union.has(b.mapsUrl)).every((b) => b.city === "Plano")).toBe(true);
    },
  );

  it("shares nothing with a metro place that is not a neighbour, another metro, a place in no metro, or another query", () => {
    const here = list("dentists", plano, 300);
    expect(neighbours).not.toContain(TEXAS("Fort Worth"));
    for (const elsewhere of [TEXAS("Fort Worth"), TEXAS("Burleson"), TEXAS("Houston"), TEXAS("Austin"), TEXAS("El Paso")]) {
      expect([elsewhere.name, common(here, list("dentists", elsewhere, 300)).length]).toEqual([elsewhere.name, 0]);
    }
    for (const neighbour of [plano, ...neighbours]) {
      expect([neighbour.name, common(here, list("orthodontists", neighbour, 300)).length]).toEqual([neighbour.name, 0]);
    }
    const austin = list("plumbers", TEXAS("Austin"), 300);
    expect(austin.every((b) => b.city === "Austin")).toBe(true);
    expect(common(austin, list("plumbers", TEXAS("San Antonio"), 300))).toEqual([]);
  });

  it("makes 40 neighbouring places × 700 results a territory with about half of its results found twice", () => {
    const places = DFW?.places.slice(0, 40) ?? [];
    expect(places).toHaveLength(40);
    const found = new Map<string, number>();
    for (const place of places) {
      for (const business of list("dentists", place, 700)) found.set(business.mapsUrl, (found.get(business.mapsUrl) ?? 0) + 1);
    }
    const twice = [...found.values()].filter((n) => n === 2).length;
    // 40 × 350 own places; 40 × 350 shared results, each found twice except across the 6 ring edges
    // that leave the 40 (to the 4 places of the ring not taken): 6 edges × about 87 ranks.
    expect(Math.max(...found.values())).toBe(2);
    expect(found.size).toBeGreaterThanOrEqual(21_000);
    expect(found.size).toBeLessThanOrEqual(21_600);
    expect(twice).toBe(28_000 - found.size);
    expect((2 * twice) / 28_000).toBeGreaterThan(0.45);
    // One Maps URL per place: the territory's businesses are exactly its distinct places.
    const ring = DFW?.places ?? [];
    const idsOf = new Map(
      ring.map((place) => [place, Array.from({ length: 700 }, (_, rank) => placeIdOf(placeFoundAt(7, "dentists", place, rank, 0)))]),
    );
    expect(new Set(places.flatMap((place) => idsOf.get(place) ?? [])).size).toBe(found.size);
    // The whole ring: every shared result found twice, exactly half the results.
    expect(new Set(ring.flatMap((place) => idsOf.get(place) ?? [])).size).toBe(ring.length * 350 + (ring.length * 350) / 2);
  });
});

describe("neighbouring searches run again", () => {
  const { sim, clock } = newSim({ seed: 31 });
  const plano = TEXAS("Plano");
  const allen = TEXAS("Allen");
  const runs: Array<{ plano: BusinessJson[]; allen: BusinessJson[] }> = [];

  function run(s: Simulator, c: VirtualClock, location: string): BusinessJson[] {
    const created = createSearch(s, "demo-growth", { query: "Dentists", location: location, maxResults: 200 });
    expect(created.status).toBe(202);
    c.advance(600_000);
    const items = call<ResultsJson>(s, "GET", `/searches/${created.body.job_id}/results?page_size=500`).body.items;
    expect(items).toHaveLength(200);
    return items;
  }

  beforeAll(() => {
    expect(neighboursOf(plano.label)).toContain(allen);
    for (let i = 0; i < 8; i += 1) runs.push({ plano: run(sim, clock, plano.label), allen: run(sim, clock, allen.label) });
  });

  const mapsUrls = (items: readonly BusinessJson[]) => new Set(items.map((b) => String(b["maps_url"])));
  const sharedOf = (a: readonly BusinessJson[], b: readonly BusinessJson[]) => {
    const inB = mapsUrls(b);
    return a.filter((x) => inB.has(String(x["maps_url"])));
  };

  it("keeps the shared places shared in every run, at the same positions, under new ids", () => {
    for (const { plano: p, allen: a } of runs) {
      const shared = sharedOf(p, a);
      expect(shared).toHaveLength(25);
      const byUrl = new Map(a.map((b) => [String(b["maps_url"]), b]));
      for (const business of shared) {
        const other = byUrl.get(String(business["maps_url"]));
        expect([other?.position, other?.["title"], other?.["address"], other?.["phone"], other?.["owner_name"]]).toEqual([
          business.position,
          business["title"],
          business["address"],
          business["phone"],
          business["owner_name"],
        ]);
        expect(other?.id).not.toBe(business.id);
      }
    }
  });

  it("turns shared places over like own ones: a re-run no longer finds a few, finding new ones at their ranks", () => {
    let sharedChanges = 0;
    let ownChanges = 0;
    let pairChanges = 0;
    for (let i = 1; i < runs.length; i += 1) {
      const before = runs[i - 1]?.plano ?? [];
      const now = runs[i]?.plano ?? [];
      const previous = mapsUrls(before);
      const fresh = now.filter((b) => !previous.has(String(b["maps_url"])));
      const gone = before.filter((b) => !mapsUrls(now).has(String(b["maps_url"])));
      expect(gone.map((b) => b.position)).toEqual(fresh.map((b) => b.position));
      const freshShared = fresh.filter((b) => SHARED_RANKS_OF_TEN.includes((b.position - 1) % 10));
      sharedChanges += freshShared.length;
      ownChanges += fresh.length - freshShared.length;
      // A place new to the pair is new to both: Allen's run of the same number finds it, its previous run did not.
      const newToPair = sharedOf(now, runs[i]?.allen ?? []).filter((b) => !previous.has(String(b["maps_url"])));
      expect(sharedOf(newToPair, runs[i - 1]?.allen ?? [])).toEqual([]);
      pairChanges += newToPair.length;
    }
    expect(pairChanges).toBeGreaterThan(0);
    // 7 re-runs × 100 slots × 4 % = 28 expected of each kind.
    expect(sharedChanges).toBeGreaterThan(8);
    expect(sharedChanges).toBeLessThan(7 * 100 * PLACE_TURNOVER * 3);
    expect(ownChanges).toBeGreaterThan(8);
    expect(ownChanges).toBeLessThan(7 * 100 * PLACE_TURNOVER * 3);
  });

  it("lets a neighbour's later run no longer find a shared place an earlier run of the other found", () => {
    const first = sharedOf(runs[0]?.plano ?? [], runs[0]?.allen ?? []);
    const latest = mapsUrls(runs[runs.length - 1]?.allen ?? []);
    const lost = first.filter((b) => !latest.has(String(b["maps_url"])));
    expect(lost.length).toBeGreaterThan(0);
    expect(lost.length).toBeLessThan(first.length / 2);
  });
});
