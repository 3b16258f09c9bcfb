// Tests how written strings become cell contents, through the public Range API: the hostile-input table.

import { FakeSpreadsheetApp, PARSE_ERROR_VALUE, UNEVALUATED_FORMULA_VALUE } from "../../../../dev/fakes/spreadsheet/index";
import type { FakeRange } from "../../../../dev/fakes/spreadsheet/range";

const NOW = new Date("2025-06-01T16:00:00Z");

function cellAfterWriting(input: unknown, options: { format?: string; plainTextStopsFormulas?: boolean } = {}): FakeRange {
  const app = new FakeSpreadsheetApp({ now: () => NOW, plainTextStopsFormulas: options.plainTextStopsFormulas });
  const range = app.getActiveSheet().getRange("B2");
  if (options.format) range.setNumberFormat(options.format);
  range.setValue(input);
  return range;
}

interface Expectation {
  value: unknown;
  display: string;
  formula: string;
}

describe("setValue parses strings as typed input (en_US)", () => {
  const table: [string, Expectation][] = [
    ['=HYPERLINK("http://x","y")', { value: "y", display: "y", formula: '=HYPERLINK("http://x","y")' }],
    ["=A1*2", { value: UNEVALUATED_FORMULA_VALUE, display: UNEVALUATED_FORMULA_VALUE, formula: "=A1*2" }],
    ["=1+1", { value: 2, display: "2", formula: "=1+1" }],
    ["+1 512-555-0100", { value: PARSE_ERROR_VALUE, display: PARSE_ERROR_VALUE, formula: "=+1 512-555-0100" }],
    ["-20% Deals", { value: PARSE_ERROR_VALUE, display: PARSE_ERROR_VALUE, formula: "=-20% Deals" }],
    ["+1-512", { value: -511, display: "-511", formula: "=+1-512" }],
    ["@Home Care", { value: "@Home Care", display: "@Home Care", formula: "" }],
    ["0042", { value: 42, display: "42", formula: "" }],
    ["-5", { value: -5, display: "-5", formula: "" }],
    ["+15125550100", { value: 15125550100, display: "15125550100", formula: "" }],
    ["1,234", { value: 1234, display: "1,234", formula: "" }],
    ["1.5e3", { value: 1500, display: "1.50E+03", formula: "" }],
    ["12%", { value: 0.12, display: "12%", formula: "" }],
    ["$5", { value: 5, display: "$5.00", formula: "" }],
    ["-$1,234.50", { value: -1234.5, display: "-$1,234.50", formula: "" }],
    [" 42 ", { value: 42, display: "42", formula: "" }],
    ["TRUE", { value: true, display: "TRUE", formula: "" }],
    ["false", { value: false, display: "FALSE", formula: "" }],
    ["'0042", { value: "0042", display: "0042", formula: "" }],
    ["''quoted", { value: "'quoted", display: "'quoted", formula: "" }],
    ["'=1+1", { value: "=1+1", display: "=1+1", formula: "" }],
    ["'+1 512-555-0100", { value: "+1 512-555-0100", display: "+1 512-555-0100", formula: "" }],
    ["Zürich — 東京 🚀", { value: "Zürich — 東京 🚀", display: "Zürich — 東京 🚀", formula: "" }],
    ["512-555-0100", { value: "512-555-0100", display: "512-555-0100", formula: "" }],
    ["2/30", { value: "2/30", display: "2/30", formula: "" }],
    ["1,23", { value: "1,23", display: "1,23", formula: "" }],
    ["-", { value: "-", display: "-", formula: "" }],
    ["Infinity", { value: "Infinity", display: "Infinity", formula: "" }],
    ["Suite 12", { value: "Suite 12", display: "Suite 12", formula: "" }],
  ];

  test.each(table)("%j", (input, expected) => {
    const range = cellAfterWriting(input);
    expect(range.getValue()).toEqual(expected.value);
    expect(range.getDisplayValue()).toBe(expected.display);
    expect(range.getFormula()).toBe(expected.formula);
  });

  test("the quote prefix is no part of the value and leaves no formula", () => {
    const range = cellAfterWriting("'0042");
    expect(range.getValues()).toEqual([["0042"]]);
    expect(typeof range.getValue()).toBe("string");
  });

  test.each([
    ["1/2", 2025, 1, 2, "1/2/2025", "M/d/yyyy"],
    ["1/2/2024", 2024, 1, 2, "1/2/2024", "M/d/yyyy"],
    ["12/31/99", 1999, 12, 31, "12/31/1999", "M/d/yyyy"],
    ["2024-01-05", 2024, 1, 5, "1/5/2024", "M/d/yyyy"],
    ["Jan 5 2024", 2024, 1, 5, "1/5/2024", "M/d/yyyy"],
    ["January 5, 2024", 2024, 1, 5, "1/5/2024", "M/d/yyyy"],
    ["5 Jan 2024", 2024, 1, 5, "1/5/2024", "M/d/yyyy"],
    ["March 3", 2025, 3, 3, "3/3/2025", "M/d/yyyy"],
    ["Mar 2024", 2024, 3, 1, "3/1/2024", "M/d/yyyy"],
    ["2/29/2024", 2024, 2, 29, "2/29/2024", "M/d/yyyy"],
  ])("%j is a date", (input, year, month, day, display, format) => {
    const range = cellAfterWriting(input);
    const value = range.getValue();
    expect(value).toBeInstanceOf(Date);
    // Midnight in the spreadsheet's zone (America/New_York by default), not UTC.
    const expected = new Intl.DateTimeFormat("en-US", {
      timeZone: "America/New_York",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      hourCycle: "h23",
    }).format(value as Date);
    expect(expected).toBe(`${month}/${day}/${year}, 00`);
    expect(range.getDisplayValue()).toBe(display);
    expect(range.getNumberFormat()).toBe(format);
  });

  test("2/29 of a non-leap year stays text", () => {
    expect(cellAfterWriting("2/29/2023").getValue()).toBe("2/29/2023");
  });

  test("times and date-times", () => {
    expect(cellAfterWriting("10:30").getDisplayValue()).toBe("10:30:00 AM");
    expect(cellAfterWriting("2:05 pm").getDisplayValue()).toBe("2:05:00 PM");
    const dt = cellAfterWriting("1/2/2024 14:05");
    expect(dt.getDisplayValue()).toBe("1/2/2024 14:05:00");
    expect((dt.getValue() as Date).toISOString()).toBe("2024-01-02T19:05:00.000Z");
    expect(cellAfterWriting("25:00").getValue()).toBe("25:00");
  });

  test("automatic formats are applied only to a cell still in the automatic format", () => {
    const range = cellAfterWriting("12%", { format: "0.0" });
    expect(range.getNumberFormat()).toBe("0.0");
    expect(range.getDisplayValue()).toBe("0.1");
  });
});

