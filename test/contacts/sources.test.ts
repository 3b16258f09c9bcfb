// Tests how the Contacts sheet reads its sources (src/contacts/source-business.ts, contacts-of.ts,
// source-sheets.ts): the cells of a results row, the verification cell read back, the domain and
// the name split, and an enriched list read under its own header row by its name and website
// columns and enrichment's block.
import { fixedFacts } from "../storage/map-store";
import { splitName } from "../../src/contacts/contacts-of";
import { websiteDomain } from "../../src/rules/website-key";
import { listCell, readVerifications } from "../../src/contacts/source-business";
import { emailVerificationDetails } from "../../src/sheets/columns";
import { newJobRecord } from "../../src/jobs/job-record";
import { JobStore } from "../../src/jobs/job-store";
import { business, newDoc } from "./contacts-helpers";
import { RECORD_KINDS } from "../../src/app/record-kinds";

describe("source cells", () => {
  it("reads back each address's result from the cell the column table writes", () => {
    const written = emailVerificationDetails(
      business("b", { email_verifications: { "A@x.com": { result: "deliverable", quality: "high", source: "smtp" }, "b@x.com": {} } }),
    );
    expect(readVerifications(written)).toEqual(
      new Map([
        ["a@x.com", "deliverable"],
        ["b@x.com", ""],
      ]),
    );
    expect(readVerifications("")).toEqual(new Map());
  });

  it("splits a list cell on its commas, dropping empty items", () => {
    expect(listCell(" a@x.com, b@x.com,, ")).toEqual(["a@x.com", "b@x.com"]);
    expect(listCell(null)).toEqual([]);
  });

  it.each([
    ["https://WWW.Example.com/path?q=1", "example.com"],
    ["http://shop.example.co.uk:8080", "shop.example.co.uk"],
    ["example.org/contact", "example.org"],
    ["//www.x.io", "x.io"],
    ["", ""],
  ])("takes the domain of %j as %j", (website, domain) => {
    expect(websiteDomain(website)).toBe(domain);
  });

  it.each([
    ["Ann Marie Lee", "Ann Marie", "Lee"],
    ["Cher", "", "Cher"],
    ["  Bob   Ray ", "Bob", "Ray"],
    ["", "", ""],
  ])("splits %j into first %j and last %j", (name, first, last) => {
    expect(splitName(name)).toEqual({ first, last });
  });
});

describe("an enriched list as a source", () => {
  it("is read under its own header row: the user's name column as Company, the block's addresses, no City", () => {
    const doc = newDoc();
    doc.results("Searched", [business("s1", { title: "Searched Co", emails: ["shared@acme.com"] })]);
    doc.app.testing.userAddSheet("Prospects", 0); // first in the document's order
    doc.app.testing.userSeed("Prospects", "A1", [
      ["My list of accounts", "", "", "", "", "", "", "", "", "", ""],
      [
        "Website",
        "Business name",
        "Notes",
        "Enrichment status",
        "Emails",
        "Email status",
        "Verified emails",
        "Email verifications",
        "Owner names",
        "Owner emails",
        "Phone",
      ],
      [
        "acme.com",
        "Acme Roofing",
        "call",
        "completed",
        "shared@acme.com, info@acme.com",
        "",
        "",
        "info@acme.com: valid",
        "Jo Ray",
        "jo@acme.com",
        "+1 512-555-0100",
      ],
      ["bolt.com", "Bolt", "", "completed", "", "", "", "", "", "", ""],
    ]);
    const sheetId = doc.spreadsheet.getSheetByName("Prospects")?.getSheetId() ?? null;
    new JobStore(doc.store, fixedFacts(), RECORD_KINDS).save({
      ...newJobRecord({
        id: "enrich-1",
        kind: "enrichment",
        name: "Prospects",
        sheetId,
        sheetName: "Prospects",
        status: "completed",
        createdAt: "2026-11-01T00:00:00Z",
        timeZone: "Etc/UTC",
      }),
      enrichment: { headerRow: 2, nameHeader: "Business name", nameColumn: 2, websiteHeader: "Website", websiteColumn: 1 },
    } as never);
    doc.sync();
    expect(
      doc
        .rows()
        .map((r) => [r.Email, r.Role, r.Name, r.Company, r.Domain, r.Phone, r.City, r["Email check"], r["Ready to send"], r["Found in"]]),
    ).toEqual([
      [
        "shared@acme.com",
        "General",
        "",
        "Acme Roofing",
        "acme.com",
        "+1 512-555-0100",
        "",
        "",
        "Check: not verified",
        "Prospects; Searched",
      ],
      ["info@acme.com", "General", "", "Acme Roofing", "acme.com", "+1 512-555-0100", "", "valid", "Yes", "Prospects"],
      ["jo@acme.com", "Owner", "Jo Ray", "Acme Roofing", "acme.com", "+1 512-555-0100", "", "", "Check: not verified", "Prospects"],
    ]);
  });
});

describe("a record written before it kept its sheet's id", () => {
  it("names its sheet by name, read as any other", () => {
    const doc = newDoc();
    doc.results("Old search", [business("o1", { emails: ["a@old.com"] })]);
    const store = new JobStore(doc.store, fixedFacts(), RECORD_KINDS);
    const [record] = store.all();
    if (!record) throw new Error("no record");
    store.save({ ...record, sheetId: null });
    expect(doc.sync()).toMatchObject({ contacts: 1, added: 1 });
    expect(doc.rows()[0]).toMatchObject({ Email: "a@old.com", "Found in": "Old search" });
  });
});
