// This file defines how the large runs measure what the add-on keeps in Apps Script's stores: every
// property store it writes (the document's, the user's, the script's) and, in the full build, the
// spreadsheet's developer metadata, together in bytes, its largest document value, and the
// metadata's characters (Google's limit there is 30,000 per spreadsheet), at their peak over a run.
import type { FakeRuntime } from "../../dev/fakes/runtime";

export interface StoreSizes {
  bytes: number;
  largestDocumentValue: number;
  metadataChars: number;
}

const bytes = (text: string): number => Buffer.byteLength(text, "utf8");
const mapBytes = (store: Map<string, string>): number => [...store].reduce((n, [k, v]) => n + bytes(k) + bytes(v), 0);

/** Every property store the add-on writes, together, in bytes; and the full build's metadata in characters. */
export function storeSizes(runtime: FakeRuntime): StoreSizes {
  const metadata = runtime.spreadsheet().testing.developerMetadata();
  const metadataBytes = metadata.reduce((n, e) => n + bytes(e.key) + bytes(e.value ?? ""), 0);
  const document = runtime.properties.document;
  return {
    bytes: mapBytes(document) + mapBytes(runtime.properties.user(runtime.userEmail)) + mapBytes(runtime.properties.script) + metadataBytes,
    largestDocumentValue: Math.max(0, ...[...document.values()].map(bytes)),
    metadataChars: metadata.reduce((n, e) => n + e.key.length + (e.value?.length ?? 0), 0),
  };
}

/**
 * The stores' peak sizes from now on: measured now, before every request (a body stored only while
 * it is being sent counts) and whenever `measure` is called; `stop` ends the watch.
 */
export function watchStoreSizes(runtime: FakeRuntime): { peak: () => StoreSizes; measure: () => void; stop: () => void } {
  let peak = storeSizes(runtime);
  const measure = (): void => {
    const now = storeSizes(runtime);
    peak = {
      bytes: Math.max(peak.bytes, now.bytes),
      largestDocumentValue: Math.max(peak.largestDocumentValue, now.largestDocumentValue),
      metadataChars: Math.max(peak.metadataChars, now.metadataChars),
    };
  };
  const stop = runtime.onBeforeFetch(measure);
  return { peak: () => peak, measure, stop };
}
