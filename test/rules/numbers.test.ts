// Checks how figures are written: commas every three digits, rounded, signed; the locale's grouping
// when one is set; a noun that agrees.
import { groupDigits, plural, setDigitsLocale } from "../../src/rules/numbers";

afterEach(() => setDigitsLocale(null));

describe("numbers", () => {
  it("groups digits by commas", () => {
    expect([0, 999, 1000, 1234567, -4577, 1199.6].map(groupDigits)).toEqual(["0", "999", "1,000", "1,234,567", "-4,577", "1,200"]);
  });
  it("uses the locale set", () => {
    setDigitsLocale("de-DE");
    expect(groupDigits(4577)).toBe("4.577");
  });
  it("agrees the noun", () => {
    expect([plural(1, "row", "rows"), plural(0, "row", "rows"), plural(1200, "row", "rows")]).toEqual(["1 row", "0 rows", "1,200 rows"]);
  });
});
