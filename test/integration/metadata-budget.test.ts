// The full-scope build's job store (the spreadsheet's developer metadata, 24,000 characters of
// Google's 30,000) on the BUILT bundle: one document runs 45 searches one after another (120 in
// npm run test:all), over twice as many as the store holds, and
// every start succeeds because finished jobs are pruned, oldest first, to the store's own budget;
// a document full of jobs in progress refuses the next search with a readable message before
// anything is sent or charged.
import * as path from "node:path";
import type { FakeRuntime } from "../../dev/fakes/runtime";
import { austinLabel, serviceAccount, serviceJob, sidebar } from "../../dev/world";
import { setUpAccount, useWorld } from "../fixtures/world";
import { bySize } from "../tier";

const FULL = path.resolve(__dirname, "../../dist-full");
/** More searches than the store ever lists (at most 40), so pruning runs many times over. */
const SEARCHES = bySize(45, 120);

const world = useWorld(31);
let location = "Austin, Texas, US";
beforeAll(async () => {
  location = await austinLabel(world);
});

/** Characters of the add-on's developer metadata (keys and values), as Google's limit counts them. */
const metadataChars = (runtime: FakeRuntime): number =>
  runtime
    .spreadsheet()
    .testing.developerMetadata()
    .reduce((sum, e) => sum + e.key.length + (e.value?.length ?? 0), 0);

async function searchesCreated(apiKey: string): Promise<number> {
  const res = await fetch(`${world.url}/api/v1/searches`, { headers: { "x-api-key": apiKey } });
  return ((await res.json()) as { total: number }).total;
}

describe("the developer-metadata job store prunes to its own budget", () => {
  it(
    `${SEARCHES} searches one after another: every start succeeds, ` + "the oldest finished are pruned first, the newest stay listed",
    async () => {
      const { runtime, apiKey } = await setUpAccount(world, {
        plan: "scale",
        credits: 100_000,
        maxActiveJobs: 25,
        runtime: { distDir: FULL },
      });
      const started: string[] = [];
      let most = 0;
      for (let i = 1; i <= SEARCHES; i += 1) {
        const job = sidebar(runtime, "startSearch", {
          query: `family dentists and orthodontists taking new patients, list ${i}`,
          location,
          maxResults: 100,
        });
        started.push(job.jobId);
        while ((await serviceJob(world, apiKey, job.jobId)).status !== "completed") world.clock.advance(5000);
        const listed = sidebar(runtime, "refreshJobs");
        expect(listed[0]).toMatchObject({ jobId: job.jobId, status: "completed", rowsWritten: 100, error: null });
        most = Math.max(most, metadataChars(runtime));
      }
      const listed = sidebar(runtime, "listJobs").map((j) => j.jobId);
      expect(listed.length).toBeGreaterThanOrEqual(15);
      expect(listed.length).toBeLessThan(40); // the character budget, not the count of 40, decides here
      expect(listed).toEqual(started.slice(-listed.length).reverse()); // the newest, newest first, without a gap
      expect(most).toBeLessThanOrEqual(24_000);
      expect(runtime.triggers).toEqual([]); // nothing left to poll
      expect(await searchesCreated(apiKey)).toBe(SEARCHES);
    },
  );

  it("full of jobs in progress, the next search is refused before it is sent, and every charged job is listed", async () => {
    const { runtime, apiKey } = await setUpAccount(world, {
      plan: "scale",
      credits: 100_000,
      maxActiveJobs: 100,
      runtime: { distDir: FULL },
    });
    let refusal = "";
    for (let i = 1; i <= 60 && refusal === ""; i += 1) {
      const run = runtime.run("startSearch", [{ query: `florists ${i}`, location, maxResults: 100 }], { viaScriptRun: true });
      if (run.error !== undefined) refusal = run.errorMessage ?? "";
    }
    expect(refusal).toMatch(/^This spreadsheet's list of Business Leads jobs is full: jobs still in progress/);
    const listed = sidebar(runtime, "listJobs");
    expect(listed.length).toBeGreaterThan(10);
    expect(await searchesCreated(apiKey)).toBe(listed.length); // the refused one was never sent
    expect((await serviceAccount(world, apiKey)).credits_remaining).toBe(100_000 - 100 * listed.length);
    expect(metadataChars(runtime)).toBeLessThanOrEqual(24_000);

    // Enrichments are refused the same way, before anything is sent; the rows stay as they were.
    const testing = runtime.spreadsheetApp.testing;
    let enrichRefusal = "";
    let sheet = "";
    for (let i = 1; i <= 20 && enrichRefusal === ""; i += 1) {
      sheet = `Prospects ${i}`;
      testing.userAddSheet(sheet);
      testing.userSeed(sheet, "A1", [
        ["Company", "Website"],
        [`Acme Roofing ${i}`, `acme-roofing-${i}.com`],
      ]);
      const run = runtime.run("startEnrichment", [{ sheetName: sheet }], { viaScriptRun: true });
      if (run.error !== undefined) enrichRefusal = run.errorMessage ?? "";
    }
    expect(enrichRefusal).toMatch(/^This spreadsheet's list of Business Leads jobs is full/);
    expect(testing.values(sheet)[1]?.filter((cell) => cell !== "")).toHaveLength(2); // no status: nothing waits or was skipped
    const enrichments = await fetch(`${world.url}/api/v1/enrichments`, { headers: { "x-api-key": apiKey } });
    const listedEnrichments = sidebar(runtime, "listJobs").filter((j) => j.kind === "enrichment");
    expect(((await enrichments.json()) as { total: number }).total).toBe(listedEnrichments.length);
    expect(metadataChars(runtime)).toBeLessThanOrEqual(24_000);

    // Once the jobs finish, the pass prunes what it may and the same search starts.
    for (const job of listed) while ((await serviceJob(world, apiKey, job.jobId)).status !== "completed") world.clock.advance(5000);
    world.clock.advance(10 * 60 * 1000); // the enrichments of one business are long done by now
    sidebar(runtime, "refreshJobs");
    expect(sidebar(runtime, "startSearch", { query: `florists ${listed.length + 1}`, location, maxResults: 100 }).status).toBeDefined();
  });
});
