// The Contacts exports (contract, "Contacts", Export, and "Contacts you can defend", Exports): the RFC 4180 writer read back by a
// strict parser written here (independent of the writer), the four formats' labels and required fields, only rows ready to send
// unless all, new ones only, of some types or sheets, Salesforce's Email Opt Out, and the formula guard on every field, or off.
import { CONTACT_HEADERS, readReady, type ContactValues } from "../../src/contacts/contact-columns";
import { chosenRows, contactsFile as fileOf, csvText, type ExportChoice } from "../../src/contacts/contacts-csv";
import { EXPORT_FORMAT, EXPORT_FORMATS, type ExportFormatId } from "../../src/contacts/export-formats";
import type { RowNow } from "../../src/contacts/ready-now";
import { contactsStatusOf } from "../../src/contacts/ready-counts";
import { parseCsv } from "./strict-csv";

function contact(values: Partial<ContactValues>): ContactValues {
  const blank = Object.fromEntries(CONTACT_HEADERS.map((name) => [name, ""])) as ContactValues;
  return { ...blank, "Ready to send": "Yes", ...values };
}

/** A row as the export decides it now: its cell as it is (the rules' part is ready-now's, tested there). */
const now = (values: ContactValues, index = 0, statuses: string[] = []): RowNow => ({
  row: { row: index + 2, values, statuses, consents: [] },
  cell: values["Ready to send"],
  ready: readReady(values["Ready to send"]),
});

