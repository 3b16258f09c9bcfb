// A team's territories in one document, on the BUILT full-scope bundle (its store is one developer-metadata entry, of Google's 30,000
// characters a location): ten editors, each with a key of their own, each runs a territory of 3 queries in 5 places; the hourly
// triggers finish them, and every one of the ten stays listed, the oldest too, for as long as the day's passes go on (the store
// keeps each editor's last finished job while it has room); a new search still starts, an old job giving it room.
import * as path from "node:path";
import { newRuntime, sidebarAs } from "../../dev/world";
import { METROS } from "../../dev/simulator/metros";
import { useWorld } from "../fixtures/world";

const world = useWorld(47);
const FULL = path.resolve(__dirname, "../../dist-full");
const HOUR = 60 * 60 * 1000;

describe("ten editors' territories in one document (full-scope build)", () => {
  it("are all listed after they finish, and still after 7 hours of passes", async () => {
    const runtime = newRuntime(world, { distDir: FULL, userEmail: "editor0@example.com" });
    const editors = Array.from({ length: 10 }, (_, i) => `editor${i}@example.com`);
    const territories: string[] = [];
    for (const editor of editors) {
      const account = await world.control.createAccount({ plan: "growth", credits: 5000, maxActiveJobs: 25 });
      sidebarAs(runtime, editor, "saveSettings", { apiKey: account.apiKey, baseUrl: world.url });
      const places = (METROS.find((metro) => metro.name === "Dallas–Fort Worth")?.places ?? [])
        .slice(0, 5)
        .map((p) => ({ label: p.label }));
      const started = sidebarAs(runtime, editor, "startSearch", {
        queries: [`dentists ${editor}`, `orthodontists ${editor}`, `dental labs ${editor}`],
        locations: places,
        maxResults: 100,
      });
      territories.push(started.jobId);
      world.clock.advance(60_000);
    }
    for (let hour = 1; hour <= 7; hour += 1) {
      world.clock.advance(HOUR);
      const runs = runtime.fireDueTriggers();
      expect(runs.filter((run) => run.errorMessage !== undefined).map((run) => run.errorMessage)).toEqual([]);
      const listed = new Set(sidebarAs(runtime, editors[0] as string, "listJobs").map((job) => job.jobId));
      expect(territories.filter((id) => !listed.has(id))).toEqual([]);
    }
    const done = sidebarAs(runtime, editors[0] as string, "listJobs").filter((job) => territories.includes(job.jobId));
    expect(done.map((job) => job.status)).toEqual(Array(10).fill("completed"));
    // A new job needs the room more than a finished one needs its line: it starts.
    const place = (METROS.find((metro) => metro.name === "Dallas–Fort Worth")?.places ?? [])[0]?.label;
    const next = sidebarAs(runtime, editors[3] as string, "startSearch", { query: "endodontists", location: place, maxResults: 100 });
    expect(sidebarAs(runtime, editors[3] as string, "listJobs").map((job) => job.jobId)).toContain(next.jobId);
  });
});
