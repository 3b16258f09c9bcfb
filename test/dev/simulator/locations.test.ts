// This file tests GET /locations and the catalog: validation of q and country, prefix matching,
// ambiguous city names, the 8-match cap, and labels accepted by searches.
import { CATALOG } from "../../../dev/simulator/catalog";
import { call, createSearch, newSim, type DetailJson } from "./helpers";

interface LocationJson {
  location_code: number;
  name: string;
  full_name: string;
  country_code: string;
  location_name: string;
  city: string;
  region: string;
  country: string;
  location_type: string;
  label: string;
}

function find(q: string, country?: string): LocationJson[] {
  const { sim } = newSim();
  const query = `q=${encodeURIComponent(q)}${country === undefined ? "" : `&country=${country}`}`;
  const res = call<{ locations: LocationJson[] }>(sim, "GET", `/locations?${query}`);
  expect(res.status).toBe(200);
  return res.body.locations;
}

describe("GET /locations", () => {
  test.each([
    ["", "q"],
    ["q=a", "q"],
    [`q=${"a".repeat(101)}`, "q"],
    ["q=par&country=FRA", "country"],
    ["q=par&country=1", "country"],
  ])("%s is 422", (query, field) => {
    const { sim } = newSim();
    const res = call<DetailJson>(sim, "GET", `/locations?${query}`);
    expect(res.status).toBe(422);
    expect(res.body.detail.startsWith(`${field}:`)).toBe(true);
  });

  test("requires a key and consumes no credits", () => {
    const { sim } = newSim();
    expect(call(sim, "GET", "/locations?q=par", { key: null }).status).toBe(401);
    call(sim, "GET", "/locations?q=par");
    expect(sim.account("acct_demo_growth")["credits_remaining"]).toBe(10000);
  });

  test("every Location field, with an integer location_code", () => {
    const [austin] = find("Austin");
    expect(austin).toEqual({
      location_code: expect.any(Number),
      name: "Austin",
      full_name: "Austin, Texas, United States",
      country_code: "US",
      location_name: "Austin,Texas,United States",
      city: "Austin",
      region: "Texas",
      country: "US",
      location_type: "City",
      label: "Austin, Texas, US",
    });
    expect(Number.isInteger(austin?.location_code)).toBe(true);
  });

  test("prefix, case-insensitive and accent-insensitive", () => {
    expect(find("LOND").map((l) => l.label)).toEqual(
      expect.arrayContaining(["London, England, GB", "London, Ontario, CA", "London, Kentucky, US"]),
    );
    expect(
      find("cordoba")
        .map((l) => l.country_code)
        .sort(),
    ).toEqual(["AR", "ES", "MX"]);
    expect(find("zur").map((l) => l.name)).toEqual(["Zürich"]);
    expect(find("ndon")).toEqual([]); // not a substring search
  });

  test("ambiguous names come back in several countries and regions", () => {
    const springfields = find("Springfield");
    expect(springfields.length).toBeGreaterThanOrEqual(5);
    expect(new Set(springfields.map((l) => l.region)).size).toBe(springfields.length);
    expect(find("Paris").map((l) => l.country_code)).toEqual(expect.arrayContaining(["FR", "US"]));
    expect(find("Cambridge").map((l) => l.country_code)).toEqual(expect.arrayContaining(["GB", "US", "CA"]));
    expect(
      find("Portland")
        .map((l) => l.region)
        .sort(),
    ).toEqual(["Maine", "Oregon"]);
    expect(find("Paris")[0]?.country_code).toBe("FR"); // biggest first among exact names
  });

  test("at most 8 matches", () => {
    const candidates = CATALOG.filter((c) => c.name.toLowerCase().startsWith("sa")).length;
    expect(candidates).toBeGreaterThan(8);
    expect(find("Sa")).toHaveLength(8);
    expect(find("Lond")).toHaveLength(3); // fewer matches come back whole
  });

  test("what a US user types: the Springs beside the Springfields, and the big cities", () => {
    const spring = find("Spring", "US").map((l) => l.label);
    expect(spring[0]).toBe("Spring, Texas, US"); // the exact name first
    expect(spring).toEqual(
      expect.arrayContaining([
        "Springdale, Arkansas, US",
        "Spring Hill, Florida, US",
        "Spring Valley, Nevada, US",
        "Springfield, Missouri, US",
      ]),
    );
    expect(spring.filter((l) => l.startsWith("Springfield,")).length).toBeLessThan(spring.length / 2 + 1);
    // A later word of the name matches too, after the names that start with it.
    expect(find("Springs", "US").map((l) => l.name)).toEqual(["Colorado Springs", "Coral Springs", "Palm Springs", "Hot Springs"]);
    expect(find("Spring Hill").map((l) => l.region)).toEqual(["Florida", "Tennessee"]);
    for (const city of [
      "Washington",
      "Oklahoma City",
      "Louisville",
      "Fresno",
      "Long Beach",
      "Virginia Beach",
      "Oakland",
      "Tulsa",
      "Wichita",
      "Saint Paul",
      "Newark",
      "Plano",
      "Reno",
      "Des Moines",
      "Providence",
      "Little Rock",
    ]) {
      expect([city, find(city, "US")[0]?.name]).toEqual([city, city]);
    }
  });

  test("country narrows the matches (upper or lower case)", () => {
    expect(
      find("Paris", "US")
        .map((l) => l.label)
        .sort(),
    ).toEqual(["Paris, Tennessee, US", "Paris, Texas, US"]);
    expect(find("Paris", "fr").map((l) => l.label)).toEqual(["Paris, Île-de-France, FR"]);
    expect(find("Paris", "DE")).toEqual([]);
  });

  test("the catalog has 150+ cities with unique labels and codes", () => {
    expect(CATALOG.length).toBeGreaterThanOrEqual(150);
    expect(new Set(CATALOG.map((c) => c.label)).size).toBe(CATALOG.length);
    expect(new Set(CATALOG.map((c) => c.location_code)).size).toBe(CATALOG.length);
  });

  test("a returned label and country_code are accepted by POST /searches", () => {
    const { sim } = newSim();
    for (const loc of [...find("Paris"), ...find("Córdoba"), ...find("São")]) {
      expect(createSearch(sim, "demo-growth", { location: loc.label, countryCode: loc.country_code }).status).toBe(202);
    }
    expect(createSearch(sim, "demo-growth", { location: "Paris" }).status).toBe(422);
  });
});
