// Tests storedTuple: exactly as many items as schemas, each passing its own, outputs in place.
import * as z from "zod/mini";
import { storedTuple } from "../../src/storage/stored-tuple";

describe("storedTuple", () => {
  const pair = storedTuple([z.number(), z.pipe(z.string(), z.transform((s) => s.length))]);

  it("reads a pair whose items pass their schemas, each item's output in its place", () => {
    expect(pair.parse([3, "abcd"])).toEqual([3, 4]);
  });

  it("refuses too few or too many items, an item of the wrong type, and what is not an array", () => {
    for (const raw of [[3], [3, "a", "b"], ["3", "a"], [3, 4], { 0: 3, 1: "a" }, "3,a", null]) {
      expect(pair.safeParse(raw).success).toBe(false);
    }
  });

  it("accepts null where the item's schema does, as zod's tuple does", () => {
    const triple = storedTuple([z.nullable(z.string()), z.enum(["w", "r"]), z.nullable(z.number())]);
    expect(triple.parse([null, "w", null])).toEqual([null, "w", null]);
    expect(triple.safeParse([null, "x", null]).success).toBe(false);
  });
});
