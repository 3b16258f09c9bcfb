// Unit tests of a territory's sheet writer (src/territory/territory-merge.ts) on the spreadsheet fake:
// searches merged as they end, a business once by Maps URL whichever searches found it, `Found by`
// in the territory's order, across passes of one run and anew in a refresh run; the end of a
// refresh run marks what it did not find; one read and one write a merge; a repeat changes nothing.
import { BusinessSchema, type Business } from "../../src/api/schemas";
import { TERRITORY_COLUMNS } from "../../src/sheets/columns";
import { createResultSheet } from "../../src/sheets/result-sheet";
import { endTerritoryRun, mergeTerritoryFinds } from "../../src/territory/territory-merge";
import { FakeSpreadsheetApp } from "../../dev/fakes/spreadsheet";
import type { CallKind } from "../../dev/fakes/spreadsheet/document";

const ORDER = ["dentists · Plano", "dentists · Allen", "orthodontists · Plano"];

function business(place: number, job: string, fields: Record<string, unknown> = {}): Business {
  const parsed = BusinessSchema.safeParse({
    id: `${job}-${place}`,
    search_id: job,
    position: place,
    title: `Practice ${place}`,
    maps_url: `https://maps.example/?q=place_id:P${place}`,
    website: `https://practice${place}.example/`,
    emails: [`info@practice${place}.example`],
    ...fields,
  });
  if (!parsed.success) throw new Error(parsed.error.message);
  return parsed.data;
}

function setUp() {
  const calls: Array<[CallKind, string]> = [];
  const app = new FakeSpreadsheetApp({ onCall: (kind: CallKind, method: string) => calls.push([kind, method]) });
  const spreadsheet = app.getActiveSpreadsheet() as unknown as GoogleAppsScript.Spreadsheet.Spreadsheet;
  const sheet = createResultSheet(spreadsheet, "Territory", TERRITORY_COLUMNS);
  const rows = () => {
    const values = app.testing.values("Territory");
    const header = (values[0] ?? []).map(String);
    return values.slice(1).map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i]])));
  };
  calls.length = 0;
  return { app, sheet, calls, rows };
}

const found = (labels: string[], businesses: Business[]) => businesses.map((b) => ({ business: b, foundBy: labels }));

describe("mergeTerritoryFinds", () => {
  it("keeps a business once, its Found by in the territory's order across the passes of a run, in one write a merge", () => {
    const { sheet, calls, rows } = setUp();
    const first = mergeTerritoryFinds(sheet, found([ORDER[1] ?? ""], [business(1, "a"), business(2, "a")]), {
      runDay: "2026-11-27",
      run: 0,
      order: ORDER,
    });
    expect(calls.filter(([, method]) => /setValues/.test(method))).toHaveLength(1);
    const second = mergeTerritoryFinds(
      sheet,
      [...found([ORDER[0] ?? ""], [business(2, "b"), business(3, "b")]), ...found([ORDER[2] ?? ""], [business(3, "c")])],
      { runDay: "2026-11-27", run: 0, order: ORDER },
    );
    expect(first).toEqual({ businessRows: 2, foundByMore: 0 });
    expect(second).toEqual({ businessRows: 3, foundByMore: 2 });
    expect(rows().map((row) => [row.Name, row["Found by"], row["Latest refresh"], row["Territory run"]])).toEqual([
      ["Practice 1", "dentists · Allen", "", 0],
      ["Practice 2", "dentists · Plano; dentists · Allen", "", 0],
      ["Practice 3", "dentists · Plano; orthodontists · Plano", "", 0],
    ]);
    const before = rows();
    mergeTerritoryFinds(
      sheet,
      [...found([ORDER[0] ?? ""], [business(2, "b"), business(3, "b")]), ...found([ORDER[2] ?? ""], [business(3, "c")])],
      { runDay: "2026-11-27", run: 0, order: ORDER },
    );
    expect(rows()).toEqual(before);
  });

  it("starts Found by anew in a refresh run, keeps what a search returned empty, and the run's end marks what it did not find", () => {
    const { sheet, rows } = setUp();
    mergeTerritoryFinds(sheet, found([ORDER[0] ?? ""], [business(1, "a"), business(2, "a")]), {
      runDay: "2026-11-26",
      run: 0,
      order: ORDER,
    });
    expect(endTerritoryRun(sheet, 0)).toEqual({ businessRows: 2, foundByMore: 0, added: 2, updated: 0, notFound: 0, keptEarlier: 0 });
    mergeTerritoryFinds(sheet, found([ORDER[1] ?? ""], [business(1, "r", { emails: [] }), business(4, "r")]), {
      runDay: "2026-11-27",
      run: 1,
      order: ORDER,
    });
    expect(endTerritoryRun(sheet, 1)).toEqual({ businessRows: 3, foundByMore: 0, added: 1, updated: 1, notFound: 1, keptEarlier: 1 });
    expect(
      rows().map((row) => [row.Name, row["Found by"], row["Latest refresh"], row.Emails, row["First seen"], row["Last seen"]]),
    ).toEqual([
      ["Practice 1", "dentists · Allen", "Updated · kept earlier emails", "info@practice1.example", "2026-11-26", "2026-11-27"],
      ["Practice 2", "dentists · Plano", "No longer found", "info@practice2.example", "2026-11-26", "2026-11-26"],
      ["Practice 4", "dentists · Allen", "New", "info@practice4.example", "2026-11-27", "2026-11-27"],
    ]);
  });

  it(
    "counts each run's own no-longer-found rows (a row missing since an earlier run is not counted again), " +
      "the same when an end is repeated",
    () => {
      const { sheet } = setUp();
      const run = (n: number, places: number[]) => {
        mergeTerritoryFinds(
          sheet,
          found(
            [ORDER[0] ?? ""],
            places.map((place) => business(place, `r${n}`)),
          ),
          { runDay: `2026-11-2${n}`, run: n, order: ORDER },
        );
        return endTerritoryRun(sheet, n);
      };
      run(0, [1, 2, 3, 4, 5, 6]);
      expect(run(1, [3, 4, 5, 6]).notFound).toBe(2);
      expect(run(2, [5, 6]).notFound).toBe(2);
      const third = run(3, [1, 6]);
      expect([third.updated, third.notFound]).toEqual([2, 1]);
      expect(endTerritoryRun(sheet, 3).notFound).toBe(1);
    },
  );

  it("says on an updated row how its contact data changed", () => {
    const { sheet, rows } = setUp();
    const two = { emails: ["info@practice1.example", "sales@practice1.example"] };
    mergeTerritoryFinds(sheet, found([ORDER[0] ?? ""], [business(1, "a", two)]), { runDay: "2026-11-26", run: 0, order: ORDER });
    endTerritoryRun(sheet, 0);
    mergeTerritoryFinds(sheet, found([ORDER[0] ?? ""], [business(1, "r")]), { runDay: "2026-11-27", run: 1, order: ORDER });
    expect(endTerritoryRun(sheet, 1).keptEarlier).toBe(0);
    expect(rows()[0]?.["Latest refresh"]).toBe("Updated · 1 email fewer");
  });
});

