// This file defines the masked hint of a saved API key: the only trace of the key the sidebar
// ever receives.

const MASK = "••••";
/** Shorter keys show no characters at all: four of eight would give away half the key. */
const MIN_LENGTH_FOR_HINT = 12;

export function maskedKeyHint(apiKey: string | null): string | null {
  if (!apiKey) return null;
  return apiKey.length >= MIN_LENGTH_FOR_HINT ? MASK + apiKey.slice(-4) : MASK;
}
