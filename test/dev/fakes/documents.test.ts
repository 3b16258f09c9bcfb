// Tests the fakes' documents: several spreadsheets in one runtime, each with its own document
// properties, cache and lock; a time-driven trigger Google runs without a current document (the
// document's services are null); openById refused without the full `spreadsheets` scope in the
// manifest, with Google's wording; a spreadsheet the user lost (deleted or unshared: openById
// fails) or whose writes fail; and spreadsheet-level developer metadata with its limit.
import { createRuntime, DOCUMENT_ID } from "../../../dev/fakes/runtime";
import { makeDist } from "./test-support";

const CODE = [
  "function here() { var ss = SpreadsheetApp.getActiveSpreadsheet(); return ss === null ? null : ss.getId(); }",
  "function services() { return [SpreadsheetApp.getActiveSpreadsheet(), PropertiesService.getDocumentProperties(), " +
    "CacheService.getDocumentCache(), LockService.getDocumentLock()].map(function (s) { return s === null; }); }",
  "function remember(v) { PropertiesService.getDocumentProperties().setProperty('v', v); }",
  "function recall() { return PropertiesService.getDocumentProperties().getProperty('v'); }",
  "function open(id) { return SpreadsheetApp.openById(id).getName(); }",
  "function schedule() { ScriptApp.newTrigger('here').timeBased().everyHours(1).create(); }",
  "function mine() { return ScriptApp.getUserTriggers(SpreadsheetApp.getActiveSpreadsheet()).length; }",
  "function tag(k, v) { SpreadsheetApp.getActiveSpreadsheet().addDeveloperMetadata(k, v, " +
    "SpreadsheetApp.DeveloperMetadataVisibility.PROJECT); }",
  "function tags() { return SpreadsheetApp.openById(arguments[0]).createDeveloperMetadataFinder()" +
    ".withVisibility(SpreadsheetApp.DeveloperMetadataVisibility.PROJECT).find()" +
    ".map(function (m) { return m.getKey() + '=' + m.getValue(); }); }",
  "function retag(k, v) { SpreadsheetApp.getActiveSpreadsheet().createDeveloperMetadataFinder().withKey(k).find()[0].setValue(v); }",
].join("\n");
const manifest = (scope: string) => JSON.stringify({ oauthScopes: [`https://www.googleapis.com/auth/${scope}`] });
const currentOnly = makeDist({ "Code.js": CODE, "appsscript.json": manifest("spreadsheets.currentonly") });
const fullScope = makeDist({ "Code.js": CODE, "appsscript.json": manifest("spreadsheets") });

describe("several spreadsheets in one runtime", () => {
  it("each has its own sheets and document properties", () => {
    const rt = createRuntime({ distDir: currentOnly });
    const other = rt.addDocument("Second");
    expect(rt.documentIds).toEqual([DOCUMENT_ID, other]);
    rt.run("remember", ["first"]);
    rt.run("remember", ["second"], { documentId: other });
    expect(rt.run("recall").value).toBe("first");
    expect(rt.run("recall", [], { documentId: other }).value).toBe("second");
    expect(rt.run("here", [], { documentId: other }).value).toBe(other);
    expect(rt.spreadsheet(other).testing.sheetNames()).toEqual(["Sheet1"]);
  });

  it("an add-on may hold one time-driven trigger per user per document", () => {
    const rt = createRuntime({ distDir: currentOnly });
    const other = rt.addDocument();
    expect(rt.run("schedule").error).toBeUndefined();
    expect(rt.run("schedule").errorMessage).toMatch(/too many time-based triggers in this document/);
    expect(rt.run("schedule", [], { documentId: other }).error).toBeUndefined();
    expect(rt.run("mine").value).toBe(1);
    expect(rt.run("mine", [], { documentId: other }).value).toBe(1);
  });
});

describe("a time-driven trigger", () => {
  it("runs with the document it was created in by default", () => {
    const rt = createRuntime({ distDir: currentOnly });
    const other = rt.addDocument();
    rt.run("schedule", [], { documentId: other });
    rt.clock.advance(60 * 60 * 1000);
    expect(rt.fireDueTriggers().map((r) => r.value)).toEqual([other]);
  });

  it("with triggerDocument 'none' runs without one: the document's services are null", () => {
    const rt = createRuntime({ distDir: currentOnly, triggerDocument: "none" });
    rt.run("schedule");
    rt.run("schedule", [], { documentId: null });
    rt.clock.advance(60 * 60 * 1000);
    const runs = rt.fireDueTriggers();
    expect(runs.map((r) => r.value)).toEqual([null, null]);
    expect(rt.run("services", [], { documentId: null }).value).toEqual([true, true, true, true]);
    expect(rt.run("services").value).toEqual([false, false, false, false]);
  });
});

