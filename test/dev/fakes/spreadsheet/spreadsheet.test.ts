// Tests FakeSpreadsheet and FakeSpreadsheetApp: sheets, names, ids, A1 with sheet names, and the onCall hook.

import { type CallKind, FakeSpreadsheetApp } from "../../../../dev/fakes/spreadsheet/index";

describe("sheets", () => {
  test("starts with Sheet1 (gid 0), active", () => {
    const ss = new FakeSpreadsheetApp().getActiveSpreadsheet();
    expect(ss.getSheets().map((s) => s.getName())).toEqual(["Sheet1"]);
    expect(ss.getActiveSheet().getSheetId()).toBe(0);
    expect(ss.getNumSheets()).toBe(1);
  });

  test("insertSheet: default names, after the active sheet, becomes active", () => {
    const ss = new FakeSpreadsheetApp().getActiveSpreadsheet();
    const a = ss.insertSheet();
    expect(a.getName()).toBe("Sheet2");
    expect(ss.getActiveSheet().getName()).toBe("Sheet2");
    ss.setActiveSheet(ss.getSheetByName("Sheet1")!);
    ss.insertSheet("Middle");
    expect(ss.getSheets().map((s) => s.getName())).toEqual(["Sheet1", "Middle", "Sheet2"]);
  });

  test("insertSheet(name, index) and insertSheet(index) place the sheet (0-based)", () => {
    const ss = new FakeSpreadsheetApp().getActiveSpreadsheet();
    ss.insertSheet("First", 0);
    ss.insertSheet("Last", 2);
    ss.insertSheet(1);
    expect(ss.getSheets().map((s) => s.getName())).toEqual(["First", "Sheet4", "Sheet1", "Last"]);
    expect(ss.getSheetByName("Last")!.getIndex()).toBe(4);
  });

  test("names are unique regardless of case, with Apps Script's message", () => {
    const ss = new FakeSpreadsheetApp().getActiveSpreadsheet();
    ss.insertSheet("Leads");
    expect(() => ss.insertSheet("Leads")).toThrow('A sheet with the name "Leads" already exists. Please enter another name.');
    expect(() => ss.insertSheet("leads")).toThrow('A sheet with the name "leads" already exists. Please enter another name.');
    expect(() => ss.getSheetByName("Sheet1")!.setName("LEADS")).toThrow("already exists");
    expect(ss.getSheetByName("LEADS")?.getName()).toBe("Leads");
    expect(() => ss.insertSheet("x".repeat(101))).toThrow();
    expect(ss.getNumSheets()).toBe(2);
  });

  test("sheet ids are stable, distinct and looked up by getSheetById", () => {
    const ss = new FakeSpreadsheetApp().getActiveSpreadsheet();
    const a = ss.insertSheet("A");
    const b = ss.insertSheet("B");
    expect(a.getSheetId()).not.toBe(b.getSheetId());
    expect(a.getSheetId()).toBeGreaterThan(0);
    a.setName("Renamed");
    expect(ss.getSheetById(a.getSheetId())?.getName()).toBe("Renamed");
    expect(ss.getSheetById(123)).toBeNull();
    expect(ss.getSheetByName("missing")).toBeNull();
  });

  test("deleteSheet: removed, later use throws, the last sheet cannot go", () => {
    const ss = new FakeSpreadsheetApp().getActiveSpreadsheet();
    const extra = ss.insertSheet("Extra");
    ss.deleteSheet(extra);
    expect(ss.getSheetByName("Extra")).toBeNull();
    expect(ss.getActiveSheet().getName()).toBe("Sheet1");
    expect(() => extra.getRange("A1").getValue()).toThrow();
    expect(() => extra.getLastRow()).toThrow();
    expect(() => ss.deleteSheet(ss.getSheets()[0]!)).toThrow("You can't remove all the sheets in a document.");
  });
});

