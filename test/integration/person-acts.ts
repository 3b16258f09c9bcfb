// This file defines a person at work in a sheet the add-on writes to, for the fault schedules: inside an
// execution, while it waits on its first request (schedule.ts, personActOf and actAtFirstRequest), they sort
// the sheet, insert a blank row above the first data row, or retype one row's cell of the add-on's (a status
// the add-on writes, which a person may overwrite). The add-on must find its rows again by their keys; what a
// person typed may stay or be written over by the add-on's next word, never land on another row.
import type { FakeRuntime } from "../../dev/fakes/runtime";
import { columnOfHeader, readSheet, type SheetRow } from "../../dev/world";
import { PERSON_ACTS, type PersonAct } from "./schedule";

/** The sheet a person works in, and how its rows are told apart. */
export interface ActTarget {
  sheetName: string;
  /** The column a person sorts by. */
  sortHeader: string;
  /** The add-on's column a person retypes a cell of. */
  retypeHeader: string;
  /** A row's key, as the schedule's checks find rows. */
  keyOf: (row: SheetRow) => string;
}

/** A schedule's tally of what a person did inside its passes, a field a kind of act. */
export interface ActTally {
  sortsInPass: number;
  insertsInPass: number;
  retypesInPass: number;
}
const ACT_TALLY: Record<PersonAct, keyof ActTally> = { sort: "sortsInPass", insertAbove: "insertsInPass", retype: "retypesInPass" };

export class PersonAtWork {
  /** How many times each act landed (a sheet without data rows yet takes none). */
  readonly acted: Record<PersonAct, number> = { sort: 0, insertAbove: 0, retype: 0 };
  /** What they typed, by row key and header, and the add-on's word they typed over. */
  private readonly typed = new Map<string, { text: string; overwrote: unknown }>();
  private sorts = 0;

  constructor(
    private readonly runtime: FakeRuntime,
    private readonly target: () => ActTarget | null,
  ) {}

  /** Adds what they did to a schedule's tally. */
  countInto(tally: ActTally): void {
    for (const act of PERSON_ACTS) tally[ACT_TALLY[act]] += this.acted[act];
  }

  /** The act as a closure for actAtFirstRequest, or null for none. */
  actFor(act: PersonAct | null): (() => void) | null {
    return act === null ? null : () => this.act(act);
  }

  private act(act: PersonAct): void {
    const target = this.target();
    const testing = this.runtime.spreadsheetApp.testing;
    if (target === null || !testing.sheetNames().includes(target.sheetName)) return;
    const values = testing.values(target.sheetName);
    const firstData = values.findIndex((row, i) => i > 0 && row.some((cell) => cell !== ""));
    const { headers } = readSheet(this.runtime, target.sheetName);
    if (firstData < 0 || !headers.includes(target.sortHeader) || !headers.includes(target.retypeHeader)) return;
    if (act === "sort") {
      this.sorts += 1;
      testing.userSortSheet(target.sheetName, headers.indexOf(target.sortHeader) + 1, this.sorts % 2 === 0);
    }
    if (act === "insertAbove") testing.userInsertRows(target.sheetName, firstData + 1, 1);
    if (act === "retype") {
      const { rows } = readSheet(this.runtime, target.sheetName);
      const row = rows[0];
      if (row === undefined) return;
      const text = `checked by Ana ${this.acted.retype + 1}`;
      testing.userType(target.sheetName, `${columnOfHeader(this.runtime, target.sheetName, target.retypeHeader)}${firstData + 1}`, text);
      const cell = `${target.keyOf(row)}\u0001${target.retypeHeader}`;
      // Typed over their own text again: the add-on's word under it is still the one they first typed over.
      const earlier = this.typed.get(cell);
      const overwrote = earlier !== undefined && earlier.text === row[target.retypeHeader] ? earlier.overwrote : row[target.retypeHeader];
      this.typed.set(cell, { text, overwrote });
    }
    this.acted[act] += 1;
  }

  /**
   * What a check should compare for a cell: `expected` when the cell still holds what the person typed there
   * and the add-on's word for it is the one they typed over (it had no newer word), else the cell as it is.
   */
  seen(key: string, header: string, actual: unknown, expected: unknown): unknown {
    return this.holdsTyped(key, header, actual, (overwrote) => overwrote === expected) ? expected : actual;
  }

  /**
   * Whether `actual`, the cell of row `key` under `header`, is what the person typed there, and may stand: the
   * add-on writes over a person's word only with a newer word of its own, so where `sameWord` is given, the word
   * they typed over must be the add-on's word still (a different one must have been written over their text).
   */
  holdsTyped(key: string, header: string, actual: unknown, sameWord: (overwrote: unknown) => boolean = () => true): boolean {
    const typed = this.typed.get(`${key}\u0001${header}`);
    return typed !== undefined && typed.text === actual && sameWord(typed.overwrote);
  }
}
