// Tests the fake's formula engine: parse errors, literal arithmetic, HYPERLINK, and the unevaluated placeholder.

import { evaluateFormula, PARSE_ERROR_VALUE, UNEVALUATED_FORMULA_VALUE } from "../../../../dev/fakes/spreadsheet/formula";

test.each([
  ["=1+2*3", 7],
  ["=(1+2)*3", 9],
  ["=2^3^2", 64],
  ["=-2^2", 4],
  ["=50%", 0.5],
  ["=10/4", 2.5],
  ['="a"&1&TRUE', "a1TRUE"],
  ["=1<2", true],
  ['="A"="a"', true],
  ["=TRUE", true],
  ['=HYPERLINK("http://x","y")', "y"],
  ['=HYPERLINK("http://x")', "http://x"],
  ['="say ""hi"""', 'say "hi"'],
  ["=1/0", "#DIV/0!"],
  ['="a"+1', "#VALUE!"],
  ["=unknownName", "#NAME?"],
])("%s → %j", (formula, value) => {
  expect(evaluateFormula(formula)).toEqual(value);
});

test.each(["=A1", "=SUM(A1:A3)", "=Sheet1!A1", "='My Sheet'!B2*2", "=A:A", "=NOW()", "={1,2;3,4}", '=HYPERLINK("http://x",A1)'])(
  "%s cannot be computed by the fake",
  (formula) => {
    expect(evaluateFormula(formula)).toBe(UNEVALUATED_FORMULA_VALUE);
  },
);

test.each(["=", "=+1 512-555-0100", "=-20% Deals", "=1+", "=(1", '="open', "=1 2", "=SUM(1", "=@x", "=#REF!"])(
  "%s is a parse error",
  (formula) => {
    expect(evaluateFormula(formula)).toBe(PARSE_ERROR_VALUE);
  },
);
