// The Contacts exports (contract, "Contacts", Export): the RFC 4180 writer read back by a strict
// parser written here (independent of the writer), the four formats' labels and required fields,
// only rows ready to send unless all, and the formula guard on every field.
import { CONTACT_HEADERS, type ContactValues } from "../../src/contacts/contact-columns";
import { contactsFile } from "../../src/contacts/contacts-csv";
import { csvText } from "../../src/contacts/csv";
import { EXPORT_FORMAT, EXPORT_FORMATS } from "../../src/contacts/export-formats";
import { contactsStatusOf } from "../../src/contacts/ready-counts";
import { parseCsv } from "./strict-csv";

function contact(values: Partial<ContactValues>): ContactValues {
  const blank = Object.fromEntries(CONTACT_HEADERS.map((name) => [name, ""])) as ContactValues;
  return { ...blank, "Ready to send": "Yes", ...values };
}

const TRICKY = ["a,b", 'say "hi"', "line\r\nbreak", "lf\nonly", "cr\ronly", "", " spaced ", "naïve café ✓", '"', ",", "\r\n"];

describe("csvText", () => {
  it("round-trips every awkward field through a strict RFC 4180 parser", () => {
    const rows = [TRICKY, TRICKY.map((t) => t.toUpperCase()), ["", "", ""]];
    expect(parseCsv(csvText(rows))).toEqual(rows);
  });

  it("writes commas, CRLF record ends, quotes only where needed, doubled quotes", () => {
    expect(
      csvText([
        ["a", "b,c", 'd"e', "f\ng"],
        ["1", "", "x", "y"],
      ]),
    ).toBe('a,"b,c","d""e","f\ng"\r\n1,,x,y\r\n');
  });
});

