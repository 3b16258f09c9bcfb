// Checks how cells to write are grouped into ranges: runs of adjacent columns, in column order.
import { adjacentRuns } from "../../src/sheets/grid";

describe("adjacentRuns", () => {
  it("groups adjacent columns into one run each, sorted", () => {
    expect(adjacentRuns([5, 1, 2, 7, 3, 8], (n) => n)).toEqual([[1, 2, 3], [5], [7, 8]]);
  });
  it("reads the column of each item", () => {
    const items = [
      { c: 4, v: "d" },
      { c: 3, v: "c" },
      { c: 10, v: "j" },
    ];
    expect(adjacentRuns(items, (item) => item.c).map((run) => run.map((item) => item.v).join(""))).toEqual(["cd", "j"]);
  });
  it("is no run for no item", () => {
    expect(adjacentRuns([], (n: number) => n)).toEqual([]);
  });
});
