// Checks column numbers and letters against A1 notation's known pairs, both ways.
import { columnFromLetters, columnLetters } from "../../src/sheets/column-letters";

const PAIRS: Array<[number, string]> = [
  [1, "A"],
  [26, "Z"],
  [27, "AA"],
  [28, "AB"],
  [52, "AZ"],
  [53, "BA"],
  [702, "ZZ"],
  [703, "AAA"],
  [18278, "ZZZ"],
];

describe("column letters", () => {
  it.each(PAIRS)("%i is %s", (n, letters) => {
    expect(columnLetters(n)).toBe(letters);
    expect(columnFromLetters(letters)).toBe(n);
    expect(columnFromLetters(letters.toLowerCase())).toBe(n);
  });
  it("refuses what is not one to three letters", () => {
    expect(["", "A1", "ABCD", " A", "É"].map(columnFromLetters)).toEqual([null, null, null, null, null]);
  });
});