describe("a territory's sheet retyped by a person", () => {
  it(
    "decides by each row's run code: Found by, Territory run and Latest refresh retyped or translated change " +
      "nothing of what a merge does",
    () => {
      const { app, sheet, rows } = setUp();
      const run1 = { runDay: "2026-11-27", run: 1, order: ORDER };
      mergeTerritoryFinds(sheet, found([ORDER[0] ?? ""], [business(1, "a"), business(2, "a")]), { ...run1, run: 0 });
      mergeTerritoryFinds(sheet, found([ORDER[0] ?? ""], [business(1, "a2")]), run1);
      mergeTerritoryFinds(sheet, found([ORDER[1] ?? ""], [business(3, "b2")]), run1);
      // A person translates the words of the run's rows, and types over a Territory run.
      const header = (app.testing.values("Territory")[0] ?? []).map(String);
      const at = (name: string) => String.fromCharCode(65 + header.indexOf(name));
      for (const row of [2, 3, 4]) {
        app.testing.userType("Territory", `${at("Found by")}${row}`, "gefunden von Zahnärzten");
        app.testing.userType("Territory", `${at("Latest refresh")}${row}`, "Neu");
        app.testing.userType("Territory", `${at("Territory run")}${row}`, "7");
      }
      // Another search of the same run finds Practice 1 again, and Practice 3.
      const merged = mergeTerritoryFinds(sheet, found([ORDER[2] ?? ""], [business(1, "c2"), business(3, "c2")]), run1);
      expect(merged).toEqual({ businessRows: 3, foundByMore: 2 });
      const byName = new Map(rows().map((row) => [row.Name, row]));
      expect(byName.get("Practice 1")?.["Found by"]).toBe("dentists · Plano; orthodontists · Plano");
      expect(byName.get("Practice 3")?.["Found by"]).toBe("dentists · Allen; orthodontists · Plano");
      expect(byName.get("Practice 3")?.["Latest refresh"]).toBe("New");
      const ended = endTerritoryRun(sheet, 1);
      expect(ended).toMatchObject({ added: 1, updated: 1, notFound: 1, businessRows: 3 });
      expect(byName.get("Practice 2")?.Name).toBe("Practice 2");
      expect(rows().find((row) => row.Name === "Practice 2")?.["Latest refresh"]).toBe("No longer found");
      // The end repeated (a kill before the record was saved) counts the same.
      expect(endTerritoryRun(sheet, 1)).toMatchObject({ added: 1, updated: 1, notFound: 1 });
    },
  );
});
