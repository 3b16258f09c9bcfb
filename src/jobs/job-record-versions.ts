// This file defines how a job record is read across versions: its stored shape (job-record.ts) through the versioned reader
// (stored-json.ts), with the document's facts a step may ask. Today's shape is version 1 and has no step: a change of shape after
// the first release appends its step to JOB_RECORD_STEPS, and the pass writes each record it upgraded back once (JobStore.writeBack).
import * as z from "zod/mini";
import type { StoredShape, VersionStep } from "../storage/stored-json";
import type { JobRecord, StoredKinds } from "./job-record";

/** What a record's document tells of it: its time zone, which a new record keeps. */
export interface DocumentFacts {
  timeZone(): string;
}

/** The facts of a spreadsheet, asked of it only when needed. */
export const documentFacts = ({ spreadsheet }: { spreadsheet: { getSpreadsheetTimeZone(): string } }): DocumentFacts => ({
  timeZone: () => spreadsheet.getSpreadsheetTimeZone(),
});

/** The same facts, each asked once at most (a pass makes many records). */
export function askedOnce(facts: DocumentFacts): DocumentFacts {
  let zone: string | undefined;
  return { timeZone: () => (zone ??= facts.timeZone()) };
}

/** A step of a job record's versions: a small pure function of the record and its document's facts. */
interface JobRecordStep {
  readonly to: number;
  upgrade(record: JobRecord, facts: DocumentFacts): JobRecord;
}

/** The steps, in order of version: none before the first release (version 1); a later version appends its own. */
const JOB_RECORD_STEPS: readonly JobRecordStep[] = [];

/** How a job record is written: today's version first (stored-json.ts). */
export const JOB_RECORD_FORMAT = { versioned: true, steps: JOB_RECORD_STEPS } as const;

/** A job record of one of `kinds` as stored: with its version, upgraded by every step after it on read. */
export function jobRecordVersions(facts: DocumentFacts, kinds: StoredKinds): StoredShape<JobRecord> {
  return {
    schema: z.union([kinds.search, kinds.enrichment, kinds.territory]),
    versioned: true,
    steps: JOB_RECORD_STEPS.map((step): VersionStep<JobRecord> => ({ to: step.to, upgrade: (record) => step.upgrade(record, facts) })),
    upgrade: (stored) => stored,
  };
}
