// This file defines how the playground computes the LEADS_ formulas in its cells as Sheets runs
// custom functions: the BUILT bundle's global function, in AuthMode.CUSTOM_FUNCTION (anonymous, so
// only a key an editor shared with formulas reaches it), handed the literal arguments and the
// referenced cells' values (a range as rows of values). A formula runs again when its cell is
// entered or its arguments' values change, as in Sheets; otherwise its last result is shown again.
// The fake spreadsheet shows the results: spills, #REF!, #ERROR! with the message on hover.
import type { FakeRuntime } from "../fakes/runtime";
import type { ComputedFormula, ComputedResult, ComputedValue } from "../fakes/spreadsheet/formula-results";
import { type CallArgument, parseCustomCall } from "./formula-call";

/** A cell whose formula is being entered: it runs even when its arguments did not change. */
export interface EnteredCell {
  sheetName: string;
  row: number;
  column: number;
}

interface Remembered {
  argsKey: string;
  result: ComputedResult;
}

/** More rounds than this and formulas feeding each other are left for the next change. */
const MAX_ROUNDS = 3;

export class CustomFormulas {
  /** The last result of each formula, by sheet, cell and formula text. */
  private readonly remembered = new Map<string, Remembered>();
  /** How many times a custom function ran (what a recalculation cost). */
  runs = 0;

  constructor(private readonly runtime: FakeRuntime) {}

  /** Computes every LEADS_ formula of the document that needs it and shows all their results. */
  recalculate(entered?: EnteredCell): void {
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      const ranBefore = this.runs;
      this.round(round === 0 ? entered : undefined);
      if (this.runs === ranBefore) return;
    }
  }

  private round(entered: EnteredCell | undefined): void {
    const testing = this.runtime.spreadsheetApp.testing;
    const seen = new Set<string>();
    for (const sheetName of testing.sheetNames()) {
      const computed: ComputedFormula[] = [];
      for (const { row, column, formula } of testing.formulaCells(sheetName)) {
        const call = parseCustomCall(formula);
        if (call === null) continue;
        const key = `${sheetName}\u0000${row}:${column}\u0000${formula}`;
        seen.add(key);
        if ("problem" in call) {
          computed.push({ row, column, result: { error: call.problem } });
          continue;
        }
        const args = this.argumentValues(sheetName, call.args);
        if ("error" in args) {
          computed.push({ row, column, result: args });
          continue;
        }
        const argsKey = JSON.stringify(args.values);
        const before = this.remembered.get(key);
        const isEntered = entered !== undefined && entered.sheetName === sheetName && entered.row === row && entered.column === column;
        let result = before?.result;
        if (result === undefined || isEntered || before?.argsKey !== argsKey) {
          result = this.run(call.name, args.values);
          this.remembered.set(key, { argsKey, result });
        }
        computed.push({ row, column, result });
      }
      testing.showComputedFormulas(sheetName, computed);
    }
    for (const key of [...this.remembered.keys()]) if (!seen.has(key)) this.remembered.delete(key);
  }

  /** What Sheets hands the function: a value per argument, a referenced cell's value, or a range's rows. */
  private argumentValues(sheetName: string, args: readonly CallArgument[]): { values: unknown[] } | { error: string; value: string } {
    const testing = this.runtime.spreadsheetApp.testing;
    const values: unknown[] = [];
    for (const arg of args) {
      if (arg.kind === "omitted") values.push(undefined);
      else if (arg.kind === "value") values.push(arg.value);
      else {
        const target = arg.sheetName ?? sheetName;
        if (!testing.sheetNames().some((name) => name.toLowerCase() === target.toLowerCase())) {
          return { error: `Unresolved sheet name '${target}'.`, value: "#REF!" };
        }
        const rows = testing.values(target, arg.a1);
        values.push(arg.single ? (rows[0]?.[0] ?? "") : rows);
      }
    }
    return { values };
  }

  private run(name: string, args: readonly unknown[]): ComputedResult {
    this.runs += 1;
    const ran = this.runtime.run(name, args, { authMode: "CUSTOM_FUNCTION" });
    if (ran.killed) return { error: "Exceeded maximum execution time" };
    if (ran.error !== undefined) {
      const message = ran.errorMessage ?? "The formula failed.";
      // Sheets' answer to a name the script does not define.
      if (message === `Script function not found: ${name}`) return { error: `Unknown function: '${name}'.`, value: "#NAME?" };
      return { error: message };
    }
    return { values: asRows(ran.value) };
  }
}

/** A function's result as rows: a 2-D array as is, a 1-D array down one column, anything else one cell. */
export function asRows(value: unknown): ComputedValue[][] {
  if (!Array.isArray(value)) return [[asCell(value)]];
  return value.map((row: unknown) => (Array.isArray(row) ? row.map(asCell) : [asCell(row)]));
}

function asCell(value: unknown): ComputedValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  if (Object.prototype.toString.call(value) === "[object Date]") return new Date((value as Date).getTime());
  return String(value);
}
