// The custom functions over big ranges, on the BUILT bundles (dist/ and dist-full/) in the Apps
// Script fakes against the simulator, one virtual clock: =LEADS_BUSINESS(H2:H5001, "phone") asks
// for 5,000 businesses (2,000 in npm test: past two minutes' budgets either way), and the service allows 1,000 requests a minute while
// Sheets gives a formula 30 s. Each evaluation answers within 30 s of virtual time, with the values it read and
// "Not fetched yet" in the other cells (never one #ERROR! for the range); the next evaluation, a
// minute later, reads only what is missing (no finished request is sent again, counted at the
// simulator and in the fakes' request log), until every cell is filled. LEADS_JOB, the other
// function taking a range of IDs, shares the same budget and behaves alike. npm test runs the first on dist/, the second on
// dist-full/ (onBuilds); test:all both on each.
import * as path from "node:path";
import { newRuntime, serviceResults } from "../../dev/world";
import type { FakeRuntime } from "../../dev/fakes/runtime";
import { useWorld } from "../fixtures/world";
import { bySize, onBuilds } from "../tier";

const OWNER = "owner@example.com";
const EDITOR = "editor@example.com";
const NOT_FETCHED = "Not fetched yet: recalculate in a minute";
const MINUTE = 60_000;
const DEFAULT = { build: "dist", distDir: path.resolve(__dirname, "../../dist") };
const FULL = { build: "dist-full", distDir: path.resolve(__dirname, "../../dist-full") };
const BUILDS = [DEFAULT, FULL];

interface BigSearch {
  apiKey: string;
  accountId: string;
  /** The range's businesses' IDs in position order, and each one's phone as the service has it. */
  ids: string[];
  phones: Map<string, unknown>;
}

/** How many business IDs the big range holds. */
const IDS = bySize(2000, 5000);

const world = useWorld(31);
let big: BigSearch;
beforeAll(async () => {
  // One account with one completed search of IDS businesses (made in the dashboard); each test runs
  // in a runtime of its own (its own document cache) a minute after the last one's requests.
  const { apiKey, accountId } = await world.control.createAccount({ plan: "scale", credits: 50_000 });
  const jobId = await world.control.addDashboardSearch(accountId, "plumbers", "Austin, Texas, US", IDS);
  const businesses = (await serviceResults(world, apiKey, jobId)).sort((a, b) => Number(a.position) - Number(b.position));
  big = { apiKey, accountId, ids: businesses.map((b) => b.id), phones: new Map(businesses.map((b) => [b.id, b.phone])) };
});
beforeEach(() => world.clock.advance(MINUTE + 1000)); // the account's rate window is empty again

interface Cell {
  value: unknown;
  error: string | undefined;
  killed: boolean;
  tookMs: number;
  /** The requests this evaluation sent, as the fakes recorded them. */
  sent: Array<{ url: string; status: number | undefined }>;
}

function evaluate(runtime: FakeRuntime, name: string, ...args: unknown[]): Cell {
  const log = runtime.http.requests;
  const [from, at] = [log.length, world.clock.now()];
  const { value, errorMessage: error, killed } = runtime.run(name, args, { authMode: "CUSTOM_FUNCTION", user: EDITOR });
  return { value, error, killed, tookMs: world.clock.now() - at, sent: log.slice(from).map(({ url, status }) => ({ url, status })) };
}

/** An editor's runtime whose document shares `apiKey` with formulas; each round trip takes `latencyMs` of virtual time. */
function formulaRuntime(distDir: string, apiKey: string, latencyMs: number): FakeRuntime {
  const runtime = newRuntime(world, { distDir, userEmail: EDITOR, ownerEmail: OWNER, fetchLatencyMs: latencyMs });
  runtime.stores.document.set("businessLeads.shared.apiKey", apiKey);
  runtime.stores.document.set("businessLeads.shared.baseUrl", world.url);
  return runtime;
}

async function businessRequests(): Promise<number> {
  return (await world.control.stats()).byRoute["GET /api/v1/businesses/{id}"] ?? 0;
}

