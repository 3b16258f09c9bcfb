// Tests the paging rules and the reading of a job's results pages: job lists by total, results by
// has_more, parallel page reads in one fetchAll, the callers' stops, de-duplication while pages shift.
import { hasNextListPage, pageCount, pagesAfter } from "../../src/api/pagination";
import { distinctBusinesses, readResultPages, RESULTS_PAGE_SIZE } from "../../src/api/result-pages";
import { ROOT, SEARCH_ID, ENRICH_ID, error, json, makeClient, queryOf, resultsPage, sampleSearchBusiness } from "./helpers";

const business = (n: number) => sampleSearchBusiness({ id: `b${n}`, position: n, title: `Business ${n}` });
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe("pure paging rules", () => {
  test("hasNextListPage: another page exists while page * page_size < total", () => {
    expect(hasNextListPage(1, 20, 41)).toBe(true);
    expect(hasNextListPage(2, 20, 41)).toBe(true);
    expect(hasNextListPage(3, 20, 41)).toBe(false);
    expect(hasNextListPage(2, 20, 40)).toBe(false);
    expect(hasNextListPage(1, 20, 0)).toBe(false);
  });

  test("pageCount and pagesAfter", () => {
    expect(pageCount(0, 500)).toBe(0);
    expect(pageCount(700, 500)).toBe(2);
    expect(pageCount(1000, 500)).toBe(2);
    expect(pagesAfter(1200, 500, 1)).toEqual([2, 3]);
    expect(pagesAfter(400, 500, 1)).toEqual([]);
  });
});

