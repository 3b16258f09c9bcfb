// Checks which line of the document holds a service job's results: its own record, the territory
// one of whose searches it is, or the search of the same input under the same name; else none.
import { lineOfJob } from "../../src/search/line-of-job";
import { newJobRecord, type JobRecord } from "../../src/jobs/job-record";
import type { Job } from "../../src/api/schemas";
import { territory } from "../territory/territory-fixture";

const search = (id: string, name: string, searched?: { query: string; place: string }): JobRecord =>
  ({
    ...newJobRecord({
      id,
      kind: "search",
      name,
      sheetId: 1,
      sheetName: name,
      status: "completed",
      createdAt: "2026-11-20T08:00:00Z",
      timeZone: "UTC",
    }),
    ...(searched ? { searched } : {}),
  }) as JobRecord;

const job = (id: string, name: string, input: Record<string, unknown>) =>
  ({ id, name, status: "completed", actor_input: input }) as unknown as Job;

const austin = { query: "dentists", location: "Austin, Texas, United States", countryCode: "US", maxResults: 100, language: "en" };

describe("lineOfJob", () => {
  it("finds the job's own record", () => {
    const own = search("job-1", "Anything");
    expect(lineOfJob([search("other", "x"), own], job("job-1", "Other name", {}), "search")).toBe(own);
  });
  it("finds the territory that holds the job among its searches", () => {
    const t = territory({
      pairs: [
        ["job-9", "r", 100],
        [null, "w", null],
      ],
    });
    expect(lineOfJob([t], job("job-9", "?", {}), "search")).toBe(t);
  });
  it("finds the search of the same query and place under the same name (a refresh run)", () => {
    const line = search("s-1", "Dentists", { query: "dentists", place: "Austin, Texas, United States" });
    expect(lineOfJob([line], job("run-2", "Dentists", austin), "search")).toBe(line);
    expect(lineOfJob([line], job("run-2", "Other name", austin), "search")).toBeNull();
    expect(lineOfJob([line], job("run-2", "Dentists", { ...austin, query: "plumbers" }), "search")).toBeNull();
  });
  it("finds the territory whose search has the job's name, query, place and size", () => {
    const t = territory();
    const found = job("run-3", "dentists · Austin, Texas, United States", austin);
    expect(lineOfJob([t], found, "search")).toBe(t);
    expect(lineOfJob([t], { ...found, actor_input: { ...austin, maxResults: 200 } } as Job, "search")).toBeNull();
  });
  it("an enrichment that is no record's is on no line", () => {
    expect(lineOfJob([territory()], job("e-1", "dentists · Austin, Texas, United States", austin), "enrichment")).toBeNull();
  });
});
