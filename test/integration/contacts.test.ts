// The Contacts sheet on the BUILT bundles (dist/ and dist-full/) in the fakes (contract, "Contacts:
// one row per address"): buildContacts from the sidebar and the menu, one row per address of every
// results sheet with the contract's columns, then kept current by the passes with no click, the
// user's columns staying with their address after a sort, and a bounced address No for good.
import * as path from "node:path";
import type { FakeRuntime } from "../../dev/fakes/runtime";
import { pollUntil, readSheet, serviceResults, sidebar, sheetOf, type JobView, type ServiceBusiness } from "../../dev/world";
import { setUpAccount, useWorld } from "../fixtures/world";
import { onBuilds } from "../tier";

const DEFAULT = { build: "default", distDir: path.resolve(__dirname, "../../dist") };
const FULL = { build: "full-scope", distDir: path.resolve(__dirname, "../../dist-full") };
const BUILDS = [DEFAULT, FULL];

const world = useWorld(5);

function finish(runtime: FakeRuntime, jobId: string): JobView {
  const jobs = pollUntil(world, runtime, (list) => {
    const job = list.find((j) => j.jobId === jobId);
    return job?.status === "completed" && job.rowsWritten === job.leadCount;
  });
  return jobs.find((j) => j.jobId === jobId) as JobView;
}

/** Every address of `businesses`, lower case, once. */
function addressesOf(businesses: readonly ServiceBusiness[]): Set<string> {
  const all = businesses.flatMap((b) => [
    ...((b.emails as string[] | undefined) ?? []),
    ...((b.owner_emails as string[] | undefined) ?? []),
    ...((b.decision_maker_emails as string[] | undefined) ?? []),
  ]);
  return new Set(all.map((a) => a.trim().toLowerCase()).filter((a) => a !== ""));
}

