// Tests the fake across realms: the add-on runs in a node:vm context whose Date and Error are not the host's.

import * as vm from "node:vm";
import { FakeSpreadsheetApp } from "../../../../dev/fakes/spreadsheet/index";

const context = vm.createContext({});
const ForeignDate = vm.runInContext("Date", context) as DateConstructor;
const ForeignError = vm.runInContext("Error", context) as ErrorConstructor;

test("a Date made in the vm is written as a date, not as text", () => {
  const app = new FakeSpreadsheetApp();
  const range = app.getActiveSheet().getRange("A1");
  const foreign = new ForeignDate("2024-05-06T07:08:09Z");
  expect(foreign instanceof Date).toBe(false);
  range.setValue(foreign);
  expect(range.getNumberFormat()).toBe("M/d/yyyy H:mm:ss");
  expect((range.getValue() as Date).getTime()).toBe(foreign.getTime());
});

test("with dateConstructor, getValues returns Dates of the add-on's realm", () => {
  const app = new FakeSpreadsheetApp({ dateConstructor: ForeignDate });
  const range = app.getActiveSheet().getRange("A1");
  range.setValue("1/2/2024");
  const value: unknown = range.getValues()[0]?.[0];
  expect(value instanceof ForeignDate).toBe(true);
  expect(value instanceof Date).toBe(false);
});

test("with makeError, thrown errors are of the add-on's realm", () => {
  const app = new FakeSpreadsheetApp({ makeError: (m) => new ForeignError(m) });
  let caught: unknown;
  try {
    app.getActiveSheet().getRange(0, 1);
  } catch (e) {
    caught = e;
  }
  expect(caught instanceof ForeignError).toBe(true);
  expect((caught as Error).message).toBe("The starting row of the range is too small.");
});

test("values built in the vm (its arrays) pass the setValues checks", () => {
  const app = new FakeSpreadsheetApp();
  const rows = vm.runInContext('[["a", 1], ["b", 2]]', context) as unknown[][];
  app.getActiveSheet().getRange("A1:B2").setValues(rows);
  expect(app.testing.values("Sheet1")).toEqual([
    ["a", 1],
    ["b", 2],
  ]);
});
