// This file defines how the answer to "which job family knows this id?" is read: a job's id says
// nothing of its family, so a caller that does not know it asks each family's endpoint in one
// round trip, and reads the answers here, the same way everywhere (importJob, the custom functions).
import type { JobKind } from "../rules/job-kinds";
import type { LeadsApiError } from "./errors";
import type { BatchResult } from "./request-sender";

export type EitherKind<T> =
  /** The family that knows the id, and its answer. */
  | { found: true; kind: JobKind; value: T }
  /** No family knows it: `error` is a failure that says nothing of the id (the service down, a refused key), else null (not found). */
  | { found: false; error: LeadsApiError | null };

/** `outcomes[i]` is the answer of `kinds[i]`'s endpoint for the same id. */
export function eitherKind<T>(kinds: readonly JobKind[], outcomes: ReadonlyArray<BatchResult<T> | undefined>): EitherKind<T> {
  for (let i = 0; i < kinds.length; i += 1) {
    const outcome = outcomes[i];
    const kind = kinds[i];
    if (outcome?.ok && kind !== undefined) return { found: true, kind, value: outcome.value };
  }
  const error = outcomes
    .map((outcome) => (outcome && !outcome.ok ? outcome.error : null))
    .find((e) => e !== null && e.kind !== "not_found");
  return { found: false, error: error ?? null };
}