const isBusiness = (url: string) => /\/api\/v1\/businesses\//.test(url);

onBuilds(BUILDS, DEFAULT)(`$build: LEADS_BUSINESS over ${IDS.toLocaleString("en-US")} IDs`, ({ distDir }) => {
  it(
    "answers within 30 s with what it read and 'Not fetched yet' elsewhere, " +
      "then fills the rest a minute at a time, never asking twice",
    async () => {
      const { apiKey, ids, phones } = big;
      const runtime = formulaRuntime(distDir, apiKey, 2000);
      const range = ids.map((id) => [id]); // what Sheets passes for 'Results'!H2:H5001 (5,000 IDs)
      const expected = ids.map((id) => [phones.get(id)]);
      const fetchedOk = new Set<string>();
      const filledAfter: number[] = [];
      const atServiceBefore = await businessRequests();

      for (let evaluation = 1; evaluation <= 10; evaluation += 1) {
        const cell = evaluate(runtime, "LEADS_BUSINESS", range, "phone");
        expect([cell.error, cell.killed]).toEqual([undefined, false]);
        expect(cell.tookMs).toBeLessThan(30_000);
        // The first rows fill first: the cells read are the range's first ones, in one stretch.
        const column = cell.value as unknown[][];
        const firstLeft = column.findIndex((row) => row[0] === NOT_FETCHED);
        const filled = firstLeft < 0 ? column.length : firstLeft;
        expect(column).toEqual([...expected.slice(0, filled), ...expected.slice(filled).map(() => [NOT_FETCHED])]);
        // Never a request for a business an earlier evaluation read; never one the service refused.
        const sent = cell.sent.filter((r) => isBusiness(r.url));
        expect(sent.filter((r) => r.status !== 200 || fetchedOk.has(r.url))).toEqual([]);
        for (const request of sent) fetchedOk.add(request.url);
        filledAfter.push(filled);
        if (filled === IDS) break;
        if (evaluation === 1) {
          // Recalculated at once, the range answers from the cache and sends nothing: the minute's budget is spent.
          const atOnce = evaluate(runtime, "LEADS_BUSINESS", range, "phone");
          expect([atOnce.error, atOnce.sent.length, atOnce.value]).toEqual([undefined, 0, column]);
        }
        world.clock.advance(MINUTE + 1000);
      }

      // Every evaluation filled 900 more (the formulas' share of the service's 1,000 a minute; the
      // first spent 2 of them on the search's status, which lets the businesses stay cached for
      // hours): evaluations a minute apart, six for 5,000.
      expect(filledAfter).toEqual([...Array.from({ length: Math.ceil((IDS + 2) / 900) - 1 }, (_, i) => 898 + 900 * i), IDS]);
      // At the simulator: each of the businesses asked for exactly once.
      expect((await businessRequests()) - atServiceBefore).toBe(IDS);
      expect(fetchedOk.size).toBe(IDS);
      // Filled, the range costs nothing more, and another field of the same businesses neither.
      const again = evaluate(runtime, "LEADS_BUSINESS", range, "website");
      expect([again.error, again.sent.length]).toEqual([undefined, 0]);
      expect((again.value as unknown[][]).some((row) => row[0] === NOT_FETCHED)).toBe(false);
    },
  );

  it("with slow round trips, stops in time: fewer IDs, still within 30 s and never one #ERROR!", async () => {
    const { apiKey, ids, phones } = big;
    // 7 s a round trip: one of 200 businesses and one for their job's status fit in the 20 s the
    // add-on allows a formula's requests (a third would end past it).
    const runtime = formulaRuntime(distDir, apiKey, 7000);
    const cell = evaluate(
      runtime,
      "LEADS_BUSINESS",
      ids.map((id) => [id]),
      "phone",
    );
    expect([cell.error, cell.killed]).toEqual([undefined, false]);
    expect(cell.tookMs).toBeLessThan(30_000);
    const column = cell.value as unknown[][];
    const filled = column.filter((row) => row[0] !== NOT_FETCHED).length;
    expect(filled).toBe(200);
    column.slice(0, filled).forEach((row, i) => expect(row[0]).toBe(phones.get(ids[i] as string)));
    expect(column.slice(filled).every((row) => row[0] === NOT_FETCHED)).toBe(true);
  });

  it(
    "a 429 from the service (another client spent the minute): 'Not fetched yet' until its Retry-After has " + "passed, never one #ERROR!",
    async () => {
      const { apiKey, ids, phones } = big;
      const runtime = formulaRuntime(distDir, apiKey, 1000);
      const range = ids.slice(0, 300).map((id) => [id]);
      await world.control.injectFaults([{ path: "/api/v1/businesses", status: 429, headers: { "Retry-After": "45" }, probability: 1 }]);
      try {
        const refused = evaluate(runtime, "LEADS_BUSINESS", range, "phone");
        expect([refused.error, refused.killed]).toEqual([undefined, false]);
        expect(refused.value).toEqual(range.map(() => [NOT_FETCHED]));
        // One round trip met the 429 (a 45 s Retry-After is not waited out in a 30 s formula) and
        // the rest was not sent; inside the 45 s, the next evaluations send nothing.
        expect(refused.sent.map((r) => r.status)).toEqual(range.slice(0, 200).map(() => 429));
        world.clock.advance(30_000);
        expect(evaluate(runtime, "LEADS_BUSINESS", range, "phone").sent).toHaveLength(0);
        const one = evaluate(runtime, "LEADS_BUSINESS", ids[0], "phone");
        expect([one.error, one.sent.length]).toEqual([NOT_FETCHED, 0]);
      } finally {
        await world.control.clearFaults();
      }
      world.clock.advance(16_000);
      const after = evaluate(runtime, "LEADS_BUSINESS", range, "phone");
      expect(after.value).toEqual(ids.slice(0, 300).map((id) => [phones.get(id)]));
      expect(after.sent.filter((r) => isBusiness(r.url) && r.status === 200)).toHaveLength(300);
    },
  );
});

