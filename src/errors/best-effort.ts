// This file defines bestEffort: a step whose failure is said some other way, or matters to no one, ends as null instead of throwing.
export function bestEffort<T>(body: () => T): T | null {
  try {
    return body();
  } catch {
    return null;
  }
}
