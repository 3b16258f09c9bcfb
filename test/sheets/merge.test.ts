// Tests the merge of a run into a search's sheet (src/sheets/merge.ts) on the spreadsheet fake:
// rows matched by Maps URL, new businesses appended, missing ones marked, the user's notes and rows
// kept; an empty new value never blanks a filled cell (the email columns kept together), and the
// row says what it kept; the sheet read once and written in one block; a repeat after a kill
// changes nothing.
import { BusinessSchema, type Business } from "../../src/api/schemas";
import { mergeBusinesses } from "../../src/sheets/merge";
import { createResultSheet } from "../../src/sheets/result-sheet";
import { upsertBusinesses } from "../../src/sheets/writer";
import { resultColumns, seenOn } from "../../src/sheets/columns";
import { FakeSpreadsheetApp } from "../../dev/fakes/spreadsheet";

import type { CallKind } from "../../dev/fakes/spreadsheet/document";

function business(n: number, run: number, fields: Record<string, unknown> = {}): Business {
  const parsed = BusinessSchema.safeParse({
    id: `run${run}-b${n}`,
    search_id: `run${run}`,
    position: n,
    title: `Clinic ${n}`,
    maps_url: `https://maps.example/?q=place_id:P${n}`,
    phone: `+1 512-555-01${String(n).padStart(2, "0")}`,
    emails: [`info@clinic${n}.com`],
    email_verification_status: "completed",
    email_verifications: { [`info@clinic${n}.com`]: { result: "deliverable" } },
    owner_emails: [`owner@clinic${n}.com`],
    ...fields,
  });
  if (!parsed.success) throw new Error(parsed.error.message);
  return parsed.data;
}

function sheetWith(businesses: Business[]) {
  const calls: Array<[CallKind, string]> = [];
  const app = new FakeSpreadsheetApp({ onCall: (kind: CallKind, method: string) => calls.push([kind, method]) });
  const spreadsheet = app.getActiveSpreadsheet() as unknown as GoogleAppsScript.Spreadsheet.Spreadsheet;
  const sheet = createResultSheet(spreadsheet, "Dentists");
  upsertBusinesses(sheet, businesses, resultColumns(seenOn("2026-11-01")), { removeOthers: true });
  calls.length = 0;
  const row = (name: string): Record<string, unknown> => {
    const values = app.testing.values("Dentists");
    const header = (values[0] ?? []).map(String);
    const found = values.find((cells) => cells[header.indexOf("Name")] === name) ?? [];
    return Object.fromEntries(header.map((h, i) => [h, found[i]]));
  };
  return { app, sheet, calls, row };
}

