// This file defines the end-to-end check the integration tests share: a results sheet holds
// exactly the service's businesses of a job, once each, every cell as the service sent it.
import type { FakeRuntime } from "../../dev/fakes/runtime";
import { expectedCells, readSheet, serviceResults, sheetOf, type JobView, type World } from "../../dev/world";

/** Returns how many businesses the service has for the job (rows without a Business ID are the user's). */
export async function expectSheetExact(
  world: World,
  runtime: FakeRuntime,
  apiKey: string,
  job: Pick<JobView, "jobId" | "sheetName">,
): Promise<number> {
  const service = await serviceResults(world, apiKey, job.jobId);
  const { rows } = readSheet(runtime, sheetOf(job));
  const ours = rows.filter((r) => r["Business ID"] !== "");
  expect(ours.map((r) => r["Business ID"]).sort()).toEqual(service.map((b) => b.id).sort());
  const byId = new Map(ours.map((r) => [r["Business ID"], r]));
  for (const business of service) {
    const expected = expectedCells(business);
    for (const header of Object.keys(expected)) expect([header, byId.get(business.id)?.[header]]).toEqual([header, expected[header]]);
  }
  for (const row of ours) expectSummaryAgrees(row);
  return service.length;
}

/**
 * The summary cells never contradict the cells beside them: "N of M verified" counts the
 * addresses of the row's Emails cell (M) and its Verified emails (N, each one of those addresses).
 */
export function expectSummaryAgrees(row: Record<string, unknown>): void {
  const list = (cell: unknown): string[] => (typeof cell === "string" && cell !== "" ? cell.split(", ") : []);
  const counted = /^(\d+) of (\d+) verified$/.exec(String(row["Email status"] ?? ""));
  if (!counted) return;
  const emails = list(row.Emails);
  const verified = list(row["Verified emails"]);
  expect([row["Business ID"], Number(counted[2])]).toEqual([row["Business ID"], emails.length]);
  expect([row["Business ID"], Number(counted[1])]).toEqual([row["Business ID"], verified.length]);
  for (const address of verified) expect(emails).toContain(address);
}
