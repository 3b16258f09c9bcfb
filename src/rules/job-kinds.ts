// This file defines the kinds of job the service runs, declared once: the type, the list, and the
// words the sidebar and the sheet use for each kind, looked up (never branched on) wherever a
// kind is shown.
import { businessCount, groupDigits } from "./numbers";

/** A search of the business catalog, or an enrichment of the user's own businesses. */
export type JobKind = "search" | "enrichment";

/** Every kind, in the order a job of unknown kind is looked for (its id is one endpoint's). */
export const JOB_KINDS = ["search", "enrichment"] as const satisfies readonly JobKind[];

/** What the sidebar shows under a job of the kind, beside its progress. */
export type KindDetail =
  /** A search: its refresh schedule (the control, and once set, what it says). */
  | "refresh"
  /** An enrichment: the rows written into the user's sheet. */
  | "rows";

export interface KindWords {
  /** The kind as a label: "Search" · Completed. */
  label: string;
  /** The name of an imported job's sheet when the job has none. */
  importedName: string;
  /** The kind as a sentence's subject: "The search failed: …". */
  subject: string;
  /** What a completed job's progress line says it did, from its counts. */
  doneText(imported: number, enriched: number): string;
  detail: KindDetail;
}

export const KIND_WORDS: Record<JobKind, KindWords> = {
  search: {
    label: "Search",
    importedName: "Imported search",
    subject: "The search",
    doneText: (imported) => `${businessCount(imported)} found`,
    detail: "refresh",
  },
  enrichment: {
    label: "Enrichment",
    importedName: "Imported enrichment",
    subject: "The enrichment",
    doneText: (imported, enriched) => `${groupDigits(enriched)} of ${groupDigits(imported)} enriched`,
    detail: "rows",
  },
};

/** The kind a text names ("search", "enrichment"), or undefined for any other text. */
export const kindNamed = (text: string | null | undefined): JobKind | undefined => JOB_KINDS.find((kind) => kind === text);
