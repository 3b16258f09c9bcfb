// This file defines UTF-8 sizes of text without TextEncoder (Apps Script has none): Google counts
// the properties limits (9 KB a value, 500 KB a store) in bytes, so a CJK text of 3,000
// characters is 9,000 bytes, not 3,000.

/** Bytes of `text` in UTF-8; a lone surrogate counts as the 3 bytes of the U+FFFD that replaces it. */
export const utf8Bytes = (text: string): number => utf8Start(text, Number.POSITIVE_INFINITY).bytes;

/** The end of the longest start of `text` within `budget` bytes of UTF-8, and its bytes. Never splits a surrogate pair. */
function utf8Start(text: string, budget: number): { end: number; bytes: number } {
  let bytes = 0;
  let end = 0;
  while (end < text.length) {
    const code = text.charCodeAt(end);
    const pair = code >= 0xd800 && code <= 0xdbff && end + 1 < text.length && (text.charCodeAt(end + 1) & 0xfc00) === 0xdc00;
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : pair ? 4 : 3;
    if (bytes + size > budget) break;
    bytes += size;
    end += pair ? 2 : 1;
  }
  return { end, bytes };
}

/** The longest start of `text` within `maxBytes` of UTF-8, ending with "…" when cut. */
export function clipToBytes(text: string, maxBytes: number): string {
  if (utf8Bytes(text) <= maxBytes) return text;
  const budget = maxBytes - 3; // the ellipsis is 3 bytes
  return budget < 0 ? "" : text.slice(0, utf8Start(text, budget).end) + "…";
}
