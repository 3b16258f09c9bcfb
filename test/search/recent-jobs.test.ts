// Checks the list of the account's recent jobs on a scripted service: both kinds read in one round
// trip and merged newest first, 20 a page; each job says whether this document tracks it and on
// which line; one kind reads exactly its page.
import { recentJobs } from "../../src/search/recent-jobs";
import { json, makeClient, queryOf, sampleJob } from "../api/helpers";

const job = (id: string, createdAt: string) => sampleJob({ id, name: `Job ${id}`, created_at: createdAt, lead_count: 5 });
const FOREVER = Number.MAX_SAFE_INTEGER;

describe("recentJobs", () => {
  it("reads both lists in one round trip and merges them newest first", () => {
    const { client, transport } = makeClient();
    transport.route = (request) =>
      request.url.includes("/searches")
        ? json(200, { items: [job("s2", "2026-11-21T10:00:00Z"), job("s1", "2026-11-19T10:00:00Z")], total: 2 })
        : json(200, { items: [job("e1", "2026-11-20T10:00:00Z")], total: 1 });
    const page = recentJobs(
      client,
      (j) => (j.id === "s1" ? { jobId: "line-1", name: "Plumbers" } : null),
      { kinds: ["search", "enrichment"], page: 1 },
      FOREVER,
    );
    expect(page.jobs.map((j) => [j.jobId, j.kind, j.tracked])).toEqual([
      ["s2", "search", false],
      ["e1", "enrichment", false],
      ["s1", "search", true],
    ]);
    expect(page.jobs[2]?.partOf).toEqual({ jobId: "line-1", name: "Plumbers" });
    expect(page.hasMore).toBe(false);
    expect(transport.rounds).toHaveLength(1);
  });

  it("one kind reads exactly the page asked for, 20 a page, and says when there are more", () => {
    const { client, transport } = makeClient();
    transport.reply(json(200, { items: [job("s3", "2026-11-21T10:00:00Z")], total: 45 }));
    const page = recentJobs(client, () => null, { kinds: ["search"], page: 2 }, FOREVER);
    expect(queryOf(transport.requests[0]?.url ?? "")).toEqual({ page: "2", page_size: "20" });
    expect(page.hasMore).toBe(true);
    expect(page.jobs[0]).toMatchObject({ jobId: "s3", name: "Job s3", leadCount: 5, createdAt: "2026-11-21T10:00:00Z" });
  });

  it("a list the service refuses is the call's failure", () => {
    const { client, transport } = makeClient();
    transport.reply(json(401, { detail: "bad key" }));
    expect(() => recentJobs(client, () => null, { kinds: ["search"], page: 1 }, FOREVER)).toThrow();
  });
});
