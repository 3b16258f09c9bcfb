// This file defines the self-check of the write path for text (diagnose()): values Sheets would read as a formula, number or date are
// written through the writers' exactText into a temporary sheet and read back; the sheet is removed and the active sheet restored.
import { messageOf } from "../errors/user-error";
import { newUuid } from "../gas/utilities";
import { exactText } from "../sheets/cell-text";
import { bestEffort } from "../errors/best-effort";

type Spreadsheet = GoogleAppsScript.Spreadsheet.Spreadsheet;
type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** Text a careless writer would corrupt, as service data and users' lists carry it. */
export const FORMULA_LIKE_SAMPLES: readonly string[] = [
  "=1+1",
  "+1 512 555 0100",
  "0042",
  "1/2",
  "-7",
  "TRUE",
  '=HYPERLINK("https://example.com","x")',
];

/** The temporary sheet's name: ours alone (a random part), and recognisable if one was ever left. */
const PROBE_SHEET = /^Business Leads check [0-9a-f]{8}$/;
const probeSheetName = (): string => `Business Leads check ${newUuid().replace(/-/g, "").slice(0, 8)}`;

export interface CellReadBack {
  written: string;
  value: unknown;
  formula: string;
}

interface CellTextProbe {
  /** Each sample as read back; empty when the write failed. */
  cells: CellReadBack[];
  /** Why writing or reading failed, in Google's words; null when both worked. */
  failure: string | null;
  /** A temporary sheet that could not be removed (its name), or null: the document is as it was. */
  left: string | null;
}

/** Writes the samples into a temporary sheet and reads them back; leaves the document as it was. */
export function probeCellText(spreadsheet: Spreadsheet, samples: readonly string[] = FORMULA_LIKE_SAMPLES): CellTextProbe {
  const active = spreadsheet.getActiveSheet();
  const name = probeSheetName();
  let cells: CellReadBack[] = [];
  let failure: string | null = null;
  try {
    // Last, so no other sheet's position changes even for a moment; the user's sheet stays in view.
    const sheet = spreadsheet.insertSheet(name, spreadsheet.getNumSheets());
    spreadsheet.setActiveSheet(active, true);
    const range = sheet.getRange(1, 1, 1, samples.length);
    range.setValues([samples.map(exactText)]);
    const values = range.getValues()[0] ?? [];
    const formulas = range.getFormulas()[0] ?? [];
    cells = samples.map((written, i) => ({ written, value: values[i], formula: formulas[i] ?? "" }));
  } catch (error) {
    failure = messageOf(error);
  }
  return { cells, failure, left: removeProbeSheets(spreadsheet, name, active) };
}

/**
 * Deletes every probe sheet, found by name (insertSheet may fail after adding one, and an earlier
 * check killed midway may have left one), trying twice; then makes the user's sheet active again.
 * Returns the name of a probe sheet that may still be there, or null.
 */
function removeProbeSheets(spreadsheet: Spreadsheet, name: string, active: Sheet): string | null {
  const removeAll = (): true => {
    for (const sheet of spreadsheet.getSheets()) if (PROBE_SHEET.test(sheet.getName())) spreadsheet.deleteSheet(sheet);
    return true;
  };
  // Google's transient failures pass: once more.
  const removed = bestEffort(removeAll) ?? bestEffort(removeAll);
  const left = removed ? null : name;
  // The user's view only, if this fails: their sheet is one click away, and the document itself is unchanged.
  bestEffort(() => spreadsheet.getActiveSheet().getSheetId() !== active.getSheetId() && spreadsheet.setActiveSheet(active, true));
  return left;
}
