// Tests display formatting: the automatic format, numeric patterns, date patterns, plain text.

import { calendarSerial } from "../../../../dev/fakes/spreadsheet/dates";
import {
  DEFAULT_NUMBER_FORMAT,
  displayValue,
  formatDateSerial,
  formatGeneral,
  formatNumber,
  isDateFormat,
} from "../../../../dev/fakes/spreadsheet/number-format";

test.each([
  [0, "0"],
  [42, "42"],
  [-5, "-5"],
  [0.1 + 0.2, "0.3"],
  [1 / 3, "0.333333333333333"],
  [123456789012, "123456789012"],
  [1e20, "1.00E+20"],
])("automatic format shows %p as %s", (n, text) => {
  expect(formatGeneral(n)).toBe(text);
  expect(displayValue(n, DEFAULT_NUMBER_FORMAT)).toBe(text);
});

test.each([
  [1234.5, "#,##0.00", "1,234.50"],
  [1234.5, "0", "1235"],
  [0.5, "0.00", "0.50"],
  [0.5, "#.##", ".5"],
  [0.125, "0%", "13%"],
  [0.125, "0.00%", "12.50%"],
  [-5, '"$"#,##0.00', "-$5.00"],
  [-5, "0.00;(0.00)", "(5.00)"],
  [1500, "0.00E+00", "1.50E+03"],
  [7, "000", "007"],
])("%p in %s is %s", (n, format, text) => {
  expect(formatNumber(n, format)).toBe(text);
});

test("date patterns, with m as month or minutes by context", () => {
  const serial = calendarSerial(2024, 3, 5, (14 * 3600 + 7 * 60 + 9) / 86400);
  expect(formatDateSerial(serial, "M/d/yyyy")).toBe("3/5/2024");
  expect(formatDateSerial(serial, "yyyy-MM-dd")).toBe("2024-03-05");
  expect(formatDateSerial(serial, "M/d/yyyy H:mm:ss")).toBe("3/5/2024 14:07:09");
  expect(formatDateSerial(serial, "h:mm am/pm")).toBe("2:07 PM");
  expect(formatDateSerial(serial, "dddd, mmmm d")).toBe("Tuesday, March 5");
  expect(formatDateSerial(serial, "mmm yy")).toBe("Mar 24");
});

test("isDateFormat", () => {
  expect(isDateFormat("M/d/yyyy")).toBe(true);
  expect(isDateFormat("h:mm:ss am/pm")).toBe(true);
  expect(isDateFormat("0.###############")).toBe(false);
  expect(isDateFormat('"$"#,##0.00')).toBe(false);
  expect(isDateFormat('0.0" days"')).toBe(false);
  expect(isDateFormat("@")).toBe(false);
});

test("booleans, text and plain-text cells", () => {
  expect(displayValue(true, DEFAULT_NUMBER_FORMAT)).toBe("TRUE");
  expect(displayValue("0042", DEFAULT_NUMBER_FORMAT)).toBe("0042");
  expect(displayValue(42, "@")).toBe("42");
  expect(displayValue(null, "0.00")).toBe("");
});
