// This file defines the end-to-end check the integration tests share: a results sheet holds
// exactly the service's businesses of a job, once each, every cell as the service sent it.
import type { FakeRuntime } from "../../dev/fakes/runtime";
import { expectedCells, readSheet, serviceResults, type World } from "../../dev/world";

/** Returns how many businesses the service has for the job (rows without a Business ID are the user's). */
export async function expectSheetExact(world: World, runtime: FakeRuntime, apiKey: string, job: { jobId: string; sheetName: string }): Promise<number> {
  const service = await serviceResults(world, apiKey, job.jobId);
  const { rows } = readSheet(runtime, job.sheetName);
  const ours = rows.filter((r) => r["Business ID"] !== "");
  expect(ours.map((r) => r["Business ID"]).sort()).toEqual(service.map((b) => b.id).sort());
  const byId = new Map(ours.map((r) => [r["Business ID"], r]));
  for (const business of service) {
    const expected = expectedCells(business);
    for (const header of Object.keys(expected)) expect([header, byId.get(business.id)?.[header]]).toEqual([header, expected[header]]);
  }
  return service.length;
}
