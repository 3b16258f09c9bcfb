// This file defines what an execution may do with the shared SpreadsheetApp fake, by its mode:
// - AuthMode.NONE: menus only (`getUi`); the document needs authorization (editor add-on
//   authorization guide).
// - custom functions: "read only (can use most get*() methods, but not set*()). Cannot open other
//   spreadsheets (SpreadsheetApp.openById() or SpreadsheetApp.openByUrl())" (custom functions guide).
// - no Ui where Apps Script has none: custom functions and time-driven triggers get Google's
//   "Cannot call SpreadsheetApp.getUi() from this context."
// Writes inside the document are caught by the fake's onCall hook (see runtime.ts).
import { permissionMessage, SCOPES } from "./auth";
import type { Execution } from "./execution";

export function guardSpreadsheetApp<T extends object>(app: T, exec: Execution): T {
  return new Proxy(app, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      const name = String(property);
      return (...args: unknown[]): unknown => {
        exec.enter();
        if (name === "getUi") {
          if (exec.kind === "trigger" || exec.kind === "customFunction")
            throw exec.error("Cannot call SpreadsheetApp.getUi() from this context.");
        } else if (exec.authMode === "NONE") {
          throw exec.error(permissionMessage(`SpreadsheetApp.${name}`, SCOPES.spreadsheetsCurrentOnly));
        } else if (exec.authMode === "CUSTOM_FUNCTION" && /^(open|create)/.test(name)) {
          throw exec.error(permissionMessage(`SpreadsheetApp.${name}`, SCOPES.spreadsheets));
        }
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
