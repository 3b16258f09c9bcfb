// The demo keys as the docs tell them are the simulator's own, so the two cannot drift apart: the
// playground's guide (docs/playground.md: "The demo keys", the "What waits" try-out, the enrichment
// paragraph) and dev/simulator/README.md list every key of DEMO_KEYS and no other, each with its
// account's plan and credits (as GET /account answers them) and its jobs at a time (its account's
// limit, or the simulator's default, which both files state); where the credits allow, a fresh
// simulator creates exactly that many searches with the key before it answers 429.
// docs/service-api.md names every key, and the playground page's own hints name demo keys only.
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { renderPage } from "../../../dev/playground/page";
import { DEFAULT_MAX_ACTIVE_JOBS } from "../../../dev/simulator/accounts";
import { DEMO_KEYS, type DemoKey } from "../../../dev/simulator/demo";
import { call, createSearch, newSim } from "./helpers";

const ROOT = path.resolve(__dirname, "../../..");
const DOCS = ["docs/playground.md", "dev/simulator/README.md"];
const KEYS: readonly DemoKey[] = Object.values(DEMO_KEYS);

interface Row {
  key: string;
  account: string;
  jobs: string;
  purpose: string;
}

/** The rows of the document's "| Key | Account | Jobs at a time | What it is for |" table. */
function demoKeyTable(markdown: string): Row[] {
  const lines = markdown.split("\n");
  const header = lines.indexOf("| Key | Account | Jobs at a time | What it is for |");
  if (header < 0) return [];
  const rows: Row[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith("|")) break;
    const [key = "", account = "", jobs = "", purpose = ""] = line
      .split("|")
      .slice(1, -1)
      .map((cell) => cell.trim());
    rows.push({ key: key.replace(/`/g, ""), account, jobs, purpose });
  }
  return rows;
}

/** The key whose record creates the account `demo` belongs to. */
function ownerOf(demo: DemoKey): DemoKey {
  const owner = KEYS.find((k) => k.accountId === demo.accountId && k.account !== undefined);
  if (owner === undefined) throw new Error(`no demo key creates ${demo.accountId}`);
  return owner;
}

/** Jobs at a time of the key's account, by the simulator's code. */
function jobsAtATime(demo: DemoKey): number {
  return ownerOf(demo).account?.maxActiveJobs ?? DEFAULT_MAX_ACTIVE_JOBS;
}

const read = (file: string): string => readFileSync(path.join(ROOT, file), "utf8");
/** Text as one line, so sentences wrapped over lines read whole. */
const flat = (text: string): string => text.replace(/\s+/g, " ");

describe.each(DOCS)("the demo keys in %s", (file) => {
  const text = read(file);
  const rows = demoKeyTable(text);

  it("lists every demo key, in the simulator's order, and no other", () => {
    expect(rows.map((row) => row.key)).toEqual(KEYS.map((k) => k.apiKey));
    expect(rows.every((row) => row.purpose.length > 20)).toBe(true);
  });

  it("gives each key's plan, credits and jobs at a time as the simulator has them", () => {
    const { sim } = newSim();
    for (const row of rows) {
      const demo = KEYS.find((k) => k.apiKey === row.key);
      if (demo === undefined) throw new Error(`${row.key} is not a demo key`);
      const account = call(sim, "GET", "/account", { key: demo.apiKey });
      if (demo.revoked === true) {
        expect([row.key, row.account, row.jobs, account.status]).toEqual([
          row.key,
          `the account of \`${ownerOf(demo).apiKey}\`, revoked`,
          "—",
          401,
        ]);
        continue;
      }
      expect([row.key, account.status, row.jobs]).toEqual([row.key, 200, String(jobsAtATime(demo))]);
      if (demo.account === undefined) {
        expect([row.key, row.account]).toEqual([row.key, `the account of \`${ownerOf(demo).apiKey}\``]);
        continue;
      }
      const credits = Number(account.body["credits_remaining"]).toLocaleString("en-US");
      const pastDue = account.body["status"] === "past_due" ? ", past due" : "";
      expect([row.key, row.account]).toEqual([row.key, `${String(account.body["plan_name"])} · ${credits} credits${pastDue}`]);
    }
  });

  it("states the simulator's default jobs at a time, and no other number for it", () => {
    const sentences = flat(text)
      .split(/(?<=\.) /)
      .filter((sentence) => sentence.includes("simulator's default"));
    expect(sentences.length).toBeGreaterThan(0);
    for (const sentence of sentences) {
      const numbers = [...sentence.matchAll(/(\d+) jobs? at a time/g)].map((m) => Number(m[1]));
      expect([sentence, numbers]).toEqual([sentence, [DEFAULT_MAX_ACTIVE_JOBS]]);
    }
  });
});

