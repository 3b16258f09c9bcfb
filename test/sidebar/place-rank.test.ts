// The order of Location's options: places in a region of a listed place first, then in a listed
// country, each group in the catalog's order.
import { nearListedFirst } from "../../src/sidebar/place-rank";

const place = (name: string, region: string, country: string) => ({
  label: `${name}, ${region}, ${country}`,
  name,
  region,
  country_code: country,
});
const irvine = place("Irvine", "California", "US");
const irving = place("Irving", "Texas", "US");
const irvineScotland = place("Irvine", "Scotland", "GB");

describe("nearListedFirst", () => {
  it("puts a place in a listed place's region first: Irving, Texas before Irvine, California after Dallas, Texas", () => {
    const names = nearListedFirst([irvineScotland, irvine, irving], [{ countryCode: "US", region: "Texas" }]).map((p) => p.label);
    expect(names).toEqual(["Irving, Texas, US", "Irvine, California, US", "Irvine, Scotland, GB"]);
  });

  it("puts places of a listed country before the others, and keeps the catalog's order with nothing listed", () => {
    expect(nearListedFirst([irvine, irvineScotland], [{ countryCode: "GB", region: null }]).map((p) => p.label)).toEqual([
      "Irvine, Scotland, GB",
      "Irvine, California, US",
    ]);
    expect(nearListedFirst([irvine, irving, irvineScotland], []).map((p) => p.label)).toEqual([
      "Irvine, California, US",
      "Irving, Texas, US",
      "Irvine, Scotland, GB",
    ]);
  });
});
