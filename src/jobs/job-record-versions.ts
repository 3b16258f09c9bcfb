// This file defines how a job record is read across versions: its stored shape (job-record.ts), the steps from each version to the next,
// run once on read (stored-json.ts), and what the record's document supplies of fields an older version did not keep.
import type { KeyValueStore } from "../storage/key-value-store";
import type { StoredShape, VersionStep } from "../storage/stored-json";
import { EditorKeys } from "./editor-keys";
import { seenByEach } from "./ownership";
import { STORED_JOB_RECORD, type JobRecord, type StoredJobRecord } from "./job-record";

/** What a record's document tells of it: its time zone, a sheet's id by its name, and the keys it knows (as digests). */
export interface DocumentFacts {
  timeZone(): string;
  sheetIdNamed(name: string): number | null;
  /** Its editors' current keys and the reading key's, when one is saved. */
  knownKeys(): readonly string[];
}

type FactsSpreadsheet = { getSpreadsheetTimeZone(): string; getSheetByName(name: string): { getSheetId(): number } | null };

/** The facts of a spreadsheet and its store, asked of them only when a record lacks them. */
export function documentFacts(
  { spreadsheet, store }: { spreadsheet: FactsSpreadsheet; store: KeyValueStore },
  readerDigest: string | null = null,
): DocumentFacts {
  return {
    timeZone: () => spreadsheet.getSpreadsheetTimeZone(),
    sheetIdNamed: (name) => spreadsheet.getSheetByName(name)?.getSheetId() ?? null,
    knownKeys: () => withKey(new EditorKeys(store).digests(), readerDigest),
  };
}

const withKey = (digests: readonly string[], digest: string | null): readonly string[] =>
  digest === null || digests.includes(digest) ? digests : [...digests, digest];

/** The same facts, each asked once at most (a store reads many records). */
export function askedOnce(facts: DocumentFacts): DocumentFacts {
  let zone: string | undefined;
  let keys: readonly string[] | undefined;
  return {
    timeZone: () => (zone ??= facts.timeZone()),
    sheetIdNamed: (name) => facts.sheetIdNamed(name),
    knownKeys: () => (keys ??= facts.knownKeys()),
  };
}

/** A step of a job record's versions: a small pure function of the record and its document's facts. */
export interface JobRecordStep {
  readonly to: number;
  upgrade(record: StoredJobRecord, facts: DocumentFacts): StoredJobRecord;
}

/** Version 2: a record keeps its results sheet's id (version 1 could have its name only): found by name once, here. */
const sheetIdKept: JobRecordStep = {
  to: 2,
  upgrade(record, facts) {
    if (record.sheetId !== null || record.sheetName === null) return record;
    const sheetId = facts.sheetIdNamed(record.sheetName);
    return sheetId === null ? record : { ...record, sheetId };
  },
};

/**
 * Version 3: a record from before its creator was kept is taken to be seen by every key the
 * document knows, except one the service answered 404 (ownership.ts): what such a key may do is
 * then decided by the one ownership rule, and a later 404 takes a key back out.
 */
const creatorUnknown: JobRecordStep = {
  to: 3,
  upgrade(record, facts) {
    return record.createdBy === undefined ? seenByEach(record, facts.knownKeys()) : record;
  },
};

/** The steps, in order of version; a later version appends its own. */
export const JOB_RECORD_STEPS: readonly JobRecordStep[] = [sheetIdKept, creatorUnknown];

/** How a job record is written: today's version first (stored-json.ts). */
export const JOB_RECORD_FORMAT = { versioned: true, steps: JOB_RECORD_STEPS } as const;

/**
 * A job record as stored: with its version, upgraded by every step after it on read, and given the
 * document's time zone when it kept none (a record of version 1, or an enrichment started before).
 */
export function jobRecordVersions(facts: DocumentFacts): StoredShape<JobRecord, StoredJobRecord> {
  return {
    schema: STORED_JOB_RECORD,
    versioned: true,
    steps: JOB_RECORD_STEPS.map(
      (step): VersionStep<StoredJobRecord> => ({ to: step.to, upgrade: (record) => step.upgrade(record, facts) }),
    ),
    upgrade: (stored) => ({ ...stored, timeZone: stored.timeZone ?? facts.timeZone() }) as JobRecord,
  };
}
