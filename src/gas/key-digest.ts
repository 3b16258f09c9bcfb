// This file defines the digest that stands for an API key in the document (job ownership, the
// editors' keys) and the editor's own id: the key itself never leaves the user's properties.
import { EditorKeys } from "../jobs/editor-keys";
import { currentDocument } from "./document-access";
import { userProperties } from "./property-snapshot";
import { withUserData } from "./locks";
import { appsScriptClock, newUuid } from "./utilities";
import { KEYS } from "../storage/keys";

/** 16 hex digits of SHA-256 over the key: enough to tell a team's keys apart, useless to call the service. */
export function keyDigest(apiKey: string): string {
  const bytes = Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_256, "businessLeads.key:" + apiKey, Utilities.Charset.UTF_8);
  let hex = "";
  for (let i = 0; i < 8; i += 1) hex += ((bytes[i] ?? 0) & 0xff).toString(16).padStart(2, "0");
  return hex;
}

/** A random id for this editor, made once and kept in their user properties (e-mail may be hidden). */
export function editorId(): string {
  const known = (): string | null => userProperties().getProperty(KEYS.editorId);
  // Made once for every document: two first executions at once (two documents) must not make two.
  return (
    known() ||
    withUserData(() => {
      const id = known() || newUuid();
      userProperties().setProperty(KEYS.editorId, id);
      return id;
    })
  );
}

/** Tells the document which key this editor now uses (saved settings, a start, a pass). */
export function registerEditorKey(apiKey: string): void {
  // Where the document's jobs live (document properties, or developer metadata in the full build).
  const doc = currentDocument();
  if (doc) new EditorKeys(doc.store).register(editorId(), keyDigest(apiKey), appsScriptClock.now());
}