onBuilds(BUILDS, DEFAULT)("Contacts ($build build)", ({ distDir }) => {
  async function searched(query: string, maxResults = 100) {
    const { runtime, apiKey } = await setUpAccount(world, { credits: 5000, maxActiveJobs: 25, runtime: { distDir } });
    const [location] = sidebar(runtime, "findLocations", { q: "Austin" });
    const job = sidebar(runtime, "startSearch", { query, location: location?.label, maxResults, enrichContacts: true });
    return { runtime, apiKey, location: location?.label ?? "", job: finish(runtime, job.jobId) };
  }

  it("builds one row per address of the results sheets, with the contract's columns and counts", async () => {
    const { runtime, apiKey, job } = await searched("dentists");
    const built = sidebar(runtime, "buildContacts", {});
    const service = await serviceResults(world, apiKey, job.jobId);
    const expected = addressesOf(service);
    expect(expected.size).toBeGreaterThan(10);
    const { headers, rows } = readSheet(runtime, "Contacts");
    expect(headers.slice(0, 16)).toEqual([
      "Email",
      "Role",
      "Name",
      "First name",
      "Last name",
      "Company",
      "Domain",
      "Website",
      "Phone",
      "City",
      "Country code",
      "Email check",
      "Ready to send",
      "Found in",
      "Business ID",
      "Maps URL",
    ]);
    expect(new Set(rows.map((r) => String(r.Email).toLowerCase()))).toEqual(expected);
    expect(rows).toHaveLength(expected.size);
    expect(built).toMatchObject({ sheetName: "Contacts", contacts: expected.size, added: expected.size });
    expect(built.ready).toBe(rows.filter((r) => r["Ready to send"] === "Yes").length);
    expect(rows.every((r) => r["Found in"] === sheetOf(job))).toBe(true);
    // Each row's columns are its business's.
    for (const row of rows) {
      const business = service.find((b) => b.id === row["Business ID"]) as ServiceBusiness;
      expect([row.Company, row["Maps URL"]]).toEqual([business.title, business.maps_url ?? ""]);
    }
    // A second build adds nothing and changes nothing.
    const again = sidebar(runtime, "buildContacts", {});
    expect(again).toMatchObject({ contacts: expected.size, added: 0 });
  });

  it("the menu's Contacts builds the sheet and says the counts in a toast", async () => {
    const { runtime } = await searched("bakeries");
    runtime.run("onOpen", [{ authMode: "FULL" }]);
    const testing = runtime.spreadsheetApp.testing;
    const item = testing.ui.menus[0]?.items.find((i) => i.kind === "item" && i.functionName === "buildContacts");
    expect(item && item.kind === "item" ? item.caption : "").toBe("Contacts");
    const result = runtime.run("buildContacts", []);
    expect(result.errorMessage).toBeUndefined();
    const rows = readSheet(runtime, "Contacts").rows;
    expect(testing.ui.toasts.at(-1)?.message).toMatch(
      new RegExp(
        `^Contacts: ${rows.length.toLocaleString("en-US")} addresses, ${rows.length.toLocaleString("en-US")} new\\. \\d+ ready to send`,
      ),
    );
  });

  it(
    "is kept current by the passes: a new search's addresses added below, user columns kept by address, " + "a bounced address No for good",
    async () => {
      const { runtime, apiKey, location, job } = await searched("plumbers");
      sidebar(runtime, "buildContacts", {});
      const testing = runtime.spreadsheetApp.testing;
      const first = readSheet(runtime, "Contacts");
      const lastColumn = first.headers.length;
      testing.userSeed("Contacts", `${String.fromCharCode(65 + lastColumn)}1`, [["Merge status"], ["BOUNCED"], ["EMAIL_SENT"]]);
      testing.userSeed("Contacts", `${String.fromCharCode(66 + lastColumn)}1`, [["Notes"], ["note one"], ["note two"]]);
      const bounced = String(first.rows[0]?.Email);
      const noted = String(first.rows[1]?.Email);
      testing.userSortSheet("Contacts", 6, false); // by Company, descending

      const second = sidebar(runtime, "startSearch", { query: "electricians", location, maxResults: 100, enrichContacts: true });
      const done = finish(runtime, second.jobId);
      const service = [...(await serviceResults(world, apiKey, job.jobId)), ...(await serviceResults(world, apiKey, done.jobId))];
      const { rows } = readSheet(runtime, "Contacts");
      const emails = rows.map((r) => String(r.Email).toLowerCase());
      expect(new Set(emails).size).toBe(emails.length);
      expect(new Set(emails)).toEqual(addressesOf(service));
      // The rows already there stay where the sort put them; the new ones come after them.
      expect(emails.slice(0, first.rows.length).sort()).toEqual(first.rows.map((r) => String(r.Email).toLowerCase()).sort());
      const row = (email: string) => rows.find((r) => r.Email === email);
      expect(row(bounced)).toMatchObject({ "Merge status": "BOUNCED", Notes: "note one", "Ready to send": "No: bounced" });
      expect(row(noted)).toMatchObject({ "Merge status": "EMAIL_SENT", Notes: "note two" });
      // The status cleared, the address stays No.
      const statusColumn = readSheet(runtime, "Contacts").headers.indexOf("Merge status");
      const bouncedRow = rows.findIndex((r) => r.Email === bounced) + 2;
      testing.userType("Contacts", `${String.fromCharCode(65 + statusColumn)}${bouncedRow}`, "");
      expect(sidebar(runtime, "buildContacts", {})).toMatchObject({ added: 0 });
      expect(readSheet(runtime, "Contacts").rows.find((r) => r.Email === bounced)?.["Ready to send"]).toBe("No: bounced");
    },
  );
});