describe("SpreadsheetApp.openById", () => {
  it("is refused without the full spreadsheets scope, with Google's wording", () => {
    const rt = createRuntime({ distDir: currentOnly });
    const other = rt.addDocument("Second");
    expect(rt.run("open", [other]).errorMessage).toBe(
      "You do not have permission to call SpreadsheetApp.openById. Required permissions: https://www.googleapis.com/auth/spreadsheets",
    );
  });

  it("opens any of the runtime's spreadsheets with it, also without a current document", () => {
    const rt = createRuntime({ distDir: fullScope });
    const other = rt.addDocument("Second");
    expect(rt.run("open", [other], { documentId: null }).value).toBe("Second");
    expect(rt.run("open", ["1NoSuchSpreadsheet"], { documentId: null }).errorMessage).toMatch(
      /Unexpected error while getting the method or property openById/,
    );
  });
});

describe("a spreadsheet the user loses", () => {
  it("unshared: openById fails as for a file the user may not open; shared again, it opens", () => {
    const rt = createRuntime({ distDir: fullScope });
    const other = rt.addDocument("Second");
    rt.loseDocument(other, "unshared");
    expect(rt.run("open", [other], { documentId: null }).errorMessage).toBe("You do not have permission to access the requested document.");
    expect(rt.run("open", [other]).errorMessage).toBe("You do not have permission to access the requested document.");
    // The user cannot open it, so nothing runs there; the test still reads its content.
    expect(() => rt.run("here", [], { documentId: other })).toThrow(/lost/);
    expect(rt.spreadsheet(other).testing.sheetNames()).toEqual(["Sheet1"]);
    rt.restoreDocument(other);
    expect(rt.run("open", [other], { documentId: null }).value).toBe("Second");
    expect(rt.run("here", [], { documentId: other }).value).toBe(other);
  });

  it("deleted: openById fails as for an id no file has", () => {
    const rt = createRuntime({ distDir: fullScope });
    const other = rt.addDocument("Second");
    rt.loseDocument(other, "deleted");
    expect(rt.run("open", [other], { documentId: null }).errorMessage).toBe(
      "Unexpected error while getting the method or property openById on object SpreadsheetApp.",
    );
  });

  it("without the full scope, openById is refused for the scope first", () => {
    const rt = createRuntime({ distDir: currentOnly });
    const other = rt.addDocument();
    rt.loseDocument(other, "unshared");
    expect(rt.run("open", [other]).errorMessage).toMatch(/^You do not have permission to call SpreadsheetApp.openById/);
  });
});

describe("a spreadsheet whose writes fail", () => {
  it("reads still work, every write throws Google's service failure until it ends; other spreadsheets are unaffected", () => {
    const rt = createRuntime({ distDir: fullScope });
    const other = rt.addDocument("Second");
    const end = rt.failWrites(other);
    expect(rt.run("tag", ["a", "1"], { documentId: other }).errorMessage).toBe(
      `Service Spreadsheets failed while accessing document with id ${other}.`,
    );
    expect(rt.run("tags", [other], { documentId: null }).value).toEqual([]);
    expect(rt.run("open", [other], { documentId: null }).value).toBe("Second");
    expect(rt.run("tag", ["b", "2"]).error).toBeUndefined();
    end();
    expect(rt.run("tag", ["a", "1"], { documentId: other }).error).toBeUndefined();
    expect(rt.run("tags", [other], { documentId: null }).value).toEqual(["a=1"]);
  });
});

describe("developer metadata at the spreadsheet", () => {
  it("is stored with the spreadsheet, found by visibility and key, and updated in place", () => {
    const rt = createRuntime({ distDir: fullScope });
    rt.run("tag", ["a", "1"]);
    rt.run("retag", ["a", "2"]);
    expect(rt.run("tags", [DOCUMENT_ID], { documentId: null }).value).toEqual(["a=2"]);
  });

  it("refuses to grow past 30,000 characters at one location", () => {
    const rt = createRuntime({ distDir: fullScope });
    expect(rt.run("tag", ["big", "x".repeat(29_990)]).error).toBeUndefined();
    expect(rt.run("tag", ["more", "x".repeat(20)]).errorMessage).toMatch(/limit of 30000 characters/);
    expect(rt.run("tags", [DOCUMENT_ID]).value).toHaveLength(1);
  });
});
