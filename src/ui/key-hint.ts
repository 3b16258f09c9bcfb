// This file defines the masked hint of a saved API key: the only trace of the key the sidebar
// ever receives.

const MASK = "••••";
/** The hint shows this many trailing characters (docs/add-on-surface.md, `getSettings`), and never a whole key. */
const SHOWN = 4;

export function maskedKeyHint(apiKey: string | null): string | null {
  if (!apiKey) return null;
  return apiKey.length > SHOWN ? MASK + apiKey.slice(-SHOWN) : MASK;
}