describe("non-string values are stored as they are", () => {
  test("numbers, booleans and Dates", () => {
    expect(cellAfterWriting(42.5).getValue()).toBe(42.5);
    expect(cellAfterWriting(false).getValue()).toBe(false);
    const when = new Date("2024-03-10T12:34:56Z");
    const range = cellAfterWriting(when);
    expect((range.getValue() as Date).getTime()).toBe(when.getTime());
    expect(range.getNumberFormat()).toBe("M/d/yyyy H:mm:ss");
    expect(range.getDisplayValue()).toBe("3/10/2024 8:34:56");
  });

  test("null, undefined and the empty string empty the cell", () => {
    for (const empty of [null, undefined, ""]) {
      const app = new FakeSpreadsheetApp();
      const range = app.getActiveSheet().getRange("A1");
      range.setValue("x");
      range.setValue(empty);
      expect(range.getValue()).toBe("");
      expect(app.getActiveSheet().getLastRow()).toBe(0);
    }
  });
});

describe("plain text format @", () => {
  test.each([
    ["0042", "0042"],
    ["1/2", "1/2"],
    ["TRUE", "TRUE"],
    ["12%", "12%"],
    ["+1 512-555-0100", "+1 512-555-0100"],
    ["-20% Deals", "-20% Deals"],
  ])("keeps %j as text", (input, stored) => {
    for (const stops of [false, true]) {
      const range = cellAfterWriting(input, { format: "@", plainTextStopsFormulas: stops });
      expect(range.getValue()).toBe(stored);
      expect(range.getFormula()).toBe("");
    }
  });

  test("by default (plainTextStopsFormulas false) a written =… still becomes a formula", () => {
    const range = cellAfterWriting('=HYPERLINK("http://x","y")', { format: "@" });
    expect(range.getFormula()).toBe('=HYPERLINK("http://x","y")');
    expect(range.getValue()).toBe("y");
  });

  test("with plainTextStopsFormulas true a written =… stays text", () => {
    const range = cellAfterWriting('=HYPERLINK("http://x","y")', { format: "@", plainTextStopsFormulas: true });
    expect(range.getFormula()).toBe("");
    expect(range.getValue()).toBe('=HYPERLINK("http://x","y")');
  });

  test("the quote prefix still marks text under @ and is dropped", () => {
    expect(cellAfterWriting("'=x", { format: "@" }).getValue()).toBe("=x");
  });

  test("a number written (not a string) stays a number under @", () => {
    const range = cellAfterWriting(42, { format: "@" });
    expect(range.getValue()).toBe(42);
    expect(range.getDisplayValue()).toBe("42");
  });
});

describe("cell size limit", () => {
  test("50,000 characters are accepted, one more throws with Sheets' wording and writes nothing", () => {
    const app = new FakeSpreadsheetApp();
    const range = app.getActiveSheet().getRange("A1:A2");
    range.setValues([["a".repeat(50000)], ["ok"]]);
    expect(String(range.getValues()[0]?.[0]).length).toBe(50000);
    expect(() => range.setValues([["new"], ["b".repeat(50001)]])).toThrow(
      "Your input contains more than the maximum of 50000 characters in a single cell.",
    );
    expect(range.getValues()[1]).toEqual(["ok"]);
    expect(String(range.getValues()[0]?.[0]).length).toBe(50000);
  });
});