onBuilds(BUILDS, FULL)("Contacts' sources ($build build)", ({ distDir }) => {
  it(
    "reads a search's sheet, a territory's and an enriched list by their headers: a shared address once, " +
      "Found in every sheet in order",
    async () => {
      const { runtime, apiKey } = await setUpAccount(world, { credits: 5000, maxActiveJobs: 25, runtime: { distDir } });
      const places = sidebar(runtime, "findLocations", { q: "Austin" })
        .slice(0, 2)
        .map((place) => place.label);
      const search = sidebar(runtime, "startSearch", { query: "dentists", location: places[0], maxResults: 100, enrichContacts: true });
      const territory = sidebar(runtime, "startSearch", {
        queries: ["dentists"],
        locations: places,
        maxResults: 100,
        enrichContacts: true,
      });
      const testing = runtime.spreadsheetApp.testing;
      testing.userAddSheet("Prospects");
      testing.userSeed("Prospects", "A1", [
        ["Company", "Website"],
        ["Acme Roofing", "acme-roofing.com"],
        ["Bolt Electric", "https://www.bolt-electric.com"],
      ]);
      testing.setActiveSheet("Prospects");
      sidebar(runtime, "startEnrichment", {});
      const jobs = pollUntil(
        world,
        runtime,
        (list) => list.every((j) => j.status === "completed" || j.status === "failed") && runtime.triggers.length === 0,
        20_000,
      );
      const built = sidebar(runtime, "buildContacts", {});
      const { rows } = readSheet(runtime, "Contacts");
      const order = testing.sheetNames();
      const searchSheet = sheetOf(jobs.find((j) => j.jobId === search.jobId) as JobView);
      const territorySheet = sheetOf(jobs.find((j) => j.jobId === territory.jobId) as JobView);
      const service = await serviceResults(world, apiKey, search.jobId);
      expect(built.contacts).toBe(rows.length);
      // Each address once; those of the search's sheet found in the territory's too, in the document's order.
      const emails = rows.map((r) => String(r.Email).toLowerCase());
      expect(new Set(emails).size).toBe(emails.length);
      for (const address of addressesOf(service)) {
        const row = rows.find((r) => String(r.Email).toLowerCase() === address);
        const names = String(row?.["Found in"]).split("; ");
        expect(names).toContain(searchSheet);
        expect(names).toEqual([...names].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
      }
      expect(rows.some((r) => String(r["Found in"]).split("; ").includes(territorySheet))).toBe(true);
      // The enriched list's: its own name column as Company, no City, its sheet named.
      const listed = rows.filter((r) => r["Found in"] === "Prospects");
      expect(listed.length).toBeGreaterThan(0);
      for (const row of listed) {
        expect(["Acme Roofing", "Bolt Electric"]).toContain(row.Company);
        expect([row.City, row["Business ID"]]).toEqual(["", ""]);
        expect(row.Source).toBe("list Prospects");
      }
      // Source says where each sheet found it: the search's query and place, each territory pair that returned it.
      const pairs = places.map((place) => `dentists · ${place}`);
      for (const row of rows.filter((r) => r["Found in"] !== "Prospects")) {
        const sources = String(row.Source).split("; ");
        expect(sources.length).toBeGreaterThan(0);
        for (const source of sources) expect(pairs).toContain(source);
        if (String(row["Found in"]).startsWith(searchSheet)) expect(sources[0]).toBe(pairs[0]);
      }
    },
  );
});

onBuilds(BUILDS, FULL)("Contacts through a scheduled refresh ($build build)", ({ distDir }) => {
  it("the hourly trigger's merge of a refresh run adds the run's new addresses, with no click", async () => {
    const { runtime } = await setUpAccount(world, { credits: 5000, maxActiveJobs: 25, runtime: { distDir } });
    const [location] = sidebar(runtime, "findLocations", { q: "Denver" });
    const started = sidebar(runtime, "startSearch", {
      query: "dentists",
      location: location?.label,
      maxResults: 100,
      enrichContacts: true,
    });
    const job = finish(runtime, started.jobId);
    sidebar(runtime, "setRefresh", { jobId: job.jobId, every: "day" });
    sidebar(runtime, "buildContacts", {});
    const before = readSheet(runtime, "Contacts").rows.map((r) => String(r.Email).toLowerCase());
    for (let hour = 0; hour < 27; hour += 1) {
      world.clock.advance(60 * 60 * 1000);
      for (const result of runtime.fireDueTriggers()) expect(result.errorMessage).toBeUndefined();
    }
    const refreshed = sidebar(runtime, "listJobs").find((j) => j.jobId === job.jobId);
    expect(refreshed?.refresh?.lastRunAdded).toBeGreaterThan(0);
    // Every address the merged sheet holds now is a row of Contacts, once; an address the run no longer lists keeps its row.
    const sheet = readSheet(runtime, sheetOf(job)).rows;
    const held = new Set(
      sheet
        .flatMap((r) =>
          ["Emails", "Owner emails", "Decision maker emails"].flatMap((h) =>
            String(r[h])
              .split(",")
              .map((a) => a.trim().toLowerCase()),
          ),
        )
        .filter((a) => a !== ""),
    );
    const emails = readSheet(runtime, "Contacts").rows.map((r) => String(r.Email).toLowerCase());
    expect(new Set(emails).size).toBe(emails.length);
    expect([...held].filter((a) => !emails.includes(a))).toEqual([]);
    expect(emails.slice(0, before.length)).toEqual(before);
    expect(emails.length).toBeGreaterThan(before.length);
    expect(emails.filter((a) => !held.has(a) && !before.includes(a))).toEqual([]);
  });
});