describe("contactsFile", () => {
  const rows = [
    contact({
      Email: "ann@acme.com",
      Name: "Ann Lee",
      "First name": "Ann",
      "Last name": "Lee",
      Company: "Acme, Inc.",
      Domain: "acme.com",
      Website: "https://acme.com",
      Phone: "+1 512-555-0100",
      City: "Austin",
      "Country code": "US",
    }),
    contact({ Email: "info@bolt.io", Company: "", Domain: "bolt.io" }),
    contact({ Email: "sales@nameless.example" }),
    contact({ Email: "bounced@acme.com", Company: "Acme", "Ready to send": "No: bounced" }),
    contact({ Email: "maybe@acme.com", Company: "Acme", "Ready to send": "Check: not verified" }),
  ];

  it.each(EXPORT_FORMATS)("%s: a header row of the tool's labels with Email, then one row per ready contact", (format) => {
    const file = contactsFile(rows, format, "ready", "2026-11-29");
    const [header, ...body] = parseCsv(file.text);
    expect(header).toEqual(EXPORT_FORMAT[format].columns.map((c) => c.label));
    expect(header).toContain("Email");
    const email = (header ?? []).indexOf("Email");
    expect(body.map((r) => r[email])).toEqual(["ann@acme.com", "info@bolt.io", "sales@nameless.example"]);
    expect(file.fileName).toBe(`contacts-${EXPORT_FORMAT[format].fileTag}-ready-2026-11-29.csv`);
    expect(file.text.endsWith("\r\n")).toBe(true);
  });

  it('include "all" writes every row with an address', () => {
    const file = contactsFile([...rows, contact({ Email: "  " })], "mail-merge", "all", "2026-11-29");
    expect(
      parseCsv(file.text)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(rows.map((r) => r.Email));
    expect(file.fileName).toContain("-all-");
  });

  it("HubSpot keys the company by Company Domain Name; the phone stays a number, unguarded", () => {
    const [header, ann] = parseCsv(contactsFile(rows, "hubspot", "ready", "2026-11-29").text);
    const record = Object.fromEntries((header ?? []).map((label, i) => [label, ann?.[i]]));
    expect(record).toMatchObject({
      Email: "ann@acme.com",
      "First Name": "Ann",
      "Last Name": "Lee",
      "Company Name": "Acme, Inc.",
      "Company Domain Name": "acme.com",
      "Phone Number": "+1 512-555-0100",
      "Website URL": "https://acme.com",
      City: "Austin",
    });
  });

  it("Salesforce's Last Name and Company are never empty: Unknown, and the domain for a company without a name", () => {
    const [header, ...body] = parseCsv(contactsFile(rows, "salesforce", "ready", "2026-11-29").text);
    const last = (header ?? []).indexOf("Last Name");
    const company = (header ?? []).indexOf("Company");
    expect(body.map((r) => [r[last], r[company]])).toEqual([
      ["Lee", "Acme, Inc."],
      ["Unknown", "bolt.io"],
      ["Unknown", "Unknown"],
    ]);
  });

  it("Pipedrive's required person Name falls back to the company, then the address", () => {
    const [header, ...body] = parseCsv(contactsFile(rows, "pipedrive", "ready", "2026-11-29").text);
    const name = (header ?? []).indexOf("Name");
    expect(body.map((r) => r[name])).toEqual(["Ann Lee", "info@bolt.io", "sales@nameless.example"]);
  });

  it("puts a ' before every field a spreadsheet would run as a formula, and only those", () => {
    const risky = contact({
      Email: "x@evil.example",
      Company: '=HYPERLINK("http://x")',
      "First name": "@SUM(A1)",
      "Last name": "+cmd",
      City: "-2+3",
      Phone: "-1 (512) 555.0100",
      Website: "\tpad",
      Domain: "\rcr",
      "Ready to send": "Check: starts like a formula",
    });
    const [header, row] = parseCsv(contactsFile([risky], "mail-merge", "all", "2026-11-29").text);
    const record = Object.fromEntries((header ?? []).map((label, i) => [label, row?.[i]]));
    expect(record).toEqual({
      Email: "x@evil.example",
      "First name": "'@SUM(A1)",
      "Last name": "'+cmd",
      Company: '\'=HYPERLINK("http://x")',
      Domain: "'\rcr",
      Website: "'\tpad",
      Phone: "-1 (512) 555.0100",
      City: "'-2+3",
    });
    // Never exported as ready: its Ready to send is Check.
    expect(parseCsv(contactsFile([risky], "mail-merge", "ready", "2026-11-29").text)).toHaveLength(1);
  });
});

describe("contactsStatusOf", () => {
  it("counts the ready ones and groups the others by their typed reason", () => {
    const cells = [
      "Yes",
      "yes",
      "No: bounced",
      "No: bounced",
      "No: unsubscribed",
      "No: address in Do not contact",
      "No: undeliverable address",
      "No: business closed permanently",
      "Check: starts like a formula",
      "Check: not verified",
      "Check: risky",
      "No thanks, said on the phone",
      "",
    ];
    const status = contactsStatusOf(cells.map((ready, i) => contact({ Email: `a${i}@x.example`, "Ready to send": ready })));
    expect(status).toEqual({
      exists: true,
      contacts: 13,
      ready: 2,
      notReady: {
        bounced: 2,
        unsubscribed: 1,
        doNotContact: 1,
        undeliverable: 1,
        closed: 1,
        formula: 1,
        notVerified: 1,
        checkResult: 1,
        marked: 1,
        unread: 1,
      },
      lines: [
        "2 of 13 contacts ready to send.",
        "Not ready: 2 bounced · 1 unsubscribed · 1 in Do not contact · 1 closed for good · 1 undeliverable · 1 marked No · 1 start like a formula · 1 to check · 1 not verified · 1 without Ready to send",
      ],
    });
    expect(contactsStatusOf(null)).toEqual({ exists: false, contacts: 0, ready: 0, notReady: {}, lines: ["No Contacts sheet yet."] });
  });
});
