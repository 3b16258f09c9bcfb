// contactsCsv and contactsStatus on the BUILT bundles (dist/ and dist-full/) in the fakes (contract,
// "Contacts", Export): a clear sentence before the sheet exists, each format read back by a strict
// RFC 4180 parser, only rows ready to send unless all, the formula guard, and only `Exported` written.
import * as path from "node:path";
import { pollUntil, readSheet, sidebar, type JobView } from "../../dev/world";
import { setUpAccount, useWorld } from "../fixtures/world";
import { parseCsv } from "../contacts/strict-csv";

const BUILDS = [
  { build: "default", distDir: path.resolve(__dirname, "../../dist") },
  { build: "full-scope", distDir: path.resolve(__dirname, "../../dist-full") },
];

const world = useWorld(6);

describe.each(BUILDS)("contactsCsv ($build build)", ({ distDir }) => {
  it("says to build the sheet first, then exports each format from the Contacts sheet by its headers", async () => {
    const { runtime } = await setUpAccount(world, { credits: 5000, maxActiveJobs: 25, runtime: { distDir } });
    expect(() => sidebar(runtime, "contactsCsv", { format: "hubspot" })).toThrow(/There is no Contacts sheet yet: click Build contacts/);
    expect(sidebar(runtime, "contactsStatus")).toEqual({
      exists: false,
      contacts: 0,
      ready: 0,
      notReady: {},
      stale: 0,
      exported: false,
      sheets: [],
      lines: ["No Contacts sheet yet."],
      meanings: [],
    });
    expect(() => sidebar(runtime, "contactsCsv", { format: "excel" as "hubspot" })).toThrow(/"excel" is none of them/);

    const [location] = sidebar(runtime, "findLocations", { q: "Austin" });
    const job = sidebar(runtime, "startSearch", { query: "dentists", location: location?.label, maxResults: 100, enrichContacts: true });
    pollUntil(world, runtime, (list) =>
      list.some((j: JobView) => j.jobId === job.jobId && j.status === "completed" && j.rowsWritten === j.leadCount),
    );
    sidebar(runtime, "buildContacts", {});
    const testing = runtime.spreadsheetApp.testing;
    // The user moves nothing but adds a status column and marks the first address bounced; the second gets a formula-like company.
    const before = readSheet(runtime, "Contacts");
    const last = before.headers.length;
    testing.userSeed("Contacts", `${String.fromCharCode(65 + last)}1`, [["Merge status"], ["BOUNCED"]]);
    sidebar(runtime, "buildContacts", {});
    const company = before.headers.indexOf("Company");
    testing.userType("Contacts", `${String.fromCharCode(65 + company)}3`, "'=1+2");
    const sheet = readSheet(runtime, "Contacts");

    const ready = sheet.rows.filter((r) => r["Ready to send"] === "Yes");
    expect(ready.length).toBeGreaterThan(2);
    expect(ready.map((r) => r.Email)).not.toContain(sheet.rows[0]?.Email);
    const status = sidebar(runtime, "contactsStatus");
    expect(status).toMatchObject({ exists: true, contacts: sheet.rows.length, ready: ready.length });
    expect(status.notReady.bounced).toBe(1);

    for (const format of ["hubspot", "salesforce", "pipedrive", "mail-merge"] as const) {
      const file = sidebar(runtime, "contactsCsv", { format });
      expect(file.fileName).toMatch(new RegExp(`^contacts-${format}[a-z-]*-ready-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
      const [header, ...body] = parseCsv(file.text);
      const email = (header ?? []).indexOf("Email");
      expect(email).toBeGreaterThanOrEqual(0);
      expect(body.map((r) => r[email])).toEqual(ready.map((r) => String(r.Email)));
    }
    const all = parseCsv(sidebar(runtime, "contactsCsv", { format: "salesforce", include: "all" }).text);
    expect(all).toHaveLength(sheet.rows.length + 1);
    const [header, ...rows] = all;
    const at = (label: string) => (header ?? []).indexOf(label);
    expect(rows.every((r) => r[at("Last Name")] !== "" && r[at("Company")] !== "")).toBe(true);
    expect(rows[1]?.[at("Company")]).toBe("'=1+2");
    // For a CRM: no ' in front, and the sidebar's words say so.
    const raw = sidebar(runtime, "contactsCsv", { format: "salesforce", include: "all", guard: false });
    const [rawHeader, ...rawRows] = parseCsv(raw.text);
    expect(rawRows[1]?.[(rawHeader ?? []).indexOf("Company")]).toBe("=1+2");
    expect(raw.said).toMatch(
      /^contacts-salesforce-all-\d{4}-\d{2}-\d{2}\.csv: \d+ contacts\. \d+ fields start like a formula, left as they are for the CRM\.$/,
    );
    // Nothing changed but `Exported`: each tool and the day, on each row of its file.
    const after = readSheet(runtime, "Contacts");
    const day = String(
      /(\d{4}-\d{2}-\d{2})\.csv$/.exec(sidebar(runtime, "contactsCsv", { format: "hubspot", include: "new" }).fileName)?.[1],
    );
    const exported = (row: Record<string, unknown>): string =>
      row["Ready to send"] === "Yes" ? `HubSpot ${day}; Salesforce ${day}; Pipedrive ${day}; Mail merge ${day}` : `Salesforce ${day}`;
    expect(after.rows.map((r) => r.Exported)).toEqual(sheet.rows.map(exported));
    expect(after.rows.map(({ Exported, ...rest }) => rest)).toEqual(sheet.rows.map(({ Exported, ...rest }) => rest));
    expect(sidebar(runtime, "contactsStatus")).toMatchObject({ exported: true, stale: 0 });
  });
});
