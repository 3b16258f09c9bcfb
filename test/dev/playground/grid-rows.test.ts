// The page's copy of the active sheet's rows (dev/playground/client/grid-rows.ts): it holds what
// the server's answers sent (the frozen rows and a window of the others, each with its formula-bar
// texts, quote-prefixed cells, numbers and errors), keeps rows seen before while another window comes, takes the newest
// answer over what it held, drops rows past the used range, starts afresh on another sheet, and
// says whether a window the page renders has been sent.
import { SheetRows } from "../../../dev/playground/client/grid-rows";
import type { GridState } from "../../../dev/playground/grid-state";

/** An answer for "Long list" (frozen row 1, 708 rows of data) covering rows `first` to `last`. */
function answer(first: number, last: number, overrides: Partial<GridState> = {}): GridState {
  const rows = Array.from({ length: last - first + 1 }, (_, i) => [`Business ${first + i}`, String(first + i)]);
  return {
    sheets: ["Long list"],
    activeSheet: "Long list",
    selection: "A1",
    rows: { first, last },
    cells: rows,
    frozenCells: [["Name", "Phone"]],
    inputs: { [`A${first}`]: `=HYPERLINK("x", "Business ${first}")` },
    quoted: ["A1", `B${first + 1}`],
    numbers: [`B${first}`, `B${last}`],
    errors: { [`B${last}`]: "Formula parse error." },
    totalRows: 708,
    totalColumns: 2,
    frozenRows: 1,
    frozenColumns: 1,
    maxRows: 1000,
    maxColumns: 26,
    ...overrides,
  };
}

describe("the page's rows of the active sheet", () => {
  it("holds the frozen rows and the window sent, with formula-bar texts, numbers and errors by cell", () => {
    const rows = new SheetRows();
    expect(rows.take(answer(650, 700))).toBe(true);
    expect(rows.value(1, 1)).toBe("Name");
    expect(rows.input(1, 1)).toBe("'Name");
    expect(rows.value(650, 1)).toBe("Business 650");
    expect(rows.input(650, 1)).toBe('=HYPERLINK("x", "Business 650")');
    expect(rows.input(651, 1)).toBe("Business 651");
    expect(rows.input(651, 2)).toBe("'651");
    expect(rows.input(652, 2)).toBe("652");
    expect([rows.isNumber(650, 2), rows.isNumber(651, 2), rows.isNumber(700, 2)]).toEqual([true, false, true]);
    expect(rows.error(700, 2)).toBe("Formula parse error.");
    expect(rows.error(699, 2)).toBeUndefined();
    // Rows never sent are empty.
    expect(rows.value(2, 1)).toBe("");
    expect(rows.value(701, 1)).toBe("");
  });

  it("keeps rows seen before while another window comes; the newest answer replaces what it covers", () => {
    const rows = new SheetRows();
    rows.take(answer(2, 80));
    expect(rows.take(answer(650, 708))).toBe(false);
    expect(rows.value(2, 1)).toBe("Business 2");
    expect(rows.value(708, 1)).toBe("Business 708");
    // Row 80 was an edge (a number, an error); an answer covering it as a middle row clears them.
    expect(rows.error(80, 2)).toBe("Formula parse error.");
    rows.take(answer(60, 120));
    expect(rows.error(80, 2)).toBeUndefined();
    expect(rows.isNumber(80, 2)).toBe(false);
    rows.take(answer(60, 120, { cells: [["Renamed 60", "60"]] }));
    expect([rows.value(60, 1), rows.value(61, 1)]).toEqual(["Renamed 60", ""]);
  });

  it("drops rows past the used range, and everything on another sheet's answer", () => {
    const rows = new SheetRows();
    rows.take(answer(650, 708));
    rows.take(answer(2, 80, { totalRows: 700 }));
    expect(rows.value(700, 1)).toBe("Business 700");
    expect(rows.value(701, 1)).toBe("");
    expect(rows.take(answer(2, 80, { activeSheet: "Other" }))).toBe(true);
    expect(rows.value(700, 1)).toBe("");
    expect(rows.value(2, 1)).toBe("Business 2");
  });

  it("says whether the window the page renders was sent, as far as the sheet goes", () => {
    const rows = new SheetRows();
    rows.take(answer(600, 1000));
    expect(rows.covers({ first: 650, last: 720 }, 1000)).toBe(true);
    expect(rows.covers({ first: 950, last: 1001 }, 1000)).toBe(true);
    expect(rows.covers({ first: 550, last: 620 }, 1000)).toBe(false);
    // The frozen rows always come: a window from row 1 is the rows below them.
    rows.take(answer(2, 80));
    expect(rows.covers({ first: 1, last: 80 }, 1000)).toBe(true);
    expect(rows.covers({ first: 1, last: 81 }, 1000)).toBe(false);
  });
});
