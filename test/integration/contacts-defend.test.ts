// "Contacts you can defend" on the BUILT bundles (dist/ and dist-full/) in the fakes (contract): Source, First and Last found,
// Address type and Exported; the consent countries (DE until a team sets its own, Settings shows them) and a Berlin search's
// `Check: prior consent needed (DE)`; an export that reads a status marked a moment ago; "new since the last file" after a refresh;
// and an address forgotten from the sidebar and the menu that no refresh, pass, build or export brings back.
import * as path from "node:path";
import type { FakeRuntime } from "../../dev/fakes/runtime";
import { pollUntil, readSheet, serviceResults, sidebar, sheetOf, type JobView } from "../../dev/world";
import { setUpAccount, useWorld } from "../fixtures/world";
import { parseCsv } from "../contacts/strict-csv";
import { onBuilds } from "../tier";

const DEFAULT = { build: "default", distDir: path.resolve(__dirname, "../../dist") };
const FULL = { build: "full-scope", distDir: path.resolve(__dirname, "../../dist-full") };
const BUILDS = [DEFAULT, FULL];
const HOUR = 60 * 60 * 1000;

const world = useWorld(23);

const letter = (index: number): string =>
  (index < 26 ? "" : String.fromCharCode(64 + Math.floor(index / 26))) + String.fromCharCode(65 + (index % 26));

function finish(runtime: FakeRuntime, jobId: string): JobView {
  const jobs = pollUntil(world, runtime, (list) =>
    list.some((j) => j.jobId === jobId && j.status === "completed" && j.rowsWritten === j.leadCount),
  );
  return jobs.find((j) => j.jobId === jobId) as JobView;
}

async function searched(distDir: string, city: string, country?: string) {
  const { runtime, apiKey } = await setUpAccount(world, { credits: 5000, maxActiveJobs: 25, runtime: { distDir } });
  const [location] = sidebar(runtime, "findLocations", { q: city, country });
  const job = sidebar(runtime, "startSearch", { query: "dentists", location: location?.label, maxResults: 100, enrichContacts: true });
  return { runtime, apiKey, label: location?.label ?? "", job: finish(runtime, job.jobId) };
}

const emailsOf = (text: string): string[] => {
  const [header, ...rows] = parseCsv(text);
  const at = (header ?? []).indexOf("Email");
  return rows.map((row) => String(row[at]).toLowerCase());
};

/** Every hour of a day and one more, the add-on's trigger fired as Apps Script would. */
function aDayLater(runtime: FakeRuntime): void {
  for (let hour = 0; hour < 26; hour += 1) {
    world.clock.advance(HOUR);
    for (const run of runtime.fireDueTriggers()) expect(run.errorMessage).toBeUndefined();
  }
}