describe("mergeBusinesses", () => {
  it("keeps the email columns together when the run found no emails, and any other filled cell the run left empty; the row says so", () => {
    const { sheet, row } = sheetWith([business(1, 0), business(2, 0), business(3, 0)]);
    const before = row("Clinic 1");
    const merged = mergeBusinesses(
      sheet,
      [
        business(1, 1, { emails: [], email_verifications: {}, email_verification_status: "completed" }),
        business(2, 1, { phone: null, owner_emails: [] }),
        business(3, 1, { emails: ["new@clinic3.com"], email_verifications: {} }),
      ],
      "2026-11-27",
    );
    const kept = row("Clinic 1");
    for (const header of ["Emails", "Email status", "Verified emails", "Email verification status", "Email verifications"])
      expect(kept[header]).toBe(before[header]);
    expect(kept["Business ID"]).toBe("run1-b1");
    expect(kept["Latest refresh"]).toBe("Updated · kept earlier emails");
    const two = row("Clinic 2");
    expect([two.Phone, two["Owner emails"], two["Latest refresh"]]).toEqual([
      "+1 512-555-0102",
      "owner@clinic2.com",
      "Updated · kept earlier phone and owner emails",
    ]);
    // New addresses replace the old ones, with what is known of them (none verified yet).
    const three = row("Clinic 3");
    expect([three.Emails, three["Verified emails"], three["Email status"], three["Latest refresh"]]).toEqual([
      "new@clinic3.com",
      "",
      "0 of 1 verified",
      "Updated · 1 email replaced",
    ]);
    expect(merged).toEqual({ added: 0, updated: 3, notFound: 0, businessRows: 3, keptEarlier: 2 });
  });

  it(
    "says which contact column changed and how, where the service downgraded a check or dropped an " + "address; kept cells say nothing",
    () => {
      const two = {
        emails: ["info@clinic1.com", "sales@clinic1.com"],
        email_verifications: { "info@clinic1.com": { result: "deliverable" }, "sales@clinic1.com": { result: "deliverable" } },
      };
      const { sheet, row } = sheetWith([
        business(1, 0, two),
        business(2, 0),
        business(3, 0, { owner_emails: ["a@clinic3.com", "b@clinic3.com"] }),
        business(4, 0),
      ]);
      mergeBusinesses(
        sheet,
        [
          // Both addresses still there, one no longer verified: the service now says "unknown".
          business(1, 1, {
            ...two,
            email_verifications: { "info@clinic1.com": { result: "deliverable" }, "sales@clinic1.com": { result: "unknown" } },
          }),
          // An address dropped, and no Yelp this time (kept).
          business(2, 1, { emails: [], email_verifications: {}, socials: null }),
          business(3, 1, { owner_emails: ["a@clinic3.com"], phone: "+1 512-555-0999" }),
          business(4, 1),
        ],
        "2026-11-27",
      );
      expect(row("Clinic 1")["Verified emails"]).toBe("info@clinic1.com");
      expect(row("Clinic 1")["Latest refresh"]).toBe("Updated · verification now unknown");
      // No emails returned: the email columns keep theirs together, so nothing of them changed.
      expect(row("Clinic 2")["Latest refresh"]).toBe("Updated · kept earlier emails");
      expect(row("Clinic 2").Emails).toBe("info@clinic2.com");
      expect(row("Clinic 3")["Latest refresh"]).toBe("Updated · phone changed, 1 owner email fewer");
      expect(row("Clinic 4")["Latest refresh"]).toBe("Updated");
      // An address fewer, and a kept column: both said.
      mergeBusinesses(
        sheet,
        [
          business(1, 2, {
            emails: ["info@clinic1.com"],
            email_verifications: { "info@clinic1.com": { result: "deliverable" } },
            owner_emails: [],
          }),
        ],
        "2026-11-28",
      );
      expect(row("Clinic 1")["Latest refresh"]).toBe("Updated · 1 email fewer · kept earlier owner emails");
    },
  );

  it("counts each run's own no-longer-found rows, not every row missing since the first run", () => {
    const { sheet } = sheetWith(Array.from({ length: 10 }, (_, i) => business(i + 1, 0)));
    const runOf = (run: number, numbers: number[]) => numbers.map((n) => business(n, run));
    expect(mergeBusinesses(sheet, runOf(1, [3, 4, 5, 6, 7, 8, 9, 10]), "2026-11-27").notFound).toBe(2);
    expect(mergeBusinesses(sheet, runOf(2, [5, 6, 7, 8, 9, 10]), "2026-11-28").notFound).toBe(2);
    // A row found again is updated; the three missing this run are this run's.
    const third = mergeBusinesses(sheet, runOf(3, [1, 8, 9, 10]), "2026-11-29");
    expect([third.updated, third.notFound]).toEqual([4, 3]);
    // The same merge again (a kill before the job was saved): the rows it marked are still this run's.
    expect(mergeBusinesses(sheet, runOf(3, [1, 8, 9, 10]), "2026-11-29").notFound).toBe(3);
  });

  it("reads the sheet once and writes it in one block: appended, updated and no-longer-found rows together", () => {
    const { sheet, calls, app } = sheetWith(Array.from({ length: 50 }, (_, i) => business(i + 1, 0)));
    const run = Array.from({ length: 49 }, (_, i) => business(i + 2, 1)).concat([business(60, 1)]);
    const merged = mergeBusinesses(sheet, run, "2026-11-27");
    expect(merged).toEqual({ added: 1, updated: 49, notFound: 1, businessRows: 51, keptEarlier: 0 });
    const writes = calls.filter(([kind, method]) => kind === "write" && /setValues/.test(method));
    expect(writes).toHaveLength(1);
    expect(calls.filter(([, method]) => /getValues|getFormulas/.test(method)).length).toBeLessThanOrEqual(3);
    const values = app.testing.values("Dentists");
    const refresh = (values[0] ?? []).indexOf("Latest refresh");
    expect(values.slice(1).map((cells) => cells[refresh])).toEqual(["No longer found", ...Array(49).fill("Updated"), "New"]);
  });

  it("leaves the user's rows, notes and a copied row as they are, and a repeat changes nothing", () => {
    const { sheet, app, row } = sheetWith([business(1, 0), business(2, 0)]);
    const width = (app.testing.values("Dentists")[0] ?? []).length;
    app.testing.userType("Dentists", `${columnA1(width + 1)}1`, "Notes");
    app.testing.userType("Dentists", `${columnA1(width + 1)}2`, "=1+1");
    app.testing.userSeed("Dentists", "A4", [["My own lead"]]);
    const copy = (app.testing.values("Dentists")[2] ?? []).slice(0, width).map((value) => String(value));
    app.testing.userSeed("Dentists", "A5", [copy]);
    const run = [business(2, 1, { emails: [] }), business(3, 1)];
    mergeBusinesses(sheet, run, "2026-11-27");
    const once = app.testing.values("Dentists");
    expect(app.testing.formulas("Dentists", `${columnA1(width + 1)}2`)).toEqual([["=1+1"]]);
    expect(row("My own lead").Name).toBe("My own lead");
    expect(row("Clinic 1")["Latest refresh"]).toBe("No longer found");
    expect(row("Clinic 2")["Latest refresh"]).toBe("Updated · kept earlier emails");
    expect(row("Clinic 3")["Latest refresh"]).toBe("New");
    // The copy (a second row of Clinic 2's Business ID) is the user's: left as it was.
    expect((once[4] ?? []).slice(0, width).map(String)).toEqual(copy);
    mergeBusinesses(sheet, run, "2026-11-27");
    expect(app.testing.values("Dentists")).toEqual(once);
  });
});

