// This file defines the text of the full-scope build's developer metadata entries: the ONE data entry holding every key of a job store,
// and the write claims. Text rules only: no Apps Script call.
import * as z from "zod/mini";
import { currentShape, readStored } from "./stored-json";
import { KEYS } from "./keys";

/** First line of the data entry's value. */
const DATA_HEADER = "businessLeads/store 1";
const CLAIM_MARK = "businessLeads/claim ";

/** A value is stored as is unless it holds a line break or begins with "!"; then as "!" + JSON. */
const encodeValue = (value: string): string => (value.indexOf("\n") >= 0 || value.startsWith("!") ? `!${JSON.stringify(value)}` : value);

// Marked pure, as CLAIM_SHAPE: the default build never reads metadata, and leaves them out.
const ESCAPED_VALUE = /* @__PURE__ */ currentShape(/* @__PURE__ */ z.lazy(() => z.string()));

const decodeValue = (text: string): string => (text.startsWith("!") ? (readStored(ESCAPED_VALUE, text.slice(1)) ?? text) : text);

/** Characters one key adds to the data entry: a line break, the key, a tab and the value as stored. */
export const lineChars = (key: string, value: string): number => key.length + encodeValue(value).length + 2;
/** Characters of the data entry holding nothing: its key (KEYS.metadataData, never read back: its value says what it is) and header. */
export const emptyDataChars = (): number => KEYS.metadataData.length + DATA_HEADER.length;

/** The data entry's value: a header line, then one line per key, "key TAB value". */
export function encodeData(keys: ReadonlyMap<string, string>): string {
  let text = DATA_HEADER;
  for (const [key, value] of keys) {
    if (/[\t\n]/.test(key)) throw new Error(`A job store key cannot hold a tab or a line break: ${JSON.stringify(key)}`);
    text += `\n${key}\t${encodeValue(value)}`;
  }
  return text;
}

/** The keys a data entry's value holds, or null when the value is not a data entry. */
export function decodeData(raw: string): Map<string, string> | null {
  if (raw !== DATA_HEADER && !raw.startsWith(`${DATA_HEADER}\n`)) return null;
  const keys = new Map<string, string>();
  for (const line of raw.split("\n").slice(1)) {
    const tab = line.indexOf("\t");
    if (tab > 0) keys.set(line.slice(0, tab), decodeValue(line.slice(tab + 1)));
  }
  return keys;
}

/** An execution's claim to be the only one changing the store, and what tells that it died. */
const StoredClaim = /* @__PURE__ */ z.lazy(() =>
  z.object({
    token: z.string(),
    /** Epoch ms after which the claim is void: longer than any execution lives. */
    until: z.number(),
    /** Made under the document lock: whoever holds that lock now knows its maker has ended. */
    documentLock: z.boolean(),
    /** Made under this user's lock (a pass): the same, for whoever holds that user's lock now. */
    userLock: z.nullable(z.string()),
  }),
);
export type Claim = z.output<typeof StoredClaim>;
const CLAIM_SHAPE = /* @__PURE__ */ currentShape(StoredClaim);

export const encodeClaim = (claim: Claim): string => CLAIM_MARK + JSON.stringify(claim);

export const decodeClaim = (raw: string): Claim | null =>
  raw.startsWith(CLAIM_MARK) ? readStored(CLAIM_SHAPE, raw.slice(CLAIM_MARK.length)) : null;