/** The file for `format` of these contacts, as contactsCsv chooses and writes it. */
function contactsFile(
  rows: readonly ContactValues[],
  format: ExportFormatId,
  include: ExportChoice["include"],
  day: string,
  more: Partial<ExportChoice> = {},
) {
  const choice: ExportChoice = { format, include, types: null, sheets: null, guard: true, ...more };
  return fileOf(
    chosenRows(
      rows.map((values, i) => now(values, i)),
      choice,
    ),
    choice,
    day,
  );
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
    expect(header).toEqual(EXPORT_FORMAT[format].columns.filter((c) => !c.optOut).map((c) => c.label));
    expect(header).toContain("Email");
    const email = (header ?? []).indexOf("Email");
    expect(body.map((r) => r[email])).toEqual(["ann@acme.com", "info@bolt.io", "sales@nameless.example"]);
    expect(file.fileName).toBe(`contacts-${format}-ready-2026-11-29.csv`);
    expect(file.text.endsWith("\r\n")).toBe(true);
  });

  it('include "all" writes every row with an address', () => {
    const file = contactsFile(rows, "mail-merge", "all", "2026-11-29");
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

describe("the files a team makes week after week", () => {
  const week = [
    contact({ Email: "anna.schmidt@praxis-mitte.de", "Found in": "Dentists Berlin", Company: "Praxis Mitte", Domain: "praxis-mitte.de" }),
    contact({ Email: "info@praxis-mitte.de", "Found in": "Dentists Berlin", Exported: "HubSpot 2026-12-01" }),
    contact({ Email: "zahnarzt.weber@gmail.com", "Found in": "Dentists Berlin; Prospects", Company: "Weber", Domain: "gmail.com" }),
    contact({ Email: "sales-2@acme.com", "Found in": "Prospects", Exported: "Mail merge 2026-12-02; HubSpot 2026-12-02" }),
    contact({ Email: "bounced@acme.com", "Found in": "Prospects", "Ready to send": "No: bounced", "Country code": "US" }),
  ];
  const emails = (text: string): string[] =>
    parseCsv(text)
      .slice(1)
      .map((r) => r[0] ?? "");

  it('"new" leaves out what the tool already has and what a mail merge handled', () => {
    const rows = week.map((values, i) => now(values, i, i === 0 ? ["EMAIL_SENT"] : [""]));
    const choice: ExportChoice = { format: "hubspot", include: "new", types: null, sheets: null, guard: true };
    expect(chosenRows(rows, choice).map((r) => r.row.values.Email)).toEqual(["zahnarzt.weber@gmail.com"]);
    const salesforce = chosenRows(rows, { ...choice, format: "salesforce" }).map((r) => r.row.values.Email);
    expect(salesforce).toEqual(["info@praxis-mitte.de", "zahnarzt.weber@gmail.com", "sales-2@acme.com"]);
    expect(fileOf(chosenRows(rows, choice), choice, "2026-12-06").fileName).toBe("contacts-hubspot-new-2026-12-06.csv");
  });

  it("types and sheets choose one campaign's named people, and say so in the file's name", () => {
    const named = contactsFile(week, "mail-merge", "ready", "2026-12-06", { types: ["Named"] });
    expect(emails(named.text)).toEqual(["anna.schmidt@praxis-mitte.de"]);
    expect(named.fileName).toBe("contacts-mail-merge-ready-named-2026-12-06.csv");
    const prospects = contactsFile(week, "mail-merge", "all", "2026-12-06", { sheets: ["Prospects"], types: ["Role", "Free mail"] });
    expect(emails(prospects.text)).toEqual(["zahnarzt.weber@gmail.com", "sales-2@acme.com"]);
    expect(prospects.fileName).toBe("contacts-mail-merge-all-role-free-mail-prospects-2026-12-06.csv");
  });

  it("HubSpot and Pipedrive never take a company's domain from free mail", () => {
    const [header, ...body] = parseCsv(contactsFile(week, "hubspot", "ready", "2026-12-06").text);
    const domain = (header ?? []).indexOf("Company Domain Name");
    expect(body.map((r) => r[domain])).toEqual(["praxis-mitte.de", "", "", ""]);
    const [pipeHeader, ...pipe] = parseCsv(contactsFile(week, "pipedrive", "ready", "2026-12-06").text);
    expect(pipe.map((r) => r[(pipeHeader ?? []).indexOf("Organization domain")])).toEqual(["praxis-mitte.de", "", "", ""]);
  });

  it("Salesforce's file of every row says Email Opt Out 1 on a suppressed one, and the Country Code", () => {
    const rows = [...week, contact({ Email: "closed@acme.com", "Ready to send": "No: business closed permanently" })];
    const [header, ...body] = parseCsv(contactsFile(rows, "salesforce", "all", "2026-12-06").text);
    expect(header?.slice(-2)).toEqual(["Country Code", "Email Opt Out"]);
    expect(body.map((r) => [r[0], r[r.length - 2], r[r.length - 1]])).toEqual([
      ["anna.schmidt@praxis-mitte.de", "", "0"],
      ["info@praxis-mitte.de", "", "0"],
      ["zahnarzt.weber@gmail.com", "", "0"],
      ["sales-2@acme.com", "", "0"],
      ["bounced@acme.com", "US", "1"],
      ["closed@acme.com", "", "0"],
    ]);
    // A file of ready rows has no opt-out column: none of them is.
    expect(parseCsv(contactsFile(rows, "salesforce", "ready", "2026-12-06").text)[0]).not.toContain("Email Opt Out");
  });

  it("guard: false leaves a field starting like a formula as it is, for a CRM, and counts them either way", () => {
    const rows = [contact({ Email: "a@b.com", Company: "-Minus Dental" }), contact({ Email: "c@d.com", Company: "@Home Vets" })];
    const guarded = contactsFile(rows, "hubspot", "ready", "2026-12-06");
    const raw = contactsFile(rows, "hubspot", "ready", "2026-12-06", { guard: false });
    expect([guarded.formulaLike, raw.formulaLike, raw.rows]).toEqual([2, 2, 2]);
    const company = (text: string) =>
      parseCsv(text)
        .slice(1)
        .map((r) => r[3]);
    expect(company(guarded.text)).toEqual(["'-Minus Dental", "'@Home Vets"]);
    expect(company(raw.text)).toEqual(["-Minus Dental", "@Home Vets"]);
  });
});

describe("contactsStatusOf", () => {
  it("counts the ready ones, groups the others by their typed reason, and says what each means and what to do", () => {
    const cells = [
      "Yes",
      "yes",
      "No: bounced",
      "No: bounced",
      "No: unsubscribed",
      "No: address in Do not contact",
      "No: undeliverable address",
      "No: business closed permanently",
      "Check: prior consent needed (DE)",
      "Check: starts like a formula",
      "Check: not verified",
      "Check: accept_all",
      "Check: catch_all",
      "Check: unknown",
      "Check: greylisted",
      "No thanks, said on the phone",
      "",
    ];
    const rows = cells.map((ready, i) =>
      now(contact({ Email: `a${i}@x.example`, "Ready to send": ready, "Found in": i % 2 ? "B" : "A" }), i),
    );
    rows[0] = { ...(rows[0] as RowNow), cell: "No: bounced", ready: readReady("No: bounced") };
    const status = contactsStatusOf(rows);
    expect(status).toMatchObject({ exists: true, contacts: 17, ready: 1, stale: 1, exported: false, sheets: ["A", "B"] });
    expect(status.notReady).toEqual({
      bounced: 3,
      unsubscribed: 1,
      doNotContact: 1,
      undeliverable: 1,
      closed: 1,
      consent: 1,
      formula: 1,
      notVerified: 1,
      "check:accept_all": 2,
      "check:unknown": 1,
      "check:greylisted": 1,
      marked: 1,
      unread: 1,
    });
    expect(status.lines).toEqual([
      "1 of 17 contacts ready to send.",
      "Not ready: 3 bounced · 1 unsubscribed · 1 in Do not contact · 1 closed for good · 1 undeliverable · 1 marked No · 1 need prior " +
        "consent · 1 start like a formula · 2 accept-all domain · 1 unknown · 1 “greylisted” · 1 not verified · 1 without Ready to send",
      "1 row changed since the sheet was updated (a status, Do not contact or Settings): counted as they are now; " +
        "the next download or Refresh contacts writes them.",
    ]);
    expect(status.meanings).toContain(
      "Accept-all domain: the domain accepts every address, so the check cannot tell if this one exists. " +
        "Send only if a bounce or two is fine.",
    );
    expect(status.meanings).toContain(
      "Unknown: the check could not tell (the mail server did not answer). Send with care, or check again later.",
    );
    expect(status.meanings).toHaveLength(13);
    // Every meaning says what the reason is, then what to do.
    for (const meaning of status.meanings) expect(meaning).toMatch(/^[^:]+: .+\. .+\.$/);
    expect(contactsStatusOf(null)).toMatchObject({ exists: false, contacts: 0, lines: ["No Contacts sheet yet."], meanings: [] });
  });
});