function columnA1(column: number): string {
  let text = "";
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) text = String.fromCharCode(65 + ((n - 1) % 26)) + text;
  return text;
}

describe("a results sheet retyped by a person", () => {
  it("decides by each row's run code: a Latest refresh translated or cleared changes nothing of a merge repeated after a kill", () => {
    const { app, sheet, row } = sheetWith(Array.from({ length: 4 }, (_, i) => business(i + 1, 0)));
    const run = [business(1, 1), business(2, 1), business(5, 1)];
    expect(mergeBusinesses(sheet, run, "2026-11-27")).toMatchObject({ added: 1, updated: 2, notFound: 2 });
    const header = (app.testing.values("Dentists")[0] ?? []).map(String);
    const latest = String.fromCharCode(65 + header.indexOf("Latest refresh"));
    // A person translates every word of Latest refresh (and clears one).
    app.testing.userType("Dentists", `${latest}2:${latest}5`, "Aktualisiert");
    app.testing.userType("Dentists", `${latest}6`, "");
    // The same run merged again (a kill before its record was saved): the same counts, the words written again.
    expect(mergeBusinesses(sheet, run, "2026-11-27")).toMatchObject({ added: 1, updated: 2, notFound: 2 });
    expect(row("Clinic 5")["Latest refresh"]).toBe("New");
    expect(row("Clinic 3")["Latest refresh"]).toBe("Aktualisiert"); // a row the run did not write keeps the person's words
  });
});
