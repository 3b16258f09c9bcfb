// Tests the paging rules and helpers: job lists by total, results by has_more, parallel page
// reads in one fetchAll, de-duplication while pages shift.
import { hasNextListPage, pageCount, pagesAfter } from "../../src/api/pagination";
import { ROOT, SEARCH_ID, ENRICH_ID, error, json, makeClient, queryOf, resultsPage, sampleJob, sampleSearchBusiness } from "./helpers";

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

describe("listAllSearches / listAllEnrichments", () => {
  test("reads pages until page * page_size >= total", () => {
    const { client, transport } = makeClient();
    transport.reply(
      json(200, { items: [sampleJob({ id: "j1" }), sampleJob({ id: "j2" })], total: 5 }),
      json(200, { items: [sampleJob({ id: "j3" }), sampleJob({ id: "j4" })], total: 5 }),
      json(200, { items: [sampleJob({ id: "j5" })], total: 5 }),
    );
    const jobs = client.listAllSearches({ pageSize: 2 });
    expect(jobs.map((j) => j.id)).toEqual(["j1", "j2", "j3", "j4", "j5"]);
    expect(transport.requests.map((r) => queryOf(r.url))).toEqual([
      { page: "1", page_size: "2" },
      { page: "2", page_size: "2" },
      { page: "3", page_size: "2" },
    ]);
  });

  test("a job shifted onto the next page by a newer one appears once", () => {
    const { client, transport } = makeClient();
    transport.reply(
      json(200, { items: [sampleJob({ id: "j1" }), sampleJob({ id: "j2" })], total: 3 }),
      // A new job j0 arrived: j2 moved to page 2.
      json(200, { items: [sampleJob({ id: "j2" }), sampleJob({ id: "j3" })], total: 4 }),
    );
    expect(client.listAllEnrichments({ pageSize: 2 }).map((j) => j.id)).toEqual(["j1", "j2", "j3"]);
    expect(transport.requests[0]?.url).toBe(`${ROOT}/enrichments?page=1&page_size=2`);
  });

  test("defaults to pages of 100 and stops on an empty page", () => {
    const { client, transport } = makeClient();
    transport.reply(json(200, { items: [], total: 250 }));
    expect(client.listAllSearches()).toEqual([]);
    expect(transport.requests).toHaveLength(1);
    expect(queryOf(transport.requests[0]?.url ?? "")).toEqual({ page: "1", page_size: "100" });
  });
});

describe("results", () => {
  test("iterateResultPages follows has_more", () => {
    const { client, transport } = makeClient();
    transport.reply(
      json(200, resultsPage([business(1), business(2)], { page: 1, page_size: 2, total: 3, has_more: true })),
      json(200, resultsPage([business(3)], { page: 2, page_size: 2, total: 3, has_more: false })),
    );
    const pages = [...client.iterateResultPages("search", SEARCH_ID, { pageSize: 2 })];
    expect(pages.map((p) => p.page)).toEqual([1, 2]);
    expect(transport.requests.map((r) => r.url)).toEqual([
      `${ROOT}/searches/${SEARCH_ID}/results?page=1&page_size=2`,
      `${ROOT}/searches/${SEARCH_ID}/results?page=2&page_size=2`,
    ]);
  });

  test("iterateResultPages is lazy and can resume from a page", () => {
    const { client, transport } = makeClient();
    transport.reply(json(200, resultsPage([business(5)], { page: 3, page_size: 2, total: 7, has_more: true })));
    const iterator = client.iterateResultPages("enrichment", ENRICH_ID, { pageSize: 2, startPage: 3 });
    expect(transport.requests).toHaveLength(0);
    expect(iterator.next().value?.page).toBe(3);
    expect(transport.requests[0]?.url).toBe(`${ROOT}/enrichments/${ENRICH_ID}/results?page=3&page_size=2`);
  });

  test("readAllResults reads page 1, then the other pages in one fetchAll", () => {
    const { client, transport } = makeClient();
    transport.reply(
      json(200, resultsPage(range(1, 2).map(business), { page: 1, page_size: 2, total: 5, has_more: true })),
      json(200, resultsPage(range(3, 4).map(business), { page: 2, page_size: 2, total: 5, has_more: true })),
      json(200, resultsPage([business(5)], { page: 3, page_size: 2, total: 5, has_more: false })),
    );
    const all = client.readAllResults("search", SEARCH_ID, { pageSize: 2 });
    expect(all.map((b) => b.id)).toEqual(["b1", "b2", "b3", "b4", "b5"]);
    expect(transport.rounds.map((r) => [r.via, r.requests.length])).toEqual([
      ["fetch", 1],
      ["fetchAll", 2],
    ]);
    expect(transport.rounds[1]?.requests.map((r) => queryOf(r.url)["page"])).toEqual(["2", "3"]);
  });

  test("readAllResults continues if the job grew meanwhile, and keeps each business once", () => {
    const { client, transport } = makeClient();
    transport.reply(
      json(200, resultsPage([business(1), business(2)], { page: 1, page_size: 2, total: 3, has_more: true })),
      // Grew to 6 and shifted: b2 is seen again with newer data.
      json(200, resultsPage([sampleSearchBusiness({ id: "b2", position: 2, title: "B2 v2" }), business(3)], {
        page: 2,
        page_size: 2,
        total: 6,
        has_more: true,
      })),
      json(200, resultsPage([business(4)], { page: 3, page_size: 2, total: 6, has_more: false })),
    );
    const all = client.readAllResults("search", SEARCH_ID, { pageSize: 2 });
    expect(all.map((b) => b.id)).toEqual(["b1", "b2", "b3", "b4"]);
    expect(all[1]?.title).toBe("B2 v2");
    expect(transport.rounds.map((r) => r.via)).toEqual(["fetch", "fetchAll", "fetch"]);
  });

  test("readAllResults throws a page's final error", () => {
    const { client, transport } = makeClient();
    transport.reply(
      json(200, resultsPage([business(1)], { page: 1, page_size: 1, total: 2, has_more: true })),
      error(404, "gone"),
    );
    expect(() => client.readAllResults("search", SEARCH_ID, { pageSize: 1 })).toThrow(/not found for this account/);
  });

  test("an empty job is one request", () => {
    const { client, transport } = makeClient();
    transport.reply(json(200, resultsPage([], { total: 0, has_more: false })));
    expect(client.readAllResults("enrichment", ENRICH_ID)).toEqual([]);
    expect(queryOf(transport.requests[0]?.url ?? "")).toEqual({ page: "1", page_size: "500" });
  });
});
