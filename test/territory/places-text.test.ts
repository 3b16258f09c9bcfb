// A territory's places as its line names them (src/territory/territory-plan.ts placesText).
import { placesText } from "../../src/territory/territory-plan";

const at = (...labels: string[]) => labels.map((label) => ({ label, countryCode: "US" }));

describe("placesText", () => {
  it("names one place whole, a few by their first part, and past three says how many more", () => {
    expect(placesText(at("Austin, Texas, US"))).toBe("Austin, Texas, US");
    expect(placesText(at("Dallas, Texas, US", "Plano, Texas, US", "Irving, Texas, US"))).toBe("Dallas, Plano, Irving");
    expect(placesText(at("Dallas, Texas, US", "Plano, Texas, US", "Irving, Texas, US", "Frisco, Texas, US"))).toBe(
      "Dallas, Plano, Irving, Frisco",
    );
    expect(placesText(at("Dallas, Texas, US", "Plano, Texas, US", "Irving, Texas, US", "Frisco, Texas, US", "Allen, Texas, US"))).toBe(
      "Dallas, Plano, Irving and 2 more",
    );
  });

  it("keeps whole labels when two places share a first part", () => {
    expect(placesText(at("Springfield, Illinois, US", "Springfield, Ohio, US"))).toBe("Springfield, Illinois, US; Springfield, Ohio, US");
  });
});
