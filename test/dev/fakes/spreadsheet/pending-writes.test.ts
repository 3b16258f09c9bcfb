// Tests when a script's writes are seen (dev/fakes/spreadsheet/document.ts): an execution's writes are its own until it flushes or
// ends; other executions and a person see the committed document; a pending write lands by position where it lands on commit, after
// what a person or another execution did meanwhile; sheets and developer metadata a script adds keep the ids it was given.
import { FakeSpreadsheetApp } from "../../../../dev/fakes/spreadsheet/index";

/** A document whose calls are made by whichever execution `as` names (undefined: a person or a test). */
function documentOf(): { app: FakeSpreadsheetApp; as<T>(exec: object | undefined, work: () => T): T } {
  let current: object | undefined;
  const app = new FakeSpreadsheetApp({ execution: () => current });
  return {
    app,
    as: (exec, work) => {
      const before = current;
      current = exec;
      try {
        return work();
      } finally {
        current = before;
      }
    },
  };
}

describe("an execution's writes", () => {
  it("are seen by the execution at once, by others and a person only once it flushes", () => {
    const { app, as } = documentOf();
    const a = {};
    const b = {};
    as(a, () =>
      app
        .getActiveSpreadsheet()
        .getSheets()[0]
        ?.getRange("A1:B1")
        .setValues([["a", "b"]]),
    );
    expect(as(a, () => app.getActiveSpreadsheet().getRange("A1:B1").getValues())).toEqual([["a", "b"]]);
    expect(as(b, () => app.getActiveSpreadsheet().getRange("A1:B1").getValues())).toEqual([["", ""]]);
    expect(app.testing.values("Sheet1", "A1:B1")).toEqual([["", ""]]);
    expect(app.hasPendingWrites(a)).toBe(true);
    as(a, () => app.flush());
    expect(app.hasPendingWrites(a)).toBe(false);
    expect(as(b, () => app.getActiveSpreadsheet().getRange("A1:B1").getValues())).toEqual([["a", "b"]]);
    expect(app.testing.values("Sheet1", "A1:B1")).toEqual([["a", "b"]]);
  });

  it("land by position on commit, after a person's sort that came meanwhile", () => {
    const { app, as } = documentOf();
    app.testing.userSeed("Sheet1", "A1", [["b"], ["a"]]);
    app.testing.setActiveSheet("Sheet1");
    const a = {};
    // The script marks "a" (row 2 as it read it); a person sorts before the script commits.
    as(a, () => app.getActiveSpreadsheet().getRange("B2").setValue("mark for a"));
    app.testing.userSortSheet("Sheet1", 1);
    expect(app.testing.values("Sheet1", "A1:B2")).toEqual([
      ["a", ""],
      ["b", ""],
    ]);
    // The script's own view has the sort and its write on top of it: the mark is on b's row now.
    expect(as(a, () => app.getActiveSpreadsheet().getRange("A2:B2").getValues())).toEqual([["b", "mark for a"]]);
    app.commitWrites(a);
    expect(app.testing.values("Sheet1", "A1:B2")).toEqual([
      ["a", ""],
      ["b", "mark for a"],
    ]);
  });

  it("of two executions both land, the second committed on top of the first", () => {
    const { app, as } = documentOf();
    const a = {};
    const b = {};
    const append = (exec: object, value: string) =>
      as(exec, () => {
        const sheet = app.getActiveSpreadsheet().getSheets()[0];
        const last = sheet?.getLastRow() ?? 0;
        sheet?.getRange(last + 1, 1).setValue(value);
      });
    append(a, "from a");
    append(b, "from b"); // b does not see a's row: it writes the same row
    app.commitWrites(b);
    app.commitWrites(a);
    expect(app.testing.values("Sheet1")).toEqual([["from a"]]);
  });

  it("keep a new sheet's id and a metadata entry's id when they are replayed", () => {
    const { app, as } = documentOf();
    const a = {};
    const id = as(a, () => app.getActiveSpreadsheet().insertSheet("Results").getSheetId());
    as(a, () => app.getActiveSpreadsheet().addDeveloperMetadata("key", "value"));
    app.testing.userAddSheet("Notes"); // the committed document changes: a's view is made again
    expect(as(a, () => app.getActiveSpreadsheet().getSheetByName("Results")?.getSheetId())).toBe(id);
    app.commitWrites(a);
    expect(app.testing.sheetInfo("Results").id).toBe(id);
    expect(app.testing.developerMetadata()).toEqual([{ key: "key", value: "value", visibility: "DOCUMENT" }]);
    expect(app.testing.sheetNames()).toEqual(expect.arrayContaining(["Sheet1", "Notes", "Results"]));
  });

  it("to a sheet deleted meanwhile fail where they land, as on Google's side, and the others land", () => {
    const { app, as } = documentOf();
    app.testing.userAddSheet("Gone");
    const a = {};
    as(a, () => {
      app.getActiveSpreadsheet().getSheetByName("Gone")?.getRange("A1").setValue("lost");
      app.getActiveSpreadsheet().getSheetByName("Sheet1")?.getRange("A1").setValue("kept");
    });
    app.testing.userDeleteSheet("Gone");
    app.commitWrites(a);
    expect(app.testing.sheetNames()).toEqual(["Sheet1"]);
    expect(app.testing.values("Sheet1", "A1")).toEqual([["kept"]]);
  });
});
