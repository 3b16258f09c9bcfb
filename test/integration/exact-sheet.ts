// This file defines the end-to-end check the integration tests share: a results sheet holds
// exactly the service's businesses of a job, once each, every cell as the service sent it.
import type { FakeRuntime } from "../../dev/fakes/runtime";
import { expectedCells, readSheet, serviceResults, sheetOf, type JobView, type ServiceBusiness, type World } from "../../dev/world";

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
  expect(cellDifferences(ours, service)).toEqual([]);
  expectSummariesAgree(ours);
  return service.length;
}

/**
 * Every cell of `rows` (found by Business ID) that is not as the service's business makes it, each with where it is: to assert
 * once that there is none. An expect() a cell made thousands of them a test, and a failure lists every difference.
 */
export function cellDifferences(
  rows: ReadonlyArray<Record<string, unknown>>,
  service: readonly ServiceBusiness[],
): Array<{ id: string; header: string; cell: unknown; expected: unknown }> {
  const byId = new Map(rows.map((r) => [r["Business ID"], r]));
  return service.flatMap((business) =>
    Object.entries(expectedCells(business))
      .map(([header, expected]) => ({ id: business.id, header, cell: byId.get(business.id)?.[header], expected }))
      .filter(({ cell, expected }) => !sameCell(cell, expected)),
  );
}

/** A cell as expected: the same value, or the same list or date (what toEqual would accept of a cell). */
const sameCell = (cell: unknown, expected: unknown): boolean =>
  Object.is(cell, expected) ||
  (typeof cell === "object" && typeof expected === "object" && JSON.stringify(cell) === JSON.stringify(expected));

/**
 * The summary cells never contradict the cells beside them: "N of M verified" counts the
 * addresses of the row's Emails cell (M) and its Verified emails (N, each one of those addresses).
 */
function expectSummariesAgree(rows: ReadonlyArray<Record<string, unknown>>): void {
  const list = (cell: unknown): string[] => (typeof cell === "string" && cell !== "" ? cell.split(", ") : []);
  const disagreeing = rows.filter((row) => {
    const counted = /^(\d+) of (\d+) verified$/.exec(String(row["Email status"] ?? ""));
    if (!counted) return false;
    const emails = list(row.Emails);
    const verified = list(row["Verified emails"]);
    return Number(counted[2]) !== emails.length || Number(counted[1]) !== verified.length || !verified.every((a) => emails.includes(a));
  });
  expect(disagreeing).toEqual([]);
}