describe("the service API's page on the simulator (docs/service-api.md)", () => {
  it("names every demo key, with the jobs at a time it gives", () => {
    const text = flat(read("docs/service-api.md"));
    const named = new Set([...text.matchAll(/`(demo-[a-z0-9-]+)`/g)].map((m) => m[1]));
    expect(KEYS.filter((k) => !named.has(k.apiKey)).map((k) => k.apiKey)).toEqual([]);
    for (const [, key, jobs] of text.matchAll(/`(demo-[a-z0-9-]+)` \([^)]*?(\d+) jobs? at a time/g)) {
      expect([key, Number(jobs)]).toEqual([key, jobsAtATime(KEYS.find((k) => k.apiKey === key) ?? DEMO_KEYS.revoked)]);
    }
  });
});

describe("the playground guide's other words on demo keys (docs/playground.md)", () => {
  const text = flat(read("docs/playground.md"));

  it("says the jobs at a time of the key it has you save, and of the demo accounts all told", () => {
    const saved = [...text.matchAll(/Save `(demo-[a-z0-9-]+)` as the key in Settings: its account runs (\d+) jobs? at a time/g)];
    expect(saved.length).toBeGreaterThan(0);
    for (const [, key, jobs] of saved)
      expect([key, Number(jobs)]).toEqual([key, jobsAtATime(KEYS.find((k) => k.apiKey === key) ?? DEMO_KEYS.revoked)]);
    const told = /demo accounts run ((?:\d+(?:, | or ))*\d+)/.exec(text)?.[1] ?? "";
    const actual = new Set(KEYS.filter((k) => k.revoked !== true).map(jobsAtATime));
    expect(new Set(told.split(/, | or /).map(Number))).toEqual(actual);
  });

  it("names, in the playground page's hints, demo keys only", () => {
    const page = renderPage({ demoKey: DEMO_KEYS.growth.apiKey, simUrl: "http://127.0.0.1:1", hostile: false }, "");
    const named = [...page.matchAll(/<code>(demo-[a-z0-9-]+)<\/code>/g)].map((m) => m[1]);
    expect(named).toContain(DEMO_KEYS.oneJob.apiKey);
    expect(named.filter((key) => !KEYS.some((k) => k.apiKey === key))).toEqual([]);
  });
});

describe("each demo key's jobs at a time, in a simulator", () => {
  /** The keys whose account may start its number of searches and one more: paid, active, with the credits. */
  const showing = KEYS.filter((demo) => {
    const account = call(newSim().sim, "GET", "/account", { key: demo.apiKey });
    const body = account.body;
    return (
      account.status === 200 &&
      body["status"] === "active" &&
      body["plan_code"] !== "free" &&
      Number(body["credits_remaining"]) >= (jobsAtATime(demo) + 1) * 100
    );
  });

  it("can show it for the everyday key and the one-job key", () => {
    expect(showing.map((k) => k.apiKey)).toEqual(expect.arrayContaining([DEMO_KEYS.growth.apiKey, DEMO_KEYS.oneJob.apiKey]));
  });

  it.each(showing.map((k) => [k.apiKey, k] as const))("%s creates its account's number of searches, then 429", (_, demo) => {
    const { sim } = newSim();
    const limit = jobsAtATime(demo);
    const statuses = Array.from({ length: limit + 1 }, () => createSearch(sim, demo.apiKey).status);
    expect(statuses).toEqual([...Array.from({ length: limit }, () => 202), 429]);
  });
});
