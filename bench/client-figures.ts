// This file measures the client side of the foundation: validating a 500-business results page
// with the client's own request builder (zod/mini schemas), as a ratio to JSON.parse of the same
// text; and the simulator's loopback throughput, served in this process and from a worker thread.
import { VirtualClock } from "../dev/clock";
import { Simulator, measureRequestsPerSecond, startSimulatorServer, startSimulatorWorker, realClock, type BenchResult } from "./sim";
import { RequestBuilders } from "../src/api/requests";
import { int, kb, medianMs, ms, printTable, ratio } from "./stats";

const PAGE_SIZE = 500;
const PARSE_SAMPLES = 30;

interface SimAnswer {
  status: number;
  body: string;
}

function call(sim: Simulator, apiKey: string, method: "GET" | "POST", path: string, body?: unknown): SimAnswer {
  const headers: Record<string, string> = { "x-api-key": apiKey, "content-type": "application/json" };
  if (method === "POST") headers["idempotency-key"] = "k1";
  const request = body === undefined ? { method, path, headers } : { method, path, headers, body: JSON.stringify(body) };
  const response = sim.handle(request);
  return { status: response.status, body: response.body };
}

/** A realistic, completed 500-business page from an in-process simulator on virtual time. */
export function realisticResultsPage(): { jobId: string; body: string } {
  const clock = new VirtualClock();
  const sim = new Simulator({ clock, seed: 7 });
  const { apiKey } = sim.createAccount({ plan: "growth", credits: 5000 });
  const created = call(sim, apiKey, "POST", "/api/v1/searches", {
    input: { query: "plumbers", location: "Austin, Texas, US", maxResults: PAGE_SIZE },
  });
  if (created.status !== 202) throw new Error(`creating the search: ${created.status} ${created.body}`);
  const jobId = (JSON.parse(created.body) as { job_id: string }).job_id;
  for (let step = 0; ; step += 1) {
    if (step > 1000) throw new Error("the 500-result search did not complete");
    const status = call(sim, apiKey, "GET", `/api/v1/searches/${jobId}`);
    if ((JSON.parse(status.body) as { status: string }).status === "completed") break;
    clock.advance(5000);
  }
  const page = call(sim, apiKey, "GET", `/api/v1/searches/${jobId}/results?page=1&page_size=${PAGE_SIZE}`);
  if (page.status !== 200) throw new Error(`results page: ${page.status} ${page.body}`);
  const items = (JSON.parse(page.body) as { items: unknown[] }).items.length;
  if (items !== PAGE_SIZE) throw new Error(`expected ${PAGE_SIZE} items, got ${items}`);
  return { jobId, body: page.body };
}

export function validationFigures(): { validateMs: number; jsonMs: number } {
  const { jobId, body } = realisticResultsPage();
  const request = new RequestBuilders().getSearchResults(jobId, { page: 1, pageSize: PAGE_SIZE });
  const check = request.parse(JSON.parse(body));
  if (!check.ok) throw new Error(`the client refused the simulator's page: ${JSON.stringify(check.issues.slice(0, 3))}`);

  const jsonMs = medianMs(() => JSON.parse(body), { samples: PARSE_SAMPLES, warmup: 5 });
  const fullMs = medianMs(() => request.parse(JSON.parse(body)), { samples: PARSE_SAMPLES, warmup: 5 });
  let parsed: unknown;
  const validateMs = medianMs(() => request.parse(parsed), { samples: PARSE_SAMPLES, warmup: 5, setup: () => (parsed = JSON.parse(body)) });

  printTable(
    `Foundation: validating one ${PAGE_SIZE}-business results page (median of ${PARSE_SAMPLES})`,
    ["figure", "measured", "÷ JSON.parse", "target"],
    [
      ["JSON.parse of the page text (baseline)", ms(jsonMs), ratio(1), "—"],
      ["client parse: JSON.parse + schema validation", ms(fullMs), ratio(fullMs / jsonMs), "—"],
      ["schema validation alone (pre-parsed JSON)", ms(validateMs), ratio(validateMs / jsonMs), "—"],
    ],
    [`Page: ${int(body.length)} characters (${kb(Buffer.byteLength(body))}), from an in-process Simulator (seed 7), enriched, completed.`],
  );
  return { validateMs: fullMs, jsonMs };
}

const THROUGHPUT_REQUESTS = 2000;

async function measure(url: string): Promise<[BenchResult, BenchResult]> {
  await measureRequestsPerSecond(url, 200, 4); // warm-up: JIT, sockets
  const sequential = await measureRequestsPerSecond(url, THROUGHPUT_REQUESTS, 1);
  const parallel = await measureRequestsPerSecond(url, THROUGHPUT_REQUESTS, 8);
  return [sequential, parallel];
}

export async function throughputFigures(): Promise<void> {
  const server = await startSimulatorServer({ simulator: new Simulator({ clock: realClock }) });
  let inProcess: [BenchResult, BenchResult];
  try {
    inProcess = await measure(server.url);
  } finally {
    await server.close();
  }
  const worker = await startSimulatorWorker();
  let inWorker: [BenchResult, BenchResult];
  try {
    inWorker = await measure(worker.url);
  } finally {
    await worker.close();
  }
  const row = (label: string, r: BenchResult): string[] => [
    label,
    String(r.concurrency),
    int(r.requests),
    `${r.seconds.toFixed(2)} s`,
    `${int(r.requestsPerSecond)} req/s`,
  ];
  printTable(
    "Foundation: simulator throughput over loopback (GET /account, measureRequestsPerSecond)",
    ["served from", "in flight", "requests", "time", "throughput"],
    [
      row("this process (startSimulatorServer)", inProcess[0]),
      row("this process (startSimulatorServer)", inProcess[1]),
      row("worker thread (startSimulatorWorker)", inWorker[0]),
      row("worker thread (startSimulatorWorker)", inWorker[1]),
    ],
    ["No target; in this process the client's fetch and the server share one event loop."],
  );
}
