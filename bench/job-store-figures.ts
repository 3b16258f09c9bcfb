// This file measures the job store against Apps Script's properties limits (9 KB a value, 500 KB
// a store, in UTF-8 bytes): the bytes one tracked job takes (its record, which holds its
// idempotency key while it runs; a search's start record is gone once the record exists),
// typical and at its longest, how many jobs fit, and 300 tracked jobs saved for real into the
// fakes' document properties, which enforce Google's limits.
import { createRuntime } from "../dev/fakes/runtime";
import type { JobRecord } from "../src/jobs/job-record";
import { JobStore, fingerprint } from "../src/jobs/job-store";
import { STORE_BUDGET_BYTES, STORE_LIMIT_BYTES, VALUE_LIMIT_BYTES, storeBytes, storedRecordJson } from "../src/jobs/job-store-budget";
import { utf8Bytes } from "../src/storage/utf8";
import { int, kb, pct, printTable } from "./stats";
import { passNote } from "../src/jobs/record-note";
import { RECORD_KINDS } from "../src/app/record-kinds";

const CJK = "東京の老舗和菓子店リスト";

function jobRecord(i: number, longest: boolean): JobRecord {
  return {
    id: `${String(i).padStart(8, "0")}-1111-4222-8333-444455556666`,
    kind: "search",
    name: longest ? CJK.repeat(500) : "plumbers in Austin, Texas, US",
    sheetId: 1_000_000_000 + i,
    sheetName: longest ? CJK.repeat(8) : "plumbers in Austin, Texas, US",
    status: "running",
    leadCount: 650,
    enrichedCount: 320,
    creditsCharged: 700,
    rowsWritten: 600,
    settled: false,
    error: null,
    note: longest ? passNote("status", CJK.repeat(1000)) : null,
    createdAt: new Date(Date.UTC(2026, 10, 23, 12, 0, i)).toISOString(),
    finishedAt: null,
    startKey: fingerprint(`start ${i}`),
    idempotencyKey: "9b2f1c3e-5d6a-4b7c-8d9e-0f1a2b3c4d5e",
    createdBy: "0123456789abcdef",
    seenBy: ["0123456789abcdef", "fedcba9876543210"],
    hiddenFrom: longest ? ["1111222233334444"] : [],
    timeZone: "America/Chicago",
  };
}

function bytesPerJob(longest: boolean): number {
  const record = jobRecord(1, longest);
  return utf8Bytes(`job:${record.id}`) + utf8Bytes(storedRecordJson(record));
}

export function jobStoreFigures(): void {
  const typical = bytesPerJob(false);
  const longest = bytesPerJob(true);

  // 300 jobs saved for real into the fakes' document properties (Google's limits enforced).
  const runtime = createRuntime();
  const props = runtime.globals().PropertiesService.getDocumentProperties();
  const store = new JobStore(props, { timeZone: () => "America/Chicago" }, RECORD_KINDS);
  let refused = 0;
  for (let i = 0; i < 300; i += 1) {
    const record = jobRecord(i, true);
    if (!store.trySave(record)) refused += 1;
  }
  const used = storeBytes(props.getProperties());
  runtime.endAmbient();

  printTable(
    "Job store: bytes per tracked job in document properties (UTF-8, keys included)",
    ["figure", "typical search", "every text at its longest (CJK)"],
    [
      [
        "one tracked job: its record, with its idempotency key while it runs",
        `${int(typical)} B`,
        `${int(longest)} B (≤ ${kb(VALUE_LIMIT_BYTES)} a value)`,
      ],
      [`jobs that fit in the 500 KB store`, int(Math.floor(STORE_LIMIT_BYTES / typical)), int(Math.floor(STORE_LIMIT_BYTES / longest))],
      [
        `finished jobs kept under the ${kb(STORE_BUDGET_BYTES)} pruning budget`,
        int(Math.floor(STORE_BUDGET_BYTES / typical)),
        int(Math.floor(STORE_BUDGET_BYTES / longest)),
      ],
      [
        "300 active jobs, longest texts, saved into the fakes' store",
        "—",
        `${kb(used)} = ${pct(used, STORE_LIMIT_BYTES)} of 500 KB, ${refused} saves refused`,
      ],
    ],
    [
      "Texts are clipped by bytes (name 240 B, sheet name 270 B, note 320 B, error 1,200 B); finished jobs are pruned oldest first",
      "beyond 40 or while the store is over its budget; active jobs and scheduled searches are never pruned.",
    ],
  );
}