describe("Spreadsheet.getRange and identity", () => {
  test("A1 with quoted sheet names; without a name, the active sheet", () => {
    const ss = new FakeSpreadsheetApp().getActiveSpreadsheet();
    const mine = ss.insertSheet("My Sheet");
    mine.getRange("B2").setValue("here");
    expect(ss.getRange("'My Sheet'!B2").getValue()).toBe("here");
    expect(ss.getRange("'My Sheet'!A1:C3").getSheet().getName()).toBe("My Sheet");
    expect(ss.getRange("B2").getValue()).toBe("here"); // My Sheet is active
    ss.setActiveSheet(ss.getSheetByName("Sheet1")!);
    expect(ss.getRange("B2").getValue()).toBe("");
    expect(() => ss.getRange("Nope!A1")).toThrow("Range not found");
  });

  test("id, url, name, time zone, locale", () => {
    const ss = new FakeSpreadsheetApp({ id: "abc", name: "Leads", timeZone: "Europe/Paris" }).getActiveSpreadsheet();
    expect(ss.getId()).toBe("abc");
    expect(ss.getUrl()).toBe("https://docs.google.com/spreadsheets/d/abc/edit");
    expect(ss.getName()).toBe("Leads");
    expect(ss.getSpreadsheetTimeZone()).toBe("Europe/Paris");
    expect(ss.getSpreadsheetLocale()).toBe("en_US");
  });

  test("setSpreadsheetLocale and setSpreadsheetTimeZone: read back as set, dates then read in the new zone", () => {
    const ss = new FakeSpreadsheetApp({ timeZone: "UTC", locale: "de_DE" }).getActiveSpreadsheet();
    expect(ss.getSpreadsheetLocale()).toBe("de_DE");
    const cell = ss.getSheetByName("Sheet1")!.getRange("A1");
    cell.setValue("2026-11-29 10:00");
    const before = (cell.getValue() as Date).getTime();
    ss.setSpreadsheetLocale("fr_FR");
    ss.setSpreadsheetTimeZone("Asia/Tokyo");
    expect([ss.getSpreadsheetLocale(), ss.getSpreadsheetTimeZone()]).toEqual(["fr_FR", "Asia/Tokyo"]);
    // The cell keeps its wall-clock value: read in Tokyo it is 9 hours earlier as an instant.
    expect(before - (cell.getValue() as Date).getTime()).toBe(9 * 3_600_000);
  });

  test("openById opens only this document", () => {
    const app = new FakeSpreadsheetApp({ id: "abc" });
    expect(app.openById("abc").getId()).toBe("abc");
    expect(() => app.openById("other")).toThrow();
  });

  test("toast is recorded", () => {
    const app = new FakeSpreadsheetApp();
    app.getActiveSpreadsheet().toast("Imported 20 rows", "Business Leads");
    expect(app.testing.ui.toasts).toEqual([{ message: "Imported 20 rows", title: "Business Leads", timeoutSeconds: 5 }]);
  });
});

describe("onCall", () => {
  function recording(): { app: FakeSpreadsheetApp; calls: [CallKind, string][] } {
    const calls: [CallKind, string][] = [];
    const app = new FakeSpreadsheetApp({ onCall: (kind, method) => calls.push([kind, method]) });
    return { app, calls };
  }

  test("reads and writes are reported, and getters as getters", () => {
    const { app, calls } = recording();
    const ss = app.getActiveSpreadsheet();
    const sheet = ss.getActiveSheet();
    const range = sheet.getRange("A1:B2");
    range.getRow();
    range.getNumRows();
    range.getA1Notation();
    range.offset(1, 1);
    sheet.getSheetId();
    ss.getId();
    range.setValues([
      [1, 2],
      [3, 4],
    ]);
    range.getValues();
    sheet.getLastRow();
    ss.insertSheet("X");
    sheet.setFrozenRows(1);
    expect(calls).toEqual([
      ["read", "SpreadsheetApp.getActiveSpreadsheet"],
      ["read", "Spreadsheet.getActiveSheet"],
      ["getter", "Sheet.getRange"],
      ["getter", "Range.getRow"],
      ["getter", "Range.getNumRows"],
      ["getter", "Sheet.getSheetId"],
      ["write", "Range.setValues"],
      ["read", "Range.getValues"],
      ["read", "Sheet.getLastRow"],
      ["write", "Spreadsheet.insertSheet"],
      ["write", "Sheet.setFrozenRows"],
    ]);
  });

  test("a throwing hook stops the call before it does anything", () => {
    let fail = false;
    const app = new FakeSpreadsheetApp({
      onCall: () => {
        if (fail) throw new Error("Exceeded maximum execution time");
      },
    });
    const ss = app.getActiveSpreadsheet();
    const range = ss.getActiveSheet().getRange("A1");
    fail = true;
    expect(() => range.setValue("x")).toThrow("Exceeded maximum execution time");
    expect(() => ss.insertSheet("New")).toThrow("Exceeded maximum execution time");
    fail = false;
    expect(range.getValue()).toBe("");
    expect(ss.getSheetByName("New")).toBeNull();
  });

  test("the hook runs before argument checks", () => {
    const { app, calls } = recording();
    const range = app.getActiveSheet().getRange("A1:B2");
    expect(() => range.setValues([[1]])).toThrow("The data has 1 but the range has 2.");
    expect(calls[calls.length - 1]).toEqual(["write", "Range.setValues"]);
  });
});

describe("SpreadsheetApp extras", () => {
  test("getActive, getActiveSheet, getActiveRange, flush, enums", () => {
    const app = new FakeSpreadsheetApp();
    expect(app.getActive().getActiveSheet().getName()).toBe("Sheet1");
    expect(app.getActiveSheet().getName()).toBe("Sheet1");
    expect(app.getActiveRange().getA1Notation()).toBe("A1");
    expect(() => app.flush()).not.toThrow();
    expect(app.WrapStrategy.CLIP).toBe("CLIP");
    expect(app.BorderStyle.SOLID).toBe("SOLID");
    expect(app.asGlobal()).toBe(app);
  });
});