describe("readResultPages", () => {
  const page = (items: Record<string, unknown>[], meta: Parameters<typeof resultsPage>[1]) => json(200, resultsPage(items, meta));
  const pagesAsked = (transport: ReturnType<typeof makeClient>["transport"]) =>
    transport.rounds.map((r) => [r.via, r.requests.map((q) => queryOf(q.url)["page"]).join(",")]);

  test("restAtOnce: page 1, then the other pages its total announces in one fetchAll", () => {
    const { client, transport } = makeClient();
    transport.reply(
      page(range(1, 2).map(business), { page: 1, page_size: 2, total: 5, has_more: true }),
      page(range(3, 4).map(business), { page: 2, page_size: 2, total: 5, has_more: true }),
      page([business(5)], { page: 3, page_size: 2, total: 5, has_more: false }),
    );
    const read = readResultPages(client, "search", SEARCH_ID, { restAtOnce: true, pageSize: 2 });
    expect(read.complete).toBe(true);
    expect(distinctBusinesses(read.pages).map((b) => b.id)).toEqual(["b1", "b2", "b3", "b4", "b5"]);
    expect(pagesAsked(transport)).toEqual([
      ["fetchAll", "1"],
      ["fetchAll", "2,3"],
    ]);
  });

  test("goes on page by page if the job grew meanwhile; distinctBusinesses keeps each business once, with its latest data", () => {
    const { client, transport } = makeClient();
    transport.reply(
      page([business(1), business(2)], { page: 1, page_size: 2, total: 3, has_more: true }),
      // Grew to 6 and shifted: b2 is seen again with newer data.
      page([sampleSearchBusiness({ id: "b2", position: 2, title: "B2 v2" }), business(3)], {
        page: 2,
        page_size: 2,
        total: 6,
        has_more: true,
      }),
      page([business(4)], { page: 3, page_size: 2, total: 6, has_more: false }),
    );
    const read = readResultPages(client, "search", SEARCH_ID, { restAtOnce: true, pageSize: 2 });
    const all = distinctBusinesses(read.pages);
    expect(all.map((b) => b.id)).toEqual(["b1", "b2", "b3", "b4"]);
    expect(all[1]?.title).toBe("B2 v2");
    expect(transport.rounds.map((r) => r.via)).toEqual(["fetchAll", "fetchAll", "fetch"]);
  });

  test("firstPages: pages 1 to n together, then page by page while has_more", () => {
    const { client, transport } = makeClient();
    transport.reply(
      page([business(1)], { page: 1, page_size: 1, total: 2, has_more: true }),
      page([business(2)], { page: 2, page_size: 1, total: 3, has_more: true }),
      page([business(3)], { page: 3, page_size: 1, total: 3, has_more: false }),
    );
    const read = readResultPages(client, "enrichment", ENRICH_ID, { firstPages: 2, pageSize: 1 });
    expect(read.pages.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(pagesAsked(transport)).toEqual([
      ["fetchAll", "1,2"],
      ["fetch", "3"],
    ]);
    expect(transport.requests[2]?.url).toBe(`${ROOT}/enrichments/${ENRICH_ID}/results?page=3&page_size=1`);
  });

  test("read: goes on after the pages the caller already read, and returns them first", () => {
    const { client, transport } = makeClient();
    transport.reply(
      page([business(1)], { page: 1, page_size: 1, total: 1, has_more: true }),
      page([business(2)], { page: 2, page_size: 1, total: 2, has_more: false }),
    );
    const known = client.getSearchResults(SEARCH_ID, { page: 1, pageSize: 1 });
    const read = readResultPages(client, "search", SEARCH_ID, { read: [known], pageSize: 1 });
    expect(read.pages.map((p) => p.page)).toEqual([1, 2]);
    expect(pagesAsked(transport)).toEqual([
      ["fetch", "1"],
      ["fetch", "2"],
    ]);
    // Pages that end the job: nothing is sent.
    expect(readResultPages(client, "search", SEARCH_ID, { read: read.pages }).pages).toHaveLength(2);
    expect(transport.rounds).toHaveLength(2);
  });

  test("beforeRoundTrip comes before every round trip, afterRoundTrip after it; false stops the reading there", () => {
    const { client, transport } = makeClient();
    transport.reply(
      page([business(1)], { page: 1, page_size: 1, total: 3, has_more: true }),
      page([business(2)], { page: 2, page_size: 1, total: 3, has_more: true }),
      page([business(3)], { page: 3, page_size: 1, total: 3, has_more: true }),
    );
    const calls: string[] = [];
    const read = readResultPages(client, "search", SEARCH_ID, {
      restAtOnce: true,
      pageSize: 1,
      beforeRoundTrip: () => {
        calls.push(`before ${transport.rounds.length}`);
        return transport.rounds.length < 2;
      },
      afterRoundTrip: () => void calls.push(`after ${transport.rounds.length}`),
    });
    expect(calls).toEqual(["before 0", "after 1", "before 1", "after 2", "before 2"]);
    expect(read).toEqual({ complete: false, pages: expect.any(Array), error: null });
    expect(read.pages.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(transport.pendingReplies).toBe(0);
  });

  test("a page's final error ends the reading: the error, and the pages read before it", () => {
    const { client, transport } = makeClient({ maxAttempts: 1 });
    transport.reply(
      page([business(1)], { page: 1, page_size: 1, total: 3, has_more: true }),
      page([business(2)], { page: 2, page_size: 1, total: 3, has_more: true }),
      error(404, "gone"),
    );
    const inBatch = readResultPages(client, "search", SEARCH_ID, { restAtOnce: true, pageSize: 1 });
    expect(inBatch.complete).toBe(false);
    expect(!inBatch.complete && inBatch.error?.message).toMatch(/not found for this account/);
    expect(inBatch.pages.map((p) => p.page)).toEqual([1, 2]);

    transport.reply(error(404, "gone"));
    const alone = readResultPages(client, "search", SEARCH_ID, { read: inBatch.pages.slice(0, 1), pageSize: 1 });
    expect(!alone.complete && alone.error?.message).toMatch(/not found for this account/);
    expect(alone.pages.map((p) => p.page)).toEqual([1]);
  });

  test("an empty job is one request, of the largest page", () => {
    const { client, transport } = makeClient();
    transport.reply(json(200, resultsPage([], { total: 0, has_more: false })));
    const read = readResultPages(client, "enrichment", ENRICH_ID, { restAtOnce: true });
    expect(read).toEqual({ complete: true, pages: [expect.objectContaining({ items: [] })] });
    expect(transport.requests).toHaveLength(1);
    expect(queryOf(transport.requests[0]?.url ?? "")).toEqual({ page: "1", page_size: String(RESULTS_PAGE_SIZE) });
    expect(RESULTS_PAGE_SIZE).toBe(500);
  });
});