onBuilds(BUILDS, DEFAULT)("Contacts you can defend ($build build)", ({ distDir }) => {
  it("says each address's source, dates and type, asks for consent in Berlin, and lets a team change its countries", async () => {
    const { runtime, label, job } = await searched(distDir, "Berlin", "DE");
    expect(sidebar(runtime, "getSettings").consentCountries).toEqual(["DE"]);
    sidebar(runtime, "buildContacts", {});
    const { rows } = readSheet(runtime, "Contacts");
    const today = String(rows[0]?.["First found"]);
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const row of rows) {
      expect(row).toMatchObject({ Source: `dentists · ${label}`, "First found": today, "Last found": today, "Found in": sheetOf(job) });
      expect(["Named", "Role", "Free mail"]).toContain(row["Address type"]);
      expect(row["Country code"]).toBe("DE");
      expect(String(row["Ready to send"])).toMatch(/^(No: |Check: prior consent needed \(DE\)$)/);
    }
    expect(rows.filter((r) => r["Address type"] === "Role").length).toBeGreaterThan(0);
    const consent = rows.filter((r) => r["Ready to send"] === "Check: prior consent needed (DE)");
    expect(consent.length).toBeGreaterThan(1);
    expect(sidebar(runtime, "contactsStatus").notReady.consent).toBe(consent.length);

    // A column headed Consent that records it lifts the check, at the next download already.
    const headers = readSheet(runtime, "Contacts").headers;
    const first = rows.indexOf(consent[0] as (typeof rows)[number]) + 2;
    runtime.spreadsheetApp.testing.userSeed("Contacts", `${letter(headers.length)}1`, [["Consent"]]);
    runtime.spreadsheetApp.testing.userType("Contacts", `${letter(headers.length)}${first}`, "yes, at the fair");
    const file = sidebar(runtime, "contactsCsv", { format: "hubspot" });
    const lifted = readSheet(runtime, "Contacts").rows[first - 2];
    expect(lifted?.["Ready to send"]).toBe(consent[0]?.["Email check"] === "deliverable" ? "Yes" : lifted?.["Ready to send"]);
    expect(lifted?.["Ready to send"]).not.toBe("Check: prior consent needed (DE)");
    expect(emailsOf(file.text).length).toBe(readSheet(runtime, "Contacts").rows.filter((r) => r["Ready to send"] === "Yes").length);

    // The team's own list: none. The next build decides again.
    expect(sidebar(runtime, "setConsentCountries", { countries: [] })).toEqual([]);
    expect(sidebar(runtime, "getSettings").consentCountries).toEqual([]);
    sidebar(runtime, "buildContacts", {});
    expect(readSheet(runtime, "Contacts").rows.some((r) => String(r["Ready to send"]).startsWith("Check: prior consent"))).toBe(false);
    expect(sidebar(runtime, "setConsentCountries", { countries: ["de", "at"] })).toEqual(["DE", "AT"]);
    expect(() => sidebar(runtime, "setConsentCountries", { countries: ["Germany"] })).toThrow(/two-letter code/);
  });

  it("reads a status marked a moment ago at the download, and a refresh's new rows make the next 'new' file", async () => {
    const { runtime, job } = await searched(distDir, "Denver");
    sidebar(runtime, "setRefresh", { jobId: job.jobId, every: "day" });
    sidebar(runtime, "buildContacts", {});
    const before = readSheet(runtime, "Contacts");
    const ready = before.rows.filter((r) => r["Ready to send"] === "Yes").map((r) => String(r.Email));
    expect(ready.length).toBeGreaterThan(3);
    // The mail merge marks two ready ones, no pass runs: the file already leaves them out, and their cells say so.
    const status = letter(before.headers.length);
    const rowOf = (email: string) => before.rows.findIndex((r) => r.Email === email) + 2;
    runtime.spreadsheetApp.testing.userSeed("Contacts", `${status}1`, [["Merge status"]]);
    runtime.spreadsheetApp.testing.userType("Contacts", `${status}${rowOf(ready[0] ?? "")}`, "EMAIL_BOUNCED");
    runtime.spreadsheetApp.testing.userType("Contacts", `${status}${rowOf(ready[1] ?? "")}`, "UNSUBSCRIBED");
    expect(sidebar(runtime, "contactsStatus")).toMatchObject({ ready: ready.length - 2, stale: 2 });
    const first = sidebar(runtime, "contactsCsv", { format: "hubspot" });
    expect(emailsOf(first.text)).toEqual(ready.slice(2).map((e) => e.toLowerCase()));
    expect(first.said).toMatch(/2 rows' Ready to send changed now\.$/);
    const after = readSheet(runtime, "Contacts").rows;
    expect([ready[0], ready[1]].map((e) => after.find((r) => r.Email === e)?.["Ready to send"])).toEqual([
      "No: bounced",
      "No: unsubscribed",
    ]);
    expect(sidebar(runtime, "contactsStatus")).toMatchObject({ stale: 0, exported: true });

    // Nothing new yet; a day later the refresh brings new businesses: the new file holds what HubSpot has not had, their ready
    // addresses among it (and any older one the refresh's check turned ready), nothing of the first file, nothing a merge handled.
    expect(emailsOf(sidebar(runtime, "contactsCsv", { format: "hubspot", include: "new" }).text)).toEqual([]);
    aDayLater(runtime);
    const refreshed = readSheet(runtime, "Contacts").rows;
    const added = refreshed.slice(before.rows.length).filter((r) => r["Ready to send"] === "Yes");
    expect(added.length).toBeGreaterThan(0);
    const sent = new Set(emailsOf(first.text));
    const unsent = refreshed.filter((r) => r["Ready to send"] === "Yes" && !sent.has(String(r.Email).toLowerCase()));
    const fresh = sidebar(runtime, "contactsCsv", { format: "hubspot", include: "new" });
    expect(fresh.fileName).toMatch(/^contacts-hubspot-new-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(emailsOf(fresh.text)).toEqual(unsent.map((r) => String(r.Email).toLowerCase()));
    expect(emailsOf(fresh.text)).toEqual(expect.arrayContaining(added.map((r) => String(r.Email).toLowerCase())));
    // Another tool has had none of them: its "new" file is every ready row.
    const ready2 = readSheet(runtime, "Contacts").rows.filter((r) => r["Ready to send"] === "Yes");
    expect(emailsOf(sidebar(runtime, "contactsCsv", { format: "pipedrive", include: "new" }).text)).toHaveLength(ready2.length);
  });

  it("forgets an address for good: every sheet, a sha256 line, nothing written back by a refresh, a build or a download", async () => {
    const { runtime, apiKey, job } = await searched(distDir, "Austin");
    sidebar(runtime, "setRefresh", { jobId: job.jobId, every: "day" });
    sidebar(runtime, "buildContacts", {});
    const contacts = readSheet(runtime, "Contacts");
    const targetRow = Math.max(
      0,
      contacts.rows.findIndex((r) => r.Role === "Owner"),
    );
    const email = String(contacts.rows[targetRow]?.Email);
    const results = () => readSheet(runtime, sheetOf(job));
    const holding = results().rows.filter((r) => JSON.stringify(r).toLowerCase().includes(email.toLowerCase()));
    expect(holding.length).toBeGreaterThan(0);
    // A note beside it, a note on another row: only the forgotten row goes.
    const notes = letter(contacts.headers.length);
    runtime.spreadsheetApp.testing.userSeed("Contacts", `${notes}1`, [["Notes"]]);
    runtime.spreadsheetApp.testing.userType("Contacts", `${notes}${targetRow + 2}`, "called twice");
    runtime.spreadsheetApp.testing.userType("Contacts", `${notes}${targetRow === 0 ? 3 : 2}`, "keep me");

    const forgot = sidebar(runtime, "forgetContact", { email: ` ${email.toUpperCase()} ` });
    expect(forgot).toMatchObject({ sheets: 3, cells: expect.any(Number) });
    expect(forgot?.said).toMatch(/^Forgot .+: \d+ cells in 3 sheets changed\.$/);
    const gone = (): void => {
      const everywhere = runtime.spreadsheetApp.testing
        .sheetNames()
        .flatMap((name) => runtime.spreadsheetApp.testing.values(name).flat().map(String));
      expect(everywhere.filter((cell) => cell.toLowerCase().includes(email.toLowerCase()))).toEqual([]);
    };
    gone();
    const dnc = runtime.spreadsheetApp.testing.values("Do not contact");
    expect(dnc.at(-1)?.[0]).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(String(dnc.at(-1)?.[1])).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(readSheet(runtime, "Contacts").rows.map((r) => r.Notes)).toContain("keep me");
    expect(readSheet(runtime, "Contacts").rows).toHaveLength(contacts.rows.length - 1);
    // Safe to repeat.
    expect(sidebar(runtime, "forgetContact", { email })).toMatchObject({ sheets: 0, cells: 0 });

    // The daily refresh finds it again: no pass writes it; nor a build, nor a file of every row.
    aDayLater(runtime);
    const [run] = sidebar(runtime, "recentJobs", { kind: "search" }).jobs;
    expect(run?.jobId).not.toBe(job.jobId);
    const rerun = await serviceResults(world, apiKey, String(run?.jobId));
    expect(JSON.stringify(rerun).toLowerCase()).toContain(email.toLowerCase()); // the service returns it again
    sidebar(runtime, "buildContacts", {});
    gone();
    expect(emailsOf(sidebar(runtime, "contactsCsv", { format: "salesforce", include: "all" }).text)).not.toContain(email.toLowerCase());
    expect(results().rows.length).toBeGreaterThanOrEqual(holding.length);
    // A new search that finds it: the pass's writers leave it out of the new sheet as well.
    const label = String(sidebar(runtime, "findLocations", { q: "Austin" })[0]?.label);
    const anew = sidebar(runtime, "startSearch", { query: "dentists", location: label, maxResults: 100, enrichContacts: true });
    const written = finish(runtime, anew.jobId);
    expect(sheetOf(written)).not.toBe(sheetOf(job));
    expect(JSON.stringify(await serviceResults(world, apiKey, anew.jobId)).toLowerCase()).toContain(email.toLowerCase());
    sidebar(runtime, "buildContacts", {});
    gone();
  });

  it("forgets from the menu after asking for the address and saying what will happen, and not when the person says no", async () => {
    const { runtime } = await searched(distDir, "Austin");
    sidebar(runtime, "buildContacts", {});
    const email = String(readSheet(runtime, "Contacts").rows[0]?.Email);
    runtime.run("onOpen", [{ authMode: "FULL" }]);
    const ui = runtime.spreadsheetApp.testing.ui;
    const item = ui.menus[0]?.items.find((i) => i.kind === "item" && i.functionName === "forgetContact");
    expect(item && item.kind === "item" ? item.caption : "").toBe("Forget an address…");
    ui.promptAnswers.push({ button: "OK", text: email });
    ui.alertAnswers.push("NO");
    expect(runtime.run("forgetContact", []).errorMessage).toBeUndefined();
    expect(ui.alerts.at(-1)?.prompt).toMatch(/removed from every results sheet, enriched list and the Contacts sheet.*cannot be undone/);
    expect(readSheet(runtime, "Contacts").rows.map((r) => r.Email)).toContain(email);
    ui.promptAnswers.push({ button: "OK", text: email });
    ui.alertAnswers.push("YES");
    expect(runtime.run("forgetContact", []).errorMessage).toBeUndefined();
    expect(ui.alerts.at(-1)?.title).toBe(`${email} is forgotten`);
    expect(readSheet(runtime, "Contacts").rows.map((r) => r.Email)).not.toContain(email);
  });
});

onBuilds(BUILDS, FULL)("the changed rules of Contacts, on the sheets as people edit them ($build build)", ({ distDir }) => {
  it(
    "suppresses standalone words, reads Do not contact as people write it, closes a shared inbox only when all are closed, " +
      "and files by type and sheet",
    async () => {
      const first = await searched(distDir, "Austin");
      const { runtime } = first;
      // The same search again: a second sheet of the same businesses, so every address is at two businesses.
      const again = sidebar(runtime, "startSearch", { query: "dentists", location: first.label, maxResults: 100, enrichContacts: true });
      const second = finish(runtime, again.jobId);
      sidebar(runtime, "buildContacts", {});
      const testing = runtime.spreadsheetApp.testing;
      const { headers, rows } = readSheet(runtime, "Contacts");
      const both = `${sheetOf(first.job)}; ${sheetOf(second)}`;
      // Six addresses not suppressed yet, each of its own domain (a domain
      // listed must not take another's row with it), the last at two businesses.
      const chosen: typeof rows = [];
      const pick = (wanted: (row: (typeof rows)[number]) => boolean) => {
        const row = rows.find(
          (r) => wanted(r) && !String(r["Ready to send"]).startsWith("No") && chosen.every((c) => c.Domain !== r.Domain),
        );
        if (row) chosen.push(row);
        return row;
      };
      const shared = pick((r) => r["Found in"] === both);
      const [bounced, unblocked, atDomain, website, hashed] = [1, 2, 3, 4, 5].map(() => pick(() => true));
      expect(chosen).toHaveLength(6);
      const status = letter(headers.length);
      const rowOf = (email: unknown) => rows.findIndex((r) => r.Email === email) + 2;
      testing.userSeed("Contacts", `${status}1`, [["Merge status"]]);
      testing.userType("Contacts", `${status}${rowOf(bounced?.Email)}`, "BOUNCED (hard)");
      testing.userType("Contacts", `${status}${rowOf(unblocked?.Email)}`, "unblocked");
      testing.userAddSheet("Do not contact");
      const { createHash } = await import("node:crypto");
      testing.userSeed("Do not contact", "A1", [
        [`@${String(atDomain?.Domain).toUpperCase()}`],
        [`https://www.${String(website?.Domain)}/contact`],
        [`sha256:${createHash("sha256").update(String(hashed?.Email).trim().toLowerCase()).digest("hex")}`],
      ]);
      // A shared inbox: its business closed for good in one sheet only, then in both.
      const results = (sheet: string) => readSheet(runtime, sheet);
      const holds = (r: Record<string, unknown>): boolean =>
        ["Emails", "Owner emails", "Decision maker emails"].some((h) =>
          String(r[h]).toLowerCase().includes(String(shared?.Email).toLowerCase()),
        );
      // Every business of the sheet that lists it (a chain's branches may share it within one sheet too).
      const closeIn = (sheet: string) => {
        const holding = results(sheet).rows.flatMap((r, i) => (holds(r) ? [i + 2] : []));
        expect(holding.length).toBeGreaterThan(0);
        for (const row of holding) testing.userType(sheet, `${columnOf(runtime, sheet, "Business status")}${row}`, "CLOSED_PERMANENTLY");
      };
      closeIn(sheetOf(first.job));
      sidebar(runtime, "buildContacts", {});
      const ready = (email: unknown) => readSheet(runtime, "Contacts").rows.find((r) => r.Email === email)?.["Ready to send"];
      expect([bounced, unblocked, atDomain, website, hashed].map((r) => ready(r?.Email))).toEqual([
        "No: bounced",
        unblocked?.["Ready to send"],
        "No: domain in Do not contact",
        "No: domain in Do not contact",
        "No: address in Do not contact",
      ]);
      expect(ready(shared?.Email)).not.toBe("No: business closed permanently");
      closeIn(sheetOf(second));
      sidebar(runtime, "buildContacts", {});
      expect(ready(shared?.Email)).toBe("No: business closed permanently");

      // Files: named people only; one campaign's sheet; Salesforce's every row with Email Opt Out.
      const sheetNow = readSheet(runtime, "Contacts").rows;
      const named = parseCsv(sidebar(runtime, "contactsCsv", { format: "mail-merge", include: "all", types: ["Named"] }).text).slice(1);
      expect(named.length).toBe(sheetNow.filter((r) => r["Address type"] === "Named").length);
      const all = parseCsv(sidebar(runtime, "contactsCsv", { format: "salesforce", include: "all", sheets: [sheetOf(second)] }).text);
      const [header = [], ...body] = all;
      const inSecond = sheetNow.filter((r) => String(r["Found in"]).split("; ").includes(sheetOf(second)));
      expect(body.map((r) => r[header.indexOf("Email")])).toEqual(inSecond.map((r) => String(r.Email)));
      // Opted out: the suppressed rows (a status, Do not contact), the bounced and the listed ones among them; not a closed business's.
      const suppressed = /^No: (bounced|unsubscribed|blocked|address in Do not contact|domain in Do not contact)$/;
      const optedOut = body.filter((r) => r[header.indexOf("Email Opt Out")] === "1").map((r) => r[header.indexOf("Email")]);
      expect(optedOut).toEqual(inSecond.filter((r) => suppressed.test(String(r["Ready to send"]))).map((r) => String(r.Email)));
      const listed = [bounced, atDomain, website, hashed].map((r) => String(r?.Email)).filter((e) => inSecond.some((r) => r.Email === e));
      expect(optedOut).toEqual(expect.arrayContaining(listed));
      expect(optedOut).not.toContain(String(shared?.Email));
      expect(
        parseCsv(sidebar(runtime, "contactsCsv", { format: "salesforce", include: "all", sheets: ["No such sheet"] }).text),
      ).toHaveLength(1);
    },
  );
});

/** The column letter of `header` in row 1 of `sheet`. */
function columnOf(runtime: FakeRuntime, sheet: string, header: string): string {
  return letter(readSheet(runtime, sheet).headers.indexOf(header));
}
