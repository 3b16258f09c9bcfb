// This file defines the SpreadsheetApp one execution sees among the runtime's spreadsheets: the
// "active" spreadsheet is the execution's own document, or null where it has none (a time-driven
// trigger Google runs without its document: getActiveSpreadsheet() "returns null" without a
// container); openById reaches any spreadsheet of the runtime, but only when the manifest asks for
// the full `spreadsheets` scope (`spreadsheets.currentonly` covers the current document only), and
// otherwise fails with Google's "You do not have permission to call SpreadsheetApp.openById".
import { permissionMessage, SCOPES } from "./auth";
import type { Execution } from "./execution";
import type { FakeSpreadsheetApp } from "./spreadsheet";

export interface SpreadsheetDirectory {
  /** The spreadsheet with that id, if the runtime has one the user can open. */
  find(id: string): FakeSpreadsheetApp | undefined;
  /** Why openById cannot open that id (a spreadsheet the user lost), in Google's words. */
  refusal(id: string): string | undefined;
  /** Any spreadsheet: serves the methods that need no document (enums, newRichTextValue). */
  readonly primary: FakeSpreadsheetApp;
  /** The oauthScopes of the built manifest. */
  manifestScopes(): readonly string[];
  /** Every spreadsheet: flush() commits the execution's writes to each. */
  all(): readonly FakeSpreadsheetApp[];
  /** false: flush() commits nothing (RuntimeOptions.flushCommits). */
  readonly flushCommits: boolean;
}

const ACTIVE_METHODS = new Set(["getActiveSpreadsheet", "getActive", "getActiveSheet", "getActiveRange", "getActiveRangeList"]);

export function spreadsheetAppView(exec: Execution, directory: SpreadsheetDirectory): FakeSpreadsheetApp {
  const own = exec.documentId === null ? undefined : directory.find(exec.documentId);
  const base = own ?? directory.primary;
  const openById = (id: unknown): unknown => {
    exec.enter();
    if (!directory.manifestScopes().includes(SCOPES.spreadsheets)) {
      throw exec.error(permissionMessage("SpreadsheetApp.openById", SCOPES.spreadsheets));
    }
    const refused = directory.refusal(String(id));
    if (refused !== undefined) throw exec.error(refused);
    // Any other unknown id fails the way the fake's own openById words a missing file.
    const target = directory.find(String(id)) ?? base;
    return target.openById(String(id));
  };
  // "Applies all pending Spreadsheet changes": one call, every document this execution wrote to.
  const flush = (): void => {
    exec.enter();
    if (!directory.flushCommits) return void base.countFlush();
    base.flush();
    for (const app of directory.all()) if (app !== base) app.commitWrites(exec);
  };
  return new Proxy(base, {
    get(target, property) {
      const name = String(property);
      if (name === "openById") return openById;
      if (name === "flush") return flush;
      if (own === undefined && ACTIVE_METHODS.has(name)) {
        return () => {
          exec.enter();
          return null;
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
