// Checks what the sidebar's panels share, on a scripted server and recording messages: listeners hear
// each new account and job list, the message shown is rechecked after each, a job's dates are in its
// own zone first, and opening a sheet says so, or why not.
import { SidebarState } from "../../../src/ui/sidebar/sidebar-state";
import type { Messages } from "../../../src/ui/sidebar/messages";
import type { JobView, Server } from "../../../src/ui/sidebar/server";

function setUp(answers: Record<string, (args: unknown) => Promise<unknown>>) {
  const said: string[] = [];
  const calls: Array<[string, unknown]> = [];
  let rechecks = 0;
  const messages = { say: (text: string) => void said.push(text), fail: (error: unknown) => void said.push(`failed: ${(error as Error).message}`), recheck: () => void (rechecks += 1) } as unknown as Messages;
  const server = { call: (name: string, args?: unknown) => (calls.push([name, args]), answers[name]?.(args) ?? Promise.reject(new Error(`no ${name}`))) } as unknown as Server;
  return { state: new SidebarState(server, messages), said, calls, rechecks: () => rechecks };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe("SidebarState", () => {
  it("reloads the jobs, tells each listener, and rechecks the message", async () => {
    const jobs = [{ jobId: "a" }, { jobId: "b" }] as unknown as JobView[];
    const { state, calls, rechecks } = setUp({ listJobs: async () => jobs });
    const heard: JobView[][] = [];
    state.onJobs((list) => heard.push(list));
    state.onJobs((list) => heard.push(list));
    await expect(state.reloadJobs()).resolves.toBe(jobs);
    expect(state.jobs).toBe(jobs);
    expect(heard).toEqual([jobs, jobs]);
    expect(calls).toEqual([["listJobs", undefined]]);
    expect(rechecks()).toBe(1);
  });

  it("reloads the account for its listeners", async () => {
    const account = { credits: 5 };
    const { state, rechecks } = setUp({ getAccount: async () => account });
    const heard: unknown[] = [];
    state.onAccount((a) => heard.push(a));
    await state.reloadAccount();
    expect(state.account).toBe(account);
    expect(heard).toEqual([account]);
    expect(rechecks()).toBe(1);
  });

  it("reads a job's dates in its own zone, else the spreadsheet's", () => {
    const { state } = setUp({});
    state.timeZone = "Europe/Paris";
    expect(state.zoneOf({ timeZone: "Asia/Tokyo" } as JobView)).toBe("Asia/Tokyo");
    expect(state.zoneOf({ timeZone: "" } as unknown as JobView)).toBe("Europe/Paris");
  });

  it("says it opens a job's sheet, then names the sheet shown", async () => {
    const { state, said, calls } = setUp({ showJobSheet: async () => ({ sheetName: "Dentists" }) });
    state.showJobSheet("j-1");
    expect(said).toEqual(["Opening the sheet…"]);
    await flush();
    expect(calls).toEqual([["showJobSheet", { jobId: "j-1" }]]);
    expect(said).toEqual(["Opening the sheet…", "Showing the sheet “Dentists”."]);
  });

  it("says why a sheet could not be opened", async () => {
    const { state, said } = setUp({ showJobSheet: async () => Promise.reject(new Error("The sheet was deleted.")) });
    state.showJobSheet("j-1");
    await flush();
    expect(said).toEqual(["Opening the sheet…", "failed: The sheet was deleted."]);
  });
});