onBuilds(BUILDS, FULL)("$build: LEADS_JOB over a range of job IDs", ({ distDir }) => {
  it("shares the minute's budget with LEADS_BUSINESS: 'Not fetched yet' while it is spent, then filled, each job asked once", async () => {
    const { apiKey, accountId, ids } = big;
    const jobIds: string[] = [];
    for (let i = 0; i < 12; i += 1) jobIds.push(await world.control.addDashboardSearch(accountId, `bakers ${i}`, "Austin, Texas, US", 100));
    world.clock.advance(MINUTE + 1000);
    const runtime = formulaRuntime(distDir, apiKey, 1000);
    const range = jobIds.map((id) => [id]);

    // 1,000 businesses spend the formulas' share of the minute (898 of them and their job's status).
    const businesses = evaluate(
      runtime,
      "LEADS_BUSINESS",
      ids.slice(0, 1000).map((id) => [id]),
      "phone",
    );
    expect(businesses.error).toBeUndefined();
    expect(businesses.sent).toHaveLength(900);
    const waiting = evaluate(runtime, "LEADS_JOB", range, "status");
    expect([waiting.error, waiting.killed, waiting.sent.length]).toEqual([undefined, false, 0]);
    expect(waiting.value).toEqual(jobIds.map(() => [NOT_FETCHED]));

    world.clock.advance(MINUTE + 1000);
    const filled = evaluate(runtime, "LEADS_JOB", range, "status");
    expect(filled.error).toBeUndefined();
    expect(filled.value).toEqual(jobIds.map(() => ["completed"]));
    // Their family unknown (made elsewhere), each job is asked as a search and as an enrichment, and only once found.
    const found = filled.sent.filter((r) => r.status === 200).map((r) => r.url);
    expect(found).toHaveLength(12);
    expect(new Set(found).size).toBe(12);
    const again = evaluate(runtime, "LEADS_JOB", range, "lead_count");
    expect([again.value, again.sent.length]).toEqual([jobIds.map(() => [100]), 0]);
  });
});
