// Tests a territory's default name (src/territory/territory-plan.ts): whole within Sheets'
// 100-character limit however many queries and places, the first place's city then how many more.
import { territoryName, type TerritoryInput } from "../../src/territory/territory-plan";

const input = (queries: string[], places: string[]): TerritoryInput => ({
  queries,
  places: places.map((label) => ({ label })),
  maxResults: 100,
  language: "en",
  enrichContacts: false,
});
const DALLAS_AREA = [
  "Dallas, Texas, United States",
  "Plano, Texas, United States",
  "Irving, Texas, United States",
  "Frisco, Texas, United States",
  "Garland, Texas, United States",
];

describe("territoryName", () => {
  it("names the queries and the first place, and counts the other places", () => {
    expect(territoryName(input(["dentists", "orthodontists"], DALLAS_AREA))).toBe("Dentists, orthodontists · Dallas +4");
    expect(territoryName(input(["florists"], ["Austin, Texas, United States"]))).toBe("Florists · Austin");
  });

  it("stays whole within the limit: queries that do not fit are counted, never cut", () => {
    const queries = Array.from({ length: 12 }, (_, i) => `pediatric dental specialists ${i + 1}`);
    const name = territoryName(input(queries, DALLAS_AREA));
    expect(name.length).toBeLessThanOrEqual(80);
    expect(name).toMatch(/^Pediatric dental specialists 1, pediatric dental specialists 2 \+10 · Dallas \+4$/);
  });

  it("keeps a name the user gave", () => {
    expect(territoryName({ ...input(["dentists"], DALLAS_AREA), name: "North Texas dentists" })).toBe("North Texas dentists");
  });
});
