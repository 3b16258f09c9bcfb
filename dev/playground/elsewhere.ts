// This file defines "a job made elsewhere": a search created straight on the simulator with a demo
// key, as the service's dashboard or another tool would, so the sidebar's "Open an existing job"
// has something to import that this document has never seen.
import { randomUUID } from "node:crypto";

export interface ElsewhereJob {
  jobId: string;
  name: string;
}

export async function createSearchElsewhere(
  simUrl: string,
  apiKey: string,
  query = "coffee",
  location = "Austin, Texas, US",
): Promise<ElsewhereJob> {
  const name = `${query} in ${location} (made elsewhere)`;
  const res = await fetch(`${simUrl}/api/v1/searches`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": apiKey, "idempotency-key": randomUUID() },
    body: JSON.stringify({ name, input: { query, location, countryCode: location.slice(-2), maxResults: 100 }, enrich_contacts: true }),
  });
  const body = (await res.json()) as { job_id?: unknown; detail?: unknown };
  if (res.status !== 202 && res.status !== 200 && res.status !== 201)
    throw new Error(`the service refused the search (${res.status}): ${JSON.stringify(body.detail ?? body)}`);
  if (typeof body.job_id !== "string") throw new Error("the service's answer had no job_id");
  return { jobId: body.job_id, name };
}
